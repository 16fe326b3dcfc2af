//===- Hooks.cpp - C functions compiled kernels call ----------------------===//
//
// No LLVM here: ahead-of-time kernels link these from libtilerun_rt.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Hooks.h"

#include "LaunchState.h"

#include <cinttypes>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

using namespace tilerun;

extern "C" void tilerun_report_error(const char *msg, int32_t pidX,
                                     int32_t pidY, int32_t pidZ,
                                     int64_t elementIndex) {
  std::string text = "program (" + std::to_string(pidX) + ", " +
                     std::to_string(pidY) + ", " + std::to_string(pidZ) +
                     "): " + (msg ? msg : "(null)");
  if (elementIndex >= 0)
    text += " (element " + std::to_string(elementIndex) + ")";
  if (LaunchState *state = LaunchScope::current())
    return state->fail(text);
  std::fprintf(stderr, "tilerun: error: %s\n", text.c_str());
}

namespace {
std::string hex(uint64_t v) {
  char text[19];
  std::snprintf(text, sizeof text, "0x%" PRIx64, v);
  return text;
}

std::string describeBuffer(const BoundBuffer &b) {
  return "buffer '" + b.name + "' (" + std::to_string(b.elements) + " x " +
         b.type + " = " + std::to_string(b.bytes) + " bytes at " +
         hex(b.begin) + ")";
}

/// Where `addr` lies relative to `b`, e.g. "96 bytes past the end of".
std::string relation(uintptr_t addr, uint64_t bytes, const BoundBuffer &b) {
  if (addr < b.begin)
    return std::to_string(b.begin - addr) + " bytes before the start of";
  if (addr + bytes > b.begin + b.bytes && addr >= b.begin + b.bytes)
    return std::to_string(addr - (b.begin + b.bytes)) +
           " bytes past the end of";
  return "straddles the end of";
}

std::string programPrefix(int32_t x, int32_t y, int32_t z) {
  return "program (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + "): ";
}
} // namespace

extern "C" bool tilerun_check_access(const char *op, void *addr, int64_t bytes,
                                     int32_t param, int32_t pidX, int32_t pidY,
                                     int32_t pidZ, int64_t elementIndex) {
  LaunchState *state = LaunchScope::current();
  if (!state)
    return true;
  if (state->failed.load(std::memory_order_relaxed))
    return false;
  uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  uint64_t n = uint64_t(bytes);
  const BoundBuffer *own = nullptr, *containing = nullptr, *nearest = nullptr;
  uint64_t nearestDistance = UINT64_MAX;
  for (const BoundBuffer &b : state->buffers) {
    bool inside =
        a >= b.begin && a - b.begin <= b.bytes && n <= b.bytes - (a - b.begin);
    if (param >= 0 && b.param != unsigned(param)) {
      if (inside)
        containing = &b;
      continue;
    }
    if (inside)
      return true;
    if (param >= 0)
      own = &b;
    uint64_t d = a < b.begin ? b.begin - a : a - (b.begin + b.bytes);
    if (d < nearestDistance) {
      nearestDistance = d;
      nearest = &b;
    }
  }
  std::string text = programPrefix(pidX, pidY, pidZ) + "out-of-bounds " +
                     (op ? op : "access") + ": tile element " +
                     std::to_string(elementIndex) + ", address " + hex(a) +
                     " (" + std::to_string(n) + " bytes) ";
  if (own) {
    text += "is " + relation(a, n, *own) + " " + describeBuffer(*own) +
            ", which the pointer is derived from";
    int64_t diff = int64_t(a - own->begin);
    text += " (buffer element " +
            std::to_string(diff / int64_t(own->elementBytes)) + " of " +
            std::to_string(own->elements) + ")";
    if (containing)
      text += "; it lies inside '" + containing->name + "' instead";
  } else if (nearest && nearestDistance <= nearest->bytes) {
    text += "is in no bound buffer: " + relation(a, n, *nearest) + " " +
            describeBuffer(*nearest);
  } else {
    text += "is in no bound buffer";
  }
  state->fail(text);
  return false;
}

extern "C" void tilerun_report_shared_access(const char *op, int64_t byteOffset,
                                             int64_t bytes, int64_t allocBytes,
                                             int32_t pidX, int32_t pidY,
                                             int32_t pidZ,
                                             int64_t elementIndex) {
  std::string text =
      programPrefix(pidX, pidY, pidZ) + "out-of-bounds " +
      (op ? op : "access") + ": tile element " + std::to_string(elementIndex) +
      ", shared-memory byte offset " + std::to_string(byteOffset) + " (" +
      std::to_string(bytes) + " bytes) is outside its allocation of " +
      std::to_string(allocBytes) + " bytes";
  if (LaunchState *state = LaunchScope::current())
    return state->fail(text);
  std::fprintf(stderr, "tilerun: error: %s\n", text.c_str());
}

// DebugOps.cpp emits the site as the LLVM struct
// {ptr, ptr, i32, i32, i32, i32, i32}.
static_assert(offsetof(tilerun_print_site_t, shape) == 8 &&
                  offsetof(tilerun_print_site_t, rank) == 16 &&
                  offsetof(tilerun_print_site_t, bits) == 32 &&
                  sizeof(tilerun_print_site_t) == 40,
              "tilerun_print_site_t must match the lowering's struct");

namespace {
std::mutex &printMutex() {
  static std::mutex mutex;
  return mutex;
}

/// Writes `line` and a newline in one piece: lines of programs printing on
/// several threads never mix.
void writeLine(std::string &line) {
  line.push_back('\n');
  std::lock_guard<std::mutex> lock(printMutex());
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
}

std::string pidText(int32_t x, int32_t y, int32_t z) {
  return "pid (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
         std::to_string(z) + ")";
}

int decimalDigits(uint64_t v) {
  int n = 1;
  for (; v >= 10; v /= 10)
    ++n;
  return n;
}

/// `pid (x, y, z) idx (i0, i1, ...)PREFIX(operand n) `: everything but the
/// value. Each index is right-aligned to the digits of its dimension's
/// largest index, as CUDA pads it (%Ni with N = ceil(log10(dim))).
std::string elementHeader(const tilerun_print_site_t &site, int32_t x,
                          int32_t y, int32_t z, int64_t index) {
  std::string line = pidText(x, y, z) + " idx (";
  std::vector<int64_t> idx(site.rank > 0 ? size_t(site.rank) : 0);
  for (int32_t d = site.rank - 1; d >= 0; --d) {
    int64_t dim = site.shape[d] > 0 ? site.shape[d] : 1;
    idx[size_t(d)] = index % dim;
    index /= dim;
  }
  char text[32];
  for (int32_t d = 0; d < site.rank; ++d) {
    int64_t dim = site.shape[d];
    int width = dim > 1 ? decimalDigits(uint64_t(dim - 1)) : 0;
    std::snprintf(text, sizeof text, "%s%*" PRId64, d ? ", " : "", width,
                  idx[size_t(d)]);
    line += text;
  }
  line += ")";
  line += site.prefix ? site.prefix : "";
  if (site.numOperands > 1)
    line += "(operand " + std::to_string(site.operand) + ") ";
  return line;
}
} // namespace

extern "C" void tilerun_print_str(const char *prefix, int32_t x, int32_t y,
                                  int32_t z) {
  std::string line = pidText(x, y, z) + (prefix ? prefix : "");
  writeLine(line);
}

extern "C" void tilerun_print_int(const tilerun_print_site_t *site, int32_t x,
                                  int32_t y, int32_t z, int64_t index,
                                  int64_t value) {
  std::string line = elementHeader(*site, x, y, z, index);
  char text[40];
  uint64_t bits = static_cast<uint64_t>(value);
  switch (site->format) {
  case TILERUN_PRINT_HEX: {
    int width = site->bits > 0 && site->bits < 64 ? site->bits : 64;
    if (width < 64)
      bits &= (uint64_t(1) << width) - 1;
    std::snprintf(text, sizeof text, "0x%0*" PRIx64, (width + 3) / 4, bits);
    break;
  }
  case TILERUN_PRINT_POINTER:
    std::snprintf(text, sizeof text, "0x%" PRIx64, bits);
    break;
  case TILERUN_PRINT_UNSIGNED:
    std::snprintf(text, sizeof text, "%" PRIu64, bits);
    break;
  default:
    std::snprintf(text, sizeof text, "%" PRId64, value);
    break;
  }
  line += text;
  writeLine(line);
}

