//===- CAPI.cpp - The C API (include/tilerun-c/tilerun.h) -----------------===//
//
// A thin layer over tilerun::Kernel. Each compile parses into an MLIRContext
// of its own, so compiles on one context never share mutable MLIR state and
// may run on several threads at once; the context only holds the dialect
// registry and the options. Every entry point runs its work inside an
// llvm::CrashRecoveryContext, so an LLVM or MLIR fatal error becomes
// TILERUN_ERROR_INTERNAL instead of ending the caller's process.
//
//===----------------------------------------------------------------------===//

#include "tilerun-c/tilerun.h"

#include "tilerun/Compiler/Compiler.h"
#include "tilerun/InitAllDialects.h"
#include "tilerun/Runtime/Kernel.h"
#include "tilerun/Runtime/KernelSignature.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

struct tilerun_context {
  mlir::DialectRegistry registry;
  unsigned threads = 0;
  bool checked = false;
  tilerun::CacheLocation cache;
};

struct tilerun_kernel {
  tilerun_context *context = nullptr;
  std::unique_ptr<tilerun::Kernel> kernel;
  /// The IR it was compiled from (empty for a loaded binary): the LLVM IR
  /// is derived from it on request.
  std::string source;
  std::string sourceName;
  tilerun::CompileOptions options;
  /// The compile's warnings, each rendered with its notes.
  std::vector<std::string> warnings;
};

namespace {

thread_local std::string lastError;

tilerun_status_t fail(tilerun_status_t status, const Twine &message) {
  lastError = message.str();
  return status;
}

tilerun_status_t succeed() {
  lastError.clear();
  return TILERUN_OK;
}

/// Runs `body` so that an LLVM fatal error or a crash inside LLVM/MLIR is
/// reported as TILERUN_ERROR_INTERNAL. The work that was abandoned leaks
/// what it had allocated; the process goes on.
tilerun_status_t guarded(function_ref<tilerun_status_t()> body) {
  static std::once_flag enable;
  std::call_once(enable, [] { CrashRecoveryContext::Enable(); });
  CrashRecoveryContext recovery;
  tilerun_status_t status = TILERUN_OK;
  if (!recovery.RunSafely([&] { status = body(); }))
    return fail(TILERUN_ERROR_INTERNAL,
                "a fatal error inside LLVM or MLIR stopped the call" +
                    (lastError.empty() ? Twine() : Twine(": ") + lastError));
  return status;
}

/// Collects MLIR diagnostics as "file:line:col: error: ..." lines.
struct DiagnosticText {
  std::string text;
  raw_string_ostream os{text};
  SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler handler;
  DiagnosticText(mlir::MLIRContext &ctx) : handler(sm, &ctx, os) {}
};

struct WarningStream {
  std::string rendered;
  raw_string_ostream renderStream{rendered};
};

/// Renders each warning, with its notes, into a text of its own (as
/// DiagnosticText renders errors) and appends it to `warnings`; other
/// diagnostics go on to the handlers registered before.
class WarningCollector : private WarningStream,
                         public mlir::SourceMgrDiagnosticHandler {
public:
  WarningCollector(SourceMgr &sm, mlir::MLIRContext &ctx,
                   std::vector<std::string> &warnings)
      : mlir::SourceMgrDiagnosticHandler(sm, &ctx, renderStream) {
    setHandler([this, &warnings](mlir::Diagnostic &d) -> LogicalResult {
      if (d.getSeverity() != mlir::DiagnosticSeverity::Warning)
        return failure();
      rendered.clear();
      emitDiagnostic(d);
      warnings.push_back(StringRef(rendered).rtrim().str());
      return success();
    });
  }
};

/// Lowering failures are summarised by Kernel::compile; the located
/// diagnostics say where.
std::string withDiagnostics(const Twine &summary, const std::string &diags) {
  std::string s = summary.str();
  if (!diags.empty())
    s += "\n" + StringRef(diags).rtrim().str();
  return s;
}

/// Parses `source` as a module of tilerun's dialects in `ctx`.
mlir::OwningOpRef<mlir::ModuleOp> parseModule(mlir::MLIRContext &ctx,
                                              DiagnosticText &diags,
                                              StringRef source,
                                              StringRef sourceName) {
  diags.sm.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(source, sourceName), SMLoc());
  return mlir::parseSourceFile<mlir::ModuleOp>(diags.sm, &ctx);
}

