//===- AttachLoopAnnotations.cpp - Loop metadata onto llvm.br -------------===//

#include "tilerun/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace tilerun {
#define GEN_PASS_DEF_ATTACHLOOPANNOTATIONS
#include "tilerun/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kDiscardable = "llvm.loop_annotation";

struct AttachLoopAnnotationsPass
    : public tilerun::impl::AttachLoopAnnotationsBase<
          AttachLoopAnnotationsPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      auto annotation =
          op->getAttrOfType<LLVM::LoopAnnotationAttr>(kDiscardable);
      if (!annotation)
        return;
      op->removeAttr(kDiscardable);
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        br.setLoopAnnotationAttr(annotation);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        condBr.setLoopAnnotationAttr(annotation);
    });
  }
};
} // namespace
