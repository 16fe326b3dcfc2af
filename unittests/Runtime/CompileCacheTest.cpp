//===- CompileCacheTest.cpp - The on-disk compile cache -------------------===//
//
// The cache file format (store/lookup), its environment configuration, and
// Kernel::compile going through it: hits, corrupted entries, and several
// writers racing on one key (threads and processes).
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/CompileCache.h"
#include "tilerun/Runtime/Buffer.h"
#include "tilerun/Runtime/Kernel.h"

#include "tilerun/InitAllDialects.h"

#include "TempDir.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <atomic>
#include <cstdlib>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tilerun;
using namespace llvm;

namespace {

// out[linear pid] = linear pid * scale.
const char *kPidKernel = R"(
llvm.func @pids(%out: !llvm.ptr, %scale: i32,
                %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %a = llvm.mul %pz, %ny : i32
  %b = llvm.add %a, %py : i32
  %c = llvm.mul %b, %nx : i32
  %d = llvm.add %c, %px : i32
  %v = llvm.mul %d, %scale : i32
  %e = llvm.sext %d : i32 to i64
  %p = llvm.getelementptr %out[%e] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.return
}
)";

// A runtime hook must resolve in a kernel loaded from the cache, too.
const char *kErrorKernel = R"(
llvm.mlir.global internal constant @msg("boom\00") {addr_space = 0 : i32}
llvm.func @tilerun_report_error(!llvm.ptr, i32, i32, i32, i64)
llvm.func @fails(%nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %cond = llvm.icmp "eq" %px, %c3 : i32
  llvm.cond_br %cond, ^bb1, ^bb2
^bb1:
  %m = llvm.mlir.addressof @msg : !llvm.ptr
  %none = llvm.mlir.constant(-1 : i64) : i64
  llvm.call @tilerun_report_error(%m, %px, %py, %pz, %none) : (!llvm.ptr, i32, i32, i32, i64) -> ()
  llvm.br ^bb2
^bb2:
  llvm.return
}
)";

/// Sets an environment variable for one scope, restoring the old value.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(const char *n, const char *value) : name(n) {
    if (const char *v = getenv(n))
      old = v;
    if (value)
      setenv(n, value, 1);
    else
      unsetenv(n);
  }
  ~ScopedEnv() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

void writeFile(StringRef path, StringRef bytes) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec);
  os << bytes;
}

std::string readFile(StringRef path) {
  auto b = MemoryBuffer::getFile(path);
  return b ? (*b)->getBuffer().str() : std::string();
}

TEST(CompileCache, StoreThenLookup) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path) + "/nested/dir");
  auto key = CompileCache::makeKey({"a", "b"});
  EXPECT_EQ(cache.lookup(key), nullptr);
  ASSERT_FALSE(bool(cache.store(key, "object bytes")));
  auto hit = cache.lookup(key);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->getBuffer(), "object bytes");
  // Part boundaries are part of the key.
  EXPECT_NE(key, CompileCache::makeKey({"ab", ""}));
  EXPECT_EQ(cache.lookup(CompileCache::makeKey({"ab", ""})), nullptr);
}

TEST(CompileCache, CorruptedFilesAreIgnored) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  auto key = CompileCache::makeKey({"k"});
  auto other = CompileCache::makeKey({"other"});
  std::string payload(1000, 'x');
  ASSERT_FALSE(bool(cache.store(key, payload)));
  std::string good = readFile(cache.pathFor(key));

  std::string flipped = good;
  flipped[flipped.size() - 10] ^= 1;
  writeFile(cache.pathFor(key), flipped);
  EXPECT_EQ(cache.lookup(key), nullptr) << "bit flip in the payload";

  writeFile(cache.pathFor(key), StringRef(good).drop_back(1));
  EXPECT_EQ(cache.lookup(key), nullptr) << "truncated";

  writeFile(cache.pathFor(key), "");
  EXPECT_EQ(cache.lookup(key), nullptr) << "empty";

  writeFile(cache.pathFor(key), std::string(200, '\0'));
  EXPECT_EQ(cache.lookup(key), nullptr) << "garbage";

  writeFile(cache.pathFor(other), good);
  EXPECT_EQ(cache.lookup(other), nullptr) << "entry of another key";

  // The next store repairs the entry.
  ASSERT_FALSE(bool(cache.store(key, payload)));
  ASSERT_NE(cache.lookup(key), nullptr);
}

