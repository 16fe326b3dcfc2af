//===- DotLowering.cpp - tt.dot as loops and a register-tiled kernel ------===//
//
// A dot's operands are packed into contiguous buffers (evaluated on demand,
// so a load feeding a dot is fused into the packing), then multiplied: f32
// by the target's register-tiled micro-kernel (CpuTarget::matmulRegisterTile,
// given as the pass's matmul-tile-* options), bf16 and int8 by micro-kernels
// of the target's dot-product instructions where it has them (AVX512-BF16's
// vdpbf16ps, bf16-dot-products; vpdpbusd of AVX512-VNNI or AVX-VNNI,
// int8-dot-products),
// other types by loops that widen each product to the accumulator's type.
//
//===----------------------------------------------------------------------===//

#include "DotKernels.h"
#include "TileLowering.h"

#include "tilerun/Conversion/MicroKernelTile.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

Value extendToAccumulator(OpBuilder &b, Location loc, Value e, Type acc) {
  if (e.getType() == acc)
    return e;
  if (isa<FloatType>(acc))
    return emitFloatExtend(b, loc, e, acc);
  return arith::ExtSIOp::create(b, loc, acc, e);
}

/// Packs a dot operand into `buf`, a buffer of its shape, its elements
/// widened (exactly) to the buffer's element type and then passed through
/// `map` if given: each element of A is used N times and each of B M times. The
/// K loop's masked loads are versioned: full tiles pack with plain vector
/// loads.
static void
packOperandInto(TileLowering &tl, OpBuilder &b, Location loc, Value operand,
                Value buf,
                function_ref<Value(OpBuilder &, Location, Value)> map = {}) {
  ArrayRef<int64_t> shape = asTensor(operand.getType()).getShape();
  Type elemTy = cast<MemRefType>(buf.getType()).getElementType();
  tl.emitMaskVersioned(b, loc, shape, operand, {}, [&](OpBuilder &nb) {
    TileLowering::emitLoopNest(
        nb, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          Value e = extendToAccumulator(ib, loc, tl.element(ib, operand, idx),
                                        elemTy);
          tl.storeBuffer(ib, loc, map ? map(ib, loc, e) : e, buf, idx);
        });
  });
}

/// Packs B ([batch x] K x N) into `Bg` in groups of `group` rows for a
/// dot-product instruction, `Bg[k / g][g n + k % g] = B[k][n]` (group 1:
/// as it is), its elements widened to Bg's element type. One iteration per
/// group of rows: `group` contiguous row reads and one interleaved
/// contiguous write, which LLVM vectorises with shuffles. With a
/// `columnSums` buffer ([batch x] N, i32) each column's sum of B times
/// `columnSumScale` is added to it on the way.
static void packGroupedRowsInto(TileLowering &tl, OpBuilder &b, Location loc,
                                Value B, Value Bg, int64_t group,
                                Value columnSums, int64_t columnSumScale) {
  ArrayRef<int64_t> shape = asTensor(B.getType()).getShape();
  int64_t rank = shape.size();
  Type elemTy = cast<MemRefType>(Bg.getType()).getElementType();
  SmallVector<int64_t> groupLoop(shape);
  groupLoop[rank - 2] = shape[rank - 2] / group;
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
  if (c && tl.bufferOf(c) != out && !fromZero &&
      !tl.fillWithSplatConstant(b, loc, c, out))
    TileLowering::emitLoopNest(
        b, loc, cast<MemRefType>(out.getType()).getShape(),
        [&](OpBuilder &ib, ValueRange idx) {
          tl.storeBuffer(ib, loc, tl.element(ib, c, idx), out, idx);
        });
  return fromZero;
}

