//===- Stress.cpp - tilerun-stress: threads and processes on the C API ----===//
//
// Many threads of one process compile and launch *different* kernels on one
// context while other processes, started from this program, do the same on
// the same compile cache directory, so that compiles race on cache entries
// (misses, stores renamed over each other, hits), kernels are shared by
// threads that launch them at once, and launches of different kernels share
// the launcher's pools. Every launch's result is checked against a
// reference computed here; a checked kernel given a short buffer must fail
// with a report naming it. Exits 1 on any wrong result or unexpected
// status.
//
//   tilerun-stress [-processes=P] [-workers=T] [-rounds=R] [-kernels=K]
//                  [-stress-cache-dir=DIR] [-stress-seed=S]
//
// ctest runs a small size (test/Stress/CMakeLists.txt);
// scripts/test-stress.sh runs it big, scripts/test-tsan.sh under
// ThreadSanitizer.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/tilerun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <vector>

using namespace llvm;

// Names libLLVM.so does not register itself (it has a -threads).
static cl::OptionCategory stressCategory("tilerun-stress options");
static cl::opt<unsigned> numProcesses("processes",
                                      cl::desc("Processes sharing the cache"),
                                      cl::init(2), cl::cat(stressCategory));
static cl::opt<unsigned> numThreads("workers", cl::desc("Threads per process"),
                                    cl::init(4), cl::cat(stressCategory));
static cl::opt<unsigned> numRounds("rounds", cl::desc("Rounds per thread"),
                                   cl::init(6), cl::cat(stressCategory));
static cl::opt<unsigned> numKernels("kernels",
                                    cl::desc("Different kernels in play"),
                                    cl::init(8), cl::cat(stressCategory));
static cl::opt<std::string>
    cacheDir("stress-cache-dir",
             cl::desc("Compile cache directory (default: a fresh one, "
                      "removed at the end)"),
             cl::cat(stressCategory));
static cl::opt<unsigned> seed("stress-seed", cl::desc("Random seed"),
                              cl::init(1), cl::cat(stressCategory));
static cl::opt<int> childIndex("stress-child",
                               cl::desc("Internal: run as process N"),
                               cl::init(-1), cl::Hidden,
                               cl::cat(stressCategory));

namespace {

/// Kernel v belongs to family v % 4, with constants from p = v / 4, so that
/// each v is a different module (a different cache entry).
enum Family { Affine, RowSum, Atomic, SharedMemory };

struct Variant {
  unsigned v;
  Family family() const { return Family(v % 4); }
  unsigned p() const { return v / 4; }
  /// Affine: elements per program, out = x * a + b.
  unsigned block() const { return 32u << (p() % 3); }
  float a() const { return float(1 + p()); }
  float b() const { return 0.5f * float(p()); }
  /// RowSum: columns of a row, out[row] = sum * k.
  unsigned cols() const { return 16u << (p() % 3); }
  int32_t k() const { return int32_t(p() + 2); }
  std::string name() const {
    static const char *names[] = {"affine", "rowsum", "atomic", "smem"};
    return std::string(names[family()]) + "_" + std::to_string(p());
  }
};

std::string replaceAll(std::string text, StringRef from,
                       const std::string &to) {
  for (size_t at = text.find(from.str()); at != std::string::npos;
       at = text.find(from.str(), at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

const char *kAffine = R"(
module {
  tt.func public @NAME(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %out_ptr: !tt.ptr<f32> loc("out_ptr"), %n: i32 loc("n")) {
    %cB = arith.constant BLOCK : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %cB : i32
    %r = tt.make_range {end = BLOCK : i32, start = 0 : i32} : tensor<BLOCKxi32>
    %bs = tt.splat %base : i32 -> tensor<BLOCKxi32>
    %offs = arith.addi %bs, %r : tensor<BLOCKxi32>
    %ns = tt.splat %n : i32 -> tensor<BLOCKxi32>
    %m = arith.cmpi slt, %offs, %ns : tensor<BLOCKxi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<BLOCKx!tt.ptr<f32>>
    %xa = tt.addptr %xp, %offs : tensor<BLOCKx!tt.ptr<f32>>, tensor<BLOCKxi32>
    %x = tt.load %xa, %m : tensor<BLOCKx!tt.ptr<f32>> loc("stress.py":3:8)
    %a = arith.constant dense<A> : tensor<BLOCKxf32>
    %b = arith.constant dense<B> : tensor<BLOCKxf32>
    %y = arith.mulf %x, %a : tensor<BLOCKxf32>
    %z = arith.addf %y, %b : tensor<BLOCKxf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<BLOCKx!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<BLOCKx!tt.ptr<f32>>, tensor<BLOCKxi32>
    tt.store %oa, %z, %m : tensor<BLOCKx!tt.ptr<f32>>
    tt.return
  }
}
)";

const char *kRowSum = R"(
module {
  tt.func public @NAME(%x_ptr: !tt.ptr<i32> loc("x_ptr"), %out_ptr: !tt.ptr<i32> loc("out_ptr")) {
    %cC = arith.constant COLS : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %cC : i32
    %r = tt.make_range {end = COLS : i32, start = 0 : i32} : tensor<COLSxi32>
    %bs = tt.splat %base : i32 -> tensor<COLSxi32>
    %offs = arith.addi %bs, %r : tensor<COLSxi32>
    %xp = tt.splat %x_ptr : !tt.ptr<i32> -> tensor<COLSx!tt.ptr<i32>>
    %xa = tt.addptr %xp, %offs : tensor<COLSx!tt.ptr<i32>>, tensor<COLSxi32>
    %x = tt.load %xa : tensor<COLSx!tt.ptr<i32>>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: i32, %h: i32):
      %t = arith.addi %l, %h : i32
      tt.reduce.return %t : i32
    }) : (tensor<COLSxi32>) -> i32
    %k = arith.constant KVAL : i32
    %sk = arith.muli %s, %k : i32
    %op = tt.addptr %out_ptr, %pid : !tt.ptr<i32>, i32
    tt.store %op, %sk : !tt.ptr<i32>
    tt.return
  }
}
)";

// out[j] += pid + j * K for j < 4, from every program: the sums count the
// grid's programs.
const char *kAtomic = R"(
module {
  tt.func public @NAME(%out_ptr: !tt.ptr<i32> loc("out_ptr")) {
    %pid = tt.get_program_id x : i32
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %k = arith.constant dense<K> : tensor<4xi32>
    %rk = arith.muli %r, %k : tensor<4xi32>
    %ps = tt.splat %pid : i32 -> tensor<4xi32>
    %v = arith.addi %ps, %rk : tensor<4xi32>
    %c4 = arith.constant dense<4> : tensor<4xi32>
    %m = arith.cmpi slt, %r, %c4 : tensor<4xi32>
    %op = tt.splat %out_ptr : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %oa = tt.addptr %op, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %old = tt.atomic_rmw add, acq_rel, gpu, %oa, %v, %m : (tensor<4x!tt.ptr<i32>>, tensor<4xi32>, tensor<4xi1>) -> tensor<4xi32>
    tt.return
  }
}
)";

// Gluon: stores float(i + K) for i < 64 in copy 0 of a shared-memory ring
// and reads the ring's first 64 elements back as i32 bits.
const char *kSharedMemory = R"(
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @NAME(%out_ptr: !tt.ptr<i32> loc("out_ptr")) {
    %c0 = arith.constant 0 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %k = arith.constant dense<K> : tensor<64xi32, #blocked>
    %rk = arith.addi %r, %k : tensor<64xi32, #blocked>
    %v = arith.sitofp %rk : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x64xf32, #shared, #smem, mutable>
    %first = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    ttg.local_store %v, %first : tensor<64xf32, #blocked> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %bits = ttg.local_load %first : !ttg.memdesc<64xf32, #shared, #smem, mutable> -> tensor<64xf32, #blocked>
    %ib = tt.bitcast %bits : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
    %p = tt.splat %out_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %a = tt.addptr %p, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %a, %ib : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
)";

