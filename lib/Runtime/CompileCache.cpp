//===- CompileCache.cpp - Persistent cache of compiled kernels ------------===//
#include "tilerun/Runtime/CompileCache.h"
#include "tilerun/Runtime/RuntimeSymbols.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstring>
#include <dlfcn.h>
#include <mutex>

using namespace llvm;

namespace tilerun {

#ifndef TILERUN_VERSION
#define TILERUN_VERSION "unknown"
#endif

StringRef tilerunVersion() { return TILERUN_VERSION; }

namespace {
// Layout of a cache file: magic, format version, key digest, payload size,
// xxh3 of the payload, payload. The digest guards against a file renamed or
// copied under another key; the checksum against truncation and bit rot.
constexpr char kMagic[8] = {'T', 'R', 'N', 'C', 'A', 'C', 'H', 'E'};
constexpr uint32_t kFormatVersion = 1;
constexpr size_t kHeaderSize = sizeof(kMagic) + 4 + 32 + 8 + 8;
} // namespace

std::optional<CompileCache> CompileCache::fromEnvironment() {
  if (std::optional<std::string> dir =
          sys::Process::GetEnv("TILERUN_CACHE_DIR")) {
    if (dir->empty() || StringRef(*dir).equals_insensitive("off"))
      return std::nullopt;
    return CompileCache(*dir);
  }
  SmallString<256> path;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && sys::path::is_absolute(*xdg)) {
    path = *xdg;
  } else if (std::optional<std::string> home = sys::Process::GetEnv("HOME");
             home && !home->empty()) {
    path = *home;
    sys::path::append(path, ".cache");
  } else {
    return std::nullopt;
  }
  sys::path::append(path, "tilerun");
  return CompileCache(std::string(path));
}

CompileCache::Key CompileCache::makeKey(ArrayRef<StringRef> parts) {
  SHA256 hasher;
  for (StringRef part : parts) {
    uint8_t len[8];
    support::endian::write64le(len, part.size());
    hasher.update(ArrayRef<uint8_t>(len));
    hasher.update(part);
  }
  return hasher.final();
}

/// The directories of this process whose stores failed, by path as given.
static std::mutex unwritableMutex;
static StringSet<> &unwritableDirectories() {
  static auto *dirs = new StringSet<>(); // leaked: compiles may run at exit
  return *dirs;
}

bool CompileCache::isWritable() const {
  std::lock_guard<std::mutex> lock(unwritableMutex);
  return !unwritableDirectories().contains(Dir);
}

bool CompileCache::markUnwritable() const {
  std::lock_guard<std::mutex> lock(unwritableMutex);
  return unwritableDirectories().insert(Dir).second;
}

/// The prefix LLVM's cache pruning recognises as an entry's.
constexpr StringLiteral kEntryPrefix = "llvmcache-";
/// Temporary files' prefix: not an entry's, so that pruning never removes a
/// file a writer has yet to rename into place.
constexpr StringLiteral kTempPrefix = "tilerun-tmp-";
/// Defaults under $TILERUN_CACHE_POLICY's settings, in LLVM's syntax.
constexpr StringLiteral kDefaultPolicy =
    "prune_interval=20m:prune_after=720h:cache_size=75%:cache_size_bytes=1g";
/// A temporary file this old belongs to a writer that died.
constexpr std::chrono::hours kAbandonedAfter(24);
/// How stale a hit's access time may be before the hit refreshes it.
constexpr std::chrono::hours kAccessTimeGranularity(24);

std::string CompileCache::pathFor(const Key &key) const {
  SmallString<256> path(Dir);
  sys::path::append(
      path, kEntryPrefix + toHex(ArrayRef<uint8_t>(key), /*LowerCase=*/true));
  return std::string(path);
}

/// Marks the entry at `path` as used now for pruning, which orders entries
/// by access time, unless its access time is recent already. Best effort:
/// a read-only directory keeps the file system's times.
static void refreshAccessTime(const std::string &path) {
  sys::fs::file_status status;
  if (sys::fs::status(path, status))
    return;
  auto now = std::chrono::time_point_cast<std::chrono::nanoseconds>(
      std::chrono::system_clock::now());
  if (now - status.getLastAccessedTime() < kAccessTimeGranularity)
    return;
  int fd;
  if (sys::fs::openFileForReadWrite(path, fd, sys::fs::CD_OpenExisting,
                                    sys::fs::OF_None))
    return;
  (void)sys::fs::setLastAccessAndModificationTime(
      fd, now, status.getLastModificationTime());
  sys::fs::closeFile(fd);
}

