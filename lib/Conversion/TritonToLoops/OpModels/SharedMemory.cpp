//===- SharedMemory.cpp - Tile models of shared-memory reads --------------===//
//
// ttg.local_load reads a shared-memory view where it is evaluated, through
// the view's layout placement (../SharedMemory.cpp). The other ttg memory
// ops produce views or have effects only, and are lowered where they stand.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

struct LocalLoadModel : TileModel<LocalLoadModel, ttg::LocalLoadOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Load; }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    return emitLocalLoadElement(tl, b, op, idx);
  }
};

} // namespace

void registerSharedMemoryModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, ttg::TritonGPUDialect *) {
    ttg::LocalLoadOp::attachInterface<LocalLoadModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
