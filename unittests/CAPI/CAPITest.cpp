//===- CAPITest.cpp - The C API's contract --------------------------------===//
//
// Uses only include/tilerun-c/tilerun.h and libtilerun.so, as an application
// would: compiles, launches, round-trips binaries, and every bad input gets
// a status and a message that names what is wrong.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/tilerun.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define TILERUN_HAS_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILERUN_HAS_LSAN 1
#endif
#endif
#ifdef TILERUN_HAS_LSAN
#include <sanitizer/lsan_interface.h>
#endif

namespace {

// out[i] = x[i] * s + i for i < n, BLOCK = 64 elements per program.
const char *kScaleKernel = R"(
module {
  tt.func public @scale(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %out_ptr: !tt.ptr<f32> loc("out_ptr"), %s: f32 loc("s"), %n: i32 loc("n")) {
    %c64 = arith.constant 64 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %bs = tt.splat %base : i32 -> tensor<64xi32>
    %offs = arith.addi %bs, %r : tensor<64xi32>
    %ns = tt.splat %n : i32 -> tensor<64xi32>
    %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %xa, %m : tensor<64x!tt.ptr<f32>> loc("scale.py":4:8)
    %ss = tt.splat %s : f32 -> tensor<64xf32>
    %y = arith.mulf %x, %ss : tensor<64xf32>
    %fi = arith.sitofp %offs : tensor<64xi32> to tensor<64xf32>
    %z = arith.addf %y, %fi : tensor<64xf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oa, %z, %m : tensor<64x!tt.ptr<f32>> loc("scale.py":5:4)
    tt.return
  }
}
)";

class CAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    tilerun_context_options_t options;
    tilerun_context_options_init(&options);
    options.cache_dir = ""; // no on-disk cache: every compile is real
    ASSERT_EQ(tilerun_context_create(&options, &ctx), TILERUN_OK)
        << tilerun_last_error();
  }
  void TearDown() override { tilerun_context_destroy(ctx); }

  tilerun_kernel_t *compile(const char *ir, int checked = -1) {
    tilerun_compile_options_t options;
    tilerun_compile_options_init(&options);
    options.checked = checked;
    tilerun_kernel_t *k = nullptr;
    EXPECT_EQ(tilerun_kernel_compile(ctx, ir, std::strlen(ir), "scale.ttir",
                                     &options, &k),
              TILERUN_OK)
        << tilerun_last_error();
    return k;
  }

  /// Runs `k` on n elements and checks every output.
  void runScale(tilerun_kernel_t *k, int n) {
    std::vector<float> x(n), out(n, -1);
    for (int i = 0; i < n; ++i)
      x[i] = 0.25f * i;
    tilerun_arg_t args[] = {tilerun_arg_buffer(x.data(), x.size() * 4),
                            tilerun_arg_buffer(out.data(), out.size() * 4),
                            tilerun_arg_f32(3), tilerun_arg_i32(n)};
    ASSERT_EQ(tilerun_kernel_launch(k, (n + 63) / 64, 1, 1, args, 4),
              TILERUN_OK)
        << tilerun_last_error();
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(out[i], x[i] * 3 + i) << "element " << i;
  }

  tilerun_context_t *ctx = nullptr;
};

TEST_F(CAPITest, CompilesDescribesAndLaunches) {
  tilerun_kernel_t *k = compile(kScaleKernel);
  ASSERT_TRUE(k);
  EXPECT_STREQ(tilerun_kernel_name(k), "scale");
  ASSERT_EQ(tilerun_kernel_num_params(k), 4u);
  tilerun_param_info_t info;
  ASSERT_EQ(tilerun_kernel_param(k, 0, &info), TILERUN_OK);
  EXPECT_STREQ(info.name, "x_ptr");
  EXPECT_EQ(info.kind, TILERUN_PARAM_POINTER);
  EXPECT_STREQ(info.type_name, "f32");
  ASSERT_EQ(tilerun_kernel_param(k, 3, &info), TILERUN_OK);
  EXPECT_EQ(info.kind, TILERUN_PARAM_SCALAR);
  EXPECT_EQ(info.type_kind, TILERUN_SCALAR_INT);
  EXPECT_EQ(info.bits, 32u);
  EXPECT_EQ(tilerun_kernel_param(k, 4, &info), TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tilerun_last_error()).find("no parameter 4"),
            std::string::npos);
  runScale(k, 1000);
  tilerun_kernel_destroy(k);
}

