//===- InitAllPasses.cpp --------------------------------------------------===//
#include "tilerun/InitAllPasses.h"

#include "tilerun/Compiler/Compiler.h"
#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/Transforms/Passes.h"
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h"
#include "tilerun/Transforms/Passes.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"

namespace {
struct PipelineOptions : public mlir::PassPipelineOptions<PipelineOptions> {
  Option<bool> checked{*this, "checked",
                       llvm::cl::desc("Bounds-check memory accesses"),
                       llvm::cl::init(false)};
  Option<std::string> targetCPU{
      *this, "target-cpu",
      llvm::cl::desc("LLVM CPU to compile for, as llc's -mcpu (default: "
                     "the host's)"),
      llvm::cl::init("native")};
  Option<std::string> targetFeatures{
      *this, "target-features",
      llvm::cl::desc("Features on top of the CPU's, as llc's -mattr "
                     "(+avx512f,-amx-tile)"),
      llvm::cl::init("")};
  Option<bool> amx{*this, "amx",
                   llvm::cl::desc("Multiply dots on the target's AMX tiles "
                                  "where it has them"),
                   llvm::cl::init(true)};
};

using PipelineBuilder =
    std::function<void(mlir::OpPassManager &, const tilerun::CompileOptions &)>;

/// Registers pipeline `arg`: its options become CompileOptions, the target
/// among them, and a CPU or feature LLVM does not know is the pipeline's
/// error.
void registerPipeline(llvm::StringRef arg, llvm::StringRef description,
                      PipelineBuilder build) {
  mlir::registerPassPipeline(
      arg, description,
      [build](mlir::OpPassManager &pm, llvm::StringRef text,
              llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                  errorHandler) -> mlir::LogicalResult {
        PipelineOptions opts;
        if (failed(opts.parseFromString(text)))
          return mlir::failure();
        auto target =
            tilerun::CpuTarget::get(opts.targetCPU, opts.targetFeatures);
        if (!target)
          return errorHandler(llvm::toString(target.takeError()));
        tilerun::CompileOptions options;
        options.checked = opts.checked;
        options.amx = opts.amx;
        options.target = std::move(*target);
        build(pm, options);
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> print) {
        print(PipelineOptions());
      });
}
} // namespace

void tilerun::registerAllPasses() {
  // Upstream passes, so any lowering stage can be reproduced with tilerun-opt.
  mlir::registerAllPasses();
  registerTilerunConversionPasses();
  registerTilerunTritonTransformsPasses();
  registerTilerunTritonGPUTransformsPasses();
  registerTilerunTransformsPasses();

  registerPipeline("tilerun-lower-to-loops",
                   "Inline helpers and lower tile programs to loops over "
                   "memrefs",
                   [](mlir::OpPassManager &pm, const CompileOptions &options) {
                     buildTritonToLoopsPipeline(pm, options);
                   });
  registerPipeline("tilerun-lower-to-llvm",
                   "The whole compiler: tile programs to the LLVM dialect",
                   [](mlir::OpPassManager &pm, const CompileOptions &options) {
                     buildTritonToLoopsPipeline(pm, options);
                     buildLoopsToLLVMPipeline(pm, options);
                   });
  mlir::PassPipelineRegistration<>(
      "tilerun-convert-to-ranked-tensors",
      "triton-shared's linalg-on-memref kernels as linalg on ranked tensors "
      "with whole-grid entries, IREE's input (tilerun convert)",
      [](mlir::OpPassManager &pm) { buildConvertToRankedTensorsPipeline(pm); });
  registerPipeline("tilerun-lower-linalg-to-llvm",
                   "triton-shared's linalg-on-memref kernels (or their "
                   "ranked-tensor form) to the LLVM dialect",
                   [](mlir::OpPassManager &pm, const CompileOptions &options) {
                     buildLinalgToLLVMPipeline(pm, options);
                   });
}
