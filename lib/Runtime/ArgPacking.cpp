//===- ArgPacking.cpp -----------------------------------------------------===//
#include "ArgPacking.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"

using namespace llvm;

namespace tilerun {

static constexpr int64_t kDynamic = mlir::ShapedType::kDynamic;

Error checkElementCount(const KernelParam &p, int64_t n) {
  if (p.kind != KernelParam::Memref || p.unranked)
    return Error::success();
  int64_t staticCount = 1;
  for (int64_t d : p.shape)
    if (d != kDynamic)
      staticCount *= d;
  bool ok = is_contained(p.shape, kDynamic)
                ? (staticCount == 0 ? n == 0 : n % staticCount == 0)
                : n == staticCount;
  if (!ok)
    return createStringError(
        "argument '" + p.name + "': a buffer of " + Twine(n) +
        " elements does not fit the memref parameter's static shape (" +
        (is_contained(p.shape, kDynamic) ? "a multiple of " : "") +
        Twine(staticCount) + " elements)");
  return Error::success();
}

/// Sizes for a ranked memref over `n` elements: the first dynamic extent
/// absorbs what the static ones leave, other dynamic extents are 1.
static SmallVector<int64_t, 4> resolveShape(ArrayRef<int64_t> shape,
                                            int64_t n) {
  int64_t staticCount = 1;
  for (int64_t d : shape)
    if (d != kDynamic)
      staticCount *= d;
  SmallVector<int64_t, 4> sizes(shape.begin(), shape.end());
  bool first = true;
  for (int64_t &d : sizes)
    if (d == kDynamic) {
      d = first ? (staticCount ? n / staticCount : 0) : 1;
      first = false;
    }
  return sizes;
}

Expected<PackedArgs> PackedArgs::build(const KernelSignature &sig,
                                       ArrayRef<KernelArg> args) {
  if (args.size() != sig.params.size())
    return createStringError("kernel '" + sig.name + "' takes " +
                             Twine(sig.params.size()) + " arguments, got " +
                             Twine(args.size()));
  PackedArgs packed;
  auto ptrBits = [](void *p) {
    return uint64_t(reinterpret_cast<uintptr_t>(p));
  };
  for (const KernelParam &p : sig.params) {
    const KernelArg &a = args[p.index];
    if (a.isBuffer != p.isBuffer())
      return createStringError("argument '" + p.name + "': expected " +
                               (p.isBuffer() ? "a buffer" : "a scalar"));
    switch (p.kind) {
    case KernelParam::Scalar:
      packed.slots.push_back(a.scalarBits);
      break;
    case KernelParam::Pointer:
      packed.slots.push_back(ptrBits(a.data));
      break;
    case KernelParam::TensorDesc:
      // Lowered to the base pointer and an i32 padding (Compiler.h).
      if (a.scalarBits != KernelArg::kPadZero &&
          a.scalarBits != KernelArg::kPadNaN)
        return createStringError("argument '" + p.name +
                                 "': invalid descriptor padding " +
                                 Twine(a.scalarBits));
      packed.slots.push_back(ptrBits(a.data));
      packed.slots.push_back(a.scalarBits);
      break;
    case KernelParam::Memref: {
      if (Error e = checkElementCount(p, a.numElements))
        return std::move(e);
      // Unranked memrefs are flat views (triton-shared reinterpret_casts them
      // anyway), so describe them as rank 1.
      SmallVector<int64_t, 4> sizes =
          p.unranked ? SmallVector<int64_t, 4>{a.numElements}
                     : resolveShape(p.shape, a.numElements);
      size_t rank = sizes.size();
      SmallVector<int64_t, 12> desc = {int64_t(ptrBits(a.data)),
                                       int64_t(ptrBits(a.data)), 0};
      desc.append(sizes.begin(), sizes.end());
      SmallVector<int64_t, 4> strides(rank, 1);
      for (size_t i = rank; i-- > 1;)
        strides[i - 1] = strides[i] * sizes[i];
      desc.append(strides.begin(), strides.end());
      if (p.unranked) {
        auto storage = std::make_unique<int64_t[]>(desc.size());
        std::copy(desc.begin(), desc.end(), storage.get());
        packed.slots.push_back(rank);
        packed.slots.push_back(ptrBits(storage.get()));
        packed.descriptors.push_back(std::move(storage));
      } else {
        for (int64_t v : desc)
          packed.slots.push_back(uint64_t(v));
      }
      break;
    }
    }
  }
  return std::move(packed);
}

void PackedArgs::pointerArray(SmallVectorImpl<void *> &out,
                              int32_t *grid) const {
  out.clear();
  // Slots are read-only for the wrapper, which loads each value once.
  for (const uint64_t &s : slots)
    out.push_back(const_cast<uint64_t *>(&s));
  for (unsigned i = 0; i < kNumGridParams; ++i)
    out.push_back(grid + i);
}

} // namespace tilerun
