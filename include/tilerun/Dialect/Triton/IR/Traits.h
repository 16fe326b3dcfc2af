//===- Traits.h - op traits shared by the tt and ttg dialects ---*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITON_IR_TRAITS_H
#define TILERUN_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {
namespace impl {
/// Triton's limit on the elements of one tile (TRITON_MAX_TENSOR_NUMEL).
constexpr int64_t kMaxTensorNumElements = 1 << 20;
LogicalResult verifyTensorSize(Operation *op);
} // namespace impl

/// Every tensor an op takes or produces has a power-of-two number of
/// elements, at most kMaxTensorNumElements: the rule Triton's frontend and
/// verifier enforce. It also bounds the tile loops the CPU lowering emits.
template <typename ConcreteType>
class TensorSizeTrait : public TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSize(op);
  }
};
} // namespace mlir::OpTrait

#endif // TILERUN_DIALECT_TRITON_IR_TRAITS_H
