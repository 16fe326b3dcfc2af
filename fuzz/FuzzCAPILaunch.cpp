//===- FuzzCAPILaunch.cpp - libFuzzer target: the C API's launch binding --===//
//
// Launches a fixed set of small real kernels through tilerun_kernel_launch
// with arguments from the input: argument counts, kinds (valid and not),
// buffer addresses (real, NULL, in the first page), byte extents (empty,
// short, exact, far too large), scalar bits in and out of their type's
// range, descriptor shapes, strides and paddings, grid extents (0, 2^31,
// products past 2^63) and worker counts.
//
// Each launch is held to what include/tilerun-c/tilerun.h documents,
// computed here from the arguments alone: a bad grid is
// TILERUN_ERROR_INVALID_ARGUMENT, a bad argument TILERUN_ERROR_BAD_ARGUMENT,
// an access past a buffer's stated extent by a checked kernel
// TILERUN_ERROR_LAUNCH, and a launch that runs leaves exactly the results
// the kernel computes. Buffers end at an unmapped page, so a read or write
// past the memory given faults even in JIT code, which no sanitizer sees.
// Extents larger than the memory given (which the library cannot detect)
// are only passed to kernels whose accesses the other arguments bound.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/tilerun.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

[[noreturn]] void bug(const std::string &what) {
  std::fprintf(stderr, "tilerun-fuzz-capi-launch: %s\n", what.c_str());
  std::abort();
}

// out[i] = x[i] * s + i for i < n, 64 elements per program (checked).
const char *kScale = R"(
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
    %x = tt.load %xa, %m : tensor<64x!tt.ptr<f32>>
    %ss = tt.splat %s : f32 -> tensor<64xf32>
    %y = arith.mulf %x, %ss : tensor<64xf32>
    %fi = arith.sitofp %offs : tensor<64xi32> to tensor<64xf32>
    %z = arith.addf %y, %fi : tensor<64xf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oa, %z, %m : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
)";

// out[0..7] = the bits of each scalar as it reached the kernel (checked).
const char *kScalars = R"(
module {
  tt.func public @scalars(%out: !tt.ptr<i64> loc("out"), %a: i1 loc("a"), %b: i8 loc("b"), %c: i16 loc("c"), %d: i64 loc("d"), %e: f16 loc("e"), %f: bf16 loc("f"), %g: f64 loc("g"), %h: f32 loc("h"), %u: ui16 loc("u")) {
    %v0 = arith.extui %a : i1 to i64
    %v1 = arith.extsi %b : i8 to i64
    %v2 = arith.extsi %c : i16 to i64
    %e16 = arith.bitcast %e : f16 to i16
    %v4 = arith.extui %e16 : i16 to i64
    %f16 = arith.bitcast %f : bf16 to i16
    %v5 = arith.extui %f16 : i16 to i64
    %v6 = arith.bitcast %g : f64 to i64
    %h32 = arith.bitcast %h : f32 to i32
    %v7 = arith.extui %h32 : i32 to i64
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %c6 = arith.constant 6 : i32
    %c7 = arith.constant 7 : i32
    %p1 = tt.addptr %out, %c1 : !tt.ptr<i64>, i32
    %p2 = tt.addptr %out, %c2 : !tt.ptr<i64>, i32
    %p3 = tt.addptr %out, %c3 : !tt.ptr<i64>, i32
    %p4 = tt.addptr %out, %c4 : !tt.ptr<i64>, i32
    %p5 = tt.addptr %out, %c5 : !tt.ptr<i64>, i32
    %p6 = tt.addptr %out, %c6 : !tt.ptr<i64>, i32
    %p7 = tt.addptr %out, %c7 : !tt.ptr<i64>, i32
    tt.store %out, %v0 : !tt.ptr<i64>
    tt.store %p1, %v1 : !tt.ptr<i64>
    tt.store %p2, %v2 : !tt.ptr<i64>
    tt.store %p3, %d : !tt.ptr<i64>
    tt.store %p4, %v4 : !tt.ptr<i64>
    tt.store %p5, %v5 : !tt.ptr<i64>
    tt.store %p6, %v6 : !tt.ptr<i64>
    tt.store %p7, %v7 : !tt.ptr<i64>
    tt.return
  }
}
)";

