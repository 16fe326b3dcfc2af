#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "tilerun/Dialect/TritonGPU/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/Types.cpp.inc"

void TritonGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilerun/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilerun/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
}
