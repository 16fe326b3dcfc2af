//===- MemRefCopyToLinalg.cpp ---------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_MEMREFCOPYTOLINALG
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {
struct CopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    // linalg.copy needs ranked operands of one element type.
    auto src = dyn_cast<MemRefType>(op.getSource().getType());
    auto dst = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!src || !dst || src.getRank() != dst.getRank())
      return failure();
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

struct MemRefCopyToLinalg
    : tilerun::impl::MemRefCopyToLinalgBase<MemRefCopyToLinalg> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyToLinalg>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
