//===- Partitions.cpp - Warp-specialized partitions and mbarriers ---------===//
//
// A warp-specialized program runs its default region and its partitions
// concurrently on the GPU, handing data over through shared memory guarded
// by mbarriers. Here one worker thread runs a whole program, so partitions
// are cooperative fibers (ucontext) of that thread: a partition runs until
// it waits on an mbarrier phase that has not completed, then the next one
// runs. Switching only at waits is enough because mbarriers are the only
// way partitions order their shared-memory traffic; it keeps a program
// deterministic and needs no atomics (nothing is shared between threads).
//
// A wait that no partition can ever satisfy would hang the GPU. Here it is
// found: a full round of the program's fibers in which no barrier changed
// and no partition finished means every fiber is waiting. The launch then
// fails with the op's location, and waits return so the program ends.
//
// The barrier itself lives in the 8 bytes of shared memory Triton gives it
// (`!ttg.memdesc<1xi64>`), in this runtime's own layout.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Runtime/Partitions.h"

#include "LaunchState.h"
#include "tilerun/Runtime/Hooks.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

using namespace tilerun;

namespace {

struct MBarrier {
  /// Bytes still expected by the current phase (expect_tx minus complete_tx).
  int32_t tx;
  /// Arrivals still missing in the current phase.
  uint16_t pending;
  /// Arrivals each phase needs (the init count), and the current phase's
  /// parity.
  uint16_t expected : 15;
  uint16_t phase : 1;
};
static_assert(sizeof(MBarrier) == 8, "an mbarrier is 8 bytes of shared memory");

struct Fiber {
  ucontext_t context;
  void (*fn)(void *) = nullptr;
  void *args = nullptr;
  char *stack = nullptr; // mapping, guard page first
  size_t mappedBytes = 0;
  bool done = false;
};

/// The partitions of the program the thread is running, and its stacks.
struct Scheduler {
  ucontext_t mainContext;
  std::vector<std::unique_ptr<Fiber>> fibers;
  /// 0 is the program itself (the default region); i > 0 is fibers[i - 1].
  size_t current = 0;
  /// Bumped whenever a barrier changes or a partition returns.
  uint64_t progress = 0;
  std::vector<std::pair<char *, size_t>> freeStacks;

  ~Scheduler() {
    for (auto [stack, bytes] : freeStacks)
      munmap(stack, bytes);
  }

  ucontext_t &contextOf(size_t i) {
    return i == 0 ? mainContext : fibers[i - 1]->context;
  }
  bool runnable(size_t i) { return i == 0 || !fibers[i - 1]->done; }

  /// Switches to the next runnable fiber in round-robin order; returns when
  /// this one is resumed, i.e. after every other runnable fiber had a turn.
  void yield() {
    size_t n = fibers.size() + 1;
    size_t next = (current + 1) % n;
    while (!runnable(next))
      next = (next + 1) % n;
    if (next == current)
      return;
    size_t from = current;
    current = next;
    swapcontext(&contextOf(from), &contextOf(next));
  }
};

thread_local Scheduler scheduler;

void runFiber() {
  Fiber &f = *scheduler.fibers[scheduler.current - 1];
  f.fn(f.args);
  f.done = true;
  ++scheduler.progress;
  scheduler.yield(); // never resumed: it is no longer runnable
  std::abort();      // unreachable: a finished partition is never resumed
}

/// Once the launch has failed its results are void: waits return at once so
/// that every program ends quickly.
bool launchFailed() {
  LaunchState *state = LaunchScope::current();
  return state && state->failed.load(std::memory_order_relaxed);
}

void report(const std::string &message) {
  const int32_t *pid = LaunchScope::currentProgram();
  tilerun_report_error(message.c_str(), pid[0], pid[1], pid[2], -1);
}

MBarrier &barrier(void *bar) { return *static_cast<MBarrier *>(bar); }

void completeIfDone(MBarrier &b) {
  if (b.pending == 0 && b.tx <= 0) {
    b.phase ^= 1;
    b.pending = b.expected;
    b.tx = 0;
  }
}

} // namespace

