//===- SharedLayoutsTest.cpp - Shared-memory placement tests --------------===//
//
// Expected tables come from gen_shared_tables.py, which derives them from the
// layout definitions (Triton's offset->index bases, the PTX swizzle modes on
// byte addresses, the padding formula) without using the code under test.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Dialect/TritonGPU/IR/SharedLayouts.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

using namespace tilerun::shared;

namespace {

struct SharedLayoutCase {
  const char *name;
  SharedLayout::Kind kind;
  // Swizzled: vec, perPhase, maxPhase. NVMMA: swizzlingByteWidth,
  // transposed, elementBitWidth, fp4Padded.
  std::vector<unsigned> params;
  std::vector<unsigned> order;
  std::vector<std::pair<unsigned, unsigned>> intervalPaddings;
  std::vector<std::vector<int64_t>> bases;
  std::vector<int64_t> shape;
  int64_t tileElements;
  uint64_t hash; // FNV-1a-64 style hash of the full row-major table
  std::vector<int64_t> table;                       // full table, small cases
  std::vector<std::pair<int64_t, int64_t>> samples; // (row-major index, offset)
};

// gtest prints parameters on failure; show the case name, not raw bytes.
void PrintTo(const SharedLayoutCase &c, std::ostream *os) { *os << c.name; }

#include "SharedLayoutTables.inc"

llvm::SmallVector<llvm::SmallVector<int64_t>>
toBases(const std::vector<std::vector<int64_t>> &bases) {
  llvm::SmallVector<llvm::SmallVector<int64_t>> res;
  for (const auto &b : bases)
    res.emplace_back(b.begin(), b.end());
  return res;
}

SharedLayout layoutOf(const SharedLayoutCase &c) {
  SharedLayout l;
  l.kind = c.kind;
  switch (c.kind) {
  case SharedLayout::Kind::Swizzled:
    l.swizzled.vec = c.params[0];
    l.swizzled.perPhase = c.params[1];
    l.swizzled.maxPhase = c.params[2];
    l.swizzled.order.assign(c.order.begin(), c.order.end());
    break;
  case SharedLayout::Kind::NVMMA:
    l.nvmma.swizzlingByteWidth = c.params[0];
    l.nvmma.transposed = c.params[1] != 0;
    l.nvmma.elementBitWidth = c.params[2];
    l.nvmma.fp4Padded = c.params[3] != 0;
    break;
  case SharedLayout::Kind::Padded:
    l.padded.intervalPaddings.assign(c.intervalPaddings.begin(),
                                     c.intervalPaddings.end());
    l.padded.offsetBases = toBases(c.bases);
    l.padded.order.assign(c.order.begin(), c.order.end());
    break;
  case SharedLayout::Kind::Linear:
    l.linear.offsetBases = toBases(c.bases);
    break;
  }
  return l;
}

std::vector<int64_t> unflatten(int64_t linear, llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = linear % shape[d];
    linear /= shape[d];
  }
  return idx;
}

uint64_t fnv(llvm::ArrayRef<int64_t> values) {
  uint64_t h = 1469598103934665603ULL;
  for (int64_t v : values)
    h = (h ^ uint64_t(v)) * 1099511628211ULL;
  return h;
}

// The per-kind entry point, to test the API as declared.
int64_t kindOffset(const SharedLayout &l, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<int64_t> idx) {
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
  return -2;
}

int64_t kindTileElements(const SharedLayout &l, llvm::ArrayRef<int64_t> shape) {
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
  return -2;
}

//===----------------------------------------------------------------------===//
// Generated tables.
//===----------------------------------------------------------------------===//

class GeneratedTable : public ::testing::TestWithParam<SharedLayoutCase> {};