tilerun_status_t compileSource(tilerun_context_t *context, std::string source,
                               StringRef sourceName,
                               const tilerun_compile_options_t *options,
                               tilerun_kernel_t **out) {
  tilerun_compile_options_t defaults;
  tilerun_compile_options_init(&defaults);
  const tilerun_compile_options_t &opts = options ? *options : defaults;
  if (opts.checked < -1 || opts.checked > 1)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "checked must be -1, 0 or 1, not " + Twine(opts.checked));
  if (opts.memdesc_warnings != 0 && opts.memdesc_warnings != 1)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "memdesc_warnings must be 0 or 1, not " +
                    Twine(opts.memdesc_warnings));
  if (opts.amx != 0 && opts.amx != 1)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "amx must be 0 or 1, not " + Twine(opts.amx));
  auto handle = std::make_unique<tilerun_kernel>();
  handle->context = context;
  handle->sourceName = sourceName.str();
  handle->options.checked =
      opts.checked == -1 ? context->checked : opts.checked == 1;
  handle->options.amx = opts.amx == 1;
  if (opts.max_program_bytes)
    handle->options.maxProgramBytes = opts.max_program_bytes;
  if (handle->options.maxProgramBytes > (uint64_t(2) << 30))
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "max_program_bytes " + Twine(opts.max_program_bytes) +
                    " is above the maximum of 2 GiB");
  std::string name = opts.kernel_name ? opts.kernel_name : "";

  mlir::MLIRContext ctx(context->registry);
  ctx.disableMultithreading();
  DiagnosticText diags(ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parseModule(ctx, diags, source, sourceName);
  if (!module)
    return fail(TILERUN_ERROR_COMPILE,
                withDiagnostics(sourceName + ": the IR does not parse or "
                                             "verify",
                                diags.text));
  auto fn = tilerun::selectKernel(*module, name);
  if (!fn)
    return fail(TILERUN_ERROR_NOT_FOUND,
                sourceName + ": " + toString(fn.takeError()));
  // On every compile from IR, compile-cache hit or not: the warnings are
  // about the IR.
  if (opts.memdesc_warnings) {
    WarningCollector collect(diags.sm, ctx, handle->warnings);
    (void)tilerun::checkMemDescRules(*module, /*strict=*/false);
  }
  auto kernel = tilerun::Kernel::compile(*module, fn->getName(),
                                         handle->options, context->cache);
  if (!kernel)
    return fail(
        TILERUN_ERROR_COMPILE,
        withDiagnostics(sourceName + ": " + toString(kernel.takeError()),
                        diags.text));
  handle->kernel = std::move(*kernel);
  for (const std::string &warning : handle->kernel->warnings())
    handle->warnings.push_back(warning);
  handle->source = std::move(source);
  *out = handle.release();
  return succeed();
}

/// The binary format of tilerun_kernel_binary: a magic line, a JSON header
/// (tilerun's version, the CPU, the signature, checked mode, the object's
/// size), a NUL, then the object code.
constexpr StringLiteral kBinaryMagic = "tilerun-kernel-binary\n";

std::string hostCPU() {
  const tilerun::CpuTarget &host = tilerun::CpuTarget::host();
  return host.triple() + " " + host.cpu();
}

/// Whether the 64-bit `bits` hold a value of a `width`-bit integer: zero or
/// sign extended above it.
bool fitsIntegerBits(uint64_t bits, unsigned width) {
  if (width >= 64)
    return true;
  uint64_t high = bits >> width;
  uint64_t signExtended = (~uint64_t(0)) >> width;
  bool negative = (bits >> (width - 1)) & 1;
  return high == 0 || (negative && high == signExtended);
}

/// Buffer addresses below this lie in the first page (tilerun/_args.py's
/// MIN_ADDRESS refuses the same).
constexpr uintptr_t kMinBufferAddress = 4096;

