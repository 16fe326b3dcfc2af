//===- Dialect.h - The tilerun dialect --------------------------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TILERUN_IR_DIALECT_H
#define TILERUN_DIALECT_TILERUN_IR_DIALECT_H

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilerun/Dialect/Tilerun/IR/TilerunDialect.h.inc"

#define GET_OP_CLASSES
#include "tilerun/Dialect/Tilerun/IR/TilerunOps.h.inc"

namespace tilerun {
/// A prefetch decision: it names values without reading them, so the tile
/// lowering counts it as a use of neither.
inline bool isPrefetchHint(mlir::Operation *op) {
  return mlir::isa<PrefetchNextProgramOp, PrefetchNextIterationOp>(op);
}
} // namespace tilerun

#endif // TILERUN_DIALECT_TILERUN_IR_DIALECT_H
