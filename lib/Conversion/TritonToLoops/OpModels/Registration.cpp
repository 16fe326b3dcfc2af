//===- Registration.cpp - Attach every tile model -------------------------===//

#include "TileModel.h"

#include "tilerun/Conversion/TritonToLoops/TileOpModels.h"

using namespace mlir;

namespace tilerun {

namespace loops {
Value internalMisuse(TileLowering &tl, OpBuilder &b, OpResult result) {
  return tl.fail(b, result.getOwner(),
                 "is evaluated in a way its tile kind does not allow "
                 "(internal error)",
                 loweredElementType(result.getType()));
}
} // namespace loops

void registerTileOpModels(mlir::DialectRegistry &registry) {
  loops::registerShapeOpModels(registry);
  loops::registerArithMathModels(registry);
  loops::registerTritonElementwiseModels(registry);
  loops::registerMemoryModels(registry);
  loops::registerReductionModels(registry);
  loops::registerDotModels(registry);
  loops::registerSharedMemoryModels(registry);
  loops::registerHopperModels(registry);
}

} // namespace tilerun
