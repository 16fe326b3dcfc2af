//===- Compiler.cpp - The lowering pipeline -------------------------------===//
//
//   tt/ttg on tensors
//     -> early returns lifted to scf                   (transformCFGToSCF)
//     -> inline private tt.funcs                       (MLIR inliner)
//     -> loops over memrefs, pointers as !llvm.ptr     (TritonToLoops)
//     -> canonicalize, CSE, loop-invariant code motion
//     -> LLVM dialect                                  (upstream conversions)
//
// LLVM's own -O2 pipeline (run by the runtime's JIT compile for the target
// CPU, CompileOptions::target, the host by default) then vectorises the loops.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Compiler/Compiler.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/Triton/Transforms/Passes.h"
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h"
#include "tilerun/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tilerun {

void buildTritonToLoopsPipeline(OpPassManager &pm,
                                const CompileOptions &options) {
  // Early returns leave several blocks; the inliner and the tile lowering
  // need one.
  pm.addNestedPass<mlir::triton::FuncOp>(createTritonLiftControlFlowToSCF());
  pm.addPass(createInlinerPass());
  pm.addPass(createLoopPointersToOffsets());
  ConvertTritonToLoopsOptions loopOpts;
  loopOpts.checked = options.checked;
  loopOpts.maxProgramBytes = options.maxProgramBytes;
  const CpuTarget &target = options.cpuTarget();
  loopOpts.streamingStores = target.hasStreamingStores();
  loopOpts.vectorLoopHints = target.vectorLoopHintBytes();
  std::tie(loopOpts.matmulTileRows, loopOpts.matmulTileLanes) =
      target.matmulRegisterTile();
  loopOpts.bf16DotProducts = target.hasAVX512BF16();
  loopOpts.int8DotProducts = target.hasAVX512VNNI() ? 16
                             : target.hasAVXVNNI()  ? 8
                                                    : 0;
  loopOpts.int8WordProducts = target.has("avx512bw") ? 16
                              : target.has("avx2")   ? 8
                                                     : 0;
  // Wherever the lowering finds it sound (CachedTiles.cpp); checked mode
  // packs every tile itself.
  loopOpts.shareTiles = true;
  if (options.amx) {
    loopOpts.amxBF16 = target.hasAMXBF16();
    loopOpts.amxFP16 = target.hasAMXFP16();
    loopOpts.amxInt8 = target.hasAMXInt8();
  }
  // The passes before the tile lowering that must know which dots it puts
  // on AMX tiles get the same choices.
  auto withAMX = [&](auto passOptions) {
    passOptions.amxBF16 = loopOpts.amxBF16;
    passOptions.amxFP16 = loopOpts.amxFP16;
    passOptions.amxInt8 = loopOpts.amxInt8;
    return passOptions;
  };
  pm.addPass(createUnrollShortReductionLoops());
  pm.addPass(createUnrollDotKLoops(withAMX(UnrollDotKLoopsOptions{})));
  // One trip-count test per loop range: versions of loops over the same
  // range then branch on the same value (NextProgramPrefetch pairs them).
  pm.addPass(createCSEPass());
  // Prefetches are not accesses, but they would be checked mode's only
  // unchecked address arithmetic.
  if (!options.checked) {
    pm.addPass(createPrefetchNextProgram());
    pm.addPass(
        createPrefetchNextIteration(withAMX(PrefetchNextIterationOptions{})));
  }
  pm.addPass(createConvertTritonToLoops(loopOpts));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
}

void buildLoopsToLLVMPipeline(OpPassManager &pm,
                              const CompileOptions &options) {
  ApproximateMathOptions mathOpts;
  // With AVX-512, llvm.ldexp is one instruction; elsewhere LLVM expands it.
  mathOpts.ldexpScaling = options.cpuTarget().hasSingleInstructionLdexp();
  pm.addPass(createApproximateMath(mathOpts));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  ConvertVectorToLLVMPassOptions vectorOpts;
  // The bf16 dot micro-kernel's x86vector.avx512.dot (DotLowering.cpp).
  vectorOpts.x86Vector = options.cpuTarget().hasAVX512BF16();
  // The AMX tile kernel's amx ops (DotKernels.cpp).
  vectorOpts.amx = options.amx && options.cpuTarget().has("amx-tile");
  pm.addPass(createConvertVectorToLLVMPass(vectorOpts));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createAttachLoopAnnotations());
  pm.addPass(createCanonicalizerPass());
}

LogicalResult checkMemDescRules(ModuleOp module, bool strict) {
  PassManager pm(module.getContext());
  // The module has just been verified and the pass changes nothing.
  pm.enableVerifier(false);
  TritonGPUCheckMemDescRulesOptions options;
  options.strict = strict;
  pm.addPass(createTritonGPUCheckMemDescRules(options));
  return pm.run(module);
}

static void buildTritonToLLVMPipeline(OpPassManager &pm,
                                      const CompileOptions &options) {
  buildTritonToLoopsPipeline(pm, options);
  buildLoopsToLLVMPipeline(pm, options);
}

ArrayRef<FrontEnd> frontEnds() {
  static const FrontEnd table[] = {
      {"linalg", isLinalgModule, buildLinalgToLLVMPipeline},
      // Triton and Gluon modules (tt.func), and whatever the others do not
      // take: a module already in the LLVM dialect passes through unchanged.
      {"triton", nullptr, buildTritonToLLVMPipeline},
  };
  return table;
}

const FrontEnd &selectFrontEnd(ModuleOp module) {
  for (const FrontEnd &frontEnd : frontEnds())
    if (!frontEnd.accepts || frontEnd.accepts(module))
      return frontEnd;
  llvm_unreachable("the last front end takes every module");
}

LogicalResult lowerToLLVMDialect(ModuleOp module,
                                 const CompileOptions &options) {
  PassManager pm(module.getContext());
  selectFrontEnd(module).buildToLLVM(pm, options);
  return pm.run(module);
}

} // namespace tilerun