namespace {
/// How a dot that takes a register-tiled micro-kernel is packed and
/// multiplied.
struct DotKernelPlan {
  /// Element type the operands are packed in.
  Type operand;
  /// B is packed in groups of this many rows along K (1: as it is).
  int64_t group = 1;
  /// The AMX tile multiply, or else the dot-product instruction, or
  /// neither for the f32 FMA kernel.
  std::optional<TileInstruction> tiles;
  std::optional<DotProductInstruction> instruction;
  /// The register tile.
  int64_t MR = 0, NR = 0;
  /// K of the packed operands: the dot's, or for AMX whole tiles of K, the
  /// rest zeros (a BLOCK_K 32 int8 dot fills half of a tile).
  int64_t packedK = 0;
  /// vpdpbusd multiplies unsigned bytes of A by signed bytes of B, and
  /// tt.dot's int8 operands are both signed: A is packed as A + 128 (its
  /// sign bit flipped) and -128 times each column's sum of B starts the
  /// accumulators: sum (A + 128) B = sum A B + 128 sum B, exactly, modulo
  /// 2^32 as the i32 sums wrap.
  bool signFlippedA = false;
};

/// The shapes of a [batch x] M x K by [batch x] K x N dot.
struct DotShape {
  int64_t rank, batch, M, N, K;
  explicit DotShape(tt::DotOp dot) {
    auto aTy = asTensor(dot.getA().getType());
    rank = aTy.getRank();
    batch = rank == 3 ? aTy.getShape()[0] : 1;
    M = aTy.getShape()[rank - 2];
    K = aTy.getShape()[rank - 1];
    N = asTensor(dot.getB().getType()).getShape()[rank - 1];
  }
};
} // namespace

/// The micro-kernel that multiplies `dot` on the target, if any: AMX tiles
/// where the pass is told the target has them (bf16 and fp8, f16, int8)
/// and the shapes are whole tiles; bf16 (and the 8-bit float formats, fp8
/// e4m3/e5m2 and their variants, every value of which is exact in bf16)
/// into f32 on AVX512-BF16's dot products; int8 into i32 on AVX512-VNNI's,
/// or else on vpmaddwd's word pairs (AVX-512BW, AVX2);
/// f32 accumulators on f32 FMAs. The shapes must fit: a register tile that
/// divides the result (of whole 16-lane vectors for the dot products) and a
/// K that is a multiple of the group.
static std::optional<DotKernelPlan> planDotKernel(const Options &options,
                                                  tt::DotOp dot) {
  Type a = asTensor(dot.getA().getType()).getElementType();
  Type b = asTensor(dot.getB().getType()).getElementType();
  Type d = asTensor(dot.getD().getType()).getElementType();
  DotShape shape(dot);
  DotKernelPlan plan;
  plan.packedK = shape.K;
  auto fitsBF16 = [](Type t) {
    return t.isBF16() || (isa<FloatType>(t) && t.getIntOrFloatBitWidth() == 8);
  };
  if (options.amxBF16 && fitsBF16(a) && fitsBF16(b) && d.isF32())
    plan.tiles = amxBF16Tiles(dot.getContext());
  else if (options.amxFP16 && a.isF16() && b.isF16() && d.isF32())
    plan.tiles = amxFP16Tiles(dot.getContext());
  else if (options.amxInt8 && a.isInteger(8) && b.isInteger(8) &&
           d.isInteger(32))
    plan.tiles = amxInt8Tiles(dot.getContext());
  if (plan.tiles && shape.M % 16 == 0 && shape.N % 16 == 0 &&
      shape.K % plan.tiles->group == 0) {
    plan.operand = plan.tiles->operand;
    plan.group = plan.tiles->group;
    plan.packedK = llvm::alignTo(shape.K, tileK(*plan.tiles));
    return plan;
  }
  plan.tiles.reset();
  std::tie(plan.MR, plan.NR) = microKernelTile(
      shape.M, shape.N, options.matmulTileRows, options.matmulTileLanes);
  if (plan.MR == 0)
    return std::nullopt;
  if (options.bf16DotProducts && fitsBF16(a) && fitsBF16(b) && d.isF32())
    plan.instruction = bf16DotProduct(dot.getContext());
  else if (a.isInteger(8) && b.isInteger(8) && d.isInteger(32)) {
    if (options.int8DotProducts)
      plan.instruction =
          int8DotProduct(dot.getContext(), options.int8DotProducts);
    else if (options.int8WordProducts)
      plan.instruction =
          int8WordPairProduct(dot.getContext(), options.int8WordProducts);
  }
  if (plan.instruction && shape.K % plan.instruction->group == 0 &&
      plan.NR % plan.instruction->lanes == 0) {
    plan.operand = plan.instruction->operand;
    plan.group = plan.instruction->group;
    // vpdpbusd's unsigned bytes (vpmaddwd's words are signed).
    plan.signFlippedA = plan.instruction->operand.isInteger(8);
    return plan;
  }
  plan.instruction.reset();
  if (!d.isF32())
    return std::nullopt;
  plan.operand = d;
  return plan;
}

