//===- LinalgToRankedTensors.cpp - memref kernels to tensor programs ------===//
//
// A buffer (memref argument or memref.alloc) is mutable storage; on tensors it
// becomes an SSA value that each write replaces. The rewrite therefore runs in
// program order, carrying the current value of every buffer, and threads the
// values written inside scf.if/scf.for through their results. Each memref op
// kind has its own rewrite below (reads, writes, linalg on buffers, views);
// dialect conversion's per-op patterns cannot express the threading, since an
// op's replacement depends on all writes before it.
//
// A view of a buffer is kept symbolically, never materialised:
//  - flat: a reinterpret_cast of a rank-1 argument (triton-shared's
//    `memref<*xT>`): a linear offset plus sizes and strides per view dim;
//  - shaped: a subview of a buffer of the view's rank (allocs, ranked args).
// Reading a flat view of rank > 1 gathers with a linalg.generic; writing it
// inserts one row at a time, since a strided 2-D window of a 1-D tensor has
// no tensor.insert_slice form.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_LINALGTORANKEDTENSORS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

struct View {
  Value buffer; // the memref.alloc result or function argument
  bool flat = false;
  Value offset;                                      // flat only
  SmallVector<OpFoldResult> offsets, sizes, strides; // offsets: shaped only
  bool full = false; // the whole buffer (shaped only)
};

using State = llvm::MapVector<Value, Value>; // buffer -> current tensor

class Rewriter {
public:
  explicit Rewriter(func::FuncOp fn) : fn(fn), b(fn.getContext()) {}
  LogicalResult run();

private:
  func::FuncOp fn;
  OpBuilder b;
  DenseMap<Value, View> views;
  DenseSet<Value> writtenArgs;
  SmallVector<Operation *> dead;

  LogicalResult block(Block &blk, State &state);
  LogicalResult op(Operation *op, State &state);
  LogicalResult ifOp(scf::IfOp op, State &state, ArrayRef<Value> written);
  LogicalResult forOp(scf::ForOp op, State &state, ArrayRef<Value> written);
  FailureOr<View> view(Value memref, Location loc);
  Value read(const View &v, Type type, Location loc, State &state);
  void write(const View &v, Value t, Location loc, State &state);
  Value index(Location loc, OpFoldResult ofr) {
    return getValueOrCreateConstantIndexOp(b, loc, ofr);
  }
  Value add(Location loc, Value x, Value y) {
    return b.createOrFold<arith::AddIOp>(loc, x, y);
  }
  Value mul(Location loc, Value x, Value y) {
    return b.createOrFold<arith::MulIOp>(loc, x, y);
  }
};

Value rootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto sv = dyn_cast<memref::SubViewOp>(def))
      v = sv.getSource();
    else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(def))
      v = rc.getSource();
    else if (auto c = dyn_cast<memref::CastOp>(def))
      v = c.getSource();
    else
      break;
  }
  return v;
}

/// Buffers written by ops nested in `op` and defined outside it.
SmallVector<Value> writtenBuffers(Operation *op) {
  llvm::SetVector<Value> out;
  op->walk([&](Operation *inner) {
    SmallVector<Value> targets;
    if (auto c = dyn_cast<memref::CopyOp>(inner))
      targets.push_back(c.getTarget());
    else if (auto s = dyn_cast<memref::StoreOp>(inner))
      targets.push_back(s.getMemref());
    else if (auto m =
                 dyn_cast<bufferization::MaterializeInDestinationOp>(inner))
      targets.push_back(m.getDest());
    else if (auto l = dyn_cast<linalg::LinalgOp>(inner))
      for (OpOperand &init : l.getDpsInitsMutable())
        targets.push_back(init.get());
    for (Value t : targets) {
      if (!isa<BaseMemRefType>(t.getType()))
        continue;
      Value root = rootBuffer(t);
      Operation *owner =
          isa<BlockArgument>(root)
              ? cast<BlockArgument>(root).getOwner()->getParentOp()
              : root.getDefiningOp();
      if (!op->isAncestor(owner))
        out.insert(root);
    }
  });
  return out.takeVector();
}

