#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

void TritonNvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
}
