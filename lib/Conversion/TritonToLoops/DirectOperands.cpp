//===- DirectOperands.cpp - Dot operands read where they lie --------------===//
//
// A matmul's A tile is usually loaded through an affine pointer tile:
// element (i, j) at `base + off + i * rowStride + j` elements (Triton's
// `a_ptr + rm[:, None] * stride_am + rk[None, :]`, advanced along K each
// iteration). Where the load's mask holds over the whole tile (the facts of
// a versioned nest), the AMX tile kernel can read A's tiles from global
// memory with tileloadd's row stride instead of copying the tile into a
// packed buffer first: the copy is a pass over memory that the tile
// kernel's loads repeat.
//
// The element path computes each offset tile in its own integer type
// (Triton's i32), wrapping; the affine form here is computed in i64. They
// agree wherever no element of an i32 offset tile leaves the i32 range, and
// an affine tile's extremes are its corners: the view comes with that check
// (and that no i64 step overflowed) as a condition to branch on.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

namespace {

/// A tile as an affine function of its indices, in i64: offset + sum over
/// dimensions d of idx_d * strides[d] (a null offset or stride is 0).
struct Affine {
  Value offset;
  SmallVector<Value> strides;
};

/// Builds affine forms of integer and pointer tiles from the ops that
/// define them, emitting the scalar arithmetic at the builder's insertion
/// point, and the conditions under which they are exact.
class AffineTiles {
public:
  AffineTiles(TileLowering &tl, OpBuilder &b, Location loc)
      : tl(tl), b(b), loc(loc) {}

  /// The pointer tile `v` as a scalar base pointer and an affine tile of
  /// element offsets from it.
  FailureOr<std::pair<Value, Affine>> pointerTile(Value v);
  /// The conjunction of the conditions (null: none).
  Value valid() const { return conditions; }
  /// Adds a condition.
  void require(Value cond) {
    conditions =
        conditions ? arith::AndIOp::create(b, loc, conditions, cond).getResult()
                   : cond;
  }
  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }

private:
  FailureOr<Affine> integerTile(Value v);
  /// An offset tile as a term of an address: exact where it fits its type.
  FailureOr<Affine> offsetTerm(Value v);
  Value wide(Value scalar);
  Value add(Value x, Value y);
  Value mul(Value x, Value y);
  Affine sum(const Affine &x, const Affine &y);
  void requireFits(const Affine &a, ArrayRef<int64_t> shape, unsigned width);

  TileLowering &tl;
  OpBuilder &b;
  Location loc;
  Value conditions;
};

/// A scalar integer as i64.
Value AffineTiles::wide(Value scalar) {
  Type i64 = b.getI64Type();
  if (scalar.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, scalar);
  if (scalar.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, i64, scalar);
  return scalar;
}

/// x + y, requiring that it does not overflow.
Value AffineTiles::add(Value x, Value y) {
  if (!x || !y)
    return x ? x : y;
  Value r = arith::AddIOp::create(b, loc, x, y);
  // Signed overflow: both operands' signs differ from the result's.
  Value both =
      arith::AndIOp::create(b, loc, arith::XOrIOp::create(b, loc, x, r),
                            arith::XOrIOp::create(b, loc, y, r));
  require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, both,
                                constant(0)));
  return r;
}

/// x * y, requiring that it does not overflow.
Value AffineTiles::mul(Value x, Value y) {
  if (!x || !y)
    return Value();
  auto product = arith::MulSIExtendedOp::create(b, loc, x, y);
  Value sign = arith::ShRSIOp::create(b, loc, product.getLow(), constant(63));
  require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                product.getHigh(), sign));
  return product.getLow();
}

Affine AffineTiles::sum(const Affine &x, const Affine &y) {
  Affine r{add(x.offset, y.offset), {}};
  for (auto [s, t] : llvm::zip_equal(x.strides, y.strides))
    r.strides.push_back(add(s, t));
  return r;
}

/// Requires every element of `a` over `shape` to fit a signed integer of
/// `width` bits: its corners do.
void AffineTiles::requireFits(const Affine &a, ArrayRef<int64_t> shape,
                              unsigned width) {
  if (width >= 64)
    return;
  Value lo = constant(-(int64_t(1) << (width - 1)));
  Value hi = constant((int64_t(1) << (width - 1)) - 1);
  for (unsigned corner = 0; corner < (1u << shape.size()); ++corner) {
    Value v = a.offset ? a.offset : constant(0);
    for (auto [d, extent] : llvm::enumerate(shape))
      if (corner & (1u << d))
        v = add(v, mul(a.strides[d], constant(extent - 1)));
    require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v, lo));
    require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, v, hi));
  }
}

