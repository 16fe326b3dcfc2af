//===- Codegen.h - LLVM IR to machine code for a CPU ------------*- C++ -*-===//
//
// What the JIT (Kernel.cpp) and ahead-of-time compilation (AOT.h) share
// once a kernel is LLVM IR: the optimisation pipeline and the target.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_TARGET_CODEGEN_H
#define TILERUN_TARGET_CODEGEN_H

#include "tilerun/Compiler/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace tilerun {

/// A clone of `module` lowered to the LLVM dialect, with the translations
/// to LLVM IR registered in its context; the error names kernel `name`.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
lowerCloneToLLVMDialect(mlir::ModuleOp module, llvm::StringRef name,
                        const CompileOptions &options);

/// A module lowerCloneToLLVMDialect made, as LLVM IR.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp lowered, llvm::LLVMContext &context,
                  llvm::StringRef name);

/// LLVM's -O3 for `tm`, after marking every function so that LLVM keeps
/// tile-buffer fills and copies as vector loops rather than memset/memcpy
/// calls (see the comment in Codegen.cpp).
llvm::Error optimizeKernelModule(llvm::Module &module, llvm::TargetMachine *tm);

/// A target machine (LLVM's -O3 code generator) for `target`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createCpuTargetMachine(const CpuTarget &target);

/// `module` as a relocatable object file for `tm`.
llvm::Expected<std::string> emitObjectFile(llvm::Module &module,
                                           llvm::TargetMachine &tm);

} // namespace tilerun

#endif // TILERUN_TARGET_CODEGEN_H