Expected<CachePruningPolicy> CompileCache::pruningPolicy() {
  std::string settings = kDefaultPolicy.str();
  std::optional<std::string> user =
      sys::Process::GetEnv("TILERUN_CACHE_POLICY");
  if (user && !user->empty())
    settings += ":" + *user;
  Expected<CachePruningPolicy> policy = parseCachePruningPolicy(settings);
  if (!policy)
    return createStringError(inconvertibleErrorCode(),
                             "TILERUN_CACHE_POLICY='" + user.value_or("") +
                                 "': " + toString(policy.takeError()));
  return policy;
}

/// Whether `path` starts with tilerun's cache header: a file that an
/// earlier version named `<hex digest>.obj`.
static bool hasCacheHeader(const Twine &path) {
  auto file = MemoryBuffer::getFileSlice(path, sizeof(kMagic), 0,
                                         /*IsVolatile=*/false);
  return file && (*file)->getBufferSize() == sizeof(kMagic) &&
         std::memcmp((*file)->getBufferStart(), kMagic, sizeof(kMagic)) == 0;
}

void CompileCache::prune(const CachePruningPolicy &policy) const {
  if (!pruneCache(Dir, policy))
    return;
  std::error_code ec;
  auto now = std::chrono::system_clock::now();
  for (sys::fs::directory_iterator it(Dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = sys::path::filename(it->path());
    bool legacyEntry = name.size() == 64 + 4 && name.ends_with(".obj") &&
                       llvm::all_of(name.drop_back(4), isHexDigit) &&
                       hasCacheHeader(it->path());
    bool abandoned = false;
    if (name.starts_with(kTempPrefix) ||
        (name.size() > 64 + 4 && name.substr(64, 8) == ".obj.tmp")) {
      ErrorOr<sys::fs::basic_file_status> status = it->status();
      abandoned =
          status && now - status->getLastModificationTime() > kAbandonedAfter;
    }
    if (legacyEntry || abandoned)
      (void)sys::fs::remove(it->path());
  }
}

std::unique_ptr<MemoryBuffer> CompileCache::lookup(const Key &key) const {
  // Not memory-mapped: another process may rename a fresh file over this one
  // meanwhile, which is fine for a private copy.
  auto file = MemoryBuffer::getFile(pathFor(key), /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
  if (!file)
    return nullptr;
  StringRef data = (*file)->getBuffer();
  if (data.size() < kHeaderSize ||
      std::memcmp(data.data(), kMagic, sizeof(kMagic)) != 0)
    return nullptr;
  const char *p = data.data() + sizeof(kMagic);
  if (support::endian::read32le(p) != kFormatVersion)
    return nullptr;
  p += 4;
  if (std::memcmp(p, key.data(), key.size()) != 0)
    return nullptr;
  p += key.size();
  uint64_t size = support::endian::read64le(p);
  uint64_t checksum = support::endian::read64le(p + 8);
  StringRef payload = data.drop_front(kHeaderSize);
  if (payload.size() != size || xxh3_64bits(payload) != checksum)
    return nullptr;
  refreshAccessTime(pathFor(key));
  return MemoryBuffer::getMemBufferCopy(payload, pathFor(key));
}

Error CompileCache::store(const Key &key, StringRef payload) const {
  if (std::error_code ec = sys::fs::create_directories(Dir))
    return createStringError(ec, "cannot create cache directory '" + Dir +
                                     "': " + ec.message());
  std::string finalPath = pathFor(key);
  // Same directory as the final file so that the rename stays atomic (one
  // file system); the random suffix keeps concurrent writers apart.
  SmallString<256> tmpPattern(Dir);
  sys::path::append(tmpPattern, kTempPrefix +
                                    toHex(ArrayRef<uint8_t>(key), true) +
                                    "-%%%%%%%%");
  SmallString<256> tmpPath;
  int fd;
  if (std::error_code ec = sys::fs::createUniqueFile(tmpPattern, fd, tmpPath))
    return createStringError(ec, "cannot create a file in '" + Dir +
                                     "': " + ec.message());
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    char header[kHeaderSize];
    char *p = header;
    std::memcpy(p, kMagic, sizeof(kMagic));
    p += sizeof(kMagic);
    support::endian::write32le(p, kFormatVersion);
    p += 4;
    std::memcpy(p, key.data(), key.size());
    p += key.size();
    support::endian::write64le(p, payload.size());
    support::endian::write64le(p + 8, xxh3_64bits(payload));
    os.write(header, kHeaderSize);
    os << payload;
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      sys::fs::remove(tmpPath);
      return createStringError(ec, "cannot write '" + tmpPath +
                                       "': " + ec.message());
    }
  }
  if (std::error_code ec = sys::fs::rename(tmpPath, finalPath)) {
    sys::fs::remove(tmpPath);
    return createStringError(ec, "cannot rename into '" + finalPath +
                                     "': " + ec.message());
  }
  return Error::success();
}

} // namespace tilerun

