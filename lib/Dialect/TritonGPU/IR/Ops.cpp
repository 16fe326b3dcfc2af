//===- Ops.cpp - ttg op syntax helpers and verifiers ----------------------===//
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

// tt's CacheModifier / EvictionPolicy values (integer-backed, as Triton keeps
// them in attr-dicts); 1 is the default of both and is not printed.
static constexpr StringLiteral kCacheNames[] = {"",   "none", "ca", "cg",
                                                "wb", "cs",   "wt", "cv"};
static constexpr StringLiteral kEvictNames[] = {"", "evict_normal",
                                                "evict_first", "evict_last"};

template <size_t N>
static ParseResult parseEnumKeyword(OpAsmParser &parser,
                                    const StringLiteral (&names)[N],
                                    IntegerAttr &out) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseEqual() || parser.parseKeyword(&kw))
    return failure();
  for (size_t i = 1; i < N; ++i)
    if (kw == names[i]) {
      out = parser.getBuilder().getI32IntegerAttr(i);
      return success();
    }
  return parser.emitError(loc, "unknown value '") << kw << "'";
}

static ParseResult parseCacheEvict(OpAsmParser &parser, IntegerAttr &cache,
                                   IntegerAttr &evict) {
  while (true) {
    if (succeeded(parser.parseOptionalKeyword("cacheModifier"))) {
      if (parseEnumKeyword(parser, kCacheNames, cache))
        return failure();
    } else if (succeeded(parser.parseOptionalKeyword("evictionPolicy"))) {
      if (parseEnumKeyword(parser, kEvictNames, evict))
        return failure();
    } else {
      return success();
    }
  }
}

static void printCacheEvict(OpAsmPrinter &p, Operation *, IntegerAttr cache,
                            IntegerAttr evict) {
  auto name = [](auto &names, IntegerAttr a) -> StringRef {
    int64_t v = a ? a.getInt() : 1;
    if (v <= 1 || v >= int64_t(std::size(names)))
      return "";
    return names[v];
  };
  if (StringRef c = name(kCacheNames, cache); !c.empty())
    p << " cacheModifier = " << c;
  if (StringRef e = name(kEvictNames, evict); !e.empty())
    p << " evictionPolicy = " << e;
}

static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  offsets = parser.getBuilder().getDenseI32ArrayAttr(values);
  return success();
}

static void printOffsets(OpAsmPrinter &p, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), p);
}

#define GET_OP_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/Ops.cpp.inc"

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

static LogicalResult verifyTensorMatchesDesc(Operation *op, RankedTensorType t,
                                             MemDescType d) {
  if (t.getElementType() != d.getElementType())
    return op->emitOpError("tensor and memdesc must have the same element "
                           "type");
  if (t.getShape() != d.getShape())
    return op->emitOpError("tensor and memdesc must have the same shape");
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType ty = getType();
  if (!isa<SharedMemorySpaceAttr>(ty.getMemorySpace()))
    return emitOpError("should create a buffer of shared memory");
  if (!getSrc()) {
    if (!ty.getMutableMemory())
      return emitError("uninitialized alloc must have a mutable memdesc type");
    return success();
  }
  if (ty.getShape() != ty.getAllocShape())
    return emitOpError("an allocation cannot be a subview");
  return verifyTensorMatchesDesc(
      *this, cast<RankedTensorType>(getSrc().getType()), ty);
}

