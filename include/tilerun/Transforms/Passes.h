//===- Passes.h - tilerun's transforms after the tile lowering --*- C++ -*-===//
#ifndef TILERUN_TRANSFORMS_PASSES_H
#define TILERUN_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace LLVM {
class LLVMDialect;
}
namespace math {
class MathDialect;
}
namespace vector {
class VectorDialect;
}
} // namespace mlir

namespace tilerun {
#define GEN_PASS_DECL
#include "tilerun/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilerun/Transforms/Passes.h.inc"
} // namespace tilerun

#endif // TILERUN_TRANSFORMS_PASSES_H
