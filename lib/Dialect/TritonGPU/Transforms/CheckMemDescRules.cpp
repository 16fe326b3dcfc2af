//===- CheckMemDescRules.cpp - Later Triton's memdesc_reinterpret rules ---===//
//
// The op verifier keeps Triton 3.6's rule, so that Triton 3.6's output
// parses; this pass holds modules to the rule Triton states since
// triton-lang/triton#10243 (docs/memdesc.md).
//
//===----------------------------------------------------------------------===//
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"

namespace tilerun {
#define GEN_PASS_DEF_TRITONGPUCHECKMEMDESCRULES
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace {

/// One rule of later Triton that a reinterpret breaks: Triton's message and
/// the pull request that introduced the rule.
struct Violation {
  std::string message;
  StringRef pullRequest;
};

/// What Triton after 3.6 rejects in a reinterpret that Triton 3.6's
/// verifier accepts, in the order Triton checks it (memory before padding).
/// Memory space, mutability, subviews and the padding pattern are checked
/// alike by both and left to the verifier.
SmallVector<Violation> laterTritonViolations(ttg::MemDescReinterpretOp op) {
  SmallVector<Violation> found;
  std::optional<int64_t> srcBits = op.getSourceStorageBits(),
                         dstBits = op.getResultStorageBits();
  // The verifier has computed both; a module that did not verify never
  // reaches a pass.
  if (srcBits && dstBits && *srcBits != *dstBits)
    found.push_back({"source and result must have the same logical storage "
                     "size (" +
                         std::to_string(*srcBits) + " vs " +
                         std::to_string(*dstBits) + " bits)",
                     "triton-lang/triton#10243"});
  bool srcPadded =
      isa<ttg::PaddedSharedEncodingAttr>(op.getSrc().getType().getEncoding());
  bool dstPadded =
      isa<ttg::PaddedSharedEncodingAttr>(op.getType().getEncoding());
  if (srcPadded != dstPadded)
    found.push_back({"cannot reinterpret between padded and non-padded "
                     "layouts",
                     "triton-lang/triton#10184"});
  return found;
}

struct CheckMemDescRules
    : tilerun::impl::TritonGPUCheckMemDescRulesBase<CheckMemDescRules> {
  using Base::Base;

  void runOnOperation() override {
    bool failedRule = false;
    getOperation()->walk([&](ttg::MemDescReinterpretOp op) {
      SmallVector<Violation> violations = laterTritonViolations(op);
      if (violations.empty())
        return;
      const Violation &first = violations.front();
      // At the op's location, without the op printed after it (the
      // location and its source line say which op it is).
      if (strict) {
        InFlightDiagnostic diag = emitError(op.getLoc())
                                  << "'" << op->getName() << "' op "
                                  << first.message;
        diag.attachNote() << "Triton 3.6 accepts this reinterpret; Triton "
                             "rejects it since "
                          << first.pullRequest;
        for (const Violation &v : ArrayRef(violations).drop_front())
          diag.attachNote()
              << "also: " << v.message << " (" << v.pullRequest << ")";
        failedRule = true;
        return;
      }
      InFlightDiagnostic diag = emitWarning(op.getLoc())
                                << "'" << op->getName()
                                << "' op accepted for Triton 3.6; rejected by "
                                   "later Triton ("
                                << first.pullRequest << "): " << first.message;
      for (const Violation &v : ArrayRef(violations).drop_front())
        diag.attachNote() << "also rejected by later Triton (" << v.pullRequest
                          << "): " << v.message;
    });
    markAllAnalysesPreserved();
    if (failedRule)
      signalPassFailure();
  }
};

} // namespace
