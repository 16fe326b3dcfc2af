//===- NextIteration.h - Values of a loop's next iteration ------*- C++ -*-===//
//
// Rebuilds values of one scf.for iteration as the next iteration computes
// them, for passes that act on the next iteration early (prefetching its
// operand tiles while this one computes).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_TRANSFORMS_NEXTITERATION_H
#define TILERUN_TRANSFORMS_NEXTITERATION_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace tilerun {

/// Rebuilds values of one loop iteration as the next iteration computes
/// them, before an anchor op of the loop body: the induction variable
/// becomes iv + step and each region argument the value the body yields for
/// it. Only pure ops without regions are copied, through `rewriter` (a
/// pattern's, or an IRRewriter).
class NextIterationBuilder {
public:
  NextIterationBuilder(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop,
                       mlir::Operation *anchor);

  /// True when `v` changes from one iteration to the next.
  bool dependsOnIteration(mlir::Value v);

  /// `v` as the next iteration computes it, built before the anchor, or
  /// null when it cannot be rebuilt.
  mlir::Value next(mlir::Value v);

  /// Erases the copies nothing ended up using (an address that could not be
  /// rebuilt after all, or a result of a multi-result op).
  void eraseUnusedCopies();

private:
  /// `v` of this iteration, built before the anchor when it is computed
  /// after it (a loop's pointer increments usually follow its dot).
  mlir::Value current(mlir::Value v);
  /// A copy of the op defining `v` before the anchor, its operands mapped
  /// by `map`.
  mlir::Value copyDef(mlir::Value v,
                      llvm::function_ref<mlir::Value(mlir::Value)> map);

  mlir::RewriterBase &rewriter;
  mlir::scf::ForOp loop;
  mlir::Operation *anchor;
  mlir::DominanceInfo dom;
  llvm::DenseMap<mlir::Value, bool> iterationDependent;
  mlir::IRMapping nextValues, currentValues;
  llvm::SmallVector<mlir::Operation *> clones;
};

} // namespace tilerun

#endif // TILERUN_TRANSFORMS_NEXTITERATION_H
