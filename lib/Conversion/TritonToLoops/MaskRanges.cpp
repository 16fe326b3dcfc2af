//===- MaskRanges.cpp - all-true masks proved from value ranges -----------===//
//
// Before running the unguarded copy of a mask-versioned loop nest, every
// element of its masks must be known true. Most masks compare an index
// expression with a scalar bound: `pid * B + arange(B) < n`. Rather than
// evaluating such a mask element by element, its operands' value ranges are
// computed once per tile by interval arithmetic and compared: `hi(lhs) <
// lo(rhs)` proves every element true.
//
// Intervals are carried as exact i64 bounds. Triton's integer arithmetic
// wraps, so a bound is only meaningful when no element of any intermediate
// value wrapped: each node also yields an i1 that is true when its exact
// bounds fit its type, and the proof requires all of them. Nodes are at
// most 32 bits wide (extensions to i64 excepted), so exact bounds of a sum
// or product of two nodes never overflow i64. Anything the intervals cannot
// describe leaves the mask to the element-wise check.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

/// Exact bounds of every element of an integer value, and whether they are
/// exact (no intermediate value wrapped).
struct Interval {
  Value lo, hi; // i64
  Value exact;  // i1
};

class RangeProver {
public:
  RangeProver(TileLowering &tl, OpBuilder &b, Location loc)
      : tl(tl), b(b), loc(loc) {}

  /// An i1 that is true only if every element of `mask` is true, or null
  /// when the mask's shape of computation is not understood.
  Value proveAllTrue(Value mask);
  /// An i1 that is true only if `x % y` (arith.remsi/remui) equals `x` for
  /// every element, i.e. 0 <= x < y; null when the ranges are not known.
  Value proveIdentityRemainder(Operation *rem);

private:
  std::optional<Interval> interval(Value v);
  std::optional<Interval> compute(Value v);
  Value i64(int64_t c) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), c);
  }
  Value i1(bool c) {
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), c);
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value max(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  /// `iv` with its exactness narrowed to bounds that fit `width` bits.
  Interval fitting(Interval iv, unsigned width);

  TileLowering &tl;
  OpBuilder &b;
  Location loc;
  llvm::DenseMap<Value, std::optional<Interval>> memo;
};

unsigned intWidth(Value v) {
  Type t = getElementTypeOrSelf(v.getType());
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) && value.getBitWidth() <= 64)
    return value.getSExtValue();
  return std::nullopt;
}

Interval RangeProver::fitting(Interval iv, unsigned width) {
  if (width >= 64)
    return iv;
  int64_t maxValue = (int64_t(1) << (width - 1)) - 1;
  int64_t minValue = -maxValue - 1;
  iv.exact = both(iv.exact,
                  both(cmp(arith::CmpIPredicate::sge, iv.lo, i64(minValue)),
                       cmp(arith::CmpIPredicate::sle, iv.hi, i64(maxValue))));
  return iv;
}

std::optional<Interval> RangeProver::interval(Value v) {
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  std::optional<Interval> result = compute(v);
  memo[v] = result;
  return result;
}

