//===- MemoryOps.cpp - Global memory: loads, stores, atomics --------------===//
//
// Addresses are computed per element. A masked access becomes a branch around
// the scalar access, which LLVM's vectoriser turns into a masked vector load
// or store when the addresses are consecutive. Block pointers and tensor
// descriptors are tuples (base, shape, strides[, offsets]) carried as values.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {
Type memoryType(Type elemTy) {
  if (LLVM::isCompatibleType(elemTy))
    return elemTy;
  return IntegerType::get(elemTy.getContext(), elemTy.getIntOrFloatBitWidth());
}

Value loadElement(OpBuilder &b, Location loc, Type elemTy, Value addr,
                  unsigned alignment) {
  Type mem = memoryType(elemTy);
  Value v = LLVM::LoadOp::create(b, loc, mem, addr, alignment);
  return mem == elemTy ? v : arith::BitcastOp::create(b, loc, elemTy, v);
}

void storeElement(OpBuilder &b, Location loc, Value v, Value addr,
                  unsigned alignment) {
  Type mem = memoryType(v.getType());
  if (mem != v.getType())
    v = arith::BitcastOp::create(b, loc, mem, v);
  LLVM::StoreOp::create(b, loc, v, addr, alignment);
}

Value zeroOf(OpBuilder &b, Location loc, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::ZeroOp::create(b, loc, t);
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
}

unsigned byteSize(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 8;
  return std::max(1u, t.getIntOrFloatBitWidth() / 8);
}

/// Emits `cond ? then() : otherwise` without evaluating `then` when false.
Value guarded(OpBuilder &b, Location loc, Value cond, Type type,
              function_ref<Value(OpBuilder &)> then, Value otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, cond, true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(b, loc, then(b));
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, otherwise);
  return ifOp.getResult(0);
}

void guardedEffect(OpBuilder &b, Location loc, Value cond,
                   function_ref<void(OpBuilder &)> then) {
  if (!cond) {
    then(b);
    return;
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, cond, false);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  then(b);
}

Value andI1(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return arith::AndIOp::create(b, loc, a, c);
}

/// Address and in-bounds predicate of element `idx` of a block accessed
/// through (base, shape[], strides[]) at block start `start[]`. `checkDims`
/// selects the dims whose bounds are checked (all when empty and `all`).
std::pair<Value, Value> blockAddress(OpBuilder &b, Location loc, Value base,
                                     Type elemTy, ValueRange shape,
                                     ValueRange strides, ValueRange start,
                                     ValueRange idx,
                                     ArrayRef<int32_t> checkDims, bool all) {
  unsigned rank = idx.size();
  Value offset = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  Value inBounds;
  for (unsigned d = 0; d < rank; ++d) {
    Value i = castToI64(b, loc, idx[d]);
    Value coord = arith::AddIOp::create(b, loc, castToI64(b, loc, start[d]), i);
    offset = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, coord, castToI64(b, loc, strides[d])));
    if (all || llvm::is_contained(checkDims, (int32_t)d)) {
      Value zero = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
      Value ge =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, coord, zero);
      Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, coord,
                                       castToI64(b, loc, shape[d]));
      inBounds = andI1(b, loc, inBounds, arith::AndIOp::create(b, loc, ge, lt));
    }
  }
  Value addr = LLVM::GEPOp::create(b, loc, base.getType(), memoryType(elemTy),
                                   base, ValueRange{offset});
  return {addr, inBounds};
}

namespace {

Value loadScalar(OpBuilder &b, Location loc, Type elemTy, Value addr) {
  return loadElement(b, loc, elemTy, addr, byteSize(elemTy));
}

Value paddingValue(OpBuilder &b, Location loc, Type elemTy,
                   std::optional<tt::PaddingOption> padding) {
  if (padding && *padding == tt::PaddingOption::PAD_NAN &&
      isa<FloatType>(elemTy))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(elemTy, std::numeric_limits<double>::quiet_NaN()));
  return zeroOf(b, loc, elemTy);
}

} // namespace

