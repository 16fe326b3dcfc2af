//===- FuzzCAPICompile.cpp - libFuzzer target: the C API's compile entry --===//
//
// Drives include/tilerun-c/tilerun.h as an application would, with IR text
// and options from the input: context options (thread counts, checked
// values in and out of range), compile options (kernel names that are
// right, wrong, empty, absent or not NUL-free; checked, max_program_bytes
// and memdesc_warnings at and past their limits), then everything a
// compiled kernel answers: its name, each parameter and one past the last,
// its warnings, its LLVM IR, its binary loaded back, and a launch whose
// last argument has the wrong kind, so that every argument before it is
// converted but no program runs (fuzzed IR may touch any memory).
//
// Input: a header of kHeaderBytes bytes, read through FuzzedDataProvider,
// then the IR. fuzz/run.sh makes seeds from IR files with a zero header.
// Every call must return a status, with a message when it fails; a crash,
// a sanitizer report, a leak, or an OK status with no kernel is a bug.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/tilerun.h"

#include "FuzzSupport.h"

#include "llvm/ADT/StringRef.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr size_t kHeaderBytes = 24;

/// Stops the run with what went wrong: libFuzzer saves the input.
[[noreturn]] void bug(const char *what, const std::string &detail = "") {
  std::fprintf(stderr, "tilerun-fuzz-capi-compile: %s %s\n", what,
               detail.c_str());
  std::abort();
}

/// A failed call must say why.
void expectMessage(tilerun_status_t status, const char *call) {
  if (status != TILERUN_OK && !*tilerun_last_error())
    bug(call, "failed without a message");
  if (status < TILERUN_OK || status > TILERUN_ERROR_INTERNAL)
    bug(call, "returned an unknown status " + std::to_string(int(status)));
}

/// The names of the functions the IR text defines (`@name(` after
/// `func`), so that the fuzzer often asks for a kernel that exists.
std::vector<std::string> definedNames(llvm::StringRef ir) {
  std::vector<std::string> names;
  for (size_t at = ir.find("func");
       at != llvm::StringRef::npos && names.size() < 8;
       at = ir.find("func", at + 4)) {
    size_t sigil = ir.find('@', at);
    if (sigil == llvm::StringRef::npos)
      break;
    llvm::StringRef rest = ir.drop_front(sigil + 1);
    names.push_back(rest.take_until([](char c) { return c == '(' || c == ' '; })
                        .take_front(64)
                        .str());
  }
  return names;
}

std::string kernelName(FuzzedDataProvider &header, llvm::StringRef ir,
                       bool &isNull) {
  isNull = false;
  std::vector<std::string> names = definedNames(ir);
  std::string name =
      names.empty()
          ? "k"
          : names[header.ConsumeIntegralInRange<size_t>(0, names.size() - 1)];
  switch (header.ConsumeIntegralInRange(0, 7)) {
  case 0:
    isNull = true;
    return "";
  case 1:
    return "";
  case 2:
    return name + "_";
  case 3:
    return name.substr(0, name.size() / 2);
  case 4:
    return "no_such_kernel";
  case 5: // A name with a NUL inside: the C string ends at it.
    return name + std::string(1, '\0') + "tail";
  default:
    return name;
  }
}

/// Mostly `usual`, sometimes any value. A header of zeros (the seeds')
/// gives the usual values throughout.
int32_t fuzzedInt32(FuzzedDataProvider &header, int32_t usual) {
  if (header.ConsumeIntegralInRange(0, 3) == 3)
    return header.ConsumeIntegral<int32_t>();
  return usual;
}

tilerun_context_t *makeContext(FuzzedDataProvider &header) {
  tilerun_context_options_t options;
  tilerun_context_options_init(&options);
  static const uint32_t threadCounts[] = {0, 1, 2, 3, 64, 1u << 31, UINT32_MAX};
  options.threads = header.PickValueInArray(threadCounts);
  options.checked = fuzzedInt32(header, header.ConsumeBool());
  options.cache_dir = ""; // no disk: a cache would fill it
  tilerun_context_t *ctx = nullptr;
  tilerun_status_t status = tilerun_context_create(&options, &ctx);
  expectMessage(status, "tilerun_context_create");
  bool valid = options.checked == 0 || options.checked == 1;
  if ((status == TILERUN_OK) != valid || (status == TILERUN_OK) != bool(ctx))
    bug("tilerun_context_create",
        "accepted a bad option or refused a good one");
  if (ctx)
    return ctx;
  options.checked = 0;
  if (tilerun_context_create(&options, &ctx) != TILERUN_OK)
    bug("tilerun_context_create", tilerun_last_error());
  return ctx;
}

