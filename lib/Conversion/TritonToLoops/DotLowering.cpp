//===- DotLowering.cpp - tt.dot as loops and a register-tiled kernel ------===//
//
// A dot's operands are packed into contiguous buffers (evaluated on demand,
// so a load feeding a dot is fused into the packing), then multiplied: f32
// by the target's register-tiled micro-kernel (CpuTarget::matmulRegisterTile,
// given as the pass's matmul-tile-* options), other types by loops that widen
// each product to the accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

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
        auto at = [&](OpBuilder &xb, Value row, Value col) {
          SmallVector<Value> idx;
          if (rank == 3)
            idx.push_back(t[0]);
          idx.append({row, col});
          return idx;
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

  // Pack both operands once, converted to the accumulator type: each element
  // of A is used N times and each of B M times.
  // The K loop's masked loads are versioned: full tiles pack with plain
  // vector loads.
  auto pack = [&](Value v, ArrayRef<int64_t> shape) {
    Value buf = tl.allocBuffer(loc, shape, acc);
    tl.emitMaskVersioned(b, loc, shape, v, {}, [&](OpBuilder &nb) {
      TileLowering::emitLoopNest(
          nb, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
            tl.storeBuffer(
                ib, loc,
                extendToAccumulator(ib, loc, tl.element(ib, v, idx), acc), buf,
                idx);
          });
    });
    return buf;
  };
  Value A = pack(dot.getA(), aTy.getShape());
  Value B = pack(dot.getB(), bTy.getShape());
  emitPackedDot(tl, b, loc, A, B, dot.getC(), out, rank, batch, M, N, K);
  return success();
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
  // A fresh product (`tl.dot(q, k)`, a zero accumulator) starts its
  // registers at zero instead of filling the result tile with zeros first:
  // attention does that for a 64x64 tile on every K step.
  bool fromZero = microKernel && c && matchPattern(c, m_PosZeroFloat());
  // Accumulating in place into the accumulator's own buffer needs no copy.
  if (c && tl.bufferOf(c) != out && !fromZero)
    TileLowering::emitLoopNest(
        b, loc, dTy.getShape(), [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc, tl.element(ib, c, idx), out, idx);
        });
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
