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
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineMap.h"
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

struct MatmulToMicroKernel : OpInterfaceRewritePattern<linalg::LinalgOp> {
  MatmulToMicroKernel(MLIRContext *ctx, int64_t maxRows, int64_t maxLanes,
                      bool fuseMultiplyAdd)
      : OpInterfaceRewritePattern(ctx), maxRows(maxRows), maxLanes(maxLanes),
        fuseMultiplyAdd(fuseMultiplyAdd) {}

  /// The target's register tile (CpuTarget::matmulRegisterTile).
  int64_t maxRows, maxLanes;
  /// Each multiply-add one FMA (as MLIR's vectorizer lowers a contraction
  /// through vector.contract), instead of the loops' multiply then add.
  bool fuseMultiplyAdd;

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

    Location loc = op.getLoc();
    auto vecTy = VectorType::get({NR}, f32);
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
    SmallVector<Value> rows, accs;
    for (int64_t i = 0; i < MR; ++i) {
      rows.push_back(
          i == 0 ? m0
                 : arith::AddIOp::create(rewriter, loc, m0, c(rewriter, i))
                       .getResult());
      accs.push_back(vector::LoadOp::create(rewriter, loc, vecTy, C,
                                            ValueRange{rows[i], n0}));
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
    for (int64_t i = 0; i < MR; ++i)
      vector::StoreOp::create(rewriter, loc, kLoop.getResult(i), C,
                              ValueRange{rows[i], n0});
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
                                      fuseMultiplyAdd);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