SmallVector<Value> blockIndex(OpBuilder &b, Location loc, ValueRange idx,
                              ArrayRef<int64_t> blockShape) {
  // Verified: the block is the indexed shape with leading unit dims added.
  size_t drop = blockShape.size() - idx.size();
  SmallVector<Value> out(drop, constantIndex(b, loc, 0));
  llvm::append_range(out, idx);
  return out;
}

Value readDescriptorElement(TileLowering &tl, OpBuilder &b, Operation *op,
                            Value desc, ValueRange indices, ValueRange idx,
                            Type elemTy, Value fill) {
  return readDescriptorBox(tl, b, op, desc, tl.loweredScalars(indices), idx,
                           elemTy, fill);
}

Value readDescriptorBox(TileLowering &tl, OpBuilder &b, Operation *op,
                        Value desc, ValueRange start, ValueRange idx,
                        Type elemTy, Value fill) {
  Location loc = op->getLoc();
  ArrayRef<Value> p = tl.parts(desc);
  unsigned rank = idx.size();
  if (p.size() != descriptorParts(rank))
    return tl.fail(b, op, "descriptor rank mismatch", elemTy);
  if (!fill && isa<FloatType>(elemTy))
    fill = arith::SelectOp::create(
        b, loc, p.back(),
        arith::ConstantOp::create(
            b, loc,
            b.getFloatAttr(elemTy, std::numeric_limits<double>::quiet_NaN())),
        zeroOf(b, loc, elemTy));
  auto [addr, inBounds] =
      blockAddress(b, loc, p[0], elemTy, ValueRange(p).slice(1, rank),
                   ValueRange(p).slice(1 + rank, rank), start, idx, {}, true);
  return guarded(
      b, loc, inBounds, elemTy,
      [&, addr = addr](OpBuilder &ib) {
        return checkedGlobalAccess(
            tl, ib, op, addr, elemTy, idx, elemTy,
            [&](OpBuilder &cb) { return loadScalar(cb, loc, elemTy, addr); });
      },
      fill ? fill : zeroOf(b, loc, elemTy));
}

Value emitLoadElement(TileLowering &tl, OpBuilder &b, Operation *op,
                      ValueRange idx) {
  Location loc = op->getLoc();
  Type elemTy = loweredElementType(op->getResult(0).getType());
  // Every element read goes through here: checked mode validates it.
  auto read = [&](OpBuilder &ib, Value addr) {
    return checkedGlobalAccess(
        tl, ib, op, addr, elemTy, idx, elemTy,
        [&](OpBuilder &cb) { return loadScalar(cb, loc, elemTy, addr); });
  };
  if (auto gather = dyn_cast<tt::DescriptorGatherOp>(op)) {
    // Row i is the [1, W] box at (x_offsets[i], y_offset).
    Value row = tl.element(b, gather.getXOffsets(), {idx[0]});
    return readDescriptorBox(
        tl, b, op, gather.getDesc(), {row, tl.scalar(gather.getYOffset())},
        {constantIndex(b, loc, 0), idx[1]}, elemTy, Value());
  }
  if (auto desc = dyn_cast<tt::DescriptorLoadOp>(op))
    return readDescriptorElement(
        tl, b, op, desc.getDesc(), desc.getIndices(),
        blockIndex(b, loc, idx,
                   desc.getDesc().getType().getBlockType().getShape()),
        elemTy, Value());

  auto load = cast<tt::LoadOp>(op);
  Type ptrTy = load.getPtr().getType();
  if (auto ptr = dyn_cast<tt::PointerType>(ptrTy);
      ptr && isa<RankedTensorType>(ptr.getPointeeType())) {
    // Block pointer: parts are base, shape[r], strides[r], offsets[r].
    ArrayRef<Value> p = tl.parts(load.getPtr());
    unsigned rank = idx.size();
    if (p.size() != 1 + 3 * rank)
      return tl.fail(b, op, "block pointer rank mismatch", elemTy);
    auto [addr, inBounds] =
        blockAddress(b, loc, p[0], elemTy, ValueRange(p).slice(1, rank),
                     ValueRange(p).slice(1 + rank, rank),
                     ValueRange(p).slice(1 + 2 * rank, rank), idx,
                     load.getBoundaryCheck(), false);
    if (!inBounds)
      return read(b, addr);
    return guarded(
        b, loc, inBounds, elemTy,
        [&, addr = addr](OpBuilder &ib) { return read(ib, addr); },
        paddingValue(b, loc, elemTy, load.getPadding()));
  }

  Value addr = tl.element(b, load.getPtr(), idx);
  if (!load.getMask())
    return read(b, addr);
  Value mask = tl.element(b, load.getMask(), idx);
  Value other = load.getOther() ? tl.element(b, load.getOther(), idx)
                                : zeroOf(b, loc, elemTy);
  return guarded(
      b, loc, mask, elemTy, [&](OpBuilder &ib) { return read(ib, addr); },
      other);
}