/// The buffers a planned dot's micro-kernel reads: A, B in groups of rows,
/// and the column sums of B when A's sign is flipped.
struct PackedDot {
  Value A, Bg, columnSums;
};

/// The shape of B packed in groups of `group` rows.
static SmallVector<int64_t> groupedShape(ArrayRef<int64_t> shape,
                                         int64_t group) {
  SmallVector<int64_t> grouped(shape);
  int64_t rank = shape.size();
  grouped[rank - 2] = shape[rank - 2] / group;
  grouped[rank - 1] = shape[rank - 1] * group;
  return grouped;
}

/// Packs `dot`'s A into `buf` as `plan` wants it.
static void packA(TileLowering &tl, OpBuilder &b, Location loc,
                  const DotKernelPlan &plan, tt::DotOp dot, Value buf) {
  auto flipSign = [](OpBuilder &ib, Location l, Value e) -> Value {
    return arith::XOrIOp::create(
        ib, l, e, arith::ConstantIntOp::create(ib, l, ib.getI8Type(), -128));
  };
  if (plan.signFlippedA)
    packOperandInto(tl, b, loc, dot.getA(), buf, flipSign);
  else
    packOperandInto(tl, b, loc, dot.getA(), buf);
}

/// Fills with zeros the part of `buf` from index `from` of dimension `dim`
/// (by default all of it).
static void zeroFill(OpBuilder &b, Location loc, Value buf, int64_t dim = 0,
                     int64_t from = 0) {
  auto type = cast<MemRefType>(buf.getType());
  SmallVector<int64_t> extent(type.getShape());
  extent[dim] -= from;
  Value zero =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  TileLowering::emitLoopNest(
      b, loc, extent, [&](OpBuilder &ib, ValueRange idx) {
        SmallVector<Value> at(idx);
        if (from)
          at[dim] = arith::AddIOp::create(ib, loc, idx[dim],
                                          constantIndex(ib, loc, from));
        memref::StoreOp::create(ib, loc, zero, buf, at);
      });
}

/// Runs `plan`'s micro-kernel on packed operands of `packedK` elements of
/// K.
static void emitPlannedKernel(OpBuilder &b, Location loc,
                              const DotKernelPlan &plan, const DotShape &shape,
                              const PackedDot &packed, Value out,
                              int64_t packedK, bool fromZero,
                              RegisterTileHook beforeTile = nullptr) {
  Value kGroups = constantIndex(b, loc, packedK / plan.group);
  if (plan.tiles)
    emitTileMicroKernel(b, loc, *plan.tiles, ArrayRef<Value>(packed.A),
                        packed.Bg, out, shape.rank, shape.batch, shape.M,
                        shape.N, packedK, fromZero, beforeTile);
  else if (plan.instruction)
    emitDotProductMicroKernel(b, loc, *plan.instruction, packed.A, packed.Bg,
                              packed.columnSums, out, shape.rank, shape.batch,
                              shape.M, shape.N, kGroups, plan.MR, plan.NR,
                              fromZero, beforeTile);
  else
    emitMicroKernelDot(b, loc, packed.A, packed.Bg, out, shape.rank,
                       shape.batch, shape.M, shape.N, kGroups, plan.MR, plan.NR,
                       fromZero, beforeTile);
}

