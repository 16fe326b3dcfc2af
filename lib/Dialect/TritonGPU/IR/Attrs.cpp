//===- Attrs.cpp - ttg layout attributes: syntax and verifiers -----------===//
//
// Layouts are written `<{key = value, ...}>` in any key order; defaults are
// omitted when printing, exactly as Triton 3.6 prints them.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_ATTRDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"

namespace {
/// Reads the `<{...}>` body of a layout and reports bad values at its start.
struct DictReader {
  AsmParser &parser;
  SMLoc loc;
  DictionaryAttr dict;

  explicit DictReader(AsmParser &p) : parser(p), loc(p.getCurrentLocation()) {}

  LogicalResult parse(bool closeAngle = true) {
    if (parser.parseLess() || parser.parseAttribute(dict))
      return failure();
    if (closeAngle && parser.parseGreater())
      return failure();
    return success();
  }
  LogicalResult error(const Twine &msg) { return parser.emitError(loc, msg); }
  LogicalResult checkKeys(ArrayRef<StringRef> allowed) {
    for (NamedAttribute a : dict)
      if (!llvm::is_contained(allowed, a.getName().strref()))
        return error("unexpected key: " + a.getName().strref());
    return success();
  }
  LogicalResult getUInt(StringRef key, unsigned &out, bool required = true) {
    Attribute a = dict.get(key);
    if (!a)
      return required ? error("missing key: " + key) : success();
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || i.getValue().isNegative())
      return error("expected an unsigned integer for " + key);
    out = i.getValue().getZExtValue();
    return success();
  }
  LogicalResult getBool(StringRef key, bool &out) {
    Attribute a = dict.get(key);
    if (!a)
      return success();
    auto b = dyn_cast<BoolAttr>(a);
    if (!b)
      return error("expected a bool for " + key);
    out = b.getValue();
    return success();
  }
  LogicalResult getUInts(StringRef key, SmallVectorImpl<unsigned> &out,
                         bool required = true) {
    Attribute a = dict.get(key);
    if (!a)
      return required ? error("missing key: " + key) : success();
    auto arr = dyn_cast<ArrayAttr>(a);
    if (!arr)
      return error("expected an integer list for " + key);
    for (Attribute e : arr) {
      auto i = dyn_cast<IntegerAttr>(e);
      if (!i || i.getValue().isNegative())
        return error("expected an integer list for " + key);
      out.push_back(i.getValue().getZExtValue());
    }
    return success();
  }
  /// A list of bases, each `rank` integers; `rank` is set by the first basis
  /// seen anywhere (0 = unknown yet).
  LogicalResult getBases(StringRef key, SmallVectorImpl<int32_t> &flat,
                         unsigned &rank, bool required = true) {
    Attribute a = dict.get(key);
    if (!a)
      return required ? error("missing key: " + key) : success();
    auto arr = dyn_cast<ArrayAttr>(a);
    if (!arr)
      return error("expected a list of bases for " + key);
    for (Attribute b : arr) {
      auto basis = dyn_cast<ArrayAttr>(b);
      if (!basis)
        return error("expected a list of bases for " + key);
      if (rank == 0)
        rank = basis.size();
      if (basis.size() != rank || rank == 0)
        return error("every basis of " + key + " must have " + Twine(rank) +
                     " entries");
      for (Attribute e : basis) {
        auto i = dyn_cast<IntegerAttr>(e);
        if (!i)
          return error("expected integers in the bases of " + key);
        flat.push_back(i.getInt());
      }
    }
    return success();
  }
};

void printUInts(AsmPrinter &p, ArrayRef<unsigned> v) {
  p << "[";
  llvm::interleaveComma(v, p);
  p << "]";
}

void printBases(AsmPrinter &p, ArrayRef<int32_t> flat, unsigned rank) {
  p << "[";
  if (rank != 0) {
    for (size_t i = 0; i < flat.size(); i += rank) {
      if (i)
        p << ", ";
      p << "[";
      llvm::interleaveComma(flat.slice(i, rank), p);
      p << "]";
    }
  }
  p << "]";
}

void maybePrintCGA(AsmPrinter &p, ArrayRef<int32_t> cga, unsigned rank) {
  if (cga.empty())
    return;
  p << ", CGALayout = ";
  printBases(p, cga, rank);
}

