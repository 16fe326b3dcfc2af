//===- ApproximateMath.cpp - Vectorisable f32 math ------------------------===//

#include "tilerun/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilerun {
#define GEN_PASS_DEF_APPROXIMATEMATH
#include "tilerun/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;

namespace {

/// f32 exp(x) (or exp2(x)) as 2^k * p(r): k = round(x * log2(e)) by the
/// 1.5 * 2^23 rounding trick, r = x - k * ln(2) in two FMAs (Cody-Waite),
/// e^r = 1 + r * (1 + r * p(r)) with p of degree 4, fitted for the least
/// relative error on |r| <= ln(2)/2 (3e-9, far below f32's rounding; under
/// 0.9 ulp in all), and the scaling by 2^k rounded once, overflow to inf and
/// underflow to subnormals or zero exactly. Below -104 (where exp is 0 in
/// f32) the result is selected as +0, and above 89 (inf) the input is
/// clamped, only to keep k in range; NaN passes the compares and the
/// polynomial unchanged.
///
/// With `ldexpScaling` the scaling is one `llvm.ldexp` (AVX-512's
/// vscalefps). Elsewhere LLVM expands a vector ldexp into scalar calls, so
/// the scaling is built from exponent bits: 2 e^r (the polynomial with
/// doubled coefficients, exactly twice e^r) times 2^b times 2^a, where
/// a = max(k - 1, -126) and b = k - 1 - a in [-26, 0] are both normal
/// powers of two. The first product is exact, the second rounds once, so
/// the result is bit for bit the ldexp one.
template <typename ExpOp> struct ExpandExp : OpRewritePattern<ExpOp> {
  ExpandExp(MLIRContext *ctx, bool ldexpScaling)
      : OpRewritePattern<ExpOp>(ctx, /*benefit=*/2),
        ldexpScaling(ldexpScaling) {}
  bool ldexpScaling;

  LogicalResult matchAndRewrite(ExpOp op,
                                PatternRewriter &rewriter) const override {
    // Scalars only: LLVM's ldexp takes a vector exponent but the LLVM
    // dialect's op does not. Tile loops are scalar until LLVM vectorises
    // them, which widens ldexp again.
    Type type = op.getType();
    if (!type.isF32())
      return failure();
    Location loc = op.getLoc();
    ImplicitLocOpBuilder b(loc, rewriter);
    Type intType = b.getI32Type();
    auto f = [&](float c) -> Value {
      return arith::ConstantOp::create(b, b.getF32FloatAttr(c));
    };
    auto i = [&](int32_t c) -> Value {
      return arith::ConstantOp::create(b, b.getI32IntegerAttr(c));
    };
    auto fma = [&](Value x, Value y, Value z) -> Value {
      return math::FmaOp::create(b, x, y, z);
    };
    auto clampAbove = [&](Value x, float hi) -> Value {
      Value above =
          arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, x, f(hi));
      return arith::SelectOp::create(b, above, f(hi), x);
    };

    constexpr bool isExp2 = std::is_same_v<ExpOp, math::Exp2Op>;
    constexpr float kRound = 12582912.0f; // 1.5 * 2^23
    const float kLn2Hi = 0.693359375f, kLn2Lo = -2.12194440e-4f;
    // Below -104 (exp2: -151) the result is +0, selected at the end rather
    // than scaled down to: that would be an underflow, which Intel cores
    // finish in microcode (a masked row's -inf lanes, as softmax pads its
    // blocks, made it 3x slower; docs/performance.md). With ldexp the
    // select becomes AVX-512's zeroing mask on the scaling, whose
    // masked-off lanes compute nothing, so those lanes may carry anything
    // through the polynomial; the bit-built scaling computes every lane, so
    // there they compute from 0.
    const float zeroBelow = isExp2 ? -151.0f : -104.0f;
    Value input = op.getOperand();
    Value underflows = arith::CmpFOp::create(b, arith::CmpFPredicate::OLT,
                                             input, f(zeroBelow));
    Value x = clampAbove(input, isExp2 ? 129.0f : 89.0f);
    if (!ldexpScaling)
      x = arith::SelectOp::create(b, underflows, f(0.0f), x);
    // t holds round(x * log2(e)) in its low mantissa bits.
    Value t = isExp2 ? arith::AddFOp::create(b, x, f(kRound)).getResult()
                     : fma(x, f(1.44269504088896341f), f(kRound));
    Value k = arith::SubFOp::create(b, t, f(kRound));
    Value r;
    if (isExp2) {
      // The fraction is exact; scale it to a natural exponent.
      Value frac = arith::SubFOp::create(b, x, k);
      r = arith::MulFOp::create(b, frac, f(0.693147180559945309f));
    } else {
      r = fma(k, f(-kLn2Hi), x);
      r = fma(k, f(-kLn2Lo), r);
    }
    // Degree 6 in all: every instruction counts in an exp-bound loop, and
    // Cephes' degree 7 (a degree-5 p) is no more accurate in f32. Over every
    // float in [-103.9, 88.7], exp is within 0.894 ulp (Cephes: 0.909), and
    // exp2 within 0.916 ulp on [-149.9, 127.9] (Cephes: 0.911); degree 5
    // would reach 2.2 ulp.
    // Without ldexp every coefficient is doubled (exactly), giving 2 e^r.
    const float scale = ldexpScaling ? 1.0f : 2.0f;
    Value p = f(scale * 1.381461275741458e-3f);
    for (float c : {8.368710055947304e-3f, 4.166838899254799e-2f,
                    1.666652113199234e-1f, 4.999999403953552e-1f})
      p = fma(p, r, f(scale * c));
    // e^r = 1 + r * (1 + r * p(r)), all in FMAs.
    Value y = fma(fma(p, r, f(scale)), r, f(scale));
    Value tBits = arith::BitcastOp::create(b, intType, t);
    Value ki = arith::SubIOp::create(b, tBits, i(0x4B400000));
    auto result = [&](Value v) {
      rewriter.replaceOp(op,
                         arith::SelectOp::create(b, underflows, f(0.0f), v));
    };
    if (ldexpScaling) {
      result(LLVM::LoadExpOp::create(b, type, y, ki));
      return success();
    }
    auto powerOfTwo = [&](Value e) -> Value {
      Value biased = arith::AddIOp::create(b, e, i(127));
      return arith::BitcastOp::create(b, type,
                                      arith::ShLIOp::create(b, biased, i(23)));
    };
    Value km1 = arith::SubIOp::create(b, ki, i(1));
    Value a = arith::MaxSIOp::create(b, km1, i(-126));
    Value rest = arith::SubIOp::create(b, km1, a);
    Value exact = arith::MulFOp::create(b, y, powerOfTwo(rest));
    result(arith::MulFOp::create(b, exact, powerOfTwo(a)));
    return success();
  }
};

struct ApproximateMathPass
    : public tilerun::impl::ApproximateMathBase<ApproximateMathPass> {
  using ApproximateMathBase::ApproximateMathBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandExp<math::ExpOp>, ExpandExp<math::Exp2Op>>(&getContext(),
                                                                  ldexpScaling);
    // exp and exp2 of other types go through MLIR's approximations (~1
    // ulp). The log approximations lose subnormal inputs and erf/tanh are
    // not close enough to the GPU's results: those stay library calls.
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      name.consume_front("math.");
      return name == "exp" || name == "exp2";
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
