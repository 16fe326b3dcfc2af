//===- Passes.td - tilerun's transforms after the tile lowering -*- tablegen -*-===//
//
// Passes that rewrite within upstream dialects, neither converting nor
// touching Triton's: math to arith (before the LLVM conversion) and LLVM to
// LLVM (after it).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_TRANSFORMS_PASSES
#define TILERUN_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ApproximateMath : Pass<"tilerun-approximate-math"> {
  let summary = "Replace f32 exp/exp2 with vectorisable polynomials";
  let description = [{
    LLVM lowers `math.exp` and friends to calls into the C library, one
    element at a time, which stops the loop vectoriser. MLIR's polynomial
    approximations (accurate to a few ulp in f32) are plain arithmetic that
    vectorises with the rest of the loop. Functions whose approximations
    are less accurate than Triton's GPU versions are left to the C library.

    f32 `exp` and `exp2` use tilerun's own expansion: Cody-Waite range
    reduction, a degree-6 polynomial and a scaling by 2^k that rounds once,
    so overflow, underflow and subnormal results need no selects. With
    `ldexp-scaling` (set for hosts with AVX-512, where `llvm.ldexp` is the
    single instruction `vscalefps`) the scaling is one `ldexp`; without, two
    powers of two built from exponent bits, with the same results.
  }];
  let options = [
    Option<"ldexpScaling", "ldexp-scaling", "bool", /*default=*/"false",
           "Scale exp's polynomial with llvm.ldexp (fast with AVX-512)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def AttachLoopAnnotations : Pass<"tilerun-attach-loop-annotations", "mlir::ModuleOp"> {
  let summary = "Move loop metadata onto the LLVM branches that carry it";
  let description = [{
    SCFToControlFlow copies an `scf.for`'s `llvm.*` attributes onto the
    loop's latch branch, and ControlFlowToLLVM keeps them as discardable
    attributes of `llvm.br`, which the translation to LLVM IR ignores. This
    pass moves an `llvm.loop_annotation` attribute into the branch's own
    `loop_annotation`, which becomes the loop's `!llvm.loop` metadata.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif
