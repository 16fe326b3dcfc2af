//===- ElementEmitter.cpp - One element of a tile op ----------------------===//
//
// Each tensor op that is not given a buffer is evaluated one element at a
// time, at loop indices chosen by its consumer. How an op evaluates an
// element is its TileOpInterface model's business (OpModels/); this file
// dispatches to it and holds the index helpers every model uses.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Interfaces/TileOpInterface.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace tilerun {
namespace loops {

Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value castToI64(OpBuilder &b, Location loc, Value v, bool isUnsigned) {
  Type i64 = b.getI64Type();
  if (v.getType() == i64)
    return v;
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  if (isUnsigned)
    return arith::ExtUIOp::create(b, loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() > 64)
    return arith::TruncIOp::create(b, loc, i64, v);
  return arith::ExtSIOp::create(b, loc, i64, v);
}

Value toIndex(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return v;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// Linear (row-major) position of `idx` in `shape`.
Value linearize(OpBuilder &b, Location loc, ValueRange idx,
                ArrayRef<int64_t> shape) {
  Value lin = constantIndex(b, loc, 0);
  for (auto [i, dim] : llvm::enumerate(shape)) {
    lin = arith::MulIOp::create(b, loc, lin, constantIndex(b, loc, dim));
    lin = arith::AddIOp::create(b, loc, lin, idx[i]);
  }
  return lin;
}

Value emitElementOf(TileLowering &tl, OpBuilder &b, OpResult result,
                    ValueRange idx) {
  Operation *op = result.getOwner();
  if (auto tile = dyn_cast<TileOpInterface>(op))
    return tile.emitElement(tl, b, result, idx);
  return tl.fail(b, op,
                 "'" + op->getName().getStringRef() +
                     "' is not supported on tensors yet",
                 loweredElementType(result.getType()));
}

} // namespace loops
} // namespace tilerun
