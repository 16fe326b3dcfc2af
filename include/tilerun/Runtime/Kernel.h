//===- Kernel.h - A compiled kernel, launched many times --------*- C++ -*-===//
#ifndef TILERUN_RUNTIME_KERNEL_H
#define TILERUN_RUNTIME_KERNEL_H

#include "tilerun/Compiler/Compiler.h"
#include "tilerun/Runtime/KernelSignature.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm::orc {
class LLJIT;
}

namespace tilerun {

class Buffer;

struct Grid {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t numPrograms() const { return uint64_t(x) * y * z; }
};

/// One argument of a launch: a buffer for pointer/memref parameters, raw
/// little-endian bits for scalars (see parseScalar). A host tensor
/// descriptor is its base tensor's buffer, with `scalarBits` its padding
/// (kPadZero or kPadNaN).
struct KernelArg {
  static constexpr uint64_t kPadZero = 0, kPadNaN = 1;
  void *data = nullptr;
  int64_t numElements = 0;
  uint64_t scalarBits = 0;
  bool isBuffer = false;

  static KernelArg buffer(void *data, int64_t numElements) {
    return {data, numElements, 0, true};
  }
  static KernelArg buffer(Buffer &b);
  static KernelArg scalar(uint64_t bits) { return {nullptr, 0, bits, false}; }
  static KernelArg descriptor(void *data, int64_t numElements,
                              uint64_t padding) {
    return {data, numElements, padding, true};
  }
};

/// Where compiled objects are cached: the environment's choice
/// (CompileCache::fromEnvironment), a directory, or nowhere ("").
struct CacheLocation {
  std::optional<std::string> dir;
};

struct LaunchOptions {
  /// Worker threads including the caller; 0 = all cores.
  unsigned threads = 0;
};

class Kernel {
public:
  /// Lowers a clone of `module` and JIT-compiles kernel `name` (empty: the
  /// only kernel) for the host CPU. Lowering diagnostics go to the context's
  /// handler; the returned error summarizes. Problems that do not stop the
  /// compile are kept as warnings().
  static llvm::Expected<std::unique_ptr<Kernel>>
  compile(mlir::ModuleOp module, llvm::StringRef name,
          const CompileOptions &options = {}, const CacheLocation &cache = {});
  ~Kernel();

  /// The kernel's native object code for the host CPU, which
  /// loadObject() takes back.
  llvm::Expected<std::string> objectCode() const;
  /// A kernel from objectCode()'s bytes and the signature it was compiled
  /// with, without compiling; `checked` and `amx` as it was compiled. An AMX
  /// kernel fails to load where Linux refuses the process the tile state.
  static llvm::Expected<std::unique_ptr<Kernel>>
  loadObject(llvm::StringRef object, KernelSignature signature, bool checked,
             bool amx);
  /// Whether the kernel was compiled with bounds checks.
  bool isChecked() const { return Checked; }
  /// Whether the kernel may multiply on AMX tiles: compiled with
  /// CompileOptions::amx for a CPU that has them, the tile state granted.
  bool usesAMX() const { return UsesAMX; }

  /// The LLVM IR tilerun's lowering produces for kernel `name` of `module`
  /// (before LLVM's optimisation pipeline), as text.
  static llvm::Expected<std::string>
  emitLLVMIR(mlir::ModuleOp module, llvm::StringRef name,
             const CompileOptions &options = {});

  /// Runs every program of `grid`. Thread-safe: several threads may launch
  /// one Kernel at once. Fails on bad arguments or when the kernel reported an
  /// error (tilerun_report_error) in any program.
  llvm::Error launch(const Grid &grid, llvm::ArrayRef<KernelArg> args,
                     const LaunchOptions &options = {}) const;

  const KernelSignature &signature() const { return Signature; }
  double compileMillis() const { return CompileMs; }
  /// True when the object code came from the on-disk compile cache.
  bool fromCache() const { return FromCache; }
  /// What went wrong in compile() without stopping it, one message each: a
  /// compile cache that could not be written (the kernel runs, uncached),
  /// and on the process's first compile that wanted AMX tiles, Linux's
  /// refusal of the tile state (the kernel uses the dot-product
  /// instructions).
  llvm::ArrayRef<std::string> warnings() const { return Warnings; }

private:
  Kernel() = default;
  /// A kernel running `object`, linked into a JIT of its own; `where` names
  /// the object in errors.
  static llvm::Expected<std::unique_ptr<Kernel>>
  link(std::string object, llvm::StringRef name, llvm::StringRef where);
  KernelSignature Signature;
  /// The kernel's code: every kernel, compiled here, found in the compile
  /// cache or loaded, is its object file linked into this JIT.
  std::unique_ptr<llvm::orc::LLJIT> Jit;
  /// The object Jit was linked from.
  std::string Object;
  bool FromCache = false;
  std::vector<std::string> Warnings;
  void (*Entry)(void **) = nullptr;
  double CompileMs = 0;
  /// Compiled with bounds checks: launches register their buffers.
  bool Checked = false;
  bool UsesAMX = false;
  /// Stack bytes of a program's buffers. Above kPooledFrameBytes, launches
  /// run on threads with stacks sized for them.
  uint64_t ProgramBytes = 0;
  static constexpr uint64_t kPooledFrameBytes = uint64_t(2) << 20;
  static constexpr uint64_t kStackMarginBytes = uint64_t(8) << 20;
  /// Stack a program needs besides its buffers, for the decision whether a
  /// thread (the caller, a pool thread) can run it at all.
  static constexpr uint64_t kFrameMarginBytes = uint64_t(64) << 10;
  static bool stackHolds(uint64_t bytes);
  static uint64_t programBytes(const Kernel &kernel, llvm::StringRef name);
  llvm::Error launchOnOwnThreads(uint64_t count,
                                 llvm::function_ref<void()> work) const;
};

} // namespace tilerun

#endif // TILERUN_RUNTIME_KERNEL_H
