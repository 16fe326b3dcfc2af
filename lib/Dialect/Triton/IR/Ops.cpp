//===- Ops.cpp - tt op verifiers and interfaces ---------------------------===//
//
// Verifiers check shapes and element types only: encodings are the ttg
// dialect's business, and tt ops must accept tensors with or without them.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "tilerun/Dialect/Triton/IR/TritonOps.cpp.inc"

namespace {
std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Pointer and tensor-of-pointer operands must agree with their partner on
/// being scalar or tensor, and on shape when tensors.
LogicalResult verifySameShape(Operation *op, Type a, Type b, StringRef what) {
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (!ta && !tb)
    return success();
  if (!ta || !tb)
    return op->emitOpError() << what << " must be both scalars or both tensors";
  if (ta.getShape() != tb.getShape())
    return op->emitOpError()
           << what << " shapes differ: " << shapeStr(ta.getShape()) << " vs "
           << shapeStr(tb.getShape());
  return success();
}

unsigned bitWidth(Type t) {
  t = getElementTypeOrSelf(t);
  if (isa<PointerType>(t))
    return 64;
  return t.getIntOrFloatBitWidth();
}

bool isPermutation(ArrayRef<int32_t> order, size_t rank) {
  if (order.size() != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || static_cast<size_t>(d) >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// A combine region of reduce/scan: 2*N scalar arguments (accumulators, then
/// new values), one per operand element type, returning N such scalars.
LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                  ArrayRef<Type> elemTypes) {
  Block &block = region.front();
  size_t n = elemTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << "combine region must take " << 2 * n
                             << " arguments, got " << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elemTypes[i % n])
      return op->emitOpError()
             << "combine region argument " << i << " has type " << arg.getType()
             << ", expected " << elemTypes[i % n];
  // Never getTerminator(): without assertions it is UB on an empty block.
  Operation *term = block.empty() ? nullptr : &block.back();
  if (!term || term->getNumOperands() != n)
    return op->emitOpError() << "combine region must return " << n << " values";
  for (auto [i, v] : llvm::enumerate(term->getOperands()))
    if (v.getType() != elemTypes[i])
      return op->emitOpError()
             << "combine region returns " << v.getType() << " at position " << i
             << ", expected " << elemTypes[i];
  return success();
}

SmallVector<RankedTensorType> tensorTypes(ValueRange values) {
  SmallVector<RankedTensorType> types;
  for (Value v : values)
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

SmallVector<Type> elementTypes(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(getElementTypeOrSelf(v.getType()));
  return types;
}

LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank) {
  if (axis < 0 || axis >= rank)
    return op->emitOpError()
           << "axis " << axis << " out of range for rank " << rank;
  return success();
}
} // namespace

//===-- Casts and arithmetic ----------------------------------------------===//

LogicalResult BitcastOp::verify() {
  if (bitWidth(getSrc().getType()) != bitWidth(getType()))
    return emitOpError("source and result must have the same bit width");
  return success();
}

LogicalResult FpToFpOp::verify() {
  unsigned srcBits = bitWidth(getSrc().getType());
  unsigned dstBits = bitWidth(getType());
  if (dstBits < srcBits && !getRounding())
    return emitOpError("rounding mode is required for FP downcast");
  if (dstBits > srcBits && getRounding())
    return emitOpError("rounding mode is only meaningful for FP downcast");
  return success();
}

LogicalResult AddPtrOp::verify() {
  return verifySameShape(*this, getPtr().getType(), getOffset().getType(),
                         "ptr and offset");
}

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(getPtr().getType().getPointeeType());
  if (getOffsets().size() != static_cast<size_t>(block.getRank()))
    return emitOpError() << "expects " << block.getRank()
                         << " offsets, one per block dimension";
  return success();
}

//===-- Memory ------------------------------------------------------------===//

/// Block pointers (`!tt.ptr<tensor<..>>`) take boundaryCheck/padding; tensors
/// of pointers take mask/other. Both forms share the op.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck) {
  if (boundaryCheck.empty())
    return success();
  auto ptrTy = dyn_cast<PointerType>(ptrType);
  auto block = ptrTy ? dyn_cast<RankedTensorType>(ptrTy.getPointeeType())
                     : RankedTensorType();
  if (!block)
    return op->emitOpError("boundaryCheck requires a block pointer");
  for (int32_t d : boundaryCheck)
    if (d < 0 || d >= block.getRank())
      return op->emitOpError()
             << "boundaryCheck dimension " << d << " out of range";
  return success();
}

