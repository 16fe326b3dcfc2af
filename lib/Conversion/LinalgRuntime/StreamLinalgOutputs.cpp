//===- StreamLinalgOutputs.cpp - non-temporal stores for large outputs ----===//
//
// A store that misses the cache first reads the line it writes (a read for
// ownership), so an elementwise kernel writing a large output moves each
// output byte over the memory bus twice. When a launch writes more than the
// caches hold, the lines would not be read back from the cache anyway: x86's
// non-temporal vector stores write whole lines without reading them. This is
// the linalg path's counterpart of the tt lowering's streaming stores.
//
// LLVM's loop vectoriser keeps a scalar store's alignment, and x86 has only
// aligned non-temporal vector stores, so the op is vectorised here, chunk by
// chunk along its output's innermost dimension:
//
//   scf.if (elements(out) * programs * bytes >= kStreamingStoreBytes) {
//     for each row of out (the outer indices):
//       full = start of row is line-aligned ? n / 64 * 64 : 0
//       for c in [0, full) step 64:
//         the op on 64-element views, vectorised, stored non-temporally
//       the op on [full, n) of the row
//   } else {
//     the op
//   }
//
// Each chunk op is 1-D: an input indexed by the innermost loop is sliced to
// the chunk; an input that is not is the same element for the whole row and
// is loaded once as a scalar operand. Copies and fills are generalized first
// (their payload is a yield of the input).
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "tilerun/Conversion/KernelABI.h"
#include "tilerun/Conversion/StreamingStores.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_STREAMLINALGOUTPUTS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// The buffer `v` is a view of: a function argument, an allocation, or
/// whatever else defines it.
Value viewRoot(Value v) {
  return memref::skipViewLikeOps(cast<MemrefValue>(v));
}

bool isLocalBuffer(Value v) {
  return isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
      viewRoot(v).getDefiningOp());
}

/// Whether the innermost stride of `type` is statically one element.
bool innermostContiguous(MemRefType type) {
  if (type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// What the transformation needs of one op; see the pass description.
LogicalResult canStream(linalg::LinalgOp op, func::FuncOp fn) {
  if (!isa<linalg::GenericOp, linalg::CopyOp, linalg::FillOp>(op) ||
      !op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumLoops() == 0 || op.getNumReductionLoops() != 0 ||
      op.hasIndexSemantics())
    return failure();
  OpOperand *init = op.getDpsInitOperand(0);
  auto outTy = dyn_cast<MemRefType>(init->get().getType());
  if (!outTy || !op.getMatchingIndexingMap(init).isIdentity() ||
      !innermostContiguous(outTy) || op.payloadUsesValueFromOperand(init))
    return failure();
  // Rows known to be shorter than a chunk would only get the guards.
  int64_t rowLength = outTy.getShape().back();
  if (!ShapedType::isDynamic(rowLength) && rowLength < tilerun::kChunkElements)
    return failure();
  Type elem = outTy.getElementType();
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() % 8 != 0 ||
      !llvm::isPowerOf2_32(elem.getIntOrFloatBitWidth()) ||
      elem.getIntOrFloatBitWidth() > 64)
    return failure();
  // Stack buffers stay in the cache; only argument memory streams.
  auto arg = dyn_cast<BlockArgument>(viewRoot(init->get()));
  if (!arg || arg.getOwner() != &fn.getBody().front())
    return failure();
  unsigned inner = op.getNumLoops() - 1;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(in->get().getType());
    if (!type)
      continue; // a scalar
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return failure();
    std::optional<unsigned> pos =
        map.getResultPosition(getAffineDimExpr(inner, op.getContext()));
    if (pos) {
      // Sliced per chunk: contiguous along the chunk, so that it vectorises
      // to plain loads.
      if (*pos != map.getNumResults() - 1 || !innermostContiguous(type))
        return failure();
    }
    // Read at indices other than those written: a chunk reads all of its
    // inputs before writing, which differs from the loop nest if they alias
    // the output.
    if (map != op.getMatchingIndexingMap(init) && !isLocalBuffer(in->get()))
      return failure();
  }
  return success();
}