TEST_P(GeneratedTable, MatchesDefinition) {
  const SharedLayoutCase &c = GetParam();
  SharedLayout l = layoutOf(c);
  llvm::ArrayRef<int64_t> shape(c.shape);

  EXPECT_EQ(kindTileElements(l, shape), c.tileElements);
  EXPECT_EQ(sharedTileElements(l, shape), c.tileElements);

  llvm::SmallVector<int64_t> table;
  ASSERT_TRUE(buildOffsetTable(l, shape, table));
  EXPECT_EQ(fnv(table), c.hash);
  if (!c.table.empty()) {
    ASSERT_EQ(table.size(), c.table.size());
    for (size_t i = 0; i < c.table.size(); ++i) {
      std::vector<int64_t> idx = unflatten(int64_t(i), shape);
      ASSERT_EQ(kindOffset(l, shape, idx), c.table[i]) << "element " << i;
      ASSERT_EQ(table[i], c.table[i]) << "element " << i;
    }
  }
  for (auto [linear, offset] : c.samples) {
    std::vector<int64_t> idx = unflatten(linear, shape);
    EXPECT_EQ(kindOffset(l, shape, idx), offset) << "element " << linear;
    EXPECT_EQ(table[linear], offset) << "element " << linear;
  }
}

INSTANTIATE_TEST_SUITE_P(
    SharedLayouts, GeneratedTable, ::testing::ValuesIn(kSharedLayoutCases),
    [](const ::testing::TestParamInfo<SharedLayoutCase> &info) {
      return std::string(info.param.name);
    });

//===----------------------------------------------------------------------===//
// Hand-derived spot checks.
//===----------------------------------------------------------------------===//

SwizzledParams swizzledParams(unsigned vec, unsigned perPhase,
                              unsigned maxPhase, std::vector<unsigned> order) {
  SwizzledParams p;
  p.vec = vec;
  p.perPhase = perPhase;
  p.maxPhase = maxPhase;
  p.order.assign(order.begin(), order.end());
  return p;
}

TEST(SwizzledShared, HandDerived) {
  // vec=2, perPhase=1, maxPhase=4, row-major 8x8:
  // row 3: phase 3, col 1 -> ((1/2) ^ 3) * 2 + 1 % 2 = 7 -> 3*8 + 7 = 31.
  auto p = swizzledParams(2, 1, 4, {1, 0});
  EXPECT_EQ(swizzledOffset(p, {8, 8}, {3, 1}), 31);
  // row 5: phase 1, col 6 -> (3 ^ 1) * 2 = 4 -> 40 + 4 = 44.
  EXPECT_EQ(swizzledOffset(p, {8, 8}, {5, 6}), 44);
  // Column-major (order [0,1]): dim0 is the column. Element (6, 5) is column
  // 6 of row 5 -> 5*8 + 4 = 44 as well.
  auto q = swizzledParams(2, 1, 4, {0, 1});
  EXPECT_EQ(swizzledOffset(q, {8, 8}, {6, 5}), 44);
  // vec*maxPhase (8*8 = 64) > numCols (16): Triton reduces the XOR mask
  // modulo numCols: row 3 -> (8*3) % 16 = 8, so col 1 -> 9: 3*16 + 9 = 57.
  auto w = swizzledParams(8, 1, 8, {1, 0});
  EXPECT_EQ(swizzledOffset(w, {16, 16}, {3, 1}), 57);
  // Row 2 -> (8*2) % 16 = 0: unswizzled.
  EXPECT_EQ(swizzledOffset(w, {16, 16}, {2, 5}), 37);
  // Rank 1 ignores the swizzle.
  EXPECT_EQ(swizzledOffset(swizzledParams(4, 1, 8, {0}), {32}, {17}), 17);
  // Rank 3, order [2,1,0]: dim0 is a plain outer stride of 8*8.
  EXPECT_EQ(
      swizzledOffset(swizzledParams(2, 1, 4, {2, 1, 0}), {2, 8, 8}, {1, 3, 1}),
      64 + 31);
  EXPECT_EQ(swizzledTileElements(p, {8, 8}), 64);
  EXPECT_EQ(
      swizzledTileElements(swizzledParams(2, 2, 4, {2, 1, 0}), {3, 8, 16}),
      3 * 8 * 16);
  // Empty order means row-major.
  EXPECT_EQ(swizzledOffset(swizzledParams(2, 1, 4, {}), {8, 8}, {3, 1}), 31);
}

