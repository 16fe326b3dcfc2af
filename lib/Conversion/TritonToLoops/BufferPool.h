//===- BufferPool.h - Stack buffers of a kernel's tiles ---------*- C++ -*-===//
//
// Which stack buffer holds each materialized tile of the kernel being
// lowered, and where new ones come from: the entry block (so that loops do
// not grow the stack), or the buffer of a value the materialization plan
// shows dead (fewer live tiles keep the working set in the L1 cache).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_CONVERSION_TRITONTOLOOPS_BUFFERPOOL_H
#define TILERUN_LIB_CONVERSION_TRITONTOLOOPS_BUFFERPOOL_H

#include "tilerun/Conversion/TritonToLoops/Plans.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace tilerun {
namespace loops {

class BufferPool {
public:
  explicit BufferPool(const MaterializationPlan &plan) : plan(plan) {}

  /// Where new buffers are placed.
  void setEntryBlock(mlir::Block *block) { entryBlock = block; }

  /// The buffer holding the tile `value`, or null.
  mlir::Value lookup(mlir::Value value) const { return buffers.lookup(value); }
  bool holds(mlir::Value value) const { return buffers.contains(value); }
  void bind(mlir::Value value, mlir::Value buffer) { buffers[value] = buffer; }

  /// A buffer of `type` for the op `at` being lowered: with `mayReuse`, the
  /// first (in the entry block) whose values are all dead at `at` and that
  /// no allocation of the current top-level op claimed; else a new one.
  /// Storage that outlives the op and is not bound to a tile value (shared
  /// memory, scratch) passes `mayReuse = false`: a buffer taken from a dead
  /// tile would look free again to the next tile of that type.
  mlir::Value allocate(mlir::Location loc, mlir::MemRefType type,
                       mlir::Operation *at, bool mayReuse);

  /// True when every value living in `buffer` (earlier owners too) is dead
  /// after `at`, but `reader`, which `at` may still read: `at` takes the
  /// buffer over from it.
  bool isFreeAfter(mlir::Value buffer, mlir::Operation *at,
                   mlir::Value reader) const;

  /// Ends the claims of the top-level op lowered last: everything an op
  /// allocates (its results, slots, scratch) stays claimed while it is
  /// lowered, nested regions included.
  void releaseClaims() { claimed.clear(); }

private:
  mlir::Value reusable(mlir::MemRefType type, mlir::Operation *at) const;

  const MaterializationPlan &plan;
  mlir::Block *entryBlock = nullptr;
  llvm::DenseMap<mlir::Value, mlir::Value> buffers;
  llvm::DenseSet<mlir::Value> claimed;
};

} // namespace loops
} // namespace tilerun

#endif // TILERUN_LIB_CONVERSION_TRITONTOLOOPS_BUFFERPOOL_H
