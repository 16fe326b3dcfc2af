//===- Dialect.cpp - The tilerun dialect ----------------------------------===//

#include "tilerun/Dialect/Tilerun/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;

#include "tilerun/Dialect/Tilerun/IR/TilerunDialect.cpp.inc"

void tilerun::TilerunDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/Tilerun/IR/TilerunOps.cpp.inc"
      >();
}

LogicalResult tilerun::PrefetchNextProgramOp::verify() {
  auto ptrs = cast<RankedTensorType>(getPtrs().getType());
  auto carrier = cast<RankedTensorType>(getCarrier().getType());
  if (ptrs.getShape() != carrier.getShape())
    return emitOpError("prefetches a tile of shape ")
           << ptrs << " during the evaluation of a tile of another shape, "
           << carrier;
  return success();
}

LogicalResult tilerun::PrefetchNextIterationOp::verify() {
  auto dot = getDot().getDefiningOp<triton::DotOp>();
  if (!dot)
    return emitOpError("prefetches during a tt.dot, but its carrier is not "
                       "the result of one");
  auto ptrs = cast<RankedTensorType>(getPtrs().getType());
  auto shapeOf = [](Value v) {
    return cast<RankedTensorType>(v.getType()).getShape();
  };
  if (ptrs.getShape() != shapeOf(dot.getA()) &&
      ptrs.getShape() != shapeOf(dot.getB()))
    return emitOpError("prefetches a tile of shape ")
           << ptrs << " that is neither of the dot's operands' shapes";
  return success();
}

#define GET_OP_CLASSES
#include "tilerun/Dialect/Tilerun/IR/TilerunOps.cpp.inc"
