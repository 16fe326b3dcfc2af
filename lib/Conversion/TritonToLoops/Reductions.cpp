//===- Reductions.cpp - reduce, scan, histogram ---------------------------===//
//
// Ops whose elements depend on many operand elements write a whole buffer.
// Their operands are still evaluated on demand inside these loops, so a load
// feeding a reduction is fused into it.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

SmallVector<Value> emitCombine(TileLowering &tl, OpBuilder &b, Region &region,
                               ValueRange lhs, ValueRange rhs) {
  Block &body = region.front();
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    tl.bindScalar(body.getArgument(i), lhs[i]);
    tl.bindScalar(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &op : body.without_terminator()) {
    // tl.device_assert / tl.device_print in a combine function check or
    // print the scalars of each combine, as on the GPU.
    if (isa<tt::AssertOp, tt::PrintOp>(op)) {
      if (failed(lowerDebugOp(tl, b, &op)))
        (void)tl.fail(b, &op, "could not be lowered in a combine region",
                      b.getI1Type());
      continue;
    }
    if (op.getNumRegions() != 0 || op.getNumResults() == 0) {
      SmallVector<Value> poison;
      for (Value v : lhs)
        poison.push_back(tl.fail(b, &op, "is not supported in a combine region",
                                 v.getType()));
      return poison;
    }
    for (OpResult r : op.getResults())
      tl.bindScalar(r, emitElementOf(tl, b, r, {}));
  }
  SmallVector<Value> out;
  for (Value v : body.getTerminator()->getOperands())
    out.push_back(tl.scalar(v));
  return out;
}

/// `idx` with `v` inserted at position `axis`.
static SmallVector<Value> withAxis(ValueRange idx, unsigned axis, Value v) {
  SmallVector<Value> at(idx.begin(), idx.end());
  at.insert(at.begin() + axis, v);
  return at;
}

/// One level of a pairwise fold in place: for every i < half (and every
/// index of the trailing `inner` dims), bufs[i] = combine(bufs[i],
/// bufs[i + half]). A loop of independent combines that LLVM vectorises;
/// with `interleave`, a marked vector loop (kVectorLoopAttr).
static void emitFoldLevel(TileLowering &tl, OpBuilder &b, Location loc,
                          Region &combine, ValueRange bufs, TypeRange elems,
                          int64_t half, ArrayRef<int64_t> inner,
                          std::optional<int64_t> interleave = std::nullopt) {
  SmallVector<int64_t> level{half};
  level.append(inner.begin(), inner.end());
  TileLowering::emitLoopNest(
      b, loc, level,
      [&](OpBuilder &lb, ValueRange ij) {
        SmallVector<Value> upper(ij.begin(), ij.end());
        upper[0] =
            arith::AddIOp::create(lb, loc, ij[0], constantIndex(lb, loc, half));
        SmallVector<Value> lhs, rhs;
        for (auto [buf, elem] : llvm::zip(bufs, elems)) {
          lhs.push_back(tl.loadBuffer(lb, loc, buf, ij, elem));
          rhs.push_back(tl.loadBuffer(lb, loc, buf, upper, elem));
        }
        for (auto [v, buf] :
             llvm::zip(emitCombine(tl, lb, combine, lhs, rhs), bufs))
          tl.storeBuffer(lb, loc, v, buf, ij);
      },
      /*perChunk=*/nullptr, interleave);
}

