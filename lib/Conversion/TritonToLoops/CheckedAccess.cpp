//===- CheckedAccess.cpp - Bounds checks of checked mode (--check) --------===//
//
// In checked mode every global access asks the runtime first
// (tilerun_check_access): only the runtime knows the buffers bound to the
// launch. The compiler contributes what the runtime cannot know: the op and
// its Python location, the tile element, and the parameter the pointer is
// derived from, so that an access that overflows one buffer into its
// neighbour is still caught. Shared memory is per program and its size is
// known here, so those checks are plain compare-and-branch code; only a
// violation calls the runtime. A refused access is skipped (a load yields
// zero) and the launch fails with the first report.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

constexpr int kUnknown = -1; // derived from several or no parameters
constexpr int kCycle = -2;   // reached again through a loop: no information

int merge(int a, int b) {
  if (a == kCycle)
    return b;
  if (b == kCycle)
    return a;
  return a == b ? a : kUnknown;
}

/// The kernel parameter a pointer (tensor, block pointer or descriptor) is
/// derived from, through pointer arithmetic, reshaping and loop-carried
/// values.
int traceParam(Value v, DenseSet<Value> &seen, unsigned depth) {
  if (depth > 256)
    return kUnknown;
  if (!seen.insert(v).second)
    return kCycle;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<FunctionOpInterface>(parent))
      return arg.getArgNumber();
    if (auto loop = dyn_cast_or_null<scf::ForOp>(parent)) {
      unsigned n = arg.getArgNumber();
      if (n == 0 || n > loop.getInitArgs().size())
        return kUnknown;
      return merge(traceParam(loop.getInitArgs()[n - 1], seen, depth + 1),
                   traceParam(loop.getYieldedValues()[n - 1], seen, depth + 1));
    }
    return kUnknown;
  }
  Operation *def = v.getDefiningOp();
  unsigned n = cast<OpResult>(v).getResultNumber();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return merge(traceParam(loop.getInitArgs()[n], seen, depth + 1),
                 traceParam(loop.getYieldedValues()[n], seen, depth + 1));
  if (auto branch = dyn_cast<scf::IfOp>(def)) {
    if (!branch.elseBlock())
      return kUnknown;
    return merge(traceParam(branch.thenYield().getOperand(n), seen, depth + 1),
                 traceParam(branch.elseYield().getOperand(n), seen, depth + 1));
  }
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return merge(traceParam(select.getTrueValue(), seen, depth + 1),
                 traceParam(select.getFalseValue(), seen, depth + 1));
  // A remap moves pointers; the others derive one from operand 0's.
  if ((isRemap(def) || isa<tt::AddPtrOp, tt::BitcastOp, tt::AdvanceOp,
                           tt::MakeTensorPtrOp, tt::MakeTensorDescOp>(def)) &&
      def->getNumOperands() > 0)
    return traceParam(def->getOperand(0), seen, depth + 1);
  return kUnknown;
}

/// The tile an access op works on: its tensor result, else its first tensor
/// operand (the stored value).
ArrayRef<int64_t> tileShape(Operation *op) {
  for (Value r : op->getResults())
    if (isTensor(r.getType()))
      return asTensor(r.getType()).getShape();
  for (Value o : op->getOperands())
    if (isTensor(o.getType()))
      return asTensor(o.getType()).getShape();
  return {};
}

/// The element's row-major position in its tile, in i64 for the report (0
/// when `idx` does not index the tile).
Value linearIndex(OpBuilder &b, Location loc, ValueRange idx,
                  ArrayRef<int64_t> shape) {
  if (idx.size() != shape.size())
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  return castToI64(b, loc, linearize(b, loc, idx, shape));
}

int64_t accessBytes(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 8;
  return std::max(1u, t.getIntOrFloatBitWidth() / 8);
}

std::string opInfo(Operation *op) {
  return op->getName().getStringRef().str() + " at " +
         describeLocation(op->getLoc());
}

