//===- SharedMemory.cpp - ttg shared-memory descriptors -------------------===//
//
// Shared memory is a per-program byte buffer. Each element sits at the offset
// its shared layout gives (through an offset table computed at compile time
// from the layout's definition), so reinterpreting the bytes with another
// layout, shape or dtype reads what the GPU reads.
//
// A descriptor lowers to a MemDescView: the address of the allocation (or of
// one buffer of a multi-buffered allocation) and a function from the view's
// logical index to a byte offset. Views that only re-index (subslice, trans,
// reshape) compose that function; memdesc_index and memdesc_reinterpret start
// a new placement at their address.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/SharedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

std::optional<shared::SharedLayout> layoutOf(Attribute enc) {
  shared::SharedLayout l;
  if (auto s = dyn_cast<ttg::SwizzledSharedEncodingAttr>(enc)) {
    l.kind = shared::SharedLayout::Kind::Swizzled;
    l.swizzled = ttg::toParams(s);
  } else if (auto n = dyn_cast<ttg::NVMMASharedEncodingAttr>(enc)) {
    l.kind = shared::SharedLayout::Kind::NVMMA;
    l.nvmma = ttg::toParams(n);
  } else if (auto p = dyn_cast<ttg::PaddedSharedEncodingAttr>(enc)) {
    l.kind = shared::SharedLayout::Kind::Padded;
    l.padded = ttg::toParams(p);
  } else if (auto sl = dyn_cast<ttg::SharedLinearEncodingAttr>(enc)) {
    l.kind = shared::SharedLayout::Kind::Linear;
    l.linear = ttg::toParams(sl);
  } else {
    return std::nullopt;
  }
  return l;
}

unsigned elementBytes(Type t) {
  return std::max(1u, ttg::getElementBitWidth(t) / 8);
}

/// Placement of a descriptor type whose logical index covers its whole
/// allocation: back-to-back copies of one layout tile.
FailureOr<MemDescView> rootPlacement(TileLowering &tl, Operation *op,
                                     Value base, ttg::MemDescType ty) {
  Location loc = op->getLoc();
  ArrayRef<int64_t> alloc = ty.getAllocShape();
  auto rank = ttg::getSharedEncodingRank(ty.getEncoding());
  auto layout = layoutOf(ty.getEncoding());
  if (!rank || !layout || *rank > alloc.size())
    return op->emitOpError("shared layout ")
           << ty.getEncoding() << " is not supported on the CPU";
  unsigned k = alloc.size() - *rank;
  SmallVector<int64_t> tile(alloc.drop_front(k));
  SmallVector<int64_t> copies(alloc.take_front(k));
  auto tileElems = ttg::getTileElements(ty.getEncoding(), tile);
  SmallVector<int64_t> table;
  if (!tileElems || !shared::buildOffsetTable(*layout, tile, table))
    return op->emitOpError("cannot place elements of ")
           << ty << " in shared memory";
  bool identity = true;
  for (auto [i, off] : llvm::enumerate(table))
    identity &= off == (int64_t)i;

  std::string tableName;
  if (!identity) {
    static unsigned counter = 0;
    tableName = "__tilerun_smem_layout_" + std::to_string(counter++);
    OpBuilder gb(tl.module.getBody(), tl.module.getBody()->begin());
    auto i32 = gb.getI32Type();
    auto memTy = MemRefType::get({(int64_t)table.size()}, i32);
    SmallVector<int32_t> vals(table.begin(), table.end());
    auto attr = DenseElementsAttr::get(
        RankedTensorType::get({(int64_t)table.size()}, i32),
        ArrayRef<int32_t>(vals));
    memref::GlobalOp::create(gb, loc, tableName, gb.getStringAttr("private"),
                             memTy, attr, /*constant=*/true,
                             gb.getI64IntegerAttr(64));
  }
  int64_t elemBytes = elementBytes(ty.getElementType());
  int64_t tileCount = *tileElems;
  int64_t tableSize = table.size();
  MemDescView view;
  view.base = base;
  view.rootType = ty;
  view.byteOffset = [=](OpBuilder &b, Location l, ValueRange idx) -> Value {
    Value copy = linearize(b, l, idx.take_front(k), copies);
    Value inTile = linearize(b, l, idx.drop_front(k), tile);
    if (!identity) {
      auto memTy = MemRefType::get({tableSize}, b.getI32Type());
      Value t = memref::GetGlobalOp::create(b, l, memTy, tableName);
      Value off = memref::LoadOp::create(b, l, t, ValueRange{inTile});
      inTile = arith::IndexCastOp::create(b, l, b.getIndexType(), off);
    }
    Value elem = arith::AddIOp::create(
        b, l, arith::MulIOp::create(b, l, copy, constantIndex(b, l, tileCount)),
        inTile);
    Value bytes =
        arith::MulIOp::create(b, l, elem, constantIndex(b, l, elemBytes));
    return arith::IndexCastOp::create(b, l, b.getI64Type(), bytes);
  };
  return view;
}

