//===- TieAbiOutputs.cpp --------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_TIEABIOUTPUTS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {
constexpr StringLiteral kAbiOutput = "iree.abi.output";

/// Rewrites one function; the signature change makes this a per-function
/// rewrite rather than a pattern over returns.
LogicalResult tieOutputs(func::FuncOp fn) {
  unsigned numResults = fn.getNumResults();
  SmallVector<int> argOf(numResults, -1);
  for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
    auto attr = fn.getArgAttrOfType<IntegerAttr>(i, kAbiOutput);
    if (!attr)
      continue;
    int64_t r = attr.getInt();
    if (r < 0 || r >= numResults || argOf[r] != -1 ||
        fn.getArgumentTypes()[i] != fn.getResultTypes()[r])
      return fn.emitError()
             << "argument " << i << ": '" << kAbiOutput << " = " << r
             << "' must name a distinct result of the same type";
    argOf[r] = i;
  }
  if (numResults == 0)
    return success();
  for (auto [r, a] : llvm::enumerate(argOf))
    if (a < 0)
      return fn.emitError() << "result " << r << " has no argument marked '"
                            << kAbiOutput << " = " << r
                            << "' to be written to; a kernel launched over a "
                               "grid cannot return values";
  IRRewriter rewriter(fn.getContext());
  fn.walk([&](func::ReturnOp ret) {
    rewriter.setInsertionPoint(ret);
    for (auto [r, a] : llvm::enumerate(argOf)) {
      Value v = ret.getOperand(r);
      Value dest = fn.getArgument(a);
      if (v == dest)
        continue;
      bufferization::MaterializeInDestinationOp::create(rewriter, ret.getLoc(),
                                                        v, dest);
    }
    rewriter.replaceOpWithNewOp<func::ReturnOp>(ret);
  });
  fn.setType(FunctionType::get(fn.getContext(), fn.getArgumentTypes(), {}));
  fn.setAllResultAttrs(ArrayRef<DictionaryAttr>{});
  return success();
}

/// Front-end argument attributes (`tt.divisibility`, `iree.abi.*`) mean
/// nothing to the LLVM translation, which warns about each of them.
void dropForeignArgAttrs(func::FuncOp fn) {
  for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
    SmallVector<NamedAttribute> keep;
    for (NamedAttribute attr : fn.getArgAttrDict(i)
                                   ? fn.getArgAttrDict(i).getValue()
                                   : ArrayRef<NamedAttribute>{})
      if (attr.getName().strref().starts_with("llvm.") ||
          attr.getName().strref().starts_with("bufferization."))
        keep.push_back(attr);
    fn.setArgAttrs(i, keep);
  }
}

struct TieAbiOutputs : tilerun::impl::TieAbiOutputsBase<TieAbiOutputs> {
  void runOnOperation() override {
    // A grid entry runs a kernel's whole launch in one call, for IREE;
    // tilerun launches the kernel over the grid itself.
    for (auto fn :
         llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>()))
      if (fn->hasAttr("tilerun.grid_of"))
        fn.erase();
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      if (failed(tieOutputs(fn)))
        return signalPassFailure();
      dropForeignArgAttrs(fn);
    }
  }
};
} // namespace
