//===- CpuTarget.h - the CPU a kernel is compiled for -----------*- C++ -*-===//
//
// Every choice of the compiler that depends on the CPU (register tiles, the
// vector loops' hints, streaming stores, how exp scales by 2^k) and the code
// generator's target machine read one CpuTarget, built once per compile:
// from the host by default, or from LLVM's CPU and feature names as llc's
// -mcpu and -mattr take them (`tilerun compile --target-cpu`). Its facts
// come from LLVM's own tables for that CPU and those features, so a kernel
// compiled for another CPU gets that CPU's strategy, and a test that names a
// CPU means the same on every machine. CpuTarget::host() is the only code in
// tilerun that looks at the running machine.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_TARGET_CPUTARGET_H
#define TILERUN_TARGET_CPUTARGET_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>

namespace tilerun {

class CpuTarget {
public:
  /// The machine this process runs on: LLVM's name for its CPU and every
  /// feature it reports. Read once per process.
  static const CpuTarget &host();

  /// `cpu` (an LLVM CPU name such as x86-64-v3 or znver4; empty or "native"
  /// for the host's) with `features` ("+avx512f,-amx-tile", applied on top
  /// of the CPU's own) for this process's triple. Fails, naming the culprit,
  /// on an unknown CPU or a feature without its sign.
  static llvm::Expected<CpuTarget> get(llvm::StringRef cpu,
                                       llvm::StringRef features = "");

  const std::string &triple() const { return Triple; }
  const std::string &cpu() const { return Cpu; }
  /// The features given on top of the CPU's own, as LLVM's target machine
  /// takes them (for the host: every feature it reports).
  const std::string &features() const { return Features; }
  /// Whether the target has LLVM feature `name` ("avx512f", "amx-bf16"),
  /// the CPU's own and the given ones together. Only the features named in
  /// CpuTarget.cpp's kQueried are known; any other reads false.
  bool has(llvm::StringRef name) const { return Has.lookup(name); }

  /// Bytes of the widest vector register: 64 with AVX-512, 32 with AVX, 16.
  unsigned vectorBytes() const;
  /// Bytes of the vectors LLVM's own vectorisers use for this CPU: 32 on
  /// AVX-512 CPUs that LLVM tunes to prefer 256-bit vectors (Intel's:
  /// its `prefer-256-bit` tuning), else vectorBytes(). Code that writes
  /// vector operations itself where the TTIR path leaves loops to LLVM
  /// uses it, so that both paths load streams alike (512-bit loads of a
  /// stream are slower there: docs/performance.md).
  unsigned preferredVectorBytes() const;
  /// Architectural vector registers: 32 with AVX-512, else 16.
  unsigned vectorRegisters() const;
  unsigned cacheLineBytes() const { return 64; }
  /// Whether a whole cache line can be written from vector registers
  /// without being read first (x86 with AVX: vmovntps), so the tile loops
  /// of launches larger than the caches may use non-temporal stores.
  bool hasStreamingStores() const { return has("avx"); }
  /// Whether llvm.ldexp is one instruction (AVX-512's vscalefps), so that
  /// exp may scale by 2^k with it rather than by exponent-bit arithmetic.
  bool hasSingleInstructionLdexp() const { return has("avx512f"); }
  /// Bytes of a vector register for which the element and reduction loops
  /// carry LLVM loop metadata (an interleave count, no unrolling), else 0:
  /// AVX without AVX-512, whose 16 registers LLVM's unrolling of those
  /// loops overflows. With AVX-512's 32 registers LLVM's own choices were
  /// as fast; other targets were not measured.
  unsigned vectorLoopHintBytes() const;
  /// The f32 matmul micro-kernel's register tile, {rows, lanes}: rows of
  /// lanes accumulators each, 16 vector registers of independent FMA
  /// chains, enough to hide their latency without spilling: 4 x 64 with
  /// AVX-512's 32 x 512-bit registers, 4 x 16 otherwise (microKernelTile
  /// trades lanes for rows where a result is narrower).
  std::pair<int64_t, int64_t> matmulRegisterTile() const;

  /// Matrix and dot-product instructions, for the dot lowerings that use
  /// them: bf16 and fp16 dot products and arithmetic (AVX512-BF16,
  /// AVX512-FP16), AMX tiles and int8 dot products (VNNI).
  bool hasAVX512BF16() const { return has("avx512bf16"); }
  bool hasAVX512FP16() const { return has("avx512fp16"); }
  bool hasAMXBF16() const { return has("amx-tile") && has("amx-bf16"); }
  bool hasAMXFP16() const { return has("amx-tile") && has("amx-fp16"); }
  bool hasAMXInt8() const { return has("amx-tile") && has("amx-int8"); }
  bool hasVNNI() const { return has("avx512vnni") || has("avxvnni"); }
  /// VNNI on 512-bit vectors (vpdpbusd zmm), which the int8 dot uses.
  bool hasAVX512VNNI() const { return has("avx512vnni"); }
  /// vpdpbusd on 256-bit vectors without AVX-512 (Alder Lake and later
  /// client CPUs, Sapphire Rapids, Zen 5).
  bool hasAVXVNNI() const { return has("avxvnni"); }

  /// "TRIPLE CPU FEATURES": what the compile cache keys objects by.
  std::string str() const;
  /// One line per fact, for `tilerun --print-target` and the tests.
  std::string describe() const;

private:
  static llvm::Expected<CpuTarget> make(llvm::StringRef cpu,
                                        std::string features);

  std::string Triple, Cpu, Features;
  llvm::StringMap<bool> Has;
  /// LLVM's `prefer-256-bit` tuning for the CPU (a tuning, not an
  /// instruction set: not among has()'s features).
  bool Prefers256BitVectors = false;
};

} // namespace tilerun

#endif // TILERUN_TARGET_CPUTARGET_H
