//===- MicroKernelTile.h - matmul micro-kernel register tile ----*- C++ -*-===//
#ifndef TILERUN_CONVERSION_MICROKERNELTILE_H
#define TILERUN_CONVERSION_MICROKERNELTILE_H

#include <cstdint>
#include <utility>

namespace tilerun {

/// Register tile (rows x lanes) of the matmul micro-kernel shared by tt.dot
/// and linalg.matmul for an M x N result: the target's tile (`maxRows` x
/// `maxLanes`, CpuTarget::matmulRegisterTile, given to the passes as
/// options), its lanes halved until they divide N, then its rows halved
/// until they divide M. A halving that leaves rows of at least 16 lanes
/// (whole 512-bit vectors) doubles the rows, so that as many accumulator
/// registers stay busy; below that a row no longer fills its register and
/// more rows would spill. {0, 0} when the shape doesn't fit.
inline std::pair<int64_t, int64_t>
microKernelTile(int64_t M, int64_t N, int64_t maxRows, int64_t maxLanes) {
  int64_t MR = maxRows, NR = maxLanes;
  while (NR > 4 && N % NR != 0) {
    NR /= 2;
    if (NR >= 16)
      MR *= 2;
  }
  while (MR > 1 && M % MR != 0)
    MR /= 2;
  if (MR < 1 || NR < 1 || M % MR != 0 || N % NR != 0)
    return {0, 0};
  return {MR, NR};
}

} // namespace tilerun

#endif // TILERUN_CONVERSION_MICROKERNELTILE_H
