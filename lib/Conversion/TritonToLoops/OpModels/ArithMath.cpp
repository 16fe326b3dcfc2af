//===- ArithMath.cpp - One tile model for every arith and math op ---------===//
//
// arith and math ops carry ElementwiseMappable: on tensors they apply their
// scalar form to each element. One generic model, attached to every
// elementwise op of both dialects, evaluates an element by cloning the op
// on scalar operands, with what the GPU does differently: 8-bit floats
// computed in f32, saturating shifts, integer divisions that do not trap,
// and a uniform f32 divisor turned into a multiplication where the nest is
// versioned on it. Adding an elementwise arith or math op needs nothing
// here.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <limits>

using namespace mlir;

namespace tilerun {
namespace loops {
namespace {

/// Scalar form of an elementwise arith/math op: same op, scalar operands and
/// result types.
Value cloneScalar(OpBuilder &b, Operation *op, ValueRange operands) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  for (Type t : op->getResultTypes())
    state.addTypes(loweredElementType(t));
  state.addAttributes(op->getAttrs());
  return b.create(state)->getResult(0);
}

/// An 8-bit float (f8E4M3FN, f8E5M2, ...): LLVM has no such type.
bool isFp8(Type t) { return isa<FloatType>(t) && !LLVM::isCompatibleType(t); }

/// An arith/math op on 8-bit floats, which no CPU computes on. Sign
/// operations (but for the FNUZ formats) and selects act on the bits,
/// exactly as on the GPU (NaN payloads kept); everything else is computed
/// in f32 from the exact widening and rounded back to nearest-even, the
/// conversion Triton's fp8 casts use.
Value emitFp8Elementwise(OpBuilder &b, Operation *op, ValueRange args,
                         Type elemTy) {
  Location loc = op->getLoc();
  Type i8 = b.getI8Type();
  auto bits = [&](Value v) { return arith::BitcastOp::create(b, loc, i8, v); };
  auto cst = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i8, v);
  };
  // In the FNUZ formats 0x80 is NaN, not -0: a sign flip of 0 or of the
  // NaN is wrong there, so their sign operations go through f32 too.
  bool fnuz = isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(elemTy);
  if (!fnuz && isa<math::AbsFOp>(op))
    return arith::BitcastOp::create(
        b, loc, elemTy,
        arith::AndIOp::create(b, loc, bits(args[0]), cst(0x7f)));
  if (!fnuz && isa<arith::NegFOp>(op))
    return arith::BitcastOp::create(
        b, loc, elemTy,
        arith::XOrIOp::create(b, loc, bits(args[0]), cst(0x80)));
  if (!fnuz && isa<math::CopySignOp>(op)) {
    Value mag = arith::AndIOp::create(b, loc, bits(args[0]), cst(0x7f));
    Value sign = arith::AndIOp::create(b, loc, bits(args[1]), cst(0x80));
    return arith::BitcastOp::create(b, loc, elemTy,
                                    arith::OrIOp::create(b, loc, mag, sign));
  }
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return arith::BitcastOp::create(
        b, loc, elemTy,
        arith::SelectOp::create(b, loc, args[0], bits(args[1]), bits(args[2])));
  Type f32 = b.getF32Type();
  OperationState state(loc, op->getName());
  for (Value a : args)
    state.addOperands(isFp8(a.getType()) ? emitFloatExtend(b, loc, a, f32) : a);
  state.addTypes(isFp8(elemTy) ? f32 : elemTy);
  state.addAttributes(op->getAttrs());
  Value r = b.create(state)->getResult(0);
  return isFp8(elemTy) ? emitFloatTruncate(b, loc, r, elemTy,
                                           /*towardZero=*/false)
                       : r;
}

/// x / s for an f32 divisor `s` that is the same for the whole loop nest and
/// has a normal reciprocal: q = x * (1/s) corrected once with the exact
/// residual x - q*s (Markstein), which is the correctly rounded quotient
/// unless it is subnormal or |x| < 2^-96, where the residual is not exact
/// (then within an ulp). LLVM hoists 1/s out of the
/// loop, leaving a multiply and two FMAs where x86 would divide (a vector
/// division issues once every 3.5 cycles on Zen 3). Where q is not finite
/// (x is inf or NaN, or x / s overflows), the residual is NaN and q is the
/// answer.
Value emitUniformDivision(OpBuilder &b, Location loc, Value x, Value s) {
  Type f32 = x.getType();
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, 1.0));
  Value r = arith::DivFOp::create(b, loc, one, s);
  Value q = arith::MulFOp::create(b, loc, x, r);
  Value minusQ = arith::NegFOp::create(b, loc, q);
  Value residual = math::FmaOp::create(b, loc, minusQ, s, x);
  Value corrected = math::FmaOp::create(b, loc, residual, r, q);
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(f32, std::numeric_limits<float>::infinity()));
  Value finite = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                       math::AbsFOp::create(b, loc, q), inf);
  return arith::SelectOp::create(b, loc, finite, corrected, q);
}

