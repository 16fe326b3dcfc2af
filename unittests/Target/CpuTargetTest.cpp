//===- CpuTargetTest.cpp - what a named CPU means to the compiler ---------===//
//
// Named CPUs give the same facts on every machine: they come from LLVM's
// tables, not from the host.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Target/CpuTarget.h"
#include "tilerun/Conversion/MicroKernelTile.h"

#include "gtest/gtest.h"

using namespace tilerun;

namespace {

CpuTarget target(llvm::StringRef cpu, llvm::StringRef features = "") {
  auto t = CpuTarget::get(cpu, features);
  if (!t) {
    ADD_FAILURE() << llvm::toString(t.takeError());
    return CpuTarget::host();
  }
  return *t;
}

TEST(CpuTarget, GenericX86_64) {
  CpuTarget t = target("x86-64");
  EXPECT_EQ(t.cpu(), "x86-64");
  EXPECT_EQ(t.vectorBytes(), 16u);
  EXPECT_EQ(t.vectorRegisters(), 16u);
  EXPECT_FALSE(t.hasStreamingStores());
  EXPECT_FALSE(t.hasSingleInstructionLdexp());
  EXPECT_EQ(t.vectorLoopHintBytes(), 0u);
  EXPECT_EQ(t.matmulRegisterTile(), (std::pair<int64_t, int64_t>{4, 16}));
  EXPECT_FALSE(t.hasAVX512BF16() || t.hasAMXBF16() || t.hasVNNI());
}

TEST(CpuTarget, AVX2) {
  CpuTarget t = target("x86-64-v3");
  EXPECT_TRUE(t.has("avx2") && t.has("fma"));
  EXPECT_EQ(t.vectorBytes(), 32u);
  EXPECT_EQ(t.vectorRegisters(), 16u);
  EXPECT_TRUE(t.hasStreamingStores());
  EXPECT_FALSE(t.hasSingleInstructionLdexp());
  EXPECT_EQ(t.vectorLoopHintBytes(), 32u);
  EXPECT_EQ(t.matmulRegisterTile(), (std::pair<int64_t, int64_t>{4, 16}));
}

TEST(CpuTarget, AVX512) {
  CpuTarget t = target("skylake-avx512");
  EXPECT_EQ(t.vectorBytes(), 64u);
  EXPECT_EQ(t.vectorRegisters(), 32u);
  EXPECT_TRUE(t.hasStreamingStores());
  EXPECT_TRUE(t.hasSingleInstructionLdexp());
  EXPECT_EQ(t.vectorLoopHintBytes(), 0u);
  EXPECT_EQ(t.matmulRegisterTile(), (std::pair<int64_t, int64_t>{4, 64}));
  EXPECT_FALSE(t.hasAVX512BF16());
}

// The vectors LLVM's own vectorisers prefer: Intel's AVX-512 cores are
// tuned to 256-bit vectors (prefer-256-bit), Zen 4 to 512-bit ones; a
// narrower ISA bounds it, and removing AVX-512 leaves AVX2's 32 bytes.
TEST(CpuTarget, PreferredVectorBytes) {
  EXPECT_EQ(target("x86-64").preferredVectorBytes(), 16u);
  EXPECT_EQ(target("x86-64-v3").preferredVectorBytes(), 32u);
  EXPECT_EQ(target("skylake-avx512").preferredVectorBytes(), 32u);
  EXPECT_EQ(target("sapphirerapids").preferredVectorBytes(), 32u);
  EXPECT_EQ(target("znver4").preferredVectorBytes(), 64u);
  EXPECT_EQ(target("znver4", "-avx512f").preferredVectorBytes(), 32u);
}

TEST(CpuTarget, MatrixInstructions) {
  CpuTarget spr = target("sapphirerapids");
  EXPECT_TRUE(spr.hasAMXBF16());
  EXPECT_TRUE(spr.hasAMXInt8());
  EXPECT_TRUE(spr.hasAVX512BF16());
  EXPECT_TRUE(spr.hasAVX512FP16());
  EXPECT_TRUE(spr.hasVNNI());
  CpuTarget zen4 = target("znver4");
  EXPECT_TRUE(zen4.hasAVX512BF16());
  EXPECT_TRUE(zen4.hasVNNI());
  EXPECT_TRUE(zen4.hasAVX512VNNI());
  EXPECT_FALSE(zen4.hasAMXBF16());
  EXPECT_FALSE(zen4.hasAVX512FP16());
  CpuTarget zen3 = target("znver3");
  EXPECT_EQ(zen3.vectorBytes(), 32u);
  EXPECT_FALSE(zen3.hasVNNI());
  // Alder Lake's VNNI is AVX-VNNI, on 256-bit vectors only.
  CpuTarget adl = target("alderlake");
  EXPECT_TRUE(adl.hasVNNI());
  EXPECT_TRUE(adl.hasAVXVNNI());
  EXPECT_FALSE(adl.hasAVX512VNNI());
  EXPECT_FALSE(zen3.hasAVXVNNI());
}

TEST(CpuTarget, FeaturesOnTopOfTheCPU) {
  CpuTarget wider = target("x86-64-v3", "+avx512f");
  EXPECT_EQ(wider.vectorBytes(), 64u);
  EXPECT_EQ(wider.matmulRegisterTile(), (std::pair<int64_t, int64_t>{4, 64}));
  CpuTarget narrower = target("skylake-avx512", "-avx512f");
  EXPECT_EQ(narrower.vectorBytes(), 32u);
  EXPECT_FALSE(narrower.hasSingleInstructionLdexp());
  // The features are part of what the cache keys objects by.
  EXPECT_NE(wider.str(), target("x86-64-v3").str());
}

TEST(CpuTarget, NativeIsTheHost) {
  CpuTarget t = target("native");
  EXPECT_EQ(t.str(), CpuTarget::host().str());
  EXPECT_EQ(target("").str(), CpuTarget::host().str());
  EXPECT_FALSE(CpuTarget::host().cpu().empty());
}

TEST(CpuTarget, BadNamesAreErrors) {
  auto cpu = CpuTarget::get("pentium9000");
  ASSERT_FALSE(bool(cpu));
  EXPECT_NE(llvm::toString(cpu.takeError()).find("unknown CPU 'pentium9000'"),
            std::string::npos);
  auto sign = CpuTarget::get("x86-64", "avx2");
  ASSERT_FALSE(bool(sign));
  EXPECT_NE(llvm::toString(sign.takeError()).find("must start with + or -"),
            std::string::npos);
  auto feature = CpuTarget::get("x86-64", "+avx9000");
  ASSERT_FALSE(bool(feature));
  EXPECT_NE(llvm::toString(feature.takeError())
                .find("unknown target feature 'avx9000'"),
            std::string::npos);
}

TEST(CpuTarget, DescribeListsTheFacts) {
  std::string d = target("sapphirerapids").describe();
  EXPECT_NE(d.find("cpu: sapphirerapids\n"), std::string::npos) << d;
  EXPECT_NE(d.find("vector-bytes: 64\n"), std::string::npos) << d;
  EXPECT_NE(d.find("matmul-register-tile: 4x64\n"), std::string::npos) << d;
  EXPECT_NE(d.find("amx-bf16"), std::string::npos) << d;
  EXPECT_NE(target("x86-64").describe().find("matrix-instructions: none\n"),
            std::string::npos);
}

} // namespace