/// Folds the axis in the order of a balanced binary tree (element i with
/// element i + n/2, then i + n/4, ...), as a GPU's butterfly reduction does.
/// This gives the GPU's answer for combine functions that are not exactly
/// associative (floating point, or a user's custom combine), and each level
/// is a loop over independent elements that LLVM can vectorise.
///
/// The first `fused` levels run in one pass that reads the operands directly:
/// each scratch element is the unrolled tree over the 2^fused operand
/// elements n/2^fused apart that those levels combine into it. The operand
/// is read once and the scratch holds n/2^fused elements, instead of a loop
/// and a scratch write per level.
static void lowerTreeReduce(TileLowering &tl, OpBuilder &b, tt::ReduceOp reduce,
                            ArrayRef<Value> outs) {
  Location loc = reduce.getLoc();
  ValueRange srcs = reduce.getSrcs();
  auto srcTy = asTensor(srcs[0].getType());
  unsigned axis = reduce.getAxis();
  ArrayRef<int64_t> shape = srcTy.getShape();
  int64_t n = shape[axis];
  SmallVector<int64_t> outer(shape.take_front(axis));
  SmallVector<int64_t> inner(shape.drop_front(axis + 1));
  // Unrolling repeats the combine region 2^fused - 1 times: keep it for
  // small regions (max, add, argmax).
  constexpr unsigned kMaxFusedLevels = 4;
  constexpr size_t kMaxUnrolledRegionOps = 16;
  size_t regionOps = reduce.getCombineOp().front().getOperations().size();
  unsigned fused = regionOps <= kMaxUnrolledRegionOps
                       ? std::min<unsigned>(kMaxFusedLevels, llvm::Log2_64(n))
                       : 1;
  int64_t width = int64_t(1) << fused;
  int64_t firstLevel = n / width; // scratch elements along the axis
  SmallVector<int64_t> tempShape{firstLevel};
  tempShape.append(inner);
  SmallVector<Value> temps;
  for (Value s : srcs)
    temps.push_back(
        tl.allocBuffer(loc, tempShape, loweredElementType(s.getType())));

  TileLowering::emitLoopNest(b, loc, outer, [&](OpBuilder &ob, ValueRange o) {
    TileLowering::emitLoopNest(
        ob, loc, tempShape, [&](OpBuilder &fb, ValueRange kj) {
          // leaves[t]: operand element kj[0] + t * firstLevel.
          SmallVector<SmallVector<Value>> leaves(width);
          for (int64_t t = 0; t < width; ++t) {
            SmallVector<Value> at(o.begin(), o.end());
            at.append(kj.begin(), kj.end());
            if (t != 0)
              at[axis] = arith::AddIOp::create(
                  fb, loc, kj[0], constantIndex(fb, loc, t * firstLevel));
            for (Value s : srcs)
              leaves[t].push_back(tl.element(fb, s, at));
          }
          for (int64_t half = width / 2; half >= 1; half /= 2)
            for (int64_t t = 0; t < half; ++t)
              leaves[t] = emitCombine(tl, fb, reduce.getCombineOp(), leaves[t],
                                      leaves[t + half]);
          for (auto [v, t] : llvm::zip(leaves[0], temps))
            tl.storeBuffer(fb, loc, v, t, kj);
        });
    SmallVector<Type> elems;
    for (Value src : srcs)
      elems.push_back(loweredElementType(src.getType()));
    for (int64_t half = firstLevel / 2; half >= 1; half /= 2)
      emitFoldLevel(tl, ob, loc, reduce.getCombineOp(), temps, elems, half,
                    inner);
    TileLowering::emitLoopNest(
        ob, loc, inner, [&](OpBuilder &wb, ValueRange j) {
          SmallVector<Value> first{constantIndex(wb, loc, 0)};
          first.append(j.begin(), j.end());
          SmallVector<Value> at(o.begin(), o.end());
          at.append(j.begin(), j.end());
          for (auto [i, r] : llvm::enumerate(reduce->getResults())) {
            Value v = tl.loadBuffer(wb, loc, temps[i], first,
                                    loweredElementType(r.getType()));
            if (outs.empty() || !outs[i])
              tl.bindScalar(r, v);
            else
              tl.storeBuffer(wb, loc, v, outs[i], at);
          }
        });
  });
}