/// Programs in the launch, from the kernel's trailing grid parameters
/// (num_programs x, y, z, then the program ids).
std::optional<Value> programsInLaunch(OpBuilder &b, Location loc,
                                      func::FuncOp fn) {
  unsigned n = fn.getNumArguments();
  if (n < tilerun::kNumGridParams)
    return std::nullopt;
  for (unsigned i = 0; i < tilerun::kNumGridParams; ++i)
    if (!fn.getArgument(n - tilerun::kNumGridParams + i)
             .getType()
             .isInteger(32))
      return std::nullopt;
  Value total;
  for (unsigned axis = 0; axis < 3; ++axis) {
    Value count = arith::IndexCastUIOp::create(
        b, loc, b.getIndexType(),
        fn.getArgument(n - tilerun::kNumGridParams + axis));
    total = total ? arith::MulIOp::create(b, loc, total, count) : count;
  }
  return total;
}

/// Offsets and sizes of `operand`'s view for the loop indices `outer` (the
/// row) and [first, first + size) along the innermost loop; whether the view
/// varies along the innermost loop.
bool rowView(linalg::GenericOp op, OpOperand *operand, ValueRange outer,
             OpFoldResult first, OpFoldResult size,
             SmallVectorImpl<OpFoldResult> &offsets,
             SmallVectorImpl<OpFoldResult> &sizes) {
  unsigned inner = op.getNumLoops() - 1;
  OpFoldResult one = Builder(op.getContext()).getIndexAttr(1);
  bool chunked = false;
  for (AffineExpr e : op.getMatchingIndexingMap(operand).getResults()) {
    unsigned dim = cast<AffineDimExpr>(e).getPosition();
    chunked |= dim == inner;
    offsets.push_back(dim == inner ? first : OpFoldResult(outer[dim]));
    sizes.push_back(dim == inner ? size : one);
  }
  return chunked;
}

/// The inputs of `op` that are the same element along a whole row of its
/// output, loaded for the row `outer`: scalars as they are, buffers not
/// indexed by the innermost loop loaded once. Null for the others.
SmallVector<Value> rowInvariantInputs(OpBuilder &b, Location loc,
                                      linalg::GenericOp op, ValueRange outer) {
  SmallVector<Value> values;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    SmallVector<OpFoldResult> offsets, sizes;
    if (!isa<MemRefType>(v.getType())) {
      values.push_back(v);
    } else if (!rowView(op, in, outer, b.getIndexAttr(0), b.getIndexAttr(1),
                        offsets, sizes)) {
      SmallVector<Value> idx;
      for (OpFoldResult ofr : offsets)
        idx.push_back(cast<Value>(ofr));
      values.push_back(memref::LoadOp::create(b, loc, v, idx));
    } else {
      values.push_back(Value());
    }
  }
  return values;
}

/// Builds `op` restricted to one row of its output (outer loop indices
/// `outer`) and innermost indices [first, first + size): a 1-D generic whose
/// row-invariant inputs are the scalars `invariant`.
linalg::GenericOp buildRowOp(OpBuilder &b, Location loc, linalg::GenericOp op,
                             ValueRange outer, ArrayRef<Value> invariant,
                             Value first, OpFoldResult size) {
  MLIRContext *ctx = op.getContext();
  AffineMap chunkMap = AffineMap::getMultiDimIdentityMap(1, ctx);
  AffineMap scalarMap = AffineMap::get(1, 0, ctx);
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  auto slice = [&](OpOperand *operand) -> Value {
    Value buffer = operand->get();
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<OpFoldResult> offsets, sizes;
    SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
    rowView(op, operand, outer, first, size, offsets, sizes);
    auto viewTy = memref::SubViewOp::inferRankReducedResultType(
        {staticSize ? *staticSize : ShapedType::kDynamic}, type, offsets, sizes,
        strides);
    return memref::SubViewOp::create(b, loc, cast<MemRefType>(viewTy), buffer,
                                     offsets, sizes, strides);
  };
  SmallVector<Value> ins;
  SmallVector<AffineMap> maps;
  for (auto [in, value] : llvm::zip(op.getDpsInputOperands(), invariant)) {
    ins.push_back(value ? value : slice(in));
    maps.push_back(value ? scalarMap : chunkMap);
  }
  maps.push_back(chunkMap);
  Value out = slice(op.getDpsInitOperand(0));
  auto rowOp = linalg::GenericOp::create(
      b, loc, TypeRange{}, ins, ValueRange{out}, maps,
      SmallVector<utils::IteratorType>{utils::IteratorType::parallel});
  IRMapping none;
  op.getRegion().cloneInto(&rowOp.getRegion(), none);
  return rowOp;
}

