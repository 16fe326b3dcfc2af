//===- Dialect.h - The ttng (TritonNvidiaGPU) dialect -----------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TILERUN_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Ops.h.inc"

#endif
