//===- TileLowering.cpp - Walk a kernel and emit loops --------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Tilerun/IR/Dialect.h"

#include "tilerun/Conversion/KernelABI.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool isTensor(Type t) { return isa<RankedTensorType>(t); }
RankedTensorType asTensor(Type t) { return cast<RankedTensorType>(t); }

Type loweredElementType(Type t) {
  Type elem = getElementTypeOrSelf(t);
  if (isa<tt::PointerType>(elem))
    return LLVM::LLVMPointerType::get(t.getContext());
  // Descriptor blocks spell integers with their signedness (si32); arith
  // and LLVM take signless ones.
  if (auto i = dyn_cast<IntegerType>(elem); i && !i.isSignless())
    return IntegerType::get(t.getContext(), i.getWidth());
  return elem;
}

Type storageType(Type loweredElem) {
  if (isa<LLVM::LLVMPointerType>(loweredElem))
    return IntegerType::get(loweredElem.getContext(), 64);
  // The 8-bit floats, which LLVM lacks, are kept as their bits.
  if (isa<FloatType>(loweredElem) && !LLVM::isCompatibleType(loweredElem))
    return IntegerType::get(loweredElem.getContext(),
                            loweredElem.getIntOrFloatBitWidth());
  return loweredElem;
}

//===----------------------------------------------------------------------===//
// Buffers and loops
//===----------------------------------------------------------------------===//

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                               ArrayRef<int64_t> dims) {
  SmallVector<Value> idx(dims.size());
  Value rest = flat;
  for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
    if (d == 0) {
      idx[d] = rest;
      break;
    }
    int64_t n = dims[d];
    if (llvm::isPowerOf2_64(n)) {
      Value mask = constantIndex(b, loc, n - 1);
      Value shift = constantIndex(b, loc, llvm::Log2_64(n));
      idx[d] = arith::AndIOp::create(b, loc, rest, mask);
      rest = arith::ShRUIOp::create(b, loc, rest, shift);
    } else {
      Value size = constantIndex(b, loc, n);
      idx[d] = arith::RemUIOp::create(b, loc, rest, size);
      rest = arith::DivUIOp::create(b, loc, rest, size);
    }
  }
  return idx;
}

void TileLowering::emitLoopNest(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, ValueRange)> body,
    function_ref<void(OpBuilder &, ValueRange)> perChunk,
    std::optional<int64_t> innermostInterleave) {
  // At most two loops per nest: a deep nest of short loops (a 2x2x...x2
  // bitonic-sort tile is seven loops of two) costs LLVM's loop passes far
  // more than it gains. The innermost dimension keeps its own loop when it is
  // long enough to vectorise; the dimensions outside it share one loop whose
  // index is split back apart. Unit dimensions get no loop at all.
  SmallVector<int64_t> dims;
  SmallVector<unsigned> dimPos;
  for (auto [i, n] : llvm::enumerate(shape))
    if (n != 1) {
      dims.push_back(n);
      dimPos.push_back(i);
    }
  Value zero = constantIndex(b, loc, 0), one = constantIndex(b, loc, 1);
  // Indices of the non-unit dimensions, placed into a full index.
  auto fullIndex = [&](ArrayRef<Value> nonUnit) {
    SmallVector<Value> ivs(shape.size(), zero);
    for (auto [pos, v] : llvm::zip(dimPos, nonUnit))
      ivs[pos] = v;
    return ivs;
  };
  auto callBody = [&](OpBuilder &ib, ArrayRef<Value> nonUnit) {
    body(ib, fullIndex(nonUnit));
  };
  auto loop = [&](OpBuilder &nb, int64_t trip,
                  function_ref<void(OpBuilder &, Value)> inner) {
    return scf::ForOp::create(
        nb, loc, zero, constantIndex(nb, loc, trip), one, ValueRange{},
        [&](OpBuilder &ib, Location, Value iv, ValueRange) {
          inner(ib, iv);
          scf::YieldOp::create(ib, loc);
        });
  };
  constexpr int64_t kMinVectorLoop = 8;
  if (dims.empty()) {
    callBody(b, {});
    return;
  }
  bool keepInner = dims.size() > 1 && dims.back() >= kMinVectorLoop;
  // The innermost loop in chunks: the chunk loop issues `perChunk`, the
  // loop inside it has a constant trip count that LLVM vectorises whole.
  bool chunked = perChunk && (keepInner || dims.size() == 1) &&
                 dims.back() % kChunkElements == 0;
  auto innermost = [&](OpBuilder &nb, SmallVector<Value> &idx) {
    if (!chunked) {
      scf::ForOp inner = loop(nb, dims.back(), [&](OpBuilder &ib, Value iv) {
        idx.push_back(iv);
        callBody(ib, idx);
        idx.pop_back();
      });
      if (innermostInterleave && (keepInner || dims.size() == 1))
        markVectorLoop(inner, *innermostInterleave);
      return;
    }
    Value chunk = constantIndex(nb, loc, kChunkElements);
    loop(nb, dims.back() / kChunkElements, [&](OpBuilder &cb, Value c) {
      Value first = arith::MulIOp::create(cb, loc, c, chunk);
      idx.push_back(first);
      perChunk(cb, fullIndex(idx));
      idx.pop_back();
      Value last = arith::AddIOp::create(cb, loc, first, chunk);
      auto elements = scf::ForOp::create(
          cb, loc, first, last, one, ValueRange{},
          [&](OpBuilder &ib, Location, Value iv, ValueRange) {
            idx.push_back(iv);
            callBody(ib, idx);
            idx.pop_back();
            scf::YieldOp::create(ib, loc);
          });
      markVectorLoop(elements, kChunkInterleave);
    });
  };
  if (dims.size() == 1) {
    SmallVector<Value> idx;
    innermost(b, idx);
    return;
  }
  ArrayRef<int64_t> outerDims =
      keepInner ? ArrayRef<int64_t>(dims).drop_back() : ArrayRef<int64_t>(dims);
  int64_t outerTrip = 1;
  for (int64_t n : outerDims)
    outerTrip *= n;
  loop(b, outerTrip, [&](OpBuilder &ob, Value flat) {
    SmallVector<Value> idx = outerDims.size() == 1
                                 ? SmallVector<Value>{flat}
                                 : delinearize(ob, loc, flat, outerDims);
    if (!keepInner) {
      callBody(ob, idx);
      return;
    }
    innermost(ob, idx);
  });
}