std::string source(const Variant &k) {
  switch (k.family()) {
  case Affine: {
    std::string s = replaceAll(kAffine, "BLOCK", std::to_string(k.block()));
    s = replaceAll(s, "dense<A>", "dense<" + std::to_string(k.a()) + ">");
    return replaceAll(
        replaceAll(s, "dense<B>", "dense<" + std::to_string(k.b()) + ">"),
        "NAME", k.name());
  }
  case RowSum:
    return replaceAll(
        replaceAll(replaceAll(kRowSum, "COLS", std::to_string(k.cols())),
                   "KVAL", std::to_string(k.k())),
        "NAME", k.name());
  case Atomic:
    return replaceAll(
        replaceAll(kAtomic, "dense<K>", "dense<" + std::to_string(k.k()) + ">"),
        "NAME", k.name());
  case SharedMemory:
    return replaceAll(replaceAll(kSharedMemory, "dense<K>",
                                 "dense<" + std::to_string(k.k()) + ">"),
                      "NAME", k.name());
  }
  return "";
}

/// What one process saw; threads add to it.
struct Tally {
  std::atomic<uint64_t> compiles{0}, launches{0}, loads{0}, refusals{0};
  std::mutex mutex;
  std::vector<std::string> failures;

  void fail(const std::string &what) {
    std::lock_guard<std::mutex> lock(mutex);
    if (failures.size() < 20)
      failures.push_back(what);
  }
};

class Worker {
public:
  Worker(tilerun_context_t *ctx, Tally &tally, unsigned id)
      : ctx(ctx), tally(tally), rng(seed * 7919 + id) {}

  tilerun_kernel_t *compile(const Variant &k, int checked);
  /// Launches `kernel` (compiled from `k`) on a size drawn here and checks
  /// every output element.
  void launchAndCheck(const tilerun_kernel_t *kernel, const Variant &k);
  /// A checked affine kernel given a short x must fail, naming x_ptr.
  void launchShort(const tilerun_kernel_t *kernel, const Variant &k);
  void round(const std::vector<tilerun_kernel_t *> &shared);

private:
  tilerun_context_t *ctx;
  Tally &tally;
  std::mt19937_64 rng;

  unsigned draw(unsigned lo, unsigned hi) {
    return std::uniform_int_distribution<unsigned>(lo, hi)(rng);
  }
  void failed(const Variant &k, const std::string &what) {
    tally.fail(k.name() + ": " + what);
  }
};

tilerun_kernel_t *Worker::compile(const Variant &k, int checked) {
  std::string ir = source(k);
  tilerun_compile_options_t options;
  tilerun_compile_options_init(&options);
  options.checked = checked;
  tilerun_kernel_t *kernel = nullptr;
  if (tilerun_kernel_compile(ctx, ir.data(), ir.size(), "stress.ttir", &options,
                             &kernel) != TILERUN_OK) {
    failed(k, std::string("compile failed: ") + tilerun_last_error());
    return nullptr;
  }
  ++tally.compiles;
  if (k.name() != tilerun_kernel_name(kernel))
    failed(k, std::string("compiled as ") + tilerun_kernel_name(kernel));
  return kernel;
}