/// A shift by the bit width or more is poison in LLVM; on the GPU it
/// saturates: zero for left and logical right shifts, the sign for
/// arithmetic right shifts.
Value clampShift(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                 Value r) {
  Type t = r.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Value width = arith::ConstantIntOp::create(b, loc, t, w);
  Value tooFar =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, args[1], width);
  Value saturated =
      isa<arith::ShRSIOp>(op)
          ? arith::ShRSIOp::create(
                b, loc, args[0], arith::ConstantIntOp::create(b, loc, t, w - 1))
                .getResult()
          : arith::ConstantIntOp::create(b, loc, t, 0).getResult();
  return arith::SelectOp::create(b, loc, tooFar, saturated, r);
}

/// The divisor of an integer division or remainder, made safe: a divisor
/// of zero, and -1 under the signed minimum, are undefined behaviour in
/// LLVM (and trap on x86), while on the GPU they give a value (unspecified
/// in PTX for zero, the wrapped quotient for the overflow). Both become a
/// divisor of 1: x / 0 is x and x % 0 is 0, and MIN / -1 is MIN, its
/// wrapped value, with MIN % -1 = 0. Masked-off elements need this above
/// all: their loads give 0, and LLVM, free to assume the divisor nonzero,
/// would otherwise drop the masks of the loads feeding it.
Value safeDivisor(OpBuilder &b, Location loc, Operation *op, ValueRange args) {
  Value x = args[0], d = args[1];
  Type t = d.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  auto cst = [&](const APInt &v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v));
  };
  auto eq = [&](Value a, Value c) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a, c);
  };
  Value one = cst(APInt(w, 1));
  Value unsafe = eq(d, cst(APInt(w, 0)));
  if (isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
          arith::FloorDivSIOp>(op))
    unsafe = arith::OrIOp::create(
        b, loc, unsafe,
        arith::AndIOp::create(b, loc, eq(x, cst(APInt::getSignedMinValue(w))),
                              eq(d, cst(APInt::getAllOnes(w)))));
  return arith::SelectOp::create(b, loc, unsafe, one, d);
}

/// Element cost of the op classes: divisions and remainders issue once
/// every several cycles, transcendental functions expand into tens of
/// instructions; other float arithmetic is one instruction, and integer
/// arithmetic folds into addressing.
constexpr unsigned kDivisionCost = kExpensiveElementCost;
constexpr unsigned kTranscendentalCost = 2 * kExpensiveElementCost;

struct ArithMathModel : TileOpInterface::FallbackModel<ArithMathModel> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Elementwise; }

  unsigned getElementCost(Operation *op) const {
    if (isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
            arith::RemSIOp, arith::RemUIOp>(op))
      return kDivisionCost;
    if (isa<math::MathDialect>(op->getDialect()))
      return kTranscendentalCost;
    return isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())) ? 1
                                                                            : 0;
  }

  bool readsOperandsAtOwnIndex(Operation *) const { return true; }
  AffineMap getOperandIndexMap(Operation *) const { return {}; }

  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Type elemTy = loweredElementType(result.getType());
    SmallVector<Value> args = llvm::map_to_vector(
        op->getOperands(), [&](Value v) { return tl.element(b, v, idx); });
    if (isa<arith::ExtFOp>(op))
      return emitFloatExtend(b, loc, args[0], elemTy);
    if (isa<arith::TruncFOp>(op) &&
        !cast<arith::TruncFOp>(op).getRoundingmodeAttr())
      return emitFloatTruncate(b, loc, args[0], elemTy, /*towardZero=*/false);
    if (isFp8(elemTy) ||
        llvm::any_of(args, [](Value a) { return isFp8(a.getType()); }))
      if (!isa<arith::BitcastOp, arith::TruncFOp>(op))
        return emitFp8Elementwise(b, op, args, elemTy);
    if (isa<arith::DivFOp>(op) && tl.nestFacts().hasSafeUniformDivisor(op))
      return emitUniformDivision(b, loc, args[0], args[1]);
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
      args[1] = safeDivisor(b, loc, op, args);
    Value r = cloneScalar(b, op, args);
    if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
      r = clampShift(b, loc, op, args, r);
    return r;
  }

  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &, OpBuilder &,
                                 ArrayRef<Value>) const {
    return op->emitOpError("is not computed into buffers (internal error)");
  }
};

/// Every single-result elementwise op of `dialect` but the constants,
/// which have a model of their own.
void attachToElementwiseOps(MLIRContext *ctx, StringRef dialect) {
  for (RegisteredOperationName name :
       ctx->getRegisteredOperationsByDialect(dialect))
    if (name.hasTrait<OpTrait::Elementwise>() &&
        name.hasTrait<OpTrait::OneResult>() &&
        !name.hasTrait<OpTrait::ConstantLike>())
      name.attachInterface<ArithMathModel>();
}

} // namespace

void registerArithMathModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachToElementwiseOps(ctx, arith::ArithDialect::getDialectNamespace());
  });
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachToElementwiseOps(ctx, math::MathDialect::getDialectNamespace());
  });
}

} // namespace loops
} // namespace tilerun
