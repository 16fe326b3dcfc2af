#include "tilerun/Dialect/Gluon/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gluon;

#include "tilerun/Dialect/Gluon/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilerun/Dialect/Gluon/IR/AttrDefs.cpp.inc"

void GluonDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilerun/Dialect/Gluon/IR/AttrDefs.cpp.inc"
      >();
}
