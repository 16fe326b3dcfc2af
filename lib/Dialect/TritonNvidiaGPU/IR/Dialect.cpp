#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

namespace {
struct TritonNvidiaGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TritonNvidiaGPUDialect::initialize() {
  addInterfaces<TritonNvidiaGPUInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
}
