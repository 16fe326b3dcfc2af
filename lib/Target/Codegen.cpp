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
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

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
  return mlir::makeOptimizingTransformer(3, 0, tm)(&module);
}

Expected<std::unique_ptr<TargetMachine>>
createCpuTargetMachine(StringRef cpu, StringRef features) {
  static std::once_flag init;
  std::call_once(init, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Triple triple(sys::getProcessTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(error);
  SubtargetFeatures attrs;
  std::string cpuName = cpu.str();
  if (cpu == "native") {
    cpuName = sys::getHostCPUName().str();
    for (const StringMapEntry<bool> &f : sys::getHostCPUFeatures())
      attrs.AddFeature(f.first(), f.second);
  } else {
    std::unique_ptr<MCSubtargetInfo> info(
        target->createMCSubtargetInfo(triple, "", ""));
    if (!info || !info->isCPUStringValid(cpuName))
      return createStringError("unknown CPU '" + cpu + "' for " +
                               triple.str() + " (LLVM's CPU names: " +
                               "x86-64, x86-64-v3, znver3, sapphirerapids, "
                               "...; 'native' for this machine)");
  }
  if (!features.empty()) {
    SmallVector<StringRef> list;
    features.split(list, ',', -1, false);
    for (StringRef f : list) {
      if (!f.starts_with("+") && !f.starts_with("-"))
        return createStringError("target feature '" + f +
                                 "' must start with + or -");
      attrs.AddFeature(f);
    }
  }
  TargetOptions options;
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, cpuName, attrs.getString(), options, Reloc::PIC_, std::nullopt,
      CodeGenOptLevel::Aggressive));
  if (!tm)
    return createStringError("cannot create a target machine for '" +
                             cpuName + "'");
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
