//===- DebugOps.cpp - tt.print and tt.assert ------------------------------===//
//
// Both call into the runtime (RuntimeSymbols.cpp), which formats output like
// Triton's device print and turns a failed assertion into a launch error
// carrying the message, the program id and the user's source location.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Runtime/Hooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace tilerun {
namespace loops {

LLVM::GlobalOp TileLowering::stringGlobal(Location loc, StringRef text) {
  auto it = strings.find(text);
  if (it != strings.end())
    return it->second;
  OpBuilder gb(module.getBody(), module.getBody()->begin());
  std::string data = text.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(gb.getI8Type(), data.size());
  std::string name = uniqueSymbol("__tilerun_str_");
  auto global = LLVM::GlobalOp::create(gb, loc, type, /*isConstant=*/true,
                                       LLVM::Linkage::Private, name,
                                       gb.getStringAttr(data));
  strings[text] = global;
  return global;
}

Value TileLowering::globalString(OpBuilder &b, Location loc, StringRef text) {
  return LLVM::AddressOfOp::create(b, loc, stringGlobal(loc, text));
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

/// How many times a line that every GPU thread would print appears. CUDA runs
/// a print on each thread of the program, so a scalar operand, which every
/// thread holds, and a print without operands come out once per thread
/// (Triton's test_print expects num_warps x 32 lines). That count is known
/// where the module states it (`ttg.num-warps`: TTGIR, and the TTIR that
/// tilerun's Triton backend compiles); elsewhere, and in a combine or
/// map_elementwise body, which run per element rather than per thread, the
/// line appears once. Tensor elements print once each (on a GPU an element
/// held by several threads prints once per thread, which depends on the
/// layout; Triton's test picks layouts without replication).
static int64_t uniformPrintCopies(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module || !module->hasAttr("ttg.num-warps"))
    return 1;
  if (op->getParentOfType<tt::ReduceOp>() ||
      op->getParentOfType<tt::ScanOp>() ||
      op->getParentOfType<tt::MapElementwiseOp>())
    return 1;
  return std::max<int64_t>(1, executingThreads(op));
}

/// The constant tilerun_print_site_t (Hooks.h) of one operand of a print:
/// {prefix, shape, rank, operand, numOperands, format, bits}.
static Value printSite(TileLowering &tl, OpBuilder &b, Location loc,
                       StringRef prefix, ArrayRef<int64_t> shape,
                       int32_t operand, int32_t numOperands, int32_t format,
                       int32_t bits) {
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  ModuleOp module = tl.module;
  OpBuilder gb(module.getBody(), module.getBody()->begin());
  LLVM::GlobalOp prefixGlobal = tl.stringGlobal(loc, prefix);
  LLVM::GlobalOp shapeGlobal;
  if (!shape.empty()) {
    auto type = LLVM::LLVMArrayType::get(i64, shape.size());
    auto value = DenseElementsAttr::get(
        RankedTensorType::get({int64_t(shape.size())}, i64), shape);
    shapeGlobal = LLVM::GlobalOp::create(
        gb, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
        tl.uniqueSymbol("__tilerun_print_shape_"), value);
  }
  auto siteTy = LLVM::LLVMStructType::getLiteral(
      ctx, {ptr, ptr, i32, i32, i32, i32, i32});
  auto site = LLVM::GlobalOp::create(
      gb, loc, siteTy, /*isConstant=*/true, LLVM::Linkage::Private,
      tl.uniqueSymbol("__tilerun_print_site_"), Attribute());
  OpBuilder ib =
      OpBuilder::atBlockBegin(&site.getInitializerRegion().emplaceBlock());
  Value s = LLVM::UndefOp::create(ib, loc, siteTy);
  Value shapePtr =
      shapeGlobal ? LLVM::AddressOfOp::create(ib, loc, shapeGlobal).getResult()
                  : LLVM::ZeroOp::create(ib, loc, ptr).getResult();
  SmallVector<Value> fields = {LLVM::AddressOfOp::create(ib, loc, prefixGlobal),
                               shapePtr};
  for (int32_t v : {int32_t(shape.size()), operand, numOperands, format, bits})
    fields.push_back(LLVM::ConstantOp::create(ib, loc, i32, v));
  for (auto [i, field] : llvm::enumerate(fields))
    s = LLVM::InsertValueOp::create(ib, loc, s, field, int64_t(i));
  LLVM::ReturnOp::create(ib, loc, s);
  return LLVM::AddressOfOp::create(b, loc, site);
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
    TileLowering::emitLoopNest(
        b, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          Value c = tl.element(ib, cond, idx);
          if (!c.getType().isInteger(1))
            c = arith::CmpIOp::create(
                ib, loc, arith::CmpIPredicate::ne, c,
                arith::ConstantOp::create(ib, loc,
                                          ib.getZeroAttr(c.getType())));
          Value bad = arith::XOrIOp::create(
              ib, loc, c,
              arith::ConstantIntOp::create(ib, loc, ib.getI1Type(), 1));
          auto ifOp = scf::IfOp::create(ib, loc, TypeRange{}, bad, false);
          OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
          tl.emitRuntimeError(tb, loc, msg, linear(tb, loc, idx, shape));
        });
    return success();
  }

  auto print = cast<tt::PrintOp>(op);
  int64_t copies = uniformPrintCopies(op);
  // CUDA's printf for the print without operands: `pid (x, y, z)PREFIX`.
  if (print.getArgs().empty()) {
    Value prefixStr = tl.globalString(b, loc, print.getPrefix());
    auto fn = tl.runtimeFunction(
        "tilerun_print_str",
        LLVM::LLVMFunctionType::get(voidTy, {ptr, i32, i32, i32}));
    TileLowering::emitLoopNest(
        b, loc, copies > 1 ? ArrayRef<int64_t>(copies) : ArrayRef<int64_t>(),
        [&](OpBuilder &ib, ValueRange) {
          LLVM::CallOp::create(ib, loc, fn,
                               ValueRange{prefixStr, tl.programId(0),
                                          tl.programId(1), tl.programId(2)});
        });
    return success();
  }
  // tilerun_print_{int,float}(site, px, py, pz, index, value), one call per
  // element of each operand; the site holds what is known now (Hooks.h).
  auto intFn = tl.runtimeFunction(
      "tilerun_print_int",
      LLVM::LLVMFunctionType::get(voidTy, {ptr, i32, i32, i32, i64, i64}));
  auto fltFn = tl.runtimeFunction(
      "tilerun_print_float",
      LLVM::LLVMFunctionType::get(voidTy, {ptr, i32, i32, i32, i64, f64}));
  ArrayRef<int32_t> isSigned = print.getIsSigned();
  int32_t numOperands = print.getArgs().size();
  for (auto [n, arg] : llvm::enumerate(print.getArgs())) {
    ArrayRef<int64_t> shape;
    if (isTensor(arg.getType()))
      shape = asTensor(arg.getType()).getShape();
    Type elemTy = getElementTypeOrSelf(arg.getType());
    bool isFloat = isa<FloatType>(elemTy);
    int32_t bits = elemTy.isIntOrFloat() ? elemTy.getIntOrFloatBitWidth() : 64;
    bool sign = n < isSigned.size() ? isSigned[n] != 0 : true;
    int32_t format = isa<tt::PointerType>(elemTy) ? TILERUN_PRINT_POINTER
                     : print.getHex()             ? TILERUN_PRINT_HEX
                     : sign                       ? TILERUN_PRINT_SIGNED
                                                  : TILERUN_PRINT_UNSIGNED;
    // A float printed in hex shows its own bits.
    bool viaFloat = isFloat && format != TILERUN_PRINT_HEX;
    Value site = printSite(tl, b, loc, print.getPrefix(), shape, n, numOperands,
                           format, bits);
    SmallVector<int64_t> nest(shape);
    if (shape.empty() && copies > 1)
      nest.push_back(copies);
    TileLowering::emitLoopNest(
        b, loc, nest, [&, n = n, arg = arg](OpBuilder &ib, ValueRange idx) {
          ValueRange elementIdx = shape.empty() ? ValueRange() : idx;
          Value v = tl.element(ib, arg, elementIdx);
          Value lin = linear(ib, loc, elementIdx, shape);
          SmallVector<Value, 6> args = {site, tl.programId(0), tl.programId(1),
                                        tl.programId(2), lin};
          if (viaFloat) {
            if (v.getType() != f64)
              v = arith::ExtFOp::create(ib, loc, f64, v);
            args.push_back(v);
            LLVM::CallOp::create(ib, loc, fltFn, args);
            return;
          }
          if (isa<LLVM::LLVMPointerType>(v.getType())) {
            v = LLVM::PtrToIntOp::create(ib, loc, i64, v);
          } else {
            if (auto ft = dyn_cast<FloatType>(v.getType()))
              v = arith::BitcastOp::create(ib, loc,
                                           ib.getIntegerType(ft.getWidth()), v);
            // Hex shows the element's own bits: zero-extended like unsigned.
            v = castToI64(ib, loc, v, format != TILERUN_PRINT_SIGNED);
          }
          args.push_back(v);
          LLVM::CallOp::create(ib, loc, intFn, args);
        });
  }
  return success();
}

} // namespace loops
} // namespace tilerun
