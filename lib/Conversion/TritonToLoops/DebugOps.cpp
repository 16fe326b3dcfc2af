//===- DebugOps.cpp - tt.print and tt.assert ------------------------------===//
//
// Both call into the runtime (RuntimeSymbols.cpp), which formats output like
// Triton's device print and turns a failed assertion into a launch error
// carrying the message, the program id and the user's source location.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

Value TileLowering::globalString(OpBuilder &b, Location loc, StringRef text) {
  auto it = strings.find(text);
  LLVM::GlobalOp global;
  if (it != strings.end()) {
    global = it->second;
  } else {
    OpBuilder gb(module.getBody(), module.getBody()->begin());
    std::string data = text.str();
    data.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(gb.getI8Type(), data.size());
    std::string name = uniqueSymbol("__tilerun_str_");
    global = LLVM::GlobalOp::create(gb, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, name,
                                    gb.getStringAttr(data));
    strings[text] = global;
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

LLVM::LLVMFuncOp TileLowering::runtimeFunction(StringRef name,
                                               LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder mb(module.getBody(), module.getBody()->end());
  return LLVM::LLVMFuncOp::create(mb, module.getLoc(), name, type);
}

void TileLowering::emitRuntimeError(OpBuilder &b, Location loc,
                                    StringRef message, ValueRange extraI64) {
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  // tilerun_report_error(msg, pid_x, pid_y, pid_z, index)
  auto fnTy = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                          {ptr, i32, i32, i32, i64});
  auto fn = runtimeFunction("tilerun_report_error", fnTy);
  Value index = extraI64.empty()
                    ? arith::ConstantIntOp::create(b, loc, i64, -1).getResult()
                    : extraI64[0];
  LLVM::CallOp::create(b, loc, fn,
                       ValueRange{globalString(b, loc, message), programId(0),
                                  programId(1), programId(2), index});
}

static Value linear(OpBuilder &b, Location loc, ValueRange idx,
                    ArrayRef<int64_t> shape) {
  Value lin = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  for (auto [i, d] : llvm::enumerate(shape)) {
    lin = arith::MulIOp::create(
        b, loc, lin, arith::ConstantIntOp::create(b, loc, b.getI64Type(), d));
    lin = arith::AddIOp::create(b, loc, lin, castToI64(b, loc, idx[i]));
  }
  return lin;
}

LogicalResult lowerDebugOp(TileLowering &tl, OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  auto f64 = Float64Type::get(ctx);
  auto voidTy = LLVM::LLVMVoidType::get(ctx);

  if (auto assertOp = dyn_cast<tt::AssertOp>(op)) {
    Value cond = assertOp.getCondition();
    ArrayRef<int64_t> shape;
    if (isTensor(cond.getType()))
      shape = asTensor(cond.getType()).getShape();
    std::string msg = describeLocation(loc) + ": Assertion `" +
                      assertOp.getMessage().str() + "` failed";
    TileLowering::emitLoopNest(b, loc, shape, [&](OpBuilder &ib,
                                                  ValueRange idx) {
      Value c = tl.element(ib, cond, idx);
      if (!c.getType().isInteger(1))
        c = arith::CmpIOp::create(
            ib, loc, arith::CmpIPredicate::ne, c,
            arith::ConstantOp::create(ib, loc, ib.getZeroAttr(c.getType())));
      Value bad = arith::XOrIOp::create(
          ib, loc, c, arith::ConstantIntOp::create(ib, loc, ib.getI1Type(), 1));
      auto ifOp = scf::IfOp::create(ib, loc, TypeRange{}, bad, false);
      OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
      tl.emitRuntimeError(tb, loc, msg, linear(tb, loc, idx, shape));
    });
    return success();
  }

  auto print = cast<tt::PrintOp>(op);
  std::string prefix = print.getPrefix().str();
  Value prefixStr = tl.globalString(b, loc, prefix);
  if (print.getArgs().empty()) {
    auto fn = tl.runtimeFunction(
        "tilerun_print_str",
        LLVM::LLVMFunctionType::get(voidTy, {ptr, i32, i32, i32}));
    LLVM::CallOp::create(b, loc, fn,
                         ValueRange{prefixStr, tl.programId(0), tl.programId(1),
                                    tl.programId(2)});
    return success();
  }
  // tilerun_print_{i64,f64}(prefix, px, py, pz, index, operand, value, flags)
  auto intFn = tl.runtimeFunction(
      "tilerun_print_i64",
      LLVM::LLVMFunctionType::get(voidTy,
                                  {ptr, i32, i32, i32, i64, i32, i64, i32}));
  auto fltFn = tl.runtimeFunction(
      "tilerun_print_f64",
      LLVM::LLVMFunctionType::get(voidTy, {ptr, i32, i32, i32, i64, i32, f64}));
  ArrayRef<int32_t> isSigned = print.getIsSigned();
  for (auto [n, arg] : llvm::enumerate(print.getArgs())) {
    ArrayRef<int64_t> shape;
    if (isTensor(arg.getType()))
      shape = asTensor(arg.getType()).getShape();
    bool sign = n < isSigned.size() ? isSigned[n] != 0 : true;
    int32_t flags = (sign ? 1 : 0) | (print.getHex() ? 2 : 0);
    TileLowering::emitLoopNest(
        b, loc, shape, [&, n = n, arg = arg](OpBuilder &ib, ValueRange idx) {
          Value v = tl.element(ib, arg, idx);
          Value lin = linear(ib, loc, idx, shape);
          Value operand = arith::ConstantIntOp::create(ib, loc, i32, n);
          if (isa<FloatType>(v.getType())) {
            if (v.getType() != f64)
              v = arith::ExtFOp::create(ib, loc, f64, v);
            LLVM::CallOp::create(ib, loc, fltFn,
                                 ValueRange{prefixStr, tl.programId(0),
                                            tl.programId(1), tl.programId(2),
                                            lin, operand, v});
            return;
          }
          if (isa<LLVM::LLVMPointerType>(v.getType()))
            v = LLVM::PtrToIntOp::create(ib, loc, i64, v);
          else
            v = castToI64(ib, loc, v, !sign);
          LLVM::CallOp::create(
              ib, loc, intFn,
              ValueRange{prefixStr, tl.programId(0), tl.programId(1),
                         tl.programId(2), lin, operand, v,
                         arith::ConstantIntOp::create(ib, loc, i32, flags)});
        });
  }
  return success();
}

} // namespace loops
} // namespace tilerun
