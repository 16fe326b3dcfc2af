//===- Traits.cpp - op traits shared by the tt and ttg dialects -----------===//

#include "tilerun/Dialect/Triton/IR/Traits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

LogicalResult OpTrait::impl::verifyTensorSize(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    // Shapes come from the user's file: multiply without overflowing.
    int64_t numElements = 1;
    for (int64_t dim : tensor.getShape()) {
      if (dim < 0 || llvm::MulOverflow(numElements, dim, numElements) ||
          numElements > kMaxTensorNumElements)
        return op->emitOpError("maximum allowed number of elements is ")
               << kMaxTensorNumElements << ", but " << type
               << " has more than that";
    }
    if (!llvm::isPowerOf2_64(numElements))
      return op->emitOpError("number of elements must be power-of-two, but ")
             << type << " has " << numElements;
    return success();
  };
  for (Type t : op->getOperandTypes())
    if (failed(check(t)))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(check(t)))
      return failure();
  return success();
}
