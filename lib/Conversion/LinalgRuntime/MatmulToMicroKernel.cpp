//===- MatmulToMicroKernel.cpp - f32 matmul on memrefs as register tiles --===//
//
// triton-shared lowers `tl.dot` to a linalg.matmul of two small static tiles.
// convert-linalg-to-loops turns it into an (m, n, k) nest whose innermost
// loop is a strict f32 reduction LLVM may not reassociate, so it stays scalar.
// This pattern emits the register-tiled form the TTIR path uses for tt.dot:
// MR vector accumulators of NR lanes stay in registers across the K loop.
// Per element it performs the loop nest's multiply-adds in the same order
// (out = out + a * b, k ascending), each fused into one FMA as MLIR's
// vectorizer lowers a contraction (vector.contract to vector.fma): apart, the
// adds take FMA units from the multiplies on most CPUs. Unfused
// (fuse-multiply-add=false) the results are bit-identical to the loops.
//
// triton-shared spells `acc = tl.dot(a, b, acc)` as a matmul into a copy of
// a zero tensor followed by an elementwise `acc + product`: two more passes
// over the tile on every K step. The kernel starts its accumulators at +0.0
// where C was just copied from a buffer that holds nothing else, and adds
// them to the accumulator tile as it stores them where C is read by that
// add alone: the same operations, each element rounded as before.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Conversion/Passes.h"
#include "tilerun/Transforms/NextIteration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_LINALGMATMULTOMICROKERNEL
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

bool hasUnitInnerStride(MemRefType ty) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(ty.getStridesAndOffset(strides, offset)) &&
         !strides.empty() && strides.back() == 1;
}

/// The buffer the memref `v` is a view of, through view-like ops.
Value baseBuffer(Value v) {
  return memref::skipViewLikeOps(cast<MemrefValue>(v));
}

/// Every use of the buffer `v` and of the views of it, through view-like ops.
void collectUses(Value v, SmallVectorImpl<OpOperand *> &uses) {
  for (OpOperand &use : v.getUses()) {
    auto view = dyn_cast<ViewLikeOpInterface>(use.getOwner());
    if (view && view.getViewSource() == v) {
      for (Value result : use.getOwner()->getResults())
        collectUses(result, uses);
      continue;
    }
    uses.push_back(&use);
  }
}

/// The local buffer (alloc or alloca) `v` is a view of, or null.
Value localBase(Value v) {
  Value base = baseBuffer(v);
  if (base.getDefiningOp<memref::AllocOp>() ||
      base.getDefiningOp<memref::AllocaOp>())
    return base;
  return {};
}

/// Whether `v` holds +0.0 wherever it is initialised: it is a view of a
/// local buffer that only linalg.fill of +0.0 writes (a bufferized zero
/// tensor). -0.0 would change the sign of sums that are exactly zero.
bool holdsPositiveZeros(Value v) {
  Value base = localBase(v);
  if (!base)
    return false;
  SmallVector<OpOperand *> uses;
  collectUses(base, uses);
  return llvm::all_of(uses, [](OpOperand *use) {
    Operation *user = use->getOwner();
    if (auto fill = dyn_cast<linalg::FillOp>(user))
      return matchPattern(fill.value(), m_PosZeroFloat());
    return isa<memref::DeallocOp>(user) ||
           !mightHaveEffect<MemoryEffects::Write>(user, use->get());
  });
}

/// The op right before `op` when it copies a buffer of +0.0 into all of
/// `C` (the same value), so that the kernel may start from zeros instead.
Operation *zeroInitialisingCopy(Operation *op, Value C) {
  Operation *prev = op->getPrevNode();
  Value source, target;
  if (auto copy = dyn_cast_or_null<linalg::CopyOp>(prev)) {
    source = copy.getInputs()[0];
    target = copy.getOutputs()[0];
  } else if (auto copy = dyn_cast_or_null<memref::CopyOp>(prev)) {
    source = copy.getSource();
    target = copy.getTarget();
  }
  if (!source || target != C || !holdsPositiveZeros(source))
    return nullptr;
  return prev;
}

