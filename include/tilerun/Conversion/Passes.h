//===- Passes.h - tilerun conversion passes ---------------------*- C++ -*-===//
#ifndef TILERUN_CONVERSION_PASSES_H
#define TILERUN_CONVERSION_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace bufferization {
class BufferizationDialect;
}
namespace linalg {
class LinalgDialect;
}
namespace tensor {
class TensorDialect;
}
namespace cf {
class ControlFlowDialect;
}
namespace func {
class FuncDialect;
}
namespace LLVM {
class LLVMDialect;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
namespace vector {
class VectorDialect;
}
namespace x86vector {
class X86VectorDialect;
}
namespace amx {
class AMXDialect;
}
} // namespace mlir

namespace tilerun {
#define GEN_PASS_DECL
#include "tilerun/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

#endif // TILERUN_CONVERSION_PASSES_H
