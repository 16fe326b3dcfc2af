//===- ArgPacking.h - launch arguments for the packed wrapper ---*- C++ -*-===//
//
// The `_mlir_K(void **)` entry (Kernel.cpp makes it as MLIR's ExecutionEngine
// does) takes one pointer per LLVM-level parameter. tt kernels have one per
// kernel parameter; memref parameters (triton-shared) expand to MLIR's default
// descriptor convention: unranked = {i64 rank, ptr descriptor}, ranked =
// allocated, aligned, offset, sizes..., strides.... All of that is confined
// here.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_RUNTIME_ARGPACKING_H
#define TILERUN_LIB_RUNTIME_ARGPACKING_H

#include "tilerun/Runtime/Kernel.h"

#include <memory>
#include <vector>

namespace tilerun {

/// Immutable once built, so the workers of a launch share it.
class PackedArgs {
public:
  static llvm::Expected<PackedArgs> build(const KernelSignature &sig,
                                          llvm::ArrayRef<KernelArg> args);

  /// The wrapper's argument array: pointers into the shared slots, then six
  /// pointers to `grid` (num_programs x,y,z, program_id x,y,z), which the
  /// caller owns and updates per program.
  void pointerArray(llvm::SmallVectorImpl<void *> &out, int32_t *grid) const;

private:
  std::vector<uint64_t> slots;
  std::vector<std::unique_ptr<int64_t[]>> descriptors;
};

} // namespace tilerun

#endif