LogicalResult LocalLoadOp::verify() {
  return verifyTensorMatchesDesc(*this, cast<RankedTensorType>(getType()),
                                 getSrc().getType());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("Cannot store into immutable memory");
  return verifyTensorMatchesDesc(
      *this, cast<RankedTensorType>(getSrc().getType()), getDst().getType());
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  if (!dst.getMutableMemory())
    return emitOpError("Cannot store into immutable memory");
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getShape() != dst.getShape())
    return emitOpError("source and destination must have the same shape");
  if (getMask() &&
      cast<RankedTensorType>(getMask().getType()).getShape() != src.getShape())
    return emitOpError("mask must have the shape of the source");
  return success();
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// A view stays in its source's memory space. It may drop mutability (a
/// read-only view of a mutable buffer, as Triton's warp specialization makes
/// for wgmma operands) but never add it.
static LogicalResult verifyViewMemory(Operation *op, MemDescType srcTy,
                                      MemDescType dstTy) {
  if (srcTy.getMemorySpace() != dstTy.getMemorySpace())
    return op->emitError("src and result must have the same memory space");
  if (dstTy.getMutableMemory() && !srcTy.getMutableMemory())
    return op->emitError("a view of immutable memory cannot be mutable");
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType srcTy = getSrc().getType(), dstTy = getType();
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError("result element type must match desc element type");
  if (srcTy.getEncoding() != dstTy.getEncoding())
    return emitError("src and result must have the same encoding");
  if (srcTy.getRank() != dstTy.getRank() + 1)
    return emitError("result rank must be input rank - 1");
  if (srcTy.getAllocShape().size() != size_t(srcTy.getRank()))
    return emitError("We don't allow taking memdesc_index of a memdesc_index");
  if (srcTy.getShape().take_back(dstTy.getRank()) != dstTy.getShape())
    return emitError("result shape must equal to srcShape[1:]");
  if (srcTy.getAllocShape() != srcTy.getShape())
    return emitError("We don't support memdesc_index of a subview");
  if (dstTy.getAllocShape() != dstTy.getShape())
    return emitError("alloc shape must match shape for both result and src");
  if (failed(verifyViewMemory(getOperation(), srcTy, dstTy)))
    return failure();
  return success();
}

/// For a swizzled layout, a split of the slow dim (order[1]) at `size` must
/// land on a row where the XOR phase is zero, or the piece would start inside
/// the swizzle pattern.
static bool splitsSwizzle(SwizzledSharedEncodingAttr enc, unsigned dim,
                          int64_t size, int64_t srcSize) {
  if (enc.getMaxPhase() <= 1 || enc.getOrder().size() < 2 ||
      enc.getOrder()[1] != dim)
    return false;
  for (int64_t s = size; s < srcSize; s *= 2)
    if ((s / enc.getPerPhase()) % enc.getMaxPhase() != 0)
      return true;
  return false;
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType srcTy = getSrc().getType(), dstTy = getType();
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError("result element type must match desc element type");
  if (getOffsets().size() != size_t(srcTy.getRank()))
    return emitError("offsets must have the same rank as input");
  if (srcTy.getRank() != dstTy.getRank())
    return emitError("result rank must equal to input rank");
  if (srcTy.getEncoding() != dstTy.getEncoding())
    return emitError("src and result must have the same encoding");
  if (srcTy.getAllocShape() != dstTy.getAllocShape())
    return emitError("result must keep the alloc shape of the source");
  if (failed(verifyViewMemory(getOperation(), srcTy, dstTy)))
    return failure();
  auto swizzled = dyn_cast<SwizzledSharedEncodingAttr>(srcTy.getEncoding());
  unsigned lead =
      srcTy.getRank() - getSharedEncodingRank(srcTy.getEncoding()).value_or(0);
  for (auto [dim, offset] : llvm::enumerate(getOffsets())) {
    int64_t srcSize = srcTy.getDimSize(dim), dstSize = dstTy.getDimSize(dim);
    if (srcSize == dstSize) {
      if (offset != 0)
        return emitError(
            "A non zero offset found in a dimension that is not being split");
      continue;
    }
    if (dstSize <= 0 || dstSize > srcSize || offset < 0 ||
        offset + dstSize > srcSize)
      return emitError("subslice of dimension ")
             << dim << " must lie inside the source";
    if (offset % dstSize != 0)
      return emitError("The split offset may not touch the tile");
    if (swizzled && dim >= lead &&
        splitsSwizzle(swizzled, dim - lead, dstSize, srcSize))
      return emitError("We don't support splitting along the swizzling "
                       "pattern");
  }
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType srcTy = getSrc().getType(), dstTy = getType();
  ArrayRef<int32_t> order = getOrder();
  int64_t rank = srcTy.getRank();
  SmallVector<bool> seen(rank, false);
  if (int64_t(order.size()) != rank)
    return emitError("order must have one entry per dimension");
  for (int32_t o : order) {
    if (o < 0 || o >= rank || seen[o])
      return emitError("order must be a permutation of the dimensions");
    seen[o] = true;
  }
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError("result element type must match desc element type");
  if (failed(verifyViewMemory(getOperation(), srcTy, dstTy)))
    return failure();
  SmallVector<int64_t> shape, alloc(srcTy.getAllocShape().drop_back(rank));
  ArrayRef<int64_t> srcAlloc = srcTy.getAllocShape().take_back(rank);
  for (int32_t o : order) {
    shape.push_back(srcTy.getDimSize(o));
    alloc.push_back(srcAlloc[o]);
  }
  if (ArrayRef<int64_t>(shape) != dstTy.getShape())
    return emitError("result shape must be the source shape permuted by order");
  if (ArrayRef<int64_t>(alloc) != dstTy.getAllocShape())
    return emitError("result alloc shape must be the source alloc shape "
                     "permuted by order");
  // The layout must describe the same bytes seen through permuted dims.
  if (getSharedEncodingRank(srcTy.getEncoding()) != unsigned(rank))
    return success();
  if (auto s = dyn_cast<SwizzledSharedEncodingAttr>(srcTy.getEncoding())) {
    SmallVector<unsigned> newOrder;
    for (unsigned d : s.getOrder())
      newOrder.push_back(llvm::find(order, int32_t(d)) - order.begin());
    auto expected = SwizzledSharedEncodingAttr::get(
        getContext(), s.getVec(), s.getPerPhase(), s.getMaxPhase(), newOrder,
        s.getCgaBases());
    if (expected != dstTy.getEncoding())
      return emitError("result encoding must be the source encoding with its "
                       "dimensions permuted");
  } else if (auto n = dyn_cast<NVMMASharedEncodingAttr>(srcTy.getEncoding())) {
    bool swapsInner =
        rank >= 2 && order[rank - 1] == rank - 2 && order[rank - 2] == rank - 1;
    auto expected = NVMMASharedEncodingAttr::get(
        getContext(), n.getSwizzlingByteWidth(),
        n.getTransposed() != swapsInner, n.getElementBitWidth(),
        n.getFp4Padded(), n.getRank(), n.getCgaBases());
    if (expected != dstTy.getEncoding())
      return emitError("result encoding must be the source encoding with its "
                       "dimensions permuted");
  }
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType srcTy = getSrc().getType(), dstTy = getType();
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError("result element type must match desc element type");
  if (failed(verifyViewMemory(getOperation(), srcTy, dstTy)))
    return failure();
  if (srcTy.getShape() != srcTy.getAllocShape().take_back(srcTy.getRank()))
    return emitError("NYI: memdesc_reshape of a subslice");
  if (srcTy.getNumElements() != dstTy.getNumElements())
    return emitError("number of src and dst elements of reshape must be the "
                     "same");
  SmallVector<int64_t> alloc(srcTy.getAllocShape().drop_back(srcTy.getRank()));
  alloc.append(dstTy.getShape().begin(), dstTy.getShape().end());
  if (ArrayRef<int64_t>(alloc) != dstTy.getAllocShape())
    return emitError("result alloc shape must be the source alloc shape "
                     "prefix followed by the result shape");
  return success();
}