/// An elementwise `acc = acc + C` (linalg.generic) right after the matmul,
/// into a local buffer `acc` that A and B are not views of, C being read
/// by nothing else: the kernel then adds its accumulators to `acc` as it
/// stores them, and C is never written.
struct AddEpilogue {
  linalg::GenericOp op;
  Value acc;
  /// Whether `acc` is the add's left operand (the order the body has).
  bool accFirst;
  arith::FastMathFlagsAttr fastmath;
};

std::optional<AddEpilogue> addEpilogue(Operation *matmul, Value A, Value B,
                                       Value C, Operation *zeroInit) {
  auto add = dyn_cast_or_null<linalg::GenericOp>(matmul->getNextNode());
  if (!add || !add.hasPureBufferSemantics() || add.getNumDpsInputs() != 2 ||
      add.getNumDpsInits() != 1 ||
      add.getNumParallelLoops() != add.getNumLoops() ||
      !llvm::all_of(add.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  Value acc = add.getDpsInitOperand(0)->get();
  Value in0 = add.getDpsInputOperand(0)->get();
  Value in1 = add.getDpsInputOperand(1)->get();
  if (acc.getType() != C.getType() ||
      !((in0 == acc && in1 == C) || (in0 == C && in1 == acc)))
    return std::nullopt;
  Block &body = add.getRegion().front();
  auto addf = dyn_cast<arith::AddFOp>(&body.front());
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!addf || addf->getNextNode() != yield ||
      yield.getOperand(0) != addf.getResult() ||
      addf.getLhs() != body.getArgument(0) ||
      addf.getRhs() != body.getArgument(1))
    return std::nullopt;
  // acc is written tile by tile while A and B are still read.
  Value accBase = localBase(acc);
  if (!accBase || accBase == baseBuffer(A) || accBase == baseBuffer(B) ||
      accBase == baseBuffer(C))
    return std::nullopt;
  // Nothing but the matmul, the add, the zero-initialising copy `zeroInit`
  // (if any) and C's deallocation touches C.
  SmallVector<OpOperand *> uses;
  collectUses(localBase(C), uses);
  for (OpOperand *use : uses) {
    Operation *user = use->getOwner();
    if (user != matmul && user != add && user != zeroInit &&
        !isa<memref::DeallocOp>(user))
      return std::nullopt;
  }
  return AddEpilogue{add, acc, in0 == acc, addf.getFastmathAttr()};
}

/// The body computes out + in0 * in1 (either order of each operand pair) and
/// nothing else.
bool isMulAddBody(linalg::LinalgOp op) {
  Block &body = op->getRegion(0).front();
  if (body.getOperations().size() != 3)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(&body.front());
  auto add = dyn_cast<arith::AddFOp>(mul ? mul->getNextNode() : nullptr);
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!mul || !add || !yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != add.getResult())
    return false;
  // Fast-math flags would let LLVM change the rounding the loops have.
  if (mul.getFastmath() != arith::FastMathFlags::none ||
      add.getFastmath() != arith::FastMathFlags::none)
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1),
        out = body.getArgument(2);
  bool mulOk = (mul.getLhs() == a && mul.getRhs() == b) ||
               (mul.getLhs() == b && mul.getRhs() == a);
  bool addOk = (add.getLhs() == out && add.getRhs() == mul.getResult()) ||
               (add.getRhs() == out && add.getLhs() == mul.getResult());
  return mulOk && addOk;
}

