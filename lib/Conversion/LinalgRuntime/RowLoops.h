//===- RowLoops.h - Row-by-row vector code on static memrefs ----*- C++ -*-===//
//
// Shared by the passes that rewrite a linalg op on static buffers into a loop
// over its rows (every index but the innermost), each row handled with
// vectors: VectorizeStaticCopies and VectorizeReductions.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_CONVERSION_LINALGRUNTIME_ROWLOOPS_H
#define TILERUN_LIB_CONVERSION_LINALGRUNTIME_ROWLOOPS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tilerun {

/// A memref whose innermost dimension is contiguous, of elements a vector
/// can hold whole bytes of.
inline bool hasContiguousRows(mlir::MemRefType type) {
  if (type.getRank() == 0)
    return false;
  mlir::Type elem = type.getElementType();
  if (!mlir::isa<mlir::IntegerType, mlir::FloatType>(elem) ||
      elem.getIntOrFloatBitWidth() % 8 != 0)
    return false;
  auto [strides, offset] = type.getStridesAndOffset();
  return strides.back() == 1;
}

/// Calls `row` once per row of `shape` (a nest over all but its innermost
/// dimension; none for 1-D) with the row's outer indices.
inline void
forEachRow(mlir::OpBuilder &b, mlir::Location loc,
           llvm::ArrayRef<int64_t> shape,
           llvm::function_ref<void(mlir::OpBuilder &, mlir::ValueRange)> row) {
  llvm::SmallVector<mlir::Value> lbs, ubs, steps;
  for (int64_t extent : shape.drop_back()) {
    lbs.push_back(mlir::arith::ConstantIndexOp::create(b, loc, 0));
    ubs.push_back(mlir::arith::ConstantIndexOp::create(b, loc, extent));
    steps.push_back(mlir::arith::ConstantIndexOp::create(b, loc, 1));
  }
  mlir::scf::buildLoopNest(b, loc, lbs, ubs, steps,
                           [&](mlir::OpBuilder &nb, mlir::Location,
                               mlir::ValueRange outer) { row(nb, outer); });
}

} // namespace tilerun

#endif // TILERUN_LIB_CONVERSION_LINALGRUNTIME_ROWLOOPS_H