FailureOr<Affine> AffineTiles::offsetTerm(Value v) {
  FailureOr<Affine> a = integerTile(v);
  if (succeeded(a))
    requireFits(*a, asTensor(v.getType()).getShape(),
                getElementTypeOrSelf(v.getType()).getIntOrFloatBitWidth());
  return a;
}

FailureOr<Affine> AffineTiles::integerTile(Value v) {
  auto type = asTensor(v.getType());
  int64_t rank = type.getRank();
  Affine none{Value(), SmallVector<Value>(rank)};
  if (tl.nestFacts().isIdentityRemainder(v))
    return integerTile(v.getDefiningOp()->getOperand(0));
  // A buffered tile holds whatever was computed into it.
  if (tl.bufferOf(v) || !getElementTypeOrSelf(type).isInteger())
    return failure();
  Operation *def = v.getDefiningOp();
  if (!def)
    return failure();
  DenseIntElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat()) {
    none.offset = constant(dense.getSplatValue<APInt>().getSExtValue());
    return none;
  }
  if (auto splat = dyn_cast<tt::SplatOp>(def)) {
    none.offset = wide(tl.scalar(splat.getSrc()));
    return none;
  }
  if (auto range = dyn_cast<tt::MakeRangeOp>(def)) {
    none.offset = constant(range.getStart());
    none.strides[0] = constant(1);
    return none;
  }
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(def)) {
    FailureOr<Affine> a = integerTile(expand.getSrc());
    if (succeeded(a))
      a->strides.insert(a->strides.begin() + expand.getAxis(), Value());
    return a;
  }
  if (isa<tt::BroadcastOp, ttg::ConvertLayoutOp>(def)) {
    Value src = def->getOperand(0);
    FailureOr<Affine> a = integerTile(src);
    if (succeeded(a))
      for (auto [d, n] : llvm::enumerate(asTensor(src.getType()).getShape()))
        if (n == 1)
          a->strides[d] = Value();
    return a;
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
    FailureOr<Affine> x = integerTile(def->getOperand(0));
    FailureOr<Affine> y = integerTile(def->getOperand(1));
    if (failed(x) || failed(y))
      return failure();
    if (isa<arith::AddIOp>(def))
      return sum(*x, *y);
    if (isa<arith::SubIOp>(def)) {
      Value minusOne = constant(-1);
      Affine negY{mul(y->offset, minusOne), {}};
      for (Value s : y->strides)
        negY.strides.push_back(mul(s, minusOne));
      return sum(*x, negY);
    }
    // A product is affine when one factor is the same for every element.
    auto uniform = [](const Affine &a) {
      return llvm::all_of(a.strides, [](Value s) { return !s; });
    };
    if (!uniform(*x) && !uniform(*y))
      return failure();
    const Affine &u = uniform(*x) ? *x : *y;
    const Affine &other = uniform(*x) ? *y : *x;
    Affine r{mul(other.offset, u.offset), {}};
    for (Value s : other.strides)
      r.strides.push_back(mul(s, u.offset));
    return r;
  }
  if (auto ext = dyn_cast<arith::ExtSIOp>(def))
    return offsetTerm(ext.getIn());
  return failure();
}

FailureOr<std::pair<Value, Affine>> AffineTiles::pointerTile(Value v) {
  auto type = asTensor(v.getType());
  Operation *def = v.getDefiningOp();
  if (!def || tl.bufferOf(v))
    return failure();
  if (auto splat = dyn_cast<tt::SplatOp>(def)) {
    Value base = tl.scalar(splat.getSrc());
    if (!base)
      return failure();
    return std::make_pair(base,
                          Affine{Value(), SmallVector<Value>(type.getRank())});
  }
  if (auto addptr = dyn_cast<tt::AddPtrOp>(def)) {
    auto p = pointerTile(addptr.getPtr());
    FailureOr<Affine> off = offsetTerm(addptr.getOffset());
    if (failed(p) || failed(off))
      return failure();
    return std::make_pair(p->first, sum(p->second, *off));
  }
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(def)) {
    auto p = pointerTile(expand.getSrc());
    if (succeeded(p))
      p->second.strides.insert(p->second.strides.begin() + expand.getAxis(),
                               Value());
    return p;
  }
  if (isa<tt::BroadcastOp, ttg::ConvertLayoutOp>(def)) {
    Value src = def->getOperand(0);
    auto p = pointerTile(src);
    if (succeeded(p))
      for (auto [d, n] : llvm::enumerate(asTensor(src.getType()).getShape()))
        if (n == 1)
          p->second.strides[d] = Value();
    return p;
  }
  return failure();
}

} // namespace