LogicalResult LoadOp::verify() {
  if (getPadding() && getBoundaryCheck().empty())
    return emitOpError("padding requires boundaryCheck");
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must not be removed or reordered like a plain read.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult StoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck());
}

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isa<FloatType>(elem))
      return emitOpError("fadd requires a floating-point value");
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!elem.isInteger())
      return emitOpError() << stringifyRMWOp(getAtomicRmwOp())
                           << " requires an integer value";
    break;
  default:
    break;
  }
  return success();
}

//===-- Shape manipulation ------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (auto srcTy = dyn_cast<RankedTensorType>(getSrc().getType()))
    if (srcTy.getNumElements() != 1)
      return emitOpError("source tensor must have exactly one element");
  return success();
}

LogicalResult UnsplatOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  if (srcTy.getNumElements() != 1)
    return emitOpError("source tensor must have exactly one element");
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis > srcTy.getRank())
    return emitOpError() << "axis " << axis << " out of range for rank "
                         << srcTy.getRank();
  SmallVector<int64_t> expected(srcTy.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (dstTy.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be " << shapeStr(expected);
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  if (srcTy.getNumElements() != dstTy.getNumElements())
    return emitOpError("number of source and result elements must match");
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  if (srcTy.getRank() != dstTy.getRank())
    return emitOpError("source and result must have the same rank");
  for (auto [s, d] : llvm::zip(srcTy.getShape(), dstTy.getShape()))
    if (s != d && s != 1)
      return emitOpError() << "cannot broadcast " << shapeStr(srcTy.getShape())
                           << " to " << shapeStr(dstTy.getShape())
                           << ": only size-1 dimensions can grow";
  return success();
}

LogicalResult CatOp::verify() {
  auto lhsTy = cast<RankedTensorType>(getLhs().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  if (lhsTy.getRank() != dstTy.getRank())
    return emitOpError("operands and result must have the same rank");
  if (dstTy.getNumElements() != 2 * lhsTy.getNumElements())
    return emitOpError("result must have as many elements as both operands");
  return success();
}

LogicalResult JoinOp::verify() {
  auto lhsTy = cast<RankedTensorType>(getLhs().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  if (lhsTy.getElementType() != dstTy.getElementType())
    return emitOpError("operand and result element types must match");
  SmallVector<int64_t> expected(lhsTy.getShape());
  expected.push_back(2);
  if (dstTy.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be " << shapeStr(expected);
  return success();
}

LogicalResult SplitOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getOutLHS().getType());
  if (srcTy.getRank() == 0 || srcTy.getShape().back() != 2)
    return emitOpError("source's last dimension must have size 2");
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitOpError("source and result element types must match");
  if (dstTy.getShape() != srcTy.getShape().drop_back())
    return emitOpError() << "result shape must be "
                         << shapeStr(srcTy.getShape().drop_back());
  return success();
}

LogicalResult TransOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, srcTy.getRank()))
    return emitOpError("order must be a permutation of the source dimensions");
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(srcTy.getDimSize(d));
  if (dstTy.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be " << shapeStr(expected);
  return success();
}

LogicalResult GatherOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto idxTy = cast<RankedTensorType>(getIndices().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  int64_t axis = static_cast<int32_t>(getAxis());
  if (failed(verifyAxis(*this, axis, srcTy.getRank())))
    return failure();
  if (idxTy.getRank() != srcTy.getRank())
    return emitOpError("indices and source must have the same rank");
  if (dstTy.getShape() != idxTy.getShape())
    return emitOpError("result must have the shape of the indices");
  if (dstTy.getElementType() != srcTy.getElementType())
    return emitOpError("result must have the source's element type");
  for (int64_t d = 0; d < srcTy.getRank(); ++d)
    if (d != axis && idxTy.getDimSize(d) > srcTy.getDimSize(d))
      return emitOpError() << "indices dimension " << d
                           << " is larger than the source's";
  return success();
}

LogicalResult HistogramOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSrc().getType());
  auto dstTy = cast<RankedTensorType>(getType());
  if (srcTy.getRank() != 1 || dstTy.getRank() != 1)
    return emitOpError("source and result must be 1-D");
  return success();
}

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  auto ty = cast<RankedTensorType>(getType());
  if (ty.getRank() != 1)
    return emitOpError("result must be a 1-D tensor");
  if (!ty.getElementType().isInteger(32))
    return emitOpError("result element type must be i32");
  if (end <= start)
    return emitOpError("end must be greater than start");
  if (ty.getDimSize(0) != end - start)
    return emitOpError() << "result has " << ty.getDimSize(0)
                         << " elements, expected end - start = " << end - start;
  return success();
}

//===-- Dots --------------------------------------------------------------===//

/// a: [B..., M, K], b: [B..., K, N], c/d: [B..., M, N]; returns M, N via the
/// result so callers only check what differs between dot and dot_scaled.
static LogicalResult verifyDotShapes(Operation *op, RankedTensorType a,
                                     RankedTensorType b, RankedTensorType d,
                                     bool checkK) {
  int64_t rank = d.getRank();
  if (rank != 2 && rank != 3)
    return op->emitOpError("operands must be 2-D (or 3-D batched)");
  if (a.getRank() != rank || b.getRank() != rank)
    return op->emitOpError("operands and result must have the same rank");
  if (rank == 3 && (a.getDimSize(0) != d.getDimSize(0) ||
                    b.getDimSize(0) != d.getDimSize(0)))
    return op->emitOpError("batch dimensions must match");
  int64_t m = d.getDimSize(rank - 2), n = d.getDimSize(rank - 1);
  if (a.getDimSize(rank - 2) != m || b.getDimSize(rank - 1) != n)
    return op->emitOpError()
           << "expects " << shapeStr(a.getShape()) << " * "
           << shapeStr(b.getShape()) << " to give MxN = " << m << "x" << n;
  if (checkK && a.getDimSize(rank - 1) != b.getDimSize(rank - 2))
    return op->emitOpError()
           << "reduction dimensions differ: " << a.getDimSize(rank - 1)
           << " vs " << b.getDimSize(rank - 2);
  return success();
}

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto d = cast<RankedTensorType>(getType());
  if (failed(verifyDotShapes(*this, a, b, d, /*checkK=*/true)))
    return failure();
  Type ea = a.getElementType(), eb = b.getElementType();
  // Mixed fp8 flavours are allowed (the hardware takes e4m3 x e5m2).
  bool bothFp8 = isa<FloatType>(ea) && isa<FloatType>(eb) &&
                 ea.getIntOrFloatBitWidth() == 8 &&
                 eb.getIntOrFloatBitWidth() == 8;
  if (ea != eb && !bothFp8)
    return emitOpError() << "operand element types differ: " << ea << " vs "
                         << eb;
  if (isa<FloatType>(ea) != isa<FloatType>(d.getElementType()))
    return emitOpError("float operands need a float accumulator and integer "
                       "operands an integer one");
  return success();
}

LogicalResult DotScaledOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto d = cast<RankedTensorType>(getType());
  // K is not checked: fp4 operands pack two values per i8 along K.
  return verifyDotShapes(*this, a, b, d, /*checkK=*/false);
}

//===-- Reduce / scan / map_elementwise -----------------------------------===//

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  return tensorTypes(getSrcs());
}
SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypes(getSrcs());
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  auto srcTy = cast<RankedTensorType>(getSrcs()[0].getType());
  int64_t axis = static_cast<int32_t>(getAxis());
  if (failed(verifyAxis(*this, axis, srcTy.getRank())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  SmallVector<int64_t> shape(srcTy.getShape());
  shape.erase(shape.begin() + axis);
  for (auto [src, res] : llvm::zip(getSrcs(), getResults())) {
    Type elem = getElementTypeOrSelf(src.getType());
    auto resTy = dyn_cast<RankedTensorType>(res.getType());
    if (shape.empty()) {
      if (res.getType() != elem)
        return emitOpError() << "reducing a 1-D tensor must give a scalar "
                             << elem << ", got " << res.getType();
      continue;
    }
    if (!resTy || resTy.getShape() != ArrayRef<int64_t>(shape) ||
        resTy.getElementType() != elem)
      return emitOpError() << "result must be a tensor of shape "
                           << shapeStr(shape) << " and element type " << elem;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getElementTypes());
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  return tensorTypes(getSrcs());
}
SmallVector<Type> ScanOp::getElementTypes() { return elementTypes(getSrcs()); }

LogicalResult ScanOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  auto srcTy = cast<RankedTensorType>(getSrcs()[0].getType());
  if (failed(
          verifyAxis(*this, static_cast<int32_t>(getAxis()), srcTy.getRank())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  for (auto [src, res] : llvm::zip(getSrcs(), getResults()))
    if (getElementTypeOrSelf(src.getType()) !=
        getElementTypeOrSelf(res.getType()))
      return emitOpError("result element types must match the operands'");
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getElementTypes());
}

LogicalResult MapElementwiseOp::verify() {
  if (getPack() < 1)
    return emitOpError("pack must be positive");
  for (auto [i, v] : llvm::enumerate(getSrcs()))
    if (cast<RankedTensorType>(v.getType()).getNumElements() % getPack() != 0)
      return emitOpError() << "operand " << i
                           << " has a size not divisible by pack";
  return success();
}

/// The scalar region takes `pack` values of each operand (operand-major) and
/// yields `pack` values of each result.
LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("region must not be empty");
  unsigned pack = getPack();
  Block &entry = region.front();
  if (entry.getNumArguments() != pack * getSrcs().size())
    return emitOpError() << "region must take " << pack * getSrcs().size()
                         << " arguments";
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    Type expected = getElementTypeOrSelf(getSrcs()[i / pack].getType());
    if (arg.getType() != expected)
      return emitOpError() << "region argument " << i << " has type "
                           << arg.getType() << ", expected " << expected;
  }
  for (Block &block : region) {
    auto ret = block.empty() ? MapElementwiseReturnOp()
                             : dyn_cast<MapElementwiseReturnOp>(block.back());
    if (!ret)
      continue;
    if (ret.getNumOperands() != pack * getNumResults())
      return ret.emitOpError()
             << "must return " << pack * getNumResults() << " values";
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      Type expected = getElementTypeOrSelf(getResult()[i / pack].getType());
      if (v.getType() != expected)
        return ret.emitOpError() << "value " << i << " has type " << v.getType()
                                 << ", expected " << expected;
    }
  }
  return success();
}

