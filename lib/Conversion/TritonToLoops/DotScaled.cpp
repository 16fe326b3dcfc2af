//===- DotScaled.cpp - tt.dot_scaled --------------------------------------===//
//
// Microscaling (MX) products. Each operand is a tile of narrow floats; every
// 32 consecutive elements along K (one row of A, one column of B) share one
// scale, an e8m0 byte s worth 2^(s - 127) (255 is NaN). Both operands are
// decoded and scaled into f32 tiles, then multiplied by the f32 dot. Every
// element format here has at most 11 significant bits, so the scaled
// operands are exact in f32 (unless they overflow its range) and each
// product is exact as well: the result differs from any other exact-product
// evaluation only by the order of the f32 additions. Against an fp16
// operand the scaled one is rounded to fp16 first, as Triton computes it
// (its GPU decomposition upcasts to the other operand's type).
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {
namespace {

Value i32Const(OpBuilder &b, Location loc, int32_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

/// The f32 value of a minifloat code in the low bits of `code` (i32): a sign
/// bit, `ebits` exponent bits biased by 2^(ebits-1) - 1 and `mbits` mantissa
/// bits, with subnormals and without infinities or NaN, as the MX formats
/// e2m1, e2m3 and e3m2 are.
Value decodeMiniFloat(OpBuilder &b, Location loc, Value code, int32_t ebits,
                      int32_t mbits) {
  int32_t bias = (1 << (ebits - 1)) - 1;
  Value e = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, code, i32Const(b, loc, mbits)),
      i32Const(b, loc, (1 << ebits) - 1));
  Value m =
      arith::AndIOp::create(b, loc, code, i32Const(b, loc, (1 << mbits) - 1));
  Value negative = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, code,
                            i32Const(b, loc, 1 << (ebits + mbits))),
      i32Const(b, loc, 0));
  // value = significand * 2^(exponent - bias - mbits), where a subnormal
  // (e = 0) has no implicit bit and the exponent of e = 1.
  Value subnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, e,
                                          i32Const(b, loc, 0));
  Value significand = arith::SelectOp::create(
      b, loc, subnormal, m,
      arith::OrIOp::create(b, loc, m, i32Const(b, loc, 1 << mbits)));
  Value exponent =
      arith::SelectOp::create(b, loc, subnormal, i32Const(b, loc, 1), e);
  Value scaleBits = arith::ShLIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, exponent,
                            i32Const(b, loc, 127 - bias - mbits)),
      i32Const(b, loc, 23));
  Value magnitude = arith::MulFOp::create(
      b, loc, arith::SIToFPOp::create(b, loc, b.getF32Type(), significand),
      arith::BitcastOp::create(b, loc, b.getF32Type(), scaleBits));
  return arith::SelectOp::create(
      b, loc, negative, arith::NegFOp::create(b, loc, magnitude), magnitude);
}

} // namespace

Value decodeE2M1(OpBuilder &b, Location loc, Value byte, Value position) {
  Value code = arith::ExtUIOp::create(b, loc, b.getI32Type(), byte);
  Value odd = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, position, constantIndex(b, loc, 1)),
      constantIndex(b, loc, 0));
  code = arith::SelectOp::create(
      b, loc, odd, arith::ShRUIOp::create(b, loc, code, i32Const(b, loc, 4)),
      code);
  return decodeMiniFloat(b, loc, code, 2, 1);
}

namespace {

/// 2^(s - 127) for the e8m0 scale byte `s`; s = 0 is the subnormal 2^-127
/// and s = 255 is NaN.
Value decodeE8M0(OpBuilder &b, Location loc, Value s) {
  Value code = arith::ExtUIOp::create(b, loc, b.getI32Type(), s);
  Value bits = arith::ShLIOp::create(b, loc, code, i32Const(b, loc, 23));
  auto is = [&](int32_t v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code,
                                 i32Const(b, loc, v));
  };
  bits = arith::SelectOp::create(b, loc, is(0), i32Const(b, loc, 0x00400000),
                                 bits);
  bits = arith::SelectOp::create(b, loc, is(255), i32Const(b, loc, 0x7fc00000),
                                 bits);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

/// One operand of a dot_scaled, seen as its logical tile: A is M x K, B is
/// K x N.
struct ScaledOperand {
  Value value;
  Value scale; // null: no scale
  tt::ScaleDotElemType format;
  bool kPack; // e2m1: the two codes of a byte are neighbours along K
  bool isLhs;
  int64_t group; // elements along K per scale
  // The other operand is fp16: the scaled operand becomes fp16 first.
  bool scaleInF16 = false;
};

/// The f32 element at logical (row, col) of `o`, decoded and scaled.
Value scaledElement(TileLowering &tl, OpBuilder &b, Location loc,
                    const ScaledOperand &o, Value row, Value col) {
  Value k = o.isLhs ? col : row;
  Value mn = o.isLhs ? row : col;
  auto idx = [&](Value mnAt, Value kAt) -> SmallVector<Value> {
    return o.isLhs ? SmallVector<Value>{mnAt, kAt}
                   : SmallVector<Value>{kAt, mnAt};
  };
  auto halve = [&](Value i) {
    return arith::ShRUIOp::create(b, loc, i, constantIndex(b, loc, 1));
  };
  Value v;
  switch (o.format) {
  case tt::ScaleDotElemType::E2M1: {
    // Two codes per byte, packed along K or along M / N.
    SmallVector<Value> at = o.kPack ? idx(mn, halve(k)) : idx(halve(mn), k);
    v = decodeE2M1(b, loc, tl.element(b, o.value, at), o.kPack ? k : mn);
    break;
  }
  case tt::ScaleDotElemType::E2M3:
  case tt::ScaleDotElemType::E3M2: {
    // One code per byte, in its low six bits.
    Value code = arith::ExtUIOp::create(b, loc, b.getI32Type(),
                                        tl.element(b, o.value, idx(mn, k)));
    bool e2m3 = o.format == tt::ScaleDotElemType::E2M3;
    v = decodeMiniFloat(b, loc, code, e2m3 ? 2 : 3, e2m3 ? 3 : 2);
    break;
  }
  default: {
    v = tl.element(b, o.value, idx(mn, k));
    if (isa<IntegerType>(v.getType())) {
      // fp8 operands passed as their bytes.
      Type fp8 = o.format == tt::ScaleDotElemType::E4M3
                     ? Type(b.getType<Float8E4M3FNType>())
                     : Type(b.getType<Float8E5M2Type>());
      v = arith::BitcastOp::create(b, loc, fp8, v);
    }
    if (!v.getType().isF32())
      v = emitFloatExtend(b, loc, v, b.getF32Type());
    break;
  }
  }
  if (!o.scale)
    return v;
  Value groupIdx =
      arith::DivUIOp::create(b, loc, k, constantIndex(b, loc, o.group));
  Value s = decodeE8M0(b, loc, tl.element(b, o.scale, {mn, groupIdx}));
  if (!o.scaleInF16)
    return arith::MulFOp::create(b, loc, v, s);
  // Against an fp16 operand Triton computes the scaled operand in fp16, as
  // the GPU's decomposition of an MX product does: the scale is rounded to
  // fp16 (0 or inf outside its range) and so is the product. v and the
  // rounded scale are exact in f32, so their f32 product rounded once to
  // fp16 is the fp16 multiply.
  Type f16 = b.getF16Type(), f32 = b.getF32Type();
  auto roundToF16 = [&](Value x) {
    return emitFloatExtend(b, loc, emitFloatTruncate(b, loc, x, f16, false),
                           f32);
  };
  return roundToF16(arith::MulFOp::create(b, loc, v, roundToF16(s)));
}

} // namespace

LogicalResult lowerDotScaled(TileLowering &tl, OpBuilder &b, Operation *op,
                             Value out) {
  auto dot = cast<tt::DotScaledOp>(op);
  Location loc = op->getLoc();
  auto dTy = asTensor(dot.getD().getType());
  if (dTy.getRank() != 2)
    return op->emitOpError("only 2-D scaled dots are supported");
  if (!dTy.getElementType().isF32())
    return op->emitOpError("only f32 results are supported");
  int64_t M = dTy.getShape()[0], N = dTy.getShape()[1];
  auto aShape = asTensor(dot.getA().getType()).getShape();
  bool aFp4 = dot.getAElemType() == tt::ScaleDotElemType::E2M1;
  int64_t K = aShape[1] * (aFp4 && dot.getLhsKPack() ? 2 : 1);

  auto operand = [&](Value value, Value scale, tt::ScaleDotElemType format,
                     bool kPack, bool isLhs) -> FailureOr<ScaledOperand> {
    bool otherIsF16 = (isLhs ? dot.getBElemType() : dot.getAElemType()) ==
                      tt::ScaleDotElemType::FP16;
    ScaledOperand o{value, scale, format, kPack, isLhs, K, otherIsF16};
    if (!scale)
      return o;
    auto sTy = asTensor(scale.getType());
    if (!sTy.getElementType().isInteger(8))
      return op->emitOpError("scales must be e8m0 bytes (i8), not ")
             << sTy.getElementType();
    if (sTy.getRank() != 2)
      return op->emitOpError("scales must be 2-D, got ") << sTy;
    int64_t groups = sTy.getShape()[1];
    if (sTy.getShape()[0] != (isLhs ? M : N) || groups == 0 || K % groups)
      return op->emitOpError("scale of shape ")
             << sTy << " does not divide a " << (isLhs ? M : N) << " x " << K
             << " operand into groups along K";
    o.group = K / groups;
    return o;
  };
  auto lhs = operand(dot.getA(), dot.getAScale(), dot.getAElemType(),
                     dot.getLhsKPack(), /*isLhs=*/true);
  auto rhs = operand(dot.getB(), dot.getBScale(), dot.getBElemType(),
                     dot.getRhsKPack(), /*isLhs=*/false);
  if (failed(lhs) || failed(rhs))
    return failure();

  auto pack = [&](const ScaledOperand &o, ArrayRef<int64_t> shape) {
    Value buf = tl.allocBuffer(loc, shape, b.getF32Type());
    TileLowering::emitLoopNest(
        b, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc, scaledElement(tl, ib, loc, o, idx[0], idx[1]),
                         buf, idx);
        });
    return buf;
  };
  Value A = pack(*lhs, {M, K});
  Value B = pack(*rhs, {K, N});
  emitPackedDot(tl, b, loc, A, B, dot.getC(), out, /*rank=*/2, /*batch=*/1, M,
                N, K);
  return success(!tl.hasFailed());
}

} // namespace loops
} // namespace tilerun
