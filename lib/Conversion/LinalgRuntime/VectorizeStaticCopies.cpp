//===- VectorizeStaticCopies.cpp - static tile copies as vector rows ------===//
//
// triton-shared copies each unmasked tile it loads from a kernel argument into
// a local buffer (and back, to store it): a static linalg.copy between a
// strided view, whose rows are contiguous but apart, and the local buffer.
// Lowered to loops, the copy's inner loop has a short constant trip count,
// which LLVM unrolls fully before its loop vectoriser runs; its SLP
// vectoriser then leaves the element moves scalar, since putting a row's
// loads ahead of the stores between them needs the two buffers told apart.
// Each element of the tile moves alone (docs/performance.md: a 64x32 f32
// tile copied this way made a matmul's K step half again as long).
//
// Here the copy becomes a loop over its rows, each row moved in vectors of
// the width LLVM's vectorisers pick for the target (wider ones, legal on
// AVX-512 whatever the preference, made the copies slower):
//
//   scf.for over the outer dimensions (none for a 1-D copy)
//     for each chunk of the row (a loop, or unrolled when there are few):
//       v = vector.load src[outer..., c]; vector.store v, dst[outer..., c]
//     the row's tail, if any, as one shorter vector
//
// One side is a local allocation the other is not a view of, so the two
// never overlap and the order of the element moves does not matter.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_VECTORIZESTATICCOPIES
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// Rows of at most this many full vectors are unrolled; longer ones loop.
constexpr int64_t kMaxUnrolledChunks = 8;

/// The shape of a copy between `a` and `b`, if either gives it statically
/// (canonicalization folds a cast to static sizes into the copy, leaving
/// the other side dynamic).
std::optional<SmallVector<int64_t>> staticCopyShape(MemRefType a,
                                                    MemRefType b) {
  for (MemRefType t : {a, b})
    if (t.hasStaticShape() && !llvm::is_contained(t.getShape(), 0))
      return SmallVector<int64_t>(t.getShape());
  return std::nullopt;
}

/// linalg.copy, or a linalg.generic that copies element [i...] to [i...]
/// (StreamLinalgOutputs generalizes the copies it guards), on buffers.
bool isBufferCopy(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return false;
  if (isa<linalg::CopyOp>(op))
    return true;
  return linalg::isaCopyOpInterface(op) &&
         op.getNumParallelLoops() == op.getNumLoops() &&
         llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); });
}

bool isLocalAllocation(Value buffer) {
  return buffer.getDefiningOp<memref::AllocOp>() ||
         buffer.getDefiningOp<memref::AllocaOp>();
}

/// Copies `length` elements of the row at `outer` from `offset` on.
void copyChunk(OpBuilder &b, Location loc, Value src, Value dst,
               ValueRange outer, Value offset, int64_t length) {
  Type elem = cast<MemRefType>(src.getType()).getElementType();
  SmallVector<Value> idx(outer);
  idx.push_back(offset);
  Value v =
      vector::LoadOp::create(b, loc, VectorType::get({length}, elem), src, idx);
  vector::StoreOp::create(b, loc, v, dst, idx);
}

/// Copies the row at `outer`: full chunks, then the tail.
void copyRow(OpBuilder &b, Location loc, Value src, Value dst, ValueRange outer,
             int64_t rowLength, int64_t chunk) {
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t chunks = rowLength / chunk;
  if (chunks <= kMaxUnrolledChunks) {
    for (int64_t i = 0; i < chunks; ++i)
      copyChunk(b, loc, src, dst, outer, c(i * chunk), chunk);
  } else {
    scf::ForOp::create(b, loc, c(0), c(chunks * chunk), c(chunk), ValueRange{},
                       [&](OpBuilder &lb, Location, Value at, ValueRange) {
                         copyChunk(lb, loc, src, dst, outer, at, chunk);
                         scf::YieldOp::create(lb, loc);
                       });
  }
  if (int64_t tail = rowLength % chunk)
    copyChunk(b, loc, src, dst, outer, c(chunks * chunk), tail);
}

struct VectorizeStaticCopy : OpInterfaceRewritePattern<linalg::LinalgOp> {
  VectorizeStaticCopy(MLIRContext *ctx, int64_t vectorBytes)
      : OpInterfaceRewritePattern(ctx), vectorBytes(vectorBytes) {}

  int64_t vectorBytes;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!isBufferCopy(op))
      return failure();
    Value src = op.getDpsInputOperand(0)->get();
    Value dst = op.getDpsInitOperand(0)->get();
    auto srcType = cast<MemRefType>(src.getType());
    auto dstType = cast<MemRefType>(dst.getType());
    std::optional<SmallVector<int64_t>> shape =
        staticCopyShape(srcType, dstType);
    if (!shape || !tilerun::hasContiguousRows(srcType) ||
        !tilerun::hasContiguousRows(dstType) ||
        srcType.getElementType() != dstType.getElementType())
      return failure();
    Value srcRoot = memref::skipViewLikeOps(cast<MemrefValue>(src));
    Value dstRoot = memref::skipViewLikeOps(cast<MemrefValue>(dst));
    if (srcRoot == dstRoot ||
        !(isLocalAllocation(srcRoot) || isLocalAllocation(dstRoot)))
      return failure();

    Location loc = op.getLoc();
    int64_t elemBytes = srcType.getElementTypeBitWidth() / 8;
    int64_t chunk = std::max<int64_t>(1, vectorBytes / elemBytes);
    tilerun::forEachRow(
        rewriter, loc, *shape, [&](OpBuilder &b, ValueRange outer) {
          copyRow(b, loc, src, dst, outer, shape->back(), chunk);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The local buffer `view` is the leading corner of: a subview at offset
/// zero, unit strides and the same rank, of a static, identity-layout
/// allocation. Null for anything else.
Value cornerOfLocalBuffer(Value view) {
  auto subview = view.getDefiningOp<memref::SubViewOp>();
  if (!subview || !isLocalAllocation(subview.getSource()))
    return {};
  auto bufferType = cast<MemRefType>(subview.getSource().getType());
  if (!bufferType.hasStaticShape() || !bufferType.getLayout().isIdentity() ||
      subview.getType().getRank() != bufferType.getRank() ||
      !llvm::all_of(subview.getMixedOffsets(), isZeroInteger) ||
      !llvm::all_of(subview.getMixedStrides(), isOneInteger))
    return {};
  return subview.getSource();
}

/// A copy of dynamic size between a view and the leading corner of a local
/// buffer (a masked tile's load or store), versioned on the corner being
/// the whole buffer, as it is everywhere but at a tensor's edges:
///
///   scf.if (sizes == the buffer's shape) {
///     linalg.copy of the view, cast to the buffer's shape, and the buffer
///   } else {
///     the copy
///   }
///
/// The first copy is static, for VectorizeStaticCopy. Returns whether the
/// copy was versioned.
bool versionWholeBufferCopy(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isBufferCopy(op))
    return false;
  Value src = op.getDpsInputOperand(0)->get();
  Value dst = op.getDpsInitOperand(0)->get();
  Value buffer = cornerOfLocalBuffer(dst);
  bool intoBuffer = static_cast<bool>(buffer);
  if (!buffer)
    buffer = cornerOfLocalBuffer(src);
  Value view = intoBuffer ? src : dst;
  Value corner = intoBuffer ? dst : src;
  if (!buffer || memref::skipViewLikeOps(cast<MemrefValue>(view)) == buffer)
    return false;
  auto bufferType = cast<MemRefType>(buffer.getType());
  auto viewType = cast<MemRefType>(view.getType());
  auto cornerType = cast<MemRefType>(corner.getType());
  if (cornerType.hasStaticShape() || !tilerun::hasContiguousRows(bufferType) ||
      viewType.getRank() != bufferType.getRank())
    return false;
  auto wholeViewType =
      MemRefType::get(bufferType.getShape(), viewType.getElementType(),
                      viewType.getLayout(), viewType.getMemorySpace());
  if (!memref::CastOp::areCastCompatible(viewType, wholeViewType))
    return false;

  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value whole;
  for (auto [dim, extent] : llvm::enumerate(bufferType.getShape())) {
    if (!cornerType.isDynamicDim(dim))
      continue;
    Value size = memref::DimOp::create(rewriter, loc, corner, dim);
    Value equal = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, size,
        arith::ConstantIndexOp::create(rewriter, loc, extent));
    whole = whole
                ? arith::AndIOp::create(rewriter, loc, whole, equal).getResult()
                : equal;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, whole, /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  Value wholeView = memref::CastOp::create(rewriter, loc, wholeViewType, view);
  if (intoBuffer)
    linalg::CopyOp::create(rewriter, loc, wholeView, buffer);
  else
    linalg::CopyOp::create(rewriter, loc, buffer, wholeView);
  rewriter.moveOpBefore(op, ifOp.elseBlock()->getTerminator());
  return true;
}

struct VectorizeStaticCopies
    : tilerun::impl::VectorizeStaticCopiesBase<VectorizeStaticCopies> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> copies;
    getOperation()->walk([&](linalg::LinalgOp op) { copies.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : copies)
      versionWholeBufferCopy(rewriter, op);
    RewritePatternSet patterns(&getContext());
    patterns.add<VectorizeStaticCopy>(&getContext(), vectorBytes);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
