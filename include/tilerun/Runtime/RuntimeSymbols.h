//===- RuntimeSymbols.h - Host functions kernels may call -------*- C++ -*-===//
//
// Lowered kernels call these C functions for what they cannot do alone
// (reporting a failed tt.assert or checked-mode violation, printing).
// registerRuntimeSymbols is the single place that exposes them to the JIT:
// add a new hook there.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_RUNTIMESYMBOLS_H
#define TILERUN_RUNTIME_RUNTIMESYMBOLS_H

namespace mlir {
class ExecutionEngine;
}

extern "C" {
/// Fails the current launch with `msg` (the first report wins; the message is
/// prefixed with the program id). The calling program keeps running: code
/// that must not continue has to return on its own. Remaining chunks of
/// programs are skipped.
void tilerun_report_error(const char *msg);
/// Writes `msg` to stdout atomically with respect to other programs.
void tilerun_print(const char *msg);
}

namespace tilerun {
void registerRuntimeSymbols(mlir::ExecutionEngine &engine);
} // namespace tilerun

#endif // TILERUN_RUNTIME_RUNTIMESYMBOLS_H
