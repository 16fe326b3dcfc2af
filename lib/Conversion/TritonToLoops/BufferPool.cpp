//===- BufferPool.cpp - Stack buffers of a kernel's tiles -----------------===//

#include "BufferPool.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace tilerun {
namespace loops {

Value BufferPool::allocate(Location loc, MemRefType type, Operation *at,
                           bool mayReuse) {
  Value buf = mayReuse && at ? reusable(type, at) : Value();
  if (!buf) {
    OpBuilder eb(entryBlock, entryBlock->begin());
    // Aligned for vector loads of whole rows.
    buf = memref::AllocaOp::create(eb, loc, type, ValueRange{},
                                   eb.getI64IntegerAttr(64));
  }
  claimed.insert(buf);
  return buf;
}

Value BufferPool::reusable(MemRefType type, Operation *at) const {
  // A buffer is free when every value living in it is dead at the op being
  // lowered, and no allocation of that op has claimed it.
  llvm::DenseMap<Value, bool> free;
  for (auto &[v, buf] : buffers) {
    if (buf.getType() != type || claimed.contains(buf) ||
        !isa_and_nonnull<memref::AllocaOp>(buf.getDefiningOp()))
      continue;
    bool dead = plan.isDeadAt(v, at, /*readByAt=*/false);
    auto [it, inserted] = free.try_emplace(buf, dead);
    if (!inserted)
      it->second = it->second && dead;
  }
  // The first free one in the entry block, for a deterministic choice.
  Value best;
  for (auto [buf, isFree] : free)
    if (isFree &&
        (!best || buf.getDefiningOp()->isBeforeInBlock(best.getDefiningOp())))
      best = buf;
  return best;
}

bool BufferPool::isFreeAfter(Value buffer, Operation *at, Value reader) const {
  return llvm::all_of(buffers, [&](auto &entry) {
    return entry.second != buffer ||
           plan.isDeadAt(entry.first, at, /*readByAt=*/entry.first == reader);
  });
}

} // namespace loops
} // namespace tilerun
