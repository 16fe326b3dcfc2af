//===- PeelSingleTripReductions.cpp - Accumulators of one-trip loops ------===//
//
//   %acc = scf.for %i = %lb to %ub step %s iter_args(%a = %init) {
//     body
//     scf.yield %v : tensor<Nxf32>
//   }
//   %r = tt.reduce(%acc) : -> f32
//
// becomes
//
//   %r = scf.if (%lb < %ub && %ub - %lb <= %s) {
//     body[%i = %lb, %a = %init]
//     scf.yield reduce(%v)
//   } else {
//     scf.yield reduce(scf.for ...)   // as it was
//   }
//
// Triton kernels reduce a row in blocks (`for off in range(0, N, BLOCK)`)
// into a tile accumulator, and users pick BLOCK = next_power_of_2(N), so the
// loop usually runs once. A loop-carried tile lives in a buffer that every
// iteration reads and writes, and the reduction reads it again: a 4096-float
// row's accumulator is another 16 KB in the L1 cache next to the row. When
// the loop runs exactly once, the body's value can be reduced where it is
// computed, with no buffer. Running the body once with the loop's initial
// values is the loop itself, so the result is bit for bit the same.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace tilerun {
#define GEN_PASS_DEF_PEELSINGLETRIPREDUCTIONS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// Marks the loop left in the general branch, which the pattern must not
/// version again.
constexpr StringLiteral kPeeledAttr = "tilerun.single_trip_peeled";

/// The reduction that is the only user of the loop's only result, when it
/// reduces the whole tile to scalars with a combiner that captures nothing.
tt::ReduceOp soleFullReduction(scf::ForOp loop) {
  if (loop->getNumResults() != 1 ||
      !isa<RankedTensorType>(loop->getResult(0).getType()) ||
      !loop->getResult(0).hasOneUse())
    return {};
  auto reduce = dyn_cast<tt::ReduceOp>(*loop->getResult(0).user_begin());
  if (!reduce || reduce->getNumOperands() != 1 ||
      reduce->getBlock() != loop->getBlock() ||
      llvm::any_of(reduce->getResultTypes(),
                   [](Type t) { return isa<RankedTensorType>(t); }))
    return {};
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(reduce.getCombineOp(), captured);
  return captured.empty() ? reduce : tt::ReduceOp();
}

/// i1: the loop runs exactly once (`lb < ub` and `ub - lb <= step`, in a
/// type wide enough that the difference cannot overflow).
Value runsOnce(OpBuilder &b, Location loc, scf::ForOp loop) {
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  Type wide = b.getI64Type();
  auto widen = [&](Value v) -> Value {
    if (v.getType().isIndex())
      return arith::IndexCastOp::create(b, loc, wide, v);
    if (v.getType().getIntOrFloatBitWidth() < 64)
      return arith::ExtSIOp::create(b, loc, wide, v);
    return v;
  };
  Value entered =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub);
  if (lb.getType().getIntOrFloatBitWidth() >= 64 && !lb.getType().isIndex()) {
    // i64 bounds: ub - lb may overflow; compare ub <= lb + step instead
    // when that sum does not (lb + step >= lb since step > 0).
    Value next = arith::AddIOp::create(b, loc, lb, step);
    Value noWrap =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, next, lb);
    Value within =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, ub, next);
    Value once = arith::AndIOp::create(b, loc, noWrap, within);
    return arith::AndIOp::create(b, loc, entered, once);
  }
  Value span = arith::SubIOp::create(b, loc, widen(ub), widen(lb));
  Value once = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, span,
                                     widen(step));
  return arith::AndIOp::create(b, loc, entered, once);
}

struct PeelSingleTripReduction : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    if (loop->hasAttr(kPeeledAttr) || loop.getUnsignedCmp())
      return failure();
    tt::ReduceOp reduce = soleFullReduction(loop);
    if (!reduce)
      return failure();
    // Dot loops keep their accumulator in the micro-kernel's registers; a
    // second copy of their body would only cost compile time.
    if (tilerun::loops::containsDot(loop))
      return failure();

    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value once = runsOnce(rewriter, loc, loop);
    auto ifOp = scf::IfOp::create(rewriter, loc, reduce->getResultTypes(), once,
                                  /*withElseRegion=*/true);

    // Then: the body once, with the loop's first induction value and its
    // initial iteration values, reduced where it is computed.
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      IRMapping map;
      map.map(loop.getInductionVar(), loop.getLowerBound());
      map.map(loop.getRegionIterArgs()[0], loop.getInitArgs()[0]);
      for (Operation &op : loop.getBody()->without_terminator())
        rewriter.clone(op, map);
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      map.map(loop->getResult(0), map.lookupOrDefault(yield.getOperand(0)));
      Operation *reduced = rewriter.clone(*reduce, map);
      scf::YieldOp::create(rewriter, loc, reduced->getResults());
    }
    // Else: the loop as it was.
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      IRMapping map;
      Operation *general = rewriter.clone(*loop, map);
      general->setAttr(kPeeledAttr, rewriter.getUnitAttr());
      map.map(loop->getResult(0), general->getResult(0));
      Operation *reduced = rewriter.clone(*reduce, map);
      scf::YieldOp::create(rewriter, loc, reduced->getResults());
    }
    rewriter.replaceOp(reduce, ifOp.getResults());
    rewriter.eraseOp(loop);
    return success();
  }
};

struct PeelSingleTripReductionsPass
    : public tilerun::impl::PeelSingleTripReductionsBase<
          PeelSingleTripReductionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PeelSingleTripReduction>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // The marks only guard the rewrite above.
    getOperation()->walk(
        [](scf::ForOp loop) { loop->removeAttr(kPeeledAttr); });
  }
};

} // namespace
