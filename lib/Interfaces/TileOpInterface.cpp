//===- TileOpInterface.cpp - What the tile lowering knows of an op -------===//

#include "tilerun/Interfaces/TileOpInterface.h"

#include "tilerun/Interfaces/TileOpInterface.cpp.inc"

using namespace mlir;

namespace tilerun {

std::optional<TileOpKind> getTileKind(Operation *op) {
  if (auto tile = dyn_cast<TileOpInterface>(op))
    return tile.getTileKind();
  return std::nullopt;
}

unsigned getElementCost(Operation *op) {
  auto tile = dyn_cast<TileOpInterface>(op);
  return tile ? tile.getElementCost() : 0;
}

bool readsOperandsAtOwnIndex(Operation *op) {
  auto tile = dyn_cast<TileOpInterface>(op);
  return tile && tile.readsOperandsAtOwnIndex();
}

} // namespace tilerun
