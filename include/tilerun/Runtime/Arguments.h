//===- Arguments.h - Binding command-line values to parameters --*- C++ -*-===//
#ifndef TILERUN_RUNTIME_ARGUMENTS_H
#define TILERUN_RUNTIME_ARGUMENTS_H

#include "tilerun/Runtime/Buffer.h"
#include "tilerun/Runtime/Kernel.h"

#include <string>
#include <vector>

namespace tilerun {

/// "X[,Y[,Z]]", each a positive 32-bit integer.
llvm::Expected<Grid> parseGrid(llvm::StringRef text);

/// Parses `text` as a value of `type` and returns its little-endian bits:
/// integers are range-checked (decimal or 0x hex), floats accept inf/nan and
/// are rounded to the type, i1 accepts 0/1/true/false.
llvm::Expected<uint64_t> parseScalar(llvm::StringRef text,
                                     const ScalarType &type);

/// "randn:DTYPE:SHAPE", "zeros:DTYPE:SHAPE" or "empty:DTYPE:SHAPE"; nullopt if
/// `text` is not of that form. randn is deterministic for a given `seed`;
/// DTYPE "bfloat16" yields uint16 storage holding bf16 values.
std::optional<llvm::Expected<Buffer>> createBufferFromSpec(llvm::StringRef text,
                                                           uint64_t seed);

/// Whether a buffer of `dtype` may back a pointer to `elem` without
/// reinterpretation (see the CLI contract).
bool isCompatible(DType dtype, const ScalarType &elem);

/// The launch arguments of a kernel, with the buffers they own.
struct BoundArguments {
  std::vector<KernelArg> args;
  /// Per parameter; empty for scalars.
  std::vector<std::optional<Buffer>> buffers;
};

/// Binds `NAME=VALUE` options (NAME: IR name or 0-based position; VALUE:
/// @FILE.npy, a buffer spec, or a scalar). Rejects missing, unknown and
/// duplicate arguments and kind/dtype mismatches, naming the argument.
llvm::Expected<BoundArguments>
bindArguments(const KernelSignature &sig, llvm::ArrayRef<std::string> options);

struct SaveRequest {
  unsigned param;
  std::string path;
};
/// Resolves `NAME=OUT.npy` options; only buffer parameters can be saved.
llvm::Expected<std::vector<SaveRequest>>
resolveSaves(const KernelSignature &sig, llvm::ArrayRef<std::string> options);

} // namespace tilerun

#endif // TILERUN_RUNTIME_ARGUMENTS_H
