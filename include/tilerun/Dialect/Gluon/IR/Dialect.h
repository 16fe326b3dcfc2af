//===- Dialect.h - The gluon dialect ----------------------------*- C++ -*-===//
#ifndef TILERUN_DIALECT_GLUON_IR_DIALECT_H
#define TILERUN_DIALECT_GLUON_IR_DIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"

#include "tilerun/Dialect/Gluon/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilerun/Dialect/Gluon/IR/AttrDefs.h.inc"

#endif
