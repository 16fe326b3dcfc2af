//===- PromoteScopedAllocs.cpp - per-iteration heap tiles on the stack ----===//
//
// triton-shared allocates every loaded tile with memref.alloc, and buffer
// deallocation frees each one where it dies, often in the same loop
// iteration: a malloc/free pair per tile per K step or per program. When the
// free is unconditional and in the alloc's own block, the buffer's lifetime
// ends there on every path, so one fixed stack slot in the function's entry
// block can stand for all of its instances: no instance outlives the block,
// and a fresh alloc's contents are undefined anyway.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_PROMOTESCOPEDALLOCS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// Bytes of a static memref, or nullopt.
std::optional<uint64_t> staticBytes(MemRefType ty) {
  if (!ty.hasStaticShape() || !ty.getElementType().isIntOrFloat())
    return std::nullopt;
  uint64_t bytes = std::max(1u, ty.getElementTypeBitWidth() / 8);
  for (int64_t d : ty.getShape())
    if (__builtin_mul_overflow(bytes, uint64_t(d), &bytes))
      return std::nullopt;
  return bytes;
}

/// The only deallocation of `alloc` (through any view of it) is `dealloc`,
/// and no view of it leaves through a terminator or a call, so that nothing
/// else could free it or keep it past `dealloc`.
bool diesAt(memref::AllocOp alloc, memref::DeallocOp dealloc) {
  SmallVector<Value> worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto d = dyn_cast<memref::DeallocOp>(user)) {
        if (d != dealloc)
          return false;
        continue;
      }
      if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user))
        return false;
      // Views, casts and metadata extraction alias the buffer: follow them.
      if (isa<ViewLikeOpInterface, memref::CastOp,
              memref::ExtractStridedMetadataOp>(user) ||
          user->getNumRegions() > 0) {
        for (Value r : user->getResults())
          if (isa<MemRefType, UnrankedMemRefType>(r.getType()))
            worklist.push_back(r);
        if (user->getNumRegions() > 0 &&
            llvm::any_of(user->getResults(), [](Value r) {
              return isa<BaseMemRefType>(r.getType());
            }))
          return false;
      }
    }
  }
  return true;
}

struct PromoteScopedAllocs
    : tilerun::impl::PromoteScopedAllocsBase<PromoteScopedAllocs> {
  using PromoteScopedAllocsBase::PromoteScopedAllocsBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    Block &entry = fn.getBody().front();
    uint64_t used = 0;
    SmallVector<std::pair<memref::AllocOp, memref::DeallocOp>> promote;
    fn.walk([&](memref::AllocOp alloc) {
      MemRefType ty = alloc.getType();
      std::optional<uint64_t> bytes = staticBytes(ty);
      if (!bytes || !alloc.getDynamicSizes().empty() ||
          !alloc.getSymbolOperands().empty() || used + *bytes > maxBytes)
        return;
      memref::DeallocOp dealloc;
      for (Operation *user : alloc->getUsers())
        if (auto d = dyn_cast<memref::DeallocOp>(user))
          dealloc = dealloc ? memref::DeallocOp() : d;
      if (!dealloc || dealloc->getBlock() != alloc->getBlock() ||
          !diesAt(alloc, dealloc))
        return;
      used += *bytes;
      promote.emplace_back(alloc, dealloc);
    });
    OpBuilder b(&getContext());
    b.setInsertionPointToStart(&entry);
    for (auto [alloc, dealloc] : promote) {
      auto slot = memref::AllocaOp::create(b, alloc.getLoc(), alloc.getType(),
                                           alloc.getAlignmentAttr());
      alloc.getResult().replaceAllUsesWith(slot.getResult());
      dealloc.erase();
      alloc.erase();
    }
  }
};

} // namespace
