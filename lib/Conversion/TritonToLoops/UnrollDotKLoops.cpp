//===- UnrollDotKLoops.cpp - K loops of AMX dots, several steps a trip ----===//
//
//   scf.for %k = %lb to %ub step %s iter_args(%acc = %init) {
//     %a = tt.load ... ; %b = tt.load ...
//     %d = tt.dot %a, %b, %acc
//     scf.yield %d
//   }
//
// becomes, for a factor U,
//
//   %end = the start of the last (trips mod U) trips
//   %r = scf.for %k = %lb to %end step U * %s iter_args(%acc = %init) {
//     body[%k], ..., body[%k + (U - 1) * %s], each dot moved down to just
//     before the next one, which adds to its result
//   }
//   scf.for %k = %end to %ub step %s iter_args(%acc = %r) { body }
//
// The AMX tile kernel loads its accumulator tiles, multiplies them over the
// dot's K and stores them back; with a BLOCK_K of 128 bf16 that is four
// tile products per load and store, and the accumulators of a 256 x 256
// block (256 KB of f32) stream through the L2 cache on every dot. The tile
// lowering runs a chain of dots that add to one another as one dot along
// all their K (lowerDotChain), so after this pass the accumulators make one
// round trip per kTileStepsPerPass tile steps. The sums are added in the
// same order, so the result is bit for bit the same.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilerun {
#define GEN_PASS_DEF_UNROLLDOTKLOOPS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// The dot of `loop`'s body that adds to a loop-carried accumulator it
/// alone reads and yields its result back to it, if the body has exactly
/// one dot.
tt::DotOp accumulatingDot(scf::ForOp loop) {
  auto dots = loop.getBody()->getOps<tt::DotOp>();
  if (!llvm::hasSingleElement(dots))
    return {};
  tt::DotOp dot = *dots.begin();
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
      !acc.hasOneUse() || !dot.getD().hasOneUse())
    return {};
  OpOperand &use = *dot.getD().use_begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != acc.getArgNumber() - 1)
    return {};
  return dot;
}

/// Copies of a body that reads memory and writes none can be reordered:
/// each dot can move down to the next copy's dot.
bool writesNoMemory(scf::ForOp loop) {
  return llvm::all_of(loop.getBody()->without_terminator(), [](Operation &op) {
    if (isMemoryEffectFree(&op))
      return true;
    auto effects = dyn_cast<MemoryEffectOpInterface>(&op);
    return effects && effects.onlyHasEffect<MemoryEffects::Read>();
  });
}

/// U, the trips one trip of the unrolled loop takes: enough dots for a pass
/// of the tile kernel (1: leave the loop). The loop must count up with
/// signed bounds narrower than 64 bits (the trip count below is computed in
/// i64) and a constant step whose U-fold fits.
int64_t unrollFactor(const tilerun::loops::Options &options, scf::ForOp loop,
                     tt::DotOp dot) {
  if (loop.getUnsignedCmp() || !writesNoMemory(loop))
    return 1;
  Type type = loop.getLowerBound().getType();
  APInt step;
  if (type.isIndex() || type.getIntOrFloatBitWidth() >= 64 ||
      !matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return 1;
  int64_t factor = tilerun::loops::dotsPerTilePass(options, dot);
  unsigned width = type.getIntOrFloatBitWidth();
  if (step.getSExtValue() * factor >
      APInt::getSignedMaxValue(width).getSExtValue())
    return 1;
  APInt lb, ub;
  if (matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
      matchPattern(loop.getUpperBound(), m_ConstantInt(&ub))) {
    int64_t span = ub.getSExtValue() - lb.getSExtValue();
    int64_t trips = span <= 0 ? 0 : llvm::divideCeil(span, step.getSExtValue());
    if (trips < factor)
      return 1;
  }
  return factor;
}

/// Where the trips the unrolled loop leaves to the original start: lb +
/// (trips - trips mod U) * step, at most ub, in i64 so nothing overflows.
Value unrolledEnd(OpBuilder &b, Location loc, scf::ForOp loop, int64_t factor) {
  Type type = loop.getLowerBound().getType(), wide = b.getI64Type();
  auto widen = [&](Value v) -> Value {
    return arith::ExtSIOp::create(b, loc, wide, v);
  };
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value lb = widen(loop.getLowerBound()), ub = widen(loop.getUpperBound()),
        step = widen(loop.getStep());
  Value span = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, ub, lb), cst(0));
  Value trips = arith::DivSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, span,
                            arith::SubIOp::create(b, loc, step, cst(1))),
      step);
  Value whole = arith::SubIOp::create(
      b, loc, trips, arith::RemSIOp::create(b, loc, trips, cst(factor)));
  Value end = arith::AddIOp::create(b, loc, lb,
                                    arith::MulIOp::create(b, loc, whole, step));
  return arith::TruncIOp::create(b, loc, type,
                                 arith::MinSIOp::create(b, loc, end, ub));
}

/// Unrolls `loop` by `factor` in front of it, which goes on from where the
/// unrolled loop stops.
void unroll(scf::ForOp loop, tt::DotOp dot, int64_t factor) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value end = unrolledEnd(b, loc, loop, factor);
  // The step is a constant whose factor-fold fits (unrollFactor).
  APInt step;
  (void)matchPattern(loop.getStep(), m_ConstantInt(&step));
  Type type = loop.getStep().getType();
  auto steps = [&](OpBuilder &ib, int64_t n) -> Value {
    return arith::ConstantOp::create(
        ib, loc, ib.getIntegerAttr(type, n * step.getSExtValue()));
  };
  Value stride = steps(b, factor);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Operation *> dots;
  auto unrolled = scf::ForOp::create(
      b, loc, loop.getLowerBound(), end, stride, loop.getInitArgs(),
      [&](OpBuilder &ib, Location, Value iv, ValueRange args) {
        SmallVector<Value> carried(args);
        for (int64_t i = 0; i < factor; ++i) {
          IRMapping map;
          Value at = iv;
          if (i > 0)
            at = arith::AddIOp::create(ib, loc, iv, steps(ib, i));
          map.map(loop.getInductionVar(), at);
          map.map(loop.getRegionIterArgs(), carried);
          for (Operation &op : loop.getBody()->without_terminator())
            ib.clone(op, map);
          dots.push_back(map.lookup(dot.getOperation()));
          carried.clear();
          for (Value v : yield.getOperands())
            carried.push_back(map.lookupOrDefault(v));
        }
        scf::YieldOp::create(ib, loc, carried);
      });
  // Consecutive dots, for the tile lowering to take as one.
  for (size_t i = 0; i + 1 < dots.size(); ++i)
    dots[i]->moveBefore(dots[i + 1]);
  loop.getLowerBoundMutable().assign(end);
  loop.getInitArgsMutable().assign(unrolled.getResults());
}

struct UnrollDotKLoopsPass
    : public tilerun::impl::UnrollDotKLoopsBase<UnrollDotKLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    tilerun::loops::Options options =
        tilerun::loops::amxOptions(amxBF16, amxFP16, amxInt8);
    SmallVector<std::tuple<scf::ForOp, tt::DotOp, int64_t>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      tt::DotOp dot = accumulatingDot(loop);
      if (!dot)
        return;
      if (int64_t factor = unrollFactor(options, loop, dot); factor > 1)
        loops.emplace_back(loop, dot, factor);
    });
    for (auto [loop, dot, factor] : loops)
      unroll(loop, dot, factor);
  }
};

} // namespace