void Worker::launchAndCheck(const tilerun_kernel_t *kernel, const Variant &k) {
  auto launch = [&](uint32_t gx, std::vector<tilerun_arg_t> args) {
    ++tally.launches;
    if (tilerun_kernel_launch(kernel, gx, 1, 1, args.data(), args.size()) ==
        TILERUN_OK)
      return true;
    failed(k, std::string("launch failed: ") + tilerun_last_error());
    return false;
  };
  switch (k.family()) {
  case Affine: {
    unsigned n = draw(1, 5000);
    std::vector<float> x(n), out(n, -1.0f);
    for (unsigned i = 0; i < n; ++i)
      x[i] = float(draw(0, 1 << 20)) / 64.0f;
    if (!launch((n + k.block() - 1) / k.block(),
                {tilerun_arg_buffer(x.data(), n * 4),
                 tilerun_arg_buffer(out.data(), n * 4), tilerun_arg_i32(n)}))
      return;
    for (unsigned i = 0; i < n; ++i) {
      float y = x[i] * k.a();
      float want = y + k.b();
      if (out[i] != want)
        return failed(k, "element " + std::to_string(i) + " is " +
                             std::to_string(out[i]) + ", not " +
                             std::to_string(want));
    }
    return;
  }
  case RowSum: {
    unsigned rows = draw(1, 300);
    std::vector<int32_t> x(rows * k.cols()), out(rows, -1);
    for (int32_t &v : x)
      v = int32_t(draw(0, 1u << 31)) - (1 << 30);
    if (!launch(rows, {tilerun_arg_buffer(x.data(), x.size() * 4),
                       tilerun_arg_buffer(out.data(), out.size() * 4)}))
      return;
    for (unsigned r = 0; r < rows; ++r) {
      uint32_t sum = 0; // wraps as the kernel's i32 does
      for (unsigned c = 0; c < k.cols(); ++c)
        sum += uint32_t(x[r * k.cols() + c]);
      if (out[r] != int32_t(sum * uint32_t(k.k())))
        return failed(k, "row " + std::to_string(r) + " is wrong");
    }
    return;
  }
  case Atomic: {
    unsigned programs = draw(1, 4000);
    std::vector<int32_t> out(4, 0);
    if (!launch(programs, {tilerun_arg_buffer(out.data(), 16)}))
      return;
    uint64_t g = programs;
    for (unsigned j = 0; j < 4; ++j)
      if (uint64_t(uint32_t(out[j])) !=
          uint32_t(g * (g - 1) / 2 + g * j * uint64_t(k.k())))
        return failed(k, "counter " + std::to_string(j) + " of " +
                             std::to_string(programs) + " programs is wrong");
    return;
  }
  case SharedMemory: {
    unsigned programs = draw(1, 8);
    std::vector<int32_t> out(64, -7);
    if (!launch(programs, {tilerun_arg_buffer(out.data(), 256)}))
      return;
    for (int i = 0; i < 64; ++i) {
      float f = float(i + k.k());
      int32_t bits;
      std::memcpy(&bits, &f, 4);
      if (out[i] != bits)
        return failed(k, "element " + std::to_string(i) + " is wrong");
    }
    return;
  }
  }
}

void Worker::launchShort(const tilerun_kernel_t *kernel, const Variant &k) {
  unsigned n = draw(k.block() + 1, 3000);
  std::vector<float> x(n), out(n);
  tilerun_arg_t args[] = {tilerun_arg_buffer(x.data(), (n - k.block()) * 4),
                          tilerun_arg_buffer(out.data(), n * 4),
                          tilerun_arg_i32(n)};
  ++tally.launches;
  tilerun_status_t s = tilerun_kernel_launch(
      kernel, (n + k.block() - 1) / k.block(), 1, 1, args, 3);
  std::string message = tilerun_last_error();
  if (s != TILERUN_ERROR_LAUNCH ||
      message.find("out-of-bounds tt.load at stress.py:3:8") ==
          std::string::npos ||
      message.find("'x_ptr'") == std::string::npos)
    return failed(k, "a short buffer gave status " + std::to_string(s) + ": " +
                         message);
  ++tally.refusals;
}

void Worker::round(const std::vector<tilerun_kernel_t *> &shared) {
  Variant k{draw(0, numKernels - 1)};
  // Affine kernels also come checked: a different cache entry.
  int checked = k.family() == Affine ? int(draw(0, 1)) : 0;
  tilerun_kernel_t *kernel = compile(k, checked);
  if (!kernel)
    return;
  for (unsigned i = draw(1, 3); i > 0; --i)
    launchAndCheck(kernel, k);
  if (checked)
    launchShort(kernel, k);
  if (draw(0, 3) == 0) {
    void *bytes = nullptr;
    size_t size = 0;
    tilerun_kernel_t *loaded = nullptr;
    if (tilerun_kernel_binary(kernel, &bytes, &size) != TILERUN_OK ||
        tilerun_kernel_load(ctx, bytes, size, &loaded) != TILERUN_OK)
      failed(k, std::string("binary round trip: ") + tilerun_last_error());
    tilerun_free(bytes);
    if (loaded) {
      ++tally.loads;
      launchAndCheck(loaded, k);
      tilerun_kernel_destroy(loaded);
    }
  }
  tilerun_kernel_destroy(kernel);
  // A kernel every thread launches, at once.
  unsigned s = draw(0, unsigned(shared.size()) - 1);
  if (shared[s])
    launchAndCheck(shared[s], Variant{s});
}

