//===- Types.cpp - tt types and type helpers ------------------------------===//
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "tilerun/Dialect/Triton/IR/TritonTypes.cpp.inc"

#include "tilerun/Dialect/Triton/IR/TritonEnums.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilerun/Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
}

// `!tt.ptr<T>` or `!tt.ptr<T, N>`; the global address space 1 is implied.
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = 1;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

namespace mlir::triton {

Type getPointeeType(Type type) {
  if (auto tensorTy = dyn_cast<RankedTensorType>(type)) {
    if (auto ptrTy = dyn_cast<PointerType>(tensorTy.getElementType()))
      return tensorTy.clone(ptrTy.getPointeeType());
    return type;
  }
  if (auto ptrTy = dyn_cast<PointerType>(type))
    return ptrTy.getPointeeType();
  return type;
}

Type getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensorTy = dyn_cast<RankedTensorType>(type))
    return tensorTy.clone(i1);
  return i1;
}

Type getPointerTypeSameShape(Type type, int addressSpace) {
  if (auto tensorTy = dyn_cast<RankedTensorType>(type))
    return tensorTy.clone(
        PointerType::get(tensorTy.getElementType(), addressSpace));
  return PointerType::get(type, addressSpace);
}

Type getBasePointerOfBlockPointer(Type type) {
  auto ptrTy = dyn_cast<PointerType>(type);
  if (!ptrTy)
    return type;
  if (auto tensorTy = dyn_cast<RankedTensorType>(ptrTy.getPointeeType()))
    return PointerType::get(tensorTy.getElementType(), ptrTy.getAddressSpace());
  return type;
}

} // namespace mlir::triton
