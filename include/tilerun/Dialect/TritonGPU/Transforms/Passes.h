//===- Passes.h - Analyses and transforms of ttg programs -------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilerun {
#define GEN_PASS_DECL
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilerun/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace tilerun

#endif // TILERUN_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
