//===- LiftControlFlowToSCF.cpp - Early returns as structured ops ---------===//
//
// Triton lowers `if cond: return` at a kernel's top level to blocks:
//
//   tt.func @k(...) {
//     %c = arith.cmpi sge, %row, %n : i32
//     cf.cond_br %c, ^bb1, ^bb2
//   ^bb1:  tt.return
//   ^bb2:  ... tt.store ...
//          tt.return
//   }
//
// This pass gives it the single block the tile lowering expects:
//
//   scf.if %c {} else { ... tt.store ... }
//   tt.return
//
// with upstream's `transformCFGToSCF`, which handles any reducible or
// irreducible CFG (nested returns, several returns, cycles). Upstream's
// ControlFlowToSCFTransformation already builds the scf ops; only the
// function-specific part (an unreachable exit is a `tt.return` of poison
// values, not a `func.return`) differs.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CFGToSCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilerun {
#define GEN_PASS_DEF_TRITONLIFTCONTROLFLOWTOSCF
#include "tilerun/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// cf -> scf as upstream's lift-cf-to-scf, exiting tt.funcs with tt.return.
class TritonCFGToSCF : public ControlFlowToSCFTransformation {
public:
  FailureOr<Operation *> createUnreachableTerminator(Location loc,
                                                     OpBuilder &builder,
                                                     Region &region) override {
    auto func = dyn_cast<tt::FuncOp>(region.getParentOp());
    if (!func)
      return emitError(loc, "unreachable code in a region that is not a "
                            "tt.func body cannot be lifted to scf");
    SmallVector<Value> poison;
    for (Type t : func.getResultTypes())
      poison.push_back(getUndefValue(loc, builder, t));
    return tt::ReturnOp::create(builder, loc, poison).getOperation();
  }
};

/// scf.index_switch (made by the lifting to merge three or more paths) as a
/// chain of scf.if on `arg == case`, the last else-branch the default.
struct IndexSwitchToIfChain : OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TypeRange types = op.getResultTypes();
    if (op.getNumCases() == 0) {
      // Only a default: its body runs unconditionally.
      Block &body = op.getDefaultRegion().front();
      auto yield = cast<scf::YieldOp>(body.getTerminator());
      SmallVector<Value> results(yield.getOperands());
      rewriter.eraseOp(yield);
      rewriter.inlineBlockBefore(&body, op);
      rewriter.replaceOp(op, results);
      return success();
    }
    scf::IfOp outer, prev;
    for (auto [value, region] : llvm::zip(op.getCases(), op.getCaseRegions())) {
      // Each further case is tested in the previous one's else-branch.
      if (prev)
        rewriter.createBlock(&prev.getElseRegion());
      Value c = arith::ConstantIndexOp::create(rewriter, loc, value);
      Value eq = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       op.getArg(), c);
      auto ifOp = scf::IfOp::create(rewriter, loc, types, eq,
                                    /*addThenBlock=*/false,
                                    /*addElseBlock=*/false);
      rewriter.inlineRegionBefore(region, ifOp.getThenRegion(),
                                  ifOp.getThenRegion().end());
      if (prev)
        scf::YieldOp::create(rewriter, loc, ifOp.getResults());
      else
        outer = ifOp;
      prev = ifOp;
    }
    rewriter.inlineRegionBefore(op.getDefaultRegion(), prev.getElseRegion(),
                                prev.getElseRegion().end());
    rewriter.replaceOp(op, outer.getResults());
    return success();
  }
};

struct TritonLiftControlFlowToSCFPass
    : tilerun::impl::TritonLiftControlFlowToSCFBase<
          TritonLiftControlFlowToSCFPass> {
  void runOnOperation() override {
    tt::FuncOp func = getOperation();
    if (func.isExternal() || func.getBody().hasOneBlock())
      return;
    TritonCFGToSCF interface;
    auto &dominance = getAnalysis<DominanceInfo>();
    FailureOr<bool> changed =
        transformCFGToSCF(func.getBody(), interface, dominance);
    if (failed(changed)) {
      func.emitOpError("has control flow that cannot be lifted to scf");
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<IndexSwitchToIfChain>(&getContext());
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    if (!func.getBody().hasOneBlock()) {
      func.emitOpError("still has several blocks after lifting its control "
                       "flow to scf");
      return signalPassFailure();
    }
    markAnalysesPreserved<DominanceInfo>();
  }
};

} // namespace
