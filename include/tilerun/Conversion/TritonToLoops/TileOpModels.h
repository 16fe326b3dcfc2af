//===- TileOpModels.h - TileOpInterface models of tt, ttg and upstream ops ===//
//
// Attaches the TileOpInterface models of the ops the tile lowering knows:
// tt, ttg and ttng ops, and arith, math and ub ops through their traits.
// The TritonToLoops pass registers them as a dependent of its own; tools
// that query the interface outside it call this with their registry.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CONVERSION_TRITONTOLOOPS_TILEOPMODELS_H
#define TILERUN_CONVERSION_TRITONTOLOOPS_TILEOPMODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilerun {
void registerTileOpModels(mlir::DialectRegistry &registry);
} // namespace tilerun

#endif // TILERUN_CONVERSION_TRITONTOLOOPS_TILEOPMODELS_H