void storeTile(TileLowering &tl, OpBuilder &b, Operation *op, Value src,
               const MemDescView &view) {
  auto type = asTensor(src.getType());
  TileLowering::emitLoopNest(
      b, op->getLoc(), type.getShape(), [&](OpBuilder &ib, ValueRange idx) {
        storeSharedElement(tl, ib, op, view, tl.element(ib, src, idx), idx);
      });
}

} // namespace

Value addressOf(OpBuilder &b, Location loc, const MemDescView &view,
                ValueRange idx) {
  Value off = view.byteOffset(b, loc, idx);
  return LLVM::GEPOp::create(b, loc, view.base.getType(), b.getI8Type(),
                             view.base, ValueRange{off});
}

FailureOr<MemDescView> placeMemDesc(TileLowering &tl, Operation *op, Value base,
                                    Value allocBase, Value allocBytes,
                                    Type rootType) {
  auto view = rootPlacement(tl, op, base, cast<ttg::MemDescType>(rootType));
  if (succeeded(view)) {
    view->allocBase = allocBase;
    view->allocBytes = allocBytes;
  }
  return view;
}

Value loadSharedElement(TileLowering &tl, OpBuilder &b, Operation *op,
                        Value memdesc, ValueRange idx) {
  MemDescView &view = tl.memdesc(memdesc);
  Type elemTy = loweredElementType(
      cast<ttg::MemDescType>(memdesc.getType()).getElementType());
  if (!view.base)
    return tl.fail(b, op, "reads a descriptor that could not be lowered",
                   elemTy);
  Location loc = op->getLoc();
  Value addr = addressOf(b, loc, view, idx);
  return checkedSharedAccess(
      tl, b, op, view, addr, elemTy, idx, elemTy, [&](OpBuilder &cb) -> Value {
        return loadElement(cb, loc, elemTy, addr, elementBytes(elemTy));
      });
}

void storeSharedElement(TileLowering &tl, OpBuilder &b, Operation *op,
                        const MemDescView &view, Value v, ValueRange idx) {
  Location loc = op->getLoc();
  Value addr = addressOf(b, loc, view, idx);
  checkedSharedAccess(
      tl, b, op, view, addr, v.getType(), idx, Type(), [&](OpBuilder &cb) {
        storeElement(cb, loc, v, addr, elementBytes(v.getType()));
        return Value();
      });
}

Value emitLocalLoadElement(TileLowering &tl, OpBuilder &b, Operation *op,
                           ValueRange idx) {
  return loadSharedElement(tl, b, op, cast<ttg::LocalLoadOp>(op).getSrc(), idx);
}

LogicalResult lowerSharedMemoryOp(TileLowering &tl, OpBuilder &b,
                                  Operation *op) {
  Location loc = op->getLoc();
  if (isa<ttg::LocalDeallocOp, ttg::LocalBarrierOp, ttg::AsyncCommitGroupOp,
          ttg::AsyncWaitOp>(op))
    return success(); // one thread runs a program: copies are synchronous

  if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
    auto ty = cast<ttg::MemDescType>(alloc.getType());
    auto bits = ttg::getStorageBits(ty);
    if (!bits)
      return op->emitOpError("cannot size the allocation of ") << ty;
    int64_t bytes = (*bits + 7) / 8;
    Value buf = tl.allocBuffer(loc, {bytes}, b.getI8Type(), /*mayReuse=*/false);
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buf);
    base = arith::IndexCastOp::create(b, loc, b.getI64Type(), base);
    base = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), base);
    auto view = rootPlacement(tl, op, base, ty);
    if (failed(view))
      return failure();
    view->allocBase = base;
    view->allocBytes =
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), bytes);
    tl.bindMemDesc(alloc.getResult(), *view);
    if (alloc.getSrc())
      storeTile(tl, b, op, alloc.getSrc(), *view);
    return success();
  }

  if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
    MemDescView &view = tl.memdesc(store.getDst());
    if (!view.base)
      return op->emitOpError("writes a descriptor that could not be lowered");
    storeTile(tl, b, op, store.getSrc(), view);
    return success();
  }

  if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
    MemDescView view = tl.memdesc(copy.getResult());
    if (!view.base)
      return op->emitOpError("writes a descriptor that could not be lowered");
    auto type = asTensor(copy.getSrc().getType());
    Type elemTy = loweredElementType(
        cast<tt::PointerType>(type.getElementType()).getPointeeType());
    TileLowering::emitLoopNest(
        b, loc, type.getShape(), [&](OpBuilder &ib, ValueRange idx) {
          Value ptr = tl.element(ib, copy.getSrc(), idx);
          Value v;
          auto load = [&](OpBuilder &lb) -> Value {
            return checkedGlobalAccess(tl, lb, op, ptr, elemTy, idx, elemTy,
                                       [&](OpBuilder &cb) -> Value {
                                         return loadElement(
                                             cb, loc, elemTy, ptr,
                                             elementBytes(elemTy));
                                       });
          };
          if (copy.getMask()) {
            Value m = tl.element(ib, copy.getMask(), idx);
            Value other =
                copy.getOther()
                    ? tl.element(ib, copy.getOther(), idx)
                    : arith::ConstantOp::create(ib, loc, ib.getZeroAttr(elemTy))
                          .getResult();
            auto ifOp = scf::IfOp::create(ib, loc, TypeRange{elemTy}, m, true);
            OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
            scf::YieldOp::create(tb, loc, load(tb));
            OpBuilder eb = OpBuilder::atBlockBegin(ifOp.elseBlock());
            scf::YieldOp::create(eb, loc, other);
            v = ifOp.getResult(0);
          } else {
            v = load(ib);
          }
          storeSharedElement(tl, ib, op, view, v, idx);
        });
    return success();
  }

  // Views.
  if (op->getNumOperands() < 1 || op->getNumResults() != 1 ||
      !isa<ttg::MemDescType>(op->getResult(0).getType()))
    return op->emitOpError("is not supported by the CPU lowering");
  MemDescView src = tl.memdesc(op->getOperand(0));
  if (!src.base)
    return op->emitOpError("views a descriptor that could not be lowered");
  auto srcTy = cast<ttg::MemDescType>(op->getOperand(0).getType());
  auto dstTy = cast<ttg::MemDescType>(op->getResult(0).getType());

  if (auto index = dyn_cast<ttg::MemDescIndexOp>(op)) {
    // Copy i of a multi-buffered descriptor starts i buffers further.
    auto bits = ttg::getStorageBits(dstTy);
    if (!bits)
      return op->emitOpError("cannot size ") << dstTy;
    SmallVector<Value> first(srcTy.getShape().size(), Value());
    Value i = castToI64(b, loc, tl.scalar(index.getIndex()));
    Value zero = constantIndex(b, loc, 0);
    SmallVector<Value> origin(srcTy.getShape().size(), zero);
    Value start = src.byteOffset(b, loc, origin);
    Value stride =
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), (*bits + 7) / 8);
    Value off = arith::AddIOp::create(b, loc, start,
                                      arith::MulIOp::create(b, loc, i, stride));
    Value base = LLVM::GEPOp::create(b, loc, src.base.getType(), b.getI8Type(),
                                     src.base, ValueRange{off});
    auto view = rootPlacement(tl, op, base, dstTy);
    if (failed(view))
      return failure();
    view->allocBase = src.allocBase;
    view->allocBytes = src.allocBytes;
    tl.bindMemDesc(op->getResult(0), *view);
    return success();
  }
  if (isa<ttg::MemDescReinterpretOp>(op)) {
    Value zero = constantIndex(b, loc, 0);
    SmallVector<Value> origin(srcTy.getShape().size(), zero);
    Value base =
        LLVM::GEPOp::create(b, loc, src.base.getType(), b.getI8Type(), src.base,
                            ValueRange{src.byteOffset(b, loc, origin)});
    auto view = rootPlacement(tl, op, base, dstTy);
    if (failed(view))
      return failure();
    view->allocBase = src.allocBase;
    view->allocBytes = src.allocBytes;
    tl.bindMemDesc(op->getResult(0), *view);
    return success();
  }
  MemDescView view;
  view.base = src.base;
  view.allocBase = src.allocBase;
  view.allocBytes = src.allocBytes;
  auto parent = src.byteOffset;
  if (auto slice = dyn_cast<ttg::MemDescSubsliceOp>(op)) {
    SmallVector<int32_t> offsets(slice.getOffsets());
    view.byteOffset = [=](OpBuilder &ib, Location l, ValueRange idx) {
      SmallVector<Value> at;
      for (auto [i, v] : llvm::enumerate(idx))
        at.push_back(
            arith::AddIOp::create(ib, l, v, constantIndex(ib, l, offsets[i])));
      return parent(ib, l, at);
    };
  } else if (auto trans = dyn_cast<ttg::MemDescTransOp>(op)) {
    SmallVector<int32_t> order(trans.getOrder());
    view.byteOffset = [=](OpBuilder &ib, Location l, ValueRange idx) {
      SmallVector<Value> at(idx.size());
      for (auto [i, o] : llvm::enumerate(order))
        at[o] = idx[i];
      return parent(ib, l, at);
    };
  } else if (isa<ttg::MemDescReshapeOp>(op)) {
    SmallVector<int64_t> from(srcTy.getShape()), to(dstTy.getShape());
    view.byteOffset = [=](OpBuilder &ib, Location l, ValueRange idx) {
      return parent(ib, l, delinearize(ib, l, linearize(ib, l, idx, to), from));
    };
  } else {
    return op->emitOpError("is not supported by the CPU lowering");
  }
  tl.bindMemDesc(op->getResult(0), view);
  return success();
}

} // namespace loops
} // namespace tilerun
