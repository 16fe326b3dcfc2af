//===- ConvertTritonToLoops.cpp - The pass --------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Conversion/TritonToLoops/TileOpModels.h"
#include "tilerun/Dialect/Tilerun/IR/Dialect.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"

namespace tilerun {
#define GEN_PASS_DEF_CONVERTTRITONTOLOOPS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;

namespace {
struct ConvertTritonToLoopsPass
    : public tilerun::impl::ConvertTritonToLoopsBase<ConvertTritonToLoopsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registry.insert<ub::UBDialect, tilerun::TilerunDialect>();
    // What the lowering knows of each op.
    tilerun::registerTileOpModels(registry);
  }

  /// The dot-product instructions exist on 8 lanes (256-bit) and 16
  /// (512-bit) only.
  LogicalResult checkLaneOption(StringRef name, int64_t lanes) {
    if (lanes == 0 || lanes == 8 || lanes == 16)
      return success();
    return getOperation().emitError()
           << "option " << name << "=" << lanes
           << " is not a lane count of the instruction (0, 8 or 16)";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkLaneOption("int8-dot-products", int8DotProducts)) ||
        failed(checkLaneOption("int8-word-products", int8WordProducts)))
      return signalPassFailure();
    tilerun::loops::Options opts;
    opts.checked = checked;
    opts.streamingStores = streamingStores;
    opts.vectorLoopHintBytes = vectorLoopHints;
    opts.versionMasks = versionMasks;
    opts.uniformDivision = uniformDivision;
    opts.identityRemainders = identityRemainders;
    opts.matmulTileRows = matmulTileRows;
    opts.matmulTileLanes = matmulTileLanes;
    opts.maxProgramBytes = maxProgramBytes;
    opts.bf16DotProducts = bf16DotProducts;
    opts.int8DotProducts = int8DotProducts;
    opts.int8WordProducts = int8WordProducts;
    opts.amxBF16 = amxBF16;
    opts.amxFP16 = amxFP16;
    opts.amxInt8 = amxInt8;
    opts.shareTiles = shareTiles;
    SmallVector<triton::FuncOp> kernels;
    for (auto f : module.getOps<triton::FuncOp>())
      kernels.push_back(f);
    for (triton::FuncOp kernel : kernels) {
      if (!kernel.isPublic()) {
        // Private helpers were inlined into their callers already; any left
        // are unreachable.
        kernel.erase();
        continue;
      }
      tilerun::loops::TileLowering lowering(module, opts);
      if (failed(lowering.lowerFunction(kernel)))
        return signalPassFailure();
      std::string name = kernel.getName().str();
      kernel.erase();
      auto lowered = dyn_cast_or_null<func::FuncOp>(
          SymbolTable::lookupSymbolIn(module, name));
      if (lowered && failed(tilerun::loops::checkProgramBytes(module, lowered,
                                                              maxProgramBytes)))
        return signalPassFailure();
    }
    applyVectorLoopMarks(module);
  }

  /// Turns the lowering's vector-loop marks into LLVM loop metadata, or
  /// drops them. The metadata rides on the loop until its latch branch
  /// exists (SCFToControlFlow carries `llvm.*` attributes there).
  void applyVectorLoopMarks(ModuleOp module) {
    MLIRContext *ctx = module.getContext();
    Builder b(ctx);
    module.walk([&](scf::ForOp loop) {
      auto mark =
          loop->getAttrOfType<IntegerAttr>(tilerun::loops::kVectorLoopAttr);
      if (!mark)
        return;
      loop->removeAttr(tilerun::loops::kVectorLoopAttr);
      if (!vectorLoopHints)
        return;
      LLVM::LoopInterleaveAttr interleave;
      if (int64_t count = mark.getInt())
        interleave = LLVM::LoopInterleaveAttr::get(
            ctx, b.getI32IntegerAttr(static_cast<int32_t>(count)));
      auto unroll = LLVM::LoopUnrollAttr::get(
          ctx, /*disable=*/b.getBoolAttr(true), {}, {}, {}, {}, {}, {});
      auto annotation =
          LLVM::LoopAnnotationAttr::get(ctx, {}, {}, interleave, unroll, {}, {},
                                        {}, {}, {}, {}, {}, {}, {}, {}, {});
      loop->setAttr(tilerun::loops::kLoopAnnotationAttr, annotation);
    });
  }
};
} // namespace
