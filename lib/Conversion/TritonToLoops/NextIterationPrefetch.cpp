//===- NextIterationPrefetch.cpp - A dot loop's next operand tiles early --===//
//
// A matmul's K loop loads an A and a B tile per iteration, packs them and
// multiplies. On a CPU thread the packing waits on memory while the FMA
// units idle, and the multiply keeps the memory system idle in turn: the two
// never overlap (docs/performance.md, Measurements). The addresses of the
// next iteration's tiles are known before the multiply starts: they follow
// from the loop-carried values the iteration yields. For each operand of a
// dot that a load in the same loop body reads, this pass builds the address
// tile as the next iteration will compute it, before the dot, and records it
// as a tilerun.prefetch_next_iteration op that the dot's micro-kernel
// carries out a few lines per register tile. Prefetches never fault and
// change no value: the last iteration's lines past the loop only cost a
// line each. Dots on AMX tiles are left alone: the tile kernel prefetches
// nothing.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"
#include "tilerun/Conversion/Passes.h"
#include "tilerun/Dialect/Tilerun/IR/Dialect.h"
#include "tilerun/Transforms/NextIteration.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tilerun {
#define GEN_PASS_DEF_PREFETCHNEXTITERATION
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The load in `block` whose value `operand` is, seen through layout
/// conversions, or null.
tt::LoadOp operandLoad(Value operand, Block *block) {
  while (auto cvt = operand.getDefiningOp<ttg::ConvertLayoutOp>())
    operand = cvt.getSrc();
  auto load = operand.getDefiningOp<tt::LoadOp>();
  if (!load || load->getBlock() != block ||
      !isa<RankedTensorType>(load.getPtr().getType()))
    return {};
  return load;
}

void planDot(tt::DotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop)
    return;
  IRRewriter rewriter(dot.getContext());
  tilerun::NextIterationBuilder builder(rewriter, loop, dot);
  SmallVector<Value> nextPtrs;
  for (Value operand : {dot.getA(), dot.getB()}) {
    tt::LoadOp load = operandLoad(operand, loop.getBody());
    // A tile at the same address every iteration is in the cache already.
    if (!load || !builder.dependsOnIteration(load.getPtr()))
      continue;
    if (Value ptrs = builder.next(load.getPtr()))
      nextPtrs.push_back(ptrs);
  }
  rewriter.setInsertionPointAfter(dot);
  for (Value ptrs : nextPtrs)
    tilerun::PrefetchNextIterationOp::create(rewriter, dot.getLoc(), ptrs,
                                             dot.getD());
  builder.eraseUnusedCopies();
}

struct PrefetchNextIterationPass
    : public tilerun::impl::PrefetchNextIterationBase<
          PrefetchNextIterationPass> {
  using Base::Base;

  void runOnOperation() override {
    tilerun::loops::Options options =
        tilerun::loops::amxOptions(amxBF16, amxFP16, amxInt8);
    SmallVector<tt::DotOp> dots;
    getOperation()->walk([&](tt::DotOp dot) {
      if (!tilerun::loops::dotRunsOnTiles(options, dot))
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots)
      planDot(dot);
  }
};

} // namespace