TEST(CompileCache, Environment) {
  {
    ScopedEnv env("TILERUN_CACHE_DIR", "off");
    EXPECT_FALSE(CompileCache::fromEnvironment().has_value());
  }
  {
    ScopedEnv env("TILERUN_CACHE_DIR", "/some/where");
    auto c = CompileCache::fromEnvironment();
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->directory(), "/some/where");
  }
  {
    ScopedEnv env("TILERUN_CACHE_DIR", nullptr);
    ScopedEnv xdg("XDG_CACHE_HOME", "/xdg");
    auto c = CompileCache::fromEnvironment();
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->directory(), "/xdg/tilerun");
  }
  {
    ScopedEnv env("TILERUN_CACHE_DIR", nullptr);
    ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", "/home/u");
    auto c = CompileCache::fromEnvironment();
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->directory(), "/home/u/.cache/tilerun");
  }
}

/// Sets `path`'s access and modification times to `secondsAgo` before now.
void age(StringRef path, int64_t secondsAgo) {
  int fd;
  ASSERT_FALSE(sys::fs::openFileForReadWrite(path, fd, sys::fs::CD_OpenExisting,
                                             sys::fs::OF_None));
  auto when = std::chrono::time_point_cast<std::chrono::nanoseconds>(
      std::chrono::system_clock::now() - std::chrono::seconds(secondsAgo));
  EXPECT_FALSE(sys::fs::setLastAccessAndModificationTime(fd, when, when));
  sys::fs::closeFile(fd);
}

int64_t secondsSinceAccess(StringRef path) {
  sys::fs::file_status status;
  EXPECT_FALSE(sys::fs::status(path, status));
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now() - status.getLastAccessedTime())
      .count();
}

CachePruningPolicy policy(StringRef settings) {
  auto p = parseCachePruningPolicy(settings);
  EXPECT_TRUE(bool(p)) << toString(p.takeError());
  return p ? *p : CachePruningPolicy();
}

TEST(CompileCache, EntriesAreNamedForPruningAndNoTemporaryRemains) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  auto key = CompileCache::makeKey({"k"});
  ASSERT_FALSE(bool(cache.store(key, "bytes")));
  EXPECT_TRUE(
      sys::path::filename(cache.pathFor(key)).starts_with("llvmcache-"));
  std::error_code ec;
  std::vector<std::string> names;
  for (sys::fs::directory_iterator it(dir.path, ec), end; it != end && !ec;
       it.increment(ec))
    names.push_back(sys::path::filename(it->path()).str());
  EXPECT_EQ(names, std::vector<std::string>{
                       sys::path::filename(cache.pathFor(key)).str()});
}