/// Asks the kernel everything it can answer without running it.
void inspect(tilerun_context_t *ctx, tilerun_kernel_t *k,
             FuzzedDataProvider &header) {
  if (!tilerun_kernel_name(k) || !*tilerun_kernel_name(k))
    bug("tilerun_kernel_name", "is empty");
  size_t numParams = tilerun_kernel_num_params(k);
  std::vector<tilerun_param_info_t> params(numParams);
  for (size_t i = 0; i < numParams; ++i) {
    tilerun_status_t s = tilerun_kernel_param(k, i, &params[i]);
    if (s != TILERUN_OK || !params[i].name || !params[i].type_name)
      bug("tilerun_kernel_param", tilerun_last_error());
  }
  tilerun_param_info_t past;
  if (tilerun_kernel_param(k, numParams, &past) !=
      TILERUN_ERROR_INVALID_ARGUMENT)
    bug("tilerun_kernel_param", "accepted an index past the last parameter");
  for (size_t i = 0; i < tilerun_kernel_num_warnings(k); ++i)
    if (!tilerun_kernel_warning(k, i))
      bug("tilerun_kernel_warning", "is NULL below num_warnings");
  if (tilerun_kernel_warning(k, tilerun_kernel_num_warnings(k)))
    bug("tilerun_kernel_warning", "is not NULL past num_warnings");

  // The LLVM IR and the binary relower or copy the kernel: not every input.
  if (header.ConsumeIntegralInRange(0, 3) == 0) {
    char *text = nullptr;
    size_t size = 0;
    tilerun_status_t s = tilerun_kernel_llvm_ir(k, &text, &size);
    expectMessage(s, "tilerun_kernel_llvm_ir");
    if (s == TILERUN_OK && (!text || std::strlen(text) != size))
      bug("tilerun_kernel_llvm_ir", "returned no text or a wrong size");
    tilerun_free(text);
  }
  if (header.ConsumeIntegralInRange(0, 3) == 0) {
    void *bytes = nullptr;
    size_t size = 0;
    tilerun_status_t s = tilerun_kernel_binary(k, &bytes, &size);
    expectMessage(s, "tilerun_kernel_binary");
    if (s == TILERUN_OK) {
      // Cut short by a fuzzed amount, the binary must be refused.
      size_t cut = header.ConsumeIntegralInRange<size_t>(0, 2) == 0
                       ? header.ConsumeIntegralInRange<size_t>(1, size)
                       : 0;
      tilerun_kernel_t *loaded = nullptr;
      tilerun_status_t l = tilerun_kernel_load(ctx, bytes, size - cut, &loaded);
      expectMessage(l, "tilerun_kernel_load");
      if ((l == TILERUN_OK) != (cut == 0) || (l == TILERUN_OK) != bool(loaded))
        bug("tilerun_kernel_load",
            cut ? "accepted a truncated binary" : tilerun_last_error());
      if (loaded && tilerun_kernel_num_params(loaded) != numParams)
        bug("tilerun_kernel_load", "changed the signature");
      tilerun_kernel_destroy(loaded);
    }
    tilerun_free(bytes);
  }

  // Every argument converted, none run: the last has the wrong kind (a
  // kernel without parameters gets one too many).
  alignas(64) static uint8_t memory[4096];
  std::vector<tilerun_arg_t> args;
  for (const tilerun_param_info_t &p : params) {
    uint64_t bytes = header.ConsumeIntegralInRange<uint64_t>(1, sizeof memory);
    switch (p.kind) {
    case TILERUN_PARAM_SCALAR:
      args.push_back(tilerun_arg_bits(header.ConsumeIntegral<uint64_t>()));
      break;
    case TILERUN_PARAM_TENSOR_DESC:
      args.push_back(
          tilerun_arg_tensor_desc(memory, bytes, TILERUN_PADDING_ZERO));
      break;
    default:
      args.push_back(tilerun_arg_buffer(memory, bytes));
    }
  }
  if (args.empty())
    args.push_back(tilerun_arg_i32(0));
  else if (args.back().kind == TILERUN_ARG_SCALAR)
    args.back() = tilerun_arg_buffer(memory, sizeof memory);
  else
    args.back() = tilerun_arg_i32(0);
  tilerun_status_t s =
      tilerun_kernel_launch(k, 1, 1, 1, args.data(), args.size());
  expectMessage(s, "tilerun_kernel_launch");
  if (s != TILERUN_ERROR_BAD_ARGUMENT)
    bug("tilerun_kernel_launch",
        "did not refuse an argument of the wrong kind");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < kHeaderBytes)
    return -1;
  FuzzedDataProvider header(data, kHeaderBytes);
  llvm::StringRef ir(reinterpret_cast<const char *>(data) + kHeaderBytes,
                     size - kHeaderBytes);
  if (tilerun::fuzz::hitsLinalgArrayParserBug(ir))
    return -1; // a crash in MLIR's parser (FuzzSupport.h), not tilerun's

  tilerun_context_t *ctx = makeContext(header);
  tilerun_compile_options_t options;
  tilerun_compile_options_init(&options);
  bool nullName = false;
  std::string name = kernelName(header, ir, nullName);
  options.kernel_name = nullName ? nullptr : name.c_str();
  options.checked = fuzzedInt32(header, header.ConsumeIntegralInRange(-1, 1));
  options.memdesc_warnings = fuzzedInt32(header, header.ConsumeBool());
  static const uint64_t programBytes[] = {0,
                                          1,
                                          4096,
                                          uint64_t(1) << 20,
                                          uint64_t(2) << 30,
                                          (uint64_t(2) << 30) + 1,
                                          UINT64_MAX};
  options.max_program_bytes = header.PickValueInArray(programBytes);
  bool nullSource = header.ConsumeIntegralInRange(0, 7) == 7;

  tilerun_kernel_t *k = nullptr;
  tilerun_status_t status = tilerun_kernel_compile(
      ctx, ir.data(), ir.size(), nullSource ? nullptr : "fuzz.ttir",
      header.ConsumeIntegralInRange(0, 15) == 15 ? nullptr : &options, &k);
  expectMessage(status, "tilerun_kernel_compile");
  if ((status == TILERUN_OK) != bool(k))
    bug("tilerun_kernel_compile", "status and kernel disagree");
  if (k) {
    inspect(ctx, k, header);
    tilerun_kernel_destroy(k);
  }
  tilerun_context_destroy(ctx);
  return 0;
}