unsigned elementBytes(const tilerun::KernelParam &p) {
  if (p.type.kind == tilerun::ScalarType::Untyped)
    return 8;
  return std::max(1u, (p.type.bits + 7) / 8);
}

/// The argument's kind as the caller stored it. C callers may store any
/// int in the enum field; reading a value outside the enumerators through
/// the C++ enum type is undefined behaviour (UBSan's enum check), so it is
/// read as an integer.
uint32_t argKind(const tilerun_arg_t &a) {
  uint32_t kind;
  static_assert(sizeof(a.kind) == sizeof(kind), "an int-sized enum");
  std::memcpy(&kind, &a.kind, sizeof kind);
  return kind;
}

/// Converts the C arguments, checking each against its parameter.
tilerun_status_t convertArgs(const tilerun::KernelSignature &sig,
                             const tilerun_arg_t *args, size_t numArgs,
                             std::vector<tilerun::KernelArg> &out) {
  if (numArgs != sig.params.size())
    return fail(TILERUN_ERROR_BAD_ARGUMENT,
                "kernel '" + sig.name + "' takes " + Twine(sig.params.size()) +
                    " arguments (" + sig.paramNames() + "), got " +
                    Twine(numArgs));
  if (numArgs && !args)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "args is NULL");
  for (const tilerun::KernelParam &p : sig.params) {
    const tilerun_arg_t &a = args[p.index];
    uint32_t kind = argKind(a);
    auto bad = [&](const Twine &why) {
      return fail(TILERUN_ERROR_BAD_ARGUMENT,
                  "argument " + Twine(p.index) + " ('" + p.name + "'): " + why);
    };
    bool wantsDesc = p.kind == tilerun::KernelParam::TensorDesc;
    if (!p.isBuffer()) {
      if (kind != TILERUN_ARG_SCALAR)
        return bad("the parameter is a scalar of type " + p.type.name +
                   ", not a buffer");
      if (p.type.kind == tilerun::ScalarType::Int &&
          !fitsIntegerBits(a.value.bits, p.type.bits))
        return bad("0x" + utohexstr(a.value.bits) + " is out of range for " +
                   p.type.name);
      out.push_back(tilerun::KernelArg::scalar(a.value.bits));
      continue;
    }
    if (kind == TILERUN_ARG_SCALAR)
      return bad(std::string("the parameter is a ") +
                 (wantsDesc ? "tensor descriptor" : "buffer") + " of " +
                 p.type.name + ", not a scalar");
    if ((kind == TILERUN_ARG_TENSOR_DESC) != wantsDesc)
      return bad(wantsDesc ? "the parameter is a tensor descriptor: pass "
                             "TILERUN_ARG_TENSOR_DESC"
                           : "the parameter is not a tensor descriptor");
    if (kind != TILERUN_ARG_BUFFER && kind != TILERUN_ARG_TENSOR_DESC)
      return bad("unknown argument kind " + Twine(kind));
    if (!a.value.buffer.data)
      return bad("the buffer's address is NULL");
    // The first page is never mapped (Linux's vm.mmap_min_addr is at least
    // 4096), so such an "address" is a size or an index passed for a
    // buffer, on which the kernel would crash the process.
    if (uintptr_t(a.value.buffer.data) < kMinBufferAddress)
      return bad("0x" + utohexstr(uintptr_t(a.value.buffer.data)) +
                 " is not a valid buffer address (the first " +
                 Twine(kMinBufferAddress) +
                 " bytes of memory are never mapped: a size or an index "
                 "passed for a buffer?)");
    unsigned elem = elementBytes(p);
    if (a.value.buffer.bytes < elem)
      return bad("a buffer of " + Twine(a.value.buffer.bytes) +
                 " bytes holds no " + p.type.name + " element");
    int64_t elements = int64_t(
        std::min<uint64_t>(a.value.buffer.bytes / elem, uint64_t(INT64_MAX)));
    // A memref's static shape needs its exact number of elements. Checked
    // here so that a mismatch is a bad argument, not a failed launch.
    if (Error e = tilerun::checkElementCount(p, elements))
      return fail(TILERUN_ERROR_BAD_ARGUMENT, toString(std::move(e)));
    if (wantsDesc) {
      if (a.padding > TILERUN_PADDING_NAN)
        return bad("padding must be TILERUN_PADDING_ZERO or "
                   "TILERUN_PADDING_NAN, not " +
                   Twine(a.padding));
      out.push_back(tilerun::KernelArg::descriptor(a.value.buffer.data,
                                                   elements, a.padding));
    } else {
      out.push_back(tilerun::KernelArg::buffer(a.value.buffer.data, elements));
    }
  }
  return TILERUN_OK;
}

} // namespace

extern "C" {

const char *tilerun_version(void) { return "0.4.0"; }

const char *tilerun_host_target(void) {
  static const std::string target = hostCPU();
  return target.c_str();
}

const char *tilerun_last_error(void) { return lastError.c_str(); }

void tilerun_context_options_init(tilerun_context_options_t *options) {
  if (!options)
    return;
  options->threads = 0;
  options->checked = 0;
  options->cache_dir = nullptr;
}

tilerun_status_t
tilerun_context_create(const tilerun_context_options_t *options,
                       tilerun_context_t **context) {
  if (!context)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "context is NULL");
  *context = nullptr;
  tilerun_context_options_t defaults;
  tilerun_context_options_init(&defaults);
  const tilerun_context_options_t &opts = options ? *options : defaults;
  if (opts.checked != 0 && opts.checked != 1)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "checked must be 0 or 1, not " + Twine(opts.checked));
  auto ctx = std::make_unique<tilerun_context>();
  tilerun::registerAllDialects(ctx->registry);
  ctx->threads = opts.threads;
  ctx->checked = opts.checked == 1;
  if (opts.cache_dir)
    ctx->cache.dir = std::string(opts.cache_dir);
  *context = ctx.release();
  return succeed();
}

void tilerun_context_destroy(tilerun_context_t *context) { delete context; }

void tilerun_compile_options_init(tilerun_compile_options_t *options) {
  if (!options)
    return;
  options->kernel_name = nullptr;
  options->checked = -1;
  options->max_program_bytes = 0;
  options->memdesc_warnings = 1;
  options->amx = 1;
}

tilerun_status_t
tilerun_kernel_compile(tilerun_context_t *context, const char *ir, size_t size,
                       const char *source_name,
                       const tilerun_compile_options_t *options,
                       tilerun_kernel_t **kernel) {
  if (!context || !kernel || (!ir && size))
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "tilerun_kernel_compile: context, ir and kernel must not be "
                "NULL");
  *kernel = nullptr;
  std::string source(ir ? ir : "", size);
  std::string name = source_name ? source_name : "<source>";
  return guarded([&] {
    return compileSource(context, std::move(source), name, options, kernel);
  });
}

tilerun_status_t
tilerun_kernel_compile_file(tilerun_context_t *context, const char *path,
                            const tilerun_compile_options_t *options,
                            tilerun_kernel_t **kernel) {
  if (!context || !path || !kernel)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "tilerun_kernel_compile_file: context, path and kernel must "
                "not be NULL");
  *kernel = nullptr;
  auto file = MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return fail(TILERUN_ERROR_IO,
                Twine(path) + ": " + file.getError().message());
  std::string source = (*file)->getBuffer().str();
  return guarded([&] {
    return compileSource(context, std::move(source), path, options, kernel);
  });
}

void tilerun_kernel_destroy(tilerun_kernel_t *kernel) { delete kernel; }

const char *tilerun_kernel_name(const tilerun_kernel_t *kernel) {
  return kernel ? kernel->kernel->signature().name.c_str() : "";
}

double tilerun_kernel_compile_ms(const tilerun_kernel_t *kernel) {
  return kernel ? kernel->kernel->compileMillis() : 0;
}

size_t tilerun_kernel_num_warnings(const tilerun_kernel_t *kernel) {
  return kernel ? kernel->warnings.size() : 0;
}

const char *tilerun_kernel_warning(const tilerun_kernel_t *kernel,
                                   size_t index) {
  if (!kernel || index >= kernel->warnings.size())
    return nullptr;
  return kernel->warnings[index].c_str();
}

