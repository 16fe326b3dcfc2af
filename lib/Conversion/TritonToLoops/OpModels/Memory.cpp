//===- Memory.cpp - Tile models of global-memory loads and atomics --------===//
//
// A load reads memory where it is evaluated, so the plan buffers it when a
// write may come between the load and a consumer. Atomics run where they
// stand, their old values written whole into a buffer.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {
namespace {

template <typename ConcreteOp>
struct LoadModel : TileModel<LoadModel<ConcreteOp>, ConcreteOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Load; }
  /// tt.load reads its pointer, mask and other tiles at the element's own
  /// index; descriptor loads take scalar operands.
  bool readsOperandsAtOwnIndex(Operation *) const {
    return std::is_same_v<ConcreteOp, tt::LoadOp>;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    return emitLoadElement(tl, b, op, idx);
  }
};

template <typename ConcreteOp>
struct AtomicModel : MaterializingModel<AtomicModel<ConcreteOp>, ConcreteOp> {
  LogicalResult lowerIntoBuffers(Operation *op, TileLowering &tl, OpBuilder &b,
                                 ArrayRef<Value> outs) const {
    return lowerAtomic(tl, b, op, outs[0]);
  }
};

} // namespace

void registerMemoryModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tt::TritonDialect *) {
    tt::LoadOp::attachInterface<LoadModel<tt::LoadOp>>(*ctx);
    tt::DescriptorLoadOp::attachInterface<LoadModel<tt::DescriptorLoadOp>>(
        *ctx);
    tt::DescriptorGatherOp::attachInterface<LoadModel<tt::DescriptorGatherOp>>(
        *ctx);
    tt::AtomicRMWOp::attachInterface<AtomicModel<tt::AtomicRMWOp>>(*ctx);
    tt::AtomicCASOp::attachInterface<AtomicModel<tt::AtomicCASOp>>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