std::optional<Interval> RangeProver::compute(Value v) {
  Type elem = getElementTypeOrSelf(v.getType());
  if (!elem.isSignlessInteger() && !elem.isIndex())
    return std::nullopt;
  unsigned width = intWidth(v);
  if (width < 2)
    return std::nullopt;
  if (!isTensor(v.getType())) {
    // A scalar: its own value, sign-extended.
    Value s = tl.scalar(v);
    Value wide = s;
    if (s.getType().isIndex())
      wide = arith::IndexCastOp::create(b, loc, b.getI64Type(), s);
    else if (width < 64)
      wide = arith::ExtSIOp::create(b, loc, b.getI64Type(), s);
    return Interval{wide, wide, i1(true)};
  }
  if (tl.bufferOf(v))
    return std::nullopt; // a computed tile: no cheap bounds
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  // Results wider than 32 bits only pass bounds through (extensions):
  // arithmetic on them could overflow the i64 bounds.
  bool narrow = width <= 32;

  auto binary = [&](auto combine) -> std::optional<Interval> {
    if (!narrow)
      return std::nullopt;
    auto x = interval(op->getOperand(0)), y = interval(op->getOperand(1));
    if (!x || !y)
      return std::nullopt;
    Interval r = combine(*x, *y);
    r.exact = both(r.exact, both(x->exact, y->exact));
    return fitting(r, width);
  };

  if (isRemap(op)) // the same values, elsewhere
    return interval(op->getOperand(0));
  return llvm::TypeSwitch<Operation *, std::optional<Interval>>(op)
      .Case<arith::ConstantOp>(
          [&](arith::ConstantOp c) -> std::optional<Interval> {
            auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue());
            if (!dense)
              return std::nullopt;
            int64_t lo = INT64_MAX, hi = INT64_MIN;
            for (const APInt &e : dense.getValues<APInt>()) {
              lo = std::min(lo, e.getSExtValue());
              hi = std::max(hi, e.getSExtValue());
            }
            return Interval{i64(lo), i64(hi), i1(true)};
          })
      .Case<tt::MakeRangeOp>([&](tt::MakeRangeOp r) -> std::optional<Interval> {
        return Interval{i64(r.getStart()), i64(int64_t(r.getEnd()) - 1),
                        i1(true)};
      })
      .Case<arith::ExtSIOp, arith::IndexCastOp>(
          [&](Operation *) { return interval(op->getOperand(0)); })
      .Case<arith::ExtUIOp>([&](Operation *) -> std::optional<Interval> {
        auto x = interval(op->getOperand(0));
        if (!x)
          return std::nullopt;
        Interval r = *x;
        r.exact = both(r.exact, cmp(arith::CmpIPredicate::sge, r.lo, i64(0)));
        return r;
      })
      .Case<arith::TruncIOp>([&](Operation *) -> std::optional<Interval> {
        auto x = interval(op->getOperand(0));
        if (!x)
          return std::nullopt;
        return fitting(*x, width);
      })
      .Case<arith::AddIOp>([&](Operation *) {
        return binary([&](Interval x, Interval y) {
          return Interval{arith::AddIOp::create(b, loc, x.lo, y.lo),
                          arith::AddIOp::create(b, loc, x.hi, y.hi), i1(true)};
        });
      })
      .Case<arith::SubIOp>([&](Operation *) {
        return binary([&](Interval x, Interval y) {
          return Interval{arith::SubIOp::create(b, loc, x.lo, y.hi),
                          arith::SubIOp::create(b, loc, x.hi, y.lo), i1(true)};
        });
      })
      .Case<arith::MulIOp>([&](Operation *) {
        return binary([&](Interval x, Interval y) {
          auto mul = [&](Value p, Value q) {
            return arith::MulIOp::create(b, loc, p, q).getResult();
          };
          Value a = mul(x.lo, y.lo), c = mul(x.lo, y.hi), d = mul(x.hi, y.lo),
                e = mul(x.hi, y.hi);
          return Interval{min(min(a, c), min(d, e)), max(max(a, c), max(d, e)),
                          i1(true)};
        });
      })
      .Case<arith::MinSIOp>([&](Operation *) {
        return binary([&](Interval x, Interval y) {
          return Interval{min(x.lo, y.lo), min(x.hi, y.hi), i1(true)};
        });
      })
      .Case<arith::MaxSIOp>([&](Operation *) {
        return binary([&](Interval x, Interval y) {
          return Interval{max(x.lo, y.lo), max(x.hi, y.hi), i1(true)};
        });
      })
      .Case<arith::DivSIOp, arith::ShRSIOp>(
          [&](Operation *) -> std::optional<Interval> {
            // Monotone in the dividend for a positive constant divisor.
            std::optional<int64_t> c = constantOf(op->getOperand(1));
            bool isShift = isa<arith::ShRSIOp>(op);
            if (!narrow || !c || *c < (isShift ? 0 : 1) ||
                (isShift && *c >= width))
              return std::nullopt;
            auto x = interval(op->getOperand(0));
            if (!x)
              return std::nullopt;
            auto apply = [&](Value p) -> Value {
              if (isShift)
                return arith::ShRSIOp::create(b, loc, p, i64(*c));
              return arith::DivSIOp::create(b, loc, p, i64(*c));
            };
            return Interval{apply(x->lo), apply(x->hi), x->exact};
          })
      .Case<arith::RemSIOp, arith::RemUIOp, arith::AndIOp>(
          [&](Operation *) -> std::optional<Interval> {
            // x % c (c > 0) and x & c (c >= 0) of a non-negative x lie in
            // [0, c - 1] and [0, c].
            std::optional<int64_t> c = constantOf(op->getOperand(1));
            bool isAnd = isa<arith::AndIOp>(op);
            if (!narrow || !c || *c < (isAnd ? 0 : 1))
              return std::nullopt;
            auto x = interval(op->getOperand(0));
            if (!x)
              return std::nullopt;
            Value nonNegative = cmp(arith::CmpIPredicate::sge, x->lo, i64(0));
            return Interval{i64(0), min(x->hi, i64(isAnd ? *c : *c - 1)),
                            both(x->exact, nonNegative)};
          })
      .Default([](Operation *) { return std::nullopt; });
}

