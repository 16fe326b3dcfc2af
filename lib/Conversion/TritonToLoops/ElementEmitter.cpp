//===- ElementEmitter.cpp - One element of a tile op ----------------------===//
//
// Each tensor op that is not given a buffer is evaluated here, one element at
// a time, at loop indices chosen by its consumer. Shape ops only remap the
// index (broadcast zeroes it, trans permutes it, reshape re-linearises it);
// elementwise ops evaluate their operands at the same index and apply the
// scalar form of the op.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value castToI64(OpBuilder &b, Location loc, Value v, bool isUnsigned) {
  Type i64 = b.getI64Type();
  if (v.getType() == i64)
    return v;
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  if (isUnsigned)
    return arith::ExtUIOp::create(b, loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() > 64)
    return arith::TruncIOp::create(b, loc, i64, v);
  return arith::ExtSIOp::create(b, loc, i64, v);
}

namespace {

Value toIndex(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return v;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// Linear (row-major) position of `idx` in `shape`.
Value linearize(OpBuilder &b, Location loc, ValueRange idx,
                ArrayRef<int64_t> shape) {
  Value lin = constantIndex(b, loc, 0);
  for (auto [i, dim] : llvm::enumerate(shape)) {
    lin = arith::MulIOp::create(b, loc, lin, constantIndex(b, loc, dim));
    lin = arith::AddIOp::create(b, loc, lin, idx[i]);
  }
  return lin;
}


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
static bool isFp8(Type t) {
  return isa<FloatType>(t) && !LLVM::isCompatibleType(t);
}

/// An arith/math op on 8-bit floats, which no CPU computes on. Sign
/// operations (but for the FNUZ formats) and selects act on the bits,
/// exactly as on the GPU (NaN payloads kept); everything else is computed
/// in f32 from the exact widening and rounded back to nearest-even, the
/// conversion Triton's fp8 casts use.
static Value emitFp8Elementwise(OpBuilder &b, Operation *op,
                                ValueRange args, Type elemTy) {
  Location loc = op->getLoc();
  Type i8 = b.getI8Type();
  auto bits = [&](Value v) { return arith::BitcastOp::create(b, loc, i8, v); };
  auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i8, v); };
  // In the FNUZ formats 0x80 is NaN, not -0: a sign flip of 0 or of the
  // NaN is wrong there, so their sign operations go through f32 too.
  bool fnuz = isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(elemTy);
  if (!fnuz && isa<math::AbsFOp>(op))
    return arith::BitcastOp::create(
        b, loc, elemTy, arith::AndIOp::create(b, loc, bits(args[0]), cst(0x7f)));
  if (!fnuz && isa<arith::NegFOp>(op))
    return arith::BitcastOp::create(
        b, loc, elemTy, arith::XOrIOp::create(b, loc, bits(args[0]), cst(0x80)));
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
static Value emitUniformDivision(OpBuilder &b, Location loc, Value x,
                                 Value s) {
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

/// A call to the C library's `name` (f32 variants take the `f` suffix).
Value callLibm(TileLowering &tl, OpBuilder &b, Location loc, StringRef name,
               ValueRange args, Type resultTy) {
  std::string fn = name.str();
  if (args[0].getType().isF32())
    fn += "f";
  SmallVector<Type> argTys(args.getTypes());
  auto fnTy = LLVM::LLVMFunctionType::get(resultTy, argTys);
  return LLVM::CallOp::create(b, loc, tl.runtimeFunction(fn, fnTy), args)
      .getResult();
}

/// The modified Bessel function I0 (`nu` 0) or I1 (`nu` 1) of `x`, which
/// libm lacks (libdevice's cyl_bessel_i0/i1), evaluated in f64 for f32 and
/// f64 alike. Below |x| = 16 the power series
///   I_nu(x) = (x/2)^nu sum_k (x^2/4)^k / (k! (k+nu)!),
/// whose terms are all positive, in Horner form (32 terms); above it the
/// asymptotic expansion
///   I_nu(x) ~ e^x / sqrt(2 pi x) sum_k prod_{j<=k} ((2j-1)^2 - 4 nu^2) / (8 j x)
/// (32 terms; e^x applied as two halves so that I stays finite up to where
/// it overflows). Within 5 ulps of f64 over the whole range (measured against
/// mpmath); I0 is even, I1 odd.
static Value emitBesselI(OpBuilder &b, Location loc, Value x, int nu) {
  Type t = x.getType(), f64 = b.getF64Type();
  auto c = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  };
  Value xd = t.isF64() ? x : arith::ExtFOp::create(b, loc, f64, x).getResult();
  Value ax = math::AbsFOp::create(b, loc, xd);
  constexpr int kTerms = 32;
  // Power series.
  Value half = arith::MulFOp::create(b, loc, ax, c(0.5));
  Value q = arith::MulFOp::create(b, loc, half, half);
  Value s = c(1.0);
  for (int k = kTerms; k >= 1; --k)
    s = math::FmaOp::create(
        b, loc, arith::MulFOp::create(b, loc, q, c(1.0 / (k * double(k + nu)))),
        s, c(1.0));
  if (nu == 1)
    s = arith::MulFOp::create(b, loc, s, half);
  // Asymptotic expansion, at |x| >= 16 (clamped below so that the unused
  // lane stays finite).
  Value big = arith::MaximumFOp::create(b, loc, ax, c(16.0));
  Value inv = arith::DivFOp::create(b, loc, c(1.0), big);
  Value a = c(1.0);
  for (int k = kTerms; k >= 1; --k) {
    double odd = 2.0 * k - 1.0;
    double ck = (odd * odd - 4.0 * nu * nu) / (8.0 * k);
    a = math::FmaOp::create(b, loc, arith::MulFOp::create(b, loc, inv, c(ck)),
                            a, c(1.0));
  }
  Value e = math::ExpOp::create(b, loc, arith::MulFOp::create(b, loc, big, c(0.5)));
  Value root = math::SqrtOp::create(
      b, loc, arith::MulFOp::create(b, loc, big, c(6.283185307179586)));
  Value asym = arith::MulFOp::create(
      b, loc, e,
      arith::MulFOp::create(b, loc, e, arith::DivFOp::create(b, loc, a, root)));
  Value inf = c(INFINITY);
  asym = arith::SelectOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, big, inf), inf,
      asym);
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, ax,
                                      c(16.0));
  // NaN takes the series lane, which keeps it NaN.
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, ax, ax);
  Value r = arith::SelectOp::create(
      b, loc, arith::OrIOp::create(b, loc, small, isNaN), s, asym);
  if (nu == 1)
    r = math::CopySignOp::create(b, loc, r, xd);
  return t.isF64() ? r : arith::TruncFOp::create(b, loc, t, r).getResult();
}