// triton-shared's memref parameters: m[3, 2] = 9 and m[0, 0] = d's rows;
// d[rows - 1, 2] = 7. A static shape takes exactly its elements, a dynamic
// one any multiple of the static extents.
const char *kMemrefs = R"(
func.func @memrefs(%m: memref<4x3xi32>, %d: memref<?x3xi32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9 : i32
  %seven = arith.constant 7 : i32
  memref.store %nine, %m[%c3, %c2] : memref<4x3xi32>
  %rows = memref.dim %d, %c0 : memref<?x3xi32>
  %r = arith.index_cast %rows : index to i32
  memref.store %r, %m[%c0, %c0] : memref<4x3xi32>
  %last = arith.subi %rows, %c1 : index
  memref.store %seven, %d[%last, %c2] : memref<?x3xi32>
  return
}
)";

// Every element of an unranked memref is v.
const char *kFill = R"(
func.func @fill(%u: memref<*xf32>, %v: f32, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %r = memref.cast %u : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %r, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %r[%i] : memref<?xf32>
  }
  return
}
)";

// out[i * 8 + j] = the descriptor's element (i, j), or its padding outside
// its shape (checked).
const char *kBox = R"(
module {
  tt.func public @box(%d: !tt.tensordesc<tensor<8x8xf32>> loc("d"), %d0: i32 loc("d"), %d1: i32 loc("d"), %d2: i64 loc("d"), %d3: i64 loc("d"), %out: !tt.ptr<f32> loc("out")) {
    %c0 = arith.constant 0 : i32
    %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x8xf32>> -> tensor<8x8xf32>
    %row = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %r0 = tt.expand_dims %row {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %r1 = tt.expand_dims %row {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %s8 = arith.constant dense<8> : tensor<8x1xi32>
    %rr = arith.muli %r0, %s8 : tensor<8x1xi32>
    %rb = tt.broadcast %rr : tensor<8x1xi32> -> tensor<8x8xi32>
    %cb = tt.broadcast %r1 : tensor<1x8xi32> -> tensor<8x8xi32>
    %off = arith.addi %rb, %cb : tensor<8x8xi32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %oa = tt.addptr %op, %off : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    tt.store %oa, %v : tensor<8x8x!tt.ptr<f32>>
    tt.return
  }
}
)";

enum Which { Scale, Scalars, Memrefs, Fill, Box, NumKernels };

struct Param {
  tilerun_arg_kind_t kind;
  /// Scalars: integer width, 0 for a float. Buffers: the element's bytes.
  unsigned bits;
  bool isFloat = false;
};

/// The parameters of each kernel, as the header describes them.
const std::vector<Param> &params(Which k) {
  static const std::vector<Param> all[NumKernels] = {
      {{TILERUN_ARG_BUFFER, 4},
       {TILERUN_ARG_BUFFER, 4},
       {TILERUN_ARG_SCALAR, 32, true},
       {TILERUN_ARG_SCALAR, 32}},
      {{TILERUN_ARG_BUFFER, 8},
       {TILERUN_ARG_SCALAR, 1},
       {TILERUN_ARG_SCALAR, 8},
       {TILERUN_ARG_SCALAR, 16},
       {TILERUN_ARG_SCALAR, 64},
       {TILERUN_ARG_SCALAR, 16, true},
       {TILERUN_ARG_SCALAR, 16, true},
       {TILERUN_ARG_SCALAR, 64, true},
       {TILERUN_ARG_SCALAR, 32, true},
       {TILERUN_ARG_SCALAR, 16}},
      {{TILERUN_ARG_BUFFER, 4}, {TILERUN_ARG_BUFFER, 4}},
      {{TILERUN_ARG_BUFFER, 4}, {TILERUN_ARG_SCALAR, 32, true}},
      {{TILERUN_ARG_TENSOR_DESC, 4},
       {TILERUN_ARG_SCALAR, 32},
       {TILERUN_ARG_SCALAR, 32},
       {TILERUN_ARG_SCALAR, 64},
       {TILERUN_ARG_SCALAR, 64},
       {TILERUN_ARG_BUFFER, 4}}};
  return all[k];
}

/// Kernels whose accesses follow the buffers' stated extents (memrefs,
/// descriptors): those extents must be true.
bool extentsMustBeTrue(Which k) {
  return k == Memrefs || k == Fill || k == Box;
}

/// The worker counts of the contexts launches run on.
constexpr uint32_t kThreadCounts[] = {1, 2, 3, 0, 64};
constexpr size_t kNumContexts = sizeof kThreadCounts / sizeof kThreadCounts[0];

struct Kernels {
  tilerun_context_t *contexts[kNumContexts] = {};
  tilerun_kernel_t *kernels[kNumContexts][NumKernels] = {};
};

/// Compiles each kernel once and loads its binary on every context: the
/// same code with each worker count. Kept for the process's life.
const Kernels &kernels() {
  static Kernels *all = [] {
    auto *k = new Kernels();
    const char *sources[NumKernels] = {kScale, kScalars, kMemrefs, kFill, kBox};
    for (size_t c = 0; c < kNumContexts; ++c) {
      tilerun_context_options_t options;
      tilerun_context_options_init(&options);
      options.threads = kThreadCounts[c];
      options.checked = 1;
      options.cache_dir = "";
      if (tilerun_context_create(&options, &k->contexts[c]) != TILERUN_OK)
        bug(tilerun_last_error());
    }
    for (int w = 0; w < NumKernels; ++w) {
      tilerun_kernel_t *first = nullptr;
      if (tilerun_kernel_compile(k->contexts[0], sources[w],
                                 std::strlen(sources[w]), "fuzz", nullptr,
                                 &first) != TILERUN_OK)
        bug(tilerun_last_error());
      if (tilerun_kernel_num_params(first) != params(Which(w)).size())
        bug("a kernel's parameters are not the ones described");
      void *bytes = nullptr;
      size_t size = 0;
      if (tilerun_kernel_binary(first, &bytes, &size) != TILERUN_OK)
        bug(tilerun_last_error());
      k->kernels[0][w] = first;
      for (size_t c = 1; c < kNumContexts; ++c)
        if (tilerun_kernel_load(k->contexts[c], bytes, size,
                                &k->kernels[c][w]) != TILERUN_OK)
          bug(tilerun_last_error());
      tilerun_free(bytes);
    }
    return k;
  }();
  return *all;
}

/// `bytes` of memory ending (up to alignment) at an unmapped page.
class GuardedBuffer {
public:
  explicit GuardedBuffer(uint64_t bytes) : bytes(bytes) {
    static const size_t page = size_t(sysconf(_SC_PAGESIZE));
    mapped = (size_t(bytes) + page - 1) / page * page + page;
    base = static_cast<uint8_t *>(mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (base == MAP_FAILED)
      bug("mmap failed");
    if (mprotect(base + mapped - page, page, PROT_NONE) != 0)
      bug("mprotect failed");
    // 8-byte aligned, as the element types need: the fault comes at most 7
    // bytes past an extent that is not a multiple of 8.
    data = base + mapped - page - ((bytes + 7) & ~uint64_t(7));
  }
  ~GuardedBuffer() { munmap(base, mapped); }
  GuardedBuffer(const GuardedBuffer &) = delete;
  GuardedBuffer &operator=(const GuardedBuffer &) = delete;

  uint8_t *data;
  uint64_t bytes;

private:
  uint8_t *base;
  size_t mapped;
};

constexpr uint64_t kMaxRealBytes = 64 << 10;
/// Grids of more programs than this are only passed with an argument list
/// that must be refused, so that nothing runs for long.
constexpr uint64_t kMaxRunPrograms = 64;

uint32_t drawExtent(FuzzedDataProvider &in) {
  static const uint32_t special[] = {0,         1u << 31, UINT32_MAX,
                                     INT32_MAX, 1u << 16, (1u << 31) + 1};
  switch (in.ConsumeIntegralInRange(0, 15)) {
  case 0:
    return in.PickValueInArray(special);
  case 1:
    return in.ConsumeIntegral<uint32_t>();
  case 2:
  case 3:
    return in.ConsumeIntegralInRange<uint32_t>(1, 9);
  default:
    return 1;
  }
}

/// Scalar bits for a parameter: mostly a value of its type (sign extended
/// or not), sometimes anything.
uint64_t drawBits(FuzzedDataProvider &in, const Param &p) {
  uint64_t raw = in.ConsumeIntegral<uint64_t>();
  unsigned width = p.bits;
  switch (in.ConsumeIntegralInRange(0, 5)) {
  case 0:
    return raw;
  case 1: { // a negative value, sign extended
    if (width >= 64)
      return raw;
    return raw | (~uint64_t(0) << (width - 1));
  }
  case 2:
    return in.ConsumeIntegralInRange<uint64_t>(0, 300);
  default:
    return width >= 64 ? raw : raw & ((uint64_t(1) << width) - 1);
  }
}

uint64_t drawExtentBytes(FuzzedDataProvider &in, uint64_t usual,
                         bool mustBeTrue) {
  static const uint64_t huge[] = {uint64_t(1) << 40, uint64_t(INT64_MAX),
                                  uint64_t(INT64_MAX) + 1, UINT64_MAX};
  switch (in.ConsumeIntegralInRange(0, 9)) {
  case 0:
    return mustBeTrue ? in.ConsumeIntegralInRange<uint64_t>(0, 16)
                      : in.PickValueInArray(huge);
  case 1:
    return in.ConsumeIntegralInRange<uint64_t>(0, 16);
  case 2:
  case 3:
    return in.ConsumeIntegralInRange<uint64_t>(0, kMaxRealBytes);
  default:
    return usual;
  }
}

bool fits(uint64_t bits, unsigned width) {
  if (width >= 64)
    return true;
  uint64_t high = bits >> width;
  return high == 0 ||
         (((bits >> (width - 1)) & 1) && high == (~uint64_t(0) >> width));
}

int64_t signExtend(uint64_t bits, unsigned width) {
  if (width >= 64)
    return int64_t(bits);
  uint64_t m = uint64_t(1) << (width - 1);
  bits &= (uint64_t(1) << width) - 1;
  return int64_t((bits ^ m) - m);
}

float asFloat(uint64_t bits) {
  uint32_t b = uint32_t(bits);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

bool sameFloat(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, 4) == 0;
}

/// One launch drawn from the input, and what it must do.
class Launch {
public:
  Launch(FuzzedDataProvider &in, Which which) : in(in), which(which) {}

  void run();

private:
  FuzzedDataProvider &in;
  Which which;
  std::vector<tilerun_arg_t> args;
  std::vector<std::unique_ptr<GuardedBuffer>> memory;
  /// For each argument: the buffer it points into (or null).
  std::vector<GuardedBuffer *> buffers;

  /// Bytes the kernel touches in buffer parameter `i`, from the scalars.
  uint64_t reach(size_t i, uint64_t gx) const;
  void checkResults(uint64_t gx) const;
  tilerun_status_t expected(bool &runs) const;
};

uint64_t Launch::reach(size_t i, uint64_t gx) const {
  switch (which) {
  case Scale: {
    int64_t n = signExtend(args[3].value.bits, 32);
    return uint64_t(std::min<int64_t>(std::max<int64_t>(n, 0), 64 * gx)) * 4;
  }
  case Scalars:
    return 64;
  default:
    return 0;
  }
}

tilerun_status_t Launch::expected(bool &runs) const {
  runs = false;
  const std::vector<Param> &ps = params(which);
  if (args.size() != ps.size())
    return TILERUN_ERROR_BAD_ARGUMENT;
  for (size_t i = 0; i < ps.size(); ++i) {
    const tilerun_arg_t &a = args[i];
    uint32_t kind;
    std::memcpy(&kind, &a.kind, sizeof kind); // may be outside the enum
    if (kind != uint32_t(ps[i].kind))
      return TILERUN_ERROR_BAD_ARGUMENT;
    if (kind == TILERUN_ARG_SCALAR) {
      if (!ps[i].isFloat && !fits(a.value.bits, ps[i].bits))
        return TILERUN_ERROR_BAD_ARGUMENT;
      continue;
    }
    uintptr_t address = uintptr_t(a.value.buffer.data);
    if (address < 4096 || a.value.buffer.bytes < ps[i].bits)
      return TILERUN_ERROR_BAD_ARGUMENT;
    if (kind == TILERUN_ARG_TENSOR_DESC && a.padding > TILERUN_PADDING_NAN)
      return TILERUN_ERROR_BAD_ARGUMENT;
  }
  if (which == Memrefs) {
    uint64_t m = args[0].value.buffer.bytes / 4,
             d = args[1].value.buffer.bytes / 4;
    if (m != 12 || d % 3 != 0)
      return TILERUN_ERROR_BAD_ARGUMENT;
  }
  runs = true;
  return TILERUN_OK;
}

void Launch::run() {
  const Kernels &all = kernels();
  size_t c = in.ConsumeIntegralInRange<size_t>(0, kNumContexts - 1);
  const tilerun_kernel_t *kernel = all.kernels[c][which];
  uint32_t gx = drawExtent(in), gy = drawExtent(in), gz = drawExtent(in);

  const std::vector<Param> &ps = params(which);
  // Scalars first: they bound what the kernel touches in its buffers.
  args.resize(ps.size());
  for (size_t i = 0; i < ps.size(); ++i)
    if (ps[i].kind == TILERUN_ARG_SCALAR)
      args[i] = tilerun_arg_bits(drawBits(in, ps[i]));
  if (which == Box && in.ConsumeBool()) {
    // Mostly a box that fits a small base: 0..9 rows and columns, row
    // stride at least the columns.
    uint64_t rows = in.ConsumeIntegralInRange(0, 9),
             cols = in.ConsumeIntegralInRange(0, 9);
    args[1] = tilerun_arg_i32(int32_t(rows));
    args[2] = tilerun_arg_i32(int32_t(cols));
    args[3] = tilerun_arg_i64(int64_t(cols + in.ConsumeIntegralInRange(0, 2)));
    args[4] = tilerun_arg_i64(1);
  }
  uint64_t runGx = std::min<uint64_t>(gx, kMaxRunPrograms);
  buffers.assign(ps.size(), nullptr);
  for (size_t i = 0; i < ps.size(); ++i) {
    if (ps[i].kind == TILERUN_ARG_SCALAR)
      continue;
    uint64_t usual = std::max<uint64_t>(reach(i, runGx), ps[i].bits);
    if (which == Memrefs)
      usual = i == 0 ? 48 : 12 * in.ConsumeIntegralInRange(1, 20);
    else if (which == Fill || which == Box)
      usual = 4 * in.ConsumeIntegralInRange(1, 200);
    bool mustBeTrue = extentsMustBeTrue(which);
    uint64_t stated = drawExtentBytes(in, usual, mustBeTrue);
    // The memory given: the stated extent when it is true, else what the
    // kernel can reach.
    uint64_t real = stated <= kMaxRealBytes ? stated : 0;
    if (!mustBeTrue)
      real = std::max(real, reach(i, runGx));
    memory.push_back(std::make_unique<GuardedBuffer>(real));
    GuardedBuffer &b = *memory.back();
    for (uint64_t j = 0; j < real; ++j)
      b.data[j] = uint8_t(j * 7 + i);
    buffers[i] = &b;
    void *address = b.data;
    switch (in.ConsumeIntegralInRange(0, 31)) {
    case 0:
      address = nullptr;
      break;
    case 1:
      address = reinterpret_cast<void *>(in.ConsumeIntegralInRange(1, 4095));
      buffers[i] = nullptr;
      break;
    }
    args[i] =
        ps[i].kind == TILERUN_ARG_TENSOR_DESC
            ? tilerun_arg_tensor_desc(address, stated, TILERUN_PADDING_ZERO)
            : tilerun_arg_buffer(address, stated);
    if (ps[i].kind == TILERUN_ARG_TENSOR_DESC &&
        in.ConsumeIntegralInRange(0, 3))
      args[i].padding = in.ConsumeIntegralInRange(0, 7)
                            ? in.ConsumeBool()
                            : in.ConsumeIntegral<uint32_t>();
  }
  // Wrong kinds and counts.
  if (in.ConsumeIntegralInRange(0, 9) == 0)
    args[in.ConsumeIntegralInRange<size_t>(0, args.size() - 1)].kind =
        tilerun_arg_kind_t(in.ConsumeIntegralInRange(0, 3) == 0
                               ? in.ConsumeIntegral<uint32_t>()
                               : in.ConsumeIntegralInRange(0, 2));
  if (in.ConsumeIntegralInRange(0, 9) == 0)
    args.resize(in.ConsumeIntegralInRange<size_t>(0, ps.size() + 2),
                tilerun_arg_i32(0));
  bool nullArgs = in.ConsumeIntegralInRange(0, 31) == 0;

  unsigned __int128 programs = (unsigned __int128)gx * gy * gz;
  bool gridValid = gx && gy && gz && gx <= INT32_MAX && gy <= INT32_MAX &&
                   gz <= INT32_MAX && programs <= INT64_MAX;
  bool runs = false;
  tilerun_status_t want = expected(runs);
  // The count is checked first, then that there are arguments at all.
  if (nullArgs && args.size() == ps.size())
    want = TILERUN_ERROR_INVALID_ARGUMENT, runs = false;
  if (gridValid && runs && programs > kMaxRunPrograms) {
    args.push_back(tilerun_arg_i32(0)); // would run for long: must be refused
    want = TILERUN_ERROR_BAD_ARGUMENT;
    runs = false;
  }
  if (!gridValid)
    want = TILERUN_ERROR_INVALID_ARGUMENT, runs = false;

  tilerun_status_t got = tilerun_kernel_launch(
      kernel, gx, gy, gz, nullArgs ? nullptr : args.data(), args.size());
  std::string message = tilerun_last_error();
  if (got != TILERUN_OK && message.empty())
    bug("a failed launch has no message");
  if (got == TILERUN_OK && !message.empty())
    bug("a launch that succeeded left a message: " + message);
  if (runs) {
    // Checked kernels report an access past a stated extent; nothing else
    // may fail.
    bool overreach = false;
    for (size_t i = 0; i < ps.size(); ++i)
      if (ps[i].kind != TILERUN_ARG_SCALAR &&
          reach(i, gx) > args[i].value.buffer.bytes)
        overreach = true;
    if (which == Box)
      overreach = got == TILERUN_ERROR_LAUNCH; // checkResults holds it
    want = overreach ? TILERUN_ERROR_LAUNCH : TILERUN_OK;
  }
  if (got != want)
    bug("kernel " + std::to_string(which) + " grid " + std::to_string(gx) +
        "x" + std::to_string(gy) + "x" + std::to_string(gz) +
        ": expected status " + std::to_string(want) + ", got " +
        std::to_string(got) + ": " + message);
  if (got == TILERUN_OK || (which == Box && got == TILERUN_ERROR_LAUNCH))
    checkResults(gx);
}

void Launch::checkResults(uint64_t gx) const {
  switch (which) {
  case Scale: {
    uint64_t n = reach(0, gx) / 4;
    const float *x = reinterpret_cast<const float *>(buffers[0]->data);
    const float *out = reinterpret_cast<const float *>(buffers[1]->data);
    float s = asFloat(args[2].value.bits);
    for (uint64_t i = 0; i < n; ++i) {
      float y = x[i] * s;
      float want = y + float(int32_t(i));
      if (!sameFloat(out[i], want))
        bug("scale: element " + std::to_string(i) + " is wrong");
    }
    break;
  }
  case Scalars: {
    const int64_t *out = reinterpret_cast<const int64_t *>(buffers[0]->data);
    auto b = [&](size_t i) { return args[i].value.bits; };
    int64_t want[8] = {int64_t(b(1) & 1),      signExtend(b(2), 8),
                       signExtend(b(3), 16),   int64_t(b(4)),
                       int64_t(b(5) & 0xffff), int64_t(b(6) & 0xffff),
                       int64_t(b(7)),          int64_t(b(8) & 0xffffffff)};
    for (int i = 0; i < 8; ++i)
      if (out[i] != want[i])
        bug("scalars: parameter " + std::to_string(i + 1) + " arrived as " +
            std::to_string(out[i]) + ", not " + std::to_string(want[i]));
    break;
  }
  case Memrefs: {
    const int32_t *m = reinterpret_cast<const int32_t *>(buffers[0]->data);
    const int32_t *d = reinterpret_cast<const int32_t *>(buffers[1]->data);
    uint64_t rows = args[1].value.buffer.bytes / 12;
    if (m[11] != 9 || m[0] != int32_t(rows) || d[(rows - 1) * 3 + 2] != 7)
      bug("memrefs: wrong results");
    break;
  }
  case Fill: {
    const float *u = reinterpret_cast<const float *>(buffers[0]->data);
    float v = asFloat(args[1].value.bits);
    for (uint64_t i = 0; i < args[0].value.buffer.bytes / 4; ++i)
      if (!sameFloat(u[i], v))
        bug("fill: element " + std::to_string(i) + " is wrong");
    break;
  }
  case Box: {
    // Element (i, j) inside the shape is base[i * stride0 + j * stride1],
    // which must lie inside the stated extent for the launch to succeed;
    // outside the shape it is the padding.
    int64_t shape[2] = {signExtend(args[1].value.bits, 32),
                        signExtend(args[2].value.bits, 32)};
    int64_t strides[2] = {int64_t(args[3].value.bits),
                          int64_t(args[4].value.bits)};
    uint64_t elements = args[0].value.buffer.bytes / 4;
    const float *base = reinterpret_cast<const float *>(buffers[0]->data);
    const float *out = reinterpret_cast<const float *>(buffers[5]->data);
    bool failed = false;
    for (int64_t i = 0; i < 8 && !failed; ++i)
      for (int64_t j = 0; j < 8 && !failed; ++j) {
        bool inside = i < shape[0] && j < shape[1];
        __int128 off = (__int128)i * strides[0] + (__int128)j * strides[1];
        bool inBuffer = off >= 0 && off < (__int128)elements;
        if (inside && !inBuffer)
          failed = true;
      }
    // Storing the 64 results needs 256 bytes of out.
    failed |= args[5].value.buffer.bytes < 256;
    bool launchFailed = std::string(tilerun_last_error()).size() > 0;
    if (failed != launchFailed)
      bug(std::string("box: the launch ") +
          (launchFailed ? "failed: " + std::string(tilerun_last_error())
                        : "succeeded with an element outside its buffer"));
    if (launchFailed)
      break;
    float pad = args[0].padding == TILERUN_PADDING_NAN ? NAN : 0.0f;
    for (int64_t i = 0; i < 8; ++i)
      for (int64_t j = 0; j < 8; ++j) {
        bool inside = i < shape[0] && j < shape[1];
        float want = inside ? base[i * strides[0] + j * strides[1]] : pad;
        if (!sameFloat(out[i * 8 + j], want))
          bug("box: element (" + std::to_string(i) + ", " + std::to_string(j) +
              ") is wrong");
      }
    break;
  }
  default:
    break;
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)kernels();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  Which which = Which(in.ConsumeIntegralInRange(0, NumKernels - 1));
  Launch(in, which).run();
  return 0;
}