/// Parses the optional `CGALayout` entry of a layout of rank `rank`.
LogicalResult readCGA(DictReader &r, unsigned rank,
                      SmallVectorImpl<int32_t> &cga) {
  unsigned cgaRank = rank;
  if (failed(r.getBases("CGALayout", cga, cgaRank, /*required=*/false)))
    return failure();
  if (!cga.empty() && cgaRank != rank)
    return r.error("CGALayout bases must have one entry per dimension");
  return success();
}

bool isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned o : order) {
    if (o >= order.size() || seen[o])
      return false;
    seen[o] = true;
  }
  return true;
}

/// Dims in the order the bases first move along them, then the rest from
/// the last dim down (Triton's default order for dims that never move).
SmallVector<unsigned> orderFromBases(ArrayRef<int32_t> flat, unsigned rank) {
  SmallVector<unsigned> order;
  for (size_t i = 0; rank && i + rank <= flat.size(); i += rank)
    for (unsigned d = 0; d < rank; ++d)
      if (flat[i + d] != 0 && !llvm::is_contained(order, d))
        order.push_back(d);
  for (unsigned d = rank; d-- > 0;)
    if (!llvm::is_contained(order, d))
      order.push_back(d);
  return order;
}

/// Bases of the row-major-in-`order` identity layout of `shape`.
SmallVector<int32_t> identityBases(ArrayRef<unsigned> shape,
                                   ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  SmallVector<int32_t> flat;
  for (unsigned d : order)
    for (unsigned s = 1; s < shape[d]; s *= 2) {
      SmallVector<int32_t> basis(rank, 0);
      basis[d] = s;
      flat.append(basis);
    }
  return flat;
}

/// Extent of each dim covered by a set of bases (max coordinate + 1).
SmallVector<unsigned> shapeFromBases(ArrayRef<int32_t> flat, unsigned rank) {
  SmallVector<unsigned> shape(rank, 1);
  SmallVector<int64_t> sum(rank, 0);
  for (size_t i = 0; rank && i + rank <= flat.size(); i += rank)
    for (unsigned d = 0; d < rank; ++d)
      sum[d] += std::abs(flat[i + d]);
  for (unsigned d = 0; d < rank; ++d)
    shape[d] = sum[d] + 1;
  return shape;
}
} // namespace

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  SmallVector<unsigned> spt, tpw, wpc, order;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(r.checkKeys({"sizePerThread", "threadsPerWarp", "warpsPerCTA",
                          "order", "CGALayout"})) ||
      failed(r.getUInts("sizePerThread", spt)) ||
      failed(r.getUInts("threadsPerWarp", tpw)) ||
      failed(r.getUInts("warpsPerCTA", wpc)) ||
      failed(r.getUInts("order", order)) ||
      failed(readCGA(r, order.size(), cga)))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(parser.getContext(), spt, tpw,
                                                wpc, order, cga);
}

