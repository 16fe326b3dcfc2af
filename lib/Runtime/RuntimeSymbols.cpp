//===- RuntimeSymbols.cpp - The one registration point for hooks ----------===//
#include "tilerun/Runtime/RuntimeSymbols.h"

#include "LaunchState.h"
#include "Partitions.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <mutex>

using namespace tilerun;

namespace {
thread_local LaunchState *tlsLaunch = nullptr;
thread_local int32_t tlsProgram[3] = {0, 0, 0};
} // namespace

LaunchScope::LaunchScope(LaunchState &state) : previous(tlsLaunch) {
  tlsLaunch = &state;
}
LaunchScope::~LaunchScope() { tlsLaunch = previous; }
void LaunchScope::setProgram(int32_t x, int32_t y, int32_t z) {
  tlsProgram[0] = x;
  tlsProgram[1] = y;
  tlsProgram[2] = z;
}
LaunchState *LaunchScope::current() { return tlsLaunch; }
const int32_t *LaunchScope::currentProgram() { return tlsProgram; }

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
  llvm::errs() << "tilerun: error: " << text << "\n";
}

namespace {
std::string hex(uint64_t v) { return "0x" + llvm::utohexstr(v, true); }

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

extern "C" bool tilerun_check_access(const char *op, void *addr,
                                     int64_t bytes, int32_t param,
                                     int32_t pidX, int32_t pidY, int32_t pidZ,
                                     int64_t elementIndex) {
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
    bool inside = a >= b.begin && a - b.begin <= b.bytes &&
                  n <= b.bytes - (a - b.begin);
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
    text += " (buffer element " + std::to_string(diff / int64_t(own->elementBytes)) +
            " of " + std::to_string(own->elements) + ")";
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
  std::string text = programPrefix(pidX, pidY, pidZ) + "out-of-bounds " +
                     (op ? op : "access") + ": tile element " +
                     std::to_string(elementIndex) + ", shared-memory byte offset " +
                     std::to_string(byteOffset) + " (" + std::to_string(bytes) +
                     " bytes) is outside its allocation of " +
                     std::to_string(allocBytes) + " bytes";
  if (LaunchState *state = LaunchScope::current())
    return state->fail(text);
  llvm::errs() << "tilerun: error: " << text << "\n";
}

namespace {
std::mutex &printMutex() {
  static std::mutex mutex;
  return mutex;
}
void printHeader(llvm::raw_ostream &os, const char *prefix, int32_t x,
                 int32_t y, int32_t z, int64_t index, int32_t operand) {
  os << "pid (" << x << ", " << y << ", " << z << ")";
  if (index >= 0)
    os << " idx (" << index << ")";
  os << (prefix ? prefix : "");
  if (operand > 0)
    os << " (operand " << operand << ")";
  os << " ";
}
} // namespace

extern "C" void tilerun_print_str(const char *prefix, int32_t x, int32_t y,
                                  int32_t z) {
  std::lock_guard<std::mutex> lock(printMutex());
  llvm::outs() << "pid (" << x << ", " << y << ", " << z << ") "
               << (prefix ? prefix : "") << "\n";
  llvm::outs().flush();
}

extern "C" void tilerun_print_i64(const char *prefix, int32_t x, int32_t y,
                                  int32_t z, int64_t index, int32_t operand,
                                  int64_t value, int32_t flags) {
  std::lock_guard<std::mutex> lock(printMutex());
  printHeader(llvm::outs(), prefix, x, y, z, index, operand);
  if (flags & 2)
    llvm::outs() << "0x" << llvm::utohexstr(static_cast<uint64_t>(value));
  else if (flags & 1)
    llvm::outs() << value;
  else
    llvm::outs() << static_cast<uint64_t>(value);
  llvm::outs() << "\n";
  llvm::outs().flush();
}

extern "C" void tilerun_print_f64(const char *prefix, int32_t x, int32_t y,
                                  int32_t z, int64_t index, int32_t operand,
                                  double value) {
  std::lock_guard<std::mutex> lock(printMutex());
  printHeader(llvm::outs(), prefix, x, y, z, index, operand);
  llvm::outs() << llvm::format("%.6g", value) << "\n";
  llvm::outs().flush();
}

namespace {
/// f32 -> bf16, nearest-even, NaN kept quiet: the compiler-rt routine LLVM
/// calls for `fptrunc float to bfloat` on x86 without AVX512-BF16. The C
/// runtime of Debian 12 (libgcc 12) does not have it. The result travels as
/// a 16-bit float in xmm0, the ABI of `__bf16` and `_Float16` alike.
uint16_t toBF16Bits(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}
_Float16 fromBits(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return h;
}
extern "C" _Float16 tilerun_truncsfbf2(float x) {
  return fromBits(toBF16Bits(x));
}
/// f64 -> bf16 rounds once: through f32 only when that is exact enough not
/// to double-round, i.e. by rounding the f64 to odd in f32 first.
extern "C" _Float16 tilerun_truncdfbf2(double x) {
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
  return fromBits(toBF16Bits(f));
}
} // namespace

static llvm::orc::SymbolMap runtimeSymbolMap(llvm::orc::MangleAndInterner interner) {
  struct Hook {
    const char *name;
    void *address;
  };
  static const Hook hooks[] = {
      {"tilerun_report_error", reinterpret_cast<void *>(&tilerun_report_error)},
      {"tilerun_check_access", reinterpret_cast<void *>(&tilerun_check_access)},
      {"tilerun_report_shared_access",
       reinterpret_cast<void *>(&tilerun_report_shared_access)},
      {"tilerun_print_str", reinterpret_cast<void *>(&tilerun_print_str)},
      {"tilerun_print_i64", reinterpret_cast<void *>(&tilerun_print_i64)},
      {"tilerun_print_f64", reinterpret_cast<void *>(&tilerun_print_f64)},
      {"tilerun_partition_spawn",
       reinterpret_cast<void *>(&tilerun_partition_spawn)},
      {"tilerun_partition_join",
       reinterpret_cast<void *>(&tilerun_partition_join)},
      {"tilerun_mbarrier_init", reinterpret_cast<void *>(&tilerun_mbarrier_init)},
      {"tilerun_mbarrier_arrive",
       reinterpret_cast<void *>(&tilerun_mbarrier_arrive)},
      {"tilerun_mbarrier_expect",
       reinterpret_cast<void *>(&tilerun_mbarrier_expect)},
      {"tilerun_mbarrier_complete_tx",
       reinterpret_cast<void *>(&tilerun_mbarrier_complete_tx)},
      {"tilerun_mbarrier_wait", reinterpret_cast<void *>(&tilerun_mbarrier_wait)},
      {"__truncsfbf2", reinterpret_cast<void *>(&tilerun_truncsfbf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&tilerun_truncdfbf2)},
  };
  llvm::orc::SymbolMap map;
  for (const Hook &h : hooks)
    map[interner(h.name)] = {llvm::orc::ExecutorAddr::fromPtr(h.address),
                             llvm::JITSymbolFlags::Exported};
  return map;
}

void tilerun::registerRuntimeSymbols(mlir::ExecutionEngine &engine) {
  engine.registerSymbols(runtimeSymbolMap);
}

llvm::Error tilerun::registerRuntimeSymbols(llvm::orc::LLJIT &jit) {
  llvm::orc::JITDylib &jd = jit.getMainJITDylib();
  llvm::orc::MangleAndInterner interner(jit.getExecutionSession(),
                                        jit.getDataLayout());
  return jd.define(llvm::orc::absoluteSymbols(runtimeSymbolMap(interner)));
}
