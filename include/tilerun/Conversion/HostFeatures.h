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

} // namespace tilerun

#endif // TILERUN_CONVERSION_HOSTFEATURES_H