Value RangeProver::proveAllTrue(Value mask) {
  if (!isTensor(mask.getType()))
    return tl.scalar(mask);
  if (tl.bufferOf(mask))
    return Value();
  Operation *op = mask.getDefiningOp();
  if (!op)
    return Value();
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue());
    if (dense && dense.isSplat())
      return i1(dense.getSplatValue<APInt>().isOne());
    return Value();
  }
  if (isRemap(op)) // the same values, elsewhere
    return proveAllTrue(op->getOperand(0));
  if (isa<arith::AndIOp, arith::OrIOp>(op)) {
    Value x = proveAllTrue(op->getOperand(0));
    Value y = proveAllTrue(op->getOperand(1));
    if (isa<arith::AndIOp>(op))
      return x && y ? both(x, y) : Value();
    if (x && y)
      return arith::OrIOp::create(b, loc, x, y);
    return x ? x : y; // either operand being all true suffices
  }
  auto cmpOp = dyn_cast<arith::CmpIOp>(op);
  if (!cmpOp)
    return Value();
  auto x = interval(cmpOp.getLhs()), y = interval(cmpOp.getRhs());
  if (!x || !y)
    return Value();
  using P = arith::CmpIPredicate;
  Value exact = both(x->exact, y->exact);
  // Unsigned orders agree with signed ones on non-negative values.
  Value nonNegative =
      both(cmp(P::sge, x->lo, i64(0)), cmp(P::sge, y->lo, i64(0)));
  Value holds;
  switch (cmpOp.getPredicate()) {
  case P::slt:
    holds = cmp(P::slt, x->hi, y->lo);
    break;
  case P::sle:
    holds = cmp(P::sle, x->hi, y->lo);
    break;
  case P::sgt:
    holds = cmp(P::sgt, x->lo, y->hi);
    break;
  case P::sge:
    holds = cmp(P::sge, x->lo, y->hi);
    break;
  case P::ult:
    holds = both(nonNegative, cmp(P::slt, x->hi, y->lo));
    break;
  case P::ule:
    holds = both(nonNegative, cmp(P::sle, x->hi, y->lo));
    break;
  case P::ugt:
    holds = both(nonNegative, cmp(P::sgt, x->lo, y->hi));
    break;
  case P::uge:
    holds = both(nonNegative, cmp(P::sge, x->lo, y->hi));
    break;
  case P::ne:
    holds = arith::OrIOp::create(b, loc, cmp(P::slt, x->hi, y->lo),
                                 cmp(P::sgt, x->lo, y->hi));
    break;
  case P::eq:
    holds = both(both(cmp(P::eq, x->lo, x->hi), cmp(P::eq, y->lo, y->hi)),
                 cmp(P::eq, x->lo, y->lo));
    break;
  }
  return both(exact, holds);
}

Value RangeProver::proveIdentityRemainder(Operation *rem) {
  auto x = interval(rem->getOperand(0)), y = interval(rem->getOperand(1));
  if (!x || !y)
    return Value();
  using P = arith::CmpIPredicate;
  // Both orders agree on 0 <= x < y (then y > 0 too).
  Value inRange = both(cmp(P::sge, x->lo, i64(0)), cmp(P::slt, x->hi, y->lo));
  return both(both(x->exact, y->exact), inRange);
}

} // namespace

Value TileLowering::proveMaskAllTrue(OpBuilder &b, Location loc, Value mask) {
  return RangeProver(*this, b, loc).proveAllTrue(mask);
}

Value TileLowering::proveIdentityRemainder(OpBuilder &b, Location loc,
                                           Operation *rem) {
  return RangeProver(*this, b, loc).proveIdentityRemainder(rem);
}

} // namespace loops
} // namespace tilerun
