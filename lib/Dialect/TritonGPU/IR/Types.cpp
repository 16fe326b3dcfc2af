//===- Types.cpp - !ttg.memdesc and !ttg.async.token ----------------------===//
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/Types.cpp.inc"

static constexpr StringLiteral kMutable = "mutable";

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  bool mutableMemory = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword(kMutable))) {
      mutableMemory = true;
      if (succeeded(parser.parseOptionalComma()) &&
          parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                    /*withTrailingX=*/false))
        return {};
    } else if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                         /*withTrailingX=*/false)) {
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType,
                                        encoding, memorySpace, mutableMemory,
                                        allocShape);
}

void MemDescType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    p << d << "x";
  p << getElementType();
  if (getEncoding())
    p << ", " << getEncoding();
  if (getMemorySpace())
    p << ", " << getMemorySpace();
  if (getMutableMemory())
    p << ", " << kMutable;
  if (getAllocShape() != getShape()) {
    p << ", ";
    llvm::interleave(getAllocShape(), p, "x");
  }
  p << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  // The first dim may be anything: it is the pipelining / multi-buffer index.
  if (!isa_and_nonnull<PaddedSharedEncodingAttr>(encoding) &&
      llvm::any_of(shape.drop_front(1),
                   [](int64_t d) { return d <= 0 || !llvm::isPowerOf2_64(d); }))
    return emitError() << "shape must have power-of-2 dimensions; got "
                       << shape;
  if (llvm::any_of(shape, [](int64_t d) { return d < 0; }))
    return emitError() << "shape must not have negative dimensions";
  if (allocShape.size() < shape.size())
    return emitError()
           << "alloc shape must have at least as many dimensions as shape";
  for (auto [s, a] : llvm::zip(shape, allocShape.take_back(shape.size())))
    if (s > a)
      return emitError() << "shape must be less than or equal to allocShape. "
                         << "shape = " << shape
                         << ", allocShape = " << allocShape;
  if (!encoding)
    return emitError() << "memdesc requires an encoding";
  std::optional<unsigned> encRank = getSharedEncodingRank(encoding);
  if (!encRank)
    return emitError() << encoding << " is not a valid encoding";
  if (*encRank != shape.size() && *encRank + 1 != shape.size())
    return emitError() << "encoding rank (" << *encRank
                       << ") must equal the rank of the shape (" << shape.size()
                       << ") or be one less";
  if (!memorySpace)
    return emitError() << "memdesc requires a memory space";
  return success();
}

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

unsigned mlir::triton::gpu::getElementBitWidth(Type elemTy) {
  if (elemTy.isIntOrFloat())
    return elemTy.getIntOrFloatBitWidth();
  return 64; // pointers and descriptors are stored as 64-bit values
}

std::optional<int64_t>
mlir::triton::gpu::getTileElements(Attribute enc, ArrayRef<int64_t> tile) {
  namespace sh = tilerun::shared;
  int64_t n = -1, dense = 1;
  for (int64_t d : tile)
    dense *= d;
  if (auto e = dyn_cast_or_null<SwizzledSharedEncodingAttr>(enc))
    n = sh::swizzledTileElements(toParams(e), tile);
  else if (auto e = dyn_cast_or_null<NVMMASharedEncodingAttr>(enc))
    n = sh::nvmmaTileElements(toParams(e), tile);
  else if (auto e = dyn_cast_or_null<PaddedSharedEncodingAttr>(enc))
    n = sh::paddedTileElements(toParams(e), tile);
  else if (auto e = dyn_cast_or_null<SharedLinearEncodingAttr>(enc))
    n = sh::linearTileElements(toParams(e), tile);
  else
    return std::nullopt;
  if (n >= 0)
    return n;
  // Swizzling only permutes elements: a tile the placement model cannot lay
  // out (e.g. a non-power-of-2 leading dim) still holds exactly its elements.
  if (isa<SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr>(enc))
    return dense;
  return std::nullopt;
}

bool mlir::triton::gpu::isSubview(MemDescType ty) {
  unsigned r = getSharedEncodingRank(ty.getEncoding()).value_or(ty.getRank());
  r = std::min<unsigned>(r, ty.getRank());
  return ty.getShape().take_back(r) != ty.getAllocShape().take_back(r);
}

std::optional<int64_t> mlir::triton::gpu::getStorageBits(MemDescType ty) {
  std::optional<unsigned> r = getSharedEncodingRank(ty.getEncoding());
  ArrayRef<int64_t> alloc = ty.getAllocShape();
  if (!r || *r > alloc.size())
    return std::nullopt;
  std::optional<int64_t> tile =
      getTileElements(ty.getEncoding(), alloc.take_back(*r));
  if (!tile)
    return std::nullopt;
  // Copies counted on the view's own leading dims: a subslice of the copies
  // dim (one contiguous run of whole tiles) owns only its tiles.
  if (*r > ty.getShape().size())
    return std::nullopt;
  int64_t copies = 1;
  for (int64_t d : ty.getShape().drop_back(*r))
    copies *= d;
  return *tile * getElementBitWidth(ty.getElementType()) * copies;
}

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilerun/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}