TEST(CompileCache, PruningRemovesUnusedEntriesAndLeftoversOnly) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  auto used = CompileCache::makeKey({"used"});
  auto unused = CompileCache::makeKey({"unused"});
  ASSERT_FALSE(bool(cache.store(used, "a")));
  ASSERT_FALSE(bool(cache.store(unused, "b")));
  age(cache.pathFor(unused), 3 * 3600);
  // An entry of an earlier version (tilerun's header, `.obj`), a file of the
  // same shape that is not one, the user's own file, and temporary files of
  // a writer that died and of one still writing.
  std::string legacy = dir.file(std::string(64, 'a') + ".obj");
  writeFile(legacy, readFile(cache.pathFor(used)));
  std::string notOurs = dir.file(std::string(64, 'b') + ".obj");
  writeFile(notOurs, "not a cache entry");
  std::string mine = dir.file("notes.txt");
  writeFile(mine, "keep");
  std::string deadTemp = dir.file("tilerun-tmp-dead");
  writeFile(deadTemp, "half");
  std::string liveTemp = dir.file("tilerun-tmp-live");
  writeFile(liveTemp, "half");
  for (const std::string &old : {notOurs, mine, deadTemp})
    age(old, 3 * 24 * 3600);

  cache.prune(policy("prune_interval=0s:prune_after=1h"));
  EXPECT_TRUE(sys::fs::exists(cache.pathFor(used)));
  EXPECT_FALSE(sys::fs::exists(cache.pathFor(unused)));
  EXPECT_FALSE(sys::fs::exists(legacy));
  EXPECT_FALSE(sys::fs::exists(deadTemp));
  for (const std::string &kept : {notOurs, mine, liveTemp})
    EXPECT_TRUE(sys::fs::exists(kept)) << kept;
  EXPECT_NE(cache.lookup(used), nullptr);
}

TEST(CompileCache, PruningToACountKeepsTheMostRecentlyUsed) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  std::vector<CompileCache::Key> keys;
  for (int i = 0; i < 3; ++i) {
    keys.push_back(CompileCache::makeKey({std::to_string(i)}));
    ASSERT_FALSE(bool(cache.store(keys.back(), "x")));
    age(cache.pathFor(keys.back()), 100 - i * 10); // the last one newest
  }
  // Within the interval nothing is scanned; past it, the oldest goes.
  cache.prune(policy("prune_interval=0s:cache_size_files=3"));
  cache.prune(policy("prune_interval=1h:cache_size_files=1"));
  for (auto &key : keys)
    EXPECT_TRUE(sys::fs::exists(cache.pathFor(key)));
  cache.prune(policy("prune_interval=0s:cache_size_files=2"));
  EXPECT_FALSE(sys::fs::exists(cache.pathFor(keys[0])));
  EXPECT_TRUE(sys::fs::exists(cache.pathFor(keys[1])));
  EXPECT_TRUE(sys::fs::exists(cache.pathFor(keys[2])));
}

// The property pruning needs: a hit counts as a use. Linux's default
// (relatime) records a read of a day-old file by itself; the cache refreshes
// the time too, for file systems mounted noatime.
TEST(CompileCache, AHitRefreshesAStaleAccessTime) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  auto key = CompileCache::makeKey({"k"});
  ASSERT_FALSE(bool(cache.store(key, "bytes")));
  age(cache.pathFor(key), 10 * 24 * 3600);
  ASSERT_GT(secondsSinceAccess(cache.pathFor(key)), 9 * 24 * 3600);
  ASSERT_NE(cache.lookup(key), nullptr);
  EXPECT_LT(secondsSinceAccess(cache.pathFor(key)), 3600);
  // A hit keeps its entry through an expiry that would remove it otherwise.
  cache.prune(policy("prune_interval=0s:prune_after=24h"));
  EXPECT_NE(cache.lookup(key), nullptr);
}

TEST(CompileCache, PruningPolicyFromEnvironment) {
  {
    ScopedEnv env("TILERUN_CACHE_POLICY", nullptr);
    auto p = CompileCache::pruningPolicy();
    ASSERT_TRUE(bool(p)) << toString(p.takeError());
    EXPECT_EQ(p->Expiration, std::chrono::hours(720));
    EXPECT_EQ(p->MaxSizeBytes, uint64_t(1) << 30);
    EXPECT_EQ(p->MaxSizePercentageOfAvailableSpace, 75u);
    EXPECT_EQ(*p->Interval, std::chrono::minutes(20));
  }
  {
    ScopedEnv env("TILERUN_CACHE_POLICY", "cache_size_bytes=5m:prune_after=2h");
    auto p = CompileCache::pruningPolicy();
    ASSERT_TRUE(bool(p)) << toString(p.takeError());
    EXPECT_EQ(p->MaxSizeBytes, uint64_t(5) << 20);
    EXPECT_EQ(p->Expiration, std::chrono::hours(2));
    EXPECT_EQ(*p->Interval, std::chrono::minutes(20)); // a default kept
  }
  {
    ScopedEnv env("TILERUN_CACHE_POLICY", "prune_after=soon");
    auto p = CompileCache::pruningPolicy();
    ASSERT_FALSE(bool(p));
    std::string message = toString(p.takeError());
    EXPECT_NE(message.find("TILERUN_CACHE_POLICY='prune_after=soon'"),
              std::string::npos)
        << message;
  }
}

