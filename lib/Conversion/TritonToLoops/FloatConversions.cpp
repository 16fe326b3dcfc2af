//===- FloatConversions.cpp - Float truncation as the GPU rounds it -------===//
//
// `tt.fp_to_fp` rounds to nearest-even or toward zero. LLVM has no
// toward-zero truncation on the host and lowers f32->bf16 through a runtime
// routine that flushes subnormals, so both are done here on bit patterns:
//   - bf16 is the top half of an f32: nearest-even adds 0x7fff plus the
//     lowest kept bit before dropping 16 bits; toward zero just drops them;
//   - toward zero for other types rounds to nearest, then steps one unit
//     back toward zero when that rounding went away from zero (an integer
//     decrement of a sign-magnitude encoding).
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace tilerun {
namespace loops {

static Value cst(OpBuilder &b, Location loc, Type t, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, t, v);
}

static Value truncateToBF16(OpBuilder &b, Location loc, Value x,
                            bool towardZero) {
  Type i32 = b.getI32Type(), i16 = b.getI16Type();
  if (!x.getType().isF32())
    x = x.getType().getIntOrFloatBitWidth() > 32
            ? arith::TruncFOp::create(b, loc, b.getF32Type(), x).getResult()
            : arith::ExtFOp::create(b, loc, b.getF32Type(), x).getResult();
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  Value sixteen = cst(b, loc, i32, 16);
  Value rounded = bits;
  if (!towardZero) {
    Value lsb = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, bits, sixteen),
        cst(b, loc, i32, 1));
    rounded = arith::AddIOp::create(
        b, loc, bits,
        arith::AddIOp::create(b, loc, lsb, cst(b, loc, i32, 0x7fff)));
  }
  Value top = arith::ShRUIOp::create(b, loc, rounded, sixteen);
  // NaN stays NaN (quiet), whatever rounding would do to its payload.
  Value quietNaN = arith::OrIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, sixteen),
      cst(b, loc, i32, 0x40));
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value r = arith::SelectOp::create(b, loc, isNaN, quietNaN, top);
  r = arith::TruncIOp::create(b, loc, i16, r);
  return arith::BitcastOp::create(b, loc, b.getBF16Type(), r);
}

namespace {
/// An 8-bit float format: sign, `ebits` exponent bits, `mbits` mantissa bits.
struct Fp8Format {
  int ebits, mbits, bias;
  bool hasInf; // E5M2 has inf; E4M3FN has none (all-ones is NaN)
  double maxFinite;
  // AMD's FNUZ formats (f8E4M3FNUZ, f8E5M2FNUZ): no infinity, no negative
  // zero; 0x80 is the only NaN and every other code is finite.
  bool fnuz = false;
};

std::optional<Fp8Format> fp8Format(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return Fp8Format{4, 3, 7, false, 448.0};
  if (isa<Float8E5M2Type>(t))
    return Fp8Format{5, 2, 15, true, 57344.0};
  if (isa<Float8E4M3FNUZType>(t))
    return Fp8Format{4, 3, 8, false, 240.0, /*fnuz=*/true};
  if (isa<Float8E5M2FNUZType>(t))
    return Fp8Format{5, 2, 16, false, 57344.0, /*fnuz=*/true};
  return std::nullopt;
}

Value f32Const(OpBuilder &b, Location loc, double v) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr((float)v));
}