/// True when the combine region is one operation whose result does not
/// depend on the order it is applied in, up to floating-point rounding:
/// `max`, `min`, integer `+ * & | ^`, and float `+ *`. Triton leaves the
/// order of such reductions unspecified (the GPU's order depends on the
/// layout); a custom combine keeps the tree order.
static bool isReorderableCombine(tt::ReduceOp reduce) {
  Block &body = reduce.getCombineOp().front();
  if (reduce.getSrcs().size() != 1 || body.getOperations().size() != 2)
    return false;
  Operation &op = body.front();
  if (!isa<arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp,
           arith::MinimumFOp, arith::AddFOp, arith::MulFOp, arith::AddIOp,
           arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
           arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op))
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1);
  bool operandsAreArgs = (op.getOperand(0) == a && op.getOperand(1) == b) ||
                         (op.getOperand(0) == b && op.getOperand(1) == a);
  return operandsAreArgs &&
         body.getTerminator()->getOperand(0) == op.getResult(0);
}

/// A reorderable reduction along the innermost axis, as a CPU does it: W
/// partial results (one per vector lane) accumulate consecutive chunks of
/// the axis in one sequential pass, then fold as a tree. The operand is read
/// once, in address order, and the partials stay in registers.
static void lowerLaneReduce(TileLowering &tl, OpBuilder &b, tt::ReduceOp reduce,
                            ArrayRef<Value> outs) {
  Location loc = reduce.getLoc();
  Value src = reduce.getSrcs()[0];
  auto srcTy = asTensor(src.getType());
  ArrayRef<int64_t> shape = srcTy.getShape();
  int64_t n = shape.back();
  constexpr int64_t kLanes = 64; // four 16-lane vectors in flight
  int64_t lanes = std::min(n, kLanes);
  Type elem = loweredElementType(srcTy);
  Value partials = tl.allocBuffer(loc, {lanes}, elem);
  // Every loop over the partials is one trip of whole vectors: LLVM keeps
  // the partials in registers across the chunks (two trips would store and
  // reload them every chunk), and a fold level costs no loop
  // (docs/performance.md, *Measurements behind code choices*).
  int64_t elemBytes =
      elem.isIntOrFloat()
          ? std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8)
          : 8;
  int64_t vectorBytes = std::max<unsigned>(1, tl.options.vectorLoopHintBytes);
  auto vectorsOf = [&](int64_t n) {
    return std::max<int64_t>(1, n * elemBytes / vectorBytes);
  };
  int64_t partialVectors = vectorsOf(lanes);
  Region &combine = reduce.getCombineOp();
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };

  // maxnum/minnum skip NaNs, which x86 spells as a compare, an unordered
  // test and a blend per vector. Partials that are never NaN (a NaN starts
  // as the identity) need only one compare-and-select, the single
  // instruction vmaxps: a NaN element compares false and is skipped. The
  // result differs from the IR's fold only when every element is NaN (NaN,
  // not the identity), so a result equal to the identity is recomputed
  // exactly.
  Operation &combineOp = combine.front().front();
  bool skipsNaN = isa<arith::MaxNumFOp, arith::MinNumFOp>(combineOp);
  bool isMax = isa<arith::MaxNumFOp>(combineOp);
  Value identity;
  if (skipsNaN) {
    auto floatTy = cast<FloatType>(elem);
    identity = arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatTy, APFloat::getInf(floatTy.getFloatSemantics(),
                                                /*Negative=*/isMax)));
  }
  auto initial = [&](OpBuilder &ib, Value x) -> Value {
    if (!skipsNaN)
      return x;
    Value nan = arith::CmpFOp::create(ib, loc, arith::CmpFPredicate::UNO, x, x);
    return arith::SelectOp::create(ib, loc, nan, identity, x);
  };
  auto accumulate = [&](OpBuilder &ib, Value acc, Value x) -> Value {
    if (!skipsNaN)
      return emitCombine(tl, ib, combine, acc, x)[0];
    Value better = arith::CmpFOp::create(
        ib, loc, isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
        x, acc);
    return arith::SelectOp::create(ib, loc, better, x, acc);
  };

  TileLowering::emitLoopNest(
      b, loc, shape.drop_back(), [&](OpBuilder &ob, ValueRange o) {
        auto at = [&](Value k) {
          SmallVector<Value> idx(o.begin(), o.end());
          idx.push_back(k);
          return idx;
        };
        // Each chunk of the axis may carry the next program's prefetches, when
        // this pass evaluates the operand (a buffered one carries them in the
        // nest that fills it).
        bool carries = !tl.isMaterialized(src);
        if (carries)
          tl.emitNextProgramPrefetches(ob, loc, src, at(c(ob, 0)));
        auto start = scf::ForOp::create(
            ob, loc, c(ob, 0), c(ob, lanes), c(ob, 1), ValueRange{},
            [&](OpBuilder &lb, Location, Value l, ValueRange) {
              tl.storeBuffer(lb, loc, initial(lb, tl.element(lb, src, at(l))),
                             partials, l);
              scf::YieldOp::create(lb, loc);
            });
        TileLowering::markVectorLoop(start, partialVectors);
        if (n > lanes)
          scf::ForOp::create(
              ob, loc, c(ob, lanes), c(ob, n), c(ob, lanes), ValueRange{},
              [&](OpBuilder &cb, Location, Value chunk, ValueRange) {
                if (carries)
                  tl.emitNextProgramPrefetches(cb, loc, src, at(chunk));
                auto accumulateChunk = scf::ForOp::create(
                    cb, loc, c(cb, 0), c(cb, lanes), c(cb, 1), ValueRange{},
                    [&](OpBuilder &lb, Location, Value l, ValueRange) {
                      Value k = arith::AddIOp::create(lb, loc, chunk, l);
                      Value acc = tl.loadBuffer(lb, loc, partials, l, elem);
                      Value x = tl.element(lb, src, at(k));
                      tl.storeBuffer(lb, loc, accumulate(lb, acc, x), partials,
                                     l);
                      scf::YieldOp::create(lb, loc);
                    });
                TileLowering::markVectorLoop(accumulateChunk, partialVectors);
                scf::YieldOp::create(cb, loc);
              });
        // The lanes fold pairwise, lane l with lane l + half: wide levels as
        // loops (vectorised), the last eight lanes unrolled.
        constexpr int64_t kUnrolledLanes = 8;
        int64_t half = lanes / 2;
        for (; half >= kUnrolledLanes; half /= 2)
          emitFoldLevel(tl, ob, loc, combine, partials, elem, half, {},
                        vectorsOf(half));
        SmallVector<Value> leaves;
        for (int64_t l = 0; l < 2 * half; ++l)
          leaves.push_back(tl.loadBuffer(ob, loc, partials, c(ob, l), elem));
        for (; half >= 1; half /= 2)
          for (int64_t l = 0; l < half; ++l)
            leaves[l] =
                emitCombine(tl, ob, combine, leaves[l], leaves[l + half])[0];
        if (skipsNaN) {
          Value atIdentity = arith::CmpFOp::create(
              ob, loc, arith::CmpFPredicate::OEQ, leaves[0], identity);
          auto exact = scf::IfOp::create(
              ob, loc, atIdentity,
              [&](OpBuilder &tb, Location) {
                auto fold = scf::ForOp::create(
                    tb, loc, c(tb, 1), c(tb, n), c(tb, 1),
                    ValueRange{tl.element(tb, src, at(c(tb, 0)))},
                    [&](OpBuilder &fb, Location, Value k, ValueRange acc) {
                      scf::YieldOp::create(
                          fb, loc,
                          emitCombine(tl, fb, combine, acc[0],
                                      tl.element(fb, src, at(k))));
                    });
                scf::YieldOp::create(tb, loc, fold.getResults());
              },
              [&](OpBuilder &eb, Location) {
                scf::YieldOp::create(eb, loc, leaves[0]);
              });
          leaves[0] = exact.getResult(0);
        }
        Value r = reduce->getResult(0);
        if (outs.empty() || !outs[0])
          tl.bindScalar(r, leaves[0]);
        else
          tl.storeBuffer(ob, loc, leaves[0], outs[0], o);
      });
}