TEST(SwizzledShared, InvalidInputs) {
  auto p = swizzledParams(2, 1, 4, {1, 0});
  EXPECT_EQ(swizzledOffset(p, {8, 8}, {8, 0}), -1);  // out of range
  EXPECT_EQ(swizzledOffset(p, {8, 8}, {-1, 0}), -1); // negative
  EXPECT_EQ(swizzledOffset(p, {8, 8}, {1}), -1);     // rank mismatch
  EXPECT_EQ(swizzledOffset(p, {8, 0}, {0, 0}), -1);  // zero dim
  EXPECT_EQ(swizzledOffset(p, {}, {}), -1);          // no dims
  EXPECT_EQ(swizzledOffset(p, {8, 12}, {0, 0}), -1); // swizzled non-pow2 cols
  EXPECT_EQ(swizzledOffset(swizzledParams(0, 1, 4, {1, 0}), {8, 8}, {0, 0}),
            -1);
  EXPECT_EQ(swizzledOffset(swizzledParams(3, 1, 4, {1, 0}), {8, 8}, {0, 0}),
            -1);
  EXPECT_EQ(swizzledOffset(swizzledParams(2, 0, 4, {1, 0}), {8, 8}, {0, 0}),
            -1);
  EXPECT_EQ(swizzledOffset(swizzledParams(2, 1, 6, {1, 0}), {8, 8}, {0, 0}),
            -1);
  EXPECT_EQ(swizzledOffset(swizzledParams(2, 1, 4, {1, 1}), {8, 8}, {0, 0}),
            -1);
  EXPECT_EQ(swizzledOffset(swizzledParams(2, 1, 4, {0}), {8, 8}, {0, 0}), -1);
  EXPECT_EQ(swizzledTileElements(swizzledParams(2, 1, 4, {2, 0}), {8, 8}), -1);
  // Unswizzled layouts accept any sizes.
  EXPECT_EQ(swizzledOffset(swizzledParams(1, 1, 1, {1, 0}), {3, 5}, {2, 4}),
            14);
}

NVMMAParams nvmmaParams(unsigned swz, bool transposed, unsigned ebw,
                        bool fp4 = false) {
  NVMMAParams p;
  p.swizzlingByteWidth = swz;
  p.transposed = transposed;
  p.elementBitWidth = ebw;
  p.fp4Padded = fp4;
  return p;
}

TEST(NVMMAShared, HandDerived) {
  // 128B swizzle, fp16: rows of 64 elements, 16-byte chunks of 8 elements;
  // chunk' = chunk ^ (row % 8). Element (1, 0): chunk 0 -> 1: 64 + 8 = 72.
  auto p = nvmmaParams(128, false, 16);
  EXPECT_EQ(nvmmaOffset(p, {8, 64}, {1, 0}), 72);
  // (7, 63): chunk 7 ^ 7 = 0, lane 7 -> 7*64 + 7.
  EXPECT_EQ(nvmmaOffset(p, {8, 64}, {7, 63}), 7 * 64 + 7);
  // A 64x128 tile is two 64x64 TMA boxes side by side in memory: column 64
  // starts the second box at 64*64.
  EXPECT_EQ(nvmmaOffset(p, {64, 128}, {0, 64}), 4096);
  EXPECT_EQ(nvmmaOffset(p, {64, 128}, {9, 64}), 4096 + 9 * 64 + 8);
  // 64B swizzle, fp32: rows of 16 elements, chunk' = chunk ^ ((row/2) % 4).
  // (2, 0): chunk 0 ^ 1 -> element 4 of row 2 -> 36.
  auto q = nvmmaParams(64, false, 32);
  EXPECT_EQ(nvmmaOffset(q, {8, 16}, {2, 0}), 36);
  // 32B swizzle, fp8: rows of 32 elements, chunk' = chunk ^ ((row/4) % 2).
  auto r = nvmmaParams(32, false, 8);
  EXPECT_EQ(nvmmaOffset(r, {8, 32}, {4, 0}), 4 * 32 + 16);
  EXPECT_EQ(nvmmaOffset(r, {8, 32}, {3, 0}), 3 * 32);
  // Transposed: dim0 is contiguous. (0, 1) is the first element of the
  // second row of the atom: 64 + (0 ^ 1) * 8 = 72.
  auto t = nvmmaParams(128, true, 16);
  EXPECT_EQ(nvmmaOffset(t, {64, 8}, {0, 1}), 72);
  // No swizzle: plain row-major inside 256-wide boxes.
  auto z = nvmmaParams(0, false, 16);
  EXPECT_EQ(nvmmaOffset(z, {8, 64}, {3, 5}), 3 * 64 + 5);
  EXPECT_EQ(nvmmaOffset(z, {2, 512}, {1, 256}), 2 * 256 + 256);
  EXPECT_EQ(nvmmaTileElements(p, {64, 128}), 64 * 128);
  // fp4Padded: 8 data bytes then 8 padding bytes; the tile takes twice the
  // packed size. Packed byte 8 of row 0 sits at 16; row 1 byte 0 at
  // 128 + 16 (chunk 0 ^ 1).
  auto f = nvmmaParams(128, false, 8, true);
  EXPECT_EQ(nvmmaOffset(f, {8, 64}, {0, 8}), 16);
  EXPECT_EQ(nvmmaOffset(f, {8, 64}, {1, 0}), 144);
  EXPECT_EQ(nvmmaTileElements(f, {8, 64}), 2 * 8 * 64);
}

TEST(NVMMAShared, InvalidInputs) {
  // Smaller than one swizzle atom.
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16), {4, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16), {8, 32}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, true, 16), {32, 8}, {0, 0}), -1);
  EXPECT_EQ(nvmmaTileElements(nvmmaParams(128, false, 16), {8, 32}), -1);
  // Swizzled rank 1 has no rows.
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16), {64}, {0}), -1);
  // Bad parameters.
  EXPECT_EQ(nvmmaOffset(nvmmaParams(48, false, 16), {8, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 0), {8, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 12), {8, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(0, false, 16, true), {8, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16, true), {8, 64}, {0, 0}),
            -1);
  // Non-power-of-two shape, index out of range.
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16), {24, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(0, false, 16), {3, 64}, {0, 0}), -1);
  EXPECT_EQ(nvmmaOffset(nvmmaParams(128, false, 16), {8, 64}, {8, 0}), -1);
}

PaddedParams paddedParams(std::vector<std::pair<unsigned, unsigned>> ips,
                          std::vector<unsigned> order,
                          std::vector<std::vector<int64_t>> bases = {}) {
  PaddedParams p;
  p.intervalPaddings.assign(ips.begin(), ips.end());
  p.order.assign(order.begin(), order.end());
  p.offsetBases = toBases(bases);
  return p;
}

TEST(PaddedShared, HandDerived) {
  // [16:+4, 64:+8], row-major 8x16: element (5, 3) has u = 83;
  // 83 + (83/16)*4 + (83/64)*8 = 83 + 20 + 8 = 111.
  auto p = paddedParams({{16, 4}, {64, 8}}, {1, 0});
  EXPECT_EQ(paddedOffset(p, {8, 16}, {5, 3}), 111);
  // Size: 128 + 8*4 + 2*8, minus the trailing pads (128 % 16 == 0 and
  // 128 % 64 == 0): 176 - 4 - 8 = 164 = offset(127) + 1 = 127+28+8+1.
  EXPECT_EQ(paddedTileElements(p, {8, 16}), 164);
  // Column-major order [0, 1]: (3, 1) has u = 1*16 + 3 = 19 -> 19 + 0.
  auto q = paddedParams({{32, 2}}, {0, 1});
  EXPECT_EQ(paddedOffset(q, {16, 8}, {3, 1}), 19);
  EXPECT_EQ(paddedOffset(q, {16, 8}, {3, 2}), 35 + 2);
  // Bases form: offset bits 0,1 -> dim1; bit 2 -> dim0 (row 4); bits 3,4 ->
  // dim0 rows 1,2. Element (5, 2): row 5 = 4 + 1 -> bits 2,3; col 2 -> bit 1;
  // u = 4 + 8 + 2 = 14; [8:+2] -> 14 + 2 = 16.
  auto b = paddedParams({{8, 2}}, {}, {{0, 1}, {0, 2}, {4, 0}, {1, 0}, {2, 0}});
  EXPECT_EQ(paddedOffset(b, {8, 4}, {5, 2}), 16);
}

TEST(PaddedShared, InvalidInputs) {
  EXPECT_EQ(paddedOffset(paddedParams({}, {1, 0}), {4, 8}, {0, 0}), -1);
  EXPECT_EQ(paddedOffset(paddedParams({{12, 4}}, {1, 0}), {4, 8}, {0, 0}), -1);
  EXPECT_EQ(paddedOffset(paddedParams({{16, 3}}, {1, 0}), {4, 8}, {0, 0}), -1);
  EXPECT_EQ(paddedOffset(paddedParams({{16, 0}}, {1, 0}), {4, 8}, {0, 0}), -1);
  EXPECT_EQ(
      paddedOffset(paddedParams({{16, 4}, {16, 8}}, {1, 0}), {4, 8}, {0, 0}),
      -1);
  EXPECT_EQ(paddedOffset(paddedParams({{16, 4}}, {0, 0}), {4, 8}, {0, 0}), -1);
  // Bases that swizzle (move two dims) or broadcast are rejected.
  EXPECT_EQ(paddedOffset(paddedParams({{8, 2}}, {}, {{0, 1}, {1, 1}}), {2, 2},
                         {0, 0}),
            -1);
  EXPECT_EQ(paddedOffset(paddedParams({{8, 2}}, {}, {{0, 1}, {0, 0}, {1, 0}}),
                         {2, 2}, {0, 0}),
            -1);
  EXPECT_EQ(paddedTileElements(paddedParams({{8, 2}}, {}, {{0, 1}}), {2, 2}),
            -1);
}

LinearParams linearParams(std::vector<std::vector<int64_t>> bases) {
  LinearParams p;
  p.offsetBases = toBases(bases);
  return p;
}

TEST(SharedLinear, HandDerived) {
  // Bases: bit0 -> (0,1), bit1 -> (0,2), bit2 -> (1,1), bit3 -> (2,2).
  // (1, 0) = (1,1) ^ (0,1) -> bits 2 and 0 -> offset 5.
  auto p = linearParams({{0, 1}, {0, 2}, {1, 1}, {2, 2}});
  EXPECT_EQ(linearOffset(p, {4, 4}, {1, 0}), 5);
  // (3, 3) = (1,1) ^ (2,2) -> bits 2,3 -> 12.
  EXPECT_EQ(linearOffset(p, {4, 4}, {3, 3}), 12);
  EXPECT_EQ(linearTileElements(p, {4, 4}), 16);
  // A zero basis (broadcast) doubles the addressed range; elements take the
  // offsets with that bit clear.
  auto b = linearParams({{0, 1}, {0, 0}, {1, 0}});
  EXPECT_EQ(linearOffset(b, {2, 2}, {1, 1}), 5);
  EXPECT_EQ(linearTileElements(b, {2, 2}), 8);
}

TEST(SharedLinear, InvalidInputs) {
  // Not surjective: (1, 0) has no offset.
  EXPECT_EQ(
      linearOffset(linearParams({{0, 1}, {0, 2}, {2, 0}}), {4, 4}, {1, 0}), -1);
  // Dependent bases.
  EXPECT_EQ(linearOffset(linearParams({{0, 1}, {0, 1}, {1, 0}, {2, 0}}), {4, 4},
                         {0, 0}),
            -1);
  // Basis outside the shape, wrong basis rank, non-pow2 shape, bad index.
  EXPECT_EQ(linearOffset(linearParams({{0, 1}, {0, 4}, {1, 0}, {2, 0}}), {4, 4},
                         {0, 0}),
            -1);
  EXPECT_EQ(linearOffset(linearParams({{1}, {0, 2}}), {2, 2}, {0, 0}), -1);
  EXPECT_EQ(linearOffset(linearParams({{1}, {2}}), {3}, {0}), -1);
  EXPECT_EQ(linearOffset(linearParams({{1}, {2}}), {4}, {4}), -1);
  EXPECT_EQ(linearTileElements(linearParams({{1}}), {4}), -1);
}

//===----------------------------------------------------------------------===//
// Offset tables and contiguity.
//===----------------------------------------------------------------------===//

TEST(OffsetTable, GenericFunction) {
  llvm::SmallVector<int64_t> table;
  auto colMajor = [](llvm::ArrayRef<int64_t> idx) -> int64_t {
    return idx[1] * 2 + idx[0];
  };
  ASSERT_TRUE(buildOffsetTable({2, 3}, colMajor, table));
  EXPECT_EQ(std::vector<int64_t>(table.begin(), table.end()),
            (std::vector<int64_t>{0, 2, 4, 1, 3, 5}));
  // Offsets must be distinct, valid and within the tile.
  auto clash = [](llvm::ArrayRef<int64_t> idx) -> int64_t { return idx[0]; };
  EXPECT_FALSE(buildOffsetTable({2, 3}, clash, table));
  EXPECT_TRUE(table.empty());
  auto bad = [](llvm::ArrayRef<int64_t>) -> int64_t { return -1; };
  EXPECT_FALSE(buildOffsetTable({2, 3}, bad, table));
  EXPECT_FALSE(buildOffsetTable({2, 3}, colMajor, table, /*tileElements=*/5));
  EXPECT_FALSE(buildOffsetTable({2, 0}, colMajor, table));

  SharedLayout l;
  l.kind = SharedLayout::Kind::NVMMA;
  l.nvmma = nvmmaParams(128, false, 16);
  EXPECT_FALSE(buildOffsetTable(l, {4, 64}, table));
  ASSERT_TRUE(buildOffsetTable(l, {8, 64}, table));
  EXPECT_EQ(table[64], 72);
}

SharedLayout swizzledLayout(unsigned vec, unsigned perPhase, unsigned maxPhase,
                            std::vector<unsigned> order) {
  SharedLayout l;
  l.kind = SharedLayout::Kind::Swizzled;
  l.swizzled = swizzledParams(vec, perPhase, maxPhase, std::move(order));
  return l;
}

TEST(Contiguity, RowMajorTile) {
  SharedLayout l = swizzledLayout(1, 1, 1, {1, 0});
  // Rows 2..3 of an 8x16 row-major tile: offsets 32..63.
  SubsliceContiguity rows =
      checkSubsliceContiguity(l, {8, 16}, {2, 0}, {2, 16});
  EXPECT_TRUE(rows.valid);
  EXPECT_TRUE(rows.contiguous);
  EXPECT_EQ(rows.base, 32);
  EXPECT_EQ(rows.count, 32);
  EXPECT_EQ(rows.span, 32);
  EXPECT_EQ(rows.breakingDim, -1);
  // Columns 0..7 of every row: 8 runs of 8 separated by 8; dim 1 is cut.
  SubsliceContiguity cols = checkSubsliceContiguity(l, {8, 16}, {0, 0}, {8, 8});
  EXPECT_TRUE(cols.valid);
  EXPECT_FALSE(cols.contiguous);
  EXPECT_EQ(cols.breakingDim, 1);
  EXPECT_EQ(cols.base, 0);
  EXPECT_EQ(cols.span, 7 * 16 + 8);
  // A partial single row is contiguous.
  SubsliceContiguity part = checkSubsliceContiguity(l, {8, 16}, {3, 4}, {1, 8});
  EXPECT_TRUE(part.contiguous);
  EXPECT_EQ(part.base, 52);
  // Column-major order: a column block is contiguous, a row block is not.
  SharedLayout c = swizzledLayout(1, 1, 1, {0, 1});
  EXPECT_TRUE(checkSubsliceContiguity(c, {8, 16}, {0, 4}, {8, 4}).contiguous);
  SubsliceContiguity cr = checkSubsliceContiguity(c, {8, 16}, {0, 0}, {4, 16});
  EXPECT_FALSE(cr.contiguous);
  EXPECT_EQ(cr.breakingDim, 0);
}

