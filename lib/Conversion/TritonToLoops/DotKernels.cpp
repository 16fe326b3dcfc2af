//===- DotKernels.cpp - register-tiled matmul micro-kernels ---------------===//
//
// The inner kernels of tt.dot's lowering (DotLowering.cpp decides which one
// runs and packs their operands): the f32 FMA micro-kernel, the micro-kernel
// of the target's dot-product instructions (vdpbf16ps, vpdpbusd), the AMX
// tile kernel, and the loops of float accumulators narrower than f32.
//
//===----------------------------------------------------------------------===//

#include "DotKernels.h"
#include "TileLowering.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"

using namespace mlir;

namespace tilerun {
namespace loops {

/// The index of element (row, col) of a [batch x] rows x cols buffer.
SmallVector<Value> matrixIndex(int64_t rank, Value batch, Value row,
                               Value col) {
  SmallVector<Value> idx;
  if (rank == 3)
    idx.push_back(batch);
  idx.append({row, col});
  return idx;
}

/// Calls `hook`, if any, for the register tile at `t` of a grid of them
/// of the given extents (row-major).
static void callRegisterTileHook(OpBuilder &b, Location loc,
                                 RegisterTileHook hook, ValueRange t,
                                 ArrayRef<int64_t> extents) {
  if (!hook)
    return;
  Value linear = t[0];
  int64_t count = extents[0];
  for (auto [index, extent] : llvm::zip(t.drop_front(), extents.drop_front())) {
    linear = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, linear, constantIndex(b, loc, extent)),
        index);
    count *= extent;
  }
  hook(b, loc, linear, count);
}