/// The same tree order for a short axis, unrolled inside one loop nest over
/// the result: no scratch buffer and no loop per level. Bitonic sorts reduce
/// many axes of two; a scratch loop nest for each costs more than it saves.
static void lowerShortTreeReduce(TileLowering &tl, OpBuilder &b,
                                 tt::ReduceOp reduce, ArrayRef<Value> outs) {
  Location loc = reduce.getLoc();
  ValueRange srcs = reduce.getSrcs();
  unsigned axis = reduce.getAxis();
  SmallVector<int64_t> outShape(asTensor(srcs[0].getType()).getShape());
  int64_t n = outShape[axis];
  outShape.erase(outShape.begin() + axis);
  TileLowering::emitLoopNest(
      b, loc, outShape, [&](OpBuilder &ib, ValueRange idx) {
        // leaves[k] holds the partial results for position k of the axis.
        SmallVector<SmallVector<Value>> leaves(n);
        for (int64_t k = 0; k < n; ++k)
          for (Value s : srcs)
            leaves[k].push_back(tl.element(
                ib, s, withAxis(idx, axis, constantIndex(ib, loc, k))));
        for (int64_t half = n / 2; half >= 1; half /= 2)
          for (int64_t k = 0; k < half; ++k)
            leaves[k] = emitCombine(tl, ib, reduce.getCombineOp(), leaves[k],
                                    leaves[k + half]);
        for (auto [i, r] : llvm::enumerate(reduce->getResults())) {
          if (outs.empty() || !outs[i])
            tl.bindScalar(r, leaves[0][i]);
          else
            tl.storeBuffer(ib, loc, leaves[0][i], outs[i], idx);
        }
      });
}

