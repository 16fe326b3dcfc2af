//===- Dot.cpp - Tile models of tt.dot and tt.dot_scaled ------------------===//
//
// A dot is computed whole into its accumulator's buffer by the packed
// micro-kernel lowering (../DotLowering.cpp, ../DotScaled.cpp).
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {
namespace {

struct DotModel : MaterializingModel<DotModel, tt::DotOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerDot(tl, b, op, outs[0]);
  }
};

struct DotScaledModel : MaterializingModel<DotScaledModel, tt::DotScaledOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerDotScaled(tl, b, op, outs[0]);
  }
};

} // namespace

void registerDotModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tt::TritonDialect *) {
    tt::DotOp::attachInterface<DotModel>(*ctx);
    tt::DotScaledOp::attachInterface<DotScaledModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