/// `t` cast to the type a slice of `sizes` has (static where constant).
Value fit(OpBuilder &b, Location loc, Value t, ArrayRef<OpFoldResult> sizes) {
  auto tt = cast<RankedTensorType>(t.getType());
  SmallVector<int64_t> shape;
  for (OpFoldResult s : sizes) {
    std::optional<int64_t> c = getConstantIntValue(s);
    shape.push_back(c ? *c : ShapedType::kDynamic);
  }
  auto want = RankedTensorType::get(shape, tt.getElementType());
  return want == tt ? t : tensor::CastOp::create(b, loc, want, t).getResult();
}

FailureOr<View> Rewriter::view(Value memref, Location loc) {
  auto it = views.find(memref);
  if (it != views.end())
    return it->second;
  Operation *def = memref.getDefiningOp();
  if (auto c = dyn_cast_or_null<memref::CastOp>(def))
    return view(c.getSource(), loc);
  if (auto rc = dyn_cast_or_null<memref::ReinterpretCastOp>(def)) {
    auto arg = dyn_cast<BlockArgument>(rc.getSource());
    auto argType = arg ? dyn_cast<RankedTensorType>(arg.getType()) : nullptr;
    if (!argType || argType.getRank() != 1)
      return rc.emitError("only reinterpret_casts of rank-1 or unranked "
                          "arguments can be converted to tensors");
    View v;
    v.buffer = arg;
    v.flat = true;
    b.setInsertionPoint(rc);
    v.offset = index(loc, rc.getMixedOffsets()[0]);
    v.sizes = rc.getMixedSizes();
    v.strides = rc.getMixedStrides();
    return views[memref] = v;
  }
  if (auto sv = dyn_cast_or_null<memref::SubViewOp>(def)) {
    FailureOr<View> src = view(sv.getSource(), loc);
    if (failed(src))
      return failure();
    b.setInsertionPoint(sv);
    llvm::SmallBitVector dropped = sv.getDroppedDims();
    View v = *src;
    v.full = false;
    v.sizes.clear();
    v.strides.clear();
    if (src->flat) {
      for (auto [d, off] : llvm::enumerate(sv.getMixedOffsets())) {
        Value stride = index(loc, src->strides[d]);
        v.offset = add(loc, v.offset, mul(loc, index(loc, off), stride));
        if (dropped.test(d))
          continue;
        v.sizes.push_back(sv.getMixedSizes()[d]);
        v.strides.push_back(getAsOpFoldResult(
            mul(loc, stride, index(loc, sv.getMixedStrides()[d]))));
      }
    } else {
      if (dropped.any())
        return sv.emitError("rank-reducing subviews of allocated buffers are "
                            "not supported");
      v.offsets.clear();
      for (auto [d, off] : llvm::enumerate(sv.getMixedOffsets())) {
        Value stride = index(loc, src->strides[d]);
        v.offsets.push_back(
            getAsOpFoldResult(add(loc, index(loc, src->offsets[d]),
                                  mul(loc, index(loc, off), stride))));
        v.sizes.push_back(sv.getMixedSizes()[d]);
        v.strides.push_back(getAsOpFoldResult(
            mul(loc, stride, index(loc, sv.getMixedStrides()[d]))));
      }
    }
    return views[memref] = v;
  }
  // A whole buffer: an allocation or a function argument.
  bool isArg = isa<BlockArgument>(memref) &&
               cast<BlockArgument>(memref).getOwner() == &fn.getBody().front();
  auto alloc = dyn_cast_or_null<memref::AllocOp>(def);
  auto alloca = dyn_cast_or_null<memref::AllocaOp>(def);
  if (!(isArg && isa<RankedTensorType>(memref.getType())) && !alloc && !alloca)
    return emitError(loc, "a memref that is not a view of an argument or "
                          "an allocation cannot be converted to tensors");
  View v;
  v.buffer = memref;
  v.full = true;
  if (isArg) {
    auto type = cast<RankedTensorType>(memref.getType());
    b.setInsertionPointToStart(&fn.getBody().front());
    for (int64_t d = 0; d < type.getRank(); ++d)
      v.sizes.push_back(
          type.isDynamicDim(d)
              ? OpFoldResult(
                    tensor::DimOp::create(b, loc, memref, d).getResult())
              : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  } else {
    auto type = cast<MemRefType>(memref.getType());
    ValueRange dyn = alloc ? alloc.getDynamicSizes() : alloca.getDynamicSizes();
    unsigned next = 0;
    for (int64_t d = 0; d < type.getRank(); ++d)
      v.sizes.push_back(type.isDynamicDim(d)
                            ? OpFoldResult(dyn[next++])
                            : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  }
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    v.offsets.push_back(b.getIndexAttr(0));
    v.strides.push_back(b.getIndexAttr(1));
  }
  return views[memref] = v;
}

Value Rewriter::read(const View &v, Type type, Location loc, State &state) {
  Value buf = state.lookup(v.buffer);
  auto tt = cast<RankedTensorType>(type);
  Value t;
  if (v.full) {
    t = buf;
  } else if (!v.flat) {
    t = tensor::ExtractSliceOp::create(b, loc, buf, v.offsets, v.sizes,
                                       v.strides);
  } else if (v.sizes.size() == 1) {
    t = tensor::ExtractSliceOp::create(b, loc, buf, {OpFoldResult(v.offset)},
                                       v.sizes, v.strides);
  } else {
    // Gather: element (i, j, ...) is buf[offset + i*s0 + j*s1 + ...].
    Value init = tensor::EmptyOp::create(b, loc, v.sizes, tt.getElementType());
    unsigned rank = v.sizes.size();
    SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto gather = linalg::GenericOp::create(
        b, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init}, maps,
        iters, [&](OpBuilder &nb, Location nl, ValueRange) {
          Value lin = v.offset;
          for (unsigned d = 0; d < rank; ++d) {
            Value i = linalg::IndexOp::create(nb, nl, d);
            Value s = getValueOrCreateConstantIndexOp(nb, nl, v.strides[d]);
            lin = nb.createOrFold<arith::AddIOp>(
                nl, lin, nb.createOrFold<arith::MulIOp>(nl, i, s));
          }
          Value e = tensor::ExtractOp::create(nb, nl, buf, lin);
          linalg::YieldOp::create(nb, nl, e);
        });
    t = gather.getResult(0);
  }
  if (t.getType() != type)
    t = tensor::CastOp::create(b, loc, type, t);
  return t;
}

