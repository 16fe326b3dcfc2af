//===- Registration.cpp - Attach every tile model -------------------------===//

#include "TileModel.h"

#include "tilerun/Conversion/TritonToLoops/TileOpModels.h"

namespace tilerun {

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
