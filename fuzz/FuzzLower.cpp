//===- FuzzLower.cpp - libFuzzer target: parse, verify, lower -------------===//
//
// Feeds arbitrary bytes through what `tilerun run` does before code
// generation: parse and verify with tilerun's dialects, select kernels and
// extract their signatures, then lower to the LLVM dialect (with checked mode
// on for odd-sized inputs, so both lowerings are covered). Every input must
// end in success or diagnostics; a crash, abort, hang or runaway allocation
// is a bug. Kernels are not executed.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Compiler/Compiler.h"
#include "tilerun/InitAllDialects.h"
#include "tilerun/Runtime/KernelSignature.h"

#include "FuzzSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Diagnostics are the expected outcome for bad input; printing them would
  // only slow the fuzzer down. TILERUN_FUZZ_VERBOSE shows them (reproducing).
  static const bool verbose = std::getenv("TILERUN_FUZZ_VERBOSE");
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (tilerun::fuzz::hitsLinalgArrayParserBug(text)) {
    if (verbose)
      llvm::errs() << "skipped: would crash MLIR's linalg parser\n";
    return -1; // keeps it out of the corpus too
  }
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    tilerun::registerAllDialects(*r);
    return r;
  }();
  // A fresh context per input: a shared one would keep every attribute and
  // type ever parsed, which libFuzzer would report as a leak.
  MLIRContext ctx(*registry, MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &d) {
    if (verbose)
      llvm::errs() << d.getLocation() << ": " << d.str() << "\n";
    return success();
  });

  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.mlir"),
                        llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sm, &ctx);
  if (!module)
    return 0;
  for (FunctionOpInterface fn : tilerun::findKernels(*module)) {
    auto sig = tilerun::extractSignature(fn);
    if (!sig)
      llvm::consumeError(sig.takeError());
  }
  tilerun::CompileOptions options;
  options.checked = size % 2;
  (void)tilerun::lowerToLLVMDialect(*module, options);
  return 0;
}