TEST_F(CAPITest, LLVMIRAndBinaryRoundTrip) {
  tilerun_kernel_t *k = compile(kScaleKernel);
  ASSERT_TRUE(k);
  char *ir = nullptr;
  size_t irSize = 0;
  ASSERT_EQ(tilerun_kernel_llvm_ir(k, &ir, &irSize), TILERUN_OK)
      << tilerun_last_error();
  std::string text(ir, irSize);
  tilerun_free(ir);
  EXPECT_NE(text.find("define void @scale("), std::string::npos) << text;

  void *bytes = nullptr;
  size_t size = 0;
  ASSERT_EQ(tilerun_kernel_binary(k, &bytes, &size), TILERUN_OK)
      << tilerun_last_error();
  tilerun_kernel_destroy(k);
  tilerun_kernel_t *loaded = nullptr;
  ASSERT_EQ(tilerun_kernel_load(ctx, bytes, size, &loaded), TILERUN_OK)
      << tilerun_last_error();
  EXPECT_STREQ(tilerun_kernel_name(loaded), "scale");
  runScale(loaded, 777);
  // A loaded kernel can be saved again.
  void *again = nullptr;
  size_t againSize = 0;
  ASSERT_EQ(tilerun_kernel_binary(loaded, &again, &againSize), TILERUN_OK);
  EXPECT_EQ(againSize, size);
  tilerun_free(again);
  tilerun_kernel_destroy(loaded);

  // Truncated and foreign bytes are refused.
  ASSERT_EQ(tilerun_kernel_load(ctx, bytes, size - 10, &loaded),
            TILERUN_ERROR_IO);
  EXPECT_NE(std::string(tilerun_last_error()).find("truncated"),
            std::string::npos);
  const char junk[] = "\x7f"
                      "ELF not a tilerun binary";
  EXPECT_EQ(tilerun_kernel_load(ctx, junk, sizeof junk, &loaded),
            TILERUN_ERROR_IO);
  EXPECT_EQ(loaded, nullptr);
  tilerun_free(bytes);
}

TEST_F(CAPITest, MalformedIRNamesLineAndColumn) {
  const char *bad = "module {\n  tt.func public @k() {\n    %x = arith.bogus\n"
                    "    tt.return\n  }\n}\n";
  tilerun_kernel_t *k = nullptr;
  EXPECT_EQ(tilerun_kernel_compile(ctx, bad, std::strlen(bad), "bad.ttir",
                                   nullptr, &k),
            TILERUN_ERROR_COMPILE);
  EXPECT_EQ(k, nullptr);
  EXPECT_NE(std::string(tilerun_last_error()).find("bad.ttir:3:"),
            std::string::npos)
      << tilerun_last_error();
}

TEST_F(CAPITest, UnknownKernelNameListsTheKernels) {
  tilerun_compile_options_t options;
  tilerun_compile_options_init(&options);
  options.kernel_name = "nope";
  tilerun_kernel_t *k = nullptr;
  EXPECT_EQ(tilerun_kernel_compile(ctx, kScaleKernel, std::strlen(kScaleKernel),
                                   nullptr, &options, &k),
            TILERUN_ERROR_NOT_FOUND);
  EXPECT_NE(std::string(tilerun_last_error()).find("available: scale"),
            std::string::npos)
      << tilerun_last_error();
}

TEST_F(CAPITest, MissingFileIsAnIOError) {
  tilerun_kernel_t *k = nullptr;
  EXPECT_EQ(
      tilerun_kernel_compile_file(ctx, "/nonexistent/k.ttir", nullptr, &k),
      TILERUN_ERROR_IO);
  EXPECT_NE(std::string(tilerun_last_error()).find("/nonexistent/k.ttir"),
            std::string::npos);
}