/// The math op Triton's libdevice symbol computes, or null.
Value emitLibdevice(TileLowering &tl, OpBuilder &b, Location loc,
                    StringRef sym, ValueRange args) {
  if (!sym.consume_front("__nv_"))
    return {};
  // Strip the type suffix: `expf` and `exp` are the same op on its type
  // (f32 functions end in `f`; f64 predicates like `isnand` in `d`).
  StringRef base = sym;
  if (args.size() && args[0].getType().isF32() && base.ends_with("f") &&
      base != "erf" && base != "erfc" && base != "rint")
    base = base.drop_back();
  if (args.size() && args[0].getType().isF64() &&
      (base == "isnand" || base == "isinfd" || base == "signbitd" ||
       base == "isfinited"))
    base = base.drop_back();
  // CUDA's fast intrinsics (__nv_fast_expf, ...) trade accuracy for speed on
  // the GPU; here they are the accurate function (fast_exp10: 2^(x log2 10),
  // as the GPU computes it; fast_fdivide: a division).
  if (base.consume_front("fast_") && args.size() && args[0].getType().isF32()) {
    if (base == "fdivide" && args.size() == 2)
      return arith::DivFOp::create(b, loc, args[0], args[1]);
    if (base == "exp10" && args.size() == 1) {
      Value log2Of10 = arith::ConstantOp::create(
          b, loc, b.getF32FloatAttr(3.32192809488736234787f));
      return math::Exp2Op::create(
          b, loc, arith::MulFOp::create(b, loc, args[0], log2Of10));
    }
  }
  // Functions where a math-dialect expansion loses accuracy, or that have
  // no math op: the C library computes them correctly rounded enough.
  if (args.size() && isa<FloatType>(args[0].getType()) &&
      (args[0].getType().isF32() || args[0].getType().isF64())) {
    Type t = args[0].getType();
    if (args.size() == 1 &&
        (base == "log1p" || base == "expm1" || base == "tgamma" ||
         base == "lgamma" || base == "cbrt" || base == "erfc"))
      return callLibm(tl, b, loc, base, args, t);
    if (args.size() == 1 && base == "ilogb")
      return callLibm(tl, b, loc, base, args, b.getI32Type());
    if (args.size() == 2 &&
        (base == "hypot" || base == "nextafter" || base == "fdim" ||
         base == "remainder" || base == "fmod"))
      return callLibm(tl, b, loc, base, args, t);
    // Bessel functions of the first and second kind (glibc's; y0/y1 are NaN
    // below 0 and -inf at 0, as libdevice's); I0 and I1, which libm lacks,
    // inline.
    if (args.size() == 1 &&
        (base == "j0" || base == "j1" || base == "y0" || base == "y1"))
      return callLibm(tl, b, loc, base, args, t);
    if (args.size() == 1 && (base == "cyl_bessel_i0" || base == "cyl_bessel_i1"))
      return emitBesselI(b, loc, args[0], base == "cyl_bessel_i1" ? 1 : 0);
  }
  // jn(int n, x) and yn(int n, x): the order comes first.
  if (args.size() == 2 && args[0].getType().isInteger(32) &&
      (args[1].getType().isF32() || args[1].getType().isF64()) &&
      (sym == "jnf" || sym == "ynf" || sym == "jn" || sym == "yn") &&
      (sym.ends_with("f") == args[1].getType().isF32())) {
    std::string fn = sym.str();
    Type t = args[1].getType();
    SmallVector<Type> argTys(args.getTypes());
    auto fnTy = LLVM::LLVMFunctionType::get(t, argTys);
    return LLVM::CallOp::create(b, loc, tl.runtimeFunction(fn, fnTy), args)
        .getResult();
  }
  Value x = args.empty() ? Value() : args[0];
  auto un = [&](auto tag) -> Value {
    using OpTy = decltype(tag);
    return OpTy::create(b, loc, x);
  };
  if (args.size() == 1) {
    if (base == "exp") return un(math::ExpOp());
    if (base == "exp2") return un(math::Exp2Op());
    if (base == "expm1") return un(math::ExpM1Op());
    if (base == "log") return un(math::LogOp());
    if (base == "log2") return un(math::Log2Op());
    if (base == "log10") return un(math::Log10Op());
    if (base == "log1p") return un(math::Log1pOp());
    if (base == "sqrt") return un(math::SqrtOp());
    if (base == "rsqrt") return un(math::RsqrtOp());
    if (base == "cbrt") return un(math::CbrtOp());
    if (base == "sin") return un(math::SinOp());
    if (base == "cos") return un(math::CosOp());
    if (base == "tan") return un(math::TanOp());
    if (base == "asin") return un(math::AsinOp());
    if (base == "acos") return un(math::AcosOp());
    if (base == "atan") return un(math::AtanOp());
    if (base == "sinh") return un(math::SinhOp());
    if (base == "cosh") return un(math::CoshOp());
    if (base == "tanh") return un(math::TanhOp());
    if (base == "asinh") return un(math::AsinhOp());
    if (base == "acosh") return un(math::AcoshOp());
    if (base == "atanh") return un(math::AtanhOp());
    if (base == "erf" || base == "erff") return un(math::ErfOp());
    if (base == "erfc" || base == "erfcf") return un(math::ErfcOp());
    if (base == "fabs" || base == "abs") return un(math::AbsFOp());
    if (base == "floor") return un(math::FloorOp());
    if (base == "ceil") return un(math::CeilOp());
    if (base == "trunc") return un(math::TruncOp());
    if (base == "round") return un(math::RoundOp());
    if (base == "rint" || base == "rintf" || base == "nearbyint")
      return un(math::RoundEvenOp());
    if (base == "isnan" || base == "isinf" || base == "signbit" ||
        base == "finite" || base == "isfinite") {
      Value r;
      if (base == "isnan")
        r = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
      else if (base == "signbit") {
        unsigned w = x.getType().getIntOrFloatBitWidth();
        Value bits =
            arith::BitcastOp::create(b, loc, b.getIntegerType(w), x);
        Value zero = arith::ConstantIntOp::create(b, loc, b.getIntegerType(w), 0);
        r = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits,
                                  zero);
      } else {
        Value ax = math::AbsFOp::create(b, loc, x);
        Value inf = arith::ConstantOp::create(
            b, loc, b.getFloatAttr(x.getType(), INFINITY));
        r = arith::CmpFOp::create(b, loc,
                                  base == "isinf" ? arith::CmpFPredicate::OEQ
                                                  : arith::CmpFPredicate::OLT,
                                  ax, inf);
      }
      return r;
    }
  }
  if (args.size() == 2) {
    Value y = args[1];
    if (base == "pow" || base == "powf") return math::PowFOp::create(b, loc, x, y);
    if (base == "atan2") return math::Atan2Op::create(b, loc, x, y);
    if (base == "fmin") return arith::MinNumFOp::create(b, loc, x, y);
    if (base == "fmax") return arith::MaxNumFOp::create(b, loc, x, y);
    if (base == "fmod") return arith::RemFOp::create(b, loc, x, y);
    if (base == "copysign") return math::CopySignOp::create(b, loc, x, y);
    if (base == "fdiv_rn" || base == "div_rn") return arith::DivFOp::create(b, loc, x, y);
    if (base == "hypot") {
      Value xx = arith::MulFOp::create(b, loc, x, x);
      Value yy = arith::MulFOp::create(b, loc, y, y);
      return math::SqrtOp::create(b, loc, arith::AddFOp::create(b, loc, xx, yy));
    }
  }
  if (args.size() == 3 && (base == "fma" || base == "fmaf"))
    return math::FmaOp::create(b, loc, args[0], args[1], args[2]);
  return {};
}

