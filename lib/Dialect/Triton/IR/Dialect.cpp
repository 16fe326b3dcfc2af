//===- Dialect.cpp - tt dialect registration and inlining -----------------===//
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton;

#include "tilerun/Dialect/Triton/IR/TritonDialect.cpp.inc"

namespace {
/// Triton inlines every tt.call of a tt.func (frontend helpers are tiny and
/// have no side conditions), so everything in tt is legal to inline.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  /// Multi-block callee: each tt.return becomes a branch to the block after
  /// the call site.
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }

  /// Single-block callee: the call's results become the returned values.
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    for (auto [oldValue, newValue] : llvm::zip(valuesToRepl, ret.getOperands()))
      oldValue.replaceAllUsesWith(newValue);
  }
};
} // namespace

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}