/// The views the op's block copies into `local` (a view of a local buffer)
/// before `op`: where a matmul's packed operand comes from.
SmallVector<Value> copiedFrom(Operation *op, Value local) {
  Value base = baseBuffer(local);
  SmallVector<Value> sources;
  for (Operation &prior : *op->getBlock()) {
    if (&prior == op)
      break;
    Value from, to;
    if (auto copy = dyn_cast<memref::CopyOp>(prior)) {
      from = copy.getSource();
      to = copy.getTarget();
    } else if (auto copy = dyn_cast<linalg::CopyOp>(prior)) {
      if (!copy.hasPureBufferSemantics())
        continue;
      from = copy.getDpsInputOperand(0)->get();
      to = copy.getDpsInitOperand(0)->get();
    } else {
      continue;
    }
    if (baseBuffer(to) == base &&
        cast<MemRefType>(from.getType()).getRank() ==
            cast<MemRefType>(local.getType()).getRank())
      sources.push_back(from);
  }
  return sources;
}

/// A 2-D view of the next loop iteration and the number of cache lines its
/// largest extent spans (the local buffer it is copied into bounds it).
struct NextView {
  Value view;
  int64_t maxRows, lineCols;
};

/// The views the loop's next iteration copies into the matmul's A and B,
/// built by `builder` (before the matmul `op`), for those whose offsets
/// change between iterations.
SmallVector<NextView> nextIterationViews(tilerun::NextIterationBuilder &builder,
                                         Operation *op, Value A, Value B) {
  SmallVector<NextView> views;
  for (Value local : {A, B}) {
    auto shape = cast<MemRefType>(local.getType()).getShape();
    for (Value source : copiedFrom(op, local)) {
      if (!builder.dependsOnIteration(source) ||
          !hasUnitInnerStride(cast<MemRefType>(source.getType())))
        continue;
      if (Value next = builder.next(source))
        views.push_back({next, shape[0],
                         static_cast<int64_t>(llvm::divideCeil(shape[1], 16))});
    }
  }
  return views;
}

/// Prefetches register tile `tile`'s share (of `tiles`) of the cache lines
/// of `next`: lines row by row, 16 floats each, a line index past the
/// view's extent skipped (the view's rows may be fewer than its bound).
void prefetchShare(OpBuilder &b, Location loc, const NextView &next, Value tile,
                   int64_t tiles) {
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t lines = next.maxRows * next.lineCols;
  int64_t perTile = llvm::divideCeil(lines, tiles);
  Value rows = memref::DimOp::create(b, loc, next.view, 0);
  Value cols = memref::DimOp::create(b, loc, next.view, 1);
  // Lines of this view: its rows times the lines of a full row; columns
  // past its own extent are clamped to its last.
  Value viewLines = arith::MulIOp::create(b, loc, rows, c(next.lineCols));
  Value first = arith::MulIOp::create(b, loc, tile, c(perTile));
  Value last = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, first, c(perTile)), viewLines);
  Value lastCol = arith::SubIOp::create(b, loc, cols, c(1));
  Value nonEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, cols, c(0));
  scf::IfOp::create(b, loc, nonEmpty, [&](OpBuilder &tb, Location) {
    scf::ForOp::create(
        tb, loc, first, arith::MaxUIOp::create(tb, loc, first, last), c(1),
        ValueRange{}, [&](OpBuilder &lb, Location, Value line, ValueRange) {
          Value row = arith::DivUIOp::create(lb, loc, line, c(next.lineCols));
          Value col = arith::MinUIOp::create(
              lb, loc,
              arith::MulIOp::create(
                  lb, loc,
                  arith::RemUIOp::create(lb, loc, line, c(next.lineCols)),
                  c(16)),
              lastCol);
          // Read, L2: the next iteration's copy reads it.
          memref::PrefetchOp::create(lb, loc, next.view, ValueRange{row, col},
                                     /*isWrite=*/false, /*localityHint=*/2,
                                     /*isDataCache=*/true);
          scf::YieldOp::create(lb, loc);
        });
    scf::YieldOp::create(tb, loc);
  });
}