extern "C" void tilerun_partition_spawn(void (*fn)(void *), void *args,
                                        int64_t stackBytes) {
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  size_t usable = (std::max<size_t>(size_t(stackBytes), 256 << 10) + page - 1) /
                  page * page;
  auto fiber = std::make_unique<Fiber>();
  // Reuse a stack big enough, else map one with a guard page below it, so
  // that an overflow faults instead of writing over other memory.
  for (auto it = scheduler.freeStacks.begin(); it != scheduler.freeStacks.end();
       ++it)
    if (it->second >= usable + page) {
      fiber->stack = it->first;
      fiber->mappedBytes = it->second;
      scheduler.freeStacks.erase(it);
      break;
    }
  if (!fiber->stack) {
    size_t bytes = usable + page;
    void *mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
      // The launch fails; the program's waits then return, so it ends.
      report("cannot map a stack of " + std::to_string(bytes) +
             " bytes for a warp_specialize partition");
      return;
    }
    mprotect(mem, page, PROT_NONE);
    fiber->stack = static_cast<char *>(mem);
    fiber->mappedBytes = bytes;
  }
  fiber->fn = fn;
  fiber->args = args;
  getcontext(&fiber->context);
  fiber->context.uc_stack.ss_sp = fiber->stack + page;
  fiber->context.uc_stack.ss_size = fiber->mappedBytes - page;
  fiber->context.uc_link = nullptr;
  makecontext(&fiber->context, runFiber, 0);
  scheduler.fibers.push_back(std::move(fiber));
}

extern "C" void tilerun_partition_join() {
  auto pending = [] {
    for (auto &f : scheduler.fibers)
      if (!f->done)
        return true;
    return false;
  };
  while (pending())
    scheduler.yield();
  for (auto &f : scheduler.fibers)
    scheduler.freeStacks.push_back({f->stack, f->mappedBytes});
  scheduler.fibers.clear();
}

extern "C" void tilerun_mbarrier_init(void *bar, int32_t count) {
  MBarrier &b = barrier(bar);
  if (count < 1 || count > 0x7fff) {
    report("mbarrier initialised with an arrival count of " +
           std::to_string(count) + " (1 to 32767 supported)");
    count = 1;
  }
  b.tx = 0;
  b.pending = uint16_t(count);
  b.expected = uint16_t(count);
  b.phase = 0;
  ++scheduler.progress;
}

extern "C" void tilerun_mbarrier_arrive(void *bar, int32_t count) {
  MBarrier &b = barrier(bar);
  b.pending = count >= b.pending ? 0 : uint16_t(b.pending - count);
  completeIfDone(b);
  ++scheduler.progress;
}

extern "C" void tilerun_mbarrier_expect(void *bar, int32_t bytes) {
  barrier(bar).tx += bytes;
  tilerun_mbarrier_arrive(bar, 1);
}

extern "C" void tilerun_mbarrier_complete_tx(void *bar, int32_t bytes) {
  MBarrier &b = barrier(bar);
  b.tx -= bytes;
  completeIfDone(b);
  ++scheduler.progress;
}

extern "C" void tilerun_mbarrier_wait(void *bar, int32_t parity,
                                      const char *where) {
  MBarrier &b = barrier(bar);
  // Waiting on parity p returns once the phase of that parity completed:
  // while the current phase still has parity p.
  while (b.phase == (parity & 1)) {
    if (launchFailed())
      return;
    uint64_t before = scheduler.progress;
    scheduler.yield();
    if (b.phase != (parity & 1))
      return;
    if (scheduler.progress == before) {
      report(std::string(where) +
             ": waits on an mbarrier phase that can never complete: every "
             "partition of the program is waiting (the kernel would hang on "
             "the GPU)");
      return;
    }
  }
}
