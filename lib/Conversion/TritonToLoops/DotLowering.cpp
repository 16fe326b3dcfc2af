//===- DotLowering.cpp - tt.dot as loops and a register-tiled kernel ------===//
//
// A dot's operands are packed into contiguous buffers (evaluated on demand,
// so a load feeding a dot is fused into the packing), then multiplied: f32
// by the target's register-tiled micro-kernel (CpuTarget::matmulRegisterTile,
// given as the pass's matmul-tile-* options), bf16 and int8 by micro-kernels
// of the target's dot-product instructions where it has them (AVX512-BF16's
// vdpbf16ps, bf16-dot-products; AVX512-VNNI's vpdpbusd, int8-dot-products),
// other types by loops that widen each product to the accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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

/// 32-bit accumulator lanes of the 512-bit dot-product instructions.
constexpr int64_t kDotProductLanes = 16;

/// A dot-product instruction: each of its kDotProductLanes 32-bit
/// accumulator lanes adds the products of `group` adjacent pairs of narrow
/// operands (32 bits of each operand per lane).
struct DotProductInstruction {
  /// Element type of the packed operands, and of the accumulators.
  Type operand, accumulator;
  /// Products added per lane.
  int64_t group;
  /// acc + sum over each lane's group of a * b, on vectors of
  /// kDotProductLanes accumulators and kDotProductLanes * group operands.
  std::function<Value(OpBuilder &, Location, Value acc, Value a, Value b)>
      create;
};

/// AVX512-BF16's vdpbf16ps: two bf16 products per f32 lane. The products
/// of bf16 values are exact in f32; the instruction rounds to nearest even
/// and treats subnormal inputs as zero.
static DotProductInstruction bf16DotProduct(MLIRContext *ctx) {
  Type f32 = Float32Type::get(ctx);
  return {BFloat16Type::get(ctx), f32, 2,
          [f32](OpBuilder &b, Location loc, Value acc, Value x, Value y) {
            return x86vector::DotBF16Op::create(
                       b, loc, VectorType::get({kDotProductLanes}, f32), acc, x,
                       y)
                .getResult();
          }};
}

/// AVX512-VNNI's vpdpbusd: four products of an unsigned byte of `a` and a
/// signed byte of `b` per i32 lane, wrapping like the GPU's i32 sums.
/// (MLIR's x86vector has only the signed-by-signed AVX-VNNI-INT8 form.)
static DotProductInstruction int8DotProduct(MLIRContext *ctx) {
  Type i32 = IntegerType::get(ctx, 32);
  return {IntegerType::get(ctx, 8), i32, 4,
          [i32](OpBuilder &b, Location loc, Value acc, Value x, Value y) {
            return LLVM::CallIntrinsicOp::create(
                       b, loc, VectorType::get({kDotProductLanes}, i32),
                       b.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
                       ValueRange{acc, x, y})
                .getResult(0);
          }};
}

