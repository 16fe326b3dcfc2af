//===- TilerunOps.td - Decisions tilerun records in tt programs -*- tablegen -*-===//
//
// The tilerun dialect holds the decisions that tilerun's passes take on a
// tt program before the tile lowering and that the lowering carries out:
// they are ops so that a decision is printed, tested and consumed like any
// other IR, instead of living in a side table of one pass.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_DIALECT_TILERUN_IR_TILERUNOPS
#define TILERUN_DIALECT_TILERUN_IR_TILERUNOPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilerun/Dialect/Triton/IR/TritonTypes.td"

def Tilerun_Dialect : Dialect {
  let name = "tilerun";
  let cppNamespace = "::tilerun";
  let summary = "Decisions of tilerun's passes on tt programs";
  let dependentDialects = ["::mlir::triton::TritonDialect"];
}

class Tilerun_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tilerun_Dialect, mnemonic, traits>;

def Tilerun_PrefetchNextProgramOp
    : Tilerun_Op<"prefetch_next_program", [Pure]> {
  let summary = "Prefetch the next program's tile while a value is evaluated";
  let description = [{
    While the tile lowering evaluates `$carrier` over its tile (the loop
    nest of a store, a buffer fill, a loop-carried update or a reduction's
    operand pass), it prefetches the cache lines `$ptrs` addresses, a chunk
    of them at each chunk of the nest: `$ptrs` is the address tile of a load
    as the next program (program_id x + 1) will compute it. Made by
    `tilerun-prefetch-next-program`.

    A prefetch changes no value and never faults: the op is a hint, and
    dropping it (as dead-code elimination may) is always correct.

    ```mlir
    tilerun.prefetch_next_program %next_ptrs, %e
        : tensor<256x!tt.ptr<f32>>, tensor<256xf32>
    ```
  }];
  let arguments = (ins TT_PtrTensor:$ptrs, AnyRankedTensor:$carrier);
  let assemblyFormat = [{
    $ptrs `,` $carrier attr-dict `:` type($ptrs) `,` type($carrier)
  }];
  let hasVerifier = 1;
}

def Tilerun_PrefetchNextIterationOp
    : Tilerun_Op<"prefetch_next_iteration", [Pure]> {
  let summary = "Prefetch an operand tile of a loop's next iteration while a "
                "dot multiplies";
  let description = [{
    While the tile lowering multiplies the `tt.dot` that defines `$dot`
    (its micro-kernel, one register tile after another), it prefetches the
    cache lines `$ptrs` addresses, a few of them before each register tile:
    `$ptrs` is the address tile of one of the dot's operand loads as the
    next iteration of the enclosing `scf.for` will compute it. Packing that
    operand then reads the cache instead of waiting on memory. Made by
    `tilerun-prefetch-next-iteration`.

    A prefetch changes no value and never faults: the op is a hint, and
    dropping it (as dead-code elimination may) is always correct.

    ```mlir
    tilerun.prefetch_next_iteration %next_a_ptrs, %acc
        : tensor<128x32x!tt.ptr<f32>>, tensor<128x128xf32>
    ```
  }];
  let arguments = (ins TT_PtrTensor:$ptrs, AnyRankedTensor:$dot);
  let assemblyFormat = [{
    $ptrs `,` $dot attr-dict `:` type($ptrs) `,` type($dot)
  }];
  let hasVerifier = 1;
}

#endif // TILERUN_DIALECT_TILERUN_IR_TILERUNOPS
