//===- NextIteration.cpp - Values of a loop's next iteration --------------===//

#include "tilerun/Transforms/NextIteration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tilerun {

NextIterationBuilder::NextIterationBuilder(RewriterBase &rewriter,
                                           scf::ForOp loop, Operation *anchor)
    : rewriter(rewriter), loop(loop), anchor(anchor), dom(loop->getParentOp()) {
}

bool NextIterationBuilder::dependsOnIteration(Value v) {
  if (auto it = iterationDependent.find(v); it != iterationDependent.end())
    return it->second;
  bool depends = false;
  if (auto arg = dyn_cast<BlockArgument>(v))
    depends = arg.getOwner() == loop.getBody();
  else if (loop->isAncestor(v.getDefiningOp()))
    depends = llvm::any_of(v.getDefiningOp()->getOperands(),
                           [&](Value o) { return dependsOnIteration(o); });
  iterationDependent[v] = depends;
  return depends;
}

Value NextIterationBuilder::next(Value v) {
  // The same in every iteration, though perhaps computed after the anchor.
  if (!dependsOnIteration(v))
    return current(v);
  if (Value known = nextValues.lookupOrNull(v))
    return known;
  Value built;
  if (v == loop.getInductionVar()) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(anchor);
    built = arith::AddIOp::create(rewriter, loop.getLoc(), v, loop.getStep());
  } else if (auto arg = dyn_cast<BlockArgument>(v)) {
    // The region argument's next value is what this iteration yields.
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    Value yielded =
        yield.getOperand(arg.getArgNumber() - loop.getNumInductionVars());
    built = current(yielded);
  } else {
    built = copyDef(v, [&](Value o) { return next(o); });
  }
  if (built)
    nextValues.map(v, built);
  return built;
}

Value NextIterationBuilder::current(Value v) {
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()) ||
      dom.properlyDominates(v, anchor))
    return v;
  if (Value known = currentValues.lookupOrNull(v))
    return known;
  Value built = copyDef(v, [&](Value o) { return current(o); });
  if (built)
    currentValues.map(v, built);
  return built;
}

Value NextIterationBuilder::copyDef(Value v, function_ref<Value(Value)> map) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumRegions() != 0 || !isPure(def))
    return {};
  IRMapping operands;
  for (Value operand : def->getOperands()) {
    Value mapped = map(operand);
    if (!mapped)
      return {};
    operands.map(operand, mapped);
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(anchor);
  Operation *clone = rewriter.clone(*def, operands);
  clones.push_back(clone);
  return clone->getResult(cast<OpResult>(v).getResultNumber());
}

void NextIterationBuilder::eraseUnusedCopies() {
  for (Operation *op : llvm::reverse(clones))
    if (op->use_empty())
      rewriter.eraseOp(op);
  clones.clear();
}

} // namespace tilerun