// Two processes write different payloads under one key while reading it: a
// reader sees nothing or one complete payload, never a mix.
TEST(CompileCache, ProcessesRaceOnOneKey) {
  TempDir dir("tilerun-cache-test");
  CompileCache cache(std::string(dir.path));
  auto key = CompileCache::makeKey({"shared"});
  std::string payloads[2] = {std::string(300000, 'a'),
                             std::string(200000, 'b')};
  pid_t children[2];
  for (int i = 0; i < 2; ++i) {
    children[i] = fork();
    ASSERT_GE(children[i], 0);
    if (children[i] == 0) {
      int bad = 0;
      for (int iter = 0; iter < 100; ++iter) {
        if (Error e = cache.store(key, payloads[i])) {
          consumeError(std::move(e));
          ++bad;
        }
        if (auto hit = cache.lookup(key))
          bad += hit->getBuffer() != payloads[0] &&
                 hit->getBuffer() != payloads[1];
      }
      _exit(bad ? 1 : 0);
    }
  }
  for (pid_t child : children) {
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  // No temporary files are left behind.
  std::error_code ec;
  int files = 0;
  for (sys::fs::directory_iterator it(dir.path, ec), end; it != end && !ec;
       it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1);
}

class CachedKernelTest : public ::testing::Test {
protected:
  void SetUp() override {
    mlir::DialectRegistry registry;
    tilerun::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
  }
  std::unique_ptr<Kernel> compile(mlir::MLIRContext &context, StringRef ir) {
    auto module = mlir::parseSourceString<mlir::ModuleOp>(ir, &context);
    EXPECT_TRUE(bool(module));
    if (!module)
      return nullptr;
    auto k = Kernel::compile(*module, "");
    EXPECT_TRUE(bool(k)) << (k ? "" : toString(k.takeError()));
    return k ? std::move(*k) : nullptr;
  }
  static bool runsCorrectly(const Kernel &kernel) {
    auto b = Buffer::allocate(DType::I32, {600});
    KernelArg args[] = {KernelArg::buffer(*b), KernelArg::scalar(5)};
    if (Error e = kernel.launch(Grid{10, 6, 10}, args, {2})) {
      consumeError(std::move(e));
      return false;
    }
    for (int i = 0; i < 600; ++i)
      if (b->dataAs<int32_t>()[i] != i * 5)
        return false;
    return true;
  }
  mlir::MLIRContext ctx;
};

TEST_F(CachedKernelTest, SecondCompileHits) {
  TempDir dir("tilerun-cache-test");
  ScopedEnv env("TILERUN_CACHE_DIR", dir.path.c_str());
  auto first = compile(ctx, kPidKernel);
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->fromCache());
  auto second = compile(ctx, kPidKernel);
  ASSERT_TRUE(second);
  EXPECT_TRUE(second->fromCache());
  EXPECT_TRUE(runsCorrectly(*second));
  EXPECT_EQ(second->signature().params.size(), 2u);

  auto failing = compile(ctx, kErrorKernel);
  auto failingCached = compile(ctx, kErrorKernel);
  ASSERT_TRUE(failing && failingCached);
  EXPECT_TRUE(failingCached->fromCache());
  Error e = failingCached->launch(Grid{8, 1, 1}, {}, {1});
  ASSERT_TRUE(bool(e));
  EXPECT_NE(toString(std::move(e)).find("boom"), std::string::npos);

  // Compile options are part of the key.
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kPidKernel, &ctx);
  CompileOptions checked;
  checked.checked = true;
  auto k = Kernel::compile(*module, "", checked);
  ASSERT_TRUE(bool(k)) << toString(k.takeError());
  EXPECT_FALSE((*k)->fromCache());
}

