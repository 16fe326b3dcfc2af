//===- tilerun.cpp - Run Triton kernels on the CPU ------------------------===//
//
//   tilerun run FILE [--kernel NAME] --grid X[,Y[,Z]] [--arg NAME=VALUE]...
//               [--save NAME=OUT.npy]... [--threads N] [--bench N] [--check]
//               [--no-memdesc-warnings]
//   tilerun check FILE
//   tilerun convert --to=ranked-tensors FILE [-o OUT]
//   tilerun compile FILE [--kernel NAME] [--grid EXPR,...] [--target-cpu CPU]
//                   [--target-features F] [--out-name NAME]
//                   [--no-memdesc-warnings] -o OUT
//
// Every user error is one line on stderr and exit status 1; MLIR diagnostics
// print as file:line:col: error: ....
//
// `check` holds shared-memory descriptors to the rules of Triton after 3.6;
// `run` and `compile` run what Triton 3.6 runs and warn, once per op, where
// later Triton would reject it (docs/memdesc.md).
//
//===----------------------------------------------------------------------===//
#include "tilerun/Compiler/Compiler.h"
#include "tilerun/Conversion/Passes.h"
#include "tilerun/InitAllDialects.h"
#include "tilerun/Runtime/Arguments.h"
#include "tilerun/Runtime/Kernel.h"
#include "tilerun/Runtime/Npy.h"
#include "tilerun/Target/AOT.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

using namespace llvm;

namespace {

cl::OptionCategory toolCategory("tilerun options");
cl::SubCommand runCmd("run", "Compile a kernel and launch it on a grid");
cl::SubCommand
    checkCmd("check",
             "Parse and verify a module, holding shared-memory descriptors to "
             "the rules of Triton after 3.6");

cl::opt<std::string> runInput(cl::Positional, cl::desc("<input.mlir>"),
                              cl::sub(runCmd), cl::cat(toolCategory));
cl::opt<std::string> checkInput(cl::Positional, cl::desc("<input.mlir>"),
                                cl::sub(checkCmd), cl::cat(toolCategory));
cl::SubCommand convertCmd("convert", "Rewrite a linalg-on-memref module");
cl::opt<std::string> convertInput(cl::Positional, cl::desc("<input.mlir>"),
                                  cl::sub(convertCmd), cl::cat(toolCategory));
cl::opt<std::string> convertTo("to", cl::desc("Target form (ranked-tensors)"),
                               cl::value_desc("FORM"), cl::sub(convertCmd),
                               cl::cat(toolCategory));
cl::opt<std::string> convertOutput("o", cl::desc("Output file"),
                                   cl::value_desc("OUT.mlir"), cl::init("-"),
                                   cl::sub(convertCmd), cl::cat(toolCategory));
cl::opt<std::string> kernelName("kernel", cl::desc("Kernel to run"),
                                cl::value_desc("NAME"), cl::sub(runCmd),
                                cl::cat(toolCategory));
cl::opt<std::string> gridOpt("grid", cl::desc("Launch grid"),
                             cl::value_desc("X[,Y[,Z]]"), cl::sub(runCmd),
                             cl::cat(toolCategory));
cl::list<std::string>
    argOpts("arg",
            cl::desc("Bind a parameter: NAME=@IN.npy, NAME=VALUE or "
                     "NAME=randn|zeros|empty:DTYPE:SHAPE"),
            cl::value_desc("NAME=VALUE"), cl::sub(runCmd),
            cl::cat(toolCategory));
cl::list<std::string> saveOpts("save",
                               cl::desc("Write a buffer after the launch"),
                               cl::value_desc("NAME=OUT.npy"), cl::sub(runCmd),
                               cl::cat(toolCategory));
cl::opt<unsigned> threadsOpt("threads",
                             cl::desc("Worker threads (default: all cores)"),
                             cl::init(0), cl::sub(runCmd),
                             cl::cat(toolCategory));
cl::opt<unsigned> benchOpt("bench",
                           cl::desc("Time N launches after the warm-up ones"),
                           cl::init(0), cl::value_desc("N"), cl::sub(runCmd),
                           cl::cat(toolCategory));
cl::opt<unsigned> warmupOpt(
    "warmup",
    cl::desc("With --bench: untimed launches before the timed ones, the run "
             "itself included (default 1)"),
    cl::init(1), cl::value_desc("W"), cl::sub(runCmd), cl::cat(toolCategory));
cl::opt<bool> checkedOpt("check", cl::desc("Bounds-check memory accesses"),
                         cl::sub(runCmd), cl::cat(toolCategory));
cl::SubCommand
    compileCmd("compile",
               "Compile a kernel ahead of time: OUT.o and OUT.h, a C function "
               "that runs the grid (link with libtilerun_rt)");
cl::opt<std::string> compileInput(cl::Positional, cl::desc("<input.mlir>"),
                                  cl::sub(compileCmd), cl::cat(toolCategory));
cl::opt<std::string> compileKernel("kernel", cl::desc("Kernel to compile"),
                                   cl::value_desc("NAME"), cl::sub(compileCmd),
                                   cl::cat(toolCategory));
cl::opt<std::string> compileOutput(
    "o", cl::desc("Output path without extension: writes OUT.o and OUT.h"),
    cl::value_desc("OUT"), cl::sub(compileCmd), cl::cat(toolCategory));
cl::opt<std::string> compileOutName(
    "out-name", cl::desc("The C function's name (default: OUT's file name)"),
    cl::value_desc("NAME"), cl::sub(compileCmd), cl::cat(toolCategory));
cl::opt<std::string> compileGrid(
    "grid",
    cl::desc("Grid extents as C expressions over the parameters' names, as "
             "Triton's compile.py -g (\"(n+1023)/1024,1,1\"); without it the "
             "function takes gx, gy, gz"),
    cl::value_desc("X[,Y[,Z]]"), cl::sub(compileCmd), cl::cat(toolCategory));
cl::SubCommand
    targetCmd("target",
              "Print what the compiler reads of a CPU: vector width and "
              "registers, register tiles, streaming stores, matrix "
              "instructions (the host's, or --target-cpu's)");
cl::opt<std::string>
    compileCPU("target-cpu",
               cl::desc("LLVM CPU name (native, x86-64-v3, znver3, ...)"),
               cl::init("native"), cl::value_desc("CPU"), cl::sub(compileCmd),
               cl::sub(targetCmd), cl::cat(toolCategory));
cl::opt<std::string>
    compileFeatures("target-features",
                    cl::desc("Extra CPU features (+avx512f,-avx2)"),
                    cl::value_desc("F"), cl::sub(compileCmd),
                    cl::sub(targetCmd), cl::cat(toolCategory));

cl::opt<bool> amxOpt(
    "amx",
    cl::desc("Multiply dots on the CPU's AMX tiles where it has them (on by "
             "default; --amx=false uses its AVX-512 dot instructions)"),
    cl::init(true), cl::sub(runCmd), cl::sub(compileCmd),
    cl::cat(toolCategory));

cl::opt<bool> noMemdescWarnings(
    "no-memdesc-warnings",
    cl::desc("Do not warn about shared-memory descriptor ops that Triton 3.6 "
             "accepts and later Triton rejects"),
    cl::sub(runCmd), cl::sub(compileCmd), cl::cat(toolCategory));

cl::opt<uint64_t> maxProgramBytesOpt(
    "max-program-bytes",
    cl::desc("Most bytes of tile buffers and shared memory per program "
             "(default 64 MiB, at most 2 GiB)"),
    cl::init(tilerun::CompileOptions().maxProgramBytes), cl::value_desc("N"),
    cl::sub(runCmd), cl::cat(toolCategory));

[[noreturn]] void fail(const Twine &msg) {
  WithColor::error(errs(), "tilerun") << msg << "\n";
  std::exit(1);
}

void failOn(Error e) {
  if (e)
    fail(toString(std::move(e)));
}

template <typename T> T orFail(Expected<T> v) {
  if (!v)
    fail(toString(v.takeError()));
  return std::move(*v);
}

/// Parses (and verifies) `path`, printing diagnostics through `sm`.
mlir::OwningOpRef<mlir::ModuleOp> parse(StringRef path, mlir::MLIRContext &ctx,
                                        SourceMgr &sm) {
  std::string message;
  auto file = mlir::openInputFile(path, &message);
  if (!file)
    fail(message);
  sm.AddNewSourceBuffer(std::move(file), SMLoc());
  // Some malformed inputs crash MLIR's own parsers (MLIR 22's linalg
  // permutation lists: test/Fuzz/upstream-crashers). Parsing runs on this
  // thread only, so the crash is caught here and reported as bad input.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext recovery;
  bool survived = recovery.RunSafely(
      [&] { module = mlir::parseSourceFile<mlir::ModuleOp>(sm, &ctx); });
  CrashRecoveryContext::Disable();
  if (!survived) {
    // The parser was abandoned mid-way: its allocations are lost and locks
    // it held may still be taken, so leave without running exit handlers
    // or destructors (which could block on them).
    WithColor::error(errs(), "tilerun")
        << path << ": malformed input crashed MLIR's parser\n";
    outs().flush();
    std::_Exit(1);
  }
  return module;
}

int runCheck(mlir::MLIRContext &ctx) {
  if (checkInput.empty())
    fail("check: missing input file");
  SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler handler(sm, &ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(checkInput, ctx, sm);
  if (!module)
    return 1;
  return mlir::succeeded(tilerun::checkMemDescRules(*module, /*strict=*/true))
             ? 0
             : 1;
}

/// Warns, on stderr, about the ops of a module that runs that later Triton
/// would reject.
void warnOnLaterTritonRules(mlir::ModuleOp module) {
  if (!noMemdescWarnings)
    (void)tilerun::checkMemDescRules(module, /*strict=*/false);
}

/// Rewrites triton-shared's output into linalg on ranked tensors (IREE's
/// input form); `tilerun run` runs both forms.
int runConvert(mlir::MLIRContext &ctx) {
  if (convertInput.empty())
    fail("convert: missing input file");
  if (convertTo != "ranked-tensors")
    fail("convert: --to must be 'ranked-tensors'" +
         (convertTo.empty() ? Twine() : Twine(", not '") + convertTo + "'"));
  SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler handler(sm, &ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(convertInput, ctx, sm);
  if (!module)
    return 1;
  if (!tilerun::isLinalgModule(*module))
    fail("convert: '" + convertInput +
         "' has no func.func kernels in triton-shared's linalg form");
  mlir::PassManager pm(&ctx);
  tilerun::buildConvertToRankedTensorsPipeline(pm);
  if (mlir::failed(pm.run(*module)))
    return 1;
  std::string message;
  auto out = mlir::openOutputFile(convertOutput, &message);
  if (!out)
    fail(message);
  module->print(out->os());
  out->os() << "\n";
  out->keep();
  return 0;
}

int runRun(mlir::MLIRContext &ctx) {
  if (runInput.empty())
    fail("run: missing input file");
  if (gridOpt.getNumOccurrences() == 0)
    fail("run: missing --grid X[,Y[,Z]]");
  tilerun::Grid grid = orFail(tilerun::parseGrid(gridOpt));

  SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler handler(sm, &ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(runInput, ctx, sm);
  if (!module)
    return 1;
  warnOnLaterTritonRules(*module);

  // Bind before compiling so argument mistakes are reported at once.
  auto fn = orFail(tilerun::selectKernel(*module, kernelName));
  tilerun::KernelSignature sig = orFail(tilerun::extractSignature(fn));
  std::vector<std::string> args(argOpts.begin(), argOpts.end());
  std::vector<std::string> saveSpecs(saveOpts.begin(), saveOpts.end());
  tilerun::BoundArguments bound = orFail(tilerun::bindArguments(sig, args));
  std::vector<tilerun::SaveRequest> saves =
      orFail(tilerun::resolveSaves(sig, saveSpecs));

  tilerun::CompileOptions compileOptions;
  compileOptions.checked = checkedOpt;
  compileOptions.amx = amxOpt;
  // Worker stacks are sized from it (llvm::thread takes 32-bit sizes).
  if (maxProgramBytesOpt > (uint64_t(2) << 30))
    fail("--max-program-bytes: " + Twine(maxProgramBytesOpt) +
         " is above the maximum of 2 GiB");
  compileOptions.maxProgramBytes = maxProgramBytesOpt;
  if (warmupOpt.getNumOccurrences() && benchOpt == 0)
    fail("--warmup: only with --bench (it counts the launches before the "
         "timed ones)");
  if (warmupOpt == 0)
    fail("--warmup: 0 is below 1 (the run itself is the first warm-up "
         "launch)");
  std::unique_ptr<tilerun::Kernel> kernel =
      orFail(tilerun::Kernel::compile(*module, fn.getName(), compileOptions));
  for (const std::string &warning : kernel->warnings())
    WithColor::warning(errs(), "tilerun") << warning << "\n";

  tilerun::LaunchOptions launchOptions;
  launchOptions.threads = threadsOpt;
  failOn(kernel->launch(grid, bound.args, launchOptions));
  if (benchOpt > 0) {
    // A process's first launches run slower than its later ones (threads
    // start, caches and the CPU's clock settle).
    for (unsigned i = 1; i < warmupOpt; ++i)
      failOn(kernel->launch(grid, bound.args, launchOptions));
    std::vector<double> times;
    for (unsigned i = 0; i < benchOpt; ++i) {
      auto start = std::chrono::steady_clock::now();
      failOn(kernel->launch(grid, bound.args, launchOptions));
      times.push_back(std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count());
    }
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    double median =
        n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    outs() << format("compile_ms=%.3f median_ms=%.3f min_ms=%.3f\n",
                     kernel->compileMillis(), median, times.front());
    outs().flush();
  }

  for (const tilerun::SaveRequest &s : saves)
    failOn(tilerun::writeNpy(s.path, *bound.buffers[s.param]));
  return 0;
}

/// "a,(b,c),d" -> {"a", "(b,c)", "d"}: commas inside parentheses stay.
std::vector<std::string> splitGrid(StringRef text) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == ',' && depth == 0)
      parts.emplace_back();
    else
      parts.back() += c;
  }
  for (std::string &p : parts)
    if (StringRef(p).trim().empty())
      fail("--grid '" + text + "' has an empty extent");
  if (parts.size() > 3)
    fail("--grid '" + text + "' has more than 3 extents");
  while (parts.size() < 3)
    parts.push_back("1");
  return parts;
}

bool isCIdentifier(StringRef s) {
  return !s.empty() && (isAlpha(s[0]) || s[0] == '_') &&
         llvm::all_of(s, [](char c) { return isAlnum(c) || c == '_'; });
}

int runCompile(mlir::MLIRContext &ctx) {
  if (compileInput.empty())
    fail("compile: missing input file");
  if (compileOutput.empty())
    fail("compile: missing -o OUT (writes OUT.o and OUT.h)");
  tilerun::AOTOptions aot;
  aot.functionName = compileOutName.empty()
                         ? sys::path::filename(compileOutput).str()
                         : compileOutName.getValue();
  if (!isCIdentifier(aot.functionName))
    fail("compile: the function name '" + aot.functionName +
         "' is not a C identifier; choose one with --out-name");
  aot.targetCPU = compileCPU;
  aot.targetFeatures = compileFeatures;
  aot.sourceName = sys::path::filename(compileInput).str();
  if (!compileGrid.empty())
    aot.grid = splitGrid(compileGrid);

  SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler handler(sm, &ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(compileInput, ctx, sm);
  if (!module)
    return 1;
  warnOnLaterTritonRules(*module);
  tilerun::CompileOptions compileOptions;
  compileOptions.amx = amxOpt;
  auto kernel = orFail(
      tilerun::compileAheadOfTime(*module, compileKernel, compileOptions, aot));
  for (auto [ext, bytes] :
       {std::pair{".o", &kernel.object}, std::pair{".h", &kernel.header}}) {
    std::string path = compileOutput + ext;
    std::string message;
    auto out = mlir::openOutputFile(path, &message);
    if (!out)
      fail(message);
    out->os() << *bytes;
    out->keep();
  }
  return 0;
}

int runTarget() {
  outs() << orFail(tilerun::CpuTarget::get(compileCPU, compileFeatures))
                .describe();
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // LLVM's own options (registered in the general category) stay hidden.
  cl::HideUnrelatedOptions({&toolCategory});
  cl::ParseCommandLineOptions(argc, argv,
                              "tilerun: run Triton kernels on CPUs\n");

  mlir::DialectRegistry registry;
  tilerun::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  // Threads of the launcher are separate; the context's pool only slows down
  // start-up of a one-shot tool.
  ctx.disableMultithreading();

  if (runCmd)
    return runRun(ctx);
  if (checkCmd)
    return runCheck(ctx);
  if (convertCmd)
    return runConvert(ctx);
  if (compileCmd)
    return runCompile(ctx);
  if (targetCmd)
    return runTarget();
  fail("expected a subcommand: 'run', 'check', 'convert', 'compile' or "
       "'target' (see --help)");
}