/// The first dim (in memory order, fastest first) at which a subview stops
/// being one contiguous chunk of its parent, or -1 if it is one chunk.
static int64_t nonContiguousDim(MemDescType ty) {
  unsigned r = getSharedEncodingRank(ty.getEncoding()).value_or(0);
  unsigned lead = ty.getRank() - r;
  ArrayRef<int64_t> shape = ty.getShape(), alloc = ty.getAllocShape();
  ArrayRef<int64_t> tileAlloc = alloc.take_back(r);
  SmallVector<unsigned> dims;
  for (unsigned d : getSharedOrder(ty.getEncoding()))
    dims.push_back(lead + d);
  for (unsigned d = lead; d-- > 0;)
    dims.push_back(d); // copies of the tile are slower than any tile dim
  int64_t partial = -1;
  for (unsigned d : dims) {
    int64_t full = d >= lead ? tileAlloc[d - lead]
                             : alloc[alloc.size() - ty.getRank() + d];
    if (partial >= 0) {
      if (shape[d] != 1)
        return partial;
    } else if (shape[d] != full) {
      partial = d;
    }
  }
  return -1;
}

std::optional<int64_t> MemDescReinterpretOp::getSourceStorageBits() {
  MemDescType ty = getSrc().getType();
  if (!isSubview(ty))
    return getStorageBits(ty);
  // A subslice that is one contiguous chunk of its parent owns that chunk.
  if (isa<PaddedSharedEncodingAttr>(ty.getEncoding()) ||
      nonContiguousDim(ty) >= 0)
    return std::nullopt;
  return ty.getNumElements() * getElementBitWidth(ty.getElementType());
}