TEST_F(CachedKernelTest, DisabledByEnvironment) {
  TempDir dir("tilerun-cache-test");
  ScopedEnv env("TILERUN_CACHE_DIR", "off");
  ASSERT_TRUE(compile(ctx, kPidKernel));
  auto again = compile(ctx, kPidKernel);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->fromCache());
}

TEST_F(CachedKernelTest, CorruptedEntryRecompiles) {
  TempDir dir("tilerun-cache-test");
  ScopedEnv env("TILERUN_CACHE_DIR", dir.path.c_str());
  ASSERT_TRUE(compile(ctx, kPidKernel));
  std::error_code ec;
  int corrupted = 0;
  for (sys::fs::directory_iterator it(dir.path, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (!sys::path::filename(it->path()).starts_with("llvmcache-"))
      continue; // pruning's timestamp
    std::string bytes = readFile(it->path());
    ASSERT_GT(bytes.size(), 100u);
    bytes[bytes.size() / 2] ^= 0x5a;
    writeFile(it->path(), bytes);
    ++corrupted;
  }
  ASSERT_EQ(corrupted, 1);
  auto k = compile(ctx, kPidKernel);
  ASSERT_TRUE(k);
  EXPECT_FALSE(k->fromCache());
  EXPECT_TRUE(runsCorrectly(*k));
  // The recompile rewrote the entry.
  auto again = compile(ctx, kPidKernel);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->fromCache());
  EXPECT_TRUE(runsCorrectly(*again));
}

// A cache that cannot be written (here its directory cannot be made, the
// path running through a file) warns once and leaves the kernels running.
TEST_F(CachedKernelTest, UnwritableDirectoryWarnsOnce) {
  TempDir dir("tilerun-cache-test");
  writeFile(dir.file("file"), "not a directory");
  std::string cacheDir = dir.file("file") + "/cache";
  ScopedEnv env("TILERUN_CACHE_DIR", cacheDir.c_str());
  auto first = compile(ctx, kPidKernel);
  ASSERT_TRUE(first);
  ASSERT_EQ(first->warnings().size(), 1u);
  EXPECT_NE(first->warnings()[0].find("cache cannot be written"),
            std::string::npos)
      << first->warnings()[0];
  EXPECT_NE(first->warnings()[0].find(cacheDir), std::string::npos);
  EXPECT_TRUE(runsCorrectly(*first));
  for (const char *ir : {kErrorKernel, kPidKernel}) {
    auto k = compile(ctx, ir);
    ASSERT_TRUE(k);
    EXPECT_TRUE(k->warnings().empty()) << k->warnings()[0];
    EXPECT_FALSE(k->fromCache());
  }
}

// Threads with their own contexts compile the same kernel at once: every one
// gets a working kernel whether it compiled, raced a writer or hit.
TEST_F(CachedKernelTest, ThreadsRaceOnOneKey) {
  TempDir dir("tilerun-cache-test");
  ScopedEnv env("TILERUN_CACHE_DIR", dir.path.c_str());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int iter = 0; iter < 3; ++iter) {
        mlir::MLIRContext context;
        mlir::DialectRegistry registry;
        tilerun::registerAllDialects(registry);
        context.appendDialectRegistry(registry);
        context.disableMultithreading();
        auto k = compile(context, kPidKernel);
        if (!k || !runsCorrectly(*k))
          ++failures;
      }
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  auto last = compile(ctx, kPidKernel);
  ASSERT_TRUE(last);
  EXPECT_TRUE(last->fromCache());
}

} // namespace