Value uniformScalar(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto splat = dyn_cast<tt::SplatOp>(def))
      return splat.getSrc();
    if (!isRemap(def))
      return {};
    v = def->getOperand(0);
  }
  return {};
}

void TileLowering::markVectorLoop(Operation *loop, int64_t interleave) {
  Builder b(loop->getContext());
  loop->setAttr(kVectorLoopAttr, b.getI64IntegerAttr(interleave));
}

/// Elements of a tile of pointers that one cache line holds.
static int64_t elementsPerLine(Value ptrs) {
  Type pointee =
      cast<tt::PointerType>(asTensor(ptrs.getType()).getElementType())
          .getPointeeType();
  int64_t elemBytes = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  return std::max<int64_t>(1, kCacheLineBytes / elemBytes);
}

void TileLowering::emitNextProgramPrefetches(OpBuilder &b, Location loc,
                                             Value value, ValueRange first) {
  auto it = prefetches.find(value);
  if (it == prefetches.end())
    return;
  for (Value ptrs : it->second) {
    int64_t lineElems = elementsPerLine(ptrs);
    SmallVector<Value> idx(first);
    for (int64_t e = 0; e < kChunkElements; e += lineElems) {
      idx.back() = e == 0 ? first.back()
                          : arith::AddIOp::create(b, loc, first.back(),
                                                  constantIndex(b, loc, e))
                                .getResult();
      // Read access, moderate locality (the L2 cache), data.
      LLVM::Prefetch::create(b, loc, element(b, ptrs, idx), /*rw=*/0,
                             /*hint=*/2, /*cache=*/1);
    }
  }
}

void TileLowering::emitOperandPrefetches(OpBuilder &b, Location loc, Value dot,
                                         Value tile, int64_t tiles) {
  auto it = operandPrefetches.find(dot);
  if (it == operandPrefetches.end())
    return;
  auto c = [&](int64_t v) { return constantIndex(b, loc, v); };
  for (Value ptrs : it->second) {
    int64_t lineElems = elementsPerLine(ptrs);
    // The tile's lines, row by row along its last (usually contiguous)
    // dimension: the tile's shape with that dimension counted in lines.
    SmallVector<int64_t> lineShape(asTensor(ptrs.getType()).getShape());
    lineShape.back() = llvm::divideCeil(lineShape.back(), lineElems);
    int64_t lines = ShapedType::getNumElements(lineShape);
    int64_t perTile = llvm::divideCeil(lines, tiles);
    Value first = arith::MulIOp::create(b, loc, tile, c(perTile));
    for (int64_t j = 0; j < perTile; ++j) {
      // The last tiles may run past the end: they repeat the last line.
      Value line = arith::MinUIOp::create(
          b, loc, arith::AddIOp::create(b, loc, first, c(j)), c(lines - 1));
      SmallVector<Value> idx = delinearize(b, loc, line, lineShape);
      idx.back() = arith::MulIOp::create(b, loc, idx.back(), c(lineElems));
      // Read access, moderate locality (the L2 cache), data: packing reads
      // it on the next iteration.
      LLVM::Prefetch::create(b, loc, element(b, ptrs, idx), /*rw=*/0,
                             /*hint=*/2, /*cache=*/1);
    }
  }
}

void TileLowering::emitValueNest(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Value value,
    function_ref<void(OpBuilder &, ValueRange)> body) {
  if (!prefetches.contains(value)) {
    emitLoopNest(b, loc, shape, body);
    return;
  }
  emitLoopNest(b, loc, shape, body, [&](OpBuilder &pb, ValueRange first) {
    emitNextProgramPrefetches(pb, loc, value, first);
  });
}

Value TileLowering::allocBuffer(Location loc, ArrayRef<int64_t> shape,
                                Type elem, bool mayReuse) {
  return pool.allocate(loc, MemRefType::get(shape, storageType(elem)),
                       currentOp, mayReuse);
}

std::string TileLowering::uniqueSymbol(StringRef prefix) {
  // Partitions are lowered by TileLowerings of their own into the same
  // module, so names are checked against the module, not counted per
  // lowering.
  std::string name;
  do
    name = (prefix + Twine(constantCount++)).str();
  while (module.lookupSymbol(name));
  return name;
}

Value TileLowering::indexConstant(int64_t v) {
  Value &c = indexConstants[v];
  if (!c) {
    OpBuilder eb(entryBlock, entryBlock->begin());
    c = arith::ConstantIndexOp::create(eb, newFunc.getLoc(), v);
  }
  return c;
}

Value TileLowering::loadBuffer(OpBuilder &b, Location loc, Value buf,
                               ValueRange idx, Type loweredElem) {
  Value v = memref::LoadOp::create(b, loc, buf, idx);
  if (isa<LLVM::LLVMPointerType>(loweredElem))
    v = LLVM::IntToPtrOp::create(b, loc, loweredElem, v);
  else if (v.getType() != loweredElem)
    v = arith::BitcastOp::create(b, loc, loweredElem, v);
  return v;
}

void TileLowering::storeBuffer(OpBuilder &b, Location loc, Value v, Value buf,
                               ValueRange idx) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    v = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  else if (Type stored = storageType(v.getType()); stored != v.getType())
    v = arith::BitcastOp::create(b, loc, stored, v);
  memref::StoreOp::create(b, loc, v, buf, idx);
}

//===----------------------------------------------------------------------===//
// Value access
//===----------------------------------------------------------------------===//

Value TileLowering::fail(OpBuilder &b, Operation *op, const Twine &message,
                         Type type) {
  if (!errorReported)
    op->emitOpError() << message;
  errorReported = true;
  return ub::PoisonOp::create(b, op->getLoc(), type);
}

Value TileLowering::scalar(Value original) {
  if (Value v = values.scalar(original))
    return v;
  // Unmapped scalars only come from ops this lowering rejected; an error
  // has been reported already.
  OpBuilder b(entryBlock, entryBlock->begin());
  Operation *at = original.getDefiningOp() ? original.getDefiningOp()
                                           : newFunc.getOperation();
  return fail(b, at, "uses a value that could not be lowered",
              loweredElementType(original.getType()));
}

