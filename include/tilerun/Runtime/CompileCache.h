//===- CompileCache.h - Persistent cache of compiled kernels ----*- C++ -*-===//
//
// JIT-compiling a kernel runs the whole MLIR pipeline and LLVM -O3; a repeated
// `tilerun run` of the same kernel should not pay that again. The cache maps a
// key (a SHA-256 over everything that decides the machine code: the IR, the
// kernel name, the compile options, the host triple/CPU/features, tilerun's
// and LLVM's versions and the identity of the running binary) to the object
// file the JIT produced.
//
// One file per key, `llvmcache-<hex digest>`, written to a unique temporary
// file in the same directory and renamed into place, so several processes may
// share a directory: a reader sees either no file or a complete one. Each file
// carries the key digest and a checksum of its payload; anything that does not
// match (truncated, corrupted, from another key) is ignored and overwritten by
// the next store.
//
// The directory is kept in bounds by LLVM's cache pruning (the ThinLTO
// cache's), which removes least recently used entries past a size, count or
// age, scanning at most once per interval; the name prefix is what it
// recognises, so nothing else in the directory is touched. A hit refreshes
// its entry's access time, which pruning orders by, where the file system
// would not (noatime, or relatime's once a day).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_COMPILECACHE_H
#define TILERUN_RUNTIME_COMPILECACHE_H

#include "tilerun/Compiler/Compiler.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace llvm::orc {
class JITTargetMachineBuilder;
class LLJIT;
} // namespace llvm::orc

namespace tilerun {

class CompileCache {
public:
  using Key = std::array<uint8_t, 32>;

  explicit CompileCache(std::string dir) : Dir(std::move(dir)) {}

  /// The directory named by the environment: $TILERUN_CACHE_DIR, else
  /// $XDG_CACHE_HOME/tilerun, else $HOME/.cache/tilerun. None when
  /// TILERUN_CACHE_DIR is "off" (or empty) or no location can be derived.
  static std::optional<CompileCache> fromEnvironment();

  /// Hashes `parts` (length-prefixed, so part boundaries matter).
  static Key makeKey(llvm::ArrayRef<llvm::StringRef> parts);

  /// The stored payload for `key`, or null when absent or invalid.
  std::unique_ptr<llvm::MemoryBuffer> lookup(const Key &key) const;

  /// Stores `payload` for `key` atomically (temp file + rename), creating the
  /// directory if needed. Failure is harmless for callers: the cache is an
  /// optimisation, so they may just drop the error.
  llvm::Error store(const Key &key, llvm::StringRef payload) const;

  /// The pruning policy: tilerun's defaults (entries unused for 30 days
  /// go, and the oldest past 1 GiB or 75 % of the free space; a scan at most
  /// every 20 minutes), with $TILERUN_CACHE_POLICY's settings in LLVM's
  /// syntax on top ("prune_after=24h:cache_size_bytes=256m"). An error
  /// names the variable when it does not parse.
  static llvm::Expected<llvm::CachePruningPolicy> pruningPolicy();

  /// Prunes the directory by `policy` if its interval has passed since the
  /// last scan. A scan also removes what earlier versions left: entries
  /// named `<hex digest>.obj` that carry tilerun's header, and temporary
  /// files more than a day old (a writer that died).
  void prune(const llvm::CachePruningPolicy &policy) const;

  /// False once a store into this directory failed in this process: a
  /// read-only or full cache fails every store, so callers stop trying.
  bool isWritable() const;
  /// Records that a store into this directory failed; true only for the
  /// first caller, which reports it.
  bool markUnwritable() const;

  std::string pathFor(const Key &key) const;
  const std::string &directory() const { return Dir; }

private:
  std::string Dir;
};

/// tilerun's version, as set in CMake; part of every cache key.
llvm::StringRef tilerunVersion();

/// The key of kernel `name` of `module` compiled with `options` for `target`.
CompileCache::Key
kernelCacheKey(mlir::ModuleOp module, llvm::StringRef name,
               const CompileOptions &options,
               const llvm::orc::JITTargetMachineBuilder &target);

/// Links an object file (a cached one, or one just compiled) into a fresh JIT
/// that resolves tilerun's runtime hooks and the process's symbols (libm,
/// libc).
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
loadCachedObject(std::unique_ptr<llvm::MemoryBuffer> object,
                 llvm::orc::JITTargetMachineBuilder target);

} // namespace tilerun

#endif // TILERUN_RUNTIME_COMPILECACHE_H
