//===- Passes.td - Analyses and transforms of ttg programs --*- tablegen -*-===//
//
// Passes over TritonGPU IR (Gluon's and Triton's TTGIR).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES
#define TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUCheckMemDescRules
    : Pass<"tilerun-check-memdesc-rules", "mlir::ModuleOp"> {
  let summary = "Check shared-memory descriptor views against the rules of "
                "Triton after 3.6";
  let description = [{
    `ttg.memdesc_reinterpret`'s verifier accepts what Triton 3.6 accepts, so
    that every module Triton 3.6 prints parses: among them reinterprets
    whose result covers less memory than the source (the start of a larger
    buffer), and dense buffers seen through a padded layout. Triton rejects
    both since triton-lang/triton#10243 and #10184: a reinterpret's source
    and result must represent the same amount of memory (counting the
    layout's copies along the leading index dims, #10286) and be both padded
    or both dense.

    This pass reports every `ttg.memdesc_reinterpret` that the verifier
    accepts but those rules reject, once per op, at the op, with both sizes
    in bits. A source that is a contiguous subslice of its parent owns that
    chunk (tilerun's allowance; the verifier rejects other subslices).

    With `strict` (the default, `tilerun check`) each is an error and the
    pass fails. Without it each is a warning that names the rule, and the
    pass succeeds: `tilerun run`, the C API and the Triton backend run the
    module as Triton 3.6 does. The IR is never changed.
  }];
  let options = [
    Option<"strict", "strict", "bool", /*default=*/"true",
           "Report a violation as an error and fail; false: as a warning">,
  ];
}

#endif // TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES
