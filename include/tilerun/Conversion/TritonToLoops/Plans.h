//===- Plans.h - The decisions the tile lowering takes first ----*- C++ -*-===//
//
// Before it emits anything, the tile lowering (TritonToLoops) decides which
// tensor values get a buffer: the materialization plan, built from the input
// IR alone, which tilerun-opt's -tilerun-test-print-materialization-plan
// prints for lit tests. (Which nests prefetch the next program's tiles is
// decided earlier still, by the tilerun-prefetch-next-program pass, and
// recorded in the IR as tilerun.prefetch_next_program ops.)
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CONVERSION_TRITONTOLOOPS_PLANS_H
#define TILERUN_CONVERSION_TRITONTOLOOPS_PLANS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace tilerun {
namespace loops {

//===----------------------------------------------------------------------===//
// MaterializationPlan
//===----------------------------------------------------------------------===//

/// Decides which tensor values get a buffer. Computed once per kernel before
/// the rewrite, from the original IR.
class MaterializationPlan {
public:
  void build(mlir::FunctionOpInterface func);
  /// Plans a region lowered as a function of its own (a partition).
  void build(mlir::Region &region);
  bool isMaterialized(mlir::Value v) const { return materialized.contains(v); }
  /// True when no op from `at` on reads `v`'s buffer (with `readByAt`, `at`
  /// itself may still read it: it is the op taking the buffer over). Values
  /// in regions nested in an op before `at` are dead; block arguments of a
  /// region `at` is in are not.
  bool isDeadAt(mlir::Value v, mlir::Operation *at, bool readByAt) const;

private:
  void planBlock(mlir::Block &block);
  llvm::DenseSet<mlir::Value> materialized;
  /// Ops of its block at which each buffered value's buffer is read.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Operation *, 2>> readers;
};

} // namespace loops
} // namespace tilerun

#endif // TILERUN_CONVERSION_TRITONTOLOOPS_PLANS_H
