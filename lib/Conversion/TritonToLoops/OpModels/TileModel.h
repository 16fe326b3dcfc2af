//===- TileModel.h - Bases of the TileOpInterface models --------*- C++ -*-===//
//
// Defaults shared by the external models of each op family: a model states
// its kind and overrides only what differs. Remap models give their index
// map and inherit the element emission that applies it.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_CONVERSION_TRITONTOLOOPS_OPMODELS_TILEMODEL_H
#define TILERUN_LIB_CONVERSION_TRITONTOLOOPS_OPMODELS_TILEMODEL_H

#include "../TileLowering.h"

#include "tilerun/Interfaces/TileOpInterface.h"

#include "mlir/IR/DialectRegistry.h"

namespace tilerun {
namespace loops {

/// Reached only when the plan and the model disagree: an op evaluated in a
/// way its kind does not allow.
mlir::Value internalMisuse(TileLowering &tl, mlir::OpBuilder &b,
                           mlir::OpResult result);

template <typename Model, typename ConcreteOp>
struct TileModel : public TileOpInterface::ExternalModel<Model, ConcreteOp> {
  unsigned getElementCost(mlir::Operation *) const { return 0; }
  bool readsOperandsAtOwnIndex(mlir::Operation *) const { return false; }
  mlir::AffineMap getOperandIndexMap(mlir::Operation *) const { return {}; }
  mlir::Value emitElement(mlir::Operation *, TileLowering &tl,
                          mlir::OpBuilder &b, mlir::OpResult result,
                          mlir::ValueRange) const {
    return internalMisuse(tl, b, result);
  }
  mlir::LogicalResult lowerIntoBuffers(mlir::Operation *op, TileLowering &,
                                       mlir::OpBuilder &,
                                       llvm::ArrayRef<mlir::Value>) const {
    return op->emitOpError("is not computed into buffers (internal error)");
  }
};

/// Element `idx` of a Remap op's result: operand 0's element at the index
/// `map` gives (constant results through TileLowering::indexConstant, so
/// that equal indices hit the element cache).
mlir::Value emitRemappedElement(TileLowering &tl, mlir::OpBuilder &b,
                                mlir::Operation *op, mlir::AffineMap map,
                                mlir::ValueRange idx);

template <typename Model, typename ConcreteOp>
struct RemapModel : public TileModel<Model, ConcreteOp> {
  TileOpKind getTileKind(mlir::Operation *) const { return TileOpKind::Remap; }
  mlir::Value emitElement(mlir::Operation *op, TileLowering &tl,
                          mlir::OpBuilder &b, mlir::OpResult,
                          mlir::ValueRange idx) const {
    auto self = static_cast<const Model *>(this);
    return emitRemappedElement(tl, b, op, self->getOperandIndexMap(op), idx);
  }
};

/// An op whose result elements depend on the operands' elements at the
/// same index.
template <typename Model, typename ConcreteOp>
struct ElementwiseModel : public TileModel<Model, ConcreteOp> {
  TileOpKind getTileKind(mlir::Operation *) const {
    return TileOpKind::Elementwise;
  }
  bool readsOperandsAtOwnIndex(mlir::Operation *op) const {
    return op->getNumRegions() == 0;
  }
};

/// An op computed whole into buffers.
template <typename Model, typename ConcreteOp>
struct MaterializingModel : public TileModel<Model, ConcreteOp> {
  TileOpKind getTileKind(mlir::Operation *) const {
    return TileOpKind::Materializing;
  }
};

/// Per-family registration (one file each).
void registerShapeOpModels(mlir::DialectRegistry &registry);
void registerArithMathModels(mlir::DialectRegistry &registry);
void registerTritonElementwiseModels(mlir::DialectRegistry &registry);
void registerMemoryModels(mlir::DialectRegistry &registry);
void registerReductionModels(mlir::DialectRegistry &registry);
void registerDotModels(mlir::DialectRegistry &registry);
void registerSharedMemoryModels(mlir::DialectRegistry &registry);
void registerHopperModels(mlir::DialectRegistry &registry);

} // namespace loops
} // namespace tilerun

#endif // TILERUN_LIB_CONVERSION_TRITONTOLOOPS_OPMODELS_TILEMODEL_H
