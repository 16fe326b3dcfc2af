//===- KernelABI.h - calling convention of compiled kernels -----*- C++ -*-===//
//
// Each public kernel @K becomes a function whose parameters are the kernel's
// own parameters in order (a `!tt.ptr<T>` becomes `!llvm.ptr`, a scalar keeps
// its type) followed by six i32: num_programs x, y, z, then program_id x, y,
// z. This is triton-shared's calling convention, so its output needs no
// adaptation. The lowerings that produce it and the runtime that calls it
// share these constants (docs/design.md, *Kernel ABI and runtime*).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CONVERSION_KERNELABI_H
#define TILERUN_CONVERSION_KERNELABI_H

namespace tilerun {

/// Number of trailing i32 parameters the ABI appends to every kernel.
constexpr unsigned kNumGridParams = 6;

} // namespace tilerun

#endif // TILERUN_CONVERSION_KERNELABI_H