/// The part of `buf` from `offset` along dimension `dim`, `size` long (all
/// of `buf` when that is all of it).
static Value sliceAlong(OpBuilder &b, Location loc, Value buf, int64_t dim,
                        int64_t offset, int64_t size) {
  auto type = cast<MemRefType>(buf.getType());
  if (offset == 0 && size == type.getDimSize(dim))
    return buf;
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)),
      sizes = getAsIndexOpFoldResult(b.getContext(), type.getShape()),
      strides(rank, b.getIndexAttr(1));
  offsets[dim] = b.getIndexAttr(offset);
  sizes[dim] = b.getIndexAttr(size);
  return memref::SubViewOp::create(b, loc, buf, offsets, sizes, strides);
}

/// `dots`, a chain in which each adds to the previous one's result, on
/// their common planned micro-kernel as one dot along the K of all of them:
/// each dot's operands are packed into their own span of K, and the
/// kernel's accumulators go once through all of it. The sums are added in
/// the same order as dot by dot, so the result is the same to the bit; what
/// is saved is loading and storing the accumulators between the dots.
static void lowerPlannedDots(TileLowering &tl, OpBuilder &b,
                             ArrayRef<tt::DotOp> dots,
                             const DotKernelPlan &plan, Value out) {
  tt::DotOp first = dots.front(), last = dots.back();
  Location loc = last.getLoc();
  DotShape shape(first);
  int64_t kDim = shape.rank - 1, groupDim = shape.rank - 2;
  int64_t packedK = plan.packedK * dots.size();
  PackedDot packed;
  if (plan.signFlippedA) {
    SmallVector<int64_t> sumsShape;
    if (shape.rank == 3)
      sumsShape.push_back(shape.batch);
    sumsShape.push_back(shape.N);
    packed.columnSums = tl.allocBuffer(loc, sumsShape, b.getI32Type());
    zeroFill(b, loc, packed.columnSums);
  }
  // Packed K, padded with zeros to whole tiles where the kernel wants them:
  // A's columns and B's (grouped) rows past each dot's K.
  auto packAs = [&](OpBuilder &pb) {
    SmallVector<int64_t> aShape(asTensor(first.getA().getType()).getShape());
    aShape.back() = packedK;
    packed.A = tl.allocBuffer(loc, aShape, plan.operand);
    for (auto [i, dot] : llvm::enumerate(llvm::to_vector(dots))) {
      Value A =
          sliceAlong(pb, loc, packed.A, kDim, i * plan.packedK, plan.packedK);
      packA(tl, pb, loc, plan, dot, A);
      if (plan.packedK > shape.K)
        zeroFill(pb, loc, A, kDim, shape.K);
    }
  };
  SmallVector<int64_t> kbShape(asTensor(first.getB().getType()).getShape());
  kbShape[groupDim] = packedK;
  auto bgType =
      MemRefType::get(groupedShape(kbShape, plan.group), plan.operand);
  auto packBsInto = [&](OpBuilder &pb, Value buffer) {
    int64_t groupsPerDot = plan.packedK / plan.group;
    for (auto [i, dot] : llvm::enumerate(llvm::to_vector(dots))) {
      Value Bg =
          sliceAlong(pb, loc, buffer, groupDim, i * groupsPerDot, groupsPerDot);
      packGroupedRowsInto(tl, pb, loc, dot.getB(), Bg, plan.group,
                          packed.columnSums, /*columnSumScale=*/-128);
      if (plan.packedK > shape.K)
        zeroFill(pb, loc, Bg, groupDim, shape.K / plan.group);
    }
  };
  // The AMX kernel's B may come packed already by an earlier program of
  // the thread (CachedTiles.cpp). The register-tile kernels reread their
  // packed B from L1, where a fresh packing leaves it; a cached copy would
  // come from L2, which cost them more than the packing saved
  // (docs/performance.md).
  auto packBs = [&](OpBuilder &pb) {
    std::optional<CachedTile> cached;
    if (plan.tiles && shape.rank == 2)
      cached = cachedBTile(tl, pb, loc, dots, bgType);
    if (!cached) {
      packed.Bg = tl.allocBuffer(loc, bgType.getShape(), plan.operand);
      packBsInto(pb, packed.Bg);
      return;
    }
    packed.Bg = cached->buffer;
    scf::IfOp::create(pb, loc, cached->needsPacking,
                      [&](OpBuilder &ib, Location) {
                        packBsInto(ib, packed.Bg);
                        scf::YieldOp::create(ib, loc);
                      });
  };
  // The tile kernel starts from zero tiles only when it takes all of K in
  // one pass; otherwise it loads its accumulators from `out`.
  bool onePass = plan.tiles && tileKernelTakesOnePass(*plan.tiles, packedK);
  auto initOut = [&] {
    return initAccumulator(tl, b, loc, first.getC(), out,
                           !plan.tiles || onePass);
  };
  // `operands`: `packed`, or the same with A where it lies.
  auto multiplyOperands = [&](OpBuilder &pb, const PackedDot &operands,
                              bool fromZero) {
    // The next iteration's operands are prefetched between register tiles
    // of the FMA and dot-product kernels, not between AMX tiles: there the
    // prefetches cost more than they save (docs/performance.md,
    // Measurements behind code choices). PrefetchNextIteration plans none
    // for dots on tiles when told the target's AMX; any left are dropped.
    auto prefetch = [&](OpBuilder &ib, Location l, Value tile, int64_t tiles) {
      for (tt::DotOp dot : dots)
        tl.emitOperandPrefetches(ib, l, dot.getD(), tile, tiles);
    };
    bool prefetches = !plan.tiles && llvm::any_of(dots, [&](tt::DotOp dot) {
      return tl.hasOperandPrefetches(dot.getD());
    });
    emitPlannedKernel(pb, loc, plan, shape, operands, out, packedK, fromZero,
                      prefetches ? RegisterTileHook(prefetch) : nullptr);
  };
  auto multiply = [&](OpBuilder &pb, bool fromZero) {
    multiplyOperands(pb, packed, fromZero);
  };
  // A can be read where it lies, when it needs no padding or conversion:
  // by AMX tiles, one part per dot, when the kernel takes all of K in one
  // pass; by the f32 FMA kernel (one dot), whose rows of A are broadcasts,
  // where packing them cost small blocks time and saved large ones none
  // (docs/performance.md, Measurements behind code choices).
  bool fmaKernel = !plan.tiles && !plan.instruction && dots.size() == 1;
  bool inPlaceA =
      (onePass || fmaKernel) && shape.rank == 2 && plan.packedK == shape.K &&
      llvm::all_of(dots, [&](tt::DotOp dot) {
        return asTensor(dot.getA().getType()).getElementType() == plan.operand;
      });
  if (!inPlaceA) {
    packAs(b);
    packBs(b);
    multiply(b, initOut());
    return;
  }
  packBs(b);
  bool fromZero = initOut();
  auto packAndMultiply = [&](OpBuilder &pb) {
    packAs(pb);
    multiply(pb, fromZero);
  };
  SmallVector<Value> as;
  for (tt::DotOp dot : dots)
    as.push_back(dot.getA());
  // Where every A's mask holds, the first copy of the nest may read them in
  // place; the other copy packs them.
  tl.emitMaskVersioned(
      b, loc, asTensor(first.getA().getType()).getShape(), as, {},
      [&](OpBuilder &vb) {
        SmallVector<Value> views;
        Value valid;
        for (Value a : as) {
          // A tile row of 64 bytes is one cache line only where rows
          // start on lines; elsewhere each tileloadd row reads two, and
          // packing A is faster (numpy's arrays often start 16 bytes past
          // a line; docs/performance.md). The FMA kernel broadcasts A's
          // elements one by one, so any address will do.
          std::optional<DirectView> view =
              directOperandView(tl, vb, loc, a, plan.tiles ? kTileRowBytes : 0);
          if (!view) {
            packAndMultiply(vb);
            return;
          }
          views.push_back(view->view);
          if (view->valid)
            valid = valid ? arith::AndIOp::create(vb, loc, valid, view->valid)
                                .getResult()
                          : view->valid;
        }
        auto multiplyInPlace = [&](OpBuilder &ib) {
          if (!plan.tiles) {
            PackedDot direct = packed;
            direct.A = views.front();
            multiplyOperands(ib, direct, fromZero);
            return;
          }
          emitTileMicroKernel(ib, loc, *plan.tiles, views, packed.Bg, out,
                              shape.rank, shape.batch, shape.M, shape.N,
                              packedK, fromZero);
        };
        if (!valid) {
          multiplyInPlace(vb);
          return;
        }
        scf::IfOp::create(
            vb, loc, valid,
            [&](OpBuilder &tb, Location) {
              multiplyInPlace(tb);
              scf::YieldOp::create(tb, loc);
            },
            [&](OpBuilder &eb, Location) {
              packAndMultiply(eb);
              scf::YieldOp::create(eb, loc);
            });
      });
}