Value TileLowering::element(OpBuilder &b, Value original, ValueRange idx) {
  if (!isTensor(original.getType()))
    return scalar(original);
  Type elem = loweredElementType(original.getType());
  if (nestFacts().isAssumedTrue(original))
    return arith::ConstantIntOp::create(b, original.getLoc(), elem, 1);
  if (nestFacts().isIdentityRemainder(original))
    return element(b, original.getDefiningOp()->getOperand(0), idx);
  if (Value buf = pool.lookup(original))
    return loadBuffer(b, original.getLoc(), buf, idx, elem);
  auto result = dyn_cast<OpResult>(original);
  if (!result || plan.isMaterialized(original)) {
    Operation *at = result ? result.getOwner() : newFunc.getOperation();
    return fail(b, at, "tensor used before it was materialized", elem);
  }
  Block *block = b.getInsertionBlock();
  size_t key =
      llvm::hash_combine(original.getAsOpaquePointer(), block,
                         llvm::hash_combine_range(idx.begin(), idx.end()));
  for (CacheEntry &e : elementCache[key])
    if (e.original == original && e.block == block && llvm::equal(e.idx, idx))
      return e.value;
  Value v = emitElementOf(*this, b, result, idx);
  elementCache[key].push_back(
      {original, block, SmallVector<Value, 4>(idx.begin(), idx.end()), v});
  return v;
}

ArrayRef<Value> TileLowering::parts(Value original) {
  if (const SmallVector<Value> *tuple = values.tuple(original))
    return *tuple;
  errorReported = true;
  if (Operation *def = original.getDefiningOp())
    def->emitOpError("produces a pointer tuple that could not be lowered");
  static SmallVector<Value> none;
  return none;
}

MemDescView &TileLowering::memdesc(Value original) {
  return values.memdesc(original);
}

Value TileLowering::materialize(OpBuilder &b, Value original) {
  if (Value buf = pool.lookup(original))
    return buf;
  Value buf = bufferFor(original);
  fillBuffer(b, original, buf);
  pool.bind(original, buf);
  return buf;
}

Value TileLowering::bufferFor(Value original) {
  auto type = asTensor(original.getType());
  Type elem = loweredElementType(type);
  auto memrefType = MemRefType::get(type.getShape(), storageType(elem));
  // Take over the buffer of a value this one reads only at its own index
  // and that nothing reads afterwards (`num = exp(x - max)` over `x`):
  // fewer live tiles keep the working set in the L1 cache. Buffers also
  // read at other indices (through a transpose, a broadcast...) are
  // excluded: their elements would be overwritten before being read.
  llvm::SetVector<Value> atOwnIndex;
  llvm::DenseSet<Value> elsewhere;
  Operation *def = original.getDefiningOp();
  if (def && collectBufferReads(original, atOwnIndex, elsewhere)) {
    for (Value u : atOwnIndex) {
      Value buf = pool.lookup(u);
      if (buf.getType() != memrefType || elsewhere.contains(buf))
        continue;
      // Every value living in the buffer (earlier owners too) is dead after
      // `def`, and only `u` is read by it.
      if (pool.isFreeAfter(buf, def, u))
        return buf;
    }
  }
  return allocBuffer(original.getLoc(), type.getShape(), elem);
}

void TileLowering::fillBuffer(OpBuilder &b, Value original, Value buf) {
  auto type = asTensor(original.getType());
  Location loc = original.getLoc();
  emitMaskVersioned(b, loc, type.getShape(), original, {}, [&](OpBuilder &nb) {
    emitValueNest(nb, loc, type.getShape(), original,
                  [&](OpBuilder &ib, ValueRange idx) {
                    // A value the plan materializes is computed here from its
                    // operands; the element cache would otherwise look for its
                    // (unwritten) buffer.
                    auto result = dyn_cast<OpResult>(original);
                    Value v = result && plan.isMaterialized(original)
                                  ? emitElementOf(*this, ib, result, idx)
                                  : element(ib, original, idx);
                    storeBuffer(ib, loc, v, buf, idx);
                  });
  });
}

//===----------------------------------------------------------------------===//
// Region-carried values
//===----------------------------------------------------------------------===//

static bool isDropped(Type t) { return isa<ttg::AsyncTokenType>(t); }