/// Writes values of `shape` through the tensor descriptor `desc`: element
/// `idx` goes to index `boxIndexAt(idx)` of the box starting at
/// `startAt(idx)` (lowered, one per dim), unless that lies outside the
/// tensor, as TMA drops it.
static LogicalResult emitDescriptorWrite(
    TileLowering &tl, OpBuilder &b, Operation *op, Value desc,
    ArrayRef<int64_t> shape, Type elemTy,
    function_ref<SmallVector<Value>(OpBuilder &, ValueRange)> startAt,
    function_ref<SmallVector<Value>(OpBuilder &, ValueRange)> boxIndexAt,
    function_ref<Value(OpBuilder &, ValueRange)> valueAt,
    function_ref<void(OpBuilder &, Value, Value)> write) {
  Location loc = op->getLoc();
  ArrayRef<Value> p = tl.parts(desc);
  unsigned rank =
      cast<tt::TensorDescType>(desc.getType()).getBlockType().getRank();
  if (p.size() != descriptorParts(rank))
    return op->emitOpError("descriptor rank mismatch");
  TileLowering::emitLoopNest(b, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
    auto [addr, inBounds] =
        blockAddress(ib, loc, p[0], elemTy, ValueRange(p).slice(1, rank),
                     ValueRange(p).slice(1 + rank, rank), startAt(ib, idx),
                     boxIndexAt(ib, idx), {}, true);
    Value v = valueAt(ib, idx);
    guardedEffect(ib, loc, inBounds, [&, addr = addr](OpBuilder &sb) {
      checkedGlobalAccess(tl, sb, op, addr, elemTy, idx, Type(),
                          [&](OpBuilder &cb) {
                            write(cb, addr, v);
                            return Value();
                          });
    });
  });
  return success();
}

LogicalResult
emitDescriptorBlockWrite(TileLowering &tl, OpBuilder &b, Operation *op,
                         Value desc, ValueRange indices,
                         ArrayRef<int64_t> shape, Type elemTy,
                         function_ref<Value(OpBuilder &, ValueRange)> valueAt,
                         function_ref<void(OpBuilder &, Value, Value)> write) {
  ArrayRef<int64_t> blockShape =
      cast<tt::TensorDescType>(desc.getType()).getBlockType().getShape();
  SmallVector<Value> start = tl.loweredScalars(indices);
  // The values may lack the block's leading unit dims (verified).
  return emitDescriptorWrite(
      tl, b, op, desc, shape, elemTy,
      [&](OpBuilder &, ValueRange) { return start; },
      [&](OpBuilder &ib, ValueRange idx) {
        return blockIndex(ib, op->getLoc(), idx, blockShape);
      },
      valueAt, write);
}

