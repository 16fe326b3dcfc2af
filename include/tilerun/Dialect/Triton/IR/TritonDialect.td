#ifndef TILERUN_TRITON_DIALECT_TD
#define TILERUN_TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton IR (TTIR), as printed by Triton 3.6";
  // Kernels mix tt ops with these; cf is also what the inliner emits when a
  // multi-block tt.func body is inlined.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif
