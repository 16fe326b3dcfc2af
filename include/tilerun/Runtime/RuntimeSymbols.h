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

#include <cstdint>

namespace mlir {
class ExecutionEngine;
}

extern "C" {
/// Fails the current launch with `msg` (the first report wins; the message is
/// prefixed with the program id). The calling program keeps running: code
/// that must not continue has to return on its own. Remaining chunks of
/// programs are skipped.
void tilerun_report_error(const char *msg, int32_t pidX, int32_t pidY,
                          int32_t pidZ, int64_t elementIndex);
/// tt.print without operands: `pid (x, y, z) PREFIX`.
void tilerun_print_str(const char *prefix, int32_t pidX, int32_t pidY,
                       int32_t pidZ);
/// One element of a tt.print operand, as Triton's device print shows it:
/// `pid (x, y, z) idx (i) PREFIX value`. flags: bit 0 signed, bit 1 hex.
void tilerun_print_i64(const char *prefix, int32_t pidX, int32_t pidY,
                       int32_t pidZ, int64_t index, int32_t operand,
                       int64_t value, int32_t flags);
void tilerun_print_f64(const char *prefix, int32_t pidX, int32_t pidY,
                       int32_t pidZ, int64_t index, int32_t operand,
                       double value);
}

namespace tilerun {
void registerRuntimeSymbols(mlir::ExecutionEngine &engine);
} // namespace tilerun

#endif // TILERUN_RUNTIME_RUNTIMESYMBOLS_H