/// Bits of the widest vector element `op` reads or writes (index: 64).
int64_t widestElementBits(Operation *op) {
  int64_t bits = 8;
  for (TypeRange types :
       {TypeRange(op->getOperandTypes()), TypeRange(op->getResultTypes())})
    for (Type type : types)
      if (auto vec = dyn_cast<VectorType>(type)) {
        Type elem = vec.getElementType();
        bits = std::max<int64_t>(
            bits, elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64);
      }
  return bits;
}

/// The 1-D shape `op` is unrolled to so that its widest vector is
/// `vectorBytes`; none where it already fits or does not divide.
std::optional<SmallVector<int64_t>> unrolledShape(Operation *op,
                                                  int64_t vectorBytes) {
  auto unrollable = dyn_cast<VectorUnrollOpInterface>(op);
  if (!unrollable)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> shape = unrollable.getShapeForUnroll();
  if (!shape || shape->size() != 1)
    return std::nullopt;
  int64_t lanes = vectorBytes * 8 / widestElementBits(op);
  if (lanes < 1 || (*shape)[0] <= lanes || (*shape)[0] % lanes != 0)
    return std::nullopt;
  return SmallVector<int64_t>{lanes};
}

/// Unrolls the 1-D vector operations in `region` into vectors of
/// `vectorBytes` (MLIR's vector unrolling patterns), so that each load,
/// operation and store is one register of that width.
void unrollChunkVectors(Region &region, int64_t vectorBytes) {
  RewritePatternSet patterns(region.getContext());
  vector::populateVectorUnrollPatterns(
      patterns,
      vector::UnrollVectorOptions().setNativeShapeFn(
          [=](Operation *op) { return unrolledShape(op, vectorBytes); }));
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  (void)applyPatternsGreedily(region, std::move(patterns));
}

/// The chunk op vectorised (in vectors of `vectorBytes` when that is not
/// 0), each vector written with an aligned non-temporal store. Fails,
/// leaving the chunk op, when the vectoriser does.
LogicalResult vectorizeWithStreamingStore(RewriterBase &rewriter,
                                          linalg::GenericOp chunk,
                                          int64_t vectorBytes) {
  Value out = chunk.getDpsInitOperand(0)->get();
  Region *body = chunk->getParentRegion();
  rewriter.setInsertionPoint(chunk);
  if (failed(linalg::vectorize(rewriter, chunk)))
    return failure();
  rewriter.eraseOp(chunk);
  if (vectorBytes)
    unrollChunkVectors(*body, vectorBytes);
  SmallVector<vector::TransferWriteOp> writes;
  for (Operation *user : out.getUsers())
    if (auto write = dyn_cast<vector::TransferWriteOp>(user))
      writes.push_back(write);
  for (vector::TransferWriteOp write : writes) {
    rewriter.setInsertionPoint(write);
    auto store = rewriter.replaceOpWithNewOp<vector::StoreOp>(
        write, write.getVector(), write.getBase(), write.getIndices());
    store.setNontemporal(true);
    // Each piece starts at a multiple of its own size from the line.
    int64_t bytes = write.getVectorType().getNumElements() *
                    write.getVectorType().getElementTypeBitWidth() / 8;
    store.setAlignment(static_cast<uint64_t>(std::min<int64_t>(
        tilerun::kCacheLineBytes, llvm::PowerOf2Ceil(bytes))));
  }
  return success();
}

/// Rewrites `op` as described at the top of the file; leaves it unchanged
/// when its chunks do not vectorise.
void streamOutput(RewriterBase &rewriter, linalg::GenericOp op, Value programs,
                  int64_t vectorBytes) {
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value out = op.getDpsInitOperand(0)->get();
  auto outTy = cast<MemRefType>(out.getType());
  int64_t rank = outTy.getRank();
  int64_t elemBytes = outTy.getElementTypeBitWidth() / 8;
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };

  auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, out);
  Value bytes =
      arith::MulIOp::create(rewriter, loc, programs, index(elemBytes));
  for (Value size : meta.getSizes())
    bytes = arith::MulIOp::create(rewriter, loc, bytes, size);
  Value streaming =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, bytes,
                            index(tilerun::kStreamingStoreBytes));
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, streaming,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  rewriter.clone(*op);

  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, out);
  Value n = meta.getSizes().back();
  SmallVector<Value> lbs(rank - 1, index(0)), steps(rank - 1, index(1));
  SmallVector<Value> ubs(meta.getSizes().drop_back());
  SmallVector<linalg::GenericOp> chunks;
  scf::buildLoopNest(
      rewriter, loc, lbs, ubs, steps,
      [&](OpBuilder &b, Location loc, ValueRange outer) {
        SmallVector<Value> invariant = rowInvariantInputs(b, loc, op, outer);
        Value rowOffset = meta.getOffset();
        for (auto [iv, stride] : llvm::zip(outer, meta.getStrides()))
          rowOffset = arith::AddIOp::create(
              b, loc, rowOffset, arith::MulIOp::create(b, loc, iv, stride));
        Value rowStart = arith::AddIOp::create(
            b, loc, base,
            arith::MulIOp::create(
                b, loc, rowOffset,
                arith::ConstantIndexOp::create(b, loc, elemBytes)));
        Value lineMask = arith::ConstantIndexOp::create(
            b, loc, tilerun::kCacheLineBytes - 1);
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        Value aligned = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            arith::AndIOp::create(b, loc, rowStart, lineMask), zero);
        Value chunk =
            arith::ConstantIndexOp::create(b, loc, tilerun::kChunkElements);
        Value whole = arith::MulIOp::create(
            b, loc, arith::DivUIOp::create(b, loc, n, chunk), chunk);
        Value full = arith::SelectOp::create(b, loc, aligned, whole, zero);
        scf::ForOp::create(
            b, loc, zero, full, chunk, ValueRange{},
            [&](OpBuilder &cb, Location loc, Value first, ValueRange) {
              chunks.push_back(
                  buildRowOp(cb, loc, op, outer, invariant, first,
                             cb.getIndexAttr(tilerun::kChunkElements)));
              scf::YieldOp::create(cb, loc);
            });
        Value rest = arith::SubIOp::create(b, loc, n, full);
        buildRowOp(b, loc, op, outer, invariant, full, rest);
      });
  for (linalg::GenericOp chunk : chunks) {
    if (failed(vectorizeWithStreamingStore(rewriter, chunk, vectorBytes))) {
      rewriter.eraseOp(ifOp);
      return;
    }
  }
  rewriter.eraseOp(op);
}

struct StreamLinalgOutputsPass
    : tilerun::impl::StreamLinalgOutputsBase<StreamLinalgOutputsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    // The runtime fences non-temporal stores when a thread's programs are
    // done; a program that signals others through atomics would need its
    // own fence first.
    bool hasAtomics = false;
    fn.walk([&](Operation *op) {
      if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op))
        hasAtomics = true;
    });
    // Only kernels end with the grid parameters the launch size comes from.
    if (hasAtomics || fn.isExternal() || fn.isPrivate())
      return;
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> candidates;
    fn.walk([&](linalg::LinalgOp op) {
      if (succeeded(canStream(op, fn)))
        candidates.push_back(op);
    });
    if (candidates.empty())
      return;
    rewriter.setInsertionPointToStart(&fn.getBody().front());
    std::optional<Value> programs = programsInLaunch(rewriter, fn.getLoc(), fn);
    if (!programs)
      return;
    for (linalg::LinalgOp op : candidates) {
      auto generic = dyn_cast<linalg::GenericOp>(*op);
      if (!generic) {
        // A copy or fill's payload is a yield; as a generic it is sliced
        // like any.
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      streamOutput(rewriter, generic, *programs, vectorBytes);
    }
  }
};

} // namespace