/// A shift by the bit width or more is poison in LLVM; on the GPU it
/// saturates: zero for left and logical right shifts, the sign for
/// arithmetic right shifts.
Value clampShift(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                 Value r) {
  Type t = r.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Value width = arith::ConstantIntOp::create(b, loc, t, w);
  Value tooFar = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                       args[1], width);
  Value saturated =
      isa<arith::ShRSIOp>(op)
          ? arith::ShRSIOp::create(b, loc, args[0],
                                   arith::ConstantIntOp::create(b, loc, t, w - 1))
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
static Value safeDivisor(OpBuilder &b, Location loc, Operation *op,
                         ValueRange args) {
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

/// f32 subnormals become (signed) zero, as in the GPU's FTZ mode.
Value flushSubnormal(OpBuilder &b, Location loc, Value x) {
  if (!x.getType().isF32())
    return x;
  Value tiny = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, x),
      arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0x1p-126f)));
  Value zero = math::CopySignOp::create(
      b, loc, arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f)), x);
  return arith::SelectOp::create(b, loc, tiny, zero, x);
}

/// `r`, or NaN where `x` is a nonzero f32 subnormal.
Value nanForSubnormal(OpBuilder &b, Location loc, Value x, Value r) {
  Value ax = math::AbsFOp::create(b, loc, x);
  Value sub = arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, ax,
                            arith::ConstantOp::create(
                                b, loc, b.getF32FloatAttr(0x1p-126f))),
      arith::CmpFOp::create(
          b, loc, arith::CmpFPredicate::ONE, ax,
          arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f))));
  Value nan = arith::ConstantOp::create(
      b, loc, b.getF32FloatAttr(std::numeric_limits<float>::quiet_NaN()));
  return arith::SelectOp::create(b, loc, sub, nan, r);
}

} // namespace