Value memrefAtPointer(OpBuilder &b, Location loc, Value pointer,
                      MemRefType type, ValueRange dynamicStrides) {
  int64_t rank = type.getRank(), offset;
  SmallVector<int64_t> strides;
  (void)type.getStridesAndOffset(strides, offset);
  Type i64 = b.getI64Type();
  auto descTy = LLVM::LLVMStructType::getLiteral(
      b.getContext(), {pointer.getType(), pointer.getType(), i64,
                       LLVM::LLVMArrayType::get(i64, rank),
                       LLVM::LLVMArrayType::get(i64, rank)});
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value desc = LLVM::PoisonOp::create(b, loc, descTy);
  auto insert = [&](Value v, ArrayRef<int64_t> pos) {
    desc = LLVM::InsertValueOp::create(b, loc, desc, v, pos);
  };
  insert(pointer, {0});
  insert(pointer, {1});
  insert(constant(offset), {2});
  unsigned dynamicStride = 0;
  for (int64_t d = 0; d < rank; ++d) {
    insert(constant(type.getDimSize(d)), {3, d});
    insert(ShapedType::isDynamic(strides[d]) ? dynamicStrides[dynamicStride++]
                                             : constant(strides[d]),
           {4, d});
  }
  return UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0);
}

std::optional<DirectView> directOperandView(TileLowering &tl, OpBuilder &b,
                                            Location loc, Value operand,
                                            unsigned rowAlignment) {
  // Checked mode checks every access of the element path.
  if (tl.options.checked)
    return std::nullopt;
  while (auto cvt = operand.getDefiningOp<ttg::ConvertLayoutOp>())
    operand = cvt.getSrc();
  auto load = operand.getDefiningOp<tt::LoadOp>();
  auto type = asTensor(operand.getType());
  // The tile kernel reads each element of A once per column of blocks: a
  // volatile load must read it once.
  if (!load || type.getRank() != 2 || tl.bufferOf(operand) ||
      load.getIsVolatile() || !isa<RankedTensorType>(load.getPtr().getType()) ||
      (load.getMask() && !tl.nestFacts().isAssumedTrue(load.getMask())))
    return std::nullopt;
  Type elem = type.getElementType();
  if (!elem.isIntOrFloat() || memoryType(elem) != elem)
    return std::nullopt;
  AffineTiles affine(tl, b, loc);
  auto tile = affine.pointerTile(load.getPtr());
  if (failed(tile))
    return std::nullopt;
  auto [base, offsets] = *tile;
  Value rowStride = offsets.strides[0], colStride = offsets.strides[1];
  if (!rowStride || !colStride)
    return std::nullopt;
  // Rows of consecutive elements.
  APInt step;
  if (matchPattern(colStride, m_ConstantInt(&step))) {
    if (step != 1)
      return std::nullopt;
  } else {
    affine.require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         colStride, affine.constant(1)));
  }
  // A memref over the tile: its first element, sizes, and the row stride.
  MLIRContext *ctx = b.getContext();
  Value first = base;
  if (offsets.offset)
    first = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                ValueRange{offsets.offset});
  Type i64 = b.getI64Type();
  if (rowAlignment) {
    // The first row's address and the rows' distance in bytes.
    Value address = LLVM::PtrToIntOp::create(b, loc, i64, first);
    Value rowBytes = arith::MulIOp::create(
        b, loc, rowStride,
        affine.constant(llvm::divideCeil(elem.getIntOrFloatBitWidth(), 8)));
    Value low = arith::AndIOp::create(
        b, loc, arith::OrIOp::create(b, loc, address, rowBytes),
        affine.constant(rowAlignment - 1));
    affine.require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                                         affine.constant(0)));
  }
  auto viewTy = MemRefType::get(
      type.getShape(), elem,
      StridedLayoutAttr::get(ctx, /*offset=*/0, {ShapedType::kDynamic, 1}));
  Value view = memrefAtPointer(b, loc, first, viewTy, {rowStride});
  return DirectView{view, affine.valid(), first, rowStride};
}

} // namespace loops
} // namespace tilerun