/// out += A * B on packed f32 buffers, as a register-tiled micro-kernel: for
/// each MR x NR tile of `out`, MR vector accumulators of NR lanes stay in
/// registers across the whole K loop; each step broadcasts one element of A
/// per row and loads one contiguous row segment of B. `K` (an index) is the
/// number of K steps, at most the buffers' K. With `fromZero` the
/// accumulators start at +0.0 instead of `out`'s contents (out = A * B).
void emitMicroKernelDot(OpBuilder &b, Location loc, Value A, Value B, Value out,
                        int64_t rank, int64_t batch, int64_t M, int64_t N,
                        Value K, int64_t MR, int64_t NR, bool fromZero,
                        RegisterTileHook beforeTile) {
  auto vecTy = VectorType::get({NR}, b.getF32Type());
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc, {batch, M / MR, N / NR}, [&](OpBuilder &ib, ValueRange t) {
        callRegisterTileHook(ib, loc, beforeTile, t, {batch, M / MR, N / NR});
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
            ib, loc, c(ib, 0), K, c(ib, 1), accs,
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

/// AVX512-BF16's vdpbf16ps: two bf16 products per f32 lane. The products
/// of bf16 values are exact in f32; the instruction rounds to nearest even
/// and treats subnormal inputs as zero.
DotProductInstruction bf16DotProduct(MLIRContext *ctx) {
  Type f32 = Float32Type::get(ctx);
  return {BFloat16Type::get(ctx), f32, 2, 16,
          [f32](OpBuilder &b, Location loc, Value acc, Value x, Value y) {
            return x86vector::DotBF16Op::create(
                       b, loc, VectorType::get({16}, f32), acc, x, y)
                .getResult();
          }};
}

/// vpdpbusd: four products of an unsigned byte of `a` and a signed byte of
/// `b` per i32 lane, wrapping like the GPU's i32 sums. (MLIR's x86vector has
/// only the signed-by-signed AVX-VNNI-INT8 form.) The 256-bit intrinsic is
/// selected as AVX-VNNI's VEX form where the CPU has no AVX512-VL.
DotProductInstruction int8DotProduct(MLIRContext *ctx, int64_t lanes) {
  Type i32 = IntegerType::get(ctx, 32);
  StringRef name = lanes == 16 ? "llvm.x86.avx512.vpdpbusd.512"
                               : "llvm.x86.avx512.vpdpbusd.256";
  return {IntegerType::get(ctx, 8), i32, 4, lanes,
          [=](OpBuilder &b, Location loc, Value acc, Value x, Value y) {
            return LLVM::CallIntrinsicOp::create(
                       b, loc, VectorType::get({lanes}, i32),
                       b.getStringAttr(name), ValueRange{acc, x, y})
                .getResult(0);
          }};
}

DotProductInstruction int8WordPairProduct(MLIRContext *ctx, int64_t lanes) {
  Type i32 = IntegerType::get(ctx, 32);
  StringRef name =
      lanes == 16 ? "llvm.x86.avx512.pmaddw.d.512" : "llvm.x86.avx2.pmadd.wd";
  return {IntegerType::get(ctx, 16), i32, 2, lanes,
          [=](OpBuilder &b, Location loc, Value acc, Value x, Value y) {
            Value pairs = LLVM::CallIntrinsicOp::create(
                              b, loc, VectorType::get({lanes}, i32),
                              b.getStringAttr(name), ValueRange{x, y})
                              .getResult(0);
            return arith::AddIOp::create(b, loc, acc, pairs).getResult();
          }};
}

/// out += A * B on a dot-product instruction, with A ([batch x] M x K,
/// packed as is) and B packed in groups of `instr.group` rows
/// (`Bg[k / g][g n + k % g] = B[k][n]`, packGroupedRows): every lane adds
/// the products of one group of A (broadcast to all lanes) with the same
/// group of one column of B. MR rows of NR / lanes accumulators each stay in
/// registers across the K loop, as in emitMicroKernelDot, for `groups` (an
/// index) groups of K, at most the buffers' K / group. A `columnBias`
/// ([batch x] N, of the accumulator type, which must then be an integer)
/// is added to the accumulators' starting values.
void emitDotProductMicroKernel(OpBuilder &b, Location loc,
                               const DotProductInstruction &instr, Value A,
                               Value Bg, Value columnBias, Value out,
                               int64_t rank, int64_t batch, int64_t M,
                               int64_t N, Value groups, int64_t MR, int64_t NR,
                               bool fromZero, RegisterTileHook beforeTile) {
  int64_t lanes = instr.lanes;
  int64_t perRow = NR / lanes, group = instr.group;
  auto accTy = VectorType::get({lanes}, instr.accumulator);
  auto groupsTy = VectorType::get({group * lanes}, instr.operand);
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc, {batch, M / MR, N / NR}, [&](OpBuilder &ib, ValueRange t) {
        callRegisterTileHook(ib, loc, beforeTile, t, {batch, M / MR, N / NR});
        Value m0 = arith::MulIOp::create(ib, loc, t[1], c(ib, MR));
        Value n0 = arith::MulIOp::create(ib, loc, t[2], c(ib, NR));
        auto at = [&](Value row, Value col) {
          return matrixIndex(rank, t[0], row, col);
        };
        SmallVector<Value> rows, cols, starts, accs;
        for (int64_t j = 0; j < perRow; ++j)
          cols.push_back(arith::AddIOp::create(ib, loc, n0, c(ib, j * lanes)));
        for (int64_t j = 0; j < perRow && columnBias; ++j) {
          SmallVector<Value> idx;
          if (rank == 3)
            idx.push_back(t[0]);
          idx.push_back(cols[j]);
          starts.push_back(
              vector::LoadOp::create(ib, loc, accTy, columnBias, idx));
        }
        Value zero;
        if (fromZero)
          zero =
              arith::ConstantOp::create(ib, loc, accTy, ib.getZeroAttr(accTy));
        for (int64_t i = 0; i < MR; ++i) {
          rows.push_back(arith::AddIOp::create(ib, loc, m0, c(ib, i)));
          for (int64_t j = 0; j < perRow; ++j) {
            Value acc = fromZero ? zero
                                 : vector::LoadOp::create(ib, loc, accTy, out,
                                                          at(rows[i], cols[j]))
                                       .getResult();
            if (columnBias)
              acc = fromZero ? starts[j]
                             : arith::AddIOp::create(ib, loc, acc, starts[j])
                                   .getResult();
            accs.push_back(acc);
          }
        }
        auto loop = scf::ForOp::create(
            ib, loc, c(ib, 0), groups, c(ib, 1), accs,
            [&](OpBuilder &kb, Location, Value p, ValueRange cur) {
              SmallVector<Value> bv;
              for (int64_t j = 0; j < perRow; ++j) {
                Value col =
                    arith::MulIOp::create(kb, loc, cols[j], c(kb, group));
                bv.push_back(
                    vector::LoadOp::create(kb, loc, groupsTy, Bg, at(p, col)));
              }
              Value k = arith::MulIOp::create(kb, loc, p, c(kb, group));
              SmallVector<Value> next;
              for (int64_t i = 0; i < MR; ++i) {
                // A[m][k .. k + group) as one i32, in every lane.
                Value elems = vector::LoadOp::create(
                    kb, loc, VectorType::get({group}, instr.operand), A,
                    at(rows[i], k));
                Value word = vector::ExtractOp::create(
                    kb, loc,
                    vector::BitCastOp::create(
                        kb, loc, VectorType::get({1}, kb.getI32Type()), elems),
                    ArrayRef<int64_t>{0});
                Value av = vector::BitCastOp::create(
                    kb, loc, groupsTy,
                    vector::BroadcastOp::create(
                        kb, loc, VectorType::get({lanes}, kb.getI32Type()),
                        word));
                for (int64_t j = 0; j < perRow; ++j)
                  next.push_back(
                      instr.create(kb, loc, cur[i * perRow + j], av, bv[j]));
              }
              scf::YieldOp::create(kb, loc, next);
            });
        for (int64_t i = 0; i < MR; ++i)
          for (int64_t j = 0; j < perRow; ++j)
            vector::StoreOp::create(ib, loc, loop.getResult(i * perRow + j),
                                    out, at(rows[i], cols[j]));
      });
}

/// Rows of an AMX tile and bytes of each.
constexpr int64_t kTileRows = 16;

TileInstruction amxBF16Tiles(MLIRContext *ctx) {
  return {BFloat16Type::get(ctx), Float32Type::get(ctx), 2};
}
TileInstruction amxFP16Tiles(MLIRContext *ctx) {
  return {Float16Type::get(ctx), Float32Type::get(ctx), 2};
}
TileInstruction amxInt8Tiles(MLIRContext *ctx) {
  return {IntegerType::get(ctx, 8), IntegerType::get(ctx, 32), 4};
}
int64_t tileK(const TileInstruction &instr) {
  return kTileRowBytes / (instr.operand.getIntOrFloatBitWidth() / 8);
}

/// Tile steps of K per pass over the accumulators: the most up to
/// kTileStepsPerPass that divide `steps`.
static int64_t tileStepsPerPass(int64_t steps) {
  int64_t perPass = std::min(steps, kTileStepsPerPass);
  while (steps % perPass != 0)
    --perPass;
  return perPass;
}

bool tileKernelTakesOnePass(const TileInstruction &instr, int64_t K) {
  int64_t steps = K / tileK(instr);
  return tileStepsPerPass(steps) == steps;
}

void emitTileMicroKernel(OpBuilder &b, Location loc,
                         const TileInstruction &instr, ArrayRef<Value> As,
                         Value Bg, Value out, int64_t rank, int64_t batch,
                         int64_t M, int64_t N, int64_t K, bool fromZero,
                         RegisterTileHook beforeTile) {
  int64_t kPerTile = tileK(instr), group = instr.group;
  int64_t steps = K / kPerTile;
  int64_t perPass = tileStepsPerPass(steps);
  assert((!fromZero || perPass == steps) && "zero tiles need a single pass");
  assert((As.size() == 1 || perPass == steps) &&
         "several A operands need a single pass");
  int64_t stepsPerA = steps / As.size();
  // Up to 2 x 2 accumulator tiles with their 2 + 2 operand tiles: the
  // eight tile registers.
  int64_t tilesM = M % (2 * kTileRows) == 0 ? 2 : 1;
  int64_t tilesN = N % (2 * kTileRows) == 0 ? 2 : 1;
  auto accTy = amx::TileType::get({kTileRows, kTileRows}, instr.accumulator);
  auto operandTy = amx::TileType::get({kTileRows, kPerTile}, instr.operand);
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc,
      {batch, M / (tilesM * kTileRows), N / (tilesN * kTileRows),
       steps / perPass},
      [&](OpBuilder &ib, ValueRange t) {
        callRegisterTileHook(ib, loc, beforeTile, t,
                             {batch, M / (tilesM * kTileRows),
                              N / (tilesN * kTileRows), steps / perPass});
        auto offset = [&](Value block, int64_t blockSize, int64_t i) {
          return arith::AddIOp::create(
                     ib, loc,
                     arith::MulIOp::create(ib, loc, block, c(ib, blockSize)),
                     c(ib, i))
              .getResult();
        };
        SmallVector<Value> rows, cols, accs;
        for (int64_t i = 0; i < tilesM; ++i)
          rows.push_back(offset(t[1], tilesM * kTileRows, i * kTileRows));
        for (int64_t j = 0; j < tilesN; ++j)
          cols.push_back(offset(t[2], tilesN * kTileRows, j * kTileRows));
        for (Value row : rows)
          for (Value col : cols)
            accs.push_back(
                fromZero
                    ? amx::TileZeroOp::create(ib, loc, accTy).getResult()
                    : amx::TileLoadOp::create(ib, loc, accTy, out,
                                              matrixIndex(rank, t[0], row, col))
                          .getResult());
        for (int64_t s = 0; s < perPass; ++s) {
          Value step = offset(t[3], perPass, s);
          // A's K: of the one A, or of the A this (static) step is in.
          Value A = As[As.size() == 1 ? 0 : s / stepsPerA];
          Value k = As.size() == 1
                        ? arith::MulIOp::create(ib, loc, step, c(ib, kPerTile))
                              .getResult()
                        : c(ib, s % stepsPerA * kPerTile);
          Value groupRow =
              arith::MulIOp::create(ib, loc, step, c(ib, kTileRows));
          SmallVector<Value> as, bs;
          for (Value row : rows)
            as.push_back(amx::TileLoadOp::create(
                ib, loc, operandTy, A, matrixIndex(rank, t[0], row, k)));
          for (Value col : cols) {
            Value groupCol = arith::MulIOp::create(ib, loc, col, c(ib, group));
            bs.push_back(amx::TileLoadOp::create(
                ib, loc, operandTy, Bg,
                matrixIndex(rank, t[0], groupRow, groupCol)));
          }
          for (int64_t i = 0; i < tilesM; ++i)
            for (int64_t j = 0; j < tilesN; ++j) {
              Value &acc = accs[i * tilesN + j];
              if (isa<FloatType>(instr.accumulator))
                acc =
                    amx::TileMulFOp::create(ib, loc, accTy, as[i], bs[j], acc);
              else
                acc = amx::TileMulIOp::create(ib, loc, accTy, as[i], bs[j], acc,
                                              /*isZextLhs=*/nullptr);
            }
        }
        for (int64_t i = 0; i < tilesM; ++i)
          for (int64_t j = 0; j < tilesN; ++j)
            amx::TileStoreOp::create(ib, loc, out,
                                     matrixIndex(rank, t[0], rows[i], cols[j]),
                                     accs[i * tilesN + j]);
      });
}

/// out += A * B for a float accumulator narrower than f32 (f16, bf16:
/// `tl.dot(..., out_dtype=tl.float16)`), rounded where the GPU's MMA
/// instructions round it: the products are summed in f32 over K steps of 16
/// (the K of wgmma and mma.sync for 16-bit operands) and the running sum is
/// rounded to the accumulator type after each step. The GPU's f16 dots match
/// this far more closely than rounding after every product (the figures are
/// in docs/performance.md, *Measurements behind code choices*).
void emitNarrowAccumulatorDot(OpBuilder &b, Location loc, Value A, Value B,
                              Value out, int64_t rank, int64_t batch, int64_t M,
                              int64_t N, int64_t K) {
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

} // namespace loops
} // namespace tilerun