extern "C" void tilerun_print_float(const tilerun_print_site_t *site, int32_t x,
                                    int32_t y, int32_t z, int64_t index,
                                    double value) {
  std::string line = elementHeader(*site, x, y, z, index);
  // %f of the largest doubles takes 300-odd digits.
  char text[400];
  std::snprintf(text, sizeof text, "%f", value);
  line += text;
  writeLine(line);
}

namespace {
/// f32 -> bf16, nearest-even, NaN kept quiet.
uint16_t toBF16Bits(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}
/// A float whose register holds `bits` in its low 16 bits: a bf16 return
/// value travels in xmm0 like a float's, so this returns it without a 16-bit
/// float type (which older compilers lack).
float inLowBits(uint16_t bits) {
  uint32_t wide = bits;
  float f;
  std::memcpy(&f, &wide, sizeof f);
  return f;
}
} // namespace

extern "C" float tilerun_truncsfbf2(float x) {
  return inLowBits(toBF16Bits(x));
}
/// f64 -> bf16 rounds once: through f32 only when that is exact enough not
/// to double-round, i.e. by rounding the f64 to odd in f32 first.
extern "C" float tilerun_truncdfbf2(double x) {
  float f = static_cast<float>(x);
  if (std::isfinite(f) && static_cast<double>(f) != x) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    // Round to odd: truncate toward zero, then set the lowest bit.
    if (std::fabs(static_cast<double>(f)) > std::fabs(x))
      --bits;
    bits |= 1u;
    std::memcpy(&f, &bits, sizeof f);
  }
  return inLowBits(toBF16Bits(f));
}

namespace {
/// f64 -> f16 bits, rounded once to nearest-even; NaN stays a quiet NaN with
/// the sign and the top of the payload.
uint16_t toF16Bits(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  uint16_t sign = static_cast<uint16_t>((bits >> 48) & 0x8000u);
  double a = std::fabs(x);
  if (std::isnan(x))
    return sign | 0x7e00u | static_cast<uint16_t>((bits >> 42) & 0x1ffu);
  // 65520 lies halfway between the largest half (65504) and 2^16: it and
  // everything above round to infinity.
  if (a >= 65520.0)
    return sign | 0x7c00u;
  if (a < 0x1p-14) // subnormal (or zero): units of 2^-24, exact scaling
    return sign | static_cast<uint16_t>(std::nearbyint(a * 0x1p24));
  int e;
  std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
  --e;               // a in [2^e, 2^(e+1)), e in [-14, 15]
  // 11 significant bits in [1024, 2048]; 2048 carries into the exponent.
  uint32_t m = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, 10 - e)));
  return sign | static_cast<uint16_t>((static_cast<uint32_t>(e + 15) << 10) +
                                      m - 1024u);
}
} // namespace

extern "C" float tilerun_truncdfhf2(double x) {
  return inLowBits(toF16Bits(x));
}
/// f32 -> f16: the f32 widens to f64 exactly, so this also rounds once.
extern "C" float tilerun_truncsfhf2(float x) { return inLowBits(toF16Bits(x)); }
extern "C" float tilerun_extendhfsf2(float h) {
  uint32_t low;
  std::memcpy(&low, &h, sizeof low);
  uint32_t sign = (low & 0x8000u) << 16, exp = (low >> 10) & 0x1fu,
           man = low & 0x3ffu;
  if (exp == 0x1f) { // inf / NaN (the payload kept, quiet)
    uint32_t out = sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0u);
    float f;
    std::memcpy(&f, &out, sizeof f);
    return f;
  }
  float mag = exp ? std::ldexp(static_cast<float>(man | 0x400u),
                               static_cast<int>(exp) - 25)
                  : std::ldexp(static_cast<float>(man), -24);
  return sign ? -mag : mag;
}