void BlockedEncodingAttr::print(AsmPrinter &p) const {
  p << "<{sizePerThread = ";
  printUInts(p, getSizePerThread());
  p << ", threadsPerWarp = ";
  printUInts(p, getThreadsPerWarp());
  p << ", warpsPerCTA = ";
  printUInts(p, getWarpsPerCTA());
  p << ", order = ";
  printUInts(p, getOrder());
  maybePrintCGA(p, getCgaBases(), getOrder().size());
  p << "}>";
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                            ArrayRef<unsigned> wpc, ArrayRef<unsigned> order,
                            ArrayRef<int32_t> cga) {
  size_t rank = order.size();
  if (spt.size() != rank || tpw.size() != rank || wpc.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order must have the same rank";
  if (!isPermutation(order))
    return emitError() << "order must be a permutation of 0.." << rank;
  if (rank && cga.size() % rank)
    return emitError() << "CGALayout bases must have one entry per dimension";
  return success();
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned dim = 0;
  if (failed(r.parse()) || failed(r.checkKeys({"dim", "parent"})) ||
      failed(r.getUInt("dim", dim)))
    return {};
  Attribute parent = r.dict.get("parent");
  if (!parent) {
    (void)r.error("missing key: parent");
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &p) const {
  p << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  if (!isDistributedEncoding(parent))
    return emitError() << "slice parent must be a distributed layout";
  return success();
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned rank = 0;
  SmallVector<int32_t> reg, lane, warp, block;
  if (failed(r.parse()) ||
      failed(r.checkKeys({"register", "lane", "warp", "block"})) ||
      failed(r.getBases("register", reg, rank)) ||
      failed(r.getBases("lane", lane, rank)) ||
      failed(r.getBases("warp", warp, rank)) ||
      failed(r.getBases("block", block, rank)))
    return {};
  return LinearEncodingAttr::get(parser.getContext(), rank, reg, lane, warp,
                                 block);
}

void LinearEncodingAttr::print(AsmPrinter &p) const {
  unsigned rank = getRank();
  p << "<{register = ";
  printBases(p, getRegisterBases(), rank);
  p << ", lane = ";
  printBases(p, getLaneBases(), rank);
  p << ", warp = ";
  printBases(p, getWarpBases(), rank);
  p << ", block = ";
  printBases(p, getBlockBases(), rank);
  p << "}>";
}

//===----------------------------------------------------------------------===//
// dot_op
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned opIdx = 0, kWidth = 0;
  if (failed(r.parse()) || failed(r.checkKeys({"opIdx", "parent", "kWidth"})) ||
      failed(r.getUInt("opIdx", opIdx)) ||
      failed(r.getUInt("kWidth", kWidth, /*required=*/false)))
    return {};
  Attribute parent = r.dict.get("parent");
  if (!parent) {
    (void)r.error("missing key: parent");
    return {};
  }
  return parser.getChecked<DotOperandEncodingAttr>(parser.getContext(), opIdx,
                                                   parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &p) const {
  p << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth())
    p << ", kWidth = " << getKWidth();
  p << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "opIdx must be 0 or 1";
  if (!isDistributedEncoding(parent))
    return emitError() << "dot_op parent must be a distributed layout";
  if (isa<NvidiaMmaEncodingAttr>(parent) && kWidth == 0)
    return emitError() << "kWidth must be set for an nvidia_mma parent";
  return success();
}

//===----------------------------------------------------------------------===//
// nvidia_mma
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned major = 0, minor = 0;
  SmallVector<unsigned> wpc, instr;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(r.checkKeys({"versionMajor", "versionMinor", "warpsPerCTA",
                          "instrShape", "CGALayout"})) ||
      failed(r.getUInt("versionMajor", major)) ||
      failed(r.getUInt("versionMinor", minor)) ||
      failed(r.getUInts("warpsPerCTA", wpc)) ||
      failed(r.getUInts("instrShape", instr)) ||
      failed(readCGA(r, wpc.size(), cga)))
    return {};
  return NvidiaMmaEncodingAttr::get(parser.getContext(), major, minor, wpc, cga,
                                    instr);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &p) const {
  p << "<{versionMajor = " << getVersionMajor()
    << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printUInts(p, getWarpsPerCTA());
  maybePrintCGA(p, getCgaBases(), getWarpsPerCTA().size());
  p << ", instrShape = ";
  printUInts(p, getInstrShape());
  p << "}>";
}

//===----------------------------------------------------------------------===//
// amd_mfma, amd_wmma
//===----------------------------------------------------------------------===//

