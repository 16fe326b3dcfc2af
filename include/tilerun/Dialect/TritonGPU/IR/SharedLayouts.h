//===- SharedLayouts.h - Physical placement in shared memory ----*- C++ -*-===//
//
// Where each element of a shared-memory tile lives, for every shared layout
// Triton defines. These functions are independent of MLIR attributes so that
// the verifier, the lowering and the unit tests share one definition.
//
// All offsets are in elements, relative to the start of one layout tile (one
// copy of the layout; multi-buffered descriptors place copies back to back).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_DIALECT_TRITONGPU_IR_SHAREDLAYOUTS_H
#define TILERUN_DIALECT_TRITONGPU_IR_SHAREDLAYOUTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>

namespace tilerun {
namespace shared {

/// #ttg.swizzled_shared<{vec, perPhase, maxPhase, order}> over `shape`.
struct SwizzledParams {
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
  llvm::SmallVector<unsigned> order; // fastest-varying dim first
};

/// #ttg.nvmma_shared<{swizzlingByteWidth, transposed, elementBitWidth}>.
struct NVMMAParams {
  unsigned swizzlingByteWidth = 0; // 0, 32, 64 or 128
  bool transposed = false;
  unsigned elementBitWidth = 16;
  bool fp4Padded = false;
};

/// #ttg.padded_shared<[interval:+pad, ...] {...}>: intervals and paddings in
/// elements, plus the linear component mapping logical index -> unpadded
/// offset (given as bases like #ttg.shared_linear).
struct PaddedParams {
  llvm::SmallVector<std::pair<unsigned, unsigned>> intervalPaddings;
  /// order-based identity when empty; otherwise linear bases over offsets.
  llvm::SmallVector<llvm::SmallVector<int64_t>> offsetBases;
  llvm::SmallVector<unsigned> order;
};

/// #ttg.shared_linear<{offset = [[...], ...]}>: basis vectors; bit i of the
/// offset selects basis i; the logical index is the XOR of selected bases.
struct LinearParams {
  llvm::SmallVector<llvm::SmallVector<int64_t>> offsetBases;
};

/// Element offset of logical index `idx` (one entry per dim of `shape`).
/// All functions return -1 for invalid input (index out of range, zero or
/// non-power-of-two sizes or parameters where the layout needs them, shapes
/// smaller than an NVMMA swizzle atom, non-invertible bases, ...).
///
/// - swizzled: col' = col ^ ((vec * ((row / perPhase) % maxPhase)) % numCols)
///   over dims (order[1], order[0]); order[2:] are plain outer strides;
///   rank 1 is the identity; an empty order means row-major.
/// - nvmma: Triton's definition: TMA boxes (each dim <= 256 elements, the
///   contiguous dim exactly one swizzle width) holding 8-row atoms with the
///   hardware 16-byte-chunk XOR swizzle; boxes stacked with dim0 fastest.
///   With fp4Padded (i8 elements, 2 x fp4) offsets count bytes including the
///   8 padding bytes after every 8 data bytes.
/// - padded: u = unpadded offset (row-major by `order`, or the inverse of
///   `offsetBases`), stored at u + sum_k (u / interval_k) * padding_k.
/// - linear: inverse of the bases; with zero (broadcast) bases each element
///   takes the lowest offset holding it.
int64_t swizzledOffset(const SwizzledParams &p, llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<int64_t> idx);
int64_t nvmmaOffset(const NVMMAParams &p, llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> idx);
int64_t paddedOffset(const PaddedParams &p, llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> idx);
/// shared_linear maps offsets to logical indices; this inverts it.
int64_t linearOffset(const LinearParams &p, llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> idx);

/// Number of elements one tile of the layout occupies in memory, padding
/// included: the storage-size factor of the reinterpret rule. NVMMA: the
/// element count (doubled for fp4Padded); padded: Triton's getPaddedSize (no
/// padding after the last element); linear: 2^(number of offset bases).
int64_t swizzledTileElements(const SwizzledParams &p,
                             llvm::ArrayRef<int64_t> shape);
int64_t nvmmaTileElements(const NVMMAParams &p, llvm::ArrayRef<int64_t> shape);
int64_t paddedTileElements(const PaddedParams &p,
                           llvm::ArrayRef<int64_t> shape);
int64_t linearTileElements(const LinearParams &p,
                           llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Any shared layout, offset tables and contiguity.
//===----------------------------------------------------------------------===//

/// One shared layout of any kind (only the member selected by `kind` is read).
struct SharedLayout {
  enum class Kind { Swizzled, NVMMA, Padded, Linear };
  Kind kind = Kind::Swizzled;
  SwizzledParams swizzled;
  NVMMAParams nvmma;
  PaddedParams padded;
  LinearParams linear;
};

int64_t sharedOffset(const SharedLayout &layout, llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> idx);
int64_t sharedTileElements(const SharedLayout &layout,
                           llvm::ArrayRef<int64_t> shape);

/// Maps a logical index to its element offset, or -1 on error.
using OffsetFn = llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)>;

/// Fills `table` so that table[i] is the offset of the element whose
/// row-major linear index (over `shape`) is i. Fails (returns false, `table`
/// cleared) when the shape is invalid, an offset is -1 or not below
/// `tileElements` (when tileElements >= 0), or two elements share an offset.
bool buildOffsetTable(llvm::ArrayRef<int64_t> shape, OffsetFn offsetOf,
                      llvm::SmallVectorImpl<int64_t> &table,
                      int64_t tileElements = -1);
/// Same for a layout; builds the layout's mapping once (fast for big tiles).
bool buildOffsetTable(const SharedLayout &layout, llvm::ArrayRef<int64_t> shape,
                      llvm::SmallVectorImpl<int64_t> &table);

/// Whether the elements of a box-shaped subslice (offsets `sliceOffsets`,
/// sizes `sliceSizes` within `shape`) occupy one contiguous range of offsets.
struct SubsliceContiguity {
  bool valid = false;      ///< false: bad arguments or the layout failed.
  bool contiguous = false; ///< offsets are exactly [base, base + count).
  int64_t base = -1;       ///< smallest offset used by the slice.
  int64_t span = 0;        ///< largest - smallest offset + 1.
  int64_t count = 0;       ///< number of elements in the slice.
  /// When valid && !contiguous: the dim whose partial extent splits the
  /// range (a dim sliced narrower than `shape` while a slower-varying dim of
  /// the slice still has extent > 1), or the dim whose step leaves the range
  /// when the layout itself scatters the slice. -1 otherwise.
  int breakingDim = -1;
};

SubsliceContiguity checkSubsliceContiguity(llvm::ArrayRef<int64_t> shape,
                                           llvm::ArrayRef<int64_t> sliceOffsets,
                                           llvm::ArrayRef<int64_t> sliceSizes,
                                           OffsetFn offsetOf);
SubsliceContiguity checkSubsliceContiguity(const SharedLayout &layout,
                                           llvm::ArrayRef<int64_t> shape,
                                           llvm::ArrayRef<int64_t> sliceOffsets,
                                           llvm::ArrayRef<int64_t> sliceSizes);

} // namespace shared
} // namespace tilerun

#endif // TILERUN_DIALECT_TRITONGPU_IR_SHAREDLAYOUTS_H
