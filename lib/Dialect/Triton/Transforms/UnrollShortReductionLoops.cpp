//===- UnrollShortReductionLoops.cpp - Accumulators of short loops --------===//
//
//   %acc = scf.for %i = %lb to %ub step %s iter_args(%a = %init) {
//     body
//     scf.yield %v : tensor<Nxf32>
//   }
//   %r = tt.reduce(%acc) : -> f32
//
// becomes, for up to max-trips trips,
//
//   %r = scf.if (the loop runs once) {
//     body[%i = %lb, %a = %init]
//     scf.yield reduce(%v)
//   } else {
//     scf.if (the loop runs twice) {
//       body[%i = %lb, %a = %init]; body[%i = %lb + %s, %a = its %v]
//       scf.yield reduce(second %v)
//     } else {
//       ...
//         scf.yield reduce(scf.for ...)   // as it was
//     }
//   }
//
// Triton kernels reduce a row in blocks (`for off in range(0, N, BLOCK)`)
// into a tile accumulator. A loop-carried tile lives in a buffer that every
// iteration reads and writes, and the reduction reads it again: a 4096-float
// row's accumulator is another 16 KB in the L1 cache next to the row, and
// each element of each block costs a load and a store of it. Users pick
// BLOCK = next_power_of_2(N), so the loop usually runs once, or a block a
// few times smaller than the row. Unrolled, the accumulator is one
// expression of the blocks, (((init + x0) + x1) + x2), that the reduction
// evaluates element by element in registers, with no buffer. Unrolling a
// loop is the loop, so the result is bit for bit the same. Longer loops
// keep their accumulator.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/Triton/IR/Utils.h"
#include "tilerun/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace tilerun {
#define GEN_PASS_DEF_UNROLLSHORTREDUCTIONLOOPS
#include "tilerun/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// Marks the loop left in the general branch, which the pattern must not
/// version again.
constexpr StringLiteral kVersionedAttr = "tilerun.short_trips_versioned";

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

/// True when the loop's bounds are narrower than 64 bits: their difference
/// and small multiples of the step then fit in i64.
bool hasNarrowBounds(scf::ForOp loop) {
  Type type = loop.getLowerBound().getType();
  return !type.isIndex() && type.getIntOrFloatBitWidth() < 64;
}

/// i1: the loop runs exactly `trips` times. Narrow bounds: `(trips - 1) *
/// step < ub - lb <= trips * step`, in i64. 64-bit bounds (once only):
/// `lb < ub` and `ub <= lb + step` where that sum does not wrap, since
/// `ub - lb` itself may overflow.
Value runsExactly(OpBuilder &b, Location loc, scf::ForOp loop, int64_t trips) {
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  auto cmp = [&](arith::CmpIPredicate pred, Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, pred, x, y);
  };
  if (!hasNarrowBounds(loop)) {
    assert(trips == 1 && "64-bit bounds get the single-trip version only");
    Value entered = cmp(arith::CmpIPredicate::slt, lb, ub);
    Value next = arith::AddIOp::create(b, loc, lb, step);
    Value noWrap = cmp(arith::CmpIPredicate::sge, next, lb);
    Value within = cmp(arith::CmpIPredicate::sle, ub, next);
    Value once = arith::AndIOp::create(b, loc, noWrap, within);
    return arith::AndIOp::create(b, loc, entered, once);
  }
  Type wide = b.getI64Type();
  auto widen = [&](Value v) -> Value {
    return arith::ExtSIOp::create(b, loc, wide, v);
  };
  Value span = arith::SubIOp::create(b, loc, widen(ub), widen(lb));
  auto times = [&](int64_t k) -> Value {
    return arith::MulIOp::create(
        b, loc, widen(step),
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(k)));
  };
  Value more = cmp(arith::CmpIPredicate::sgt, span, times(trips - 1));
  Value atMost = cmp(arith::CmpIPredicate::sle, span, times(trips));
  return arith::AndIOp::create(b, loc, more, atMost);
}

/// The body `trips` times, each with the previous trip's yielded tile as
/// its accumulator; returns the last one.
Value unrolled(OpBuilder &b, Location loc, scf::ForOp loop, unsigned trips) {
  Value acc = loop.getInitArgs()[0];
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned t = 0; t < trips; ++t) {
    IRMapping map;
    Value iv = loop.getLowerBound();
    if (t > 0) {
      // lb + t * step: the loop itself reaches this value, so it does not
      // overflow.
      Value k =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(iv.getType(), t));
      Value offset = arith::MulIOp::create(b, loc, k, loop.getStep());
      iv = arith::AddIOp::create(b, loc, iv, offset);
    }
    map.map(loop.getInductionVar(), iv);
    map.map(loop.getRegionIterArgs()[0], acc);
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, map);
    acc = map.lookupOrDefault(yield.getOperand(0));
  }
  return acc;
}

/// scf.if (the loop runs `trips` times) { unrolled; reduce } else { the
/// version for one more trip, or the loop itself after `last` }.
scf::IfOp emitVersion(OpBuilder &b, Location loc, scf::ForOp loop,
                      tt::ReduceOp reduce, unsigned trips, unsigned last) {
  Value cond = runsExactly(b, loc, loop, trips);
  auto ifOp = scf::IfOp::create(b, loc, reduce->getResultTypes(), cond,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  IRMapping map;
  map.map(loop->getResult(0), unrolled(b, loc, loop, trips));
  scf::YieldOp::create(b, loc, b.clone(*reduce, map)->getResults());

  b.setInsertionPointToStart(ifOp.elseBlock());
  if (trips < last) {
    scf::IfOp next = emitVersion(b, loc, loop, reduce, trips + 1, last);
    scf::YieldOp::create(b, loc, next.getResults());
    return ifOp;
  }
  IRMapping general;
  Operation *clone = b.clone(*loop, general);
  clone->setAttr(kVersionedAttr, b.getUnitAttr());
  general.map(loop->getResult(0), clone->getResult(0));
  scf::YieldOp::create(b, loc, b.clone(*reduce, general)->getResults());
  return ifOp;
}

struct UnrollShortReductionLoop : public OpRewritePattern<scf::ForOp> {
  UnrollShortReductionLoop(MLIRContext *ctx, unsigned maxTrips)
      : OpRewritePattern(ctx), maxTrips(maxTrips) {}

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    if (maxTrips == 0 || loop->hasAttr(kVersionedAttr) || loop.getUnsignedCmp())
      return failure();
    tt::ReduceOp reduce = soleFullReduction(loop);
    if (!reduce)
      return failure();
    // Dot loops keep their accumulator in the micro-kernel's registers; more
    // copies of their body would only cost compile time.
    if (tt::containsDot(loop))
      return failure();
    // 64-bit bounds: only the single trip is tested without overflow.
    unsigned versions = hasNarrowBounds(loop) ? maxTrips : 1;

    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    scf::IfOp ifOp = emitVersion(rewriter, loc, loop, reduce, 1, versions);
    rewriter.replaceOp(reduce, ifOp.getResults());
    rewriter.eraseOp(loop);
    return success();
  }

private:
  unsigned maxTrips;
};

struct UnrollShortReductionLoopsPass
    : public tilerun::impl::UnrollShortReductionLoopsBase<
          UnrollShortReductionLoopsPass> {
  using UnrollShortReductionLoopsBase::UnrollShortReductionLoopsBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<UnrollShortReductionLoop>(&getContext(), maxTrips);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // The marks only guard the rewrite above.
    getOperation()->walk(
        [](scf::ForOp loop) { loop->removeAttr(kVersionedAttr); });
  }
};

} // namespace
