//===- AMXState.cpp - Linux's permission for AMX tile state ---------------===//

#include "AMXState.h"

#if defined(__linux__) && defined(__x86_64__)
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tilerun {

bool requestAMXTileState() {
#if defined(__linux__) && defined(__x86_64__)
  // From Linux's uapi/asm/prctl.h and the XSAVE feature numbers.
  constexpr int kArchGetXcompSupp = 0x1021, kArchReqXcompPerm = 0x1023;
  constexpr unsigned long kXfeatureXtiledata = 18;
  static const bool granted = [] {
    unsigned long supported = 0;
    if (syscall(SYS_arch_prctl, kArchGetXcompSupp, &supported) != 0 ||
        !(supported & (1UL << kXfeatureXtiledata)))
      return false;
    if (syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) == 0)
      return true;
    std::fprintf(stderr,
                 "tilerun: note: Linux refused the AMX tile state "
                 "(arch_prctl ARCH_REQ_XCOMP_PERM: %s); kernels compiled "
                 "now do without AMX tiles, and ones compiled ahead of "
                 "time with --amx cannot run\n",
                 std::strerror(errno));
    return false;
  }();
  return granted;
#else
  return false;
#endif
}

} // namespace tilerun
