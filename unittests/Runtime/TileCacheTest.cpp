//===- TileCacheTest.cpp - Packed tiles shared by a thread's programs -----===//
//
// The runtime's per-thread, per-launch tile cache driven directly, as the
// AMX dot kernels call it: a tile is found only under its exact key, only
// in the launch that packed it and only on the thread that packed it; the
// cache refuses what it cannot hold and bounds its memory.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Hooks.h"

#include "LaunchState.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <thread>

using namespace tilerun;

namespace {

char siteA, siteB;

/// A launch whose workers take several consecutive programs at a time.
struct Launch : LaunchState {
  Launch() { programsPerChunk = 8; }
};

void *find(const void *site, std::initializer_list<int64_t> key) {
  return tilerun_tile_cache_find(site, key.begin(), int32_t(key.size()));
}

void *insert(const void *site, std::initializer_list<int64_t> key,
             int64_t bytes) {
  return tilerun_tile_cache_insert(site, key.begin(), int32_t(key.size()),
                                   bytes);
}

TEST(TileCache, NothingOutsideALaunch) {
  EXPECT_EQ(insert(&siteA, {4096, 64}, 256), nullptr);
  EXPECT_EQ(find(&siteA, {4096, 64}), nullptr);
}

TEST(TileCache, FindsATileOnlyUnderItsWholeKey) {
  Launch launch;
  LaunchScope scope(launch);
  EXPECT_EQ(find(&siteA, {4096, 64}), nullptr);
  void *tile = insert(&siteA, {4096, 64}, 256);
  ASSERT_NE(tile, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(tile) % 64, 0u);
  std::memset(tile, 7, 256);
  EXPECT_EQ(find(&siteA, {4096, 64}), tile);
  EXPECT_EQ(find(&siteB, {4096, 64}), nullptr);           // another site
  EXPECT_EQ(find(&siteA, {4096, 128}), nullptr);          // another row stride
  EXPECT_EQ(find(&siteA, {8192, 64}), nullptr);           // another address
  EXPECT_EQ(find(&siteA, {4096, 64, 8192, 64}), nullptr); // a chain's key
  void *chain = insert(&siteA, {4096, 64, 8192, 64}, 512);
  ASSERT_NE(chain, nullptr);
  EXPECT_NE(chain, tile);
  EXPECT_EQ(find(&siteA, {4096, 64, 8192, 64}), chain);
  EXPECT_EQ(find(&siteA, {4096, 64}), tile);
  EXPECT_EQ(static_cast<unsigned char *>(tile)[255], 7);
}

TEST(TileCache, ANewLaunchStartsEmpty) {
  {
    Launch first;
    LaunchScope scope(first);
    ASSERT_NE(insert(&siteA, {4096, 64}, 256), nullptr);
    EXPECT_NE(find(&siteA, {4096, 64}), nullptr);
  }
  Launch second;
  LaunchScope scope(second);
  EXPECT_EQ(find(&siteA, {4096, 64}), nullptr);
}

TEST(TileCache, EachThreadHasItsOwn) {
  Launch launch;
  LaunchScope scope(launch);
  ASSERT_NE(insert(&siteA, {4096, 64}, 256), nullptr);
  void *seen = &siteA;
  std::thread other([&] {
    LaunchScope otherScope(launch);
    seen = find(&siteA, {4096, 64});
  });
  other.join();
  EXPECT_EQ(seen, nullptr);
  EXPECT_NE(find(&siteA, {4096, 64}), nullptr);
}

TEST(TileCache, StandsAsideWhenProgramsShareNothing) {
  // A thread whose third program starts with nothing found yet packs into
  // its programs' own buffers for the rest of the launch.
  Launch launch;
  LaunchScope scope(launch);
  scope.setProgram(0, 0, 0);
  ASSERT_NE(insert(&siteA, {4096, 64}, 256), nullptr);
  scope.setProgram(1, 0, 0);
  EXPECT_EQ(find(&siteA, {8192, 64}), nullptr);
  ASSERT_NE(insert(&siteA, {8192, 64}, 256), nullptr);
  scope.setProgram(2, 0, 0);
  EXPECT_EQ(find(&siteA, {4096, 64}), nullptr);
  EXPECT_EQ(insert(&siteA, {12288, 64}, 256), nullptr);
  scope.setProgram(3, 0, 0);
  EXPECT_EQ(find(&siteA, {8192, 64}), nullptr);
  Launch next;
  LaunchScope nextScope(next);
  EXPECT_NE(insert(&siteA, {4096, 64}, 256), nullptr);
  scope.setProgram(0, 0, 0);
}

TEST(TileCache, KeepsServingProgramsThatShare) {
  Launch launch;
  LaunchScope scope(launch);
  scope.setProgram(0, 0, 0);
  void *tile = insert(&siteA, {4096, 64}, 256);
  ASSERT_NE(tile, nullptr);
  for (int32_t pid = 1; pid < 8; ++pid) {
    scope.setProgram(pid, 0, 0);
    EXPECT_EQ(find(&siteA, {4096, 64}), tile);
  }
  EXPECT_NE(insert(&siteA, {8192, 64}, 256), nullptr);
  scope.setProgram(0, 0, 0);
}

TEST(TileCache, NothingWhenWorkersTakeFewProgramsAtATime) {
  for (uint64_t programs : {1, 2, 3}) {
    LaunchState launch;
    launch.programsPerChunk = programs;
    LaunchScope scope(launch);
    EXPECT_EQ(insert(&siteA, {4096, 64}, 256), nullptr) << programs;
    EXPECT_EQ(find(&siteA, {4096, 64}), nullptr) << programs;
  }
  LaunchState launch;
  launch.programsPerChunk = 4;
  LaunchScope scope(launch);
  EXPECT_NE(insert(&siteA, {4096, 64}, 256), nullptr);
  EXPECT_NE(find(&siteA, {4096, 64}), nullptr);
}

TEST(TileCache, RefusesWhatItCannotHold) {
  Launch launch;
  LaunchScope scope(launch);
  EXPECT_EQ(insert(&siteA, {4096, 64}, int64_t(64) << 20), nullptr);
  EXPECT_EQ(insert(&siteA, {4096, 64}, 0), nullptr);
  EXPECT_EQ(tilerun_tile_cache_insert(&siteA, nullptr, 0, 256), nullptr);
  int64_t longKey[TILERUN_TILE_CACHE_KEY_WORDS + 1] = {};
  EXPECT_EQ(tilerun_tile_cache_insert(&siteA, longKey,
                                      TILERUN_TILE_CACHE_KEY_WORDS + 1, 256),
            nullptr);
  EXPECT_EQ(tilerun_tile_cache_find(&siteA, longKey,
                                    TILERUN_TILE_CACHE_KEY_WORDS + 1),
            nullptr);
}

TEST(TileCache, EmptiesItselfWhenFull) {
  Launch launch;
  LaunchScope scope(launch);
  ASSERT_NE(insert(&siteA, {0, 64}, 64 << 10), nullptr);
  // The newest tile is always there; the oldest goes once the arena is
  // full, well before 64 MiB of tiles.
  int64_t i = 1;
  for (; i < 1024 && find(&siteA, {0, 64}); ++i) {
    void *tile = insert(&siteA, {i, 64}, 64 << 10);
    ASSERT_NE(tile, nullptr);
    std::memset(tile, int(i), 64 << 10);
    EXPECT_EQ(find(&siteA, {i, 64}), tile);
  }
  EXPECT_LT(i, 1024);
  EXPECT_EQ(find(&siteA, {0, 64}), nullptr);
}

} // namespace
