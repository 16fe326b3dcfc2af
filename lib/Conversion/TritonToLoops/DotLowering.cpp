//===- DotLowering.cpp - tt.dot as loops and a register-tiled kernel ------===//
//
// A dot's operands are packed into contiguous buffers (evaluated on demand,
// so a load feeding a dot is fused into the packing), then multiplied: f32
// by the target's register-tiled micro-kernel (CpuTarget::matmulRegisterTile,
// given as the pass's matmul-tile-* options), bf16 by a micro-kernel of
// AVX512-BF16 dot products where the target has them (bf16-dot-products),
// other types by loops that widen each product to the accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

/// The index of element (row, col) of a [batch x] rows x cols buffer.
static SmallVector<Value> matrixIndex(int64_t rank, Value batch, Value row,
                                      Value col) {
  SmallVector<Value> idx;
  if (rank == 3)
    idx.push_back(batch);
  idx.append({row, col});
  return idx;
}

/// out += A * B on packed f32 buffers, as a register-tiled micro-kernel: for
/// each MR x NR tile of `out`, MR vector accumulators of NR lanes stay in
/// registers across the whole K loop; each step broadcasts one element of A
/// per row and loads one contiguous row segment of B. With `fromZero` the
/// accumulators start at +0.0 instead of `out`'s contents (out = A * B).
static void emitMicroKernelDot(OpBuilder &b, Location loc, Value A, Value B,
                               Value out, int64_t rank, int64_t batch,
                               int64_t M, int64_t N, int64_t K, int64_t MR,
                               int64_t NR, bool fromZero) {
  auto vecTy = VectorType::get({NR}, b.getF32Type());
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc, {batch, M / MR, N / NR}, [&](OpBuilder &ib, ValueRange t) {
        Value m0 = arith::MulIOp::create(ib, loc, t[1], c(ib, MR));
        Value n0 = arith::MulIOp::create(ib, loc, t[2], c(ib, NR));
        auto at = [&](OpBuilder &, Value row, Value col) {
          return matrixIndex(rank, t[0], row, col);
        };
        SmallVector<Value> rows, accs;
        Value zero;
        if (fromZero)
          zero = arith::ConstantOp::create(ib, loc, vecTy,
                                           DenseElementsAttr::get(vecTy, 0.0f));
        for (int64_t i = 0; i < MR; ++i) {
          rows.push_back(arith::AddIOp::create(ib, loc, m0, c(ib, i)));
          accs.push_back(fromZero ? zero
                                  : vector::LoadOp::create(ib, loc, vecTy, out,
                                                           at(ib, rows[i], n0))
                                        .getResult());
        }
        auto loop = scf::ForOp::create(
            ib, loc, c(ib, 0), c(ib, K), c(ib, 1), accs,
            [&](OpBuilder &kb, Location, Value k, ValueRange cur) {
              Value bv =
                  vector::LoadOp::create(kb, loc, vecTy, B, at(kb, k, n0));
              SmallVector<Value> next;
              for (int64_t i = 0; i < MR; ++i) {
                Value a =
                    memref::LoadOp::create(kb, loc, A, at(kb, rows[i], k));
                Value av = vector::BroadcastOp::create(kb, loc, vecTy, a);
                next.push_back(vector::FMAOp::create(kb, loc, av, bv, cur[i]));
              }
              scf::YieldOp::create(kb, loc, next);
            });
        for (int64_t i = 0; i < MR; ++i)
          vector::StoreOp::create(ib, loc, loop.getResult(i), out,
                                  at(ib, rows[i], n0));
      });
}

/// f32 lanes of one AVX512-BF16 dot product (vdpbf16ps on 512 bits): each
/// adds two bf16 products per lane.
constexpr int64_t kBF16DotLanes = 16;

/// out += A * B with A ([batch x] M x K, bf16, packed as is) and B packed in
/// pairs along K (`Bp[k / 2][2 n + k % 2] = B[k][n]`), on AVX512-BF16:
/// every lane of a dot product adds A[m][2p] * B[2p][n] + A[m][2p+1] *
/// B[2p+1][n] to an f32 accumulator, for one pair of A broadcast to all
/// lanes and 16 columns of B. MR rows of NR / 16 accumulators each stay in
/// registers across the K loop, as in emitMicroKernelDot. The products of
/// bf16 values are exact in f32; the instruction rounds to nearest even and
/// treats subnormal inputs as zero.
static void emitBF16MicroKernelDot(OpBuilder &b, Location loc, Value A,
                                   Value Bp, Value out, int64_t rank,
                                   int64_t batch, int64_t M, int64_t N,
                                   int64_t K, int64_t MR, int64_t NR,
                                   bool fromZero) {
  int64_t perRow = NR / kBF16DotLanes;
  auto accTy = VectorType::get({kBF16DotLanes}, b.getF32Type());
  auto pairsTy = VectorType::get({2 * kBF16DotLanes}, b.getBF16Type());
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc, {batch, M / MR, N / NR}, [&](OpBuilder &ib, ValueRange t) {
        Value m0 = arith::MulIOp::create(ib, loc, t[1], c(ib, MR));
        Value n0 = arith::MulIOp::create(ib, loc, t[2], c(ib, NR));
        auto at = [&](Value row, Value col) {
          return matrixIndex(rank, t[0], row, col);
        };
        SmallVector<Value> rows, cols, accs;
        for (int64_t j = 0; j < perRow; ++j)
          cols.push_back(
              arith::AddIOp::create(ib, loc, n0, c(ib, j * kBF16DotLanes)));
        Value zero;
        if (fromZero)
          zero = arith::ConstantOp::create(ib, loc, accTy,
                                           DenseElementsAttr::get(accTy, 0.0f));
        for (int64_t i = 0; i < MR; ++i) {
          rows.push_back(arith::AddIOp::create(ib, loc, m0, c(ib, i)));
          for (int64_t j = 0; j < perRow; ++j)
            accs.push_back(fromZero
                               ? zero
                               : vector::LoadOp::create(ib, loc, accTy, out,
                                                        at(rows[i], cols[j]))
                                     .getResult());
        }
        auto loop = scf::ForOp::create(
            ib, loc, c(ib, 0), c(ib, K / 2), c(ib, 1), accs,
            [&](OpBuilder &kb, Location, Value p, ValueRange cur) {
              SmallVector<Value> bv;
              for (int64_t j = 0; j < perRow; ++j) {
                Value col = arith::MulIOp::create(kb, loc, cols[j], c(kb, 2));
                bv.push_back(
                    vector::LoadOp::create(kb, loc, pairsTy, Bp, at(p, col)));
              }
              Value k = arith::MulIOp::create(kb, loc, p, c(kb, 2));
              SmallVector<Value> next;
              for (int64_t i = 0; i < MR; ++i) {
                // A[m][k], A[m][k+1] as one i32, in every lane.
                Value pair = vector::LoadOp::create(
                    kb, loc, VectorType::get({2}, kb.getBF16Type()), A,
                    at(rows[i], k));
                Value word = vector::ExtractOp::create(
                    kb, loc,
                    vector::BitCastOp::create(
                        kb, loc, VectorType::get({1}, kb.getI32Type()), pair),
                    ArrayRef<int64_t>{0});
                Value av = vector::BitCastOp::create(
                    kb, loc, pairsTy,
                    vector::BroadcastOp::create(
                        kb, loc,
                        VectorType::get({kBF16DotLanes}, kb.getI32Type()),
                        word));
                for (int64_t j = 0; j < perRow; ++j)
                  next.push_back(x86vector::DotBF16Op::create(
                      kb, loc, accTy, cur[i * perRow + j], av, bv[j]));
              }
              scf::YieldOp::create(kb, loc, next);
            });
        for (int64_t i = 0; i < MR; ++i)
          for (int64_t j = 0; j < perRow; ++j)
            vector::StoreOp::create(ib, loc, loop.getResult(i * perRow + j),
                                    out, at(rows[i], cols[j]));
      });
}

/// out += A * B for a float accumulator narrower than f32 (f16, bf16:
/// `tl.dot(..., out_dtype=tl.float16)`), rounded where the GPU's MMA
/// instructions round it: the products are summed in f32 over K steps of 16
/// (the K of wgmma and mma.sync for 16-bit operands) and the running sum is
/// rounded to the accumulator type after each step. The GPU's f16 dots match
/// this far more closely than rounding after every product (the figures are
/// in docs/performance.md, *Measurements behind code choices*).
static void emitNarrowAccumulatorDot(OpBuilder &b, Location loc, Value A,
                                     Value B, Value out, int64_t rank,
                                     int64_t batch, int64_t M, int64_t N,
                                     int64_t K) {
  constexpr int64_t kStep = 16;
  Type f32 = b.getF32Type();
  Type acc = cast<MemRefType>(out.getType()).getElementType();
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  auto widen = [&](OpBuilder &ib, Value v) -> Value {
    return v.getType() == f32 ? v : arith::ExtFOp::create(ib, loc, f32, v);
  };
  int64_t steps = (K + kStep - 1) / kStep;
  TileLowering::emitLoopNest(
      b, loc, {batch, M, steps}, [&](OpBuilder &ib, ValueRange bms) {
        Value k0 = arith::MulIOp::create(ib, loc, bms[2], c(ib, kStep));
        Value k1 = arith::MinSIOp::create(
            ib, loc, arith::AddIOp::create(ib, loc, k0, c(ib, kStep)),
            c(ib, K));
        TileLowering::emitLoopNest(
            ib, loc, {N}, [&](OpBuilder &nb, ValueRange n) {
              SmallVector<Value> oi;
              if (rank == 3)
                oi.push_back(bms[0]);
              oi.append({bms[1], n[0]});
              Value sum = widen(nb, memref::LoadOp::create(nb, loc, out, oi));
              auto loop = scf::ForOp::create(
                  nb, loc, k0, k1, c(nb, 1), ValueRange{sum},
                  [&](OpBuilder &kb, Location, Value k, ValueRange cur) {
                    SmallVector<Value> ai, bi;
                    if (rank == 3) {
                      ai.push_back(bms[0]);
                      bi.push_back(bms[0]);
                    }
                    ai.append({bms[1], k});
                    bi.append({k, n[0]});
                    Value a = widen(kb, memref::LoadOp::create(kb, loc, A, ai));
                    Value bv =
                        widen(kb, memref::LoadOp::create(kb, loc, B, bi));
                    scf::YieldOp::create(kb, loc,
                                         ValueRange{math::FmaOp::create(
                                             kb, loc, a, bv, cur[0])});
                  });
              memref::StoreOp::create(
                  nb, loc,
                  arith::TruncFOp::create(nb, loc, acc, loop.getResult(0)), out,
                  oi);
            });
      });
}

Value extendToAccumulator(OpBuilder &b, Location loc, Value e, Type acc) {
  if (e.getType() == acc)
    return e;
  if (isa<FloatType>(acc))
    return emitFloatExtend(b, loc, e, acc);
  return arith::ExtSIOp::create(b, loc, acc, e);
}

/// A dot operand packed into a buffer of `elemTy` (widened, exactly, to it):
/// each element of A is used N times and each of B M times. The K loop's
/// masked loads are versioned: full tiles pack with plain vector loads.
static Value packOperand(TileLowering &tl, OpBuilder &b, Location loc,
                         Value operand, Type elemTy) {
  ArrayRef<int64_t> shape = asTensor(operand.getType()).getShape();
  Value buf = tl.allocBuffer(loc, shape, elemTy);
  tl.emitMaskVersioned(b, loc, shape, operand, {}, [&](OpBuilder &nb) {
    TileLowering::emitLoopNest(
        nb, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc,
                         extendToAccumulator(
                             ib, loc, tl.element(ib, operand, idx), elemTy),
                         buf, idx);
        });
  });
  return buf;
}

static bool lowerBF16Dot(TileLowering &tl, OpBuilder &b, tt::DotOp dot,
                         Value out);

LogicalResult lowerDot(TileLowering &tl, OpBuilder &b, Operation *op,
                       Value out) {
  auto dot = cast<tt::DotOp>(op);
  Location loc = op->getLoc();
  auto aTy = asTensor(dot.getA().getType());
  auto bTy = asTensor(dot.getB().getType());
  auto dTy = asTensor(dot.getD().getType());
  if (aTy.getRank() != 2 && aTy.getRank() != 3)
    return op->emitOpError("only 2-D and batched 3-D dots are supported");
  Type acc = dTy.getElementType();
  int64_t rank = aTy.getRank();
  int64_t batch = rank == 3 ? aTy.getShape()[0] : 1;
  int64_t M = aTy.getShape()[rank - 2], K = aTy.getShape()[rank - 1];
  int64_t N = bTy.getShape()[rank - 1];
  if (lowerBF16Dot(tl, b, dot, out))
    return success();

  // Both operands packed once, converted to the accumulator type.
  Value A = packOperand(tl, b, loc, dot.getA(), acc);
  Value B = packOperand(tl, b, loc, dot.getB(), acc);
  emitPackedDot(tl, b, loc, A, B, dot.getC(), out, rank, batch, M, N, K);
  return success();
}

/// Puts the accumulator `c` into `out` for a dot to add to. Returns true
/// when a micro-kernel (`fromZeroAllowed`) may start its registers at zero
/// instead: a fresh product (`tl.dot(q, k)`, a zero accumulator) then
/// skips filling the result tile with zeros, which attention does for a
/// 64x64 tile on every K step.
static bool initAccumulator(TileLowering &tl, OpBuilder &b, Location loc,
                            Value c, Value out, bool fromZeroAllowed) {
  bool fromZero = fromZeroAllowed && c && matchPattern(c, m_PosZeroFloat());
  // Accumulating in place into the accumulator's own buffer needs no copy.
  if (c && tl.bufferOf(c) != out && !fromZero)
    TileLowering::emitLoopNest(
        b, loc, cast<MemRefType>(out.getType()).getShape(),
        [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc, tl.element(ib, c, idx), out, idx);
        });
  return fromZero;
}

/// The bf16 (or fp8) dot of `dot` on AVX512-BF16, when the target has it
/// and the shapes fit: K even and a register tile of whole 16-lane vectors.
/// fp8 operands are widened to bf16 (exactly) as they are packed.
static bool lowerBF16Dot(TileLowering &tl, OpBuilder &b, tt::DotOp dot,
                         Value out) {
  auto aTy = asTensor(dot.getA().getType());
  auto bTy = asTensor(dot.getB().getType());
  int64_t rank = aTy.getRank();
  int64_t batch = rank == 3 ? aTy.getShape()[0] : 1;
  int64_t M = aTy.getShape()[rank - 2], K = aTy.getShape()[rank - 1];
  int64_t N = bTy.getShape()[rank - 1];
  // bf16, and the 8-bit float formats (fp8 e4m3/e5m2 and their variants),
  // every value of which is exact in bf16.
  auto fitsBF16 = [](Type t) {
    return t.isBF16() || (isa<FloatType>(t) && t.getIntOrFloatBitWidth() == 8);
  };
  if (!tl.options.bf16DotProducts || !fitsBF16(aTy.getElementType()) ||
      !fitsBF16(bTy.getElementType()) ||
      !asTensor(dot.getD().getType()).getElementType().isF32() || K % 2 != 0)
    return false;
  auto [MR, NR] = microKernelTile(M, N, tl.options.matmulTileRows,
                                  tl.options.matmulTileLanes);
  if (MR == 0 || NR % kBF16DotLanes != 0)
    return false;
  Location loc = dot.getLoc();
  Type bf16 = b.getBF16Type();
  // A in bf16 (fp8 widened exactly); B in pairs along K.
  Value A = packOperand(tl, b, loc, dot.getA(), bf16);
  SmallVector<int64_t> pairedShape(bTy.getShape());
  pairedShape[rank - 2] = K / 2;
  pairedShape[rank - 1] = 2 * N;
  Value Bp = tl.allocBuffer(loc, pairedShape, bf16);
  // One iteration per pair of rows of B: two contiguous row reads and one
  // interleaved contiguous write, which LLVM vectorises with shuffles.
  SmallVector<int64_t> pairLoop(bTy.getShape());
  pairLoop[rank - 2] = K / 2;
  tl.emitMaskVersioned(
      b, loc, bTy.getShape(), dot.getB(), {}, [&](OpBuilder &nb) {
        TileLowering::emitLoopNest(
            nb, loc, pairLoop, [&](OpBuilder &ib, ValueRange idx) {
              Value p = idx[rank - 2], n = idx[rank - 1];
              Value one = constantIndex(ib, loc, 1);
              Value k = arith::ShLIOp::create(ib, loc, p, one);
              Value col = arith::ShLIOp::create(ib, loc, n, one);
              for (int64_t half = 0; half < 2; ++half) {
                SmallVector<Value> from(idx), to(idx);
                from[rank - 2] =
                    half ? arith::AddIOp::create(ib, loc, k, one).getResult()
                         : k;
                to[rank - 1] =
                    half ? arith::AddIOp::create(ib, loc, col, one).getResult()
                         : col;
                tl.storeBuffer(
                    ib, loc,
                    extendToAccumulator(ib, loc,
                                        tl.element(ib, dot.getB(), from), bf16),
                    Bp, to);
              }
            });
      });
  bool fromZero = initAccumulator(tl, b, loc, dot.getC(), out, true);
  emitBF16MicroKernelDot(b, loc, A, Bp, out, rank, batch, M, N, K, MR, NR,
                         fromZero);
  return true;
}

void emitPackedDot(TileLowering &tl, OpBuilder &b, Location loc, Value A,
                   Value B, Value c, Value out, int64_t rank, int64_t batch,
                   int64_t M, int64_t N, int64_t K) {
  auto dTy = cast<MemRefType>(out.getType());
  Type acc = dTy.getElementType();
  bool isFloat = isa<FloatType>(acc);
  auto [MR, NR] = microKernelTile(M, N, tl.options.matmulTileRows,
                                  tl.options.matmulTileLanes);
  bool microKernel = isFloat && acc.isF32() && MR > 0;
  bool fromZero = initAccumulator(tl, b, loc, c, out, microKernel);
  if (microKernel) {
    emitMicroKernelDot(b, loc, A, B, out, rank, batch, M, N, K, MR, NR,
                       fromZero);
    return;
  }
  if (isFloat && acc.getIntOrFloatBitWidth() < 32) {
    emitNarrowAccumulatorDot(b, loc, A, B, out, rank, batch, M, N, K);
    return;
  }
  // Fallback: out[m, n] += A[m, k] * B[k, n], with n innermost so rows of B
  // and of the result are walked contiguously.
  TileLowering::emitLoopNest(
      b, loc, {batch, M, K}, [&](OpBuilder &ib, ValueRange bmk) {
        SmallVector<Value> aIdx, bIdx;
        if (rank == 3) {
          aIdx.push_back(bmk[0]);
          bIdx.push_back(bmk[0]);
        }
        aIdx.append({bmk[1], bmk[2]});
        Value a = memref::LoadOp::create(ib, loc, A, aIdx);
        TileLowering::emitLoopNest(
            ib, loc, {N}, [&](OpBuilder &nb, ValueRange n) {
              SmallVector<Value> bi(bIdx), oi;
              bi.append({bmk[2], n[0]});
              if (rank == 3)
                oi.push_back(bmk[0]);
              oi.append({bmk[1], n[0]});
              Value bv = memref::LoadOp::create(nb, loc, B, bi);
              Value o = memref::LoadOp::create(nb, loc, out, oi);
              Value r;
              if (isFloat)
                r = math::FmaOp::create(nb, loc, a, bv, o);
              else
                r = arith::AddIOp::create(
                    nb, loc, o, arith::MulIOp::create(nb, loc, a, bv));
              memref::StoreOp::create(nb, loc, r, out, oi);
            });
      });
}

} // namespace loops
} // namespace tilerun
