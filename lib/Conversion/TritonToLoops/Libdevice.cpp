//===- Libdevice.cpp - Triton's libdevice functions on a CPU --------------===//
//
// tt.extern_elementwise calls name functions of NVIDIA's libdevice
// (__nv_*). Each becomes the math op, libm call or expansion that computes
// the same function, with the GPU's treatment of subnormals where it
// differs.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;

namespace tilerun {
namespace loops {

namespace {

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
///   I_nu(x) ~ e^x / sqrt(2 pi x) sum_k prod_{j<=k} ((2j-1)^2 - 4 nu^2) / (8 j
///   x)
/// (32 terms; e^x applied as two halves so that I stays finite up to where
/// it overflows). Within 5 ulps of f64 over the whole range (measured against
/// mpmath); I0 is even, I1 odd.
Value emitBesselI(OpBuilder &b, Location loc, Value x, int nu) {
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
  Value e =
      math::ExpOp::create(b, loc, arith::MulFOp::create(b, loc, big, c(0.5)));
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
  Value small =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, ax, c(16.0));
  // NaN takes the series lane, which keeps it NaN.
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, ax, ax);
  Value r = arith::SelectOp::create(
      b, loc, arith::OrIOp::create(b, loc, small, isNaN), s, asym);
  if (nu == 1)
    r = math::CopySignOp::create(b, loc, r, xd);
  return t.isF64() ? r : arith::TruncFOp::create(b, loc, t, r).getResult();
}

} // namespace

/// The math op Triton's libdevice symbol computes, or null.
Value emitLibdevice(TileLowering &tl, OpBuilder &b, Location loc, StringRef sym,
                    ValueRange args) {
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
    if (args.size() == 1 &&
        (base == "cyl_bessel_i0" || base == "cyl_bessel_i1"))
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
    if (base == "exp")
      return un(math::ExpOp());
    if (base == "exp2")
      return un(math::Exp2Op());
    if (base == "expm1")
      return un(math::ExpM1Op());
    if (base == "log")
      return un(math::LogOp());
    if (base == "log2")
      return un(math::Log2Op());
    if (base == "log10")
      return un(math::Log10Op());
    if (base == "log1p")
      return un(math::Log1pOp());
    if (base == "sqrt")
      return un(math::SqrtOp());
    if (base == "rsqrt")
      return un(math::RsqrtOp());
    if (base == "cbrt")
      return un(math::CbrtOp());
    if (base == "sin")
      return un(math::SinOp());
    if (base == "cos")
      return un(math::CosOp());
    if (base == "tan")
      return un(math::TanOp());
    if (base == "asin")
      return un(math::AsinOp());
    if (base == "acos")
      return un(math::AcosOp());
    if (base == "atan")
      return un(math::AtanOp());
    if (base == "sinh")
      return un(math::SinhOp());
    if (base == "cosh")
      return un(math::CoshOp());
    if (base == "tanh")
      return un(math::TanhOp());
    if (base == "asinh")
      return un(math::AsinhOp());
    if (base == "acosh")
      return un(math::AcoshOp());
    if (base == "atanh")
      return un(math::AtanhOp());
    if (base == "erf" || base == "erff")
      return un(math::ErfOp());
    if (base == "erfc" || base == "erfcf")
      return un(math::ErfcOp());
    if (base == "fabs" || base == "abs")
      return un(math::AbsFOp());
    if (base == "floor")
      return un(math::FloorOp());
    if (base == "ceil")
      return un(math::CeilOp());
    if (base == "trunc")
      return un(math::TruncOp());
    if (base == "round")
      return un(math::RoundOp());
    if (base == "rint" || base == "rintf" || base == "nearbyint")
      return un(math::RoundEvenOp());
    if (base == "isnan" || base == "isinf" || base == "signbit" ||
        base == "finite" || base == "isfinite") {
      Value r;
      if (base == "isnan")
        r = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
      else if (base == "signbit") {
        unsigned w = x.getType().getIntOrFloatBitWidth();
        Value bits = arith::BitcastOp::create(b, loc, b.getIntegerType(w), x);
        Value zero =
            arith::ConstantIntOp::create(b, loc, b.getIntegerType(w), 0);
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
    if (base == "pow" || base == "powf")
      return math::PowFOp::create(b, loc, x, y);
    if (base == "atan2")
      return math::Atan2Op::create(b, loc, x, y);
    if (base == "fmin")
      return arith::MinNumFOp::create(b, loc, x, y);
    if (base == "fmax")
      return arith::MaxNumFOp::create(b, loc, x, y);
    if (base == "fmod")
      return arith::RemFOp::create(b, loc, x, y);
    if (base == "copysign")
      return math::CopySignOp::create(b, loc, x, y);
    if (base == "fdiv_rn" || base == "div_rn")
      return arith::DivFOp::create(b, loc, x, y);
    if (base == "hypot") {
      Value xx = arith::MulFOp::create(b, loc, x, x);
      Value yy = arith::MulFOp::create(b, loc, y, y);
      return math::SqrtOp::create(b, loc,
                                  arith::AddFOp::create(b, loc, xx, yy));
    }
  }
  if (args.size() == 3 && (base == "fma" || base == "fmaf"))
    return math::FmaOp::create(b, loc, args[0], args[1], args[2]);
  return {};
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
      arith::CmpFOp::create(
          b, loc, arith::CmpFPredicate::OLT, ax,
          arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0x1p-126f))),
      arith::CmpFOp::create(
          b, loc, arith::CmpFPredicate::ONE, ax,
          arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f))));
  Value nan = arith::ConstantOp::create(
      b, loc, b.getF32FloatAttr(std::numeric_limits<float>::quiet_NaN()));
  return arith::SelectOp::create(b, loc, sub, nan, r);
}

} // namespace loops
} // namespace tilerun