/// Rounds to the nearest representable value (ties to even), saturating to
/// the largest finite value as the GPU's `cvt.rn.satfinite` does; NaN stays
/// NaN. Works on the magnitude in f32: scaling by a power of two is exact.
/// FNUZ formats as Triton's AMD backend converts to them: finite values
/// saturate, infinities and NaN become the NaN 0x80, and a result of zero
/// is +0 whatever the sign (0x80 is not -0 there).
Value encodeFp8(OpBuilder &b, Location loc, Value x, Type to,
                const Fp8Format &f, bool towardZero) {
  Type i32 = b.getI32Type(), i8 = b.getI8Type();
  if (!x.getType().isF32())
    x = x.getType().getIntOrFloatBitWidth() > 32
            ? arith::TruncFOp::create(b, loc, b.getF32Type(), x).getResult()
            : arith::ExtFOp::create(b, loc, b.getF32Type(), x).getResult();
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, cst(b, loc, i32, 24)),
      cst(b, loc, i32, 0x80));
  Value a = math::AbsFOp::create(b, loc, x);
  // Quantum at a's binade (subnormal binades share the smallest one).
  Value expField = arith::AndIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, arith::BitcastOp::create(b, loc, i32, a),
                             cst(b, loc, i32, 23)),
      cst(b, loc, i32, 0xff));
  Value e = arith::SubIOp::create(b, loc, expField, cst(b, loc, i32, 127));
  e = arith::MaxSIOp::create(b, loc, e, cst(b, loc, i32, 1 - f.bias));
  Value qBits = arith::ShLIOp::create(
      b, loc, arith::AddIOp::create(b, loc, e, cst(b, loc, i32, 127 - f.mbits)),
      cst(b, loc, i32, 23));
  Value q = arith::BitcastOp::create(b, loc, b.getF32Type(), qBits);
  Value scaled = arith::DivFOp::create(b, loc, a, q);
  Value r = towardZero ? math::TruncOp::create(b, loc, scaled).getResult()
                       : math::RoundEvenOp::create(b, loc, scaled).getResult();
  r = arith::MulFOp::create(b, loc, r, q);
  r = arith::MinimumFOp::create(b, loc, r, f32Const(b, loc, f.maxFinite));
  // Encode r (exactly representable now).
  Value rBits = arith::BitcastOp::create(b, loc, i32, r);
  Value er = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, rBits, cst(b, loc, i32, 23)),
      cst(b, loc, i32, 127));
  Value isSub = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, er,
                                      cst(b, loc, i32, 1 - f.bias));
  // Subnormal: the integer multiple of the smallest subnormal.
  Value subUnit = f32Const(b, loc, std::ldexp(1.0, 1 - f.bias - f.mbits));
  Value subCode = arith::FPToSIOp::create(
      b, loc, i32, arith::DivFOp::create(b, loc, r, subUnit));
  Value normExp = arith::ShLIOp::create(
      b, loc, arith::AddIOp::create(b, loc, er, cst(b, loc, i32, f.bias)),
      cst(b, loc, i32, f.mbits));
  Value mant = arith::AndIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, rBits, cst(b, loc, i32, 23 - f.mbits)),
      cst(b, loc, i32, (1 << f.mbits) - 1));
  Value normCode = arith::OrIOp::create(b, loc, normExp, mant);
  Value code = arith::SelectOp::create(b, loc, isSub, subCode, normCode);
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  if (f.fnuz) {
    // No signed zero: the sign goes only on a nonzero code.
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code,
                                         cst(b, loc, i32, 0));
    code = arith::OrIOp::create(
        b, loc, code,
        arith::SelectOp::create(b, loc, isZero, cst(b, loc, i32, 0), sign));
    Value isInf = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, a,
                                        f32Const(b, loc, INFINITY));
    Value toNaN = arith::OrIOp::create(b, loc, isNaN, isInf);
    code = arith::SelectOp::create(b, loc, toNaN, cst(b, loc, i32, 0x80), code);
  } else {
    code = arith::SelectOp::create(b, loc, isNaN, cst(b, loc, i32, 0x7f), code);
    code = arith::OrIOp::create(b, loc, code, sign);
  }
  return arith::BitcastOp::create(b, loc, to,
                                  arith::TruncIOp::create(b, loc, i8, code));
}
} // namespace