/// `ok ? access() : zero` (or just the guarded effect for stores).
Value guard(OpBuilder &b, Location loc, Value ok,
            function_ref<Value(OpBuilder &)> access, Type resultType) {
  SmallVector<Type, 1> types;
  if (resultType)
    types.push_back(resultType);
  auto ifOp = scf::IfOp::create(b, loc, types, ok, /*withElse=*/!!resultType);
  OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
  Value v = access(tb);
  if (!resultType)
    return Value();
  scf::YieldOp::create(tb, loc, v);
  OpBuilder eb = OpBuilder::atBlockBegin(ifOp.elseBlock());
  Value zero =
      isa<LLVM::LLVMPointerType>(resultType)
          ? LLVM::ZeroOp::create(eb, loc, resultType).getResult()
          : arith::ConstantOp::create(eb, loc, eb.getZeroAttr(resultType))
                .getResult();
  scf::YieldOp::create(eb, loc, zero);
  return ifOp.getResult(0);
}

} // namespace

Value checkedGlobalAccess(TileLowering &tl, OpBuilder &b, Operation *op,
                          Value addr, Type elemTy, ValueRange idx,
                          Type resultType,
                          function_ref<Value(OpBuilder &)> access) {
  if (!tl.options.checked)
    return access(b);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  auto fn = tl.runtimeFunction(
      "tilerun_check_access",
      LLVM::LLVMFunctionType::get(IntegerType::get(ctx, 1),
                                  {ptr, ptr, i64, i32, i32, i32, i32, i64}));
  DenseSet<Value> seen;
  int param =
      op->getNumOperands() ? traceParam(op->getOperand(0), seen, 0) : kUnknown;
  if (param < 0)
    param = kUnknown;
  Value ok = LLVM::CallOp::create(
                 b, loc, fn,
                 ValueRange{tl.globalString(b, loc, opInfo(op)), addr,
                            arith::ConstantIntOp::create(b, loc, i64,
                                                         accessBytes(elemTy)),
                            arith::ConstantIntOp::create(b, loc, i32, param),
                            tl.programId(0), tl.programId(1), tl.programId(2),
                            linearIndex(b, loc, idx, tileShape(op))})
                 .getResult();
  return guard(b, loc, ok, access, resultType);
}

Value checkedSharedAccess(TileLowering &tl, OpBuilder &b, Operation *op,
                          const MemDescView &view, Value addr, Type elemTy,
                          ValueRange idx, Type resultType,
                          function_ref<Value(OpBuilder &)> access) {
  if (!tl.options.checked || !view.allocBase)
    return access(b);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  int64_t bytes = accessBytes(elemTy);
  Value offset = arith::SubIOp::create(
      b, loc, LLVM::PtrToIntOp::create(b, loc, i64, addr),
      LLVM::PtrToIntOp::create(b, loc, i64, view.allocBase));
  // Unsigned: a negative offset is out of range too.
  Value ok = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ule, offset,
      arith::SubIOp::create(b, loc, view.allocBytes,
                            arith::ConstantIntOp::create(b, loc, i64, bytes)));
  auto bad = scf::IfOp::create(
      b, loc, TypeRange{},
      arith::XOrIOp::create(
          b, loc, ok, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)),
      /*withElse=*/false);
  {
    OpBuilder rb = OpBuilder::atBlockBegin(bad.thenBlock());
    auto fn = tl.runtimeFunction(
        "tilerun_report_shared_access",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                    {ptr, i64, i64, i64, i32, i32, i32, i64}));
    LLVM::CallOp::create(
        rb, loc, fn,
        ValueRange{tl.globalString(rb, loc, opInfo(op)), offset,
                   arith::ConstantIntOp::create(rb, loc, i64, bytes),
                   view.allocBytes, tl.programId(0), tl.programId(1),
                   tl.programId(2), linearIndex(rb, loc, idx, tileShape(op))});
  }
  return guard(b, loc, ok, access, resultType);
}

} // namespace loops
} // namespace tilerun