/// The atomicrmw a TMA reduction of `kind` performs on one element of type
/// `t` (min / max unsigned for unsigned blocks); the wrapping unsigned
/// increment and decrement are CUDA's inc / dec.
static FailureOr<LLVM::AtomicBinOp> reduceBinOp(tt::DescriptorReduceKind kind,
                                                Type t, bool isUnsigned) {
  bool isFloat = isa<FloatType>(t);
  switch (kind) {
  case tt::DescriptorReduceKind::ADD:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case tt::DescriptorReduceKind::MIN:
    return isFloat      ? LLVM::AtomicBinOp::fmin
           : isUnsigned ? LLVM::AtomicBinOp::umin
                        : LLVM::AtomicBinOp::min;
  case tt::DescriptorReduceKind::MAX:
    return isFloat      ? LLVM::AtomicBinOp::fmax
           : isUnsigned ? LLVM::AtomicBinOp::umax
                        : LLVM::AtomicBinOp::max;
  case tt::DescriptorReduceKind::INC:
    return isFloat ? FailureOr<LLVM::AtomicBinOp>(failure())
                   : LLVM::AtomicBinOp::uinc_wrap;
  case tt::DescriptorReduceKind::DEC:
    return isFloat ? FailureOr<LLVM::AtomicBinOp>(failure())
                   : LLVM::AtomicBinOp::udec_wrap;
  case tt::DescriptorReduceKind::AND:
    return isFloat ? FailureOr<LLVM::AtomicBinOp>(failure())
                   : LLVM::AtomicBinOp::_and;
  case tt::DescriptorReduceKind::OR:
    return isFloat ? FailureOr<LLVM::AtomicBinOp>(failure())
                   : LLVM::AtomicBinOp::_or;
  case tt::DescriptorReduceKind::XOR:
    return isFloat ? FailureOr<LLVM::AtomicBinOp>(failure())
                   : LLVM::AtomicBinOp::_xor;
  case tt::DescriptorReduceKind::NONE:
    break;
  }
  return failure();
}

LogicalResult
emitDescriptorReduce(TileLowering &tl, OpBuilder &b, Operation *op,
                     tt::DescriptorReduceKind kind, Value desc,
                     ValueRange indices, ArrayRef<int64_t> shape,
                     function_ref<Value(OpBuilder &, ValueRange)> valueAt) {
  RankedTensorType block =
      cast<tt::TensorDescType>(desc.getType()).getBlockType();
  Type elemTy = loweredElementType(block);
  // The block's integer type says whether min / max are unsigned.
  auto binOp =
      reduceBinOp(kind, elemTy, block.getElementType().isUnsignedInteger());
  if (failed(binOp))
    return op->emitOpError("reduction '")
           << tt::stringifyDescriptorReduceKind(kind) << "' is not defined for "
           << elemTy;
  Location loc = op->getLoc();
  return emitDescriptorBlockWrite(
      tl, b, op, desc, indices, shape, elemTy, valueAt,
      [&](OpBuilder &cb, Value addr, Value v) {
        LLVM::AtomicRMWOp::create(cb, loc, *binOp, addr, v,
                                  LLVM::AtomicOrdering::monotonic);
      });
}

LogicalResult lowerStoreLike(TileLowering &tl, OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (auto red = dyn_cast<tt::DescriptorReduceOp>(op))
    return emitDescriptorReduce(tl, b, op, red.getKind(), red.getDesc(),
                                red.getIndices(),
                                asTensor(red.getSrc().getType()).getShape(),
                                [&](OpBuilder &ib, ValueRange idx) {
                                  return tl.element(ib, red.getSrc(), idx);
                                });
  if (auto scatter = dyn_cast<tt::DescriptorScatterOp>(op)) {
    // Row i goes to the [1, W] box at (x_offsets[i], y_offset).
    auto type = asTensor(scatter.getSrc().getType());
    Type elemTy = loweredElementType(type);
    return emitDescriptorWrite(
        tl, b, op, scatter.getDesc(), type.getShape(), elemTy,
        [&](OpBuilder &ib, ValueRange idx) {
          return SmallVector<Value>{
              tl.element(ib, scatter.getXOffsets(), {idx[0]}),
              tl.scalar(scatter.getYOffset())};
        },
        [&](OpBuilder &ib, ValueRange idx) {
          return SmallVector<Value>{constantIndex(ib, loc, 0), idx[1]};
        },
        [&](OpBuilder &ib, ValueRange idx) {
          return tl.element(ib, scatter.getSrc(), idx);
        },
        [&](OpBuilder &cb, Value addr, Value v) {
          storeElement(cb, loc, v, addr, byteSize(elemTy));
        });
  }
  if (auto desc = dyn_cast<tt::DescriptorStoreOp>(op)) {
    auto type = asTensor(desc.getSrc().getType());
    Type elemTy = loweredElementType(type);
    return emitDescriptorBlockWrite(
        tl, b, op, desc.getDesc(), desc.getIndices(), type.getShape(), elemTy,
        [&](OpBuilder &ib, ValueRange idx) {
          return tl.element(ib, desc.getSrc(), idx);
        },
        [&](OpBuilder &cb, Value addr, Value v) {
          storeElement(cb, loc, v, addr, byteSize(elemTy));
        });
  }

  auto store = cast<tt::StoreOp>(op);
  Value value = store.getValue();
  Type elemTy = loweredElementType(value.getType());
  ArrayRef<int64_t> shape;
  if (isTensor(value.getType()))
    shape = asTensor(value.getType()).getShape();
  Type ptrTy = store.getPtr().getType();
  bool blockPtr = false;
  if (auto ptr = dyn_cast<tt::PointerType>(ptrTy))
    blockPtr = isa<RankedTensorType>(ptr.getPointeeType());

  auto emitNest = [&](OpBuilder &nb) {
    tl.emitValueNest(nb, loc, shape, value, [&](OpBuilder &ib, ValueRange idx) {
      Value addr, cond;
      if (blockPtr) {
        ArrayRef<Value> p = tl.parts(store.getPtr());
        unsigned rank = idx.size();
        if (p.size() != 1 + 3 * rank) {
          tl.fail(ib, op, "block pointer rank mismatch", elemTy);
          return;
        }
        std::tie(addr, cond) =
            blockAddress(ib, loc, p[0], elemTy, ValueRange(p).slice(1, rank),
                         ValueRange(p).slice(1 + rank, rank),
                         ValueRange(p).slice(1 + 2 * rank, rank), idx,
                         store.getBoundaryCheck(), false);
      } else {
        addr = tl.element(ib, store.getPtr(), idx);
        if (store.getMask())
          cond = tl.element(ib, store.getMask(), idx);
      }
      Value v = tl.element(ib, value, idx);
      guardedEffect(ib, loc, cond, [&](OpBuilder &sb) {
        checkedGlobalAccess(tl, sb, op, addr, elemTy, idx, Type(),
                            [&](OpBuilder &cb) {
                              storeElement(cb, loc, v, addr, byteSize(elemTy));
                              return Value();
                            });
      });
    });
  };
  // The copy of the nest that needs no guards may write whole lines.
  auto emitUnguardedNest = [&](OpBuilder &nb) {
    if (!lowerStreamingStore(tl, nb, store, emitNest))
      emitNest(nb);
  };
  if (blockPtr || shape.empty())
    emitNest(b);
  else
    tl.emitMaskVersioned(b, loc, shape, {store.getPtr(), value},
                         store.getMask(), emitUnguardedNest);
  return success();
}