/// True when every element of `v` is the same scalar.
static bool isUniform(Value v) {
  if (!isTensor(v.getType()))
    return true;
  if (uniformScalar(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue()))
      return dense.isSplat();
  if (isa<tt::BroadcastOp, tt::ExpandDimsOp, tt::ReshapeOp>(def))
    return isUniform(def->getOperand(0));
  return false;
}

/// Splits the offset of an addptr along its chain of inline `arith.addi`s,
/// uniform terms first. Triton offsets are i32 and an i32 sum that wraps
/// would address memory far outside the buffer on the GPU as well, so
/// adding the terms to the pointer one by one gives the same address for
/// every offset that addresses the buffer, and it gives LLVM an address it
/// can see advance by one element per iteration. Checked mode keeps the
/// wrapping sum, so that it reports the address the GPU would compute.
static void splitOffset(TileLowering &tl, Value off,
                        SmallVectorImpl<Value> &terms) {
  SmallVector<Value> uniform, varying;
  SmallVector<Value> worklist{off};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (add && isTensor(v.getType()) && !tl.bufferOf(v) &&
        !tl.isMaterialized(v)) {
      worklist.push_back(add.getRhs());
      worklist.push_back(add.getLhs());
      continue;
    }
    (isUniform(v) ? uniform : varying).push_back(v);
  }
  terms.append(uniform);
  terms.append(varying);
}