namespace {
/// tilesPerWarp is printed only when some entry is not 1; all ones is stored
/// as the empty list, so that equal layouts are one attribute.
SmallVector<unsigned> canonicalTilesPerWarp(ArrayRef<unsigned> tiles) {
  if (llvm::all_of(tiles, [](unsigned t) { return t == 1; }))
    return {};
  return SmallVector<unsigned>(tiles);
}

LogicalResult
verifyAMDMatrixLayout(function_ref<InFlightDiagnostic()> emitError,
                      StringRef name, ArrayRef<unsigned> warpsPerCTA,
                      ArrayRef<unsigned> tilesPerWarp) {
  if (warpsPerCTA.size() != 2 && warpsPerCTA.size() != 3)
    return emitError() << name << " layouts are of rank 2 or 3";
  if (!tilesPerWarp.empty() && tilesPerWarp.size() != warpsPerCTA.size())
    return emitError() << "tilesPerWarp must have one entry per dimension";
  return success();
}
} // namespace

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned version = 0, elementBitWidth = 32;
  bool transposed = false;
  SmallVector<unsigned> wpc, instr, tiles;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(
          r.checkKeys({"version", "warpsPerCTA", "instrShape", "isTransposed",
                       "CGALayout", "tilesPerWarp", "elementBitWidth"})) ||
      failed(r.getUInt("version", version)) ||
      failed(r.getUInts("warpsPerCTA", wpc)) ||
      failed(r.getUInts("instrShape", instr)) ||
      failed(r.getBool("isTransposed", transposed)) ||
      failed(readCGA(r, wpc.size(), cga)) ||
      failed(r.getUInts("tilesPerWarp", tiles, /*required=*/false)) ||
      failed(r.getUInt("elementBitWidth", elementBitWidth,
                       /*required=*/false)))
    return {};
  return parser.getChecked<AMDMfmaEncodingAttr>(
      parser.getContext(), version, wpc, instr, transposed, cga,
      canonicalTilesPerWarp(tiles), elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &p) const {
  p << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printUInts(p, getWarpsPerCTA());
  p << ", instrShape = ";
  printUInts(p, getInstrShape());
  p << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  maybePrintCGA(p, getCgaBases(), getWarpsPerCTA().size());
  if (!getTilesPerWarp().empty()) {
    p << ", tilesPerWarp = ";
    printUInts(p, getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    p << ", elementBitWidth = " << getElementBitWidth();
  p << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape,
    bool isTransposed, ArrayRef<int32_t> cgaBases,
    ArrayRef<unsigned> tilesPerWarp, unsigned elementBitWidth) {
  if (version < 1 || version > 4)
    return emitError() << "MFMA version must be in the [1, 4] range";
  if (instrShape.size() != 3)
    return emitError() << "instrShape must have 3 entries (M, N, K)";
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << "elementBitWidth must be 32 or 64";
  return verifyAMDMatrixLayout(emitError, "amd_mfma", warpsPerCTA,
                               tilesPerWarp);
}

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned version = 0;
  bool transposed = false;
  SmallVector<unsigned> wpc, instr, tiles;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(r.checkKeys({"version", "isTranspose", "warpsPerCTA", "CGALayout",
                          "tilesPerWarp", "instrShape"})) ||
      failed(r.getUInt("version", version)) ||
      failed(r.getBool("isTranspose", transposed)) ||
      failed(r.getUInts("warpsPerCTA", wpc)) ||
      failed(readCGA(r, wpc.size(), cga)) ||
      failed(r.getUInts("tilesPerWarp", tiles, /*required=*/false)) ||
      failed(r.getUInts("instrShape", instr, /*required=*/false)))
    return {};
  // [16, 16, 16] is the default Triton elides.
  if (instr == ArrayRef<unsigned>{16, 16, 16})
    instr.clear();
  return parser.getChecked<AMDWmmaEncodingAttr>(
      parser.getContext(), version, transposed, wpc, cga,
      canonicalTilesPerWarp(tiles), instr);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &p) const {
  p << "<{version = " << getVersion()
    << ", isTranspose = " << (getIsTranspose() ? "true" : "false")
    << ", warpsPerCTA = ";
  printUInts(p, getWarpsPerCTA());
  maybePrintCGA(p, getCgaBases(), getWarpsPerCTA().size());
  if (!getTilesPerWarp().empty()) {
    p << ", tilesPerWarp = ";
    printUInts(p, getTilesPerWarp());
  }
  if (!getInstrShape().empty()) {
    p << ", instrShape = ";
    printUInts(p, getInstrShape());
  }
  p << "}>";
}

