//===- StreamingStores.cpp - Non-temporal stores for large outputs --------===//
//
// A store that misses the cache first reads the line it writes (a read for
// ownership), so a row kernel writing a large output moves each output byte
// over the memory bus twice. When a launch writes more than any cache holds,
// the lines will not be read back from the cache anyway: x86's non-temporal
// vector stores write whole lines to memory without reading them.
//
// LLVM's vectoriser keeps a store's scalar alignment, and x86 has aligned
// non-temporal vector stores only, so the tile is written explicitly: each
// chunk of kChunkElements elements along the innermost dimension is computed
// into a small stack buffer (the loop LLVM vectorises as usual), then copied
// out as 64-byte non-temporal stores when its addresses are contiguous and
// line-aligned, else element by element. Contiguity is established
// statically (the pointer's innermost stride is one element) and checked at
// run time (the last address is the first plus the chunk's size, which
// catches offsets that wrap). LLVM keeps the chunk in registers.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/StreamingStores.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

std::optional<int64_t> innermostStride(Value v);

/// innermostStride through a remap: 0 when the result's innermost index
/// does not reach operand 0 (a splat, a broadcast along it), operand 0's
/// own stride when it becomes operand 0's innermost index, else unknown.
std::optional<int64_t> remappedInnermostStride(TileOpInterface remap,
                                               unsigned inner) {
  AffineMap map = remap.getOperandIndexMap();
  if (!map)
    return std::nullopt;
  AffineExpr innerDim = getAffineDimExpr(inner, remap.getContext());
  if (!map.isFunctionOfDim(inner))
    return 0;
  if (map.getNumResults() == 0 || map.getResults().back() != innerDim)
    return std::nullopt;
  return innermostStride(remap->getOperand(0));
}

/// How far consecutive elements along the innermost dimension of the
/// integer or pointer tile `v` are apart (in elements for pointers), when
/// the IR makes it a constant.
std::optional<int64_t> innermostStride(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return 0; // a scalar is the same for every element
  unsigned inner = type.getRank() - 1;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto range = dyn_cast<tt::MakeRangeOp>(def))
    return 1;
  if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
    return dense && dense.isSplat() ? std::optional<int64_t>(0) : std::nullopt;
  }
  if (auto remap = dyn_cast<TileOpInterface>(def);
      remap && remap.getTileKind() == TileOpKind::Remap)
    return remappedInnermostStride(remap, inner);
  if (isa<arith::ExtSIOp, arith::ExtUIOp>(def))
    return innermostStride(def->getOperand(0));
  auto both = [&](auto combine) -> std::optional<int64_t> {
    std::optional<int64_t> l = innermostStride(def->getOperand(0));
    std::optional<int64_t> r = innermostStride(def->getOperand(1));
    if (!l || !r)
      return std::nullopt;
    return combine(*l, *r);
  };
  // A stride that overflows int64 is not known.
  if (isa<arith::AddIOp, tt::AddPtrOp>(def))
    return both([](int64_t l, int64_t r) -> std::optional<int64_t> {
      int64_t v = 0;
      if (llvm::AddOverflow(l, r, v))
        return std::nullopt;
      return v;
    });
  if (isa<arith::SubIOp>(def))
    return both([](int64_t l, int64_t r) -> std::optional<int64_t> {
      int64_t v = 0;
      if (llvm::SubOverflow(l, r, v))
        return std::nullopt;
      return v;
    });
  if (isa<arith::MulIOp>(def)) {
    // Only a product with a constant keeps a constant stride.
    for (unsigned i = 0; i < 2; ++i) {
      APInt c;
      if (matchPattern(def->getOperand(i), m_ConstantInt(&c)) &&
          c.getSignificantBits() <= 64)
        if (std::optional<int64_t> s =
                innermostStride(def->getOperand(1 - i))) {
          int64_t v = 0;
          if (llvm::MulOverflow(*s, c.getSExtValue(), v))
            return std::nullopt;
          return v;
        }
    }
  }
  return std::nullopt;
}

/// Programs in the launch times `bytes`, at least kStreamingStoreBytes.
Value launchWritesMoreThanCaches(TileLowering &tl, OpBuilder &b, Location loc,
                                 int64_t bytes) {
  Value total = arith::ConstantIntOp::create(b, loc, b.getI64Type(), bytes);
  for (unsigned axis = 0; axis < 3; ++axis) {
    Value n =
        arith::ExtUIOp::create(b, loc, b.getI64Type(), tl.numPrograms(axis));
    total = arith::MulIOp::create(b, loc, total, n);
  }
  Value limit = arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                             kStreamingStoreBytes);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, total, limit);
}

Value ptrToI64(OpBuilder &b, Location loc, Value p) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), p);
}

} // namespace