static bool isTuple(Type t) {
  if (isa<tt::TensorDescType>(t))
    return true;
  auto ptr = dyn_cast<tt::PointerType>(t);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

// A shared-memory view crosses a region boundary as three values: its base
// address, the base of its allocation and the allocation's size.

void TileLowering::flatten(Value original, SmallVectorImpl<Value> &out) {
  Type t = original.getType();
  if (isa<ttg::MemDescType>(t)) {
    const MemDescView &view = memdesc(original);
    if (!view.base || view.rootType != t || !view.allocBase) {
      Operation *at = original.getDefiningOp();
      if (!at)
        at = original.getParentRegion()->getParentOp();
      at->emitOpError("carries a shared-memory view through a loop or "
                      "branch or into a warp_specialize partition; only "
                      "whole allocations, buffers of a "
                      "multi-buffered allocation and reinterprets can be "
                      "carried, not subslices, transposes or reshapes");
      errorReported = true;
      auto ptrTy = LLVM::LLVMPointerType::get(t.getContext());
      OpBuilder b(t.getContext());
      b.setInsertionPointToStart(entryBlock);
      Value null = LLVM::ZeroOp::create(b, newFunc.getLoc(), ptrTy);
      out.append({null, null,
                  arith::ConstantIntOp::create(b, newFunc.getLoc(),
                                               b.getI64Type(), 0)});
      return;
    }
    out.append({view.base, view.allocBase, view.allocBytes});
    return;
  }
  if (isTensor(t) || isDropped(t))
    return;
  if (isTuple(t)) {
    llvm::append_range(out, parts(original));
    return;
  }
  out.push_back(scalar(original));
}

void TileLowering::flattenTypes(Value original, SmallVectorImpl<Type> &out) {
  Type t = original.getType();
  if (isa<ttg::MemDescType>(t)) {
    auto ptrTy = LLVM::LLVMPointerType::get(t.getContext());
    out.append({ptrTy, ptrTy, IntegerType::get(t.getContext(), 64)});
    return;
  }
  if (isTensor(t) || isDropped(t))
    return;
  if (isTuple(t)) {
    // A block pointer is its base, then shape, strides and offsets per
    // dimension; a tensor descriptor its base, shape and strides, then
    // whether elements outside the tensor read as NaN (lowerPointerTuple,
    // descriptorParts).
    auto ptrTy = LLVM::LLVMPointerType::get(t.getContext());
    auto i64 = IntegerType::get(t.getContext(), 64);
    unsigned perDim = 2;
    int64_t rank;
    if (auto desc = dyn_cast<tt::TensorDescType>(t)) {
      rank = desc.getBlockType().getRank();
    } else {
      rank = cast<RankedTensorType>(cast<tt::PointerType>(t).getPointeeType())
                 .getRank();
      perDim = 3;
    }
    out.push_back(ptrTy);
    out.append(perDim * rank, i64);
    if (isa<tt::TensorDescType>(t))
      out.push_back(IntegerType::get(t.getContext(), 1));
    return;
  }
  out.push_back(loweredElementType(t));
}

void TileLowering::bind(Value original, ValueRange::iterator &it, Value slot) {
  Type t = original.getType();
  if (isTensor(t)) {
    pool.bind(original, slot);
    return;
  }
  if (isa<ttg::MemDescType>(t)) {
    Value base = *it++, allocBase = *it++, allocBytes = *it++;
    Operation *at = original.getDefiningOp();
    if (!at)
      at = original.getParentRegion()->getParentOp();
    auto view = placeMemDesc(*this, at, base, allocBase, allocBytes, t);
    if (failed(view))
      errorReported = true;
    else
      values.bindMemDesc(original, std::move(*view));
    return;
  }
  if (isDropped(t))
    return;
  if (isTuple(t)) {
    SmallVector<Type> types;
    flattenTypes(original, types);
    values.bindTuple(original, SmallVector<Value>(it, it + types.size()));
    it += types.size();
    return;
  }
  values.bindScalar(original, *it++);
}

/// True when the inline expression behind `v` reads no slot of `slots` but
/// `own`, and reads `own` only at the index it computes: then `v` can be
/// evaluated straight into `own` (`acc = acc + x` in a K loop).
bool TileLowering::readsOnlyOwnSlotPointwise(
    Value v, Value own, const llvm::DenseSet<Value> &slots) const {
  llvm::SetVector<Value> atOwnIndex;
  llvm::DenseSet<Value> elsewhere;
  if (!collectBufferReads(v, atOwnIndex, elsewhere))
    return false;
  if (llvm::any_of(elsewhere, [&](Value buf) { return slots.contains(buf); }))
    return false;
  return llvm::none_of(atOwnIndex, [&](Value u) {
    Value buf = pool.lookup(u);
    return slots.contains(buf) && buf != own;
  });
}

bool TileLowering::collectBufferReads(Value v,
                                      llvm::SetVector<Value> &atOwnIndex,
                                      llvm::DenseSet<Value> &elsewhere) const {
  Operation *root = v.getDefiningOp();
  if (!root)
    return false;
  // `v` itself may be the value being materialized: start at its operands.
  SmallVector<std::pair<Value, bool>> worklist;
  for (Value operand : root->getOperands())
    worklist.push_back({operand, readsOperandsAtOwnIndex(root)});
  llvm::DenseSet<Value> seen[2]; // reached elsewhere / at the same index
  while (!worklist.empty()) {
    auto [u, pointwise] = worklist.pop_back_val();
    if (!isTensor(u.getType()) || !seen[pointwise].insert(u).second)
      continue;
    if (Value buf = pool.lookup(u)) {
      if (pointwise)
        atOwnIndex.insert(u);
      else
        elsewhere.insert(buf);
      continue;
    }
    Operation *def = u.getDefiningOp();
    if (!def || plan.isMaterialized(u))
      return false; // storage not known here: stay conservative
    bool keeps = pointwise && readsOperandsAtOwnIndex(def);
    for (Value operand : def->getOperands())
      worklist.push_back({operand, keeps});
  }
  return true;
}

bool TileLowering::fillWithSplatConstant(OpBuilder &b, Location loc, Value v,
                                         Value dest) {
  DenseElementsAttr dense;
  if (!matchPattern(v, m_Constant(&dense)) || !dense.isSplat())
    return false;
  auto type = dyn_cast<MemRefType>(dest.getType());
  // Whole bytes only: LLVM stores a vector of i1 as packed bits, where the
  // buffer has a byte per element.
  if (!type || type.getRank() == 0 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity() || !type.getElementType().isIntOrFloat() ||
      type.getElementType().getIntOrFloatBitWidth() % 8 != 0)
    return false;
  // Rows in pieces of up to 64 elements: one to four 64-byte stores of f32.
  int64_t row = type.getShape().back(), piece = 64;
  while (piece >= 8 && row % piece != 0)
    piece /= 2;
  if (piece < 8)
    return false;
  // Every element is the splat's: evaluate the first.
  SmallVector<Value> origin(type.getRank(), constantIndex(b, loc, 0));
  Value scalar = element(b, v, origin);
  if (Type stored = type.getElementType(); stored != scalar.getType())
    scalar = arith::BitcastOp::create(b, loc, stored, scalar);
  Value splat = vector::BroadcastOp::create(
      b, loc, VectorType::get({piece}, type.getElementType()), scalar);
  SmallVector<int64_t> pieces(type.getShape());
  pieces.back() = row / piece;
  emitLoopNest(b, loc, pieces, [&](OpBuilder &ib, ValueRange idx) {
    SmallVector<Value> at(idx);
    at.back() = arith::MulIOp::create(ib, loc, idx.back(),
                                      constantIndex(ib, loc, piece));
    vector::StoreOp::create(ib, loc, splat, dest, at);
  });
  return true;
}

void TileLowering::copyIntoSlots(OpBuilder &b, Location loc, ValueRange values,
                                 ArrayRef<Value> slots) {
  llvm::DenseSet<Value> slotSet(slots.begin(), slots.end());
  SmallVector<std::pair<Value, Value>> copies;  // (source buffer, slot)
  SmallVector<std::pair<Value, Value>> inPlace; // (value, its own slot)
  auto fill = [&](Value v, Value dest) {
    if (fillWithSplatConstant(b, loc, v, dest))
      return;
    auto shape = asTensor(v.getType()).getShape();
    emitMaskVersioned(b, loc, shape, v, {}, [&](OpBuilder &nb) {
      emitValueNest(nb, loc, shape, v, [&](OpBuilder &ib, ValueRange idx) {
        storeBuffer(ib, loc, element(ib, v, idx), dest, idx);
      });
    });
  };
  for (auto [v, slot] : llvm::zip(values, slots)) {
    if (!slot)
      continue;
    Value buf = pool.lookup(v);
    if (buf && buf == slot)
      continue; // yields the slot's own value
    if (buf && !slotSet.contains(buf)) {
      copies.push_back({buf, slot});
      continue;
    }
    // A value that reads no other slot, and its own only where it writes,
    // is written in place after every other value has been evaluated.
    if (!buf && llvm::count(values, v) == 1 &&
        readsOnlyOwnSlotPointwise(v, slot, slotSet)) {
      inPlace.push_back({v, slot});
      continue;
    }
    // Otherwise evaluate into a temporary first: the value may read slots
    // that the writes below overwrite.
    auto type = asTensor(v.getType());
    Value tmp = allocBuffer(loc, type.getShape(), loweredElementType(type));
    fill(v, tmp);
    copies.push_back({tmp, slot});
  }
  for (auto [v, slot] : inPlace)
    fill(v, slot);
  for (auto [src, slot] : copies)
    memref::CopyOp::create(b, loc, src, slot);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

LogicalResult TileLowering::lowerBlock(OpBuilder &b, Block &block) {
  bool topLevel =
      !block.getParentOp() || isa<FunctionOpInterface>(block.getParentOp());
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue; // handled by the parent
    // Buffers are reused between top-level ops only: everything an op
    // allocates (its results, slots, scratch) stays claimed while it is
    // lowered, nested regions included.
    if (topLevel)
      pool.releaseClaims();
    Operation *enclosing = currentOp;
    currentOp = &op;
    LogicalResult lowered = lowerOp(b, &op);
    currentOp = enclosing;
    if (failed(lowered) || errorReported)
      return failure();
  }
  return success();
}

FailureOr<SmallVector<Value>>
TileLowering::emitScalarRegion(OpBuilder &b, Region &region, ValueRange args) {
  for (auto [arg, v] : llvm::zip_equal(region.front().getArguments(), args))
    values.bindScalar(arg, v);
  if (region.hasOneBlock()) {
    Block &body = region.front();
    if (failed(lowerBlock(b, body)))
      return failure();
    return loweredScalars(body.getTerminator()->getOperands());
  }

  // Early returns in a scalar function arrive as a CFG of cf branches. The
  // copy lives in an scf.execute_region whose entry stands for the source
  // entry (its arguments are `args`, bound above) and whose scf.yield stands
  // for the region's return.
  Operation *parent = region.getParentOp();
  Operation *ret = nullptr;
  for (Block &block : region)
    if (!block.empty() && block.back().hasTrait<OpTrait::ReturnLike>())
      ret = &block.back();
  if (!ret) {
    parent->emitOpError("region has no return");
    errorReported = true;
    return failure();
  }
  SmallVector<Type> types;
  for (Value v : ret->getOperands())
    types.push_back(loweredElementType(v.getType()));
  Location loc = parent->getLoc();
  auto exec = scf::ExecuteRegionOp::create(b, loc, types);
  llvm::DenseMap<Block *, Block *> copies;
  for (Block &src : region) {
    auto *copy = new Block();
    exec.getRegion().push_back(copy);
    copies[&src] = copy;
    if (&src == &region.front())
      continue;
    for (BlockArgument arg : src.getArguments())
      values.bindScalar(
          arg,
          copy->addArgument(loweredElementType(arg.getType()), arg.getLoc()));
  }
  for (Block &src : region) {
    OpBuilder bb = OpBuilder::atBlockEnd(copies[&src]);
    if (failed(lowerBlock(bb, src)))
      return failure();
    Operation *term = src.getTerminator();
    if (auto br = dyn_cast<cf::BranchOp>(term)) {
      cf::BranchOp::create(bb, term->getLoc(), copies[br.getDest()],
                           loweredScalars(br.getDestOperands()));
    } else if (auto cond = dyn_cast<cf::CondBranchOp>(term)) {
      cf::CondBranchOp::create(bb, term->getLoc(), scalar(cond.getCondition()),
                               copies[cond.getTrueDest()],
                               loweredScalars(cond.getTrueDestOperands()),
                               copies[cond.getFalseDest()],
                               loweredScalars(cond.getFalseDestOperands()));
    } else if (term->hasTrait<OpTrait::ReturnLike>()) {
      scf::YieldOp::create(bb, term->getLoc(),
                           loweredScalars(term->getOperands()));
    } else {
      term->emitOpError("is not supported as a terminator in a scalar region");
      errorReported = true;
      return failure();
    }
  }
  return SmallVector<Value>(exec.getResults());
}

SmallVector<Value> TileLowering::makeSlots(ValueRange values) {
  SmallVector<Value> slots;
  for (Value v : values) {
    if (isTensor(v.getType())) {
      auto type = asTensor(v.getType());
      slots.push_back(
          allocBuffer(v.getLoc(), type.getShape(), loweredElementType(type)));
    } else {
      slots.push_back(Value());
    }
  }
  return slots;
}

/// The kernel's own loop metadata (Triton's `llvm.loop_annotation`, e.g.
/// tl.range(..., disable_licm=True) and tl.condition(..., disable_licm=True))
/// stays on the lowered loop, which carries it to its latch branch.
static void copyLoopAnnotation(Operation *from, Operation *to) {
  if (auto annotation =
          from->getAttrOfType<LLVM::LoopAnnotationAttr>(kLoopAnnotationAttr))
    to->setAttr(kLoopAnnotationAttr, annotation);
}

LogicalResult TileLowering::lowerFor(OpBuilder &b, Operation *op) {
  auto forOp = cast<scf::ForOp>(op);
  Location loc = op->getLoc();
  SmallVector<Value> slots = makeSlots(forOp.getInitArgs());
  copyIntoSlots(b, loc, forOp.getInitArgs(), slots);

  SmallVector<Value> inits;
  for (Value v : forOp.getInitArgs())
    flatten(v, inits);
  auto newFor = scf::ForOp::create(b, loc, scalar(forOp.getLowerBound()),
                                   scalar(forOp.getUpperBound()),
                                   scalar(forOp.getStep()), inits);
  copyLoopAnnotation(op, newFor);
  Block *body = newFor.getBody();
  values.bindScalar(forOp.getInductionVar(), newFor.getInductionVar());
  auto bindAll = [&](ValueRange originals, ValueRange lowered) {
    auto it = lowered.begin();
    for (auto [i, v] : llvm::enumerate(originals))
      bind(v, it, slots[i]);
  };
  bindAll(forOp.getRegionIterArgs(), newFor.getRegionIterArgs());

  OpBuilder bb = OpBuilder::atBlockBegin(body);
  if (body->mightHaveTerminator())
    bb.setInsertionPoint(body->getTerminator());
  if (failed(lowerBlock(bb, *forOp.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  copyIntoSlots(bb, loc, yield.getOperands(), slots);
  SmallVector<Value> yielded;
  for (Value v : yield.getOperands())
    flatten(v, yielded);
  if (body->mightHaveTerminator())
    body->getTerminator()->erase();
  bb.setInsertionPointToEnd(body);
  scf::YieldOp::create(bb, loc, yielded);

  bindAll(forOp.getResults(), newFor.getResults());
  return success();
}

LogicalResult TileLowering::lowerIf(OpBuilder &b, Operation *op) {
  auto ifOp = cast<scf::IfOp>(op);
  Location loc = op->getLoc();
  SmallVector<Value> slots = makeSlots(ifOp.getResults());
  SmallVector<Type> types;
  for (Value r : ifOp.getResults())
    flattenTypes(r, types);
  auto newIf = scf::IfOp::create(b, loc, types, scalar(ifOp.getCondition()),
                                 /*withElse=*/ifOp.elseBlock() != nullptr);
  auto lowerRegion = [&](Block *src, Block *dst) -> LogicalResult {
    OpBuilder rb = OpBuilder::atBlockEnd(dst);
    if (dst->mightHaveTerminator())
      dst->getTerminator()->erase();
    rb.setInsertionPointToEnd(dst);
    if (failed(lowerBlock(rb, *src)))
      return failure();
    auto yield = cast<scf::YieldOp>(src->getTerminator());
    copyIntoSlots(rb, loc, yield.getOperands(), slots);
    SmallVector<Value> yielded;
    for (Value v : yield.getOperands())
      flatten(v, yielded);
    scf::YieldOp::create(rb, loc, yielded);
    return success();
  };
  if (failed(lowerRegion(ifOp.thenBlock(), newIf.thenBlock())))
    return failure();
  if (ifOp.elseBlock() &&
      failed(lowerRegion(ifOp.elseBlock(), newIf.elseBlock())))
    return failure();
  ValueRange results = newIf.getResults();
  auto it = results.begin();
  for (auto [i, r] : llvm::enumerate(ifOp.getResults()))
    bind(r, it, slots[i]);
  return success();
}

LogicalResult TileLowering::lowerWhile(OpBuilder &b, Operation *op) {
  auto whileOp = cast<scf::WhileOp>(op);
  Location loc = op->getLoc();
  SmallVector<Value> beforeSlots = makeSlots(whileOp.getInits());
  SmallVector<Value> afterSlots = makeSlots(whileOp.getResults());
  copyIntoSlots(b, loc, whileOp.getInits(), beforeSlots);
  SmallVector<Value> inits;
  SmallVector<Type> beforeTypes, afterTypes;
  for (Value v : whileOp.getInits()) {
    flatten(v, inits);
    flattenTypes(v, beforeTypes);
  }
  for (Value v : whileOp.getResults())
    flattenTypes(v, afterTypes);
  auto newWhile = scf::WhileOp::create(b, loc, afterTypes, inits);
  copyLoopAnnotation(op, newWhile);
  Block *before = b.createBlock(&newWhile.getBefore(), {}, beforeTypes,
                                SmallVector<Location>(beforeTypes.size(), loc));
  Block *after = b.createBlock(&newWhile.getAfter(), {}, afterTypes,
                               SmallVector<Location>(afterTypes.size(), loc));
  b.setInsertionPointAfter(newWhile);

  ValueRange beforeArgs = before->getArguments();
  auto it = beforeArgs.begin();
  for (auto [i, a] : llvm::enumerate(whileOp.getBeforeArguments()))
    bind(a, it, beforeSlots[i]);
  OpBuilder rb = OpBuilder::atBlockEnd(before);
  if (failed(lowerBlock(rb, *whileOp.getBeforeBody())))
    return failure();
  auto cond = whileOp.getConditionOp();
  copyIntoSlots(rb, loc, cond.getArgs(), afterSlots);
  SmallVector<Value> condArgs;
  for (Value v : cond.getArgs())
    flatten(v, condArgs);
  scf::ConditionOp::create(rb, loc, scalar(cond.getCondition()), condArgs);

  ValueRange afterArgs = after->getArguments();
  it = afterArgs.begin();
  for (auto [i, a] : llvm::enumerate(whileOp.getAfterArguments()))
    bind(a, it, afterSlots[i]);
  rb.setInsertionPointToEnd(after);
  if (failed(lowerBlock(rb, *whileOp.getAfterBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  copyIntoSlots(rb, loc, yield.getOperands(), beforeSlots);
  SmallVector<Value> yielded;
  for (Value v : yield.getOperands())
    flatten(v, yielded);
  scf::YieldOp::create(rb, loc, yielded);

  ValueRange results = newWhile.getResults();
  it = results.begin();
  for (auto [i, r] : llvm::enumerate(whileOp.getResults()))
    bind(r, it, afterSlots[i]);
  return success();
}

/// The readers of `v` other than prefetch hints (which name a dot without
/// reading it).
static auto valueReaders(Value v) {
  return llvm::make_filter_range(v.getUses(), [](OpOperand &use) {
    return !isPrefetchHint(use.getOwner());
  });
}

/// The dot whose accumulator `dot`'s result is, if that is its only reader.
static tt::DotOp nextInChain(tt::DotOp dot) {
  auto readers = valueReaders(dot.getD());
  if (!llvm::hasSingleElement(readers))
    return {};
  OpOperand &use = *readers.begin();
  auto next = dyn_cast<tt::DotOp>(use.getOwner());
  if (!next || use.get() != next.getC() || next.getA() == use.get() ||
      next.getB() == use.get() || next->getBlock() != dot->getBlock())
    return {};
  return next;
}

/// The chain of dots `dot` is in: consecutive dots of one block, each
/// adding to the previous one's result, its only reader — a K loop unrolled
/// by UnrollDotKLoops, or `tl.dot(a1, b1, tl.dot(a0, b0, acc))`. Lowered
/// as one at its last dot, where every operand is defined; so no op between
/// the first and the last may write memory that an operand read lazily
/// (a load fused into the packing) could see.
static SmallVector<tt::DotOp> dotChainOf(tt::DotOp dot) {
  tt::DotOp head = dot;
  while (auto prev = head.getC().getDefiningOp<tt::DotOp>()) {
    if (nextInChain(prev) != head)
      break;
    head = prev;
  }
  SmallVector<tt::DotOp> chain{head};
  while (tt::DotOp next = nextInChain(chain.back()))
    chain.push_back(next);
  if (chain.size() == 1)
    return chain;
  for (Operation *op = head; op != chain.back(); op = op->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!isPrefetchHint(op) && !isMemoryEffectFree(op) &&
        !(effects && effects.onlyHasEffect<MemoryEffects::Read>()))
      return {dot};
  }
  return chain;
}

/// The slot buffer a chain of dots may accumulate into in place: the
/// first one's accumulator is a loop-carried value it alone reads, and the
/// last one's result is yielded back to the same position — the usual
/// `acc = tl.dot(a, b, acc)` loop.
static Value inPlaceAccumulator(ArrayRef<tt::DotOp> chain,
                                const BufferPool &pool) {
  tt::DotOp first = chain.front(), last = chain.back();
  auto arg = dyn_cast<BlockArgument>(first.getC());
  if (!arg || !arg.hasOneUse())
    return {};
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0)
    return {};
  auto readers = valueReaders(last.getD());
  if (!llvm::hasSingleElement(readers))
    return {};
  OpOperand &use = *readers.begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != arg.getArgNumber() - 1)
    return {};
  return pool.lookup(arg);
}

LogicalResult TileLowering::lowerMaterializingOp(OpBuilder &b, Operation *op) {
  if (auto dot = dyn_cast<tt::DotOp>(op)) {
    SmallVector<tt::DotOp> chain = dotChainOf(dot);
    if (Value slot = inPlaceAccumulator(chain, pool)) {
      // The chain is lowered at its last dot; the others' results are
      // the slot's contents on the way.
      pool.bind(op->getResult(0), slot);
      if (dot != chain.back())
        return success();
      return lowerDotChain(*this, b, chain, slot);
    }
  }
  auto tile = dyn_cast<TileOpInterface>(op);
  if (!tile || tile.getTileKind() != TileOpKind::Materializing) {
    // A value evaluated element by element that the plan buffers: each
    // result it keeps is filled on its own (possibly into a buffer taken
    // over from a dead operand).
    for (Value r : op->getResults())
      if (isTensor(r.getType()) && plan.isMaterialized(r))
        materialize(b, r);
    return failure(errorReported);
  }
  SmallVector<Value> outs;
  for (Value r : op->getResults()) {
    if (!isTensor(r.getType())) {
      outs.push_back(Value());
      continue;
    }
    auto type = asTensor(r.getType());
    outs.push_back(
        allocBuffer(op->getLoc(), type.getShape(), loweredElementType(type)));
  }
  LogicalResult result = tile.lowerIntoBuffers(*this, b, outs);
  for (auto [r, buf] : llvm::zip(op->getResults(), outs))
    if (buf)
      pool.bind(r, buf);
  return result;
}

LogicalResult TileLowering::copyConstantTable(OpBuilder &b,
                                              arith::ConstantOp cst,
                                              Value out) {
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  auto type = asTensor(cst.getType());
  if (!dense || !type.getElementType().isIntOrFloat())
    return cst.emitOpError("constant tensor is not supported");
  auto plain = RankedTensorType::get(type.getShape(), type.getElementType());
  auto memTy = MemRefType::get(type.getShape(), type.getElementType());
  OpBuilder gb(module.getBody(), module.getBody()->begin());
  std::string name = uniqueSymbol("__tilerun_cst_");
  memref::GlobalOp::create(gb, cst.getLoc(), name, gb.getStringAttr("private"),
                           memTy, dense.reshape(plain), /*constant=*/true,
                           /*alignment=*/gb.getI64IntegerAttr(64));
  Value g = memref::GetGlobalOp::create(b, cst.getLoc(), memTy, name);
  memref::CopyOp::create(b, cst.getLoc(), g, out);
  return success();
}

LogicalResult TileLowering::lowerScalarOp(OpBuilder &b, Operation *op) {
  if (op->getNumResults() == 0)
    return op->emitOpError("is not supported by the CPU lowering");
  // Canonicalisation turns an scf.if that only picks one of two
  // shared-memory views, block pointers or tensor descriptors into an
  // arith.select of them: each part is selected.
  if (auto select = dyn_cast<arith::SelectOp>(op);
      select &&
      (isa<ttg::MemDescType>(select.getType()) || isTuple(select.getType()))) {
    SmallVector<Value> onTrue, onFalse;
    flatten(select.getTrueValue(), onTrue);
    flatten(select.getFalseValue(), onFalse);
    if (errorReported)
      return failure();
    SmallVector<Value> parts;
    for (auto [t, f] : llvm::zip(onTrue, onFalse))
      parts.push_back(arith::SelectOp::create(
          b, op->getLoc(), scalar(select.getCondition()), t, f));
    ValueRange range(parts);
    auto it = range.begin();
    bind(select.getResult(), it, Value());
    return failure(errorReported);
  }
  for (OpResult r : op->getResults())
    values.bindScalar(r, emitElementOf(*this, b, r, {}));
  return success();
}

LogicalResult TileLowering::lowerOp(OpBuilder &b, Operation *op) {
  // Rejected where it stands, used or not: its assembly may write memory
  // (pure = false) even when no result is read.
  if (isa<tt::ElementwiseInlineAsmOp>(op))
    return op->emitOpError(kInlineAsmError);
  if (isa<scf::ForOp>(op))
    return lowerFor(b, op);
  if (isa<scf::IfOp>(op))
    return lowerIf(b, op);
  if (isa<scf::WhileOp>(op))
    return lowerWhile(b, op);
  if (isa<tt::StoreOp, tt::DescriptorStoreOp, tt::DescriptorReduceOp,
          tt::DescriptorScatterOp>(op))
    return lowerStoreLike(*this, b, op);
  if (isa<tt::PrintOp, tt::AssertOp>(op))
    return lowerDebugOp(*this, b, op);
  if (isa<gpu::BarrierOp>(op))
    return success(); // one CPU thread runs the whole program
  if (isPrefetchHint(op))
    return success(); // carried out by its carrier's nest or dot
  if (auto assume = dyn_cast<LLVM::AssumeOp>(op)) {
    // tl.assume: still a fact LLVM can use.
    LLVM::AssumeOp::create(b, op->getLoc(), scalar(assume.getCond()));
    return success();
  }
  if (isa<ttg::WarpSpecializeOp>(op))
    return lowerWarpSpecialize(b, op);
  if (isHopperOp(op))
    return lowerHopperOp(*this, b, op);
  if (auto wait = dyn_cast<triton::nvidia_gpu::WarpGroupDotWaitOp>(op)) {
    // MMAs complete when issued: the wait hands its operands through.
    for (auto [in, out] : llvm::zip(wait.getInputs(), wait.getOutputs())) {
      if (isa<ttg::MemDescType>(in.getType()))
        bindMemDesc(out, memdesc(in));
      else if (isTensor(in.getType()) && bufferOf(in))
        bindBuffer(out, bufferOf(in));
      else if (!isTensor(in.getType()))
        bindScalar(out, scalar(in));
    }
    return failure(errorReported);
  }
  // ttg's memory ops have effects or produce views; its tile ops (a layout
  // conversion, a local_load) are evaluated like any other.
  if (isa_and_present<ttg::TritonGPUDialect>(op->getDialect()) &&
      !isa<TileOpInterface>(op))
    return lowerSharedMemoryOp(*this, b, op);
  if (isa<tt::MakeTensorPtrOp, tt::AdvanceOp, tt::MakeTensorDescOp>(op)) {
    SmallVector<Value> p;
    if (failed(lowerPointerTuple(*this, b, op, p)))
      return failure();
    values.bindTuple(op->getResult(0), std::move(p));
    return success();
  }
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op) &&
      !isTensor(op->getResult(0).getType()))
    return lowerAtomic(*this, b, op, Value());
  if (auto reduce = dyn_cast<tt::ReduceOp>(op))
    if (!isTensor(op->getResult(0).getType()))
      return lowerReduce(*this, b, op, {});

  bool producesTensor = llvm::any_of(op->getResultTypes(), isTensor);
  if (!producesTensor) {
    if (op->getNumRegions() != 0)
      return op->emitOpError("is not supported by the CPU lowering");
    return lowerScalarOp(b, op);
  }
  bool anyMaterialized = llvm::any_of(
      op->getResults(), [&](Value r) { return plan.isMaterialized(r); });
  if (anyMaterialized)
    return lowerMaterializingOp(b, op);
  return success(); // evaluated lazily by its consumers
}

/// The descriptor parts of host TensorDescriptor parameter `desc`: the base
/// and padding flag it is lowered to, and the shape and strides that are the
/// (already bound) parameters after it.
void TileLowering::bindHostDescriptor(OpBuilder &b, BlockArgument desc) {
  Location loc = desc.getLoc();
  unsigned rank =
      cast<tt::TensorDescType>(desc.getType()).getBlockType().getRank();
  Block *owner = desc.getOwner();
  unsigned lowered = 0;
  for (unsigned i = 0; i < desc.getArgNumber(); ++i)
    lowered += isa<tt::TensorDescType>(owner->getArgument(i).getType()) ? 2 : 1;
  SmallVector<Value> parts{entryBlock->getArgument(lowered)};
  for (unsigned d = 0; d < 2 * rank; ++d)
    parts.push_back(castToI64(
        b, loc, scalar(owner->getArgument(desc.getArgNumber() + 1 + d))));
  Value padding = entryBlock->getArgument(lowered + 1);
  parts.push_back(arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne, padding,
      arith::ConstantIntOp::create(b, loc, padding.getType(), 0)));
  bindTuple(desc, parts);
}

LogicalResult TileLowering::lowerFunction(FunctionOpInterface kernel) {
  MLIRContext *ctx = kernel->getContext();
  Location loc = kernel.getLoc();
  if (!kernel.getFunctionBody().hasOneBlock())
    return kernel.emitOpError(
        "with unstructured control flow is not supported");

  SmallVector<Type> argTypes;
  ArrayRef<Type> paramTypes = kernel.getArgumentTypes();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  for (auto [i, t] : llvm::enumerate(paramTypes)) {
    if (isa<tt::TensorDescType>(t)) {
      // A host TensorDescriptor: its base pointer and padding (kernel ABI,
      // Compiler.h); the shape and strides are the parameters after it.
      std::string bad = tt::checkHostDescriptorParams(paramTypes, i);
      if (!bad.empty())
        return kernel.emitOpError("parameter ")
               << i << " (" << t << ") " << bad;
      argTypes.append({ptrTy, IntegerType::get(ctx, 32)});
    } else if (isa<tt::PointerType>(t) && !isTuple(t)) {
      argTypes.push_back(ptrTy);
    } else if (t.isIntOrFloat()) {
      argTypes.push_back(t);
    } else {
      return kernel.emitOpError("kernel parameter of type ")
             << t << " is not supported";
    }
  }
  for (unsigned i = 0; i < kNumGridParams; ++i)
    argTypes.push_back(IntegerType::get(ctx, 32));
  if (kernel.getResultTypes().size() != 0)
    return kernel.emitOpError("kernels must not return values");

  OpBuilder mb(kernel);
  newFunc = func::FuncOp::create(mb, loc, kernel.getName(),
                                 FunctionType::get(ctx, argTypes, {}));
  newFunc.setVisibility(SymbolTable::Visibility::Public);
  entryBlock = newFunc.addEntryBlock();
  pool.setEntryBlock(entryBlock);
  Block &oldEntry = kernel.getFunctionBody().front();
  SmallVector<unsigned> hostDescriptors;
  unsigned next = 0;
  for (BlockArgument arg : oldEntry.getArguments()) {
    if (isa<tt::TensorDescType>(arg.getType())) {
      hostDescriptors.push_back(arg.getArgNumber());
      next += 2;
      continue;
    }
    values.bindScalar(arg, entryBlock->getArgument(next++));
  }
  gridArgs.clear();
  for (unsigned i = 0; i < kNumGridParams; ++i)
    gridArgs.push_back(entryBlock->getArgument(next + i));
  OpBuilder b = OpBuilder::atBlockEnd(entryBlock);
  for (unsigned index : hostDescriptors)
    bindHostDescriptor(b, oldEntry.getArgument(index));

  plan.build(kernel);
  // Checked mode reports accesses exactly; prefetches are not accesses, but
  // they would be the only unchecked address arithmetic.
  if (!options.checked) {
    kernel->walk([&](PrefetchNextProgramOp prefetch) {
      prefetches[prefetch.getCarrier()].push_back(prefetch.getPtrs());
    });
    kernel->walk([&](PrefetchNextIterationOp prefetch) {
      operandPrefetches[prefetch.getDot()].push_back(prefetch.getPtrs());
    });
  }
  if (failed(lowerBlock(b, oldEntry)) || errorReported)
    return failure();
  func::ReturnOp::create(b, loc);
  return success();
}

} // namespace loops
} // namespace tilerun