std::optional<int64_t> MemDescReinterpretOp::getResultStorageBits() {
  return getStorageBits(getType());
}

// Triton 3.6's rule. What later Triton rejects on top of it (a result
// smaller than its source, a dense source under a padded result) is
// tilerun-check-memdesc-rules' business: this verifier must accept every
// reinterpret Triton 3.6 prints.
LogicalResult MemDescReinterpretOp::verify() {
  MemDescType srcTy = getSrc().getType(), dstTy = getType();
  if (srcTy.getMemorySpace() != dstTy.getMemorySpace())
    return emitError("source and result must have the same memory space");
  if (srcTy.getMutableMemory() != dstTy.getMutableMemory())
    return emitError("source and result must have the same mutability");
  static constexpr StringLiteral kSubview =
      "source and result must not be subviews; reinterpret the parent "
      "descriptor and then take a subview";
  if (isSubview(dstTy))
    return emitError(kSubview);
  if (isSubview(srcTy)) {
    // A subslice that is one contiguous chunk of its parent may be
    // reinterpreted as a descriptor covering at most that chunk.
    if (isa<PaddedSharedEncodingAttr>(srcTy.getEncoding()))
      return emitError(kSubview);
    int64_t dim = nonContiguousDim(srcTy);
    if (dim >= 0)
      return emitError("source subslice is not contiguous in its parent "
                       "along dimension ")
             << dim
             << "; reinterpret the parent descriptor and then take a "
                "subview";
  }
  std::optional<int64_t> srcBits = getSourceStorageBits(),
                         dstBits = getResultStorageBits();
  if (!srcBits || !dstBits)
    return emitError("cannot compute the storage size of source and result");
  // Triton 3.6 lets the result use less memory than the source (a view of
  // the start of a larger buffer); it may never use more.
  if (*dstBits > *srcBits)
    return emitError("result logical storage size must not exceed source "
                     "(")
           << *srcBits << " vs " << *dstBits << ")";
  auto srcPad = dyn_cast<PaddedSharedEncodingAttr>(srcTy.getEncoding());
  auto dstPad = dyn_cast<PaddedSharedEncodingAttr>(dstTy.getEncoding());
  // Reading a padded buffer through a dense layout would expose the padding
  // as data. The other direction (laying a padded tile over a dense buffer
  // large enough for it) is what Gluon emits and the GPU runs.
  if (srcPad && !dstPad)
    return emitError("cannot reinterpret between padded and non-padded "
                     "layouts");
  if (srcPad && (srcPad.getIntervals() != dstPad.getIntervals() ||
                 srcPad.getPaddings() != dstPad.getPaddings()))
    return emitError("cannot reinterpret with different padding pattern");
  return success();
}

MemDescReinterpretOp mlir::triton::gpu::createMemDescReinterpret(
    OpBuilder &b, Location loc, Value src, std::optional<Type> elementType,
    std::optional<ArrayRef<int64_t>> shape, std::optional<Attribute> layout) {
  auto srcTy = cast<MemDescType>(src.getType());
  ArrayRef<int64_t> newShape = shape.value_or(srcTy.getShape());
  // A reinterpret yields a whole descriptor: its alloc shape is its shape.
  auto ty = MemDescType::get(
      newShape, elementType.value_or(srcTy.getElementType()),
      layout.value_or(srcTy.getEncoding()), srcTy.getMemorySpace(),
      srcTy.getMutableMemory(), newShape);
  return MemDescReinterpretOp::create(b, loc, ty, src);
}

LogicalResult Fp4ToFpOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError("axis ") << axis << " is out of range";
  SmallVector<int64_t> expected(src.getShape());
  expected[axis] *= 2;
  if (dst.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result must have the source's shape with dim ")
           << axis << " doubled";
  return success();
}

//===----------------------------------------------------------------------===//
// ttg.warp_specialize
//===----------------------------------------------------------------------===//