bool dotRunsOnTiles(const Options &options, tt::DotOp dot) {
  std::optional<DotKernelPlan> plan = planDotKernel(options, dot);
  return plan && plan->tiles;
}

int64_t dotsPerTilePass(const Options &options, tt::DotOp dot) {
  std::optional<DotKernelPlan> plan = planDotKernel(options, dot);
  if (!plan || !plan->tiles)
    return 1;
  int64_t steps = plan->packedK / tileK(*plan->tiles);
  return std::max<int64_t>(1, kTileStepsPerPass / steps);
}

LogicalResult lowerDotChain(TileLowering &tl, OpBuilder &b,
                            ArrayRef<tt::DotOp> dots, Value out) {
  tt::DotOp first = dots.front();
  bool sameOperands = llvm::all_of(dots, [&](tt::DotOp dot) {
    return dot.getA().getType() == first.getA().getType() &&
           dot.getB().getType() == first.getB().getType();
  });
  std::optional<DotKernelPlan> plan = planDotKernel(tl.options, first);
  int64_t rank = DotShape(first).rank;
  if (sameOperands && plan && (rank == 2 || rank == 3)) {
    lowerPlannedDots(tl, b, dots, *plan, out);
    return success();
  }
  for (tt::DotOp dot : dots)
    if (failed(lowerDot(tl, b, dot, out)))
      return failure();
  return success();
}

