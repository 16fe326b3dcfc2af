//===- RuntimeSymbols.cpp - The one registration point for hooks ----------===//
#include "tilerun/Runtime/RuntimeSymbols.h"

#include "LaunchState.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
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

extern "C" void tilerun_report_error(const char *msg) {
  std::string text = "program (" + std::to_string(tlsProgram[0]) + ", " +
                     std::to_string(tlsProgram[1]) + ", " +
                     std::to_string(tlsProgram[2]) + "): " +
                     (msg ? msg : "(null)");
  if (LaunchState *state = LaunchScope::current())
    return state->fail(text);
  llvm::errs() << "tilerun: error: " << text << "\n";
}

extern "C" void tilerun_print(const char *msg) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  llvm::outs() << (msg ? msg : "(null)");
  llvm::outs().flush();
}

void tilerun::registerRuntimeSymbols(mlir::ExecutionEngine &engine) {
  struct Hook {
    const char *name;
    void *address;
  };
  static const Hook hooks[] = {
      {"tilerun_report_error", reinterpret_cast<void *>(&tilerun_report_error)},
      {"tilerun_print", reinterpret_cast<void *>(&tilerun_print)},
  };
  engine.registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const Hook &h : hooks)
      map[interner(h.name)] = {llvm::orc::ExecutorAddr::fromPtr(h.address),
                               llvm::JITSymbolFlags::Exported};
    return map;
  });
}