size_t tilerun_kernel_num_params(const tilerun_kernel_t *kernel) {
  return kernel ? kernel->kernel->signature().params.size() : 0;
}

tilerun_status_t tilerun_kernel_param(const tilerun_kernel_t *kernel,
                                      size_t index,
                                      tilerun_param_info_t *info) {
  if (!kernel || !info)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "kernel and info must not be "
                                                "NULL");
  const tilerun::KernelSignature &sig = kernel->kernel->signature();
  if (index >= sig.params.size())
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "kernel '" + sig.name + "' has " + Twine(sig.params.size()) +
                    " parameters; there is no parameter " + Twine(index));
  const tilerun::KernelParam &p = sig.params[index];
  info->name = p.name.c_str();
  info->kind = tilerun_param_kind_t(p.kind);
  info->type_kind = tilerun_scalar_kind_t(p.type.kind);
  info->bits = p.type.bits;
  info->is_unsigned = p.type.isUnsigned;
  info->type_name = p.type.name.c_str();
  return succeed();
}

tilerun_status_t tilerun_kernel_llvm_ir(const tilerun_kernel_t *kernel,
                                        char **text, size_t *size) {
  if (!kernel || !text)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "kernel and text must not be "
                                                "NULL");
  *text = nullptr;
  if (kernel->source.empty())
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "kernel '" + kernel->kernel->signature().name +
                    "' was loaded from a binary: its LLVM IR is not kept");
  return guarded([&]() -> tilerun_status_t {
    mlir::MLIRContext ctx(kernel->context->registry);
    ctx.disableMultithreading();
    DiagnosticText diags(ctx);
    auto module = parseModule(ctx, diags, kernel->source, kernel->sourceName);
    if (!module)
      return fail(TILERUN_ERROR_COMPILE,
                  withDiagnostics("reparse failed", diags.text));
    auto ir = tilerun::Kernel::emitLLVMIR(
        *module, kernel->kernel->signature().name, kernel->options);
    if (!ir)
      return fail(TILERUN_ERROR_COMPILE,
                  withDiagnostics(toString(ir.takeError()), diags.text));
    char *copy = static_cast<char *>(std::malloc(ir->size() + 1));
    if (!copy)
      return fail(TILERUN_ERROR_INTERNAL, "out of memory");
    std::memcpy(copy, ir->c_str(), ir->size() + 1);
    *text = copy;
    if (size)
      *size = ir->size();
    return succeed();
  });
}

tilerun_status_t tilerun_kernel_binary(const tilerun_kernel_t *kernel,
                                       void **bytes, size_t *size) {
  if (!kernel || !bytes || !size)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "kernel, bytes and size must "
                                                "not be NULL");
  *bytes = nullptr;
  *size = 0;
  return guarded([&]() -> tilerun_status_t {
    auto object = kernel->kernel->objectCode();
    if (!object)
      return fail(TILERUN_ERROR_INTERNAL, toString(object.takeError()));
    json::Object header{
        {"version", tilerun_version()},
        {"cpu", hostCPU()},
        {"checked", kernel->kernel->isChecked()},
        {"amx", kernel->kernel->usesAMX()},
        {"object_bytes", int64_t(object->size())},
        {"signature", tilerun::signatureToJSON(kernel->kernel->signature())}};
    std::string out = kBinaryMagic.str();
    raw_string_ostream os(out);
    os << json::Value(std::move(header));
    os << '\0' << *object;
    os.flush();
    void *copy = std::malloc(out.size());
    if (!copy)
      return fail(TILERUN_ERROR_INTERNAL, "out of memory");
    std::memcpy(copy, out.data(), out.size());
    *bytes = copy;
    *size = out.size();
    return succeed();
  });
}