TEST(Contiguity, SwizzledAndNVMMA) {
  // Swizzling permutes within rows: whole-row blocks stay contiguous.
  SharedLayout s = swizzledLayout(8, 1, 8, {1, 0});
  SubsliceContiguity rows =
      checkSubsliceContiguity(s, {16, 64}, {4, 0}, {4, 64});
  EXPECT_TRUE(rows.contiguous);
  EXPECT_EQ(rows.base, 256);
  SubsliceContiguity cols =
      checkSubsliceContiguity(s, {16, 64}, {0, 0}, {16, 32});
  EXPECT_FALSE(cols.contiguous);
  EXPECT_EQ(cols.breakingDim, 1);
  // NVMMA 64x128 fp16 / 128B: each 64-column half is its own TMA box, so a
  // column half is contiguous while a row block spans both boxes.
  SharedLayout n;
  n.kind = SharedLayout::Kind::NVMMA;
  n.nvmma = nvmmaParams(128, false, 16);
  SubsliceContiguity half =
      checkSubsliceContiguity(n, {64, 128}, {0, 64}, {64, 64});
  EXPECT_TRUE(half.contiguous);
  EXPECT_EQ(half.base, 4096);
  SubsliceContiguity rowBlock =
      checkSubsliceContiguity(n, {64, 128}, {0, 0}, {32, 128});
  EXPECT_FALSE(rowBlock.contiguous);
  EXPECT_EQ(rowBlock.breakingDim, 1);
  // Rows 8..15 of the first box: one 8-row swizzle atom.
  EXPECT_TRUE(
      checkSubsliceContiguity(n, {64, 128}, {8, 0}, {8, 64}).contiguous);
}

TEST(Contiguity, Rank3AndErrors) {
  SharedLayout l = swizzledLayout(2, 1, 4, {2, 1, 0});
  SubsliceContiguity one =
      checkSubsliceContiguity(l, {4, 8, 16}, {1, 0, 0}, {1, 8, 16});
  EXPECT_TRUE(one.contiguous);
  EXPECT_EQ(one.base, 128);
  SubsliceContiguity cut =
      checkSubsliceContiguity(l, {4, 8, 16}, {0, 0, 0}, {4, 4, 16});
  EXPECT_FALSE(cut.contiguous);
  EXPECT_EQ(cut.breakingDim, 1);
  // Out-of-range slices and bad layouts are reported as invalid.
  EXPECT_FALSE(
      checkSubsliceContiguity(l, {4, 8, 16}, {3, 0, 0}, {2, 8, 16}).valid);
  EXPECT_FALSE(checkSubsliceContiguity(l, {4, 8, 16}, {0, 0}, {1, 8}).valid);
  SharedLayout bad = swizzledLayout(3, 1, 4, {1, 0});
  EXPECT_FALSE(checkSubsliceContiguity(bad, {8, 8}, {0, 0}, {1, 8}).valid);
  // Padded: the pads between rows split a row block.
  SharedLayout p;
  p.kind = SharedLayout::Kind::Padded;
  p.padded = paddedParams({{16, 4}}, {1, 0});
  SubsliceContiguity pr = checkSubsliceContiguity(p, {8, 16}, {2, 0}, {2, 16});
  EXPECT_FALSE(pr.contiguous);
  EXPECT_EQ(pr.base, 40);
  EXPECT_EQ(pr.span, 36);
  EXPECT_TRUE(checkSubsliceContiguity(p, {8, 16}, {2, 0}, {1, 16}).contiguous);
}

} // namespace
