//===- DotKernels.h - register-tiled matmul micro-kernels -------*- C++ -*-===//
//
// The inner kernels of tt.dot's lowering, on operands already packed into
// buffers: out += A * B for each MR x NR register tile of `out`, the
// accumulators in registers across K. DotLowering.cpp chooses the kernel
// and packs for it.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_CONVERSION_TRITONTOLOOPS_DOTKERNELS_H
#define TILERUN_LIB_CONVERSION_TRITONTOLOOPS_DOTKERNELS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <functional>

namespace tilerun {
namespace loops {

using mlir::Location;
using mlir::OpBuilder;
using mlir::Type;
using mlir::Value;

/// The index of element (row, col) of a [batch x] rows x cols buffer.
llvm::SmallVector<Value> matrixIndex(int64_t rank, Value batch, Value row,
                                     Value col);

/// A dot-product instruction: each of its `lanes` 32-bit accumulator lanes
/// adds the products of `group` adjacent pairs of narrow operands (32 bits
/// of each operand per lane).
struct DotProductInstruction {
  /// Element type of the packed operands, and of the accumulators.
  Type operand, accumulator;
  /// Products added per lane.
  int64_t group;
  /// Accumulator lanes of one instruction: 16 on 512-bit vectors, 8 on 256.
  int64_t lanes;
  /// acc + sum over each lane's group of a * b, on vectors of `lanes`
  /// accumulators and lanes * group operands.
  std::function<Value(OpBuilder &, Location, Value acc, Value a, Value b)>
      create;
};

/// AVX512-BF16's vdpbf16ps: two bf16 products per f32 lane.
DotProductInstruction bf16DotProduct(mlir::MLIRContext *ctx);
/// vpdpbusd: four products of an unsigned and a signed byte per i32 lane,
/// on 16 lanes (AVX512-VNNI) or 8 (AVX-VNNI).
DotProductInstruction int8DotProduct(mlir::MLIRContext *ctx, int64_t lanes);
/// vpmaddwd (AVX-512BW on 512-bit vectors, `lanes` 16; AVX2 on 256, 8):
/// two products of signed 16-bit words per i32 lane, then an add; int8
/// operands are widened to words as they are packed. Exact for them: a
/// lane's two products stay within i32.
DotProductInstruction int8WordPairProduct(mlir::MLIRContext *ctx,
                                          int64_t lanes);

/// Work a micro-kernel interleaves with its register (or AMX) tiles: called
/// before each, with the tile's linear index (an index value) and their count.
using RegisterTileHook =
    llvm::function_ref<void(OpBuilder &, Location, Value tile, int64_t tiles)>;

/// An AMX tile multiply (tdpbf16ps, tdpfp16ps, tdpbssd): a 16 x 16 tile of
/// accumulators += a 16-row tile of A (64 bytes of K per row) times a tile
/// of B packed in groups of `group` rows along K, as for the dot-product
/// instructions (16 groups per tile row, 16 columns of `group` operands).
struct TileInstruction {
  Type operand, accumulator;
  int64_t group;
};
/// AMX-BF16 (bf16 into f32), AMX-FP16 (f16 into f32), AMX-INT8 (signed
/// bytes into i32).
TileInstruction amxBF16Tiles(mlir::MLIRContext *ctx);
TileInstruction amxFP16Tiles(mlir::MLIRContext *ctx);
TileInstruction amxInt8Tiles(mlir::MLIRContext *ctx);
/// K elements one AMX tile row of A holds.
int64_t tileK(const TileInstruction &instr);
/// Tile steps of K multiplied between loading and storing the accumulator
/// tiles. The accumulators are not carried across loop iterations (an
/// `!amx.tile` block argument has no LLVM lowering), so the steps of one
/// pass are unrolled.
constexpr int64_t kTileStepsPerPass = 8;
/// Bytes of a row of an AMX operand tile (a cache line).
constexpr int64_t kTileRowBytes = 64;

/// Whether emitTileMicroKernel multiplies all of `K` in one pass over the
/// accumulator tiles, so that they can start from zero in registers.
bool tileKernelTakesOnePass(const TileInstruction &instr, int64_t K);

/// out += A * B on AMX tiles, with A ([batch x] M x K) as it is and B
/// packed in `instr.group` rows as for emitDotProductMicroKernel: blocks of
/// up to 2 x 2 accumulator tiles, each loaded from `out` (zeroed instead
/// when `fromZero`, which needs tileKernelTakesOnePass), multiplied over up
/// to kTileStepsPerPass tile steps of K and stored back. M and N must be
/// multiples of 16 and K of tileK(instr). A may come in several parts, each
/// an equal span of K (the dots of a chain, each read in place), when the
/// kernel takes all of K in one pass.
void emitTileMicroKernel(OpBuilder &b, Location loc,
                         const TileInstruction &instr, llvm::ArrayRef<Value> As,
                         Value Bg, Value out, int64_t rank, int64_t batch,
                         int64_t M, int64_t N, int64_t K, bool fromZero,
                         RegisterTileHook beforeTile = nullptr);

/// out += A * B on f32 buffers (A: [batch x] M x K, B: [batch x] K x N) for
/// `K` (an index) steps of K, MR x NR register tiles of vector FMAs.
void emitMicroKernelDot(OpBuilder &b, Location loc, Value A, Value B, Value out,
                        int64_t rank, int64_t batch, int64_t M, int64_t N,
                        Value K, int64_t MR, int64_t NR, bool fromZero,
                        RegisterTileHook beforeTile = nullptr);

/// out += A * B on `instr`, with B packed in groups of `instr.group` rows
/// along K, for `groups` (an index) such groups; `columnBias` ([batch x] N,
/// or null) is added to the accumulators' starting values.
void emitDotProductMicroKernel(OpBuilder &b, Location loc,
                               const DotProductInstruction &instr, Value A,
                               Value Bg, Value columnBias, Value out,
                               int64_t rank, int64_t batch, int64_t M,
                               int64_t N, Value groups, int64_t MR, int64_t NR,
                               bool fromZero,
                               RegisterTileHook beforeTile = nullptr);

/// out += A * B for a float accumulator narrower than f32, rounded where
/// the GPU's MMA instructions round it.
void emitNarrowAccumulatorDot(OpBuilder &b, Location loc, Value A, Value B,
                              Value out, int64_t rank, int64_t batch, int64_t M,
                              int64_t N, int64_t K);

} // namespace loops
} // namespace tilerun

#endif // TILERUN_LIB_CONVERSION_TRITONTOLOOPS_DOTKERNELS_H
