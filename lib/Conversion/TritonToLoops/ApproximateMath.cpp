//===- ApproximateMath.cpp - Vectorisable f32 math ------------------------===//

#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilerun {
#define GEN_PASS_DEF_APPROXIMATEMATH
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;

namespace {
struct ApproximateMathPass
    : public tilerun::impl::ApproximateMathBase<ApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // exp and exp2 are accurate to ~1 ulp. The log approximations lose
    // subnormal inputs and erf/tanh are not close enough to the GPU's
    // results: those stay library calls.
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      name.consume_front("math.");
      return name == "exp" || name == "exp2";
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
