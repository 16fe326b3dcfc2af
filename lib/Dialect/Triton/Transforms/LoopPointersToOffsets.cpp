//===- LoopPointersToOffsets.cpp - Loop-carried pointers as offsets -------===//
//
//   %r = scf.for ... iter_args(%p = %p0) {            %r, %o = scf.for ...
//   iter_args(%p = %p0, %o = 0) {
//     use(%p)                                    =>     use(addptr(%p0,
//     splat(%o))) %q = tt.addptr %p, splat(%s)                      scf.yield
//     %p, %o + %s scf.yield %q                                    }
//   }                                                 use(addptr(%p0,
//   splat(%o)))  // for %r
//
// The now loop-invariant %p is removed by scf.for's canonicalisation.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilerun {
#define GEN_PASS_DEF_LOOPPOINTERSTOOFFSETS
#include "tilerun/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// The scalar added to every pointer of `ptrs` by `yielded`, if `yielded` is
/// `tt.addptr ptrs, splat(s)` (or a splat constant).
Value uniformIncrement(Value yielded, Value ptrs, PatternRewriter &rewriter,
                       Location loc) {
  auto add = yielded.getDefiningOp<tt::AddPtrOp>();
  if (!add || add.getPtr() != ptrs)
    return {};
  Value off = add.getOffset();
  if (auto splat = off.getDefiningOp<tt::SplatOp>())
    return splat.getSrc();
  DenseElementsAttr dense;
  if (auto cst = off.getDefiningOp<arith::ConstantOp>())
    dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  if (dense && dense.isSplat() && isa<IntegerType>(dense.getElementType()))
    return arith::ConstantOp::create(rewriter, loc,
                                     dense.getSplatValue<TypedAttr>());
  return {};
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

/// addptr(base, splat(offset)) with the pointer tensor's shape and encoding.
Value offsetPointers(OpBuilder &b, Location loc, Value base, Value offset) {
  auto ptrTy = cast<RankedTensorType>(base.getType());
  auto offTy = RankedTensorType::get(ptrTy.getShape(), offset.getType(),
                                     ptrTy.getEncoding());
  Value splat = tt::SplatOp::create(b, loc, offTy, offset);
  return tt::AddPtrOp::create(b, loc, ptrTy, base, splat);
}

struct CarryOffsetInsteadOfPointers : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    Location loc = loop.getLoc();
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      auto ty = dyn_cast<RankedTensorType>(arg.getType());
      if (!ty || !isa<tt::PointerType>(ty.getElementType()))
        continue;
      Value yielded = yield.getOperand(i);
      if (yielded == arg)
        continue; // already invariant
      rewriter.setInsertionPoint(yield);
      Value step = uniformIncrement(yielded, arg, rewriter, loc);
      // The step may be computed in the body: it dominates the yield.
      if (!step)
        continue;
      Value init = loop.getInitArgs()[i];
      rewriter.setInsertionPoint(loop);
      Value zero =
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
      auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
          rewriter, zero, /*replaceInitOperandUsesInLoop=*/false,
          [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> newArgs) {
            return SmallVector<Value>{
                arith::AddIOp::create(b, l, newArgs[0], toI64(b, l, step))};
          }));
      BlockArgument newArg = newLoop.getRegionIterArgs()[i];
      BlockArgument offset = newLoop.getRegionIterArgs().back();
      auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
      // Inside: the pointers are the initial ones moved by the offset.
      rewriter.setInsertionPointToStart(newLoop.getBody());
      Value rebuilt = offsetPointers(rewriter, loc, init, offset);
      rewriter.replaceAllUsesExcept(newArg, rebuilt, rebuilt.getDefiningOp());
      rewriter.modifyOpInPlace(newYield,
                               [&, i = i] { newYield.setOperand(i, newArg); });
      // After: the same for the loop's result.
      rewriter.setInsertionPointAfter(newLoop);
      Value after =
          offsetPointers(rewriter, loc, init, newLoop.getResults().back());
      rewriter.replaceAllUsesWith(newLoop.getResult(i), after);
      return success();
    }
    return failure();
  }
};

struct LoopPointersToOffsetsPass
    : public tilerun::impl::LoopPointersToOffsetsBase<
          LoopPointersToOffsetsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CarryOffsetInsteadOfPointers>(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