void Rewriter::write(const View &v, Value t, Location loc, State &state) {
  Value buf = state.lookup(v.buffer);
  if (isa<BlockArgument>(v.buffer))
    writtenArgs.insert(v.buffer);
  Value result;
  if (v.full) {
    result = t.getType() == buf.getType()
                 ? t
                 : tensor::CastOp::create(b, loc, buf.getType(), t).getResult();
  } else if (!v.flat) {
    result = tensor::InsertSliceOp::create(b, loc, fit(b, loc, t, v.sizes), buf,
                                           v.offsets, v.sizes, v.strides);
  } else {
    // One tensor.insert_slice per innermost row, in a loop nest over the
    // outer dims carrying the buffer.
    unsigned rank = v.sizes.size();
    auto elt = cast<RankedTensorType>(t.getType()).getElementType();
    std::function<Value(OpBuilder &, Value, SmallVector<Value>)> rows =
        [&](OpBuilder &rb, Value acc, SmallVector<Value> idx) -> Value {
      unsigned d = idx.size();
      if (d + 1 == rank) {
        Value lin = v.offset;
        for (unsigned k = 0; k < d; ++k)
          lin = rb.createOrFold<arith::AddIOp>(
              loc, lin,
              rb.createOrFold<arith::MulIOp>(
                  loc, idx[k],
                  getValueOrCreateConstantIndexOp(rb, loc, v.strides[k])));
        Value row = rank == 1 ? fit(rb, loc, t, v.sizes) : t;
        if (rank > 1) {
          SmallVector<OpFoldResult> offs(idx.begin(), idx.end()),
              sizes(rank - 1, rb.getIndexAttr(1)),
              ones(rank, rb.getIndexAttr(1));
          offs.push_back(rb.getIndexAttr(0));
          sizes.push_back(v.sizes.back());
          std::optional<int64_t> n = getConstantIntValue(v.sizes.back());
          auto rowType =
              RankedTensorType::get({n ? *n : ShapedType::kDynamic}, elt);
          row = tensor::ExtractSliceOp::create(rb, loc, rowType, t, offs, sizes,
                                               ones);
        }
        return tensor::InsertSliceOp::create(
            rb, loc, row, acc, {OpFoldResult(lin)}, {v.sizes.back()},
            {v.strides.back()});
      }
      Value zero = arith::ConstantIndexOp::create(rb, loc, 0);
      Value one = arith::ConstantIndexOp::create(rb, loc, 1);
      Value ub = getValueOrCreateConstantIndexOp(rb, loc, v.sizes[d]);
      auto loop = scf::ForOp::create(
          rb, loc, zero, ub, one, ValueRange{acc},
          [&](OpBuilder &lb, Location, Value i, ValueRange iter) {
            SmallVector<Value> next = idx;
            next.push_back(i);
            scf::YieldOp::create(lb, loc, rows(lb, iter[0], next));
          });
      return loop.getResult(0);
    };
    result = rows(b, buf, {});
  }
  state[v.buffer] = result;
}

