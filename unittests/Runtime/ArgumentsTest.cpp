//===- ArgumentsTest.cpp - Grid, scalar and argument binding --------------===//
#include "tilerun/Runtime/Arguments.h"
#include "tilerun/Runtime/Npy.h"

#include "tilerun/InitAllDialects.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace tilerun;
using namespace llvm;

namespace {

template <typename T> std::string errorOf(Expected<T> v) {
  return v ? std::string("<success>") : toString(v.takeError());
}

TEST(Grid, Parse) {
  auto g = parseGrid("4,2");
  ASSERT_TRUE(bool(g));
  EXPECT_EQ(g->x, 4u);
  EXPECT_EQ(g->y, 2u);
  EXPECT_EQ(g->z, 1u);
  EXPECT_EQ(parseGrid("7")->numPrograms(), 7u);
  for (const char *bad :
       {"", "0", "1,0", "a", "1,2,3,4", "1,,2", "-1", "1.5", "99999999999"})
    EXPECT_FALSE(bool(parseGrid(bad))) << bad,
        consumeError(parseGrid(bad).takeError());
  EXPECT_NE(errorOf(parseGrid("2,0")).find("zero"), std::string::npos);
}

ScalarType intType(unsigned bits, bool isUnsigned = false) {
  ScalarType t;
  t.kind = ScalarType::Int;
  t.bits = bits;
  t.isUnsigned = isUnsigned;
  t.name = (isUnsigned ? "ui" : "i") + std::to_string(bits);
  return t;
}
ScalarType floatType(const fltSemantics &sem, unsigned bits, StringRef name) {
  ScalarType t;
  t.kind = ScalarType::Float;
  t.bits = bits;
  t.semantics = &sem;
  t.name = name.str();
  return t;
}

TEST(Scalar, Integers) {
  EXPECT_EQ(*parseScalar("42", intType(32)), 42u);
  EXPECT_EQ(*parseScalar("-1", intType(32)), 0xffffffffu);
  EXPECT_EQ(*parseScalar("0x10", intType(16)), 16u);
  EXPECT_EQ(*parseScalar("127", intType(8)), 127u);
  EXPECT_EQ(*parseScalar("-128", intType(8)), 0x80u);
  EXPECT_EQ(*parseScalar("-9223372036854775808", intType(64)), 1ull << 63);
  EXPECT_EQ(*parseScalar("255", intType(8, true)), 255u);
  EXPECT_EQ(*parseScalar("true", intType(1)), 1u);
  EXPECT_EQ(*parseScalar("0", intType(1)), 0u);
  EXPECT_NE(errorOf(parseScalar("128", intType(8))).find("out of range"),
            std::string::npos);
  EXPECT_NE(
      errorOf(parseScalar("2147483648", intType(32))).find("out of range"),
      std::string::npos);
  EXPECT_NE(errorOf(parseScalar("-1", intType(8, true))).find("out of range"),
            std::string::npos);
  for (const char *bad : {"", "1.5", "12abc", "x", "--1"})
    EXPECT_NE(errorOf(parseScalar(bad, intType(32))).find("not a valid"),
              std::string::npos)
        << bad;
  EXPECT_FALSE(bool(parseScalar("2", intType(1))));
  consumeError(parseScalar("2", intType(1)).takeError());
}

TEST(Scalar, Floats) {
  ScalarType f32 = floatType(APFloat::IEEEsingle(), 32, "f32");
  ScalarType f64 = floatType(APFloat::IEEEdouble(), 64, "f64");
  ScalarType f16 = floatType(APFloat::IEEEhalf(), 16, "f16");
  ScalarType bf16 = floatType(APFloat::BFloat(), 16, "bf16");
  auto f32bits = [](float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return uint64_t(u);
  };
  EXPECT_EQ(*parseScalar("1.5", f32), f32bits(1.5f));
  EXPECT_EQ(*parseScalar("-2e-3", f32), f32bits(-2e-3f));
  EXPECT_EQ(*parseScalar("inf", f32), f32bits(INFINITY));
  EXPECT_EQ(*parseScalar("-inf", f32), f32bits(-INFINITY));
  EXPECT_EQ(*parseScalar("1", f64), 0x3ff0000000000000u);
  EXPECT_EQ(*parseScalar("1", f16), 0x3c00u);
  EXPECT_EQ(*parseScalar("1", bf16), 0x3f80u);
  auto nan = parseScalar("nan", f32);
  ASSERT_TRUE(bool(nan));
  EXPECT_TRUE(std::isnan([&] {
    float f;
    uint32_t u = *nan;
    memcpy(&f, &u, 4);
    return f;
  }()));
  EXPECT_NE(errorOf(parseScalar("1e400", f32)).find("out of range"),
            std::string::npos);
  for (const char *bad : {"", "abc", "1.0x", "1,5"})
    EXPECT_NE(errorOf(parseScalar(bad, f32)).find("not a valid"),
              std::string::npos)
        << bad;
}

TEST(BufferSpec, Create) {
  EXPECT_FALSE(createBufferFromSpec("42", 0).has_value());
  EXPECT_FALSE(createBufferFromSpec("@x.npy", 0).has_value());
  auto z = createBufferFromSpec("zeros:int32:3x4", 0);
  ASSERT_TRUE(z && bool(*z));
  EXPECT_EQ((*z)->dtype(), DType::I32);
  EXPECT_EQ((*z)->numElements(), 12);
  auto r1 = createBufferFromSpec("randn:float32:100", 5);
  auto r2 = createBufferFromSpec("randn:float32:100", 5);
  ASSERT_TRUE(bool(*r1) && bool(*r2));
  EXPECT_EQ(0, memcmp((*r1)->data(), (*r2)->data(), 400));
  double sum = 0;
  for (int i = 0; i < 100; ++i)
    sum += (*r1)->dataAs<float>()[i];
  EXPECT_LT(std::abs(sum / 100), 0.5);
  auto bf = createBufferFromSpec("randn:bfloat16:8", 1);
  ASSERT_TRUE(bool(*bf));
  EXPECT_EQ((*bf)->dtype(), DType::U16);
  EXPECT_NE(errorOf(std::move(*createBufferFromSpec("zeros:float7:3", 0)))
                .find("unknown dtype"),
            std::string::npos);
  EXPECT_NE(errorOf(std::move(*createBufferFromSpec("zeros:float32:3xa", 0)))
                .find("malformed shape"),
            std::string::npos);
}

// Small buffers are cache-line aligned; buffers of 4 MiB and more start on a
// 2 MiB boundary so that they can sit on transparent huge pages, and are still
// zero-filled over their whole extent.
TEST(Buffer, Alignment) {
  auto small = Buffer::allocate(DType::F32, {3});
  ASSERT_TRUE(bool(small));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small->data()) % 64, 0u);
  auto large = Buffer::allocate(DType::F32, {1025, 1024});
  ASSERT_TRUE(bool(large));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(large->data()) % (2u << 20), 0u);
  const float *f = large->dataAs<float>();
  EXPECT_EQ(f[0], 0.0f);
  EXPECT_EQ(f[1025 * 1024 - 1], 0.0f);
}