/// Axes up to this long reduce as an unrolled tree (lowerShortTreeReduce).
constexpr int64_t kMaxUnrolledAxis = 8;

bool isLaneReduction(Operation *op) {
  auto reduce = dyn_cast<tt::ReduceOp>(op);
  if (!reduce || reduce.getSrcs().size() != 1)
    return false;
  auto srcTy = asTensor(reduce.getSrcs()[0].getType());
  int64_t n = srcTy.getShape().back();
  return reduce.getAxis() + 1 == srcTy.getRank() && n > kMaxUnrolledAxis &&
         llvm::isPowerOf2_64(n) && isReorderableCombine(reduce);
}

bool isPairReduction(Operation *op) {
  auto reduce = dyn_cast<tt::ReduceOp>(op);
  if (!reduce || reduce.getSrcs().size() != 1 ||
      !isTensor(reduce->getResult(0).getType()))
    return false;
  if (asTensor(reduce.getSrcs()[0].getType()).getShape()[reduce.getAxis()] > 2)
    return false;
  unsigned ops = 0;
  for (Operation &inner : reduce.getCombineOp().front().without_terminator())
    if (++ops > 2 || inner.getNumRegions() != 0 || inner.getNumResults() != 1 ||
        !isPure(&inner))
      return false;
  return true;
}

Value emitPairReductionElement(TileLowering &tl, OpBuilder &b, Operation *op,
                               ValueRange idx) {
  auto reduce = cast<tt::ReduceOp>(op);
  Value src = reduce.getSrcs()[0];
  unsigned axis = reduce.getAxis();
  Location loc = op->getLoc();
  Value first =
      tl.element(b, src, withAxis(idx, axis, constantIndex(b, loc, 0)));
  if (asTensor(src.getType()).getShape()[axis] == 1)
    return first;
  Value second =
      tl.element(b, src, withAxis(idx, axis, constantIndex(b, loc, 1)));
  return emitCombine(tl, b, reduce.getCombineOp(), first, second)[0];
}

