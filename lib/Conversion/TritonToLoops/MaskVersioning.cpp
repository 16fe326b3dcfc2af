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
// The same two copies serve f32 divisions by one scalar for the whole tile
// (softmax's `num / sum`): where the scalar has a normal reciprocal, the
// first copy multiplies by it and corrects once (ElementEmitter), which
// matches the division bit for bit except for tiny dividends and subnormal
// quotients (within an ulp there) at a fraction of x86's division cost.
// And integer remainders kept in buffers, Triton's `(pid * B + arange(B))
// % N` offsets, which make every address built from them a gather: where
// the tile's value ranges prove `0 <= x < N`, the first copy reads the
// affine `x` instead, and the operand copies of a matmul become vector
// copies.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

void TileLowering::collectVersioningCandidates(
    ValueRange roots, VersioningCandidates &found) const {
  llvm::DenseSet<Value> seen;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!v || !isTensor(v.getType()) || !seen.insert(v).second)
      continue;
    Operation *op = v.getDefiningOp();
    if (!op)
      continue;
    if (pool.holds(v)) {
      // A filled buffer; a remainder in one may be replaced by its dividend
      // where that can be computed here: inline, or from its own buffer.
      Value x =
          isa<arith::RemSIOp, arith::RemUIOp>(op) ? op->getOperand(0) : Value();
      if (x && (pool.holds(x) || !plan.isMaterialized(x)))
        found.remainders.push_back(op);
      continue;
    }
    if (auto load = dyn_cast<tt::LoadOp>(op))
      if (Value mask = load.getMask())
        if (!llvm::is_contained(found.masks, mask))
          found.masks.push_back(mask);
    // Operands of a materialized value have been evaluated into its buffer;
    // the roots themselves are being evaluated here, whatever the plan says.
    if (!llvm::is_contained(roots, v) && plan.isMaterialized(v))
      continue;
    if (auto div = dyn_cast<arith::DivFOp>(op))
      if (getElementTypeOrSelf(div.getType()).isF32())
        if (Value s = uniformScalar(div.getRhs()))
          found.divisions.push_back({op, s});
    for (Value operand : op->getOperands())
      worklist.push_back(operand);
  }
}

/// An i1 true when the f32 `divisor` has a normal, finite reciprocal:
/// 2^-126 <= |divisor| <= 2^126 (false for NaN).
static Value hasNormalReciprocal(OpBuilder &b, Location loc, Value divisor) {
  Type f32 = divisor.getType();
  auto constant = [&](float c) -> Value {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, c));
  };
  Value magnitude = math::AbsFOp::create(b, loc, divisor);
  return arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, magnitude,
                            constant(0x1p-126f)),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, magnitude,
                            constant(0x1p126f)));
}

ScopedNestFacts::ScopedNestFacts(TileLowering &tl, const NestFacts &facts)
    : tl(tl), outer(tl.facts) {
  tl.facts = &facts;
}

ScopedNestFacts::~ScopedNestFacts() { tl.facts = outer; }

bool TileLowering::isIndexPure(Value v,
                               llvm::DenseMap<Value, bool> &memo) const {
  if (!isTensor(v.getType()) || pool.holds(v))
    return true;
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  memo[v] = false; // Cycles cannot occur in SSA, but stay safe.
  Operation *op = v.getDefiningOp();
  // Loads and ops computed whole read memory or are not evaluated per
  // element; every other tile op only computes.
  std::optional<TileOpKind> kind = op ? getTileKind(op) : std::nullopt;
  bool pure = kind && *kind != TileOpKind::Load &&
              *kind != TileOpKind::Materializing && op->getNumRegions() == 0 &&
              isMemoryEffectFree(op);
  if (pure)
    for (Value operand : op->getOperands())
      if (!isIndexPure(operand, memo)) {
        pure = false;
        break;
      }
  memo[v] = pure;
  return pure;
}

void TileLowering::emitMaskVersioned(OpBuilder &b, Location loc,
                                     ArrayRef<int64_t> shape, ValueRange roots,
                                     ValueRange extraMasks,
                                     function_ref<void(OpBuilder &)> emitNest) {
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
  // The first copy of a nest inside another's sees that one's assumptions.
  if (!nestFacts().empty())
    return emitNest(b);
  VersioningCandidates found;
  for (Value m : extraMasks)
    if (m && isTensor(m.getType()))
      found.masks.push_back(m);
  collectVersioningCandidates(roots, found);
  SmallVector<Value> &masks = found.masks;
  llvm::DenseMap<Value, bool> memo;
  bool masksVersionable = !masks.empty() && llvm::all_of(masks, [&](Value m) {
    return isIndexPure(m, memo) && asTensor(m.getType()).getShape() == shape;
  });
  if (!masksVersionable || !options.versionMasks)
    masks.clear();
  // A buffered `x % n` (Triton's `(pid * B + arange(B)) % N` row and column
  // offsets) makes every address that uses it a gather; where the tile's
  // ranges show it is `x`, the first copy reads the affine `x` instead.
  SmallVector<std::pair<Value, Value>> identities; // remainder, proof
  if (options.identityRemainders)
    for (Operation *rem : found.remainders)
      if (Value proof = proveIdentityRemainder(b, loc, rem))
        identities.push_back({rem->getResult(0), proof});
  // A division by one scalar for the whole tile is a multiplication by its
  // reciprocal and one correction (ElementEmitter) where the reciprocal is
  // normal: x86's vector division is several times slower.
  auto &divisions = found.divisions;
  if (!options.uniformDivision)
    divisions.clear();
  if (masks.empty() && divisions.empty() && identities.empty())
    return emitNest(b);

  // Masks whose value ranges prove them true cost a few scalar ops; the
  // others are checked element by element.
  Value allTrue;
  auto conjoin = [&](Value c) {
    allTrue = allTrue ? arith::AndIOp::create(b, loc, allTrue, c) : c;
  };
  for (auto [rem, proof] : identities)
    conjoin(proof);
  for (auto [div, uniform] : divisions)
    conjoin(hasNormalReciprocal(b, loc, scalar(uniform)));
  SmallVector<Value> unproved;
  for (Value m : masks) {
    if (Value proof = proveMaskAllTrue(b, loc, m))
      allTrue = allTrue ? arith::AndIOp::create(b, loc, allTrue, proof) : proof;
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
    allTrue = allTrue
                  ? arith::AndIOp::create(b, loc, allTrue, check.getResult(0))
                  : check.getResult(0);
  }
  auto ifOp = scf::IfOp::create(
      b, loc, allTrue,
      [&](OpBuilder &tb, Location) {
        NestFacts facts;
        facts.trueMasks.insert(masks.begin(), masks.end());
        for (auto [div, divisor] : divisions)
          facts.safeDivisions.insert(div);
        for (auto [rem, proof] : identities)
          facts.identityRemainders.insert(rem);
        ScopedNestFacts scope(*this, facts);
        scf::YieldOp::create(tb, loc, emitNest(tb));
      },
      [&](OpBuilder &eb, Location) {
        scf::YieldOp::create(eb, loc, emitNest(eb));
      });
  return SmallVector<Value>(ifOp.getResults());
}

} // namespace loops
} // namespace tilerun
