//===- ShapeOps.cpp - Tile models of shape ops and constants --------------===//
//
// Shape ops move elements without computing: a remap reads operand 0 at an
// index its map gives (broadcast zeroes the broadcast dims, expand_dims
// drops the new one, trans permutes, reshape re-linearises); join, split,
// cat and gather pick between operands or positions.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

Value emitRemappedElement(TileLowering &tl, OpBuilder &b, Operation *op,
                          AffineMap map, ValueRange idx) {
  SmallVector<Value> at;
  for (AffineExpr e : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      at.push_back(idx[dim.getPosition()]);
    else
      at.push_back(tl.indexConstant(cast<AffineConstantExpr>(e).getValue()));
  }
  return tl.element(b, op->getOperand(0), at);
}

namespace {

ArrayRef<int64_t> shapeOf(Value v) { return asTensor(v.getType()).getShape(); }

unsigned rankOf(Operation *op) { return shapeOf(op->getResult(0)).size(); }

struct SplatModel : RemapModel<SplatModel, tt::SplatOp> {
  AffineMap getOperandIndexMap(Operation *op) const {
    return AffineMap::get(rankOf(op), 0, op->getContext()); // a scalar
  }
};

struct BroadcastModel : RemapModel<BroadcastModel, tt::BroadcastOp> {
  AffineMap getOperandIndexMap(Operation *op) const {
    SmallVector<AffineExpr> results;
    for (auto [i, d] : llvm::enumerate(shapeOf(op->getOperand(0))))
      results.push_back(d == 1 ? getAffineConstantExpr(0, op->getContext())
                               : getAffineDimExpr(i, op->getContext()));
    return AffineMap::get(rankOf(op), 0, results, op->getContext());
  }
};

struct ExpandDimsModel : RemapModel<ExpandDimsModel, tt::ExpandDimsOp> {
  AffineMap getOperandIndexMap(Operation *op) const {
    unsigned axis = cast<tt::ExpandDimsOp>(op).getAxis();
    SmallVector<AffineExpr> results;
    for (unsigned i = 0; i < rankOf(op); ++i)
      if (i != axis)
        results.push_back(getAffineDimExpr(i, op->getContext()));
    return AffineMap::get(rankOf(op), 0, results, op->getContext());
  }
};

struct TransModel : RemapModel<TransModel, tt::TransOp> {
  /// Result dim i is operand dim order[i].
  AffineMap getOperandIndexMap(Operation *op) const {
    ArrayRef<int32_t> order = cast<tt::TransOp>(op).getOrder();
    SmallVector<AffineExpr> results(order.size());
    for (auto [i, o] : llvm::enumerate(order))
      results[o] = getAffineDimExpr(i, op->getContext());
    return AffineMap::get(order.size(), 0, results, op->getContext());
  }
};

struct ConvertLayoutModel
    : RemapModel<ConvertLayoutModel, ttg::ConvertLayoutOp> {
  AffineMap getOperandIndexMap(Operation *op) const {
    return AffineMap::getMultiDimIdentityMap(rankOf(op), op->getContext());
  }
};

/// Not affine: the row-major position is kept across shapes.
struct ReshapeModel : RemapModel<ReshapeModel, tt::ReshapeOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Value lin = linearize(b, loc, idx, shapeOf(result));
    Value src = op->getOperand(0);
    return tl.element(b, src, delinearize(b, loc, lin, shapeOf(src)));
  }
};

template <typename Model, typename ConcreteOp>
struct RearrangeModel : TileModel<Model, ConcreteOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Rearrange; }
};

struct MakeRangeModel : RearrangeModel<MakeRangeModel, tt::MakeRangeOp> {
  Value emitElement(Operation *op, TileLowering &, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    Location loc = op->getLoc();
    Value i = arith::IndexCastOp::create(b, loc, b.getI32Type(), idx[0]);
    Value start = arith::ConstantIntOp::create(
        b, loc, b.getI32Type(), cast<tt::MakeRangeOp>(op).getStart());
    return arith::AddIOp::create(b, loc, i, start);
  }
};

/// The tensor's single element, as a scalar.
struct UnsplatModel : RearrangeModel<UnsplatModel, tt::UnsplatOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange) const {
    SmallVector<Value> zeros(shapeOf(op->getOperand(0)).size(),
                             tl.indexConstant(0));
    return tl.element(b, op->getOperand(0), zeros);
  }
};

/// The last dim (of two) selects the operand.
struct JoinModel : RearrangeModel<JoinModel, tt::JoinOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    Location loc = op->getLoc();
    ValueRange outer = idx.drop_back();
    Value lhs = tl.element(b, op->getOperand(0), outer);
    Value rhs = tl.element(b, op->getOperand(1), outer);
    Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          idx.back(), constantIndex(b, loc, 0));
    return arith::SelectOp::create(b, loc, isFirst, lhs, rhs);
  }
};

/// Result k is position k of the operand's last dim.
struct SplitModel : RearrangeModel<SplitModel, tt::SplitOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    SmallVector<Value> at(idx.begin(), idx.end());
    at.push_back(tl.indexConstant(result.getResultNumber()));
    return tl.element(b, op->getOperand(0), at);
  }
};

/// Rows of the first operand, then of the second.
struct CatModel : RearrangeModel<CatModel, tt::CatOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Type elemTy = loweredElementType(result.getType());
    Value rows = constantIndex(b, loc, shapeOf(op->getOperand(0))[0]);
    Value inLhs =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, idx[0], rows);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{elemTy}, inLhs,
                                  /*withElse=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, tl.element(b, op->getOperand(0), idx));
    b.setInsertionPointToStart(ifOp.elseBlock());
    SmallVector<Value> at(idx.begin(), idx.end());
    at[0] = arith::SubIOp::create(b, loc, idx[0], rows);
    scf::YieldOp::create(b, loc, tl.element(b, op->getOperand(1), at));
    return ifOp.getResult(0);
  }
};

/// The index along the axis comes from the index operand.
struct GatherModel : RearrangeModel<GatherModel, tt::GatherOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    Location loc = op->getLoc();
    auto gather = cast<tt::GatherOp>(op);
    Value i = tl.element(b, gather.getIndices(), idx);
    SmallVector<Value> at(idx.begin(), idx.end());
    at[gather.getAxis()] = toIndex(b, loc, i);
    return tl.element(b, gather.getSrc(), at);
  }
};

/// A splat (or scalar) constant is an element; any other dense constant
/// is a table copied into a buffer.
struct ConstantModel : TileModel<ConstantModel, arith::ConstantOp> {
  static bool isTable(Operation *op) {
    auto dense =
        dyn_cast<DenseElementsAttr>(cast<arith::ConstantOp>(op).getValue());
    return dense && !dense.isSplat();
  }
  TileOpKind getTileKind(Operation *op) const {
    return isTable(op) ? TileOpKind::Materializing : TileOpKind::Elementwise;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange) const {
    Location loc = op->getLoc();
    Attribute value = cast<arith::ConstantOp>(op).getValue();
    if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
      if (!dense.isSplat())
        return internalMisuse(tl, b, result);
      return arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    }
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(value));
  }
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return tl.copyConstantTable(b, cast<arith::ConstantOp>(op), outs[0]);
  }
};

/// Triton's tl.core's return_poison and the values an early return leaves
/// undefined (lifted to scf): every element is poison.
struct PoisonModel : TileModel<PoisonModel, ub::PoisonOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Elementwise; }
  Value emitElement(Operation *op, TileLowering &, OpBuilder &b,
                    OpResult result, ValueRange) const {
    return ub::PoisonOp::create(b, op->getLoc(),
                                loweredElementType(result.getType()));
  }
};

} // namespace

void registerShapeOpModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tt::TritonDialect *) {
    tt::SplatOp::attachInterface<SplatModel>(*ctx);
    tt::BroadcastOp::attachInterface<BroadcastModel>(*ctx);
    tt::ExpandDimsOp::attachInterface<ExpandDimsModel>(*ctx);
    tt::TransOp::attachInterface<TransModel>(*ctx);
    tt::ReshapeOp::attachInterface<ReshapeModel>(*ctx);
    tt::MakeRangeOp::attachInterface<MakeRangeModel>(*ctx);
    tt::UnsplatOp::attachInterface<UnsplatModel>(*ctx);
    tt::JoinOp::attachInterface<JoinModel>(*ctx);
    tt::SplitOp::attachInterface<SplitModel>(*ctx);
    tt::CatOp::attachInterface<CatModel>(*ctx);
    tt::GatherOp::attachInterface<GatherModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, ttg::TritonGPUDialect *) {
    ttg::ConvertLayoutOp::attachInterface<ConvertLayoutModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    arith::ConstantOp::attachInterface<ConstantModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, ub::UBDialect *) {
    ub::PoisonOp::attachInterface<PoisonModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
