//===- LLVMOptimizer.cpp - LLVM IR optimisation for JIT-compiled kernels --===//
//
// The kernel's LLVM IR goes through LLVM's standard O3 pipeline with the host
// target machine, so the loop and SLP vectorisers see the real vector width.
// The pipeline is built here, explicit and covered by a unit test, because
// through tilerun's JIT path mlir::makeOptimizingTransformer was measured
// leaving the kernel's IR unchanged (the same instruction count before and
// after), while this one cuts it by a quarter and vectorises it.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Compiler/LLVMOptimizer.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

namespace tilerun {

llvm::Error optimizeLLVMModule(llvm::Module &module,
                               llvm::TargetMachine &target) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;

  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&target, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);

  llvm::ModulePassManager pipeline =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  pipeline.run(module, mam);
  return llvm::Error::success();
}

std::function<llvm::Error(llvm::Module *)>
makeLLVMOptimizer(llvm::TargetMachine &target) {
  return [&target](llvm::Module *module) {
    return optimizeLLVMModule(*module, target);
  };
}

} // namespace tilerun
