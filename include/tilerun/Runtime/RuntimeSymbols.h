//===- RuntimeSymbols.h - Host functions kernels may call -------*- C++ -*-===//
//
// registerRuntimeSymbols is the single place that exposes the runtime's hooks
// (Hooks.h, Partitions.h) to the JIT: add a new hook there and to
// lib/AOTRuntime's export list.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_RUNTIMESYMBOLS_H
#define TILERUN_RUNTIME_RUNTIMESYMBOLS_H

#include "tilerun/Runtime/Hooks.h"
#include "tilerun/Runtime/Partitions.h"

#include "llvm/Support/Error.h"

namespace llvm::orc {
class LLJIT;
}

namespace tilerun {
/// Defines the hooks in `jit`'s main library, where kernels find them.
llvm::Error registerRuntimeSymbols(llvm::orc::LLJIT &jit);
} // namespace tilerun

#endif // TILERUN_RUNTIME_RUNTIMESYMBOLS_H
