//===- AMXState.cpp - Linux's permission for AMX tile state ---------------===//

#include "AMXState.h"

#if defined(__linux__) && defined(__x86_64__)
#include <cerrno>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tilerun {

const std::string &amxTileStateRefusal() {
#if defined(__linux__) && defined(__x86_64__)
  // From Linux's uapi/asm/prctl.h and the XSAVE feature numbers.
  constexpr int kArchGetXcompSupp = 0x1021, kArchReqXcompPerm = 0x1023;
  constexpr unsigned long kXfeatureXtiledata = 18;
  static const std::string refusal = []() -> std::string {
    unsigned long supported = 0;
    if (syscall(SYS_arch_prctl, kArchGetXcompSupp, &supported) != 0 ||
        !(supported & (1UL << kXfeatureXtiledata)))
      return "this CPU or Linux kernel offers no AMX tile state";
    if (syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) == 0)
      return "";
    return std::string("Linux refused the AMX tile state (arch_prctl "
                       "ARCH_REQ_XCOMP_PERM: ") +
           std::strerror(errno) + ")";
  }();
#else
  static const std::string refusal =
      "AMX tile state is asked for only on x86-64 Linux";
#endif
  return refusal;
}

} // namespace tilerun