// Triton prints the op and its partitions op as one:
//
//   %r = ttg.warp_specialize(%captures) attributes {...}
//   default { ... }
//   partition0(%args) num_warps(N) { ... }
//   ... : (capture types) -> (result types)
//
// The captures are operands of the inner ttg.warp_specialize.partitions op
// (which isolates the partition regions); each partition's num_warps is an
// element of the outer op's partitionNumWarps.

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  return cast<WarpSpecializePartitionsOp>(
      getPartitionOpHolder().front().front());
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default"))
    return failure();
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion, /*arguments=*/{}))
    return failure();

  OperationState partitions(result.location,
                            WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  for (unsigned i = 0;; ++i) {
    SMLoc keywordLoc = parser.getCurrentLocation();
    StringRef keyword;
    if (failed(parser.parseOptionalKeyword(&keyword)))
      break;
    std::string expected = "partition" + std::to_string(i);
    if (keyword != expected)
      return parser.emitError(keywordLoc, "expected '")
             << expected << "' or ':', found '" << keyword << "'";
    SmallVector<OpAsmParser::Argument> args;
    int32_t warps;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen())
      return failure();
    numWarps.push_back(warps);
    Region *region = partitions.addRegion();
    if (parser.parseRegion(*region, args))
      return failure();
  }

  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             partitions.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  Region *holder = result.addRegion();
  Block *block = new Block();
  holder->push_back(block);
  OpBuilder b(parser.getContext());
  b.setInsertionPointToStart(block);
  b.create(partitions);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  WarpSpecializePartitionsOp partitions = getPartitionOp();
  p << '(' << partitions.getExplicitCaptures() << ')';
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getPartitionNumWarpsAttrName()});
  p.printNewline();
  p << "default ";
  p.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region] : llvm::enumerate(partitions.getPartitionRegions())) {
    p.printNewline();
    p << "partition" << i << '(';
    llvm::interleaveComma(region.getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
    p << ") num_warps(" << getPartitionNumWarps()[i] << ") ";
    p.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  p << " : ";
  p.printFunctionalType(partitions.getExplicitCaptures().getTypes(),
                        getResultTypes());
}

LogicalResult WarpSpecializeOp::verify() {
  if (getPartitionOpHolder().empty())
    return emitOpError("expects its second region to hold exactly one "
                       "ttg.warp_specialize.partitions op");
  Block &holder = getPartitionOpHolder().front();
  if (holder.getOperations().size() != 1 ||
      !isa<WarpSpecializePartitionsOp>(holder.front()))
    return emitOpError("expects its second region to hold exactly one "
                       "ttg.warp_specialize.partitions op");
  WarpSpecializePartitionsOp partitions = getPartitionOp();
  if (getPartitionNumWarps().size() != partitions.getNumRegions())
    return emitOpError("has ")
           << getPartitionNumWarps().size() << " num_warps values for "
           << partitions.getNumRegions() << " partitions";
  // This runs before the regions are verified: a block may still lack a
  // terminator.
  auto lastOp = [](Region &region) -> Operation * {
    if (region.empty() || region.front().empty())
      return nullptr;
    return &region.front().back();
  };
  TypeRange captureTypes = partitions.getExplicitCaptures().getTypes();
  for (auto [i, region] : llvm::enumerate(partitions.getPartitionRegions())) {
    if (region.empty())
      return emitOpError("partition ") << i << " has no body";
    if (region.getArgumentTypes() != captureTypes)
      return emitOpError("partition ")
             << i << " takes arguments of types " << region.getArgumentTypes()
             << " but the captures have types " << captureTypes;
    if (!isa_and_nonnull<WarpReturnOp>(lastOp(region)))
      return emitOpError("partition ") << i << " must end in ttg.warp_return";
  }
  auto yield = dyn_cast_or_null<WarpYieldOp>(lastOp(getDefaultRegion()));
  if (!yield)
    return emitOpError("default region must end in ttg.warp_yield");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("default region yields ")
           << yield.getValues().getTypes() << " but the op returns "
           << getResultTypes();
  return success();
}

ParseResult WarpSpecializePartitionsOp::parse(OpAsmParser &parser,
                                              OperationState &) {
  return parser.emitError(parser.getCurrentLocation(),
                          "ttg.warp_specialize.partitions is written as part "
                          "of ttg.warp_specialize");
}

void WarpSpecializePartitionsOp::print(OpAsmPrinter &p) {
  // Only reached when the op is printed on its own (e.g. in a diagnostic).
  p << '(' << getExplicitCaptures()
    << ") : " << getExplicitCaptures().getTypes();
}