Value emitFloatExtend(OpBuilder &b, Location loc, Value x, Type to) {
  auto f = fp8Format(x.getType());
  if (!f)
    return arith::ExtFOp::create(b, loc, to, x);
  Type i32 = b.getI32Type();
  Value code = arith::ExtUIOp::create(
      b, loc, i32, arith::BitcastOp::create(b, loc, b.getI8Type(), x));
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, code, cst(b, loc, i32, 0x80)),
      cst(b, loc, i32, 24));
  Value e = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, code, cst(b, loc, i32, f->mbits)),
      cst(b, loc, i32, (1 << f->ebits) - 1));
  Value m = arith::AndIOp::create(b, loc, code,
                                  cst(b, loc, i32, (1 << f->mbits) - 1));
  // Normal: rebias the exponent, widen the mantissa.
  Value normBits = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, e, cst(b, loc, i32, 127 - f->bias)),
          cst(b, loc, i32, 23)),
      arith::ShLIOp::create(b, loc, m, cst(b, loc, i32, 23 - f->mbits)));
  Value norm = arith::BitcastOp::create(b, loc, b.getF32Type(), normBits);
  // Subnormal: m times the smallest subnormal.
  Value sub = arith::MulFOp::create(
      b, loc, arith::SIToFPOp::create(b, loc, b.getF32Type(), m),
      f32Const(b, loc, std::ldexp(1.0, 1 - f->bias - f->mbits)));
  Value isSub = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, e,
                                      cst(b, loc, i32, 0));
  Value mag = arith::SelectOp::create(b, loc, isSub, sub, norm);
  Value allOnes = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, e,
                                        cst(b, loc, i32, (1 << f->ebits) - 1));
  Value nan = f32Const(b, loc, std::numeric_limits<double>::quiet_NaN());
  if (f->fnuz) {
    // 0x80 (the pattern of -0) is the only NaN, set after the sign below;
    // all-ones exponents are ordinary finite values.
  } else if (f->hasInf) {
    Value isInf = arith::AndIOp::create(
        b, loc, allOnes,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, m,
                              cst(b, loc, i32, 0)));
    Value special =
        arith::SelectOp::create(b, loc, isInf, f32Const(b, loc, INFINITY), nan);
    mag = arith::SelectOp::create(b, loc, allOnes, special, mag);
  } else {
    Value isNaN = arith::AndIOp::create(
        b, loc, allOnes,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, m,
                              cst(b, loc, i32, (1 << f->mbits) - 1)));
    mag = arith::SelectOp::create(b, loc, isNaN, nan, mag);
  }
  Value r = math::CopySignOp::create(
      b, loc, mag, arith::BitcastOp::create(b, loc, b.getF32Type(), sign));
  if (f->fnuz)
    r = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code,
                              cst(b, loc, i32, 0x80)),
        nan, r);
  if (!to.isF32())
    r = to.getIntOrFloatBitWidth() < 32
            ? emitFloatTruncate(b, loc, r, to, false)
            : arith::ExtFOp::create(b, loc, to, r).getResult();
  return r;
}

Value emitFloatTruncate(OpBuilder &b, Location loc, Value x, Type to,
                        bool towardZero) {
  if (to.isBF16())
    return truncateToBF16(b, loc, x, towardZero);
  if (auto f = fp8Format(to))
    return encodeFp8(b, loc, x, to, *f, towardZero);
  if (fp8Format(x.getType()))
    return emitFloatExtend(b, loc, x, to);
  Value y = arith::TruncFOp::create(b, loc, to, x);
  if (!towardZero)
    return y;
  Value back = arith::ExtFOp::create(b, loc, x.getType(), y);
  Value awayFromZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             math::AbsFOp::create(b, loc, back),
                                             math::AbsFOp::create(b, loc, x));
  Type intTy = b.getIntegerType(to.getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, loc, intTy, y);
  Value stepped = arith::BitcastOp::create(
      b, loc, to, arith::SubIOp::create(b, loc, bits, cst(b, loc, intTy, 1)));
  return arith::SelectOp::create(b, loc, awayFromZero, stepped, y);
}

} // namespace loops
} // namespace tilerun
