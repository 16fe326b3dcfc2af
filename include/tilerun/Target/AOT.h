//===- AOT.h - Kernels compiled ahead of time for C and C++ -----*- C++ -*-===//
//
// `tilerun compile` turns one kernel into an object file and a C header. The
// header declares `int32_t NAME(tilerun_pool_t *pool, <parameters>)`, which
// runs every program of the grid through libtilerun_rt (tilerun-c/runtime.h);
// the object holds the program function, compiled for a chosen CPU.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_TARGET_AOT_H
#define TILERUN_TARGET_AOT_H

#include "tilerun/Compiler/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilerun {

struct AOTOptions {
  /// The C function's name (a C identifier).
  std::string functionName;
  /// LLVM CPU name ("native", "x86-64-v3", "znver3", ...) and extra
  /// features ("+avx512f,-avx512bf16").
  std::string targetCPU = "native";
  std::string targetFeatures;
  /// C expressions of the grid's extents over the parameters' names (as
  /// Triton's compile.py -g); empty: the function takes gx, gy, gz.
  std::vector<std::string> grid;
  /// Names the source in the header's comment.
  std::string sourceName;
};

struct AOTKernel {
  std::string object;
  std::string header;
};

/// Compiles kernel `name` of `module` (empty: its only kernel). Errors name
/// what cannot be expressed in C (a parameter type, a grid expression count).
llvm::Expected<AOTKernel> compileAheadOfTime(mlir::ModuleOp module,
                                             llvm::StringRef name,
                                             const CompileOptions &options,
                                             const AOTOptions &aot);

} // namespace tilerun

#endif // TILERUN_TARGET_AOT_H
