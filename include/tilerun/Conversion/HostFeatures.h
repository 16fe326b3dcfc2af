//===- HostFeatures.h - what the JIT's target CPU offers ----------*- C++ -*-===//
//
// tilerun compiles for the host it runs on; code shapes that depend on the
// vector ISA (register tiles, how exp scales by 2^k) ask here.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CONVERSION_HOSTFEATURES_H
#define TILERUN_CONVERSION_HOSTFEATURES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

namespace tilerun {

/// Whether the host has AVX-512F: 32 x 512-bit vector registers, and
/// `llvm.ldexp` as the single instruction vscalefps.
inline bool hostHasAVX512F() {
  static const bool has =
      llvm::sys::getHostCPUFeatures().lookup("avx512f");
  return has;
}

/// Whether the host can write a cache line without reading it first, from
/// vector registers: x86 with AVX (`vmovntps`). A 64-byte non-temporal store
/// is one instruction with AVX-512 and two 32-byte ones with AVX; either way
/// the line is written whole, in the core's write-combining buffer, so the
/// line is never read for ownership.
inline bool hostHasStreamingStores() {
  static const bool has = llvm::sys::getHostCPUFeatures().lookup("avx");
  return has;
}

/// Bytes of a vector register where the tile loops should carry LLVM loop
/// metadata (ConvertTritonToLoops' `vector-loop-hints`), else 0: x86 with
/// AVX but not AVX-512, whose 16 registers LLVM's unrolling of those loops
/// overflows. With AVX-512's 32 registers LLVM's own choices were measured
/// to be as fast, and other targets were not measured.
inline unsigned hostVectorLoopHintBytes() {
  return hostHasStreamingStores() && !hostHasAVX512F() ? 32 : 0;
}

} // namespace tilerun

#endif // TILERUN_CONVERSION_HOSTFEATURES_H
