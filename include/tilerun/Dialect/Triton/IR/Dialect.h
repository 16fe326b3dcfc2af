//===- Dialect.h - The tt (Triton IR) dialect -------------------*- C++ -*-===//
//
// The one header for the tt dialect: dialect, types, enums and ops.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_DIALECT_TRITON_IR_DIALECT_H
#define TILERUN_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilerun/Dialect/Triton/IR/Traits.h"
#include "tilerun/Dialect/Triton/IR/TritonDialect.h.inc"
#include "tilerun/Dialect/Triton/IR/TritonEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilerun/Dialect/Triton/IR/TritonTypes.h.inc"

namespace mlir::triton {

/// The memory every tt load/store/atomic touches; side effects name it so
/// passes can tell tt memory traffic from other resources.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

// Type helpers. They never fail: given an unexpected type they return it (or
// a best guess) so the parser can finish and the verifier reports the error.

/// ptr<T> -> T; tensor<..x!tt.ptr<T>, enc> -> tensor<..xT, enc>.
Type getPointeeType(Type type);
/// Same shape (and encoding) as `type`, element i1.
Type getI1SameShape(Type type);
/// T -> ptr<T>; tensor<..xT, enc> -> tensor<..x!tt.ptr<T>, enc>.
Type getPointerTypeSameShape(Type type, int addressSpace = 1);
/// !tt.ptr<tensor<..xT>, N> -> !tt.ptr<T, N>.
Type getBasePointerOfBlockPointer(Type type);

/// A kernel's `!tt.tensordesc` parameter is a host-side TensorDescriptor:
/// Triton passes it followed by the descriptor's shape (one i32 per
/// dimension) and strides (one i64 per dimension, in elements) as ordinary
/// parameters. Returns why parameter `index` of `params` is not followed so,
/// or an empty string.
std::string checkHostDescriptorParams(ArrayRef<Type> params, unsigned index);

} // namespace mlir::triton

#define GET_OP_CLASSES
#include "tilerun/Dialect/Triton/IR/TritonOps.h.inc"

#endif // TILERUN_DIALECT_TRITON_IR_DIALECT_H