struct MatmulToMicroKernel : OpInterfaceRewritePattern<linalg::LinalgOp> {
  MatmulToMicroKernel(MLIRContext *ctx, int64_t maxRows, int64_t maxLanes,
                      bool fuseMultiplyAdd, bool prefetchNextIteration)
      : OpInterfaceRewritePattern(ctx), maxRows(maxRows), maxLanes(maxLanes),
        fuseMultiplyAdd(fuseMultiplyAdd),
        prefetchNextIteration(prefetchNextIteration) {}

  /// The target's register tile (CpuTarget::matmulRegisterTile).
  int64_t maxRows, maxLanes;
  /// Each multiply-add one FMA (as MLIR's vectorizer lowers a contraction
  /// through vector.contract), instead of the loops' multiply then add.
  bool fuseMultiplyAdd;
  /// Prefetch the next loop iteration's operand views.
  bool prefetchNextIteration;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
        op.getNumDpsInits() != 1 || op->getNumRegions() != 1)
      return failure();
    // C[m, n] += A[m, k] * B[k, n]: linalg.matmul, or a generic spelling it.
    MLIRContext *ctx = op->getContext();
    AffineExpr m, n, k;
    bindDims(ctx, m, n, k);
    auto maps = op.getIndexingMapsArray();
    if (maps.size() != 3 || maps[0] != AffineMap::get(3, 0, {m, k}, ctx) ||
        maps[1] != AffineMap::get(3, 0, {k, n}, ctx) ||
        maps[2] != AffineMap::get(3, 0, {m, n}, ctx))
      return failure();
    auto iters = op.getIteratorTypesArray();
    if (iters[0] != utils::IteratorType::parallel ||
        iters[1] != utils::IteratorType::parallel ||
        iters[2] != utils::IteratorType::reduction)
      return failure();
    Value A = op.getDpsInputOperand(0)->get();
    Value B = op.getDpsInputOperand(1)->get();
    Value C = op.getDpsInitOperand(0)->get();
    auto aTy = dyn_cast<MemRefType>(A.getType());
    auto bTy = dyn_cast<MemRefType>(B.getType());
    auto cTy = dyn_cast<MemRefType>(C.getType());
    if (!aTy || !bTy || !cTy || !aTy.hasStaticShape() ||
        !bTy.hasStaticShape() || !cTy.hasStaticShape())
      return failure();
    Type f32 = rewriter.getF32Type();
    if (aTy.getElementType() != f32 || bTy.getElementType() != f32 ||
        cTy.getElementType() != f32)
      return failure();
    // C's rows stay in registers across the K loop, so A and B must not see
    // C's updates: C must be a local buffer (a bufferized tensor result)
    // that A and B are not views of.
    Value cBase = baseBuffer(C);
    if (!cBase.getDefiningOp<memref::AllocOp>() &&
        !cBase.getDefiningOp<memref::AllocaOp>())
      return failure();
    if (baseBuffer(A) == cBase || baseBuffer(B) == cBase)
      return failure();
    // Rows of B and C are read as vectors.
    if (!hasUnitInnerStride(bTy) || !hasUnitInnerStride(cTy))
      return failure();
    if (!isMulAddBody(op))
      return failure();
    int64_t M = cTy.getShape()[0], N = cTy.getShape()[1], K = aTy.getShape()[1];
    auto [MR, NR] = tilerun::microKernelTile(M, N, maxRows, maxLanes);
    if (MR == 0 || K == 0)
      return failure();

    Operation *zeroInit = zeroInitialisingCopy(op, C);
    std::optional<AddEpilogue> epilogue = addEpilogue(op, A, B, C, zeroInit);
    std::optional<tilerun::NextIterationBuilder> nextIteration;
    SmallVector<NextView> nextViews;
    if (auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
        loop && prefetchNextIteration) {
      nextIteration.emplace(rewriter, loop, op);
      nextViews = nextIterationViews(*nextIteration, op, A, B);
    }
    Location loc = op.getLoc();
    auto vecTy = VectorType::get({NR}, f32);
    Value zeros;
    if (zeroInit)
      zeros = arith::ConstantOp::create(rewriter, loc, vecTy,
                                        DenseElementsAttr::get(vecTy, 0.0f));
    auto c = [&](OpBuilder &b, int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    auto tiles = scf::ForOp::create(rewriter, loc, c(rewriter, 0),
                                    c(rewriter, M), c(rewriter, MR));
    rewriter.setInsertionPointToStart(tiles.getBody());
    Value m0 = tiles.getInductionVar();
    auto cols = scf::ForOp::create(rewriter, loc, c(rewriter, 0),
                                   c(rewriter, N), c(rewriter, NR));
    rewriter.setInsertionPointToStart(cols.getBody());
    Value n0 = cols.getInductionVar();
    if (!nextViews.empty()) {
      Value tile = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(
              rewriter, loc,
              arith::DivUIOp::create(rewriter, loc, m0, c(rewriter, MR)),
              c(rewriter, N / NR)),
          arith::DivUIOp::create(rewriter, loc, n0, c(rewriter, NR)));
      for (const NextView &next : nextViews)
        prefetchShare(rewriter, loc, next, tile, (M / MR) * (N / NR));
    }
    SmallVector<Value> rows, accs;
    for (int64_t i = 0; i < MR; ++i) {
      rows.push_back(
          i == 0 ? m0
                 : arith::AddIOp::create(rewriter, loc, m0, c(rewriter, i))
                       .getResult());
      accs.push_back(zeros ? zeros
                           : vector::LoadOp::create(rewriter, loc, vecTy, C,
                                                    ValueRange{rows[i], n0})
                                 .getResult());
    }
    auto kLoop = scf::ForOp::create(
        rewriter, loc, c(rewriter, 0), c(rewriter, K), c(rewriter, 1), accs,
        [&, MR = MR](OpBuilder &kb, Location, Value kv, ValueRange cur) {
          Value bv =
              vector::LoadOp::create(kb, loc, vecTy, B, ValueRange{kv, n0});
          SmallVector<Value> next;
          for (int64_t i = 0; i < MR; ++i) {
            Value a =
                memref::LoadOp::create(kb, loc, A, ValueRange{rows[i], kv});
            Value av = vector::BroadcastOp::create(kb, loc, vecTy, a);
            if (fuseMultiplyAdd) {
              next.push_back(vector::FMAOp::create(kb, loc, av, bv, cur[i]));
              continue;
            }
            Value prod = arith::MulFOp::create(kb, loc, av, bv);
            next.push_back(arith::AddFOp::create(kb, loc, cur[i], prod));
          }
          scf::YieldOp::create(kb, loc, next);
        });
    for (int64_t i = 0; i < MR; ++i) {
      Value tile = kLoop.getResult(i);
      if (!epilogue) {
        vector::StoreOp::create(rewriter, loc, tile, C,
                                ValueRange{rows[i], n0});
        continue;
      }
      Value acc = vector::LoadOp::create(rewriter, loc, vecTy, epilogue->acc,
                                         ValueRange{rows[i], n0});
      Value sum = epilogue->accFirst
                      ? arith::AddFOp::create(rewriter, loc, acc, tile,
                                              epilogue->fastmath)
                      : arith::AddFOp::create(rewriter, loc, tile, acc,
                                              epilogue->fastmath);
      vector::StoreOp::create(rewriter, loc, sum, epilogue->acc,
                              ValueRange{rows[i], n0});
    }
    if (nextIteration)
      nextIteration->eraseUnusedCopies();
    if (epilogue)
      rewriter.eraseOp(epilogue->op);
    if (zeroInit)
      rewriter.eraseOp(zeroInit);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LinalgMatmulToMicroKernel
    : tilerun::impl::LinalgMatmulToMicroKernelBase<LinalgMatmulToMicroKernel> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<MatmulToMicroKernel>(&getContext(), tileRows, tileLanes,
                                      fuseMultiplyAdd, prefetchNextIteration);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
