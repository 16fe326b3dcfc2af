//===- InitAllPasses.cpp --------------------------------------------------===//
#include "tilerun/InitAllPasses.h"

#include "tilerun/Compiler/Compiler.h"
#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/Transforms/Passes.h"
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"

namespace {
struct PipelineOptions : public mlir::PassPipelineOptions<PipelineOptions> {
  Option<bool> checked{*this, "checked",
                       llvm::cl::desc("Bounds-check memory accesses"),
                       llvm::cl::init(false)};
};
} // namespace

void tilerun::registerAllPasses() {
  // Upstream passes, so any lowering stage can be reproduced with tilerun-opt.
  mlir::registerAllPasses();
  registerTilerunConversionPasses();
  registerTilerunTritonTransformsPasses();
  registerTilerunTritonGPUTransformsPasses();

  mlir::PassPipelineRegistration<PipelineOptions>(
      "tilerun-lower-to-loops",
      "Inline helpers and lower tile programs to loops over memrefs",
      [](mlir::OpPassManager &pm, const PipelineOptions &opts) {
        CompileOptions options;
        options.checked = opts.checked;
        buildTritonToLoopsPipeline(pm, options);
      });
  mlir::PassPipelineRegistration<PipelineOptions>(
      "tilerun-lower-to-llvm",
      "The whole compiler: tile programs to the LLVM dialect",
      [](mlir::OpPassManager &pm, const PipelineOptions &opts) {
        CompileOptions options;
        options.checked = opts.checked;
        buildTritonToLoopsPipeline(pm, options);
        buildLoopsToLLVMPipeline(pm);
      });
  mlir::PassPipelineRegistration<PipelineOptions>(
      "tilerun-lower-linalg-to-llvm",
      "triton-shared's linalg-on-memref kernels (or their ranked-tensor form) "
      "to the LLVM dialect",
      [](mlir::OpPassManager &pm, const PipelineOptions &opts) {
        CompileOptions options;
        options.checked = opts.checked;
        buildLinalgToLLVMPipeline(pm, options);
      });
}
