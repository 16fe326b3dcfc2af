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
  return isa<tt::GlobalMemory, ttg::GlobalMemory, SideEffects::DefaultResource>(
      r);
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

namespace {

/// The run-time lookups of one packing site: the site's global, the key's
/// stack slot and the hooks' declarations, made on the first lookup (a
/// nest where no view exists needs none of them).
class SiteLookup {
public:
  SiteLookup(TileLowering &tl, Location loc, MemRefType packedType,
             int64_t tiles, Value local)
      : tl(tl), loc(loc), packedType(packedType), words(2 * tiles),
        local(local) {}

  /// The packed tiles' buffer and an i1 true when they must still be packed
  /// into it: the cached buffer when the cache has the tiles of `views`,
  /// else a new entry, or `local` where the cache cannot hold them.
  ValueRange lookUp(OpBuilder &b, ArrayRef<DirectView> views);
  /// `local`, to be packed.
  SmallVector<Value> packLocally(OpBuilder &b) {
    return {local, constant(b, b.getI1Type(), 1)};
  }

private:
  void prepare();
  /// Each tile's first address and row stride into the key's slot.
  void storeKey(OpBuilder &b, ArrayRef<DirectView> views);
  Value constant(OpBuilder &b, Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
  }

  TileLowering &tl;
  Location loc;
  MemRefType packedType;
  int64_t words;
  Value local;
  LLVM::GlobalOp site;
  Value key;
  LLVM::LLVMFuncOp find, insert;
};

void SiteLookup::prepare() {
  if (site)
    return;
  MLIRContext *ctx = tl.module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  site = siteGlobal(tl, loc);
  key = tl.entryAlloca(loc, LLVM::LLVMArrayType::get(i64, words));
  find = tl.runtimeFunction("tilerun_tile_cache_find",
                            LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, i32}));
  insert = tl.runtimeFunction(
      "tilerun_tile_cache_insert",
      LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, i32, i64}));
}

void SiteLookup::storeKey(OpBuilder &b, ArrayRef<DirectView> views) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto keyType = LLVM::LLVMArrayType::get(b.getI64Type(), words);
  for (auto [i, view] : llvm::enumerate(views)) {
    Value address =
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), view.first);
    Value pair[] = {address, view.rowStride};
    for (auto [j, word] : llvm::enumerate(pair)) {
      LLVM::GEPArg position[] = {0, int32_t(2 * i + j)};
      Value at = LLVM::GEPOp::create(b, loc, ptr, keyType, key, position);
      LLVM::StoreOp::create(b, loc, word, at);
    }
  }
}

ValueRange SiteLookup::lookUp(OpBuilder &b, ArrayRef<DirectView> views) {
  prepare();
  storeKey(b, views);
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  auto yield = [&](OpBuilder &yb, ValueRange values) {
    scf::YieldOp::create(yb, loc, values);
  };
  Value siteAddress = LLVM::AddressOfOp::create(b, loc, site);
  Value keyArgs[] = {siteAddress, key, constant(b, i32, words)};
  Value found = LLVM::CallOp::create(b, loc, find, keyArgs).getResult();
  Value null = LLVM::ZeroOp::create(b, loc, ptr);
  Value hit =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, found, null);
  auto tile = scf::IfOp::create(
      b, loc, hit,
      [&](OpBuilder &tb, Location) {
        yield(tb, {memrefAtPointer(tb, loc, found, packedType),
                   constant(tb, i1, 0)});
      },
      [&](OpBuilder &eb, Location) {
        int64_t bytes =
            packedType.getNumElements() *
            llvm::divideCeil(packedType.getElementTypeBitWidth(), 8);
        Value args[] = {siteAddress, key, constant(eb, i32, words),
                        constant(eb, i64, bytes)};
        Value entry = LLVM::CallOp::create(eb, loc, insert, args).getResult();
        Value cached =
            LLVM::ICmpOp::create(eb, loc, LLVM::ICmpPredicate::ne, entry, null);
        auto buffer = scf::IfOp::create(
            eb, loc, cached,
            [&](OpBuilder &cb, Location) {
              yield(cb, memrefAtPointer(cb, loc, entry, packedType));
            },
            [&](OpBuilder &lb, Location) { yield(lb, local); });
        yield(eb, {buffer.getResult(0), constant(eb, i1, 1)});
      });
  return tile.getResults();
}

} // namespace

std::optional<CachedTile> cachedBTile(TileLowering &tl, OpBuilder &b,
                                      Location loc, ArrayRef<tt::DotOp> dots,
                                      MemRefType packedType) {
  if (!tl.options.shareTiles ||
      2 * int64_t(dots.size()) > TILERUN_TILE_CACHE_KEY_WORDS ||
      !llvm::all_of(dots, [](tt::DotOp dot) {
        return noWriteReachesOperands(
            dot->getParentOfType<FunctionOpInterface>(), dot);
      }))
    return std::nullopt;
  Value local =
      tl.allocBuffer(loc, packedType.getShape(), packedType.getElementType());
  SiteLookup site(tl, loc, packedType, dots.size(), local);
  SmallVector<Value> operands = llvm::map_to_vector(
      dots, [](tt::DotOp dot) -> Value { return dot.getB(); });
  // Tiles are a key only where each load reads all of its tile from one
  // affine view: in the copy of a nest versioned on their masks.
  auto lookUpWhereViewed = [&](OpBuilder &vb) -> SmallVector<Value> {
    SmallVector<DirectView> views;
    Value valid;
    for (Value operand : operands) {
      std::optional<DirectView> view = directOperandView(tl, vb, loc, operand);
      if (!view)
        return site.packLocally(vb);
      views.push_back(*view);
      if (view->valid)
        valid =
            valid
                ? arith::AndIOp::create(vb, loc, valid, view->valid).getResult()
                : view->valid;
    }
    if (!valid)
      return site.lookUp(vb, views);
    auto tile = scf::IfOp::create(
        vb, loc, valid,
        [&](OpBuilder &tb, Location) {
          scf::YieldOp::create(tb, loc, site.lookUp(tb, views));
        },
        [&](OpBuilder &eb, Location) {
          scf::YieldOp::create(eb, loc, site.packLocally(eb));
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
