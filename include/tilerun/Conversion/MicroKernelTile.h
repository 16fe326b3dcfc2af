//===- MicroKernelTile.h - register tile of the matmul micro-kernel -*- C++ -*-===//
#ifndef TILERUN_CONVERSION_MICROKERNELTILE_H
#define TILERUN_CONVERSION_MICROKERNELTILE_H

#include "tilerun/Conversion/HostFeatures.h"

#include <cstdint>
#include <utility>

namespace tilerun {

/// Register tile (rows x lanes) of the matmul micro-kernel shared by tt.dot
/// and linalg.matmul: enough independent vector accumulators to hide FMA
/// latency without spilling, for the host's vector registers (32 x 512-bit
/// with AVX-512, 16 x 256-bit otherwise). {0, 0} when the shape doesn't fit.
inline std::pair<int64_t, int64_t> microKernelTile(int64_t M, int64_t N) {
  bool wide = hostHasAVX512F();
  int64_t MR = wide ? 8 : 4, NR = wide ? 32 : 16;
  while (MR > 1 && M % MR != 0)
    MR /= 2;
  while (NR > 4 && N % NR != 0)
    NR /= 2;
  if (M % MR != 0 || N % NR != 0)
    return {0, 0};
  return {MR, NR};
}

} // namespace tilerun

#endif // TILERUN_CONVERSION_MICROKERNELTILE_H
