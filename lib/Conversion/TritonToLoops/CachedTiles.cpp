//===- CachedTiles.cpp - Packed B tiles shared by a thread's programs -----===//
//
// A Triton matmul's programs each pack the B tile of every K step into the
// layout of the micro-kernel, and with GROUP_M ordering consecutive
// programs, which run on one worker thread, take the same column of B: all
// but the first pack tiles that the thread packed moments before. Here the
// packing asks the runtime's per-thread cache (Hooks.h,
// tilerun_tile_cache_find / _insert) first, keyed by the packing site and
// each packed tile's first address and row stride (one dot, or the chain
// UnrollDotKLoops made, packed into one buffer), and packs only on a miss.
// DotLowering asks for the AMX kernel's B only (why there:
// docs/performance.md).
//
// Sharing a tile between programs is sound where no program of the launch
// can see a write to it: Triton gives a program's plain stores no order
// with respect to other programs (only atomics synchronise), so what must
// be excluded is a program seeing its own earlier store, and atomics.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Runtime/Hooks.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

/// Whether `effect` is on memory other programs see: global memory, or a
/// resource the op does not name.
static bool onGlobalMemory(const MemoryEffects::EffectInstance &effect) {
  SideEffects::Resource *r = effect.getResource();
  return isa<tt::GlobalMemory, ttg::GlobalMemory,
             SideEffects::DefaultResource>(r);
}