namespace {
LLVM::AtomicOrdering ordering(tt::MemSemantic sem) {
  switch (sem) {
  case tt::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  default:
    return LLVM::AtomicOrdering::acq_rel;
  }
}

FailureOr<LLVM::AtomicBinOp> binOp(tt::RMWOp op, Type t) {
  bool isFloat = isa<FloatType>(t);
  switch (op) {
  case tt::RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case tt::RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case tt::RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case tt::RMWOp::ADD:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case tt::RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case tt::RMWOp::MAX:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case tt::RMWOp::MIN:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case tt::RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case tt::RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case tt::RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return failure();
}
} // namespace

LogicalResult lowerAtomic(TileLowering &tl, OpBuilder &b, Operation *op,
                          Value resultBuffer) {
  Location loc = op->getLoc();
  Value result = op->getResult(0);
  Type elemTy = loweredElementType(result.getType());
  ArrayRef<int64_t> shape;
  if (isTensor(result.getType()))
    shape = asTensor(result.getType()).getShape();
  Value scalarResult;

  auto emitOne = [&](OpBuilder &ib, ValueRange idx) -> Value {
    if (auto rmw = dyn_cast<tt::AtomicRMWOp>(op)) {
      auto kind = binOp(rmw.getAtomicRmwOp(), elemTy);
      if (failed(kind))
        return tl.fail(ib, op, "unknown atomic_rmw kind", elemTy);
      Value addr = tl.element(ib, rmw.getPtr(), idx);
      Value val = tl.element(ib, rmw.getVal(), idx);
      auto doIt = [&](OpBuilder &sb) -> Value {
        return checkedGlobalAccess(
            tl, sb, op, addr, elemTy, idx, elemTy, [&](OpBuilder &cb) -> Value {
              return LLVM::AtomicRMWOp::create(cb, loc, *kind, addr, val,
                                               ordering(rmw.getSem()));
            });
      };
      if (!rmw.getMask())
        return doIt(ib);
      return guarded(ib, loc, tl.element(ib, rmw.getMask(), idx), elemTy, doIt,
                     zeroOf(ib, loc, elemTy));
    }
    auto cas = cast<tt::AtomicCASOp>(op);
    Value addr = tl.element(ib, cas.getPtr(), idx);
    Value cmp = tl.element(ib, cas.getCmp(), idx);
    Value val = tl.element(ib, cas.getVal(), idx);
    // cmpxchg works on integers: compare float bit patterns.
    Type intTy = ib.getIntegerType(elemTy.getIntOrFloatBitWidth());
    if (isa<FloatType>(elemTy)) {
      cmp = arith::BitcastOp::create(ib, loc, intTy, cmp);
      val = arith::BitcastOp::create(ib, loc, intTy, val);
    }
    LLVM::AtomicOrdering success = ordering(cas.getSem());
    LLVM::AtomicOrdering failure =
        success == LLVM::AtomicOrdering::release ||
                success == LLVM::AtomicOrdering::monotonic
            ? LLVM::AtomicOrdering::monotonic
            : LLVM::AtomicOrdering::acquire;
    Value old = checkedGlobalAccess(
        tl, ib, op, addr, intTy, idx, intTy, [&](OpBuilder &cb) -> Value {
          Value pair = LLVM::AtomicCmpXchgOp::create(cb, loc, addr, cmp, val,
                                                     success, failure);
          return LLVM::ExtractValueOp::create(cb, loc, pair, 0);
        });
    if (isa<FloatType>(elemTy))
      old = arith::BitcastOp::create(ib, loc, elemTy, old);
    return old;
  };

  if (shape.empty()) {
    scalarResult = emitOne(b, {});
    tl.bindScalar(result, scalarResult);
    return success();
  }
  TileLowering::emitLoopNest(b, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
    Value old = emitOne(ib, idx);
    if (resultBuffer)
      tl.storeBuffer(ib, loc, old, resultBuffer, idx);
  });
  return success();
}

LogicalResult lowerPointerTuple(TileLowering &tl, OpBuilder &b, Operation *op,
                                SmallVectorImpl<Value> &parts) {
  Location loc = op->getLoc();
  if (auto make = dyn_cast<tt::MakeTensorPtrOp>(op)) {
    parts.push_back(tl.scalar(make.getBase()));
    for (Value v : make.getShape())
      parts.push_back(castToI64(b, loc, tl.scalar(v)));
    for (Value v : make.getStrides())
      parts.push_back(castToI64(b, loc, tl.scalar(v)));
    for (Value v : make.getOffsets())
      parts.push_back(castToI64(b, loc, tl.scalar(v)));
    return success();
  }
  if (auto adv = dyn_cast<tt::AdvanceOp>(op)) {
    ArrayRef<Value> p = tl.parts(adv.getPtr());
    unsigned rank = adv.getOffsets().size();
    if (p.size() != 1 + 3 * rank)
      return op->emitOpError("block pointer rank mismatch");
    parts.append(p.begin(), p.begin() + 1 + 2 * rank);
    for (auto [i, v] : llvm::enumerate(adv.getOffsets()))
      parts.push_back(arith::AddIOp::create(b, loc, p[1 + 2 * rank + i],
                                            castToI64(b, loc, tl.scalar(v))));
    return success();
  }
  auto desc = cast<tt::MakeTensorDescOp>(op);
  parts.push_back(tl.scalar(desc.getBase()));
  for (Value v : desc.getShape())
    parts.push_back(castToI64(b, loc, tl.scalar(v)));
  for (Value v : desc.getStrides())
    parts.push_back(castToI64(b, loc, tl.scalar(v)));
  parts.push_back(arith::ConstantIntOp::create(
      b, loc, b.getI1Type(), desc.getPadding() == tt::PaddingOption::PAD_NAN));
  return success();
}

} // namespace loops
} // namespace tilerun