bool lowerStreamingStore(TileLowering &tl, OpBuilder &b, Operation *op,
                         function_ref<void(OpBuilder &)> ordinaryNest) {
  auto store = cast<tt::StoreOp>(op);
  if (tl.options.checked || !tl.options.streamingStores)
    return false;
  auto ptrTy = dyn_cast<RankedTensorType>(store.getPtr().getType());
  if (!ptrTy ||
      (store.getMask() && !tl.nestFacts().isAssumedTrue(store.getMask())))
    return false;
  Type elemTy = loweredElementType(store.getValue().getType());
  // 8-bit floats, which LLVM lacks, keep the ordinary stores.
  if (!elemTy.isIntOrFloat() || !LLVM::isCompatibleType(elemTy))
    return false;
  unsigned bits = elemTy.getIntOrFloatBitWidth();
  if (bits % 8 != 0 || !llvm::isPowerOf2_32(bits) || bits > 64)
    return false;
  int64_t elemBytes = bits / 8;
  ArrayRef<int64_t> shape = ptrTy.getShape();
  if (shape.back() % kChunkElements != 0 ||
      innermostStride(store.getPtr()) != std::optional<int64_t>(1))
    return false;

  Location loc = store.getLoc();
  int64_t tileBytes = elemBytes;
  for (int64_t n : shape)
    tileBytes *= n;
  Value streaming = launchWritesMoreThanCaches(tl, b, loc, tileBytes);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, streaming, true);
  OpBuilder eb = OpBuilder::atBlockBegin(ifOp.elseBlock());
  ordinaryNest(eb);

  OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
  Value value = store.getValue();
  Value scratch = tl.allocBuffer(loc, {kChunkElements}, elemTy);
  int64_t lineElems = kCacheLineBytes / elemBytes;
  auto lineTy = VectorType::get({lineElems}, elemTy);
  SmallVector<int64_t> chunks(shape);
  chunks.back() /= kChunkElements;
  TileLowering::emitLoopNest(
      tb, loc, chunks, [&](OpBuilder &cb, ValueRange chunkIdx) {
        SmallVector<Value> idx(chunkIdx);
        Value first = arith::MulIOp::create(
            cb, loc, chunkIdx.back(), constantIndex(cb, loc, kChunkElements));
        idx.back() = first;
        tl.emitNextProgramPrefetches(cb, loc, value, idx);
        auto at = [&](OpBuilder &ib, Value j) {
          SmallVector<Value> elemIdx(idx);
          elemIdx.back() = arith::AddIOp::create(ib, loc, first, j);
          return elemIdx;
        };
        Value zero = constantIndex(cb, loc, 0), one = constantIndex(cb, loc, 1);
        Value len = constantIndex(cb, loc, kChunkElements);
        scf::ForOp::create(cb, loc, zero, len, one, ValueRange{},
                           [&](OpBuilder &ib, Location, Value j, ValueRange) {
                             tl.storeBuffer(ib, loc,
                                            tl.element(ib, value, at(ib, j)),
                                            scratch, j);
                             scf::YieldOp::create(ib, loc);
                           });
        Value start = tl.element(cb, store.getPtr(), idx);
        Value last =
            tl.element(cb, store.getPtr(),
                       at(cb, constantIndex(cb, loc, kChunkElements - 1)));
        Value startInt = ptrToI64(cb, loc, start);
        auto i64 = [&](int64_t v) {
          return arith::ConstantIntOp::create(cb, loc, cb.getI64Type(), v);
        };
        Value aligned = arith::CmpIOp::create(
            cb, loc, arith::CmpIPredicate::eq,
            arith::AndIOp::create(cb, loc, startInt, i64(kCacheLineBytes - 1)),
            i64(0));
        Value span =
            arith::SubIOp::create(cb, loc, ptrToI64(cb, loc, last), startInt);
        Value contiguous =
            arith::CmpIOp::create(cb, loc, arith::CmpIPredicate::eq, span,
                                  i64((kChunkElements - 1) * elemBytes));
        auto lines = scf::IfOp::create(
            cb, loc, TypeRange{},
            arith::AndIOp::create(cb, loc, aligned, contiguous), true);
        OpBuilder lb = OpBuilder::atBlockBegin(lines.thenBlock());
        for (int64_t e = 0; e < kChunkElements; e += lineElems) {
          Value line = vector::LoadOp::create(
              lb, loc, lineTy, scratch, ValueRange{constantIndex(lb, loc, e)});
          Value addr = LLVM::GEPOp::create(
              lb, loc, start.getType(), lb.getI8Type(), start,
              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(e * elemBytes)});
          LLVM::StoreOp::create(lb, loc, line, addr, kCacheLineBytes,
                                /*isVolatile=*/false, /*isNonTemporal=*/true);
        }
        OpBuilder sb = OpBuilder::atBlockBegin(lines.elseBlock());
        scf::ForOp::create(
            sb, loc, zero, len, one, ValueRange{},
            [&](OpBuilder &ib, Location, Value j, ValueRange) {
              Value v = tl.loadBuffer(ib, loc, scratch, j, elemTy);
              storeElement(ib, loc, v,
                           tl.element(ib, store.getPtr(), at(ib, j)),
                           elemBytes);
              scf::YieldOp::create(ib, loc);
            });
      });
  // Non-temporal stores are weakly ordered. The runtime fences each thread
  // once its programs are done (a fence per program would wait for every
  // row to reach memory); a kernel with atomics, through which a program
  // may tell others that its stores are done, fences here as well.
  bool hasAtomics = false;
  op->getParentOfType<FunctionOpInterface>()->walk([&](Operation *inner) {
    if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(inner))
      hasAtomics = true;
  });
  if (hasAtomics)
    LLVM::CallIntrinsicOp::create(
        tb, loc, tb.getStringAttr("llvm.x86.sse.sfence"), ValueRange{});
  return true;
}

} // namespace loops
} // namespace tilerun