LogicalResult Rewriter::block(Block &blk, State &state) {
  for (Operation &o : llvm::make_early_inc_range(blk))
    if (failed(op(&o, state)))
      return failure();
  return success();
}

static RankedTensorType tensorOf(Type memrefType) {
  auto m = cast<MemRefType>(memrefType);
  return RankedTensorType::get(m.getShape(), m.getElementType());
}

LogicalResult Rewriter::op(Operation *o, State &state) {
  Location loc = o->getLoc();
  b.setInsertionPoint(o);
  auto viewOf = [&](Value m) { return view(m, loc); };

  if (isa<memref::ReinterpretCastOp, memref::SubViewOp, memref::CastOp>(o)) {
    // Views are built on first use, where their operands dominate.
    dead.push_back(o);
    return success();
  }
  if (isa<memref::AllocOp, memref::AllocaOp>(o)) {
    auto m = cast<MemRefType>(o->getResult(0).getType());
    if (!m.getLayout().isIdentity())
      return o->emitError("allocations with a layout are not supported");
    Value empty = tensor::EmptyOp::create(b, loc, m.getShape(),
                                          m.getElementType(), o->getOperands());
    state[o->getResult(0)] = empty;
    dead.push_back(o);
    return success();
  }
  if (isa<memref::DeallocOp>(o)) {
    dead.push_back(o);
    return success();
  }
  if (auto dim = dyn_cast<memref::DimOp>(o)) {
    FailureOr<View> v = viewOf(dim.getSource());
    std::optional<int64_t> d = dim.getConstantIndex();
    if (failed(v) || !d || *d >= (int64_t)v->sizes.size())
      return failed(v) ? failure()
                       : dim.emitError("memref.dim needs a constant, valid "
                                       "dimension to be converted");
    b.setInsertionPoint(dim);
    dim.replaceAllUsesWith(index(loc, v->sizes[*d]));
    dead.push_back(o);
    return success();
  }
  if (auto copy = dyn_cast<memref::CopyOp>(o)) {
    FailureOr<View> src = viewOf(copy.getSource()),
                    dst = viewOf(copy.getTarget());
    if (failed(src) || failed(dst))
      return failure();
    b.setInsertionPoint(copy);
    write(*dst, read(*src, tensorOf(copy.getSource().getType()), loc, state),
          loc, state);
    dead.push_back(o);
    return success();
  }
  if (auto toT = dyn_cast<bufferization::ToTensorOp>(o)) {
    FailureOr<View> src = viewOf(toT.getBuffer());
    if (failed(src))
      return failure();
    b.setInsertionPoint(toT);
    toT.replaceAllUsesWith(read(*src, toT.getType(), loc, state));
    dead.push_back(o);
    return success();
  }
  if (auto alloc = dyn_cast<bufferization::AllocTensorOp>(o)) {
    // A fresh tensor (triton-shared's reduction inits): on values, an empty
    // tensor or the value it copies.
    Value fresh = alloc.getCopy();
    if (!fresh)
      fresh = tensor::EmptyOp::create(b, loc, alloc.getType().getShape(),
                                      alloc.getType().getElementType(),
                                      alloc.getDynamicSizes());
    alloc.replaceAllUsesWith(fresh);
    dead.push_back(o);
    return success();
  }
  if (auto mat = dyn_cast<bufferization::MaterializeInDestinationOp>(o)) {
    if (!isa<BaseMemRefType>(mat.getDest().getType())) {
      // Into a tensor, the result is the source in the destination's type.
      Value src = mat.getSource();
      if (src.getType() != mat.getType())
        src = tensor::CastOp::create(b, loc, mat.getType(), src);
      mat.getResult().replaceAllUsesWith(src);
      dead.push_back(o);
      return success();
    }
    FailureOr<View> dst = viewOf(mat.getDest());
    if (failed(dst))
      return failure();
    b.setInsertionPoint(mat);
    write(*dst, mat.getSource(), loc, state);
    dead.push_back(o);
    return success();
  }
  if (isa<memref::LoadOp, memref::StoreOp>(o)) {
    bool isLoad = isa<memref::LoadOp>(o);
    Value m = isLoad ? cast<memref::LoadOp>(o).getMemref()
                     : cast<memref::StoreOp>(o).getMemref();
    ValueRange idx = isLoad ? cast<memref::LoadOp>(o).getIndices()
                            : cast<memref::StoreOp>(o).getIndices();
    FailureOr<View> v = viewOf(m);
    if (failed(v))
      return failure();
    b.setInsertionPoint(o);
    SmallVector<Value> at;
    if (v->flat) {
      Value lin = v->offset;
      for (auto [i, s] : llvm::zip(idx, v->strides))
        lin = add(loc, lin, mul(loc, i, index(loc, s)));
      at.push_back(lin);
    } else {
      for (auto [i, off, s] : llvm::zip(idx, v->offsets, v->strides))
        at.push_back(add(loc, index(loc, off), mul(loc, i, index(loc, s))));
    }
    Value buf = state.lookup(v->buffer);
    if (isLoad) {
      o->getResult(0).replaceAllUsesWith(
          tensor::ExtractOp::create(b, loc, buf, at));
    } else {
      if (isa<BlockArgument>(v->buffer))
        writtenArgs.insert(v->buffer);
      state[v->buffer] = tensor::InsertOp::create(
          b, loc, cast<memref::StoreOp>(o).getValueToStore(), buf, at);
    }
    dead.push_back(o);
    return success();
  }
  if (auto lop = dyn_cast<linalg::LinalgOp>(o);
      lop && lop.hasPureBufferSemantics()) {
    SmallVector<Value> operands;
    SmallVector<Type> results;
    SmallVector<View> outs;
    for (OpOperand &operand : o->getOpOperands()) {
      Value x = operand.get();
      if (!isa<MemRefType>(x.getType())) {
        operands.push_back(x);
        continue;
      }
      FailureOr<View> v = viewOf(x);
      if (failed(v))
        return failure();
      b.setInsertionPoint(o);
      operands.push_back(read(*v, tensorOf(x.getType()), loc, state));
      if (lop.isDpsInit(&operand)) {
        results.push_back(operands.back().getType());
        outs.push_back(*v);
      }
    }
    b.setInsertionPoint(o);
    Operation *t = clone(b, o, results, operands);
    for (auto [v, r] : llvm::zip(outs, t->getResults()))
      write(v, r, loc, state);
    dead.push_back(o);
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(o)) {
    if (ret.getNumOperands())
      return ret.emitError("kernels returning values are not supported");
    SmallVector<Value> values;
    for (BlockArgument arg : fn.getArguments())
      if (writtenArgs.contains(arg)) {
        fn.setArgAttr(arg.getArgNumber(), "iree.abi.output",
                      b.getIndexAttr(values.size()));
        values.push_back(state.lookup(arg));
      }
    func::ReturnOp::create(b, loc, values);
    ret.erase();
    return success();
  }

  // Ops with regions: thread the buffers they write.
  if (o->getNumRegions() == 0)
    return success();
  SmallVector<Value> written = writtenBuffers(o);
  if (auto i = dyn_cast<scf::IfOp>(o))
    return ifOp(i, state, written);
  if (auto f = dyn_cast<scf::ForOp>(o))
    return forOp(f, state, written);
  if (!written.empty())
    return o->emitError("writes to buffers inside '")
           << o->getName() << "' cannot be converted to tensors";
  for (Region &r : o->getRegions())
    for (Block &blk : r) {
      State inner = state;
      if (failed(block(blk, inner)))
        return failure();
    }
  return success();
}

