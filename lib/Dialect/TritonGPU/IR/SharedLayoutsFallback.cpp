//===- SharedLayoutsFallback.cpp - tile sizes until SharedLayouts.cpp -----===//
//
// Built only while SharedLayouts.cpp (the full placement model) is absent, so
// the dialect links on its own. Only tile sizes are needed by the verifiers.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Dialect/TritonGPU/IR/SharedLayouts.h"

namespace tilerun::shared {

static int64_t product(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t swizzledTileElements(const SwizzledParams &, llvm::ArrayRef<int64_t> s) {
  return product(s);
}
int64_t nvmmaTileElements(const NVMMAParams &, llvm::ArrayRef<int64_t> s) {
  return product(s);
}
int64_t paddedTileElements(const PaddedParams &p, llvm::ArrayRef<int64_t> s) {
  int64_t n = product(s), padded = n;
  for (auto [interval, pad] : p.intervalPaddings) {
    padded += (n / interval) * pad;
    if (n % interval == 0) // no padding after the last element
      padded -= pad;
  }
  return padded;
}
int64_t linearTileElements(const LinearParams &p, llvm::ArrayRef<int64_t>) {
  // One offset per combination of bases, zero (broadcast) bases included.
  return int64_t(1) << p.offsetBases.size();
}

} // namespace tilerun::shared
