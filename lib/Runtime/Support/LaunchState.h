//===- LaunchState.h - Per-launch state seen by runtime hooks ---*- C++ -*-===//
#ifndef TILERUN_LIB_RUNTIME_LAUNCHSTATE_H
#define TILERUN_LIB_RUNTIME_LAUNCHSTATE_H

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace tilerun {

/// A buffer bound to a pointer parameter, as checked mode sees it.
struct BoundBuffer {
  uintptr_t begin = 0;
  uint64_t bytes = 0;
  int64_t elements = 0;
  unsigned elementBytes = 1;
  unsigned param = 0;
  std::string name, type;
};

struct LaunchState {
  /// Distinct for every launch of the process (TileCache.cpp keys its
  /// entries by it).
  const uint64_t id = nextId();
  /// Consecutive programs a worker runs at a time (GridChunks): whether a
  /// thread's programs can share packed tiles (TileCache.cpp).
  uint64_t programsPerChunk = 1;
  /// Checked launches only: the buffers bound to the launch. Filled before
  /// the programs start and only read while they run (tilerun_check_access).
  std::vector<BoundBuffer> buffers;
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::string firstError;

  void fail(const std::string &msg) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!failed.exchange(true))
      firstError = msg;
  }

private:
  static uint64_t nextId() {
    static std::atomic<uint64_t> launches{0};
    return launches.fetch_add(1, std::memory_order_relaxed) + 1;
  }
};

/// Binds a worker thread to a launch while it runs that launch's programs, so
/// that hooks called from kernel code (which get no context argument) know
/// which launch and program they belong to.
class LaunchScope {
public:
  explicit LaunchScope(LaunchState &state);
  ~LaunchScope();
  void setProgram(int32_t x, int32_t y, int32_t z);

  /// The launch and program of the calling thread; null outside a launch.
  static LaunchState *current();
  static const int32_t *currentProgram();

private:
  LaunchState *previous;
};

} // namespace tilerun

#endif