LogicalResult lowerDot(TileLowering &tl, OpBuilder &b, Operation *op,
                       Value out) {
  auto dot = cast<tt::DotOp>(op);
  Location loc = op->getLoc();
  DotShape shape(dot);
  if (shape.rank != 2 && shape.rank != 3)
    return op->emitOpError("only 2-D and batched 3-D dots are supported");
  if (std::optional<DotKernelPlan> plan = planDotKernel(tl.options, dot)) {
    lowerPlannedDots(tl, b, dot, *plan, out);
    return success();
  }
  // Both operands packed once, converted to the accumulator type.
  Type acc = asTensor(dot.getD().getType()).getElementType();
  Value A = tl.allocBuffer(loc, asTensor(dot.getA().getType()).getShape(), acc);
  packOperandInto(tl, b, loc, dot.getA(), A);
  Value B = tl.allocBuffer(loc, asTensor(dot.getB().getType()).getShape(), acc);
  packOperandInto(tl, b, loc, dot.getB(), B);
  emitPackedDot(tl, b, loc, A, B, dot.getC(), out, shape.rank, shape.batch,
                shape.M, shape.N, shape.K);
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
  bool fromZero = initAccumulator(tl, b, loc, c, out, microKernel);
  if (microKernel) {
    emitMicroKernelDot(b, loc, A, B, out, rank, batch, M, N,
                       constantIndex(b, loc, K), MR, NR, fromZero);
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
