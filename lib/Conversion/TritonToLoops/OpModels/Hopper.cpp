//===- Hopper.cpp - Tile models of Hopper's warp-group MMA ----------------===//
//
// ttng.warp_group_dot is a dot computed whole into its accumulator; its
// wait hands each operand through as the matching result, since an MMA
// completes when issued.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
namespace ttng = mlir::triton::nvidia_gpu;

namespace tilerun {
namespace loops {
namespace {

struct WarpGroupDotModel
    : MaterializingModel<WarpGroupDotModel, ttng::WarpGroupDotOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerWarpGroupDot(tl, b, op, outs[0]);
  }
};

struct WarpGroupDotWaitModel
    : TileModel<WarpGroupDotWaitModel, ttng::WarpGroupDotWaitOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Rearrange; }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    return tl.element(b, op->getOperand(result.getResultNumber()), idx);
  }
};

} // namespace

void registerHopperModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, ttng::TritonNvidiaGPUDialect *) {
    ttng::WarpGroupDotOp::attachInterface<WarpGroupDotModel>(*ctx);
    ttng::WarpGroupDotWaitOp::attachInterface<WarpGroupDotWaitModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
