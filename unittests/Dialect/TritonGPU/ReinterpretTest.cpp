//===- ReinterpretTest.cpp - createMemDescReinterpret ---------------------===//
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
class ReinterpretTest : public ::testing::Test {
protected:
  ReinterpretTest() : b(&ctx) {
    ctx.loadDialect<TritonGPUDialect, func::FuncDialect>();
    loc = b.getUnknownLoc();
    module = ModuleOp::create(loc);
    smem = SharedMemorySpaceAttr::get(&ctx);
    order0 = SwizzledSharedEncodingAttr::get(&ctx, 1, 1, 1, {0}, {});
    order10 = SwizzledSharedEncodingAttr::get(&ctx, 1, 1, 1, {1, 0}, {});
  }

  /// A function taking one descriptor of type `ty`; the builder is placed in
  /// its body and the argument returned.
  Value makeArg(MemDescType ty) {
    b.setInsertionPointToEnd(module->getBody());
    auto fn = func::FuncOp::create(b, loc, "f", b.getFunctionType({ty}, {}));
    Block *body = fn.addEntryBlock();
    b.setInsertionPointToStart(body);
    func::ReturnOp::create(b, loc);
    b.setInsertionPointToStart(body);
    return body->getArgument(0);
  }

  MLIRContext ctx;
  OpBuilder b;
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module;
  Attribute smem, order0, order10;
};

TEST_F(ReinterpretTest, KeepsEverythingLeftOut) {
  auto ty = MemDescType::get({32, 2}, b.getI32Type(), order0, smem, true);
  Value src = makeArg(ty);
  auto op = createMemDescReinterpret(b, loc, src);
  EXPECT_EQ(op.getType(), ty);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(ReinterpretTest, LayoutOnlyIsTheSeedRepro) {
  // 32 copies of a 2-element rank-1 tile, seen as one 32x2 tile.
  auto ty = MemDescType::get({32, 2}, b.getI32Type(), order0, smem, true);
  Value src = makeArg(ty);
  auto op = createMemDescReinterpret(b, loc, src, std::nullopt, std::nullopt,
                                     order10);
  MemDescType res = op.getType();
  EXPECT_EQ(res.getShape(), ArrayRef<int64_t>({32, 2}));
  EXPECT_EQ(res.getElementType(), b.getI32Type());
  EXPECT_EQ(res.getEncoding(), order10);
  EXPECT_TRUE(res.getMutableMemory());
  EXPECT_EQ(getStorageBits(ty), getStorageBits(res));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(ReinterpretTest, DtypeAndShape) {
  auto ty = MemDescType::get({4, 128}, b.getF32Type(), order0, smem, true);
  Value src = makeArg(ty);
  SmallVector<int64_t> shape = {512};
  auto op = createMemDescReinterpret(b, loc, src, b.getI32Type(),
                                     ArrayRef<int64_t>(shape));
  MemDescType res = op.getType();
  EXPECT_EQ(res.getShape(), ArrayRef<int64_t>({512}));
  EXPECT_EQ(res.getAllocShape(), ArrayRef<int64_t>({512}));
  EXPECT_EQ(res.getElementType(), b.getI32Type());
  EXPECT_EQ(res.getEncoding(), order0);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(ReinterpretTest, LargerResultFailsVerification) {
  // A result may view less memory than its source, never more.
  auto ty = MemDescType::get({128}, b.getF16Type(), order0, smem, true);
  Value src = makeArg(ty);
  createMemDescReinterpret(b, loc, src, b.getF32Type());
  std::string msg;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    msg = d.str();
    return success();
  });
  EXPECT_TRUE(failed(verify(*module)));
  EXPECT_EQ(msg, "result logical storage size must not exceed source "
                 "(2048 vs 4096)");
}
} // namespace
