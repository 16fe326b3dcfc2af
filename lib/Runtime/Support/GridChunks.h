//===- GridChunks.h - splitting a launch among workers ----------*- C++ -*-===//
//
// Shared by the JIT launcher (Kernel::launch) and the ahead-of-time runtime
// (lib/AOTRuntime), so both run programs in the same order: workers take
// chunks of consecutive program ids (pid x fastest), a few chunks per
// worker to balance uneven programs, and stop taking chunks once a program
// has failed.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_RUNTIME_SUPPORT_GRIDCHUNKS_H
#define TILERUN_LIB_RUNTIME_SUPPORT_GRIDCHUNKS_H

#include "LaunchState.h"

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace tilerun {

class GridChunks {
public:
  GridChunks(uint32_t gx, uint32_t gy, uint32_t gz, unsigned workers)
      : gx(gx), gy(gy), total(uint64_t(gx) * gy * gz) {
    // Bounded below so that a chunk's bookkeeping stays negligible next to
    // its programs.
    chunk = std::max<uint64_t>(1, total / (uint64_t(workers) * 8));
    numChunks = (total + chunk - 1) / chunk;
  }

  /// Whether a grid's programs can be counted: at most 2^63 - 1 of them,
  /// so that chunk bounds never overflow (CUDA's largest grid, (2^31 - 1) x
  /// 65535 x 65535, is below it). A larger count would wrap around and run
  /// a wrong number of programs, none at all for 2^30 x 2^30 x 16.
  static bool fits(uint64_t gx, uint64_t gy, uint64_t gz) {
    unsigned __int128 total = (unsigned __int128)gx * gy * gz;
    return total <= uint64_t(INT64_MAX);
  }

  uint64_t chunks() const { return numChunks; }
  /// Consecutive programs a worker runs at a time.
  uint64_t programsPerChunk() const { return chunk; }
  /// Whether every chunk has been taken (each is run to its end by the
  /// worker that took it, or the launch failed).
  bool finished() const {
    return next.load(std::memory_order_relaxed) >= numChunks;
  }

  /// Runs chunks until none is left or the launch failed, calling
  /// `run(grid)` per program with `grid` = {gx, gy, gz, px, py, pz}.
  template <typename RunProgram>
  void work(LaunchState &state, LaunchScope &scope, int32_t *grid,
            RunProgram &&run) {
    for (;;) {
      uint64_t c = next.fetch_add(1, std::memory_order_relaxed);
      if (c >= numChunks || state.failed.load(std::memory_order_relaxed))
        return;
      uint64_t begin = c * chunk, end = std::min(total, begin + chunk);
      uint64_t x = begin % gx, yz = begin / gx;
      uint64_t y = yz % gy, z = yz / gy;
      for (uint64_t i = begin; i < end; ++i) {
        grid[3] = int32_t(x);
        grid[4] = int32_t(y);
        grid[5] = int32_t(z);
        scope.setProgram(int32_t(x), int32_t(y), int32_t(z));
        run(grid);
        if (++x == gx) {
          x = 0;
          if (++y == gy) {
            y = 0;
            ++z;
          }
        }
      }
    }
  }

private:
  uint64_t gx, gy, total;
  uint64_t chunk = 1, numChunks = 0;
  std::atomic<uint64_t> next{0};
};

/// Kernels write large outputs with non-temporal stores, which are weakly
/// ordered: a worker fences them before it reports its programs done, so
/// that whoever reads the output after the launch sees them.
inline void fenceStreamingStores() {
#if defined(__x86_64__)
  __builtin_ia32_sfence();
#endif
}

} // namespace tilerun

#endif // TILERUN_LIB_RUNTIME_SUPPORT_GRIDCHUNKS_H
