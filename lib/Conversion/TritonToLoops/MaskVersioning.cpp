//===- MaskVersioning.cpp - unguarded copies of masked loop nests ---------===//
//
// A masked load or store becomes a branch around each element's access.
// LLVM's loop vectoriser will not if-convert that on every target (AVX-512
// masked stores are costed too high on some x86 cores), so the loop stays
// scalar. Yet in a typical launch every program but the last has a mask that
// is all true: `offs < n` with `offs = pid * BLOCK + arange(BLOCK)`.
//
// So a loop nest whose masks are computed from indices and scalars alone is
// emitted twice, behind one check of all its masks over the tile: a copy in
// which those masks are the constant true (no guards; contiguous accesses
// vectorise), and the guarded copy. The check costs one pass of integer
// compares over the tile, no memory traffic. Masks that depend on loaded data
// are left alone: evaluating them twice would read memory twice.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

void TileLowering::collectFusedMasks(ValueRange roots,
                                     SmallVectorImpl<Value> &masks) const {
  llvm::DenseSet<Value> seen;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!v || !isTensor(v.getType()) || !seen.insert(v).second ||
        buffers.count(v))
      continue;
    Operation *op = v.getDefiningOp();
    if (!op)
      continue;
    if (auto load = dyn_cast<tt::LoadOp>(op))
      if (Value mask = load.getMask())
        if (!llvm::is_contained(masks, mask))
          masks.push_back(mask);
    // Operands of a materialized value have been evaluated into its buffer;
    // the roots themselves are being evaluated here, whatever the plan says.
    bool isRoot = llvm::is_contained(roots, v);
    if (!isRoot && plan.isMaterialized(v))
      continue;
    for (Value operand : op->getOperands())
      worklist.push_back(operand);
  }
}

bool TileLowering::isIndexPure(Value v,
                               llvm::DenseMap<Value, bool> &memo) const {
  if (!isTensor(v.getType()) || buffers.count(v))
    return true;
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  memo[v] = false; // Cycles cannot occur in SSA, but stay safe.
  Operation *op = v.getDefiningOp();
  bool pure = op && op->getNumRegions() == 0 &&
              (isa<tt::MakeRangeOp, tt::SplatOp, tt::BroadcastOp,
                   tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp>(op) ||
               isa<arith::ArithDialect>(op->getDialect()));
  if (pure)
    for (Value operand : op->getOperands())
      if (!isIndexPure(operand, memo)) {
        pure = false;
        break;
      }
  memo[v] = pure;
  return pure;
}

void TileLowering::emitMaskVersioned(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape, ValueRange roots,
    ValueRange extraMasks, function_ref<void(OpBuilder &)> emitNest) {
  emitMaskVersionedValues(b, loc, shape, roots, extraMasks,
                          [&](OpBuilder &nb) -> SmallVector<Value> {
                            emitNest(nb);
                            return SmallVector<Value>();
                          });
}

SmallVector<Value> TileLowering::emitMaskVersionedValues(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape, ValueRange roots,
    ValueRange extraMasks,
    function_ref<SmallVector<Value>(OpBuilder &)> emitNest) {
  SmallVector<Value> masks;
  for (Value m : extraMasks)
    if (m && isTensor(m.getType()))
      masks.push_back(m);
  collectFusedMasks(roots, masks);
  llvm::DenseMap<Value, bool> memo;
  bool versionable =
      !masks.empty() && assumedTrue.empty() &&
      llvm::all_of(masks, [&](Value m) {
        return isIndexPure(m, memo) &&
               asTensor(m.getType()).getShape() == shape;
      });
  if (!versionable)
    return emitNest(b);

  // Masks whose value ranges prove them true cost a few scalar ops; the
  // others are checked element by element.
  Value allTrue;
  SmallVector<Value> unproved;
  for (Value m : masks) {
    if (Value proof = proveMaskAllTrue(b, loc, m))
      allTrue = allTrue ? arith::AndIOp::create(b, loc, allTrue, proof)
                        : proof;
    else
      unproved.push_back(m);
  }
  if (!unproved.empty()) {
    int64_t numElements = 1;
    for (int64_t n : shape)
      numElements *= n;
    Value init = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    auto check = scf::ForOp::create(
        b, loc, constantIndex(b, loc, 0), constantIndex(b, loc, numElements),
        constantIndex(b, loc, 1), ValueRange{init},
        [&](OpBuilder &lb, Location, Value flat, ValueRange acc) {
          SmallVector<Value> idx = delinearize(lb, loc, flat, shape);
          Value all = acc[0];
          for (Value m : unproved)
            all = arith::AndIOp::create(lb, loc, all, element(lb, m, idx));
          scf::YieldOp::create(lb, loc, all);
        });
    allTrue = allTrue ? arith::AndIOp::create(b, loc, allTrue,
                                              check.getResult(0))
                      : check.getResult(0);
  }
  auto ifOp = scf::IfOp::create(
      b, loc, allTrue,
      [&](OpBuilder &tb, Location) {
        assumedTrue.insert(masks.begin(), masks.end());
        SmallVector<Value> results = emitNest(tb);
        assumedTrue.clear();
        scf::YieldOp::create(tb, loc, results);
      },
      [&](OpBuilder &eb, Location) {
        scf::YieldOp::create(eb, loc, emitNest(eb));
      });
  return SmallVector<Value>(ifOp.getResults());
}

} // namespace loops
} // namespace tilerun