LogicalResult Rewriter::ifOp(scf::IfOp op, State &state,
                             ArrayRef<Value> written) {
  Location loc = op.getLoc();
  SmallVector<Type> types(op.getResultTypes());
  for (Value w : written)
    types.push_back(state.lookup(w).getType());
  b.setInsertionPoint(op);
  auto newIf = scf::IfOp::create(b, loc, types, op.getCondition(),
                                 /*withElseRegion=*/true);
  for (unsigned r = 0; r < 2; ++r) {
    Region &from = r == 0 ? op.getThenRegion() : op.getElseRegion();
    Region &to = r == 0 ? newIf.getThenRegion() : newIf.getElseRegion();
    State inner = state;
    if (!from.empty()) {
      to.getBlocks().clear();
      to.takeBody(from);
      if (failed(block(to.front(), inner)))
        return failure();
    } else {
      // A missing else branch passes the buffers through unchanged.
      if (to.empty())
        to.emplaceBlock();
      if (!to.front().empty())
        to.front().getTerminator()->erase();
      b.setInsertionPointToEnd(&to.front());
      scf::YieldOp::create(b, loc);
    }
    auto yield = cast<scf::YieldOp>(to.front().getTerminator());
    SmallVector<Value> values(yield.getOperands());
    for (Value w : written)
      values.push_back(inner.lookup(w));
    b.setInsertionPoint(yield);
    scf::YieldOp::create(b, loc, values);
    yield.erase();
  }
  op.replaceAllUsesWith(newIf.getResults().take_front(op.getNumResults()));
  for (auto [k, w] : llvm::enumerate(written))
    state[w] = newIf.getResult(op.getNumResults() + k);
  op.erase();
  return success();
}