/// Whether every write to global memory in `fn` comes after the top-level
/// op holding `dot` (so no program writes before it reads B), none of them
/// also reads (an atomic), and no op has effects we cannot see.
static bool noWriteReachesOperands(FunctionOpInterface fn, tt::DotOp dot) {
  Block &body = fn.getFunctionBody().front();
  Operation *dotStep = body.findAncestorOpInBlock(*dot);
  if (!dotStep)
    return false;
  WalkResult result = fn.getFunctionBody().walk([&](Operation *op) {
    // They write to the runtime's output, not to memory a kernel reads.
    if (isa<tt::PrintOp, tt::AssertOp>(op) || isMemoryEffectFree(op))
      return WalkResult::advance();
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    bool writes = false, reads = false;
    for (const MemoryEffects::EffectInstance &e : effects) {
      if (!onGlobalMemory(e))
        continue;
      writes |= isa<MemoryEffects::Write>(e.getEffect());
      reads |= isa<MemoryEffects::Read>(e.getEffect());
    }
    if (!writes)
      return WalkResult::advance();
    if (reads || !dotStep->isBeforeInBlock(body.findAncestorOpInBlock(*op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// The global whose address names one packing site: one of its own, which
/// LLVM neither merges nor removes while its address is used.
static LLVM::GlobalOp siteGlobal(TileLowering &tl, Location loc) {
  OpBuilder gb(tl.module.getBody(), tl.module.getBody()->begin());
  return LLVM::GlobalOp::create(gb, loc, gb.getI8Type(),
                                /*isConstant=*/false, LLVM::Linkage::Internal,
                                tl.uniqueSymbol("__tilerun_tile_site_"),
                                gb.getI8IntegerAttr(0));
}

std::optional<CachedTile> cachedBTile(TileLowering &tl, OpBuilder &b,
                                      Location loc, ArrayRef<tt::DotOp> dots,
                                      MemRefType packedType) {
  int64_t words = 2 * dots.size();
  if (!tl.options.shareTiles || words > TILERUN_TILE_CACHE_KEY_WORDS ||
      !llvm::all_of(dots, [](tt::DotOp dot) {
        return noWriteReachesOperands(
            dot->getParentOfType<FunctionOpInterface>(), dot);
      }))
    return std::nullopt;
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  int64_t bytes = packedType.getNumElements() *
                  llvm::divideCeil(packedType.getElementTypeBitWidth(), 8);
  Value local = tl.allocBuffer(loc, packedType.getShape(),
                               packedType.getElementType());
  auto keyType = LLVM::LLVMArrayType::get(i64, words);
  // Made on the first lookup: a nest where no view exists needs none.
  LLVM::GlobalOp site;
  Value key;
  LLVM::LLVMFuncOp find, insert;
  auto prepare = [&] {
    if (site)
      return;
    site = siteGlobal(tl, loc);
    key = tl.entryAlloca(loc, keyType);
    find = tl.runtimeFunction(
        "tilerun_tile_cache_find",
        LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, i32}));
    insert = tl.runtimeFunction(
        "tilerun_tile_cache_insert",
        LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, i32, i64}));
  };
  auto constant = [&](OpBuilder &ib, Type t, int64_t v) -> Value {
    return arith::ConstantOp::create(ib, loc, ib.getIntegerAttr(t, v));
  };
  auto yield = [&](OpBuilder &ib, ValueRange values) {
    scf::YieldOp::create(ib, loc, values);
  };
  // The key: each tile's first address and row stride.
  auto storeKey = [&](OpBuilder &ib, ArrayRef<DirectView> views) {
    for (auto [i, view] : llvm::enumerate(views)) {
      Value address = LLVM::PtrToIntOp::create(ib, loc, i64, view.first);
      Value pair[] = {address, view.rowStride};
      for (auto [j, word] : llvm::enumerate(pair)) {
        LLVM::GEPArg position[] = {0, int32_t(2 * i + j)};
        Value at = LLVM::GEPOp::create(ib, loc, ptr, keyType, key, position);
        LLVM::StoreOp::create(ib, loc, word, at);
      }
    }
  };
  // The cached tile when there is one (no packing); else a new entry to
  // pack into, or the program's own buffer when the cache cannot hold it.
  auto lookUp = [&](OpBuilder &ib, ArrayRef<DirectView> views) -> scf::IfOp {
    prepare();
    storeKey(ib, views);
    Value siteAddress = LLVM::AddressOfOp::create(ib, loc, site);
    Value keyArgs[] = {siteAddress, key, constant(ib, i32, words)};
    Value found = LLVM::CallOp::create(ib, loc, find, keyArgs).getResult();
    Value null = LLVM::ZeroOp::create(ib, loc, ptr);
    Value hit =
        LLVM::ICmpOp::create(ib, loc, LLVM::ICmpPredicate::ne, found, null);
    return scf::IfOp::create(
        ib, loc, hit,
        [&](OpBuilder &tb, Location) {
          yield(tb, {memrefAtPointer(tb, loc, found, packedType),
                     constant(tb, i1, 0)});
        },
        [&](OpBuilder &eb, Location) {
          Value args[] = {siteAddress, key, constant(eb, i32, words),
                          constant(eb, i64, bytes)};
          Value entry = LLVM::CallOp::create(eb, loc, insert, args).getResult();
          Value cached = LLVM::ICmpOp::create(eb, loc, LLVM::ICmpPredicate::ne,
                                              entry, null);
          auto buffer = scf::IfOp::create(
              eb, loc, cached,
              [&](OpBuilder &cb, Location) {
                yield(cb, memrefAtPointer(cb, loc, entry, packedType));
              },
              [&](OpBuilder &lb, Location) { yield(lb, local); });
          yield(eb, {buffer.getResult(0), constant(eb, i1, 1)});
        });
  };
  // Tiles are a key only where each load reads all of its tile from one
  // affine view: in the copy of a nest versioned on their masks.
  SmallVector<Value> operands =
      llvm::map_to_vector(dots, [](tt::DotOp dot) -> Value { return dot.getB(); });
  auto lookUpWhereViewed = [&](OpBuilder &vb) -> SmallVector<Value> {
    SmallVector<DirectView> views;
    Value valid;
    for (Value operand : operands) {
      std::optional<DirectView> view = directOperandView(tl, vb, loc, operand);
      if (!view)
        return {local, constant(vb, i1, 1)};
      views.push_back(*view);
      if (view->valid)
        valid = valid ? arith::AndIOp::create(vb, loc, valid, view->valid)
                            .getResult()
                      : view->valid;
    }
    if (!valid)
      return lookUp(vb, views).getResults();
    auto tile = scf::IfOp::create(
        vb, loc, valid,
        [&](OpBuilder &tb, Location) {
          yield(tb, lookUp(tb, views).getResults());
        },
        [&](OpBuilder &eb, Location) {
          yield(eb, {local, constant(eb, i1, 1)});
        });
    return tile.getResults();
  };
  SmallVector<Value> tile = tl.emitMaskVersionedValues(
      b, loc, asTensor(operands.front().getType()).getShape(), operands, {},
      lookUpWhereViewed);
  return CachedTile{tile[0], tile[1]};
}

} // namespace loops
} // namespace tilerun