/// Result `resultNumber` of tt.map_elementwise at `idx`. The scalar region
/// takes `pack` consecutive elements (in row-major order) of each operand and
/// yields `pack` values of each result; the element at linear index i is
/// position i % pack of the call on the group starting at i - i % pack. Each
/// element runs its group's call and keeps its own position: a pack > 1
/// region is evaluated pack times per group, which is what keeps the element
/// loops free of cross-iteration state.
static Value emitMapElementwiseElement(TileLowering &tl, OpBuilder &b,
                                       tt::MapElementwiseOp op,
                                       unsigned resultNumber, ValueRange idx) {
  Location loc = op.getLoc();
  unsigned pack = op.getPack();
  ArrayRef<int64_t> shape = asTensor(op.getType(0)).getShape();
  SmallVector<Value> args;
  Value pos;
  if (pack == 1) {
    for (Value src : op.getSrcs())
      args.push_back(tl.element(b, src, idx));
  } else {
    Value lin = linearize(b, loc, idx, shape);
    pos = arith::RemUIOp::create(b, loc, lin, constantIndex(b, loc, pack));
    Value first = arith::SubIOp::create(b, loc, lin, pos);
    for (Value src : op.getSrcs())
      for (unsigned k = 0; k < pack; ++k) {
        Value at = arith::AddIOp::create(b, loc, first, constantIndex(b, loc, k));
        args.push_back(tl.element(b, src, delinearize(b, loc, at, shape)));
      }
  }
  Type elemTy = loweredElementType(op.getType(resultNumber));
  FailureOr<SmallVector<Value>> outs =
      tl.emitScalarRegion(b, op.getScalarOp(), args);
  if (failed(outs))
    return tl.fail(b, op, "could not be lowered", elemTy);
  ArrayRef<Value> mine = ArrayRef<Value>(*outs).slice(resultNumber * pack, pack);
  Value v = mine.back();
  for (unsigned k = pack - 1; k-- > 0;) {
    Value isK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, pos,
                                      constantIndex(b, loc, k));
    v = arith::SelectOp::create(b, loc, isK, mine[k], v);
  }
  return v;
}

