//===- TritonElementwise.cpp - Tile models of tt's elementwise ops --------===//
//
// tt's elementwise ops (the ODS marks them Elementwise): pointer arithmetic
// and casts, float conversions with Triton's rounding, clamps, precise
// division and square root, libdevice calls, tt.map_elementwise's scalar
// region, and the program's grid position. ttg.fp4_to_fp unpacks two
// values from each byte, so it rearranges rather than maps elements.
//
//===----------------------------------------------------------------------===//

#include "TileModel.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

/// True when every element of `v` is the same scalar.
bool isUniform(Value v) {
  if (!isTensor(v.getType()))
    return true;
  if (uniformScalar(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue()))
      return dense.isSplat();
  if (isRemap(def))
    return isUniform(def->getOperand(0));
  return false;
}

/// Splits the offset of an addptr along its chain of inline `arith.addi`s,
/// uniform terms first. Triton offsets are i32 and an i32 sum that wraps
/// would address memory far outside the buffer on the GPU as well, so
/// adding the terms to the pointer one by one gives the same address for
/// every offset that addresses the buffer, and it gives LLVM an address it
/// can see advance by one element per iteration. Checked mode keeps the
/// wrapping sum, so that it reports the address the GPU would compute.
void splitOffset(TileLowering &tl, Value off, SmallVectorImpl<Value> &terms) {
  SmallVector<Value> uniform, varying;
  SmallVector<Value> worklist{off};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (add && isTensor(v.getType()) && !tl.bufferOf(v) &&
        !tl.isMaterialized(v)) {
      worklist.push_back(add.getRhs());
      worklist.push_back(add.getLhs());
      continue;
    }
    (isUniform(v) ? uniform : varying).push_back(v);
  }
  terms.append(uniform);
  terms.append(varying);
}

/// Result `resultNumber` of tt.map_elementwise at `idx`. The scalar region
/// takes `pack` consecutive elements (in row-major order) of each operand and
/// yields `pack` values of each result; the element at linear index i is
/// position i % pack of the call on the group starting at i - i % pack. Each
/// element runs its group's call and keeps its own position: a pack > 1
/// region is evaluated pack times per group, which is what keeps the element
/// loops free of cross-iteration state.
Value emitMapElementwiseElement(TileLowering &tl, OpBuilder &b,
                                tt::MapElementwiseOp op, unsigned resultNumber,
                                ValueRange idx) {
  Location loc = op.getLoc();
  unsigned pack = op.getPack();
  ArrayRef<int64_t> shape = asTensor(op.getType(0)).getShape();
  SmallVector<Value> args;
  Value pos;
  if (pack == 1) {
    for (Value src : op.getSrcs())
      args.push_back(tl.element(b, src, idx));
  } else {
    Value lin = linearize(b, loc, idx, shape);
    pos = arith::RemUIOp::create(b, loc, lin, constantIndex(b, loc, pack));
    Value first = arith::SubIOp::create(b, loc, lin, pos);
    for (Value src : op.getSrcs())
      for (unsigned k = 0; k < pack; ++k) {
        Value at =
            arith::AddIOp::create(b, loc, first, constantIndex(b, loc, k));
        args.push_back(tl.element(b, src, delinearize(b, loc, at, shape)));
      }
  }
  Type elemTy = loweredElementType(op.getType(resultNumber));
  FailureOr<SmallVector<Value>> outs =
      tl.emitScalarRegion(b, op.getScalarOp(), args);
  if (failed(outs))
    return tl.fail(b, op, "could not be lowered", elemTy);
  ArrayRef<Value> mine =
      ArrayRef<Value>(*outs).slice(resultNumber * pack, pack);
  Value v = mine.back();
  for (unsigned k = pack - 1; k-- > 0;) {
    Value isK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, pos,
                                      constantIndex(b, loc, k));
    v = arith::SelectOp::create(b, loc, isK, mine[k], v);
  }
  return v;
}

/// The element of operand `i` at `idx`.
Value operandAt(TileLowering &tl, OpBuilder &b, Operation *op, unsigned i,
                ValueRange idx) {
  return tl.element(b, op->getOperand(i), idx);
}

Type resultElementType(OpResult result) {
  return loweredElementType(result.getType());
}

struct AddPtrModel : ElementwiseModel<AddPtrModel, tt::AddPtrOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    auto addptr = cast<tt::AddPtrOp>(op);
    Location loc = op->getLoc();
    Type pointee =
        cast<tt::PointerType>(getElementTypeOrSelf(addptr.getPtr().getType()))
            .getPointeeType();
    Type gepElem = memoryType(loweredElementType(pointee));
    if (isa<LLVM::LLVMPointerType>(gepElem))
      gepElem = b.getI64Type();
    Value ptr = operandAt(tl, b, op, 0, idx);
    SmallVector<Value> terms;
    if (tl.options.checked)
      terms.push_back(addptr.getOffset());
    else
      splitOffset(tl, addptr.getOffset(), terms);
    // Uniform terms first, so that the address is a loop-invariant base
    // plus an index LLVM recognises as consecutive.
    for (Value term : terms)
      ptr = LLVM::GEPOp::create(b, loc, ptr.getType(), gepElem, ptr,
                                ValueRange{tl.element(b, term, idx)});
    return ptr;
  }
};

