//===- Reductions.cpp - Tile models of reduce, scan and histogram ---------===//
//
// Reductions and scans are computed whole, in passes over their operand
// (../Reductions.cpp), except a pair reduction (isPairReduction): an
// elementwise expression of two positions of its operand, evaluated inline
// by its consumers.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {
namespace {

struct ReduceModel : TileModel<ReduceModel, tt::ReduceOp> {
  TileOpKind getTileKind(Operation *op) const {
    return isPairReduction(op) ? TileOpKind::Rearrange
                               : TileOpKind::Materializing;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    if (!isPairReduction(op))
      return internalMisuse(tl, b, result);
    return emitPairReductionElement(tl, b, op, idx);
  }
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerReduce(tl, b, op, outs);
  }
};

struct ScanModel : MaterializingModel<ScanModel, tt::ScanOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerScan(tl, b, op, outs);
  }
};

struct HistogramModel : MaterializingModel<HistogramModel, tt::HistogramOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerHistogram(tl, b, op, outs[0]);
  }
};

} // namespace

void registerReductionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tt::TritonDialect *) {
    tt::ReduceOp::attachInterface<ReduceModel>(*ctx);
    tt::ScanOp::attachInterface<ScanModel>(*ctx);
    tt::HistogramOp::attachInterface<HistogramModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
