//===- Passes.td - tilerun conversion passes ---------------*- tablegen -*-===//
#ifndef TILERUN_CONVERSION_PASSES
#define TILERUN_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonToLoops : Pass<"tilerun-convert-triton-to-loops", "mlir::ModuleOp"> {
  let summary = "Lower tile programs (tt/ttg on tensors) to loops over memrefs";
  let description = [{
    Rewrites every `tt.func` into a `func.func` that runs one program instance
    of the kernel on a CPU thread. Tensors are not given storage by default: a
    tensor value is evaluated element by element where it is consumed, so that
    an elementwise chain ending in a store becomes one loop whose addresses
    LLVM sees as affine in the loop index (and vectorises). A tensor is given
    a stack buffer only when recomputing it would be wrong (a load followed by
    a store that may alias it) or wasteful (an expensive value consumed in
    several places, the operands of a dot), or when its op is not elementwise
    (dot, reduce, scan, histogram, atomics, loop-carried values).

    Pointers become `!llvm.ptr` and arithmetic on them `llvm.getelementptr`.
    The kernel ABI appends six i32 parameters: num_programs x, y, z and
    program_id x, y, z. Shared memory (`ttg.local_alloc`) is a per-program
    stack buffer in which elements sit at the offsets the shared layout gives.
  }];
  let options = [
    Option<"checked", "checked", "bool", /*default=*/"false",
           "Bounds-check every global and shared-memory access">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
    "mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
  ];
}

#endif // TILERUN_CONVERSION_PASSES
