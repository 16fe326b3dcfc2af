//===- Compiler.h - From Triton IR to the LLVM dialect ----------*- C++ -*-===//
//
// The compiler half of tilerun: takes a module in Triton's dialects (TTIR,
// TTGIR) or in triton-shared's linalg-on-memref form and lowers it in place to
// the LLVM dialect with tilerun's kernel ABI, ready for ExecutionEngine.
//
// Kernel ABI. Each public kernel @K becomes `llvm.func @K` whose parameters are
// the kernel's own parameters in order (a `!tt.ptr<T>` becomes `!llvm.ptr`, a
// scalar keeps its type) followed by six i32: num_programs x, y, z, then
// program_id x, y, z. This is triton-shared's calling convention, so its output
// needs no adaptation. A host-side tensor descriptor (`!tt.tensordesc`
// parameter, Triton's TensorDescriptor argument) is two parameters: the base
// tensor's `!llvm.ptr` and an i32 padding (0: out-of-bounds elements read as
// zero, 1: as NaN); its shape and strides are the i32 and i64 parameters that
// follow it in the kernel's own signature.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_COMPILER_COMPILER_H
#define TILERUN_COMPILER_COMPILER_H

#include "tilerun/Conversion/KernelABI.h"
#include "tilerun/Target/CpuTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace tilerun {

/// Every field is part of the compile cache's key (kernelCacheKey in
/// lib/Runtime/CompileCache.cpp): add new ones there.
struct CompileOptions {
  /// Bounds-check every global and shared-memory access (`--check`).
  bool checked = false;
  /// Most bytes of tile buffers and shared memory one program may use
  /// (`--max-program-bytes`); a kernel needing more fails to compile. Worker
  /// threads get stacks this large (plus a margin).
  uint64_t maxProgramBytes = uint64_t(64) << 20;
  /// The CPU to compile for; none means the host (CpuTarget::host()).
  std::optional<CpuTarget> target;
  /// Multiply dots on the target's AMX tiles where it has them (`--amx`,
  /// on by default). A process that runs such a kernel needs Linux's leave
  /// for the tile state (Kernel::compile asks, and without it compiles
  /// without AMX).
  bool amx = true;

  const CpuTarget &cpuTarget() const {
    return target ? *target : CpuTarget::host();
  }
};

/// The two halves of lowerToLLVMDialect, for tilerun-opt pipelines.
void buildTritonToLoopsPipeline(mlir::OpPassManager &pm,
                                const CompileOptions &options);
void buildLoopsToLLVMPipeline(mlir::OpPassManager &pm,
                              const CompileOptions &options);

/// Whether `module` holds triton-shared style func.func kernels (no tt.func).
bool isLinalgModule(mlir::ModuleOp module);
/// Bufferization, deallocation, linalg to loops, then the loops-to-LLVM
/// pipeline (LinalgPipeline.cpp).
void buildLinalgToLLVMPipeline(mlir::OpPassManager &pm,
                               const CompileOptions &options);
/// triton-shared's linalg-on-memref kernels as linalg on ranked tensors,
/// IREE's input form, with whole-grid entries (`tilerun convert
/// --to=ranked-tensors`; docs/triton-shared.md).
void buildConvertToRankedTensorsPipeline(mlir::OpPassManager &pm);

/// A kind of input tilerun compiles, and the pipeline that lowers it to the
/// LLVM dialect. lowerToLLVMDialect takes the first whose `accepts` holds;
/// the last has none and takes every module.
struct FrontEnd {
  llvm::StringLiteral name;
  bool (*accepts)(mlir::ModuleOp module);
  void (*buildToLLVM)(mlir::OpPassManager &pm, const CompileOptions &options);
};
/// Every front end, in the order they are tried: triton-shared's linalg
/// (func.func kernels and no tt.func), then Triton and Gluon (tt.func, TTIR
/// and TTGIR alike), which also takes modules already in the LLVM dialect.
llvm::ArrayRef<FrontEnd> frontEnds();
/// The front end for `module`.
const FrontEnd &selectFrontEnd(mlir::ModuleOp module);

/// Checks the shared-memory descriptor ops of `module` against the rules
/// Triton states after 3.6, which its verifier (Triton 3.6's) does not
/// enforce: tilerun-check-memdesc-rules (docs/memdesc.md). `strict`: each
/// violation is an error and the result failure (`tilerun check`);
/// otherwise each is a warning and the result success (what runs Triton
/// 3.6's output). Diagnostics go through the context, located at the op.
mlir::LogicalResult checkMemDescRules(mlir::ModuleOp module, bool strict);

/// Lowers `module` in place to the LLVM dialect. Diagnostics go through the
/// context's diagnostic engine, located at the op at fault.
mlir::LogicalResult lowerToLLVMDialect(mlir::ModuleOp module,
                                       const CompileOptions &options);

} // namespace tilerun

#endif // TILERUN_COMPILER_COMPILER_H