LogicalResult AMDWmmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    bool isTranspose, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<int32_t> cgaBases, ArrayRef<unsigned> tilesPerWarp,
    ArrayRef<unsigned> instrShape) {
  if (version < 1 || version > 3)
    return emitError() << "WMMA version must be in the [1, 3] range";
  if (!instrShape.empty() && instrShape.size() != 3)
    return emitError() << "instrShape must have 3 entries (M, N, K)";
  return verifyAMDMatrixLayout(emitError, "amd_wmma", warpsPerCTA,
                               tilesPerWarp);
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(
          r.checkKeys({"vec", "perPhase", "maxPhase", "order", "CGALayout"})) ||
      failed(r.getUInt("vec", vec)) ||
      failed(r.getUInt("perPhase", perPhase)) ||
      failed(r.getUInt("maxPhase", maxPhase)) ||
      failed(r.getUInts("order", order)) ||
      failed(readCGA(r, order.size(), cga)))
    return {};
  return parser.getChecked<SwizzledSharedEncodingAttr>(
      parser.getContext(), vec, perPhase, maxPhase, order, cga);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &p) const {
  p << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
    << ", maxPhase = " << getMaxPhase() << ", order = ";
  printUInts(p, getOrder());
  maybePrintCGA(p, getCgaBases(), getOrder().size());
  p << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   ArrayRef<int32_t> cga) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase must be positive";
  if (order.empty() || !isPermutation(order))
    return emitError() << "order must be a permutation of the dimensions";
  if (cga.size() % order.size())
    return emitError() << "CGALayout bases must have one entry per dimension";
  return success();
}

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  unsigned swizzle = 0, bits = 0, rank = 2;
  bool transposed = false, fp4Padded = false;
  SmallVector<int32_t> cga;
  if (failed(r.parse()) ||
      failed(r.checkKeys({"swizzlingByteWidth", "transposed", "elementBitWidth",
                          "fp4Padded", "rank", "CGALayout"})) ||
      failed(r.getUInt("swizzlingByteWidth", swizzle)) ||
      failed(r.getBool("transposed", transposed)) ||
      failed(r.getUInt("elementBitWidth", bits)) ||
      failed(r.getBool("fp4Padded", fp4Padded)) ||
      failed(r.getUInt("rank", rank, /*required=*/false)))
    return {};
  // With a CGALayout the rank is that of its bases.
  unsigned cgaRank = 0;
  if (failed(r.getBases("CGALayout", cga, cgaRank, /*required=*/false)))
    return {};
  if (!cga.empty())
    rank = cgaRank;
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), swizzle, transposed, bits, fp4Padded, rank, cga);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &p) const {
  p << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
    << ", transposed = " << (getTransposed() ? "true" : "false")
    << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    p << ", fp4Padded = true";
  if (getCgaBases().empty() && getRank() != 2)
    p << ", rank = " << getRank();
  else
    maybePrintCGA(p, getCgaBases(), getRank());
  p << "}>";
}

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzle, bool transposed,
                                unsigned bits, bool fp4Padded, unsigned rank,
                                ArrayRef<int32_t> cga) {
  if (bits == 0)
    return emitError() << "elementBitWidth must be non-zero";
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzle))
    return emitError() << "swizzlingByteWidth must be 0, 32, 64, or 128";
  if (rank == 0)
    return emitError() << "rank must be positive";
  return success();
}