tilerun_status_t tilerun_kernel_load(tilerun_context_t *context,
                                     const void *bytes, size_t size,
                                     tilerun_kernel_t **kernel) {
  if (!context || !bytes || !kernel)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "context, bytes and kernel "
                                                "must not be NULL");
  *kernel = nullptr;
  StringRef data(static_cast<const char *>(bytes), size);
  if (!data.consume_front(kBinaryMagic))
    return fail(TILERUN_ERROR_IO, "not a tilerun kernel binary");
  // Named pairs, not a structured binding: the lambda below captures
  // `object`, which C++17 (and clang before 16) does not allow of a binding.
  std::pair<StringRef, StringRef> parts = data.split('\0');
  StringRef headerText = parts.first, object = parts.second;
  auto header = json::parse(headerText);
  if (!header)
    return fail(TILERUN_ERROR_IO, "corrupt tilerun kernel binary: " +
                                      toString(header.takeError()));
  const json::Object *o = header->getAsObject();
  auto version = o ? o->getString("version") : std::nullopt;
  auto cpu = o ? o->getString("cpu") : std::nullopt;
  auto objectBytes = o ? o->getInteger("object_bytes") : std::nullopt;
  const json::Value *signature = o ? o->get("signature") : nullptr;
  if (!version || !cpu || !objectBytes || !signature)
    return fail(TILERUN_ERROR_IO, "corrupt tilerun kernel binary header");
  if (*version != tilerun_version())
    return fail(TILERUN_ERROR_IO, "the kernel binary was made by tilerun " +
                                      *version + ", this is " +
                                      tilerun_version());
  if (*cpu != hostCPU())
    return fail(TILERUN_ERROR_IO, "the kernel binary was compiled for '" +
                                      *cpu + "', this machine is '" +
                                      hostCPU() + "'");
  if (*objectBytes != int64_t(object.size()))
    return fail(TILERUN_ERROR_IO,
                "truncated tilerun kernel binary: " + Twine(object.size()) +
                    " of " + Twine(*objectBytes) + " object bytes");
  auto sig = tilerun::signatureFromJSON(*signature);
  if (!sig)
    return fail(TILERUN_ERROR_IO, toString(sig.takeError()));
  bool checked = o->getBoolean("checked").value_or(false);
  bool amx = o->getBoolean("amx").value_or(false);
  return guarded([&]() -> tilerun_status_t {
    auto loaded =
        tilerun::Kernel::loadObject(object, std::move(*sig), checked, amx);
    if (!loaded)
      return fail(TILERUN_ERROR_IO, "cannot load the kernel's object code: " +
                                        toString(loaded.takeError()));
    auto handle = std::make_unique<tilerun_kernel>();
    handle->context = context;
    handle->kernel = std::move(*loaded);
    handle->options.checked = checked;
    *kernel = handle.release();
    return succeed();
  });
}

void tilerun_free(void *memory) { std::free(memory); }

tilerun_status_t tilerun_kernel_launch(const tilerun_kernel_t *kernel,
                                       uint32_t gx, uint32_t gy, uint32_t gz,
                                       const tilerun_arg_t *args,
                                       size_t num_args) {
  if (!kernel)
    return fail(TILERUN_ERROR_INVALID_ARGUMENT, "kernel is NULL");
  for (auto [axis, extent] : {std::pair{'x', gx}, {'y', gy}, {'z', gz}})
    if (extent == 0 || extent > uint32_t(INT32_MAX))
      return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                  "grid extent " + Twine(axis) + " = " + Twine(extent) +
                      " must be between 1 and 2^31 - 1");
  // 2^30 x 2^30 x 16 programs would otherwise wrap around to none at all.
  if ((unsigned __int128)gx * gy * gz > uint64_t(INT64_MAX))
    return fail(TILERUN_ERROR_INVALID_ARGUMENT,
                "grid " + Twine(gx) + " x " + Twine(gy) + " x " + Twine(gz) +
                    " has more than 2^63 - 1 programs");
  std::vector<tilerun::KernelArg> converted;
  if (tilerun_status_t s =
          convertArgs(kernel->kernel->signature(), args, num_args, converted))
    return s;
  return guarded([&]() -> tilerun_status_t {
    tilerun::LaunchOptions options;
    options.threads = kernel->context->threads;
    if (Error e = kernel->kernel->launch({gx, gy, gz}, converted, options))
      return fail(TILERUN_ERROR_LAUNCH, toString(std::move(e)));
    return succeed();
  });
}

} // extern "C"
