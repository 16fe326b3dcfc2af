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

#endif // TILERUN_DIALECT_TILERUN_IR_DIALECT_H