//===----------------------------------------------------------------------===//
// padded_shared
//===----------------------------------------------------------------------===//

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<unsigned> intervals, paddings;
  if (parser.parseLess() || parser.parseLSquare() ||
      parser.parseCommaSeparatedList([&]() -> ParseResult {
        unsigned interval = 0, padding = 0;
        if (parser.parseInteger(interval) || parser.parseColon() ||
            parser.parsePlus() || parser.parseInteger(padding))
          return failure();
        intervals.push_back(interval);
        paddings.push_back(padding);
        return success();
      }) ||
      parser.parseRSquare())
    return {};
  DictReader r(parser);
  if (failed(parser.parseAttribute(r.dict)) || parser.parseGreater())
    return {};
  unsigned rank = 0;
  SmallVector<int32_t> offset, block;
  if (r.dict.contains("offset") || r.dict.contains("block")) {
    if (failed(r.checkKeys({"offset", "block"})) ||
        failed(r.getBases("offset", offset, rank)) ||
        failed(r.getBases("block", block, rank, /*required=*/false)))
      return {};
  } else {
    SmallVector<unsigned> order, shape;
    if (failed(r.checkKeys({"order", "shape"})) ||
        failed(r.getUInts("order", order)) ||
        failed(r.getUInts("shape", shape)))
      return {};
    if (order.size() != shape.size()) {
      parser.emitError(loc,
                       "Mismatch of shape and order ranks in padded layout");
      return {};
    }
    if (!isPermutation(order) || llvm::any_of(shape, [](unsigned s) {
          return !llvm::isPowerOf2_32(s);
        })) {
      parser.emitError(loc, "padded layout needs a permutation order and a "
                            "power-of-2 shape");
      return {};
    }
    rank = shape.size();
    offset = identityBases(shape, order);
  }
  return parser.getChecked<PaddedSharedEncodingAttr>(
      parser.getContext(), intervals, paddings, rank, offset, block);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &p) const {
  p << "<[";
  llvm::interleaveComma(
      llvm::zip(getIntervals(), getPaddings()), p,
      [&](auto ip) { p << std::get<0>(ip) << ":+" << std::get<1>(ip); });
  p << "] {";
  unsigned rank = getRank();
  SmallVector<unsigned> order = orderFromBases(getOffsetBases(), rank);
  SmallVector<unsigned> shape = shapeFromBases(getOffsetBases(), rank);
  if (getBlockBases().empty() &&
      ArrayRef<int32_t>(identityBases(shape, order)) == getOffsetBases()) {
    p << "order = ";
    printUInts(p, order);
    p << ", shape = ";
    printUInts(p, shape);
  } else {
    p << "offset = ";
    printBases(p, getOffsetBases(), rank);
    p << ", block = ";
    printBases(p, getBlockBases(), rank);
  }
  p << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, unsigned rank, ArrayRef<int32_t> offset,
    ArrayRef<int32_t> block) {
  if (intervals.size() != paddings.size())
    return emitError() << "intervals size (" << intervals.size()
                       << ") must match paddings size (" << paddings.size()
                       << ")";
  if (intervals.empty())
    return emitError() << "must have at least one interval-padding pair";
  if (!llvm::all_of(intervals, llvm::isPowerOf2_32))
    return emitError() << "interval values must all be power of two";
  if (!llvm::all_of(paddings, llvm::isPowerOf2_32))
    return emitError() << "padding values must all be power of two";
  llvm::SmallSet<unsigned, 4> unique(intervals.begin(), intervals.end());
  if (unique.size() != intervals.size())
    return emitError() << "interval values cannot have duplicates";
  if (rank == 0)
    return emitError() << "linearComponent cannot be empty";
  for (ArrayRef<int32_t> all : {offset, block})
    for (size_t i = 0; i + rank <= all.size(); i += rank) {
      ArrayRef<int32_t> basis = all.slice(i, rank);
      if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
        return emitError()
               << "Each offset basis must move in at most one dimension.";
      if (!llvm::all_of(basis, [](int32_t v) {
            return v == 0 || (v > 0 && llvm::isPowerOf2_32(v));
          }))
        return emitError() << "Each offset basis must be 0 or a power of two.";
    }
  return success();
}