/// One process's share: `numThreads` threads of `numRounds` rounds on one
/// context. Returns whether every result was right.
bool runProcess(unsigned index, StringRef cache) {
  tilerun_context_options_t options;
  tilerun_context_options_init(&options);
  std::string cacheText = cache.str();
  options.cache_dir = cacheText.c_str();
  options.threads = 2;
  tilerun_context_t *ctx = nullptr;
  if (tilerun_context_create(&options, &ctx) != TILERUN_OK) {
    errs() << "tilerun-stress: " << tilerun_last_error() << "\n";
    return false;
  }
  Tally tally;
  std::vector<tilerun_kernel_t *> shared(numKernels);
  {
    Worker first(ctx, tally, index * 1000 + 999);
    for (unsigned v = 0; v < numKernels; ++v)
      shared[v] = first.compile(Variant{v}, 0);
  }
  {
    StdThreadPool pool(hardware_concurrency(numThreads));
    for (unsigned t = 0; t < numThreads; ++t)
      pool.async([&, t] {
        Worker w(ctx, tally, index * 1000 + t);
        for (unsigned r = 0; r < numRounds; ++r)
          w.round(shared);
      });
    pool.wait();
  }
  for (tilerun_kernel_t *k : shared)
    tilerun_kernel_destroy(k);
  tilerun_context_destroy(ctx);
  outs() << "tilerun-stress: process " << index << ": " << numThreads
         << " threads x " << numRounds << " rounds, " << numKernels
         << " kernels: " << tally.compiles << " compiles, " << tally.launches
         << " launches (" << tally.refusals << " refused as expected), "
         << tally.loads << " binaries loaded; "
         << (tally.failures.empty() ? "every result right" : "FAILED") << "\n";
  for (const std::string &f : tally.failures)
    errs() << "tilerun-stress: process " << index << ": " << f << "\n";
  return tally.failures.empty();
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(stressCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "tilerun-stress: threads and processes compiling "
                              "and launching kernels through the C API\n");
  if (childIndex >= 0)
    return runProcess(unsigned(childIndex), cacheDir) ? 0 : 1;
  if (numKernels == 0 || numThreads == 0 || numProcesses == 0) {
    errs() << "tilerun-stress: -kernels, -threads and -processes must be at "
              "least 1\n";
    return 2;
  }

  SmallString<128> dir(cacheDir);
  bool ownDir = dir.empty();
  if (ownDir)
    if (std::error_code ec =
            sys::fs::createUniqueDirectory("tilerun-stress-cache", dir)) {
      errs() << "tilerun-stress: cannot make a cache directory: "
             << ec.message() << "\n";
      return 1;
    }
  // The other processes: this program again, on the same directory.
  std::string self = sys::fs::getMainExecutable(argv[0], (void *)&main);
  std::vector<std::vector<std::string>> childArgs;
  std::vector<sys::ProcessInfo> children;
  bool ok = true;
  for (unsigned i = 1; i < numProcesses; ++i) {
    childArgs.push_back({self, "-stress-child=" + std::to_string(i),
                         "-stress-cache-dir=" + dir.str().str(),
                         "-workers=" + std::to_string(numThreads),
                         "-rounds=" + std::to_string(numRounds),
                         "-kernels=" + std::to_string(numKernels),
                         "-stress-seed=" + std::to_string(seed)});
    std::vector<StringRef> args(childArgs.back().begin(),
                                childArgs.back().end());
    std::string error;
    children.push_back(
        sys::ExecuteNoWait(self, args, std::nullopt, {}, 0, &error));
    if (!children.back().Pid) {
      errs() << "tilerun-stress: cannot start process " << i << ": " << error
             << "\n";
      ok = false;
    }
  }
  ok &= runProcess(0, dir);
  for (size_t i = 0; i < children.size(); ++i) {
    if (!children[i].Pid)
      continue;
    std::string error;
    sys::ProcessInfo done = sys::Wait(children[i], std::nullopt, &error);
    if (done.ReturnCode != 0) {
      errs() << "tilerun-stress: process " << i + 1 << " exited with "
             << done.ReturnCode << (error.empty() ? "" : ": " + error) << "\n";
      ok = false;
    }
  }
  if (ownDir)
    sys::fs::remove_directories(dir);
  outs() << "tilerun-stress: " << numProcesses
         << " processes: " << (ok ? "passed" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
