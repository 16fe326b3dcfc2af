#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "tilerun/Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {
// Triton names layouts `#blocked`, `#shared`, `#mma`, ... at the top of a
// module; slice and dot_op layouts stay inline.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isSharedEncoding(attr))
      os << "shared";
    else if (isa<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
                 AMDWmmaEncodingAttr>(attr))
      os << "mma";
    else if (isa<LinearEncodingAttr>(attr))
      os << "linear";
    else if (isa<SharedMemorySpaceAttr>(attr))
      os << "smem";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};

/// ttg ops carry no state tied to their function: a noinline Triton
/// function's body (tt.call'd from TTGIR) inlines like any other.
struct TritonGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TritonGPUDialect::initialize() {
  registerAttributes();
  addInterfaces<TritonGPUOpAsmInterface, TritonGPUInlinerInterface>();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tilerun/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
}