// The register tile a dot of a given result shape gets from the target's:
// lanes halved until they divide N, a halving that keeps whole 16-lane rows
// doubling the rows (as many accumulators), then rows halved until they
// divide M.
TEST(MicroKernelTile, TradesLanesForRowsDownToWholeVectors) {
  using Tile = std::pair<int64_t, int64_t>;
  // AVX-512's 4 x 64.
  EXPECT_EQ(tilerun::microKernelTile(128, 128, 4, 64), (Tile{4, 64}));
  EXPECT_EQ(tilerun::microKernelTile(64, 32, 4, 64), (Tile{8, 32}));
  EXPECT_EQ(tilerun::microKernelTile(64, 16, 4, 64), (Tile{16, 16}));
  EXPECT_EQ(tilerun::microKernelTile(64, 8, 4, 64), (Tile{16, 8}));
  EXPECT_EQ(tilerun::microKernelTile(8, 16, 4, 64), (Tile{8, 16}));
  // AVX2's 4 x 16: no halving keeps 16 lanes, so the rows stay.
  EXPECT_EQ(tilerun::microKernelTile(64, 8, 4, 16), (Tile{4, 8}));
  EXPECT_EQ(tilerun::microKernelTile(3, 16, 4, 16), (Tile{1, 16}));
  // No tile of at least 4 lanes divides N = 6.
  EXPECT_EQ(tilerun::microKernelTile(64, 6, 4, 16), (Tile{0, 0}));
}
