#ifndef TILERUN_TRITONGPU_DIALECT
#define TILERUN_TRITONGPU_DIALECT

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton GPU dialect: layouts, shared memory, async copies";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect"];
}

#endif