//===-- External code -----------------------------------------------------===//

LogicalResult ExternElementwiseOp::verify() {
  for (Value v : getSrcs())
    if (failed(verifySameShape(*this, v.getType(), getType(),
                               "operands and result")))
      return failure();
  return success();
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

Speculation::Speculatability ExternElementwiseOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError("packed_element must be positive");
  if (getNumResults() == 0)
    return emitOpError("must produce at least one result");
  Type shapeRef = getResult()[0].getType();
  for (Value v : getArgs())
    if (failed(verifySameShape(*this, v.getType(), shapeRef,
                               "operands and results")))
      return failure();
  for (Value v : getResult())
    if (failed(verifySameShape(*this, v.getType(), shapeRef, "results")))
      return failure();
  return success();
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

Speculation::Speculatability ElementwiseInlineAsmOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "isSigned has " << getIsSigned().size()
                         << " entries for " << getArgs().size() << " args";
  return success();
}

//===-- Block pointers and descriptors ------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  auto block = dyn_cast<RankedTensorType>(getType().getPointeeType());
  if (!block)
    return emitOpError("result must point to a tensor");
  size_t rank = block.getRank();
  if (getShape().size() != rank)
    return emitOpError() << "expects " << rank
                         << " shape, stride and offset values, got "
                         << getShape().size();
  if (!isPermutation(getOrder(), rank))
    return emitOpError("order must be a permutation of the block dimensions");
  return success();
}

/// Descriptor blocks of integers carry their signedness (`si32`, `ui32`:
/// it picks signed or unsigned TMA min/max); the pointers and tensors they
/// move are signless.
static bool sameIgnoringSignedness(Type a, Type b) {
  if (a == b)
    return true;
  auto ia = dyn_cast<IntegerType>(a), ib = dyn_cast<IntegerType>(b);
  return ia && ib && ia.getWidth() == ib.getWidth();
}

std::string mlir::triton::checkHostDescriptorParams(ArrayRef<Type> params,
                                                    unsigned index) {
  auto desc = cast<TensorDescType>(params[index]);
  unsigned rank = desc.getBlockType().getRank();
  ArrayRef<Type> rest = params.drop_front(index + 1);
  auto isInt = [](unsigned bits) {
    return [bits](Type t) { return t.isInteger(bits); };
  };
  if (rest.size() < 2 * rank ||
      !llvm::all_of(rest.take_front(rank), isInt(32)) ||
      !llvm::all_of(rest.slice(rank, rank), isInt(64)))
    return "must be followed by the descriptor's " + std::to_string(rank) +
           " shape parameters (i32) and " + std::to_string(rank) +
           " stride parameters (i64), as Triton passes a host "
           "TensorDescriptor";
  return "";
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  size_t rank = block.getRank();
  if (getShape().size() != rank)
    return emitOpError() << "expects " << rank
                         << " shape and stride values, got "
                         << getShape().size();
  Type pointee = getBase().getType().getPointeeType();
  if (!sameIgnoringSignedness(pointee, block.getElementType()))
    return emitOpError() << "base points to " << pointee
                         << " but the block holds " << block.getElementType();
  return success();
}

/// The tensor moved by a descriptor op must hold the block's elements; it may
/// drop leading size-1 block dimensions (rank-reducing loads).
static LogicalResult verifyDescriptorBlock(Operation *op, TensorDescType desc,
                                           Type tensorType, size_t numIndices) {
  RankedTensorType block = desc.getBlockType();
  auto ty = cast<RankedTensorType>(tensorType);
  if (numIndices != static_cast<size_t>(block.getRank()))
    return op->emitOpError()
           << "expects " << block.getRank() << " indices, got " << numIndices;
  if (!sameIgnoringSignedness(ty.getElementType(), block.getElementType()))
    return op->emitOpError()
           << "tensor element type " << ty.getElementType()
           << " does not match the descriptor's " << block.getElementType();
  ArrayRef<int64_t> bs = block.getShape();
  int64_t drop = block.getRank() - ty.getRank();
  if (drop < 0 ||
      !llvm::all_of(
          bs.take_front(drop), [](int64_t d) { return d == 1; }) ||
      bs.drop_front(drop) != ty.getShape())
    return op->emitOpError()
           << "tensor shape " << shapeStr(ty.getShape())
           << " does not match the block shape " << shapeStr(bs);
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorBlock(*this, getDesc().getType(), getType(),
                               getIndices().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorBlock(*this, getDesc().getType(), getSrc().getType(),
                               getIndices().size());
}

LogicalResult DescriptorReduceOp::verify() {
  if (getKind() == DescriptorReduceKind::NONE)
    return emitOpError("reduce kind must not be none");
  return verifyDescriptorBlock(*this, getDesc().getType(), getSrc().getType(),
                               getIndices().size());
}

/// Gather/scatter move one row per x offset: the block is 1 x W and the
/// tensor is len(x_offsets) x W.
static LogicalResult verifyDescriptorRows(Operation *op, TensorDescType desc,
                                          Value xOffsets, Type tensorType) {
  RankedTensorType block = desc.getBlockType();
  auto xTy = cast<RankedTensorType>(xOffsets.getType());
  auto ty = cast<RankedTensorType>(tensorType);
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError("descriptor block must be 2-D with one row");
  if (xTy.getRank() != 1)
    return op->emitOpError("x offsets must be a 1-D tensor");
  if (ty.getRank() != 2 || ty.getDimSize(0) != xTy.getDimSize(0) ||
      ty.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError() << "tensor must have shape [" << xTy.getDimSize(0)
                             << ", " << block.getDimSize(1) << "]";
  if (!sameIgnoringSignedness(ty.getElementType(), block.getElementType()))
    return op->emitOpError("tensor element type must match the descriptor's");
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(), getXOffsets(),
                              getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(), getXOffsets(),
                              getSrc().getType());
}

//===-- Functions ---------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto fnAttr = (*this)->getAttrOfType<FlatSymbolRefAttr>("callee");
  if (!fnAttr)
    return emitOpError("requires a 'callee' symbol reference attribute");
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, fnAttr);
  if (!fn)
    return emitOpError() << "'" << fnAttr.getValue()
                         << "' does not reference a valid tt.func";
  FunctionType fnType = fn.getFunctionType();
  if (fnType.getNumInputs() != getNumOperands())
    return emitOpError("incorrect number of operands for callee");
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (getOperand(i).getType() != fnType.getInput(i))
      return emitOpError() << "operand type mismatch: expected operand type "
                           << fnType.getInput(i) << ", but provided "
                           << getOperand(i).getType() << " for operand number "
                           << i;
  if (fnType.getNumResults() != getNumResults())
    return emitOpError("incorrect number of results for callee");
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (getResult(i).getType() != fnType.getResult(i))
      return emitOpError() << "result type mismatch at index " << i
                           << ": expected " << fnType.getResult(i) << ", got "
                           << getResult(i).getType();
  return success();
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError() << "has " << getNumOperands()
                         << " operands, but enclosing function (@"
                         << function.getName() << ") returns "
                         << results.size();
  for (unsigned i = 0, e = results.size(); i != e; ++i)
    if (getOperand(i).getType() != results[i])
      return emitOpError() << "type of return operand " << i << " ("
                           << getOperand(i).getType()
                           << ") doesn't match function result type ("
                           << results[i] << ") in function @"
                           << function.getName();
  return success();
}