//===----------------------------------------------------------------------===//
// shared_linear
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader r(parser);
  if (failed(r.parse(/*closeAngle=*/false)))
    return {};
  if (r.dict.contains("alignment")) {
    (void)r.error(
        "alignment must be specified outside of the linear layout braces");
    return {};
  }
  unsigned rank = 0, alignment = 0;
  SmallVector<int32_t> offset, block;
  if (failed(r.checkKeys({"offset", "block"})) ||
      failed(r.getBases("offset", offset, rank)) ||
      failed(r.getBases("block", block, rank, /*required=*/false)))
    return {};
  if (parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(parser.getContext(), rank,
                                                     offset, block, alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &p) const {
  p << "<{offset = ";
  printBases(p, getOffsetBases(), getRank());
  if (!getBlockBases().empty()) {
    p << ", block = ";
    printBases(p, getBlockBases(), getRank());
  }
  p << "}, alignment = " << getAlignment() << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank, ArrayRef<int32_t> offset,
                                 ArrayRef<int32_t> block, unsigned alignment) {
  if (rank == 0)
    return emitError() << "SharedLinearEncodingAttr requires at least one "
                          "output dimension.";
  if (alignment == 0 || !llvm::isPowerOf2_32(alignment))
    return emitError() << "alignment must be a power of two";
  return success();
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool mlir::triton::gpu::isSharedEncoding(Attribute enc) {
  return isa_and_nonnull<SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr,
                         PaddedSharedEncodingAttr, SharedLinearEncodingAttr>(
      enc);
}

bool mlir::triton::gpu::isDistributedEncoding(Attribute enc) {
  if (!enc)
    return false;
  // gluon's auto_encoding stands for a layout to be inferred.
  if (enc.getDialect().getNamespace() == "gluon")
    return true;
  return isa<BlockedEncodingAttr, SliceEncodingAttr, LinearEncodingAttr,
             DotOperandEncodingAttr, NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
             AMDWmmaEncodingAttr>(enc);
}

std::optional<unsigned>
mlir::triton::gpu::getSharedEncodingRank(Attribute enc) {
  if (auto s = dyn_cast_or_null<SwizzledSharedEncodingAttr>(enc))
    return s.getOrder().size();
  if (auto s = dyn_cast_or_null<NVMMASharedEncodingAttr>(enc))
    return s.getRank();
  if (auto s = dyn_cast_or_null<PaddedSharedEncodingAttr>(enc))
    return s.getRank();
  if (auto s = dyn_cast_or_null<SharedLinearEncodingAttr>(enc))
    return s.getRank();
  return std::nullopt;
}

SmallVector<unsigned> mlir::triton::gpu::getSharedOrder(Attribute enc) {
  if (auto s = dyn_cast_or_null<SwizzledSharedEncodingAttr>(enc))
    return SmallVector<unsigned>(s.getOrder());
  if (auto s = dyn_cast_or_null<NVMMASharedEncodingAttr>(enc)) {
    // Row-major; `transposed` swaps the two innermost dims.
    SmallVector<unsigned> order;
    for (unsigned d = s.getRank(); d-- > 0;)
      order.push_back(d);
    if (s.getTransposed() && order.size() >= 2)
      std::swap(order[0], order[1]);
    return order;
  }
  if (auto s = dyn_cast_or_null<PaddedSharedEncodingAttr>(enc))
    return orderFromBases(s.getOffsetBases(), s.getRank());
  if (auto s = dyn_cast_or_null<SharedLinearEncodingAttr>(enc))
    return orderFromBases(s.getOffsetBases(), s.getRank());
  return {};
}

static SmallVector<SmallVector<int64_t>> unflatten(ArrayRef<int32_t> flat,
                                                   unsigned rank) {
  SmallVector<SmallVector<int64_t>> bases;
  for (size_t i = 0; rank && i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

tilerun::shared::SwizzledParams
mlir::triton::gpu::toParams(SwizzledSharedEncodingAttr enc) {
  tilerun::shared::SwizzledParams p;
  p.vec = enc.getVec();
  p.perPhase = enc.getPerPhase();
  p.maxPhase = enc.getMaxPhase();
  p.order.assign(enc.getOrder().begin(), enc.getOrder().end());
  return p;
}

tilerun::shared::NVMMAParams
mlir::triton::gpu::toParams(NVMMASharedEncodingAttr enc) {
  tilerun::shared::NVMMAParams p;
  p.swizzlingByteWidth = enc.getSwizzlingByteWidth();
  p.transposed = enc.getTransposed();
  p.elementBitWidth = enc.getElementBitWidth();
  p.fp4Padded = enc.getFp4Padded();
  return p;
}

tilerun::shared::PaddedParams
mlir::triton::gpu::toParams(PaddedSharedEncodingAttr enc) {
  tilerun::shared::PaddedParams p;
  for (auto [i, pad] : llvm::zip(enc.getIntervals(), enc.getPaddings()))
    p.intervalPaddings.push_back({i, pad});
  p.offsetBases = unflatten(enc.getOffsetBases(), enc.getRank());
  p.order = getSharedOrder(enc);
  return p;
}

tilerun::shared::LinearParams
mlir::triton::gpu::toParams(SharedLinearEncodingAttr enc) {
  tilerun::shared::LinearParams p;
  p.offsetBases = unflatten(enc.getOffsetBases(), enc.getRank());
  // With several CTAs (num-ctas > 1) the offset bases place one CTA's part
  // and the block bases say which part each CTA holds. A program runs the
  // whole cluster, so its shared memory holds every part: the block bits
  // become the offset's top bits. A zero block basis is a copy the CTAs
  // share (a broadcast); the program keeps one.
  for (auto &b : unflatten(enc.getBlockBases(), enc.getRank()))
    if (llvm::any_of(b, [](int64_t v) { return v != 0; }))
      p.offsetBases.push_back(b);
  return p;
}

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilerun/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"
      >();
}
