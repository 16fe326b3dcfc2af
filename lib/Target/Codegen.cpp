//===- Codegen.cpp - LLVM IR to machine code for a CPU --------------------===//
#include "tilerun/Target/Codegen.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <mutex>

using namespace llvm;

namespace tilerun {

Expected<mlir::OwningOpRef<mlir::ModuleOp>>
lowerCloneToLLVMDialect(mlir::ModuleOp module, StringRef name,
                        const CompileOptions &options) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  module.getContext()->appendDialectRegistry(registry);
  mlir::OwningOpRef<mlir::ModuleOp> lowered(module.clone());
  if (mlir::failed(lowerToLLVMDialect(*lowered, options)))
    return createStringError("failed to lower kernel '" + name +
                             "' to the LLVM dialect");
  return std::move(lowered);
}

Expected<std::unique_ptr<Module>> translateToLLVMIR(mlir::ModuleOp lowered,
                                                    LLVMContext &context,
                                                    StringRef name) {
  auto module = mlir::translateModuleToLLVMIR(lowered, context);
  if (!module)
    return createStringError("failed to translate kernel '" + name +
                             "' to LLVM IR");
  return std::move(module);
}

Error optimizeKernelModule(Module &module, TargetMachine *tm) {
  // Tile buffers are a few KB and sit in the L1 cache. LLVM would turn
  // their fill and copy loops into memset/memcpy calls, whose string
  // instructions cost more at that size than the vector loop.
  for (Function &f : module)
    if (!f.isDeclaration()) {
      f.addFnAttr("no-builtin-memset");
      f.addFnAttr("no-builtin-memcpy");
    }
  // -O2, not -O3: O3's larger full-unrolling thresholds gave the SLP
  // vectoriser, DSE and GVN several times the code to work through (the
  // slowest corpus kernel compiled 30 % slower) and the kernels ran no faster
  // (attention and softmax slower; docs/performance.md, *Measurements behind
  // code choices*).
  return mlir::makeOptimizingTransformer(2, 0, tm)(&module);
}

Expected<std::unique_ptr<TargetMachine>>
createCpuTargetMachine(const CpuTarget &target) {
  static std::once_flag init;
  std::call_once(init, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Triple triple(target.triple());
  std::string error;
  const Target *llvmTarget = TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return createStringError(error);
  TargetOptions options;
  std::unique_ptr<TargetMachine> tm(llvmTarget->createTargetMachine(
      triple, target.cpu(), target.features(), options, Reloc::PIC_,
      std::nullopt, CodeGenOptLevel::Aggressive));
  if (!tm)
    return createStringError("cannot create a target machine for '" +
                             target.cpu() + "'");
  return std::move(tm);
}

Expected<std::string> emitObjectFile(Module &module, TargetMachine &tm) {
  SmallString<0> object;
  raw_svector_ostream os(object);
  legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, CodeGenFileType::ObjectFile))
    return createStringError("the target cannot emit object files");
  pm.run(module);
  return std::string(object.str());
}

} // namespace tilerun