struct IntToPtrModel : ElementwiseModel<IntToPtrModel, tt::IntToPtrOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    return LLVM::IntToPtrOp::create(b, op->getLoc(), resultElementType(result),
                                    operandAt(tl, b, op, 0, idx));
  }
};

struct PtrToIntModel : ElementwiseModel<PtrToIntModel, tt::PtrToIntOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    return LLVM::PtrToIntOp::create(b, op->getLoc(), resultElementType(result),
                                    operandAt(tl, b, op, 0, idx));
  }
};

struct BitcastModel : ElementwiseModel<BitcastModel, tt::BitcastOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Value v = operandAt(tl, b, op, 0, idx);
    Type elemTy = resultElementType(result);
    if (v.getType() == elemTy)
      return v;
    return arith::BitcastOp::create(b, op->getLoc(), elemTy, v);
  }
};

struct FpToFpModel : ElementwiseModel<FpToFpModel, tt::FpToFpOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Value v = operandAt(tl, b, op, 0, idx);
    Type elemTy = resultElementType(result);
    if (v.getType() == elemTy)
      return v;
    if (elemTy.getIntOrFloatBitWidth() >= v.getType().getIntOrFloatBitWidth())
      return emitFloatExtend(b, loc, v, elemTy);
    auto rm = cast<tt::FpToFpOp>(op).getRounding();
    return emitFloatTruncate(b, loc, v, elemTy,
                             rm && *rm == tt::RoundingMode::RTZ);
  }
};

struct ClampFModel : ElementwiseModel<ClampFModel, tt::ClampFOp> {
  unsigned getElementCost(Operation *) const { return 1; }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    Location loc = op->getLoc();
    Value x = operandAt(tl, b, op, 0, idx), lo = operandAt(tl, b, op, 1, idx),
          hi = operandAt(tl, b, op, 2, idx);
    if (cast<tt::ClampFOp>(op).getPropagateNan() == tt::PropagateNan::ALL)
      return arith::MinimumFOp::create(
          b, loc, arith::MaximumFOp::create(b, loc, x, lo), hi);
    return arith::MinNumFOp::create(
        b, loc, arith::MaxNumFOp::create(b, loc, x, lo), hi);
  }
};

struct MulhiUIModel : ElementwiseModel<MulhiUIModel, tt::MulhiUIOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Value x = operandAt(tl, b, op, 0, idx), y = operandAt(tl, b, op, 1, idx);
    Type elemTy = resultElementType(result);
    unsigned w = elemTy.getIntOrFloatBitWidth();
    Type wide = b.getIntegerType(2 * w);
    Value p =
        arith::MulIOp::create(b, loc, arith::ExtUIOp::create(b, loc, wide, x),
                              arith::ExtUIOp::create(b, loc, wide, y));
    Value sh = arith::ShRUIOp::create(
        b, loc, p, arith::ConstantIntOp::create(b, loc, wide, w));
    return arith::TruncIOp::create(b, loc, elemTy, sh);
  }
};

struct PreciseSqrtModel
    : ElementwiseModel<PreciseSqrtModel, tt::PreciseSqrtOp> {
  unsigned getElementCost(Operation *) const {
    return 2 * kExpensiveElementCost;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    return math::SqrtOp::create(b, op->getLoc(), operandAt(tl, b, op, 0, idx));
  }
};

struct PreciseDivFModel
    : ElementwiseModel<PreciseDivFModel, tt::PreciseDivFOp> {
  unsigned getElementCost(Operation *) const { return kExpensiveElementCost; }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b, OpResult,
                    ValueRange idx) const {
    return arith::DivFOp::create(b, op->getLoc(), operandAt(tl, b, op, 0, idx),
                                 operandAt(tl, b, op, 1, idx));
  }
};

/// A libdevice call. An impure one (it may touch memory) is elementwise
/// too, but the plan runs it where it stands (MaterializationPlan).
struct ExternElementwiseModel
    : ElementwiseModel<ExternElementwiseModel, tt::ExternElementwiseOp> {
  unsigned getElementCost(Operation *) const {
    return 2 * kExpensiveElementCost;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Type elemTy = resultElementType(result);
    StringRef sym = cast<tt::ExternElementwiseOp>(op).getSymbol();
    // Triton links libdevice in flush-to-zero mode. Some f32 functions
    // then see subnormal inputs as zero (measured on the GPU: rsqrt, fmod,
    // remainder, ilogb); cbrt's fast path returns NaN for them. Others
    // (log2, log10, ...) handle subnormals exactly, so nothing is flushed
    // globally.
    bool ftzInputs = sym == "__nv_rsqrtf" || sym == "__nv_fmodf" ||
                     sym == "__nv_remainderf" || sym == "__nv_ilogbf";
    SmallVector<Value> args;
    for (unsigned i = 0; i < op->getNumOperands(); ++i) {
      Value a = operandAt(tl, b, op, i, idx);
      args.push_back(ftzInputs ? flushSubnormal(b, loc, a) : a);
    }
    Value v = emitLibdevice(tl, b, loc, sym, args);
    if (!v)
      return tl.fail(b, op,
                     "extern_elementwise symbol '" + sym +
                         "' has no CPU implementation",
                     elemTy);
    if (sym == "__nv_cbrtf")
      v = nanForSubnormal(b, loc, args[0], v);
    if (v.getType() != elemTy && isa<IntegerType>(elemTy) &&
        v.getType().isInteger(1))
      v = arith::ExtUIOp::create(b, loc, elemTy, v);
    return v;
  }
};

struct MapElementwiseModel
    : ElementwiseModel<MapElementwiseModel, tt::MapElementwiseOp> {
  unsigned getElementCost(Operation *) const {
    return 2 * kExpensiveElementCost;
  }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    return emitMapElementwiseElement(tl, b, cast<tt::MapElementwiseOp>(op),
                                     result.getResultNumber(), idx);
  }
};

/// GPU assembly: rejected where it stands (TileLowering::lowerOp); an
/// element of it is never emitted.
struct InlineAsmModel
    : ElementwiseModel<InlineAsmModel, tt::ElementwiseInlineAsmOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange) const {
    return tl.fail(b, op, kInlineAsmError, resultElementType(result));
  }
};

struct ProgramIdModel : ElementwiseModel<ProgramIdModel, tt::GetProgramIdOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &, OpResult,
                    ValueRange) const {
    return tl.programId(
        static_cast<unsigned>(cast<tt::GetProgramIdOp>(op).getAxis()));
  }
};

struct NumProgramsModel
    : ElementwiseModel<NumProgramsModel, tt::GetNumProgramsOp> {
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &, OpResult,
                    ValueRange) const {
    return tl.numPrograms(
        static_cast<unsigned>(cast<tt::GetNumProgramsOp>(op).getAxis()));
  }
};

/// Element i along the packed axis is nibble i % 2 of byte i / 2.
struct Fp4ToFpModel : TileModel<Fp4ToFpModel, ttg::Fp4ToFpOp> {
  TileOpKind getTileKind(Operation *) const { return TileOpKind::Rearrange; }
  Value emitElement(Operation *op, TileLowering &tl, OpBuilder &b,
                    OpResult result, ValueRange idx) const {
    Location loc = op->getLoc();
    Type elemTy = resultElementType(result);
    unsigned axis = cast<ttg::Fp4ToFpOp>(op).getAxis();
    SmallVector<Value> at(idx.begin(), idx.end());
    at[axis] =
        arith::ShRUIOp::create(b, loc, idx[axis], constantIndex(b, loc, 1));
    Value v = decodeE2M1(b, loc, operandAt(tl, b, op, 0, at), idx[axis]);
    // Every e2m1 value is exact in bf16 and f16.
    return v.getType() == elemTy
               ? v
               : emitFloatTruncate(b, loc, v, elemTy, /*towardZero=*/false);
  }
};

} // namespace

void registerTritonElementwiseModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tt::TritonDialect *) {
    tt::AddPtrOp::attachInterface<AddPtrModel>(*ctx);
    tt::IntToPtrOp::attachInterface<IntToPtrModel>(*ctx);
    tt::PtrToIntOp::attachInterface<PtrToIntModel>(*ctx);
    tt::BitcastOp::attachInterface<BitcastModel>(*ctx);
    tt::FpToFpOp::attachInterface<FpToFpModel>(*ctx);
    tt::ClampFOp::attachInterface<ClampFModel>(*ctx);
    tt::MulhiUIOp::attachInterface<MulhiUIModel>(*ctx);
    tt::PreciseSqrtOp::attachInterface<PreciseSqrtModel>(*ctx);
    tt::PreciseDivFOp::attachInterface<PreciseDivFModel>(*ctx);
    tt::ExternElementwiseOp::attachInterface<ExternElementwiseModel>(*ctx);
    tt::MapElementwiseOp::attachInterface<MapElementwiseModel>(*ctx);
    tt::ElementwiseInlineAsmOp::attachInterface<InlineAsmModel>(*ctx);
    tt::GetProgramIdOp::attachInterface<ProgramIdModel>(*ctx);
    tt::GetNumProgramsOp::attachInterface<NumProgramsModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, ttg::TritonGPUDialect *) {
    ttg::Fp4ToFpOp::attachInterface<Fp4ToFpModel>(*ctx);
  });
}

} // namespace loops
} // namespace tilerun