/// Picks the reduction's loop structure and emits it.
static void emitReduce(TileLowering &tl, OpBuilder &b, tt::ReduceOp reduce,
                       ArrayRef<Value> outs) {
  Operation *op = reduce;
  Location loc = op->getLoc();
  ValueRange srcs = reduce.getSrcs();
  auto srcTy = asTensor(srcs[0].getType());
  unsigned axis = reduce.getAxis();
  SmallVector<int64_t> outShape(srcTy.getShape());
  int64_t n = outShape[axis];
  if (n > 1 && n <= kMaxUnrolledAxis && llvm::isPowerOf2_64(n)) {
    lowerShortTreeReduce(tl, b, reduce, outs);
    return;
  }
  if (isLaneReduction(reduce)) {
    lowerLaneReduce(tl, b, reduce, outs);
    return;
  }
  if (n > 1 && llvm::isPowerOf2_64(n)) {
    lowerTreeReduce(tl, b, reduce, outs);
    return;
  }
  outShape.erase(outShape.begin() + axis);

  // Other sizes: a left fold along the axis.
  TileLowering::emitLoopNest(
      b, loc, outShape, [&](OpBuilder &ib, ValueRange idx) {
        Value zero = constantIndex(ib, loc, 0);
        SmallVector<Value> init;
        for (Value s : srcs)
          init.push_back(tl.element(ib, s, withAxis(idx, axis, zero)));
        auto loop = scf::ForOp::create(
            ib, loc, constantIndex(ib, loc, 1), constantIndex(ib, loc, n),
            constantIndex(ib, loc, 1), init,
            [&](OpBuilder &lb, Location, Value k, ValueRange accs) {
              SmallVector<Value> vals;
              for (Value s : srcs)
                vals.push_back(tl.element(lb, s, withAxis(idx, axis, k)));
              scf::YieldOp::create(
                  lb, loc,
                  emitCombine(tl, lb, reduce.getCombineOp(), accs, vals));
            });
        for (auto [i, r] : llvm::enumerate(op->getResults())) {
          if (outs.empty() || !outs[i])
            tl.bindScalar(r, loop.getResult(i));
          else
            tl.storeBuffer(ib, loc, loop.getResult(i), outs[i], idx);
        }
      });
}

LogicalResult lowerReduce(TileLowering &tl, OpBuilder &b, Operation *op,
                          ArrayRef<Value> outs) {
  auto reduce = cast<tt::ReduceOp>(op);
  ValueRange srcs = reduce.getSrcs();
  auto srcTy = asTensor(srcs[0].getType());
  if (reduce.getAxis() >= srcTy.getRank())
    return op->emitOpError("axis out of range");
  // Loads fused into the reduction are mask-versioned like any loop nest;
  // scalar results leave both copies as results of the version branch.
  SmallVector<Value> scalars = tl.emitMaskVersionedValues(
      b, op->getLoc(), srcTy.getShape(), srcs, {}, [&](OpBuilder &nb) {
        emitReduce(tl, nb, reduce, outs);
        SmallVector<Value> results;
        for (Value r : op->getResults())
          if (!isTensor(r.getType()))
            results.push_back(tl.scalar(r));
        return results;
      });
  unsigned next = 0;
  for (Value r : op->getResults())
    if (!isTensor(r.getType()))
      tl.bindScalar(r, scalars[next++]);
  return success(!tl.hasFailed());
}

