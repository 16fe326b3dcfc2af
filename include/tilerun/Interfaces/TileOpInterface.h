//===- TileOpInterface.h - The tile lowering's view of an op -- -*- C++ -*-===//
//
// The op interface through which the tile lowering (TritonToLoops) and its
// analyses see an op; TileOpInterface.td documents it. Models are attached
// by registerTileOpModels (tilerun/Conversion/TritonToLoops/TileOpModels.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_INTERFACES_TILEOPINTERFACE_H
#define TILERUN_INTERFACES_TILEOPINTERFACE_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace tilerun {
namespace loops {
class TileLowering;
} // namespace loops

/// How the elements of an op's tensor results relate to its operands'.
enum class TileOpKind {
  /// Each result element equals an element of operand 0 (the scalar itself
  /// for tt.splat) at an index that depends on the result index alone: the
  /// shape ops splat, broadcast, expand_dims, reshape, trans and
  /// convert_layout. Values, ranges and uniformity pass through unchanged.
  Remap,
  /// Each result element is computed from the operands' elements at the
  /// same index (arith, math and tt's elementwise ops) or from no tensor
  /// at all (constants, program ids).
  Elementwise,
  /// Each result element is computed cheaply from operand elements at
  /// other indices (join, split, cat, gather, make_range, pair reductions).
  Rearrange,
  /// Reads memory where it is evaluated (tt.load, local_load, descriptor
  /// loads): the plan must buffer it when a write may come between.
  Load,
  /// Computed whole into buffers where it stands (dot, reduce, scan,
  /// histogram, atomics, impure extern calls, non-splat constants).
  Materializing,
};

/// Element cost from which an op counts as expensive: buffered rather than
/// recomputed when consumed more than once (integer and float divisions).
constexpr unsigned kExpensiveElementCost = 4;

} // namespace tilerun

#include "tilerun/Interfaces/TileOpInterface.h.inc"

namespace tilerun {

/// The queries of TileOpInterface on any op; ops without a model have no
/// kind, cost nothing and read no operand at their own index.
std::optional<TileOpKind> getTileKind(mlir::Operation *op);
inline bool isRemap(mlir::Operation *op) {
  return getTileKind(op) == TileOpKind::Remap;
}
unsigned getElementCost(mlir::Operation *op);
bool readsOperandsAtOwnIndex(mlir::Operation *op);

} // namespace tilerun

#endif // TILERUN_INTERFACES_TILEOPINTERFACE_H
