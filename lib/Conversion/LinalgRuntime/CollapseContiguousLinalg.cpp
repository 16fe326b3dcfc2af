//===- CollapseContiguousLinalg.cpp - elementwise ops on whole buffers ----===//
//
// A static, contiguous 2-D elementwise op (triton-shared's accumulator adds,
// tile copies and fills, e.g. on memref<64x32xf32>) lowers to a nest whose
// inner loop has a small constant trip count. LLVM fully unrolls that loop
// and then vectorises the outer one, across rows, with gathers and scatters
// (AVX-512), several times slower than a contiguous loop. On buffers that are
// contiguous anyway the op is the same as a 1-D op over all elements, which
// is what this pass makes of it.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_COLLAPSECONTIGUOUSLINALG
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

bool isContiguousStatic(Type t) {
  auto ty = dyn_cast<MemRefType>(t);
  return ty && ty.getRank() >= 2 &&
         memref::isStaticShapeAndContiguousRowMajor(ty);
}

ReassociationIndices allDims(int64_t rank) {
  ReassociationIndices dims;
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(i);
  return dims;
}

/// linalg.generic / linalg.copy: all-parallel, every operand indexed by the
/// identity map, every operand a static contiguous buffer.
struct CollapseElementwise : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<linalg::GenericOp, linalg::CopyOp>(op) ||
        !op.hasPureBufferSemantics() || op.getNumLoops() < 2 ||
        op.getNumParallelLoops() != op.getNumLoops())
      return failure();
    for (AffineMap map : op.getIndexingMapsArray())
      if (!map.isIdentity())
        return failure();
    for (OpOperand &operand : op->getOpOperands())
      if (!isContiguousStatic(operand.get().getType()))
        return failure();
    SmallVector<ReassociationIndices> folded = {allDims(op.getNumLoops())};
    if (failed(linalg::collapseOpIterationDims(op, folded, rewriter)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct CollapseFill : OpRewritePattern<linalg::FillOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::FillOp op,
                                PatternRewriter &rewriter) const override {
    Value out = op.getOutputs()[0];
    if (!op.hasPureBufferSemantics() || !isContiguousStatic(out.getType()))
      return failure();
    auto rank = cast<MemRefType>(out.getType()).getRank();
    Value flat = memref::CollapseShapeOp::create(
        rewriter, op.getLoc(), out,
        SmallVector<ReassociationIndices>{allDims(rank)});
    linalg::FillOp::create(rewriter, op.getLoc(), op.getInputs()[0], flat);
    rewriter.eraseOp(op);
    return success();
  }
};

struct CollapseContiguousLinalg
    : tilerun::impl::CollapseContiguousLinalgBase<CollapseContiguousLinalg> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CollapseElementwise, CollapseFill>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
