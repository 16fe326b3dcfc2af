//===- Utils.cpp - Queries on tt programs ---------------------------------===//

#include "tilerun/Dialect/Triton/IR/Utils.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

bool mlir::triton::containsDot(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<DotOp, DotScaledOp>(inner) ? WalkResult::interrupt()
                                              : WalkResult::advance();
      })
      .wasInterrupted();
}
