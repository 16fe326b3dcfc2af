//===- Passes.td - Transforms of tt programs ----------------*- tablegen -*-===//
//
// Passes that rewrite Triton IR into Triton IR, run before the tile lowering.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES
#define TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonLiftControlFlowToSCF
    : Pass<"tilerun-triton-lift-cf-to-scf", "mlir::triton::FuncOp"> {
  let summary = "Lift a tt.func's unstructured control flow to scf";
  let description = [{
    Triton emits a `return` inside an `if` (`if row >= n_rows: return`) as
    `cf.cond_br` / `cf.br` between blocks of the `tt.func`, ending in several
    `tt.return`s. The tile lowering works on one block of structured ops, so
    this pass rewrites every multi-block body with upstream MLIR's
    `transformCFGToSCF` (the machinery of `lift-cf-to-scf`): branches become
    `scf.if` / `scf.index_switch`, cycles `scf.while`, and all returns one
    `tt.return` at the end of the single remaining block. `scf.index_switch`
    ops that the lifting creates to merge more than two paths are then
    rewritten as chains of `scf.if`, the region op the tile lowering knows.
    Functions that are already one block are left untouched.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
    "mlir::scf::SCFDialect", "mlir::ub::UBDialect",
  ];
}

def LoopPointersToOffsets : Pass<"tilerun-loop-pointers-to-offsets"> {
  let summary = "Carry pointer increments through loops as scalar offsets";
  let description = [{
    Triton kernels advance tensors of pointers inside loops
    (`%a_ptrs = tt.addptr %a_ptrs, splat(%step)`). A loop-carried tensor has
    to live in memory on a CPU, which turns every later access into a
    gather. When an iteration only adds the same scalar to every pointer,
    this pass carries that scalar offset instead and rebuilds the pointers
    from the loop's initial tensor, whose addresses stay affine in the tile
    indices (and so vectorise).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def UnrollShortReductionLoops : Pass<"tilerun-unroll-short-reduction-loops"> {
  let summary = "Reduce a short loop's tile accumulator without a buffer";
  let description = [{
    A `scf.for` whose only result is a tile consumed only by a `tt.reduce`
    to scalars (a row reduced in blocks into an accumulator) becomes a chain
    of `scf.if (the loop runs exactly k times)` for k = 1 to `max-trips`:
    the body k times, each trip's accumulator the previous trip's value,
    reduced directly; the last else-branch keeps the loop and the reduction
    unchanged. The unrolled versions need no buffer for the accumulator and
    compute exactly what the loop does. Loops with a `tt.dot` are left
    alone; loops with 64-bit bounds get the single-trip version only.
  }];
  let options = [
    Option<"maxTrips", "max-trips", "unsigned", /*default=*/"4",
           "Versions for trip counts up to this one (0: none)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

#endif // TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES
