//===- AMXState.h - Linux's permission for AMX tile state -------*- C++ -*-===//
//
// Linux gives a process AMX's tile data state only on request
// (arch_prctl(ARCH_REQ_XCOMP_PERM)); a tile instruction executed without it
// before it faults. Kernels compiled with AMX tiles need it granted first.
//
//===----------------------------------------------------------------------===//

#ifndef TILERUN_RUNTIME_SUPPORT_AMXSTATE_H
#define TILERUN_RUNTIME_SUPPORT_AMXSTATE_H

#include <string>

namespace tilerun {

/// Asks Linux, once per process, for the AMX tile state. Empty when granted;
/// otherwise why not (no AMX on this CPU or kernel, or Linux's refusal with
/// its errno), for the caller to report.
const std::string &amxTileStateRefusal();

/// Whether the process has the AMX tile state (asked for on first use).
inline bool requestAMXTileState() { return amxTileStateRefusal().empty(); }

} // namespace tilerun

#endif // TILERUN_RUNTIME_SUPPORT_AMXSTATE_H