TEST_F(CAPITest, BadLaunchArgumentsNameTheParameter) {
  tilerun_kernel_t *k = compile(kScaleKernel);
  ASSERT_TRUE(k);
  float x[64], out[64];
  auto expectBad = [&](std::vector<tilerun_arg_t> args, tilerun_status_t want,
                       const char *needle) {
    SCOPED_TRACE(needle);
    EXPECT_EQ(tilerun_kernel_launch(k, 1, 1, 1, args.data(), args.size()),
              want);
    EXPECT_NE(std::string(tilerun_last_error()).find(needle), std::string::npos)
        << tilerun_last_error();
  };
  tilerun_arg_t bx = tilerun_arg_buffer(x, sizeof x),
                bo = tilerun_arg_buffer(out, sizeof out);
  expectBad({bx, bo, tilerun_arg_f32(1)}, TILERUN_ERROR_BAD_ARGUMENT,
            "takes 4 arguments (x_ptr, out_ptr, s, n), got 3");
  expectBad(
      {bx, bo, tilerun_arg_f32(1), tilerun_arg_i32(1), tilerun_arg_i32(1)},
      TILERUN_ERROR_BAD_ARGUMENT, "got 5");
  expectBad({tilerun_arg_i32(1), bo, tilerun_arg_f32(1), tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT, "'x_ptr'): the parameter is a buffer");
  expectBad({bx, bo, bx, tilerun_arg_i32(1)}, TILERUN_ERROR_BAD_ARGUMENT,
            "'s'): the parameter is a scalar of type f32");
  // Bits above the parameter's width, other than a sign extension.
  expectBad(
      {bx, bo, tilerun_arg_f32(1), tilerun_arg_i64((int64_t(1) << 32) + 5)},
      TILERUN_ERROR_BAD_ARGUMENT, "'n'): 0x100000005 is out of range for i32");
  expectBad({bx, tilerun_arg_buffer(nullptr, 64), tilerun_arg_f32(1),
             tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT,
            "'out_ptr'): the buffer's address is NULL");
  // C callers may store any int as the kind (the launch fuzzer's first find:
  // reading it through the C++ enum was undefined behaviour).
  tilerun_arg_t oddKind = bo;
  int32_t seven = 7;
  std::memcpy(&oddKind.kind, &seven, sizeof seven);
  expectBad({bx, oddKind, tilerun_arg_f32(1), tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT, "'out_ptr'): unknown argument kind 7");
  // An address in the first page is a size or an index passed for a buffer.
  expectBad({bx, tilerun_arg_buffer(reinterpret_cast<void *>(64), 256),
             tilerun_arg_f32(1), tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT,
            "'out_ptr'): 0x40 is not a valid buffer address (the first 4096 "
            "bytes");
  expectBad({tilerun_arg_buffer(reinterpret_cast<void *>(4095), 256), bo,
             tilerun_arg_f32(1), tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT, "'x_ptr'): 0xFFF is not a valid");
  expectBad(
      {bx, tilerun_arg_buffer(out, 3), tilerun_arg_f32(1), tilerun_arg_i32(1)},
      TILERUN_ERROR_BAD_ARGUMENT, "3 bytes holds no f32 element");
  expectBad({bx, tilerun_arg_tensor_desc(out, 64, TILERUN_PADDING_ZERO),
             tilerun_arg_f32(1), tilerun_arg_i32(1)},
            TILERUN_ERROR_BAD_ARGUMENT, "not a tensor descriptor");
  // Negative i32 values are fine.
  tilerun_arg_t ok[] = {bx, bo, tilerun_arg_f32(1), tilerun_arg_i32(-5)};
  EXPECT_EQ(tilerun_kernel_launch(k, 1, 1, 1, ok, 4), TILERUN_OK)
      << tilerun_last_error();
  EXPECT_EQ(tilerun_kernel_launch(k, 0, 1, 1, ok, 4),
            TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tilerun_last_error()).find("grid extent x = 0"),
            std::string::npos);
  EXPECT_EQ(tilerun_kernel_launch(k, 1, 1u << 31, 1, ok, 4),
            TILERUN_ERROR_INVALID_ARGUMENT);
  tilerun_kernel_destroy(k);
}

TEST_F(CAPITest, CheckedModeReportsTheSourceLine) {
  tilerun_kernel_t *k = compile(kScaleKernel, /*checked=*/1);
  ASSERT_TRUE(k);
  std::vector<float> x(100), out(100);
  // n says 100 elements, but x holds 50: program 1 reads past its end.
  tilerun_arg_t args[] = {tilerun_arg_buffer(x.data(), 50 * 4),
                          tilerun_arg_buffer(out.data(), out.size() * 4),
                          tilerun_arg_f32(1), tilerun_arg_i32(100)};
  EXPECT_EQ(tilerun_kernel_launch(k, 2, 1, 1, args, 4), TILERUN_ERROR_LAUNCH);
  std::string message = tilerun_last_error();
  EXPECT_NE(message.find("scale.py:4:8"), std::string::npos) << message;
  EXPECT_NE(message.find("x_ptr"), std::string::npos) << message;
  tilerun_kernel_destroy(k);
}

TEST_F(CAPITest, ThreadsCompileAndLaunchOnOneContext) {
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) {
        tilerun_kernel_t *k = nullptr;
        if (tilerun_kernel_compile(ctx, kScaleKernel, std::strlen(kScaleKernel),
                                   nullptr, nullptr, &k) != TILERUN_OK) {
          ++failures[t];
          continue;
        }
        int n = 200 + 37 * t + round;
        std::vector<float> x(n, float(t)), out(n);
        tilerun_arg_t args[] = {tilerun_arg_buffer(x.data(), n * 4),
                                tilerun_arg_buffer(out.data(), n * 4),
                                tilerun_arg_f32(2), tilerun_arg_i32(n)};
        if (tilerun_kernel_launch(k, (n + 63) / 64, 1, 1, args, 4) !=
            TILERUN_OK)
          ++failures[t];
        for (int i = 0; i < n; ++i)
          if (out[i] != 2.0f * t + i)
            ++failures[t];
        tilerun_kernel_destroy(k);
      }
    });
  for (std::thread &t : threads)
    t.join();
  for (int t = 0; t < 4; ++t)
    EXPECT_EQ(failures[t], 0) << "thread " << t;
}

TEST_F(CAPITest, CrashInsideMLIRIsAnErrorNotAnAbort) {
  // MLIR 22's linalg.transpose parser crashes on this malformed permutation
  // (test/Fuzz/upstream-crashers): the call returns, the process goes on.
  const char *crasher =
      "func.func @f(%a: tensor<8x64xf32>, %b: tensor<64x8xf32>) -> "
      "tensor<64x8xf32> {\n  %t = linalg.transpose ins(%a : tensor<8x64xf32>) "
      "outs(%b : tensor<64x8xf32>) permutation = [x1, 0]\n  return %t : "
      "tensor<64x8xf32>\n}\n";
  tilerun_kernel_t *k = nullptr;
  // Recovering from the crash abandons the parser's frames, and with them
  // what they allocated (LLVM's CrashRecoveryContext cannot unwind): that
  // memory is lost by design, so LeakSanitizer is not told about it.
#ifdef TILERUN_HAS_LSAN
  __lsan_disable();
#endif
  tilerun_status_t status = tilerun_kernel_compile(
      ctx, crasher, std::strlen(crasher), "crash.mlir", nullptr, &k);
#ifdef TILERUN_HAS_LSAN
  __lsan_enable();
#endif
  EXPECT_NE(status, TILERUN_OK);
  EXPECT_EQ(k, nullptr);
  if (status == TILERUN_ERROR_INTERNAL) {
    EXPECT_NE(std::string(tilerun_last_error())
                  .find("fatal error inside LLVM "
                        "or MLIR"),
              std::string::npos);
  }
  // The context still works.
  tilerun_kernel_t *ok = compile(kScaleKernel);
  ASSERT_TRUE(ok);
  runScale(ok, 100);
  tilerun_kernel_destroy(ok);
}

// Stores 0..63 as f32 into copy 0 of a 2-copy ring, then reads the ring's
// first 64 elements as i32 through a reinterpret to a smaller descriptor:
// Triton 3.6 runs it; later Triton rejects it (4096 vs 2048 bits).
const char *kFirstCopyKernel = R"(
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @first_copy(%out_ptr: !tt.ptr<i32> loc("out_ptr")) {
    %c0 = arith.constant 0 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %v = arith.sitofp %r : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x64xf32, #shared, #smem, mutable>
    %first = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    ttg.local_store %v, %first : tensor<64xf32, #blocked> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %view = ttg.memdesc_reinterpret %ring : !ttg.memdesc<2x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xi32, #shared, #smem, mutable> loc("ring.py":7:11)
    %bits = ttg.local_load %view : !ttg.memdesc<64xi32, #shared, #smem, mutable> -> tensor<64xi32, #blocked>
    %p = tt.splat %out_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %a = tt.addptr %p, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %a, %bits : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
)";

/// Compiles kFirstCopyKernel on `ctx` with `memdescWarnings`, runs it and
/// checks that it read the bits of 0.0f ... 63.0f.
tilerun_kernel_t *compileAndRunFirstCopy(tilerun_context_t *ctx,
                                         int32_t memdescWarnings) {
  tilerun_compile_options_t options;
  tilerun_compile_options_init(&options);
  options.memdesc_warnings = memdescWarnings;
  tilerun_kernel_t *k = nullptr;
  EXPECT_EQ(tilerun_kernel_compile(ctx, kFirstCopyKernel,
                                   std::strlen(kFirstCopyKernel), "ring.ttgir",
                                   &options, &k),
            TILERUN_OK)
      << tilerun_last_error();
  if (!k)
    return nullptr;
  std::vector<int32_t> out(64, -7);
  tilerun_arg_t args[] = {tilerun_arg_buffer(out.data(), out.size() * 4)};
  EXPECT_EQ(tilerun_kernel_launch(k, 1, 1, 1, args, 1), TILERUN_OK)
      << tilerun_last_error();
  for (int i = 0; i < 64; ++i) {
    float f = float(i);
    int32_t bits;
    std::memcpy(&bits, &f, 4);
    EXPECT_EQ(out[i], bits) << "element " << i;
  }
  return k;
}

TEST_F(CAPITest, ReinterpretToASmallerDescriptorRunsWithOneWarning) {
  tilerun_kernel_t *k = compileAndRunFirstCopy(ctx, 1);
  ASSERT_TRUE(k);
  ASSERT_EQ(tilerun_kernel_num_warnings(k), 1u);
  std::string w = tilerun_kernel_warning(k, 0);
  EXPECT_EQ(w.find("ring.py:7:11: warning: 'ttg.memdesc_reinterpret' op "
                   "accepted for Triton 3.6; rejected by later Triton "
                   "(triton-lang/triton#10243): source and result must have "
                   "the same logical storage size (4096 vs 2048 bits)"),
            0u)
      << w;
  EXPECT_EQ(tilerun_kernel_warning(k, 1), nullptr);
  tilerun_kernel_destroy(k);

  // memdesc_warnings = 0 silences it; the kernel is the same.
  k = compileAndRunFirstCopy(ctx, 0);
  ASSERT_TRUE(k);
  EXPECT_EQ(tilerun_kernel_num_warnings(k), 0u);
  EXPECT_EQ(tilerun_kernel_warning(k, 0), nullptr);
  tilerun_kernel_destroy(k);

  tilerun_compile_options_t bad;
  tilerun_compile_options_init(&bad);
  EXPECT_EQ(bad.memdesc_warnings, 1);
  bad.memdesc_warnings = 2;
  EXPECT_EQ(tilerun_kernel_compile(ctx, kFirstCopyKernel,
                                   std::strlen(kFirstCopyKernel), nullptr, &bad,
                                   &k),
            TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tilerun_last_error())
                .find("memdesc_warnings must be 0 or 1, not 2"),
            std::string::npos)
      << tilerun_last_error();

  tilerun_compile_options_init(&bad);
  EXPECT_EQ(bad.amx, 1);
  bad.amx = -1;
  EXPECT_EQ(tilerun_kernel_compile(ctx, kFirstCopyKernel,
                                   std::strlen(kFirstCopyKernel), nullptr, &bad,
                                   &k),
            TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(
      std::string(tilerun_last_error()).find("amx must be 0 or 1, not -1"),
      std::string::npos)
      << tilerun_last_error();

  // A kernel without such an op has none.
  k = compile(kScaleKernel);
  ASSERT_TRUE(k);
  EXPECT_EQ(tilerun_kernel_num_warnings(k), 0u);
  tilerun_kernel_destroy(k);
  EXPECT_EQ(tilerun_kernel_num_warnings(nullptr), 0u);
  EXPECT_EQ(tilerun_kernel_warning(nullptr, 0), nullptr);
}

TEST(CAPICompileCache, AHitWarnsAsTheFirstCompileDid) {
  char dir[] = "/tmp/tilerun-capi-warn-XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  tilerun_context_options_t options;
  tilerun_context_options_init(&options);
  options.cache_dir = dir;
  tilerun_context_t *ctx = nullptr;
  ASSERT_EQ(tilerun_context_create(&options, &ctx), TILERUN_OK);
  // The cache's one entry and its inode (pruning's timestamp file aside): a
  // fresh compile stores a new file and renames it over the entry, a hit
  // reads it.
  auto entry = [&]() {
    std::vector<std::pair<std::string, ino_t>> files;
    for (const auto &e : std::filesystem::recursive_directory_iterator(dir))
      if (e.is_regular_file() &&
          e.path().filename().string().rfind("llvmcache-", 0) == 0) {
        struct stat st;
        EXPECT_EQ(stat(e.path().c_str(), &st), 0);
        files.push_back({e.path().string(), st.st_ino});
      }
    EXPECT_EQ(files.size(), 1u);
    return files.empty() ? std::pair<std::string, ino_t>() : files.front();
  };
  tilerun_kernel_t *k = compileAndRunFirstCopy(ctx, 1);
  ASSERT_TRUE(k);
  EXPECT_EQ(tilerun_kernel_num_warnings(k), 1u);
  tilerun_kernel_destroy(k);
  auto stored = entry();
  k = compileAndRunFirstCopy(ctx, 1);
  ASSERT_TRUE(k);
  EXPECT_EQ(entry(), stored) << "the second compile was not a cache hit";
  EXPECT_EQ(tilerun_kernel_num_warnings(k), 1u);
  tilerun_kernel_destroy(k);
  // A kernel loaded from its binary has no IR and no warnings.
  k = compileAndRunFirstCopy(ctx, 1);
  ASSERT_TRUE(k);
  void *bytes = nullptr;
  size_t size = 0;
  ASSERT_EQ(tilerun_kernel_binary(k, &bytes, &size), TILERUN_OK);
  tilerun_kernel_destroy(k);
  ASSERT_EQ(tilerun_kernel_load(ctx, bytes, size, &k), TILERUN_OK);
  EXPECT_EQ(tilerun_kernel_num_warnings(k), 0u);
  tilerun_kernel_destroy(k);
  tilerun_free(bytes);
  tilerun_context_destroy(ctx);
  std::filesystem::remove_all(dir);
}

TEST(CAPINullArguments, AreRefusedNotDereferenced) {
  EXPECT_EQ(tilerun_context_create(nullptr, nullptr),
            TILERUN_ERROR_INVALID_ARGUMENT);
  tilerun_kernel_t *k = nullptr;
  EXPECT_EQ(tilerun_kernel_compile(nullptr, "x", 1, nullptr, nullptr, &k),
            TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(tilerun_kernel_launch(nullptr, 1, 1, 1, nullptr, 0),
            TILERUN_ERROR_INVALID_ARGUMENT);
  tilerun_context_options_t bad;
  tilerun_context_options_init(&bad);
  bad.checked = 7;
  tilerun_context_t *ctx = nullptr;
  EXPECT_EQ(tilerun_context_create(&bad, &ctx), TILERUN_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tilerun_last_error()).find("checked must be 0 or 1"),
            std::string::npos);
  tilerun_context_destroy(nullptr);
  tilerun_kernel_destroy(nullptr);
  tilerun_free(nullptr);
  EXPECT_STREQ(tilerun_version(), "0.4.0");
  // The triple, a space, the host CPU's name: what binaries are checked
  // against when they load.
  std::string target = tilerun_host_target();
  EXPECT_NE(target.find(' '), std::string::npos);
  EXPECT_GT(target.size(), target.find(' ') + 1);
}

} // namespace
