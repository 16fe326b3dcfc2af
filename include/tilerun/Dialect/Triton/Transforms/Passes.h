//===- Passes.h - Transforms of tt programs ---------------------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace cf {
class ControlFlowDialect;
}
namespace scf {
class SCFDialect;
}
namespace ub {
class UBDialect;
}
} // namespace mlir

namespace tilerun {
#define GEN_PASS_DECL
#include "tilerun/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilerun/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace tilerun

#endif // TILERUN_DIALECT_TRITON_TRANSFORMS_PASSES_H