/// out += A * B on a dot-product instruction, with A ([batch x] M x K,
/// packed as is) and B packed in groups of `instr.group` rows
/// (`Bg[k / g][g n + k % g] = B[k][n]`, packGroupedRows): every lane adds
/// the products of one group of A (broadcast to all lanes) with the same
/// group of one column of B. MR rows of NR / 16 accumulators each stay in
/// registers across the K loop, as in emitMicroKernelDot. A `columnBias`
/// ([batch x] N, of the accumulator type, which must then be an integer)
/// is added to the accumulators' starting values.
static void emitDotProductMicroKernel(OpBuilder &b, Location loc,
                                      const DotProductInstruction &instr,
                                      Value A, Value Bg, Value columnBias,
                                      Value out, int64_t rank, int64_t batch,
                                      int64_t M, int64_t N, int64_t K,
                                      int64_t MR, int64_t NR, bool fromZero) {
  int64_t perRow = NR / kDotProductLanes, group = instr.group;
  auto accTy = VectorType::get({kDotProductLanes}, instr.accumulator);
  auto groupsTy = VectorType::get({group * kDotProductLanes}, instr.operand);
  auto c = [&](OpBuilder &ib, int64_t v) { return constantIndex(ib, loc, v); };
  TileLowering::emitLoopNest(
      b, loc, {batch, M / MR, N / NR}, [&](OpBuilder &ib, ValueRange t) {
        Value m0 = arith::MulIOp::create(ib, loc, t[1], c(ib, MR));
        Value n0 = arith::MulIOp::create(ib, loc, t[2], c(ib, NR));
        auto at = [&](Value row, Value col) {
          return matrixIndex(rank, t[0], row, col);
        };
        SmallVector<Value> rows, cols, starts, accs;
        for (int64_t j = 0; j < perRow; ++j)
          cols.push_back(
              arith::AddIOp::create(ib, loc, n0, c(ib, j * kDotProductLanes)));
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
            ib, loc, c(ib, 0), c(ib, K / group), c(ib, 1), accs,
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
                        kb, loc,
                        VectorType::get({kDotProductLanes}, kb.getI32Type()),
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

/// A dot operand packed into a buffer of `elemTy` (widened, exactly, to it,
/// then passed through `map` if given): each element of A is used N times
/// and each of B M times. The K loop's masked loads are versioned: full
/// tiles pack with plain vector loads.
static Value
packOperand(TileLowering &tl, OpBuilder &b, Location loc, Value operand,
            Type elemTy,
            function_ref<Value(OpBuilder &, Location, Value)> map = {}) {
  ArrayRef<int64_t> shape = asTensor(operand.getType()).getShape();
  Value buf = tl.allocBuffer(loc, shape, elemTy);
  tl.emitMaskVersioned(b, loc, shape, operand, {}, [&](OpBuilder &nb) {
    TileLowering::emitLoopNest(
        nb, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          Value e = extendToAccumulator(ib, loc, tl.element(ib, operand, idx),
                                        elemTy);
          tl.storeBuffer(ib, loc, map ? map(ib, loc, e) : e, buf, idx);
        });
  });
  return buf;
}

static bool lowerOnDotProducts(TileLowering &tl, OpBuilder &b, tt::DotOp dot,
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
  if (lowerOnDotProducts(tl, b, dot, out))
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
  bool fromZero =
      fromZeroAllowed && c &&
      (matchPattern(c, m_PosZeroFloat()) || matchPattern(c, m_Zero()));
  // Accumulating in place into the accumulator's own buffer needs no copy.
  if (c && tl.bufferOf(c) != out && !fromZero)
    TileLowering::emitLoopNest(
        b, loc, cast<MemRefType>(out.getType()).getShape(),
        [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc, tl.element(ib, c, idx), out, idx);
        });
  return fromZero;
}

/// B ([batch x] K x N) packed in groups of `group` rows for a dot-product
/// instruction, `Bg[k / g][g n + k % g] = B[k][n]`, its elements widened to
/// `elemTy`. One iteration per group of rows: `group` contiguous row reads
/// and one interleaved contiguous write, which LLVM vectorises with
/// shuffles. With a `columnSums` buffer ([batch x] N, i32, zeroed) each
/// column's sum of B times `columnSumScale` is added to it on the way.
static Value packGroupedRows(TileLowering &tl, OpBuilder &b, Location loc,
                             Value B, Type elemTy, int64_t group,
                             Value columnSums, int64_t columnSumScale) {
  ArrayRef<int64_t> shape = asTensor(B.getType()).getShape();
  int64_t rank = shape.size();
  SmallVector<int64_t> groupedShape(shape), groupLoop(shape);
  groupedShape[rank - 2] = shape[rank - 2] / group;
  groupedShape[rank - 1] = shape[rank - 1] * group;
  groupLoop[rank - 2] = shape[rank - 2] / group;
  Value Bg = tl.allocBuffer(loc, groupedShape, elemTy);
  tl.emitMaskVersioned(b, loc, shape, B, {}, [&](OpBuilder &nb) {
    TileLowering::emitLoopNest(
        nb, loc, groupLoop, [&](OpBuilder &ib, ValueRange idx) {
          Value p = idx[rank - 2], n = idx[rank - 1];
          Value g = constantIndex(ib, loc, group);
          Value k = arith::MulIOp::create(ib, loc, p, g);
          Value col = arith::MulIOp::create(ib, loc, n, g);
          Value sum;
          for (int64_t i = 0; i < group; ++i) {
            Value off = constantIndex(ib, loc, i);
            SmallVector<Value> from(idx), to(idx);
            from[rank - 2] = arith::AddIOp::create(ib, loc, k, off);
            to[rank - 1] = arith::AddIOp::create(ib, loc, col, off);
            Value e =
                extendToAccumulator(ib, loc, tl.element(ib, B, from), elemTy);
            tl.storeBuffer(ib, loc, e, Bg, to);
            if (!columnSums)
              continue;
            Value wide = extendToAccumulator(ib, loc, e, ib.getI32Type());
            sum = sum ? arith::AddIOp::create(ib, loc, sum, wide).getResult()
                      : wide;
          }
          if (!columnSums)
            return;
          SmallVector<Value> at;
          if (rank == 3)
            at.push_back(idx[0]);
          at.push_back(n);
          Value scaled = arith::MulIOp::create(
              ib, loc, sum,
              arith::ConstantIntOp::create(ib, loc, ib.getI32Type(),
                                           columnSumScale));
          memref::StoreOp::create(
              ib, loc,
              arith::AddIOp::create(
                  ib, loc, memref::LoadOp::create(ib, loc, columnSums, at),
                  scaled),
              columnSums, at);
        });
  });
  return Bg;
}

/// The dot-product instruction that multiplies `dot`'s operands on the
/// target, if any: bf16 (and the 8-bit float formats, fp8 e4m3/e5m2 and
/// their variants, every value of which is exact in bf16) into f32 on
/// AVX512-BF16; int8 into i32 on AVX512-VNNI.
static std::optional<DotProductInstruction>
dotProductInstructionFor(const Options &options, tt::DotOp dot) {
  Type a = asTensor(dot.getA().getType()).getElementType();
  Type b = asTensor(dot.getB().getType()).getElementType();
  Type d = asTensor(dot.getD().getType()).getElementType();
  auto fitsBF16 = [](Type t) {
    return t.isBF16() || (isa<FloatType>(t) && t.getIntOrFloatBitWidth() == 8);
  };
  if (options.bf16DotProducts && fitsBF16(a) && fitsBF16(b) && d.isF32())
    return bf16DotProduct(dot.getContext());
  if (options.int8DotProducts && a.isInteger(8) && b.isInteger(8) &&
      d.isInteger(32))
    return int8DotProduct(dot.getContext());
  return std::nullopt;
}

/// `dot` on the target's dot-product instruction, when it has one for the
/// operand types and the shapes fit: K a multiple of the instruction's
/// group and a register tile of whole 16-lane vectors.
///
/// vpdpbusd multiplies unsigned bytes of one operand by signed bytes of the
/// other; tt.dot's int8 operands are both signed. A is packed as A + 128
/// (its sign bit flipped) and 128 times each column's sum of B is
/// subtracted from the accumulators' starting values: sum (A + 128) B =
/// sum A B + 128 sum B, exactly, modulo 2^32 as the i32 sums wrap.
static bool lowerOnDotProducts(TileLowering &tl, OpBuilder &b, tt::DotOp dot,
                               Value out) {
  std::optional<DotProductInstruction> instr =
      dotProductInstructionFor(tl.options, dot);
  if (!instr)
    return false;
  auto aTy = asTensor(dot.getA().getType());
  auto bTy = asTensor(dot.getB().getType());
  int64_t rank = aTy.getRank();
  int64_t batch = rank == 3 ? aTy.getShape()[0] : 1;
  int64_t M = aTy.getShape()[rank - 2], K = aTy.getShape()[rank - 1];
  int64_t N = bTy.getShape()[rank - 1];
  auto [MR, NR] = microKernelTile(M, N, tl.options.matmulTileRows,
                                  tl.options.matmulTileLanes);
  if (K % instr->group != 0 || MR == 0 || NR % kDotProductLanes != 0)
    return false;
  Location loc = dot.getLoc();
  bool unsignedA = instr->accumulator.isInteger(32);
  Value columnBias;
  if (unsignedA) {
    SmallVector<int64_t> biasShape;
    if (rank == 3)
      biasShape.push_back(batch);
    biasShape.push_back(N);
    columnBias = tl.allocBuffer(loc, biasShape, instr->accumulator);
    TileLowering::emitLoopNest(
        b, loc, biasShape, [&](OpBuilder &ib, ValueRange idx) {
          memref::StoreOp::create(
              ib, loc,
              arith::ConstantIntOp::create(ib, loc, ib.getI32Type(), 0),
              columnBias, idx);
        });
  }
  auto flipSign = [](OpBuilder &ib, Location l, Value e) -> Value {
    return arith::XOrIOp::create(
        ib, l, e, arith::ConstantIntOp::create(ib, l, ib.getI8Type(), -128));
  };
  Value A = unsignedA
                ? packOperand(tl, b, loc, dot.getA(), instr->operand, flipSign)
                : packOperand(tl, b, loc, dot.getA(), instr->operand);
  Value Bg = packGroupedRows(tl, b, loc, dot.getB(), instr->operand,
                             instr->group, columnBias, /*scale=*/-128);
  bool fromZero = initAccumulator(tl, b, loc, dot.getC(), out, true);
  emitDotProductMicroKernel(b, loc, *instr, A, Bg, columnBias, out, rank, batch,
                            M, N, K, MR, NR, fromZero);
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