LogicalResult Rewriter::forOp(scf::ForOp op, State &state,
                              ArrayRef<Value> written) {
  if (written.empty()) {
    State inner = state;
    return block(*op.getBody(), inner);
  }
  Location loc = op.getLoc();
  SmallVector<Value> inits(op.getInitArgs());
  for (Value w : written)
    inits.push_back(state.lookup(w));
  b.setInsertionPoint(op);
  auto newFor = scf::ForOp::create(b, loc, op.getLowerBound(),
                                   op.getUpperBound(), op.getStep(), inits);
  newFor.getRegion().getBlocks().clear();
  newFor.getRegion().takeBody(op.getRegion());
  Block *body = newFor.getBody();
  State inner = state;
  for (Value w : written)
    inner[w] = body->addArgument(state.lookup(w).getType(), loc);
  if (failed(block(*body, inner)))
    return failure();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> values(yield.getOperands());
  for (Value w : written)
    values.push_back(inner.lookup(w));
  b.setInsertionPoint(yield);
  scf::YieldOp::create(b, loc, values);
  yield.erase();
  op.replaceAllUsesWith(newFor.getResults().take_front(op.getNumResults()));
  for (auto [k, w] : llvm::enumerate(written))
    state[w] = newFor.getResult(op.getNumResults() + k);
  op.erase();
  return success();
}

LogicalResult Rewriter::run() {
  Block &entry = fn.getBody().front();
  State state;
  for (BlockArgument arg : entry.getArguments()) {
    Type t = arg.getType();
    if (isa<UnrankedMemRefType>(t)) {
      arg.setType(RankedTensorType::get(
          {ShapedType::kDynamic}, cast<BaseMemRefType>(t).getElementType()));
    } else if (auto m = dyn_cast<MemRefType>(t)) {
      if (!m.getLayout().isIdentity())
        return fn.emitError("argument ")
               << arg.getArgNumber() << " has a non-identity layout";
      arg.setType(tensorOf(m));
    } else {
      continue;
    }
    state[arg] = arg;
  }
  if (!fn.getBody().hasOneBlock())
    return fn.emitError("kernels with several blocks (cf branches) cannot be "
                        "converted to tensors");
  if (failed(block(entry, state)))
    return failure();
  for (Operation *o : llvm::reverse(dead)) {
    for (Value r : o->getResults())
      if (!r.use_empty())
        return o->emitError("result still used after conversion to tensors");
    o->erase();
  }
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  fn.setType(FunctionType::get(fn.getContext(), entry.getArgumentTypes(),
                               ret.getOperandTypes()));
  WalkResult leftover = fn.walk([&](Operation *o) {
    for (Type t : llvm::concat<Type>(o->getOperandTypes(), o->getResultTypes()))
      if (isa<BaseMemRefType>(t)) {
        o->emitError("op on memrefs is not supported by the conversion to "
                     "ranked tensors");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(leftover.wasInterrupted());
}

struct LinalgToRankedTensors
    : tilerun::impl::LinalgToRankedTensorsBase<LinalgToRankedTensors> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>())
      if (!fn.isExternal() && failed(Rewriter(fn).run()))
        return signalPassFailure();
  }
};
} // namespace