Value emitElementOf(TileLowering &tl, OpBuilder &b, OpResult result,
                    ValueRange idx) {
  Operation *op = result.getOwner();
  Location loc = op->getLoc();
  Type elemTy = loweredElementType(result.getType());
  auto operand = [&](unsigned i, ValueRange at) {
    return tl.element(b, op->getOperand(i), at);
  };
  auto shapeOf = [](Value v) { return asTensor(v.getType()).getShape(); };

  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case<arith::ConstantOp>([&](arith::ConstantOp c) -> Value {
        if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue())) {
          if (!dense.isSplat())
            return tl.fail(b, op, "non-splat constant reached an element "
                                  "emitter", elemTy);
          return arith::ConstantOp::create(
              b, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
        }
        return arith::ConstantOp::create(b, loc, c.getValue());
      })
      .Case<ub::PoisonOp>([&](auto) -> Value {
        // Triton's tl.core's return_poison and the values an early return
        // leaves undefined (lifted to scf): every element is poison.
        return ub::PoisonOp::create(b, loc, elemTy);
      })
      .Case<tt::SplatOp>([&](auto) { return tl.scalar(op->getOperand(0)); })
      .Case<tt::UnsplatOp>([&](auto) {
        SmallVector<Value> zeros(shapeOf(op->getOperand(0)).size(),
                                 tl.indexConstant(0));
        return operand(0, zeros);
      })
      .Case<ttg::ConvertLayoutOp>([&](auto) { return operand(0, idx); })
      .Case<ttg::Fp4ToFpOp>([&](ttg::Fp4ToFpOp f) -> Value {
        unsigned axis = f.getAxis();
        SmallVector<Value> at(idx.begin(), idx.end());
        at[axis] = arith::ShRUIOp::create(b, loc, idx[axis],
                                          constantIndex(b, loc, 1));
        Value v = decodeE2M1(b, loc, operand(0, at), idx[axis]);
        // Every e2m1 value is exact in bf16 and f16.
        return v.getType() == elemTy
                   ? v
                   : emitFloatTruncate(b, loc, v, elemTy, /*towardZero=*/false);
      })
      .Case<triton::nvidia_gpu::WarpGroupDotWaitOp>([&](auto) {
        return operand(result.getResultNumber(), idx);
      })
      .Case<tt::BroadcastOp>([&](auto) {
        auto srcShape = shapeOf(op->getOperand(0));
        SmallVector<Value> at(idx.begin(), idx.end());
        for (auto [i, d] : llvm::enumerate(srcShape))
          if (d == 1)
            at[i] = tl.indexConstant(0);
        return operand(0, at);
      })
      .Case<tt::ExpandDimsOp>([&](tt::ExpandDimsOp e) {
        SmallVector<Value> at(idx.begin(), idx.end());
        at.erase(at.begin() + e.getAxis());
        return operand(0, at);
      })
      .Case<tt::MakeRangeOp>([&](tt::MakeRangeOp r) -> Value {
        Value i = arith::IndexCastOp::create(b, loc, b.getI32Type(), idx[0]);
        Value start = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                                   r.getStart());
        return arith::AddIOp::create(b, loc, i, start);
      })
      .Case<tt::TransOp>([&](tt::TransOp t) {
        ArrayRef<int32_t> order = t.getOrder();
        SmallVector<Value> at(idx.size());
        for (auto [i, o] : llvm::enumerate(order))
          at[o] = idx[i];
        return operand(0, at);
      })
      .Case<tt::ReshapeOp>([&](auto) {
        Value lin = linearize(b, loc, idx, shapeOf(result));
        return operand(0, delinearize(b, loc, lin, shapeOf(op->getOperand(0))));
      })
      .Case<tt::JoinOp>([&](auto) -> Value {
        ValueRange outer = idx.drop_back();
        Value lhs = operand(0, outer), rhs = operand(1, outer);
        Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              idx.back(),
                                              constantIndex(b, loc, 0));
        return arith::SelectOp::create(b, loc, isFirst, lhs, rhs);
      })
      .Case<tt::SplitOp>([&](auto) {
        SmallVector<Value> at(idx.begin(), idx.end());
        at.push_back(tl.indexConstant(result.getResultNumber()));
        return operand(0, at);
      })
      .Case<tt::CatOp>([&](auto) -> Value {
        int64_t lhsRows = shapeOf(op->getOperand(0))[0];
        Value rows = constantIndex(b, loc, lhsRows);
        Value inLhs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            idx[0], rows);
        auto ifOp = scf::IfOp::create(b, loc, TypeRange{elemTy}, inLhs,
                                      /*withElse=*/true);
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          scf::YieldOp::create(b, loc, operand(0, idx));
          b.setInsertionPointToStart(ifOp.elseBlock());
          SmallVector<Value> at(idx.begin(), idx.end());
          at[0] = arith::SubIOp::create(b, loc, idx[0], rows);
          scf::YieldOp::create(b, loc, operand(1, at));
        }
        return ifOp.getResult(0);
      })
      .Case<tt::GatherOp>([&](tt::GatherOp g) -> Value {
        Value i = operand(1, idx);
        SmallVector<Value> at(idx.begin(), idx.end());
        at[g.getAxis()] = toIndex(b, loc, i);
        return operand(0, at);
      })
      .Case<tt::AddPtrOp>([&](tt::AddPtrOp a) -> Value {
        Type pointee =
            cast<tt::PointerType>(getElementTypeOrSelf(a.getPtr().getType()))
                .getPointeeType();
        Type gepElem = memoryType(loweredElementType(pointee));
        if (isa<LLVM::LLVMPointerType>(gepElem))
          gepElem = b.getI64Type();
        Value ptr = operand(0, idx);
        SmallVector<Value> terms;
        if (tl.options.checked)
          terms.push_back(a.getOffset());
        else
          splitOffset(tl, a.getOffset(), terms);
        // Uniform terms first, so that the address is a loop-invariant base
        // plus an index LLVM recognises as consecutive.
        for (Value term : terms)
          ptr = LLVM::GEPOp::create(b, loc, ptr.getType(), gepElem, ptr,
                                    ValueRange{tl.element(b, term, idx)});
        return ptr;
      })
      .Case<tt::IntToPtrOp>([&](auto) -> Value {
        return LLVM::IntToPtrOp::create(b, loc, elemTy, operand(0, idx));
      })
      .Case<tt::PtrToIntOp>([&](auto) -> Value {
        return LLVM::PtrToIntOp::create(b, loc, elemTy, operand(0, idx));
      })
      .Case<tt::BitcastOp>([&](auto) -> Value {
        Value v = operand(0, idx);
        if (v.getType() == elemTy)
          return v;
        return arith::BitcastOp::create(b, loc, elemTy, v);
      })
      .Case<tt::FpToFpOp>([&](tt::FpToFpOp f) -> Value {
        Value v = operand(0, idx);
        unsigned from = v.getType().getIntOrFloatBitWidth();
        unsigned to = elemTy.getIntOrFloatBitWidth();
        if (v.getType() == elemTy)
          return v;
        if (to > from || (to == from))
          return emitFloatExtend(b, loc, v, elemTy);
        auto rm = f.getRounding();
        return emitFloatTruncate(b, loc, v, elemTy,
                                 rm && *rm == tt::RoundingMode::RTZ);
      })
      .Case<tt::ClampFOp>([&](tt::ClampFOp c) -> Value {
        Value x = operand(0, idx), lo = operand(1, idx), hi = operand(2, idx);
        if (c.getPropagateNan() == tt::PropagateNan::ALL) {
          Value m = arith::MaximumFOp::create(b, loc, x, lo);
          return arith::MinimumFOp::create(b, loc, m, hi);
        }
        Value m = arith::MaxNumFOp::create(b, loc, x, lo);
        return arith::MinNumFOp::create(b, loc, m, hi);
      })
      .Case<tt::MulhiUIOp>([&](auto) -> Value {
        Value x = operand(0, idx), y = operand(1, idx);
        unsigned w = elemTy.getIntOrFloatBitWidth();
        Type wide = b.getIntegerType(2 * w);
        Value xw = arith::ExtUIOp::create(b, loc, wide, x);
        Value yw = arith::ExtUIOp::create(b, loc, wide, y);
        Value p = arith::MulIOp::create(b, loc, xw, yw);
        Value sh = arith::ShRUIOp::create(
            b, loc, p, arith::ConstantIntOp::create(b, loc, wide, w));
        return arith::TruncIOp::create(b, loc, elemTy, sh);
      })
      .Case<tt::PreciseSqrtOp>([&](auto) -> Value {
        return math::SqrtOp::create(b, loc, operand(0, idx));
      })
      .Case<tt::PreciseDivFOp>([&](auto) -> Value {
        return arith::DivFOp::create(b, loc, operand(0, idx), operand(1, idx));
      })
      .Case<tt::ExternElementwiseOp>([&](tt::ExternElementwiseOp e) -> Value {
        // Triton links libdevice in flush-to-zero mode. Some f32 functions
        // then see subnormal inputs as zero (measured on the GPU: rsqrt,
        // fmod, remainder, ilogb); cbrt's fast path returns NaN for them. Others (log2,
        // log10, ...) handle subnormals exactly, so nothing is flushed
        // globally.
        StringRef sym = e.getSymbol();
        bool ftzInputs = sym == "__nv_rsqrtf" || sym == "__nv_fmodf" ||
                         sym == "__nv_remainderf" || sym == "__nv_ilogbf";
        SmallVector<Value> args;
        for (unsigned i = 0; i < op->getNumOperands(); ++i) {
          Value a = operand(i, idx);
          args.push_back(ftzInputs ? flushSubnormal(b, loc, a) : a);
        }
        if (Value v = emitLibdevice(tl, b, loc, sym, args)) {
          if (sym == "__nv_cbrtf")
            v = nanForSubnormal(b, loc, args[0], v);
          if (v.getType() != elemTy && isa<IntegerType>(elemTy) &&
              v.getType().isInteger(1))
            v = arith::ExtUIOp::create(b, loc, elemTy, v);
          return v;
        }
        return tl.fail(b, op,
                       "extern_elementwise symbol '" + e.getSymbol() +
                           "' has no CPU implementation",
                       elemTy);
      })
      .Case<tt::MapElementwiseOp>([&](tt::MapElementwiseOp m) -> Value {
        return emitMapElementwiseElement(tl, b, m, result.getResultNumber(),
                                         idx);
      })
      .Case<tt::ElementwiseInlineAsmOp>([&](auto) -> Value {
        return tl.fail(b, op, kInlineAsmError, elemTy);
      })
      .Case<tt::GetProgramIdOp>([&](tt::GetProgramIdOp p) {
        return tl.programId(static_cast<unsigned>(p.getAxis()));
      })
      .Case<tt::GetNumProgramsOp>([&](tt::GetNumProgramsOp p) {
        return tl.numPrograms(static_cast<unsigned>(p.getAxis()));
      })
      .Case<tt::LoadOp, tt::DescriptorLoadOp, tt::DescriptorGatherOp>(
          [&](Operation *) {
        return emitLoadElement(tl, b, op, idx);
      })
      .Case<tt::ReduceOp>([&](Operation *) -> Value {
        // Only pair reductions stay inline (MaterializationPlan); any other
        // reduction reaching here would be a planning error, reported
        // rather than evaluated from two of its elements.
        if (!isPairReduction(op))
          return tl.fail(b, op, "is evaluated inline but is not a pair "
                                "reduction (internal error)", elemTy);
        return emitPairReductionElement(tl, b, op, idx);
      })
      .Case<ttg::LocalLoadOp>([&](Operation *) {
        return emitLocalLoadElement(tl, b, op, idx);
      })
      .Default([&](Operation *) -> Value {
        StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
        if ((ns == "arith" || ns == "math") && op->getNumResults() == 1) {
          SmallVector<Value> args;
          for (unsigned i = 0; i < op->getNumOperands(); ++i)
            args.push_back(operand(i, idx));
          if (isa<arith::ExtFOp>(op))
            return emitFloatExtend(b, loc, args[0], elemTy);
          if (isa<arith::TruncFOp>(op) &&
              !cast<arith::TruncFOp>(op).getRoundingmodeAttr())
            return emitFloatTruncate(b, loc, args[0], elemTy,
                                     /*towardZero=*/false);
          if (isFp8(elemTy) || llvm::any_of(args, [](Value a) {
                return isFp8(a.getType());
              }))
            if (!isa<arith::BitcastOp, arith::TruncFOp>(op))
              return emitFp8Elementwise(b, op, args, elemTy);
          if (isa<arith::DivFOp>(op) && tl.hasSafeUniformDivisor(op))
            return emitUniformDivision(b, loc, args[0], args[1]);
          if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
                  arith::RemUIOp, arith::CeilDivSIOp, arith::CeilDivUIOp,
                  arith::FloorDivSIOp>(op)) {
            args[1] = safeDivisor(b, loc, op, args);
          }
          Value r = cloneScalar(b, op, args);
          if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
            r = clampShift(b, loc, op, args, r);
          return r;
        }
        return tl.fail(b, op,
                       "'" + op->getName().getStringRef() +
                           "' is not supported on tensors yet",
                       elemTy);
      });
}

} // namespace loops
} // namespace tilerun
