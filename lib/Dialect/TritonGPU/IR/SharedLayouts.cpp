//===- SharedLayouts.cpp - Physical placement in shared memory ------------===//
//
// Each Triton shared layout is defined by a linear map from the bits of the
// element offset to the logical index ("offset -> dimN" bases). Placing an
// element needs the inverse: logical index -> offset. Swizzled and padded
// layouts have closed forms; NVMMA and shared_linear layouts are built as
// bases and inverted over GF(2).
//
//===----------------------------------------------------------------------===//

#include "tilerun/Dialect/TritonGPU/IR/SharedLayouts.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>

using namespace tilerun;
using namespace tilerun::shared;
using llvm::ArrayRef;
using llvm::SmallVector;

namespace {

// Keep products and shifts far from int64 overflow.
constexpr int64_t kMaxElements = int64_t(1) << 40;
constexpr unsigned kMaxBits = 40;

bool isPow2(int64_t v) { return v > 0 && llvm::isPowerOf2_64(uint64_t(v)); }
unsigned log2Exact(int64_t v) { return llvm::Log2_64(uint64_t(v)); }

/// Number of elements of `shape`, or -1 if empty, non-positive or too big.
int64_t checkedProduct(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return -1;
  int64_t n = 1;
  for (int64_t s : shape) {
    if (s <= 0 || s > kMaxElements)
      return -1;
    n *= s;
    if (n > kMaxElements)
      return -1;
  }
  return n;
}

bool indexInShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> idx) {
  if (idx.size() != shape.size())
    return false;
  for (size_t d = 0; d < shape.size(); ++d)
    if (idx[d] < 0 || idx[d] >= shape[d])
      return false;
  return true;
}

/// `order` must be a permutation of [0, rank). Empty means the default
/// row-major order [rank-1, ..., 0].
std::optional<SmallVector<unsigned>> resolveOrder(ArrayRef<unsigned> order,
                                                  size_t rank) {
  SmallVector<unsigned> res;
  if (order.empty()) {
    for (size_t i = 0; i < rank; ++i)
      res.push_back(unsigned(rank - 1 - i));
    return res;
  }
  if (order.size() != rank)
    return std::nullopt;
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return std::nullopt;
    seen[d] = true;
  }
  res.assign(order.begin(), order.end());
  return res;
}

//===----------------------------------------------------------------------===//
// Bit layouts: offset bit i -> logical index bases[i] (XOR-combined).
//===----------------------------------------------------------------------===//

struct BitLayout {
  SmallVector<int64_t> outSizes;           // power-of-two size per logical dim
  SmallVector<SmallVector<int64_t>> bases; // one per offset bit

  size_t rank() const { return outSizes.size(); }
  SmallVector<int64_t> unit(size_t dim, int64_t v) const {
    SmallVector<int64_t> b(rank(), 0);
    b[dim] = v;
    return b;
  }
  /// Append bases so dim `dim` covers `size` (identity on the new bits).
  bool growTo(size_t dim, int64_t size) {
    if (!isPow2(size))
      return false;
    while (outSizes[dim] < size) {
      bases.push_back(unit(dim, outSizes[dim]));
      outSizes[dim] *= 2;
    }
    return true;
  }
};

/// Inverse of a bit layout whose nonzero bases form a basis of the logical
/// bit space. Offset bits with a zero basis (broadcast / padding) are left 0,
/// which picks the lowest of the offsets holding an element (Triton picks the
/// same representatives, e.g. the non-padding bytes of fp4Padded).
struct InverseLayout {
  SmallVector<int64_t> shape;
  SmallVector<unsigned> bitStart; // first logical bit of each dim
  SmallVector<uint64_t> offsetOfBit;
  unsigned numOffsetBits = 0;

  int64_t apply(ArrayRef<int64_t> idx) const {
    if (!indexInShape(shape, idx))
      return -1;
    uint64_t off = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      uint64_t v = uint64_t(idx[d]);
      for (unsigned k = 0; v; ++k, v >>= 1)
        if (v & 1)
          off ^= offsetOfBit[bitStart[d] + k];
    }
    return int64_t(off);
  }
};

std::optional<InverseLayout> invert(const BitLayout &ll) {
  size_t rank = ll.rank();
  InverseLayout inv;
  unsigned totalBits = 0;
  for (int64_t s : ll.outSizes) {
    if (!isPow2(s))
      return std::nullopt;
    inv.shape.push_back(s);
    inv.bitStart.push_back(totalBits);
    totalBits += log2Exact(s);
  }
  if (totalBits > kMaxBits || ll.bases.size() > kMaxBits)
    return std::nullopt;
  inv.numOffsetBits = unsigned(ll.bases.size());

  // Rows of the augmented system: (logical bits, offset mask).
  SmallVector<std::pair<uint64_t, uint64_t>> rows;
  for (size_t i = 0; i < ll.bases.size(); ++i) {
    const auto &b = ll.bases[i];
    if (b.size() != rank)
      return std::nullopt;
    uint64_t bits = 0;
    for (size_t d = 0; d < rank; ++d) {
      if (b[d] < 0 || b[d] >= ll.outSizes[d])
        return std::nullopt;
      bits |= uint64_t(b[d]) << inv.bitStart[d];
    }
    if (bits != 0)
      rows.push_back({bits, uint64_t(1) << i});
  }
  // Bijective after dropping zero bases: as many bases as logical bits...
  if (rows.size() != totalBits)
    return std::nullopt;
  // ...and independent (Gauss-Jordan elimination).
  for (unsigned bit = 0; bit < totalBits; ++bit) {
    size_t pivot = bit;
    while (pivot < rows.size() && !(rows[pivot].first >> bit & 1))
      ++pivot;
    if (pivot == rows.size())
      return std::nullopt;
    std::swap(rows[bit], rows[pivot]);
    for (size_t r = 0; r < rows.size(); ++r) {
      if (r != bit && (rows[r].first >> bit & 1)) {
        rows[r].first ^= rows[bit].first;
        rows[r].second ^= rows[bit].second;
      }
    }
  }
  for (unsigned bit = 0; bit < totalBits; ++bit)
    inv.offsetOfBit.push_back(rows[bit].second);
  return inv;
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

struct SwizzledPlan {
  SmallVector<int64_t> shape;
  SmallVector<unsigned> order;
  uint64_t colMask = 0; // numCols - 1 when swizzling, else all ones
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
};

std::optional<SwizzledPlan> planSwizzled(const SwizzledParams &p,
                                         ArrayRef<int64_t> shape) {
  if (checkedProduct(shape) < 0)
    return std::nullopt;
  for (unsigned v : {p.vec, p.perPhase, p.maxPhase})
    if (!isPow2(v))
      return std::nullopt;
  auto order = resolveOrder(p.order, shape.size());
  if (!order)
    return std::nullopt;
  SwizzledPlan plan;
  plan.shape.assign(shape.begin(), shape.end());
  plan.order = *order;
  plan.vec = p.vec;
  plan.perPhase = p.perPhase;
  plan.maxPhase = p.maxPhase;
  plan.colMask = ~uint64_t(0);
  if (shape.size() >= 2 && p.maxPhase > 1) {
    // The swizzle XORs the column with (vec * phase) % numCols; Triton's
    // linear layout only defines this for power-of-two column counts.
    int64_t numCols = shape[plan.order[0]];
    if (!isPow2(numCols))
      return std::nullopt;
    plan.colMask = uint64_t(numCols) - 1;
  }
  return plan;
}

int64_t swizzledApply(const SwizzledPlan &plan, ArrayRef<int64_t> idx) {
  if (!indexInShape(plan.shape, idx))
    return -1;
  size_t rank = plan.shape.size();
  if (rank == 1)
    return idx[0];
  unsigned c = plan.order[0], r = plan.order[1];
  uint64_t row = uint64_t(idx[r]), col = uint64_t(idx[c]);
  uint64_t phase = (row / plan.perPhase) % plan.maxPhase;
  uint64_t swz = (uint64_t(plan.vec) * phase) & plan.colMask;
  int64_t colSwz = int64_t(col ^ swz);
  // Outer dims order[2:] are plain strides, order[2] varying fastest.
  int64_t outer = 0;
  for (size_t i = rank; i-- > 2;) {
    unsigned d = plan.order[i];
    outer = outer * plan.shape[d] + idx[d];
  }
  return (outer * plan.shape[r] + int64_t(row)) * plan.shape[c] + colSwz;
}

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

/// Builds Triton's offset -> logical map for an NVMMA layout: the tensor is
/// cut into TMA boxes (each dim at most 256, the contiguous dim exactly one
/// swizzle width); inside a box the rows of swizzlingByteWidth bytes follow
/// the hardware XOR swizzle on 16-byte chunks; boxes follow each other with
/// dim0 varying fastest.
std::optional<BitLayout> buildNVMMA(const NVMMAParams &p,
                                    ArrayRef<int64_t> shape) {
  const int64_t rank = int64_t(shape.size());
  if (checkedProduct(shape) < 0)
    return std::nullopt;
  for (int64_t s : shape)
    if (!isPow2(s))
      return std::nullopt;
  unsigned swz = p.swizzlingByteWidth, ebw = p.elementBitWidth;
  if (swz != 0 && swz != 32 && swz != 64 && swz != 128)
    return std::nullopt;
  if (!isPow2(ebw) || ebw > 128)
    return std::nullopt;
  // fp4Padded (.b4x16_p64): 8 bytes of packed fp4 then 8 bytes of padding.
  // Only meaningful with a swizzled layout of byte-sized (i8) elements.
  if (p.fp4Padded && (swz == 0 || ebw != 8))
    return std::nullopt;

  // TMA block shape (packed units).
  SmallVector<int64_t> tma(shape.begin(), shape.end());
  int64_t contig = p.transposed ? 0 : rank - 1;
  if (p.fp4Padded)
    tma[contig] *= 2;
  for (auto &s : tma)
    s = std::min<int64_t>(s, 256);
  if (swz != 0) {
    int64_t contigSize = int64_t(8) * swz / ebw;
    if (contigSize < 1 || tma[contig] < contigSize)
      return std::nullopt;
    tma[contig] = contigSize;
  }
  if (p.fp4Padded)
    tma[contig] /= 2;

  BitLayout ll;
  ll.outSizes.assign(rank, 1);
  if (swz == 0) {
    // No swizzle: row-major inside the box (last dim fastest), whatever
    // `transposed` says.
    for (int64_t d = rank - 1; d >= 0; --d)
      if (!ll.growTo(d, tma[d]))
        return std::nullopt;
  } else {
    if (rank < 2)
      return std::nullopt;
    // Collapse the box to 2D [rows, cols].
    int64_t collapsed[2] = {1, tma[rank - 1]};
    for (int64_t i = 0; i + 1 < rank; ++i)
      collapsed[0] *= tma[i];
    if (p.transposed)
      std::swap(collapsed[0], collapsed[1]);

    // One swizzle atom: 8 rows of swizzlingByteWidth bytes.
    int64_t vec = 128 / ebw, perPhase = 128 / swz, maxPhase = swz / 16;
    int64_t tileRows = 8, tileCols = int64_t(8) * swz / ebw;
    int64_t packing = p.fp4Padded ? 2 : 1;
    auto pack = [&](int64_t col) {
      return p.fp4Padded ? col / 16 * 8 + col % 8 : col;
    };
    if (collapsed[1] * packing < tileCols || collapsed[0] < tileRows)
      return std::nullopt;
    BitLayout tile;
    tile.outSizes = {tileRows, tileCols / packing};
    for (int64_t col = 1; col < tileCols; col *= 2)
      tile.bases.push_back({0, pack(col)});
    for (int64_t row = 1; row < tileRows; row *= 2)
      tile.bases.push_back({row, pack(vec * ((row / perPhase) % maxPhase))});
    // Rows of the box, then (transposed rank > 2 only) extra columns.
    if (!tile.growTo(0, collapsed[0]) || !tile.growTo(1, collapsed[1]))
      return std::nullopt;
    if (tile.outSizes[0] != collapsed[0] || tile.outSizes[1] != collapsed[1])
      return std::nullopt;

    // Reshape the 2D box row-major into the (pre-transposed) N-D box.
    SmallVector<int64_t> boxShape(tma.begin(), tma.end());
    if (p.transposed)
      std::rotate(boxShape.begin(), boxShape.begin() + 1, boxShape.end());
    unsigned colBits = log2Exact(collapsed[1]);
    SmallVector<unsigned> shiftOf(rank, 0);
    for (int64_t d = rank - 1, sh = 0; d >= 0; --d) {
      shiftOf[d] = unsigned(sh);
      sh += log2Exact(boxShape[d]);
    }
    SmallVector<SmallVector<int64_t>> nd;
    for (const auto &b : tile.bases) {
      uint64_t flat = (uint64_t(b[0]) << colBits) | uint64_t(b[1]);
      SmallVector<int64_t> v(rank);
      for (int64_t d = 0; d < rank; ++d)
        v[d] = int64_t((flat >> shiftOf[d]) & uint64_t(boxShape[d] - 1));
      nd.push_back(std::move(v));
    }
    // Undo the transposition: logical dim0 is the box's last dim.
    if (p.transposed) {
      for (auto &v : nd)
        std::rotate(v.begin(), v.end() - 1, v.end());
    }
    ll.bases = std::move(nd);
    for (int64_t d = 0; d < rank; ++d)
      ll.outSizes[d] = tma[d];
  }
  // Repeat the box over the tile, dim0 first.
  for (int64_t d = 0; d < rank; ++d)
    if (!ll.growTo(d, shape[d]))
      return std::nullopt;
  for (int64_t d = 0; d < rank; ++d)
    if (ll.outSizes[d] != shape[d])
      return std::nullopt;
  return ll;
}

std::optional<InverseLayout> planNVMMA(const NVMMAParams &p,
                                       ArrayRef<int64_t> shape) {
  auto ll = buildNVMMA(p, shape);
  if (!ll)
    return std::nullopt;
  return invert(*ll);
}

//===----------------------------------------------------------------------===//
// shared_linear
//===----------------------------------------------------------------------===//

std::optional<BitLayout>
bitLayoutFromBases(ArrayRef<SmallVector<int64_t>> bases,
                   ArrayRef<int64_t> shape) {
  if (checkedProduct(shape) < 0)
    return std::nullopt;
  BitLayout ll;
  for (int64_t s : shape) {
    if (!isPow2(s))
      return std::nullopt;
    ll.outSizes.push_back(s);
  }
  for (const auto &b : bases) {
    if (b.size() != shape.size())
      return std::nullopt;
    ll.bases.push_back(b);
  }
  return ll;
}

std::optional<InverseLayout> planLinear(const LinearParams &p,
                                        ArrayRef<int64_t> shape) {
  auto ll = bitLayoutFromBases(p.offsetBases, shape);
  if (!ll)
    return std::nullopt;
  return invert(*ll);
}

//===----------------------------------------------------------------------===//
// padded_shared
//===----------------------------------------------------------------------===//

struct PaddedPlan {
  SmallVector<int64_t> shape;
  SmallVector<unsigned> order;         // identity component
  std::optional<InverseLayout> linear; // or explicit bases
  SmallVector<std::pair<unsigned, unsigned>> logIntervalPadding;
  int64_t numElements = 0;
};

std::optional<PaddedPlan> planPadded(const PaddedParams &p,
                                     ArrayRef<int64_t> shape) {
  PaddedPlan plan;
  plan.numElements = checkedProduct(shape);
  if (plan.numElements < 0 || p.intervalPaddings.empty())
    return std::nullopt;
  llvm::SmallDenseSet<unsigned> intervals;
  for (auto [interval, padding] : p.intervalPaddings) {
    if (!isPow2(interval) || !isPow2(padding) ||
        !intervals.insert(interval).second)
      return std::nullopt;
    plan.logIntervalPadding.push_back(
        {log2Exact(interval), log2Exact(padding)});
  }
  plan.shape.assign(shape.begin(), shape.end());
  if (p.offsetBases.empty()) {
    auto order = resolveOrder(p.order, shape.size());
    if (!order)
      return std::nullopt;
    plan.order = *order;
  } else {
    // Triton's verifier: each basis moves one dim by a power of two, and the
    // linear component is a bijection (no broadcasting).
    for (const auto &b : p.offsetBases) {
      int nonZero = 0;
      for (int64_t v : b) {
        if (v != 0 && !isPow2(v))
          return std::nullopt;
        nonZero += v != 0;
      }
      if (nonZero != 1)
        return std::nullopt;
    }
    auto ll = bitLayoutFromBases(p.offsetBases, shape);
    if (!ll)
      return std::nullopt;
    plan.linear = invert(*ll);
    if (!plan.linear || plan.linear->numOffsetBits != ll->bases.size())
      return std::nullopt;
  }
  return plan;
}

int64_t paddedApply(const PaddedPlan &plan, ArrayRef<int64_t> idx) {
  if (!indexInShape(plan.shape, idx))
    return -1;
  int64_t u = 0;
  if (plan.linear) {
    u = plan.linear->apply(idx);
    if (u < 0)
      return -1;
  } else {
    for (size_t i = plan.order.size(); i-- > 0;) {
      unsigned d = plan.order[i];
      u = u * plan.shape[d] + idx[d];
    }
  }
  int64_t off = u;
  for (auto [logInterval, logPadding] : plan.logIntervalPadding)
    off += (u >> logInterval) << logPadding;
  return off;
}

//===----------------------------------------------------------------------===//
// Dispatch helpers.
//===----------------------------------------------------------------------===//

/// A ready-to-apply mapping for a whole tile.
struct Plan {
  std::optional<SwizzledPlan> swizzled;
  std::optional<InverseLayout> inverse;
  std::optional<PaddedPlan> padded;
  int64_t apply(ArrayRef<int64_t> idx) const {
    if (swizzled)
      return swizzledApply(*swizzled, idx);
    if (inverse)
      return inverse->apply(idx);
    if (padded)
      return paddedApply(*padded, idx);
    return -1;
  }
  bool ok() const { return swizzled || inverse || padded; }
};

Plan makePlan(const SharedLayout &l, ArrayRef<int64_t> shape) {
  Plan plan;
  switch (l.kind) {
  case SharedLayout::Kind::Swizzled:
    plan.swizzled = planSwizzled(l.swizzled, shape);
    break;
  case SharedLayout::Kind::NVMMA:
    plan.inverse = planNVMMA(l.nvmma, shape);
    break;
  case SharedLayout::Kind::Padded:
    plan.padded = planPadded(l.padded, shape);
    break;
  case SharedLayout::Kind::Linear:
    plan.inverse = planLinear(l.linear, shape);
    break;
  }
  return plan;
}

/// Calls fn(idx) for every index of the box [offsets, offsets + sizes) in
/// row-major order; stops early when fn returns false.
template <typename Fn>
bool forEachInBox(ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes, Fn fn) {
  size_t rank = sizes.size();
  SmallVector<int64_t> idx(offsets.begin(), offsets.end());
  for (int64_t s : sizes)
    if (s <= 0)
      return true;
  while (true) {
    if (!fn(ArrayRef<int64_t>(idx)))
      return false;
    size_t d = rank;
    while (d > 0) {
      --d;
      if (++idx[d] < offsets[d] + sizes[d])
        break;
      idx[d] = offsets[d];
      if (d == 0)
        return true;
    }
    if (rank == 0)
      return true;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API.
//===----------------------------------------------------------------------===//

int64_t shared::swizzledOffset(const SwizzledParams &p, ArrayRef<int64_t> shape,
                               ArrayRef<int64_t> idx) {
  auto plan = planSwizzled(p, shape);
  return plan ? swizzledApply(*plan, idx) : -1;
}

int64_t shared::nvmmaOffset(const NVMMAParams &p, ArrayRef<int64_t> shape,
                            ArrayRef<int64_t> idx) {
  auto plan = planNVMMA(p, shape);
  return plan ? plan->apply(idx) : -1;
}

int64_t shared::paddedOffset(const PaddedParams &p, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> idx) {
  auto plan = planPadded(p, shape);
  return plan ? paddedApply(*plan, idx) : -1;
}

int64_t shared::linearOffset(const LinearParams &p, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> idx) {
  auto plan = planLinear(p, shape);
  return plan ? plan->apply(idx) : -1;
}

int64_t shared::swizzledTileElements(const SwizzledParams &p,
                                     ArrayRef<int64_t> shape) {
  if (!planSwizzled(p, shape))
    return -1;
  return checkedProduct(shape);
}

int64_t shared::nvmmaTileElements(const NVMMAParams &p,
                                  ArrayRef<int64_t> shape) {
  auto ll = buildNVMMA(p, shape);
  if (!ll || !invert(*ll))
    return -1;
  // One offset bit per basis; fp4Padded's padding bits included (the
  // allocation doubles the packed dim).
  return int64_t(1) << ll->bases.size();
}

int64_t shared::paddedTileElements(const PaddedParams &p,
                                   ArrayRef<int64_t> shape) {
  auto plan = planPadded(p, shape);
  if (!plan)
    return -1;
  // Triton's getPaddedSize: no padding after the last element.
  int64_t n = plan->numElements;
  int64_t total = n;
  for (auto [logInterval, logPadding] : plan->logIntervalPadding) {
    total += (n >> logInterval) << logPadding;
    if ((n & ((int64_t(1) << logInterval) - 1)) == 0)
      total -= int64_t(1) << logPadding;
  }
  return total;
}

int64_t shared::linearTileElements(const LinearParams &p,
                                   ArrayRef<int64_t> shape) {
  auto plan = planLinear(p, shape);
  if (!plan)
    return -1;
  // Every offset the layout addresses, broadcast copies included.
  return int64_t(1) << plan->numOffsetBits;
}

int64_t shared::sharedOffset(const SharedLayout &l, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> idx) {
  switch (l.kind) {
  case SharedLayout::Kind::Swizzled:
    return swizzledOffset(l.swizzled, shape, idx);
  case SharedLayout::Kind::NVMMA:
    return nvmmaOffset(l.nvmma, shape, idx);
  case SharedLayout::Kind::Padded:
    return paddedOffset(l.padded, shape, idx);
  case SharedLayout::Kind::Linear:
    return linearOffset(l.linear, shape, idx);
  }
  return -1;
}

int64_t shared::sharedTileElements(const SharedLayout &l,
                                   ArrayRef<int64_t> shape) {
  switch (l.kind) {
  case SharedLayout::Kind::Swizzled:
    return swizzledTileElements(l.swizzled, shape);
  case SharedLayout::Kind::NVMMA:
    return nvmmaTileElements(l.nvmma, shape);
  case SharedLayout::Kind::Padded:
    return paddedTileElements(l.padded, shape);
  case SharedLayout::Kind::Linear:
    return linearTileElements(l.linear, shape);
  }
  return -1;
}

bool shared::buildOffsetTable(ArrayRef<int64_t> shape, OffsetFn offsetOf,
                              llvm::SmallVectorImpl<int64_t> &table,
                              int64_t tileElements) {
  table.clear();
  int64_t n = checkedProduct(shape);
  if (n < 0)
    return false;
  table.reserve(n);
  llvm::DenseSet<int64_t> seen;
  SmallVector<int64_t> zeros(shape.size(), 0);
  bool ok = forEachInBox(zeros, shape, [&](ArrayRef<int64_t> idx) {
    int64_t off = offsetOf(idx);
    if (off < 0 || (tileElements >= 0 && off >= tileElements) ||
        !seen.insert(off).second)
      return false;
    table.push_back(off);
    return true;
  });
  if (!ok || int64_t(table.size()) != n) {
    table.clear();
    return false;
  }
  return true;
}

bool shared::buildOffsetTable(const SharedLayout &layout,
                              ArrayRef<int64_t> shape,
                              llvm::SmallVectorImpl<int64_t> &table) {
  table.clear();
  Plan plan = makePlan(layout, shape);
  int64_t tile = sharedTileElements(layout, shape);
  if (!plan.ok() || tile < 0)
    return false;
  return buildOffsetTable(
      shape, [&](ArrayRef<int64_t> idx) { return plan.apply(idx); }, table,
      tile);
}

namespace {
/// Smallest offset, span and density of the offsets of a box.
struct BoxStats {
  bool ok = false, dense = false;
  int64_t lo = 0, hi = -1, count = 0;
};

BoxStats boxStats(ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                  OffsetFn offsetOf) {
  BoxStats st;
  SmallVector<int64_t> offs;
  bool ok = forEachInBox(offsets, sizes, [&](ArrayRef<int64_t> idx) {
    int64_t o = offsetOf(idx);
    if (o < 0)
      return false;
    offs.push_back(o);
    return true;
  });
  if (!ok || offs.empty())
    return st;
  llvm::sort(offs);
  st.ok = true;
  st.count = int64_t(offs.size());
  st.lo = offs.front();
  st.hi = offs.back();
  bool distinct = std::adjacent_find(offs.begin(), offs.end()) == offs.end();
  st.dense = distinct && st.hi - st.lo + 1 == st.count;
  return st;
}
} // namespace

SubsliceContiguity shared::checkSubsliceContiguity(
    ArrayRef<int64_t> shape, ArrayRef<int64_t> sliceOffsets,
    ArrayRef<int64_t> sliceSizes, OffsetFn offsetOf) {
  SubsliceContiguity res;
  size_t rank = shape.size();
  if (checkedProduct(shape) < 0 || sliceOffsets.size() != rank ||
      sliceSizes.size() != rank)
    return res;
  for (size_t d = 0; d < rank; ++d)
    if (sliceSizes[d] <= 0 || sliceOffsets[d] < 0 ||
        sliceOffsets[d] + sliceSizes[d] > shape[d])
      return res;

  BoxStats full = boxStats(sliceOffsets, sliceSizes, offsetOf);
  if (!full.ok)
    return res;
  res.valid = true;
  res.base = full.lo;
  res.span = full.hi - full.lo + 1;
  res.count = full.count;
  res.contiguous = full.dense;
  if (full.dense)
    return res;

  // Find the culprit: grow the box from its origin one dim at a time, the
  // dim with the smallest offset step first. The first growth that leaves a
  // dense range is blamed on the last partially sliced dim grown before it
  // (the slice cuts that dim while a slower dim repeats it); if every dim
  // grown so far was full, the growing dim itself scatters the slice.
  int64_t origin = offsetOf(sliceOffsets);
  SmallVector<std::pair<int64_t, int>> steps;
  for (size_t d = 0; d < rank; ++d) {
    if (sliceSizes[d] == 1)
      continue;
    SmallVector<int64_t> next(sliceOffsets.begin(), sliceOffsets.end());
    ++next[d];
    int64_t o = offsetOf(next);
    steps.push_back({o < 0 ? INT64_MAX : std::abs(o - origin), -int(d)});
  }
  llvm::sort(steps);
  SmallVector<int64_t> sizes(rank, 1);
  int lastPartial = -1;
  for (auto [step, negDim] : steps) {
    int d = -negDim;
    sizes[d] = sliceSizes[d];
    BoxStats st = boxStats(sliceOffsets, sizes, offsetOf);
    if (!st.ok || !st.dense) {
      res.breakingDim = lastPartial >= 0 ? lastPartial : d;
      return res;
    }
    if (sliceSizes[d] < shape[d])
      lastPartial = d;
  }
  // Unreachable for a non-dense box (its last growth is the full box).
  res.breakingDim = lastPartial;
  return res;
}

SubsliceContiguity shared::checkSubsliceContiguity(
    const SharedLayout &layout, ArrayRef<int64_t> shape,
    ArrayRef<int64_t> sliceOffsets, ArrayRef<int64_t> sliceSizes) {
  Plan plan = makePlan(layout, shape);
  if (!plan.ok())
    return SubsliceContiguity();
  return checkSubsliceContiguity(
      shape, sliceOffsets, sliceSizes,
      [&](ArrayRef<int64_t> idx) { return plan.apply(idx); });
}
