//===- CheckedLaunchTest.cpp - Checked mode through the API, concurrently -===//
//
// One kernel compiled with CompileOptions::checked, launched from several
// threads at once: launches with correct buffers must succeed with correct
// results while launches with a short buffer fail, each with its own report
// (the bound buffers and the first error are per launch).
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Buffer.h"
#include "tilerun/Runtime/Kernel.h"

#include "tilerun/InitAllDialects.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <atomic>
#include <thread>

using namespace tilerun;
using namespace llvm;

namespace {

// dst[i] = src[i] for 64 elements per program, unmasked.
const char *kCopyKernel = R"(
module {
  tt.func public @copy(%src: !tt.ptr<f32> loc("src"), %dst: !tt.ptr<f32> loc("dst")) {
    %c64 = arith.constant 64 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %s = tt.splat %start : i32 -> tensor<64xi32>
    %o = arith.addi %s, %r : tensor<64xi32>
    %sp = tt.splat %src : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %sa = tt.addptr %sp, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %sa : tensor<64x!tt.ptr<f32>> loc("copy.py":3:8)
    %dp = tt.splat %dst : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %da = tt.addptr %dp, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %da, %v : tensor<64x!tt.ptr<f32>> loc("copy.py":4:4)
    tt.return
  }
}
)";

TEST(CheckedLaunch, ConcurrentGoodAndBadLaunches) {
  mlir::DialectRegistry registry;
  tilerun::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kCopyKernel, &ctx);
  ASSERT_TRUE(bool(module));
  CompileOptions options;
  options.checked = true;
  auto kernel = Kernel::compile(*module, "copy", options);
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());

  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      bool good = t % 2 == 0;
      auto src = Buffer::allocate(DType::F32, {good ? 1024 : 1000});
      auto dst = Buffer::allocate(DType::F32, {1024});
      for (int iter = 0; iter < 10; ++iter) {
        float *s = src->dataAs<float>();
        for (int64_t i = 0; i < src->numElements(); ++i)
          s[i] = float(t * 10000 + iter * 1000 + i);
        KernelArg args[] = {KernelArg::buffer(*src), KernelArg::buffer(*dst)};
        Error e = (*kernel)->launch(Grid{16, 1, 1}, args, {3});
        if (good) {
          if (e) {
            ++failures;
            consumeError(std::move(e));
            continue;
          }
          for (int i = 0; i < 1024; ++i)
            if (dst->dataAs<float>()[i] != s[i]) {
              ++failures;
              break;
            }
          continue;
        }
        std::string msg = e ? toString(std::move(e)) : "";
        if (msg.find("program (15, 0, 0): out-of-bounds tt.load at "
                     "copy.py:3:8: tile element 40") == std::string::npos ||
            msg.find("buffer 'src' (1000 x f32") == std::string::npos) {
          ++failures;
          ADD_FAILURE() << "unexpected: " << msg;
        }
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures, 0);
}

} // namespace
