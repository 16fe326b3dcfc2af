//===- TileOpInterface.td - What the tile lowering knows of an op -*- tablegen -*-===//
//
// One description per op of everything the tile lowering (TritonToLoops)
// asks about it: how a result element relates to the operands' elements,
// what an element costs, how to emit one element, and how an op that is
// computed whole writes its buffers. The models are attached externally,
// one file per op family (lib/Conversion/TritonToLoops/OpModels), the way
// upstream attaches bufferization models to dialects that do not know
// about bufferization.
//
//===----------------------------------------------------------------------===//

#ifndef TILERUN_INTERFACES_TILEOPINTERFACE
#define TILERUN_INTERFACES_TILEOPINTERFACE

include "mlir/IR/OpBase.td"

def TileOpInterface : OpInterface<"TileOpInterface"> {
  let description = [{
    How the tile lowering evaluates an op. A tensor result is either
    evaluated element by element where it is consumed, or computed whole
    into buffers (see `docs/design.md`, *Evaluation model*).

    The kind (`getTileKind`) is what every analysis of the lowering asks
    first: the materialization plan, the mask-range prover, the versioning
    of nests, the next-program prefetch planner, the streaming-store stride
    analysis and checked mode's provenance walk. The element cost orders
    recomputation against buffering. `emitElement` evaluates one element
    (or the scalar result of an op on scalars); `lowerIntoBuffers` writes
    the whole results of a `Materializing` op.
  }];
  let cppNamespace = "::tilerun";

  let methods = [
    InterfaceMethod<[{
        The relation between result and operand elements (TileOpKind).
      }],
      "::tilerun::TileOpKind", "getTileKind", (ins)>,
    InterfaceMethod<[{
        Work per element in rough vector-instruction units: 0 for index,
        pointer and shape arithmetic (it folds into addressing), 1 for a
        floating-point add or multiply, kExpensiveElementCost or more for a
        division or a transcendental function. An op whose elements cost at
        least kExpensiveElementCost is buffered rather than recomputed when
        it is consumed more than once.
      }],
      "unsigned", "getElementCost", (ins)>,
    InterfaceMethod<[{
        True when every tensor operand is read at the index of the element
        being computed (elementwise ops and `tt.load`): repeated operands
        are evaluated once, and a value built only from such ops reads a
        buffer exactly where it writes its own element.
      }],
      "bool", "readsOperandsAtOwnIndex", (ins)>,
    InterfaceMethod<[{
        For a `Remap` op whose index map is affine: the map from a result
        index to the index of the element of operand 0 it equals (results
        of the map that are constants select one position). Null for a
        remap that is not affine (a reshape re-linearises the index) and
        for other kinds.
      }],
      "::mlir::AffineMap", "getOperandIndexMap", (ins)>,
    InterfaceMethod<[{
        Emits the element of `result` at `idx` (empty for a scalar result)
        at the builder's insertion point; reports an error through
        `lowering.fail` and returns its poison value when it cannot.
      }],
      "::mlir::Value", "emitElement",
      (ins "::tilerun::loops::TileLowering &":$lowering,
           "::mlir::OpBuilder &":$builder, "::mlir::OpResult":$result,
           "::mlir::ValueRange":$idx)>,
    InterfaceMethod<[{
        For a `Materializing` op: writes its tensor results into `outs`
        (one buffer per result, null for a scalar result).
      }],
      "::llvm::LogicalResult", "lowerIntoBuffers",
      (ins "::tilerun::loops::TileLowering &":$lowering,
           "::mlir::OpBuilder &":$builder,
           "::llvm::ArrayRef<::mlir::Value>":$outs)>,
  ];
}

#endif // TILERUN_INTERFACES_TILEOPINTERFACE