LogicalResult lowerScan(TileLowering &tl, OpBuilder &b, Operation *op,
                        ArrayRef<Value> outs) {
  auto scan = cast<tt::ScanOp>(op);
  Location loc = op->getLoc();
  ValueRange srcs = scan.getSrcs();
  auto srcTy = asTensor(srcs[0].getType());
  unsigned axis = scan.getAxis();
  if (axis >= srcTy.getRank())
    return op->emitOpError("axis out of range");
  SmallVector<int64_t> outer(srcTy.getShape());
  int64_t n = outer[axis];
  outer.erase(outer.begin() + axis);
  bool reverse = scan.getReverse();

  TileLowering::emitLoopNest(b, loc, outer, [&](OpBuilder &ib, ValueRange idx) {
    auto position = [&](OpBuilder &pb, Value k) -> Value {
      if (!reverse)
        return k;
      return arith::SubIOp::create(pb, loc, constantIndex(pb, loc, n - 1), k);
    };
    Value first = position(ib, constantIndex(ib, loc, 0));
    SmallVector<Value> init;
    for (auto [i, s] : llvm::enumerate(srcs)) {
      auto at = withAxis(idx, axis, first);
      init.push_back(tl.element(ib, s, at));
      tl.storeBuffer(ib, loc, init.back(), outs[i], at);
    }
    scf::ForOp::create(
        ib, loc, constantIndex(ib, loc, 1), constantIndex(ib, loc, n),
        constantIndex(ib, loc, 1), init,
        [&](OpBuilder &lb, Location, Value k, ValueRange accs) {
          auto at = withAxis(idx, axis, position(lb, k));
          SmallVector<Value> vals;
          for (Value s : srcs)
            vals.push_back(tl.element(lb, s, at));
          auto next = emitCombine(tl, lb, scan.getCombineOp(), accs, vals);
          for (auto [i, v] : llvm::enumerate(next))
            tl.storeBuffer(lb, loc, v, outs[i], at);
          scf::YieldOp::create(lb, loc, next);
        });
  });
  return success();
}

LogicalResult lowerHistogram(TileLowering &tl, OpBuilder &b, Operation *op,
                             Value out) {
  auto hist = cast<tt::HistogramOp>(op);
  Location loc = op->getLoc();
  auto srcTy = asTensor(hist.getSrc().getType());
  auto outTy = asTensor(hist.getResult().getType());
  Type outElem = outTy.getElementType();
  int64_t bins = outTy.getShape()[0];
  TileLowering::emitLoopNest(
      b, loc, outTy.getShape(), [&](OpBuilder &ib, ValueRange idx) {
        Value z = arith::ConstantOp::create(ib, loc, ib.getZeroAttr(outElem));
        memref::StoreOp::create(ib, loc, z, out, idx);
      });
  TileLowering::emitLoopNest(
      b, loc, srcTy.getShape(), [&](OpBuilder &ib, ValueRange idx) {
        Value v = castToI64(ib, loc, tl.element(ib, hist.getSrc(), idx));
        Value zero = arith::ConstantIntOp::create(ib, loc, ib.getI64Type(), 0);
        Value nb = arith::ConstantIntOp::create(ib, loc, ib.getI64Type(), bins);
        Value ok = arith::AndIOp::create(
            ib, loc,
            arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::sge, v, zero),
            arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::slt, v, nb));
        if (hist.getMask())
          ok = arith::AndIOp::create(ib, loc, ok,
                                     tl.element(ib, hist.getMask(), idx));
        auto ifOp = scf::IfOp::create(ib, loc, TypeRange{}, ok, false);
        OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
        Value i = arith::IndexCastOp::create(tb, loc, tb.getIndexType(), v);
        Value old = memref::LoadOp::create(tb, loc, out, ValueRange{i});
        Value one =
            arith::ConstantOp::create(tb, loc, tb.getIntegerAttr(outElem, 1));
        memref::StoreOp::create(tb, loc,
                                arith::AddIOp::create(tb, loc, old, one), out,
                                ValueRange{i});
      });
  return success();
}

} // namespace loops
} // namespace tilerun
