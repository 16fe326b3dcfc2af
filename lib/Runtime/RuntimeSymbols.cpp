//===- RuntimeSymbols.cpp - The one registration point for hooks ----------===//
#include "tilerun/Runtime/RuntimeSymbols.h"

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

using namespace tilerun;

static llvm::orc::SymbolMap
runtimeSymbolMap(llvm::orc::MangleAndInterner interner) {
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
      {"tilerun_print_int", reinterpret_cast<void *>(&tilerun_print_int)},
      {"tilerun_print_float", reinterpret_cast<void *>(&tilerun_print_float)},
      {"tilerun_partition_spawn",
       reinterpret_cast<void *>(&tilerun_partition_spawn)},
      {"tilerun_partition_join",
       reinterpret_cast<void *>(&tilerun_partition_join)},
      {"tilerun_mbarrier_init",
       reinterpret_cast<void *>(&tilerun_mbarrier_init)},
      {"tilerun_mbarrier_arrive",
       reinterpret_cast<void *>(&tilerun_mbarrier_arrive)},
      {"tilerun_mbarrier_expect",
       reinterpret_cast<void *>(&tilerun_mbarrier_expect)},
      {"tilerun_mbarrier_complete_tx",
       reinterpret_cast<void *>(&tilerun_mbarrier_complete_tx)},
      {"tilerun_mbarrier_wait",
       reinterpret_cast<void *>(&tilerun_mbarrier_wait)},
      {"tilerun_tile_cache_find",
       reinterpret_cast<void *>(&tilerun_tile_cache_find)},
      {"tilerun_tile_cache_insert",
       reinterpret_cast<void *>(&tilerun_tile_cache_insert)},
      {"__truncsfbf2", reinterpret_cast<void *>(&tilerun_truncsfbf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&tilerun_truncdfbf2)},
      {"__truncdfhf2", reinterpret_cast<void *>(&tilerun_truncdfhf2)},
      {"__truncsfhf2", reinterpret_cast<void *>(&tilerun_truncsfhf2)},
      {"__extendhfsf2", reinterpret_cast<void *>(&tilerun_extendhfsf2)},
  };
  llvm::orc::SymbolMap map;
  for (const Hook &h : hooks)
    map[interner(h.name)] = {llvm::orc::ExecutorAddr::fromPtr(h.address),
                             llvm::JITSymbolFlags::Exported};
  return map;
}

llvm::Error tilerun::registerRuntimeSymbols(llvm::orc::LLJIT &jit) {
  llvm::orc::JITDylib &jd = jit.getMainJITDylib();
  llvm::orc::MangleAndInterner interner(jit.getExecutionSession(),
                                        jit.getDataLayout());
  return jd.define(llvm::orc::absoluteSymbols(runtimeSymbolMap(interner)));
}
