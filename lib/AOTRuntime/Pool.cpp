//===- Pool.cpp - libtilerun_rt: the grid launcher of AOT kernels ---------===//
//
// The kernel functions `tilerun compile` writes (lib/Target/AOT.cpp) run
// their grid here. Programs are split among workers exactly as the JIT's
// launcher splits them (GridChunks), and they call the same hooks
// (lib/Runtime/Support), so an AOT kernel behaves as the JIT-compiled one;
// only the thread pool differs, because this library must not need LLVM.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/runtime.h"

#include "AMXState.h"
#include "GridChunks.h"
#include "LaunchState.h"

#include <pthread.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace tilerun;

namespace {

/// Programs whose buffers exceed this run on threads made with stacks for
/// them; pool threads have 8 MiB stacks, as the JIT's pool threads.
constexpr uint64_t kPooledFrameBytes = uint64_t(2) << 20;
constexpr uint64_t kStackMarginBytes = uint64_t(8) << 20;
constexpr size_t kPoolStackBytes = size_t(8) << 20;

thread_local std::string lastError;

/// Runs `fn` on a new thread with a stack of `bytes`; false if it cannot
/// start.
bool startThread(pthread_t &thread, size_t bytes, std::function<void()> *fn) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  int rc = pthread_create(
      &thread, &attr,
      [](void *p) -> void * {
        (*static_cast<std::function<void()> *>(p))();
        return nullptr;
      },
      fn);
  pthread_attr_destroy(&attr);
  return rc == 0;
}

} // namespace

struct tilerun_pool {
  explicit tilerun_pool(unsigned workers) : workers(workers) {}
  ~tilerun_pool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    for (pthread_t &t : threads)
      pthread_join(t, nullptr);
  }

  /// Starts the workers besides the caller; false if one cannot start.
  bool start() {
    for (unsigned i = 1; i < workers; ++i) {
      pthread_t t;
      if (!startThread(t, kPoolStackBytes, &serveFn))
        return false;
      threads.push_back(t);
    }
    return true;
  }

  /// Runs `job` on `count` pool threads and on the caller, and returns when
  /// all are done.
  void runOnWorkers(unsigned count, const std::function<void()> &job) {
    std::mutex doneMutex;
    std::condition_variable doneCv;
    unsigned remaining = count;
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (unsigned i = 0; i < count; ++i)
        queue.push_back([&] {
          job();
          std::lock_guard<std::mutex> l(doneMutex);
          if (--remaining == 0)
            doneCv.notify_one();
        });
    }
    wake.notify_all();
    job();
    std::unique_lock<std::mutex> l(doneMutex);
    doneCv.wait(l, [&] { return remaining == 0; });
  }

  unsigned workers;

private:
  void serve() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stopping || !queue.empty(); });
        if (queue.empty())
          return;
        job = std::move(queue.front());
        queue.pop_front();
      }
      job();
    }
  }

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> queue;
  std::vector<pthread_t> threads;
  std::function<void()> serveFn = [this] { serve(); };
  bool stopping = false;
};

extern "C" {

tilerun_pool_t *tilerun_pool_create(uint32_t threads) {
  unsigned n =
      threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  auto *pool = new tilerun_pool(n);
  if (!pool->start()) {
    delete pool;
    return nullptr;
  }
  return pool;
}

tilerun_pool_t *tilerun_pool_default(void) {
  // Leaked on purpose: it may serve launches until the process exits.
  static tilerun_pool_t *pool = tilerun_pool_create(0);
  return pool;
}

void tilerun_pool_destroy(tilerun_pool_t *pool) {
  if (pool && pool != tilerun_pool_default())
    delete pool;
}

const char *tilerun_rt_last_error(void) { return lastError.c_str(); }

tilerun_rt_status_t tilerun_rt_require_amx(const char *kernel) {
  if (requestAMXTileState())
    return TILERUN_RT_OK;
  lastError = std::string(kernel ? kernel : "kernel") +
              ": multiplies on AMX tiles, and " + amxTileStateRefusal() +
              "; compile it with --amx=false";
  return TILERUN_RT_ERROR_AMX;
}

tilerun_rt_status_t tilerun_rt_launch(tilerun_pool_t *pool, const char *kernel,
                                      tilerun_program_fn program,
                                      const void *args, int64_t gx, int64_t gy,
                                      int64_t gz, uint64_t stack_bytes) {
  std::string name = kernel ? kernel : "kernel";
  for (int64_t extent : {gx, gy, gz})
    if (extent < 1 || extent > INT32_MAX) {
      lastError = name + ": grid extent " + std::to_string(extent) +
                  " must be between 1 and 2^31 - 1";
      return TILERUN_RT_ERROR_GRID;
    }
  if (!GridChunks::fits(uint64_t(gx), uint64_t(gy), uint64_t(gz))) {
    lastError = name + ": grid " + std::to_string(gx) + " x " +
                std::to_string(gy) + " x " + std::to_string(gz) +
                " has more than 2^63 - 1 programs";
    return TILERUN_RT_ERROR_GRID;
  }
  if (!pool)
    pool = tilerun_pool_default();
  if (!pool) {
    lastError = name + ": the default thread pool could not be started";
    return TILERUN_RT_ERROR_RESOURCES;
  }
  GridChunks chunks(uint32_t(gx), uint32_t(gy), uint32_t(gz), pool->workers);
  LaunchState state;
  state.programsPerChunk = chunks.programsPerChunk();
  std::function<void()> work = [&] {
    int32_t grid[6] = {int32_t(gx), int32_t(gy), int32_t(gz), 0, 0, 0};
    LaunchScope scope(state);
    chunks.work(state, scope, grid, [&](int32_t *g) { program(args, g); });
    fenceStreamingStores();
  };
  unsigned helpers =
      unsigned(std::min<uint64_t>(pool->workers, chunks.chunks())) - 1;
  if (stack_bytes > kPooledFrameBytes) {
    std::vector<pthread_t> threads(helpers + 1);
    size_t bytes = size_t(stack_bytes + kStackMarginBytes);
    for (pthread_t &t : threads)
      if (!startThread(t, bytes, &work)) {
        lastError = name + ": cannot start a thread with a stack of " +
                    std::to_string(bytes) + " bytes";
        state.fail(lastError);
        // Threads already started see the failure and stop.
        for (pthread_t &s : threads) {
          if (&s == &t)
            break;
          pthread_join(s, nullptr);
        }
        return TILERUN_RT_ERROR_RESOURCES;
      }
    for (pthread_t &t : threads)
      pthread_join(t, nullptr);
  } else {
    pool->runOnWorkers(helpers, work);
  }
  if (state.failed) {
    lastError = "kernel '" + name + "' failed: " + state.firstError;
    return TILERUN_RT_ERROR_PROGRAM;
  }
  lastError.clear();
  return TILERUN_RT_OK;
}

} // extern "C"
