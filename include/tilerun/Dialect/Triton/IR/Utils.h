//===- Utils.h - Queries on tt programs -------------------------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITON_IR_UTILS_H
#define TILERUN_DIALECT_TRITON_IR_UTILS_H

namespace mlir {
class Operation;
namespace triton {

/// True when `op` or an op nested in it is a `tt.dot` or `tt.dot_scaled`.
bool containsDot(Operation *op);

} // namespace triton
} // namespace mlir

#endif // TILERUN_DIALECT_TRITON_IR_UTILS_H
