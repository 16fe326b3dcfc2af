//===- RuntimeSymbols.cpp - The one registration point for hooks ----------===//
#include "tilerun/Runtime/RuntimeSymbols.h"

#include "LaunchState.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

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

void tilerun::registerRuntimeSymbols(mlir::ExecutionEngine &engine) {
  struct Hook {
    const char *name;
    void *address;
  };
  static const Hook hooks[] = {
      {"tilerun_report_error", reinterpret_cast<void *>(&tilerun_report_error)},
      {"tilerun_print_str", reinterpret_cast<void *>(&tilerun_print_str)},
      {"tilerun_print_i64", reinterpret_cast<void *>(&tilerun_print_i64)},
      {"tilerun_print_f64", reinterpret_cast<void *>(&tilerun_print_f64)},
  };
  engine.registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const Hook &h : hooks)
      map[interner(h.name)] = {llvm::orc::ExecutorAddr::fromPtr(h.address),
                               llvm::JITSymbolFlags::Exported};
    return map;
  });
}
