//===- CheckMemRefViews.cpp - Bounds checks on views of argument buffers --===//
//
// Runs on control-flow form (after SCF-to-CF), so a failed check can branch
// to a block that reports and returns: stopping the program is the only safe
// reaction, the access that follows would leave the buffer.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"
#include "tilerun/Conversion/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_CHECKMEMREFVIEWS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// The function argument a view chain starts from, if any.
BlockArgument rootArgument(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto sv = dyn_cast<memref::SubViewOp>(def))
      v = sv.getSource();
    else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(def))
      v = rc.getSource();
    else if (auto c = dyn_cast<memref::CastOp>(def))
      v = c.getSource();
    else
      return {};
  }
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || !arg.getOwner()->isEntryBlock() ||
      !isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    return {};
  return arg;
}

/// Whether the elements of `v` are read or written, rather than only sliced
/// again or queried for their metadata.
bool isAccessed(Value v) {
  for (Operation *user : v.getUsers()) {
    if (isa<memref::SubViewOp, memref::ReinterpretCastOp, memref::DimOp,
            memref::ExtractStridedMetadataOp,
            memref::ExtractAlignedPointerAsIndexOp>(user))
      continue;
    if (auto c = dyn_cast<memref::CastOp>(user)) {
      if (isAccessed(c.getResult()))
        return true;
      continue;
    }
    return true;
  }
  return false;
}

struct Checker {
  ModuleOp module;
  unsigned numStrings = 0;

  Value globalString(OpBuilder &b, Location loc, StringRef text) {
    OpBuilder gb(module.getBody(), module.getBody()->begin());
    std::string data = text.str();
    data.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(gb.getI8Type(), data.size());
    std::string name;
    do
      name = "__tilerun_view_str_" + std::to_string(numStrings++);
    while (module.lookupSymbol(name));
    auto global = LLVM::GlobalOp::create(gb, loc, type, /*isConstant=*/true,
                                         LLVM::Linkage::Private, name,
                                         gb.getStringAttr(data));
    return LLVM::AddressOfOp::create(b, loc, global);
  }

  LLVM::LLVMFuncOp reportFunction() {
    MLIRContext *ctx = module.getContext();
    StringRef name = "tilerun_report_error";
    if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return f;
    auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(ctx),
        {LLVM::LLVMPointerType::get(ctx), i32, i32, i32, i64});
    OpBuilder mb(module.getBody(), module.getBody()->end());
    return LLVM::LLVMFuncOp::create(mb, module.getLoc(), name, type);
  }

  /// Elements in the argument's buffer: the runtime describes every buffer
  /// with its true sizes (a rank-1 descriptor for unranked parameters).
  Value bufferCount(OpBuilder &b, Location loc, BlockArgument arg) {
    Value n = arith::ConstantIndexOp::create(b, loc, 1);
    if (!isa<MemRefType>(arg.getType())) {
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      return memref::DimOp::create(b, loc, arg, zero);
    }
    auto type = cast<MemRefType>(arg.getType());
    for (int64_t d = 0; d < type.getRank(); ++d)
      n = arith::MulIOp::create(b, loc, n,
                                memref::DimOp::create(b, loc, arg, d));
    return n;
  }

  void check(func::FuncOp fn, Operation *view, BlockArgument arg) {
    Location loc = view->getLoc();
    OpBuilder b(view->getContext());
    b.setInsertionPointAfter(view);
    Value result = view->getResult(0);
    auto type = cast<MemRefType>(result.getType());
    auto meta = memref::ExtractStridedMetadataOp::create(b, loc, result);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value lo = meta.getOffset(), hi = meta.getOffset();
    Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
    for (int64_t d = 0; d < type.getRank(); ++d) {
      Value size = meta.getSizes()[d];
      empty = arith::OrIOp::create(
          b, loc, empty,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, size, zero));
      Value span = arith::MulIOp::create(
          b, loc, arith::SubIOp::create(b, loc, size, one),
          meta.getStrides()[d]);
      lo = arith::AddIOp::create(b, loc, lo,
                                 arith::MinSIOp::create(b, loc, span, zero));
      hi = arith::AddIOp::create(b, loc, hi,
                                 arith::MaxSIOp::create(b, loc, span, zero));
    }
    Value count = bufferCount(b, loc, arg);
    Value outside = arith::OrIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lo, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, hi, count));
    Value bad = arith::AndIOp::create(
        b, loc, outside,
        arith::XOrIOp::create(b, loc, empty,
                              arith::ConstantIntOp::create(b, loc, 1, 1)));
    // Branch to a reporting block; the rest of the program continues only
    // when the view is inside the buffer.
    Block *before = b.getInsertionBlock();
    Block *rest = before->splitBlock(b.getInsertionPoint());
    Block *fail = new Block();
    fail->insertBefore(rest);
    b.setInsertionPointToEnd(before);
    cf::CondBranchOp::create(b, loc, bad, fail, rest);
    b.setInsertionPointToEnd(fail);
    std::string msg = tilerun::describeLocation(loc) + ": " +
                      view->getName().getStringRef().str() +
                      " spans elements outside argument " +
                      std::to_string(arg.getArgNumber()) +
                      "'s buffer; the element index reported is the last one "
                      "it spans";
    unsigned n = fn.getNumArguments();
    SmallVector<Value> operands = {globalString(b, loc, msg)};
    for (unsigned i = n - 3; i < n; ++i)
      operands.push_back(fn.getArgument(i));
    operands.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), hi));
    LLVM::CallOp::create(b, loc, reportFunction(), operands);
    func::ReturnOp::create(b, loc);
  }
};

struct CheckMemRefViews
    : tilerun::impl::CheckMemRefViewsBase<CheckMemRefViews> {
  void runOnOperation() override {
    Checker checker{getOperation()};
    for (auto fn : getOperation().getOps<func::FuncOp>())
      if (!fn.isExternal())
        checkFunction(checker, fn);
  }

  void checkFunction(Checker &checker, func::FuncOp fn) {
    // The grid parameters (last six i32) give the program id to report.
    ArrayRef<Type> types = fn.getArgumentTypes();
    if (fn.getNumResults() != 0 || types.size() < 6 ||
        !llvm::all_of(types.take_back(6),
                      [](Type t) { return t.isInteger(32); }))
      return;
    SmallVector<std::pair<Operation *, BlockArgument>> views;
    fn.walk([&](Operation *op) {
      if (!isa<memref::SubViewOp, memref::ReinterpretCastOp>(op))
        return;
      if (BlockArgument arg = rootArgument(op->getResult(0));
          arg && isAccessed(op->getResult(0)))
        views.push_back({op, arg});
    });
    for (auto [op, arg] : views)
      checker.check(fn, op, arg);
  }
};
} // namespace
