//===- AMXState.h - Linux's permission for AMX tile state -------*- C++ -*-===//
//
// Linux gives a process AMX's tile data state only on request
// (arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)); a tile instruction
// before it faults. Kernels compiled with AMX tiles need it granted first.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_SUPPORT_AMXSTATE_H
#define TILERUN_RUNTIME_SUPPORT_AMXSTATE_H

namespace tilerun {

/// Asks Linux, once per process, for the AMX tile state. True when granted;
/// false on a CPU or kernel without AMX, and when refused (with a one-line
/// note on stderr saying so).
bool requestAMXTileState();

} // namespace tilerun

#endif // TILERUN_RUNTIME_SUPPORT_AMXSTATE_H
