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

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;

// MLIR 22 itself crashes on these, in code tilerun cannot change:
// linalg.transpose, linalg.broadcast and linalg.reduce read their
// `permutation = [...]` / `dimensions = [...]` list with
// DenseI64ArrayAttr::parse and store the result unchecked, so a malformed
// list dereferences a null attribute in libMLIR
// (test/Fuzz/upstream-crashers/). Skipping every input where such a keyword
// is not followed by a plain list of integers keeps the fuzzer on tilerun's
// own bugs; a false match only costs an input.
static bool hitsLinalgArrayParserBug(llvm::StringRef text) {
  static const llvm::Regex keyword(
      "(permutation|dimensions)([[:space:]]|//[^\n]*)*=");
  static const llvm::Regex intList(
      "^[[:space:]]*\\[[[:space:]]*(-?[0-9]{1,18}[[:space:]]*"
      "(,[[:space:]]*-?[0-9]{1,18}[[:space:]]*)*)?]");
  SmallVector<llvm::StringRef, 3> match;
  while (keyword.match(text, &match)) {
    text = text.drop_front(match[0].end() - text.begin());
    if (!intList.match(text))
      return true;
  }
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Diagnostics are the expected outcome for bad input; printing them would
  // only slow the fuzzer down. TILERUN_FUZZ_VERBOSE shows them (reproducing).
  static const bool verbose = std::getenv("TILERUN_FUZZ_VERBOSE");
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (hitsLinalgArrayParserBug(text)) {
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