TEST(DTypeMatch, Rules) {
  ScalarType f32 = floatType(APFloat::IEEEsingle(), 32, "f32");
  ScalarType bf16 = floatType(APFloat::BFloat(), 16, "bf16");
  EXPECT_TRUE(isCompatible(DType::F32, f32));
  EXPECT_FALSE(isCompatible(DType::I32, f32));
  EXPECT_FALSE(isCompatible(DType::F64, f32));
  EXPECT_TRUE(isCompatible(DType::U32, intType(32)));
  EXPECT_TRUE(isCompatible(DType::I32, intType(32)));
  EXPECT_FALSE(isCompatible(DType::I64, intType(32)));
  EXPECT_FALSE(isCompatible(DType::F32, intType(32)));
  EXPECT_TRUE(isCompatible(DType::U16, bf16));
  EXPECT_TRUE(isCompatible(DType::I16, bf16));
  EXPECT_FALSE(isCompatible(DType::F16, bf16));
  EXPECT_TRUE(isCompatible(DType::Bool, intType(1)));
  EXPECT_TRUE(isCompatible(DType::U8, intType(1)));
  EXPECT_FALSE(isCompatible(DType::Bool, intType(8)));
}

class Binding : public ::testing::Test {
protected:
  void SetUp() override {
    mlir::DialectRegistry registry;
    tilerun::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  KernelSignature signatureOf(StringRef ir, StringRef name = "") {
    module = mlir::parseSourceString<mlir::ModuleOp>(ir, &ctx);
    EXPECT_TRUE(bool(module));
    auto fn = selectKernel(*module, name);
    EXPECT_TRUE(bool(fn));
    auto sig = extractSignature(*fn);
    EXPECT_TRUE(bool(sig));
    return *sig;
  }
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

const char *kTT = R"(
tt.func public @add(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<bf16> loc("y_ptr"), %n: i32 loc("n")) {
  tt.return
}
)";

TEST_F(Binding, TritonSignature) {
  KernelSignature sig = signatureOf(kTT);
  ASSERT_EQ(sig.params.size(), 3u);
  EXPECT_FALSE(sig.hasGridParams);
  EXPECT_EQ(sig.params[0].name, "x_ptr");
  EXPECT_EQ(sig.params[0].kind, KernelParam::Pointer);
  EXPECT_EQ(sig.params[1].type.name, "bf16");
  EXPECT_EQ(sig.params[2].kind, KernelParam::Scalar);
  EXPECT_EQ(sig.lookup("2"), &sig.params[2]);
  EXPECT_EQ(sig.lookup("n"), &sig.params[2]);
  EXPECT_EQ(sig.lookup("3"), nullptr);
}

TEST_F(Binding, Errors) {
  KernelSignature sig = signatureOf(kTT);
  auto bind = [&](std::vector<std::string> opts) {
    return errorOf(bindArguments(sig, opts));
  };
  EXPECT_EQ(bind({"x_ptr=zeros:float32:8", "y_ptr=zeros:uint16:8", "n=8"}),
            "<success>");
  EXPECT_EQ(bind({"0=zeros:float32:8", "1=zeros:int16:8", "2=8"}), "<success>");
  EXPECT_NE(
      bind({"x_ptr=zeros:float32:8", "n=8"}).find("missing argument(s) y_ptr"),
      std::string::npos);
  EXPECT_NE(
      bind({"x_ptr=zeros:float32:8", "y_ptr=zeros:uint16:8", "n=8", "m=1"})
          .find("unknown argument 'm'"),
      std::string::npos);
  EXPECT_NE(bind({"x_ptr=zeros:float32:8", "0=zeros:float32:8"})
                .find("duplicate argument 'x_ptr'"),
            std::string::npos);
  EXPECT_NE(
      bind({"x_ptr=zeros:float64:8"}).find("argument 'x_ptr': float64 data"),
      std::string::npos);
  EXPECT_NE(bind({"y_ptr=zeros:float16:8"}).find("argument 'y_ptr'"),
            std::string::npos);
  EXPECT_NE(bind({"x_ptr=3"}).find("argument 'x_ptr': pointer parameter"),
            std::string::npos);
  EXPECT_NE(bind({"n=zeros:int32:1"}).find("argument 'n': scalar"),
            std::string::npos);
  EXPECT_NE(bind({"n=abc"}).find("argument 'n': 'abc' is not a valid i32"),
            std::string::npos);
  EXPECT_NE(bind({"n"}).find("malformed --arg 'n'"), std::string::npos);
  EXPECT_NE(bind({"x_ptr=@/nonexistent.npy"}).find("/nonexistent.npy"),
            std::string::npos);

  EXPECT_NE(errorOf(resolveSaves(sig, {"n=out.npy"})).find("scalar"),
            std::string::npos);
  EXPECT_NE(
      errorOf(resolveSaves(sig, {"q=out.npy"})).find("unknown argument 'q'"),
      std::string::npos);
  EXPECT_NE(
      errorOf(resolveSaves(sig, {"x_ptr=a.npy", "0=b.npy"})).find("duplicate"),
      std::string::npos);
  auto ok = resolveSaves(sig, {"x_ptr=a.npy", "y_ptr=b.npy"});
  ASSERT_TRUE(bool(ok));
  EXPECT_EQ((*ok)[1].param, 1u);
}

TEST_F(Binding, ReadsNpyArgument) {
  KernelSignature sig = signatureOf(kTT);
  SmallString<128> path;
  sys::fs::createTemporaryFile("x", "npy", path);
  auto b = Buffer::allocate(DType::F32, {4});
  b->dataAs<float>()[3] = 2.5f;
  ASSERT_FALSE(bool(writeNpy(path, *b)));
  auto bound = bindArguments(
      sig, {"x_ptr=@" + path.str().str(), "y_ptr=empty:bfloat16:4", "n=4"});
  ASSERT_TRUE(bool(bound)) << toString(bound.takeError());
  EXPECT_EQ(static_cast<float *>(bound->args[0].data)[3], 2.5f);
  EXPECT_EQ(bound->args[0].numElements, 4);
  EXPECT_EQ(bound->args[2].scalarBits, 4u);
  sys::fs::remove(path);
}

TEST_F(Binding, KernelSelection) {
  const char *two = R"(
func.func @a(%x: i32) { return }
func.func @b(%x: i32) { return }
func.func private @helper(%x: i32) { return }
)";
  module = mlir::parseSourceString<mlir::ModuleOp>(two, &ctx);
  ASSERT_TRUE(bool(module));
  EXPECT_EQ(errorOf(selectKernel(*module, "")),
            "the module has 2 kernels; name the one to use: a, b");
  EXPECT_EQ(errorOf(selectKernel(*module, "helper")),
            "no kernel named 'helper'; available: a, b");
  EXPECT_TRUE(bool(selectKernel(*module, "b")));
}

TEST_F(Binding, TritonSharedSignature) {
  KernelSignature sig = signatureOf(R"(
func.func @k(%a: memref<*xf32>, %b: memref<?xi32>, %c: memref<4x2xf16>, %s: f32,
             %n0: i32, %n1: i32, %n2: i32, %p0: i32, %p1: i32, %p2: i32) { return }
)");
  EXPECT_TRUE(sig.hasGridParams);
  ASSERT_EQ(sig.params.size(), 4u);
  EXPECT_TRUE(sig.params[0].unranked);
  EXPECT_EQ(sig.params[1].kind, KernelParam::Memref);
  EXPECT_EQ(sig.params[2].shape.size(), 2u);
  EXPECT_NE(errorOf(bindArguments(sig, {"0=zeros:float32:3", "1=zeros:int32:3",
                                        "2=zeros:float16:7", "3=1"}))
                .find("does not fit"),
            std::string::npos);
}

} // namespace
