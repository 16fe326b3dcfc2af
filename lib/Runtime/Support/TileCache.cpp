//===- TileCache.cpp - Packed dot tiles shared by a thread's programs -----===//
//
// Each worker thread keeps one arena of packed tiles and a small open-
// addressing table over it. The arena is filled front to back and emptied
// as a whole (when full, and when the thread starts on another launch):
// a matmul's programs on a thread walk one column of B after another, so
// what is worth keeping is the current column, and the oldest tiles are
// the ones least likely to be asked for again. Emptying is a generation
// bump, not a sweep of the table. A thread whose programs turn out not to
// share tiles stops using the cache for the rest of the launch.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Hooks.h"

#include "LaunchState.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace tilerun;

namespace {

/// Bytes of packed tiles a thread keeps: a column of B 128 f32 wide and
/// 2048 deep (1 MiB) fits, and with the tiles of the A rows in flight it
/// still fits a server core's L2 (2 MiB on Sapphire Rapids).
constexpr size_t kArenaBytes = size_t(1) << 20;
/// A tile larger than this share of the arena is not cached: a column of
/// them would not fit.
constexpr size_t kLargestTile = kArenaBytes / 8;
constexpr size_t kAlignment = 64;
/// Table slots; the arena is emptied when half of them are used, so
/// probes stay short.
constexpr size_t kSlots = 1024;

constexpr int32_t kKeyWords = TILERUN_TILE_CACHE_KEY_WORDS;
/// Consecutive programs a worker must take at a time for the cache to
/// serve: with chunks of two, half of a thread's programs start a chunk
/// and miss, which cost a 16-thread launch of 64x64 bf16 blocks 9 %; with
/// chunks of four it gained 20 % (docs/performance.md).
constexpr uint64_t kMinProgramsPerChunk = 4;

struct Entry {
  const void *site = nullptr;
  int32_t words = 0;
  int64_t key[kKeyWords] = {};
  uint64_t generation = 0;
  void *data = nullptr;

  bool matches(const void *s, const int64_t *k, int32_t n) const {
    return site == s && words == n &&
           std::memcmp(key, k, sizeof(int64_t) * n) == 0;
  }
};

class TileCache {
public:
  void *find(const void *site, const int64_t *key, int32_t words) {
    if (!serving() || words <= 0 || words > kKeyWords)
      return nullptr;
    for (size_t i = slotOf(site, key, words);; i = (i + 1) % kSlots) {
      Entry &e = table[i];
      if (e.generation != generation)
        return nullptr;
      if (e.matches(site, key, words)) {
        ++hits;
        return e.data;
      }
    }
  }

  void *insert(const void *site, const int64_t *key, int32_t words,
               int64_t bytes) {
    if (!serving() || words <= 0 || words > kKeyWords || bytes <= 0 ||
        size_t(bytes) > kLargestTile || !reserveArena())
      return nullptr;
    size_t rounded = (size_t(bytes) + kAlignment - 1) / kAlignment * kAlignment;
    if (used + rounded > kArenaBytes || entries >= kSlots / 2)
      empty();
    void *data = arena.get() + used;
    used += rounded;
    ++entries;
    size_t i = slotOf(site, key, words);
    while (table[i].generation == generation)
      i = (i + 1) % kSlots;
    Entry &e = table[i];
    e.site = site;
    e.words = words;
    std::memcpy(e.key, key, sizeof(int64_t) * words);
    e.generation = generation;
    e.data = data;
    return data;
  }

private:
  struct FreeArena {
    void operator()(char *p) const { std::free(p); }
  };

  /// Whether the cache serves the thread: only within a launch, holding
  /// only that launch's tiles, and only where the thread's programs share
  /// them. They share too little where each worker takes fewer than
  /// kMinProgramsPerChunk consecutive programs at a time (many threads for
  /// few programs: the next chunk's programs are any programs), and they do
  /// not where a thread's third program starts with nothing found yet (a
  /// program order without column groups). Packing into the arena then
  /// costs more than into the program's own buffer, which stays in L1, so
  /// the cache stands aside for the launch.
  bool serving() {
    LaunchState *state = LaunchScope::current();
    if (!state || state->programsPerChunk < kMinProgramsPerChunk)
      return false;
    if (state->id != launch) {
      launch = state->id;
      empty();
      hits = 0;
      programs = 0;
      bypassed = false;
    }
    const int32_t *pid = LaunchScope::currentProgram();
    if (programs == 0 || !std::equal(pid, pid + 3, program)) {
      std::copy(pid, pid + 3, program);
      if (++programs >= 3 && hits == 0)
        bypassed = true;
    }
    return !bypassed;
  }

  void empty() {
    ++generation;
    used = 0;
    entries = 0;
  }

  bool reserveArena() {
    if (!arena)
      arena.reset(
          static_cast<char *>(std::aligned_alloc(kAlignment, kArenaBytes)));
    return arena != nullptr;
  }

  static size_t slotOf(const void *site, const int64_t *key, int32_t words) {
    uint64_t h = reinterpret_cast<uintptr_t>(site);
    for (int32_t i = 0; i < words; ++i)
      h = (h ^ uint64_t(key[i])) * 0x9e3779b97f4a7c15ull;
    return size_t(h >> 54) % kSlots;
  }

  std::unique_ptr<char, FreeArena> arena;
  size_t used = 0, entries = 0;
  uint64_t launch = 0;
  /// In this launch: tiles found, programs seen (and the last one), and
  /// whether the cache stands aside.
  uint64_t hits = 0, programs = 0;
  int32_t program[3] = {0, 0, 0};
  bool bypassed = false;
  /// Entries of older generations are free slots. Starts at 1 so that
  /// the zero-initialised table is empty.
  uint64_t generation = 1;
  std::array<Entry, kSlots> table{};
};

/// On the heap, made by a thread's first use: a thread that runs no dot
/// with cached tiles costs one pointer of thread-local storage.
thread_local std::unique_ptr<TileCache> tlsTileCache;

TileCache &threadTileCache() {
  if (!tlsTileCache)
    tlsTileCache = std::make_unique<TileCache>();
  return *tlsTileCache;
}

} // namespace

extern "C" void *tilerun_tile_cache_find(const void *site, const int64_t *key,
                                         int32_t words) {
  return threadTileCache().find(site, key, words);
}

extern "C" void *tilerun_tile_cache_insert(const void *site, const int64_t *key,
                                           int32_t words, int64_t bytes) {
  return threadTileCache().insert(site, key, words, bytes);
}