namespace tilerun {

/// The size and modification time of the binary this compiler is linked
/// into (the tool, or libtilerun.so inside a Python or C program), so a
/// rebuilt compiler never reuses objects of the old one even when the
/// version string did not change. dladdr names the object holding this
/// function; LLVM's getMainExecutable would name the process's executable
/// (python), which a rebuilt library leaves unchanged.
static std::string buildIdentity() {
  static const std::string identity = [] {
    std::string binary;
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&buildIdentity), &info) &&
        info.dli_fname && *info.dli_fname)
      binary = info.dli_fname;
    else
      binary = sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&buildIdentity));
    SmallString<256> real;
    if (!sys::fs::real_path(binary, real))
      binary = std::string(real);
    sys::fs::file_status status;
    if (binary.empty() || sys::fs::status(binary, status))
      return std::string("unknown");
    return binary + ":" + std::to_string(status.getSize()) + ":" +
           std::to_string(
               status.getLastModificationTime().time_since_epoch().count());
  }();
  return identity;
}

CompileCache::Key kernelCacheKey(mlir::ModuleOp module, StringRef name,
                                 const CompileOptions &options,
                                 const orc::JITTargetMachineBuilder &target) {
  // Locations are kept: checked mode puts them into its error messages.
  std::string ir;
  raw_string_ostream os(ir);
  module->print(os, mlir::OpPrintingFlags()
                        .enableDebugInfo(/*enable=*/true, /*prettyForm=*/false)
                        .assumeVerified());
  // Every CompileOptions field that changes code generation belongs here.
  std::string opts =
      "checked=" + std::to_string(options.checked) +
      ",max-program-bytes=" + std::to_string(options.maxProgramBytes) +
      ",amx=" + std::to_string(options.amx);
  std::string features = target.getFeatures().getString();
  return CompileCache::makeKey({"tilerun-object-v1", tilerunVersion(),
                                LLVM_VERSION_STRING, buildIdentity(),
                                target.getTargetTriple().str(), target.getCPU(),
                                features, opts, name, ir});
}

Expected<std::unique_ptr<orc::LLJIT>>
loadCachedObject(std::unique_ptr<MemoryBuffer> object,
                 orc::JITTargetMachineBuilder target) {
  // The same linking layer ExecutionEngine uses, so a cached object behaves
  // exactly like a freshly compiled one.
  auto jit = orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(target))
                 .setObjectLinkingLayerCreator(
                     [](orc::ExecutionSession &session)
                         -> Expected<std::unique_ptr<orc::ObjectLayer>> {
                       return std::make_unique<orc::RTDyldObjectLinkingLayer>(
                           session, [](const MemoryBuffer &) {
                             return std::make_unique<SectionMemoryManager>();
                           });
                     })
                 .create();
  if (!jit)
    return jit.takeError();
  orc::JITDylib &main = (*jit)->getMainJITDylib();
  auto process = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  if (Error e = registerRuntimeSymbols(**jit))
    return std::move(e);
  if (Error e = (*jit)->addObjectFile(std::move(object)))
    return std::move(e);
  if (Error e = (*jit)->initialize(main))
    return std::move(e);
  return std::move(*jit);
}

} // namespace tilerun
