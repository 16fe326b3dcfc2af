//===- LinalgPipeline.cpp - triton-shared's linalg-on-memref to LLVM ------===//
//
//   func.func kernels mixing memrefs and tensors (triton-shared's output, or
//   its ranked-tensor form from `tilerun convert`)
//     -> affine.load/store (triton-shared's scalar loads) to memref
//     -> tie `iree.abi.output` results to their argument buffers
//     -> one-shot bufferization across function boundaries (identity layouts,
//        so arguments keep the runtime's plain descriptors)
//     -> masked elementwise tiles computed from their sources into their
//        destination when their local buffers serve nothing else
//     -> ownership-based buffer deallocation: every memref.alloc the IR never
//        frees is freed before the program returns
//     -> small static buffers freed in their own block (tiles loaded per K
//        step or per program) as fixed stack slots instead of malloc/free
//     -> memref.copy as linalg.copy, f32 matmuls as register-tiled vector
//        micro-kernels (as tt.dot), elementwise ops on static contiguous
//        buffers as 1-D ops, the rest of linalg to scf loops (LLVM
//        vectorises these; memref.copy would otherwise need MLIR's C runner
//        library)
//     -> large outputs of elementwise ops written in vectorised chunks with
//        non-temporal stores, when the launch writes more than the caches
//     -> tile copies between a local buffer and a view, static or versioned
//        on being whole, as vector row copies in the CPU's preferred
//        vectors (LLVM leaves their unrolled element moves scalar)
//     -> row reductions (linalg.reduce along the innermost dimension) in
//        vector partials (as loops, each element waits on the last)
//     -> [--check] bounds checks on the views programs access, in CFG form
//     -> expand-strided-metadata; unranked arguments' descriptors read once,
//        at function entry; lower-affine
//     -> the loops-to-LLVM pipeline shared with tt kernels
//
//===----------------------------------------------------------------------===//
#include "tilerun/Compiler/Compiler.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tilerun {

bool isLinalgModule(ModuleOp module) {
  if (!module.getOps<mlir::triton::FuncOp>().empty())
    return false;
  return llvm::any_of(module.getOps<func::FuncOp>(),
                      [](func::FuncOp f) { return !f.isExternal(); });
}

void buildConvertToRankedTensorsPipeline(OpPassManager &pm) {
  pm.addPass(createLowerAffinePass()); // affine.load on views
  pm.addPass(createLinalgToRankedTensors());
  pm.addPass(createAddGridEntries());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Last: it checks the module as it is written out.
  pm.addPass(createPrepareIreeInput());
}

void buildLinalgToLLVMPipeline(OpPassManager &pm,
                               const CompileOptions &options) {
  // triton-shared emits affine.load for scalar loads.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  // After canonicalization: a tensor-form materialize_in_destination whose
  // result is unused has no effect to keep it alive.
  pm.addPass(createTieAbiOutputs());
  bufferization::OneShotBufferizePassOptions bufOpts;
  bufOpts.bufferizeFunctionBoundaries = true;
  bufOpts.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufOpts.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufOpts));
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createForwardElementwiseCopies());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addNestedPass<func::FuncOp>(createPromoteScopedAllocs());
  pm.addNestedPass<func::FuncOp>(createMemRefCopyToLinalg());
  // Before the loops: a matmul's loop nest is a strict reduction LLVM leaves
  // scalar.
  LinalgMatmulToMicroKernelOptions microKernel;
  std::tie(microKernel.tileRows, microKernel.tileLanes) =
      options.cpuTarget().matmulRegisterTile();
  // Prefetches are not accesses, but they would be checked mode's only
  // unchecked address arithmetic.
  microKernel.prefetchNextIteration = !options.checked;
  pm.addNestedPass<func::FuncOp>(createLinalgMatmulToMicroKernel(microKernel));
  pm.addNestedPass<func::FuncOp>(createCollapseContiguousLinalg());
  // As the tt lowering: x86 with AVX, and not under --check, whose bounds
  // checks see loops.
  if (options.cpuTarget().hasStreamingStores() && !options.checked) {
    // Chunks in the vectors LLVM would vectorise the TTIR path's loops in.
    StreamLinalgOutputsOptions streaming;
    streaming.vectorBytes = options.cpuTarget().preferredVectorBytes();
    pm.addNestedPass<func::FuncOp>(createStreamLinalgOutputs(streaming));
  }
  VectorizeStaticCopiesOptions copies;
  copies.vectorBytes = options.cpuTarget().preferredVectorBytes();
  pm.addNestedPass<func::FuncOp>(createVectorizeStaticCopies(copies));
  VectorizeReductionsOptions reductions;
  reductions.vectorBytes = options.cpuTarget().preferredVectorBytes();
  pm.addNestedPass<func::FuncOp>(createVectorizeReductions(reductions));
  pm.addPass(createConvertLinalgToLoopsPass());
  if (options.checked) {
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createCheckMemRefViews());
  }
  // Views become descriptor arithmetic here, with affine.apply to lower.
  pm.addPass(memref::createExpandStridedMetadataPass());
  // Views are now casts of the arguments themselves (and this is after the
  // bounds checks, which look for views of arguments).
  pm.addNestedPass<func::FuncOp>(createHoistUnrankedDescriptors());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  buildLoopsToLLVMPipeline(pm, options);
}

} // namespace tilerun
