//===- Kernel.cpp - JIT compilation and the grid launcher -----------------===//
#include "tilerun/Runtime/Kernel.h"

#include "ArgPacking.h"
#include "Support/GridChunks.h"
#include "Support/LaunchState.h"
#include "tilerun/Runtime/Buffer.h"
#include "tilerun/Runtime/CompileCache.h"
#include "tilerun/Runtime/RuntimeSymbols.h"
#include "tilerun/Target/Codegen.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/thread.h"

#include <chrono>
#include <optional>
#include <mutex>

using namespace llvm;

namespace tilerun {

Kernel::~Kernel() = default;

/// The engine's object code. ExecutionEngine only hands its object out as a
/// file, so it goes through a private temporary file.
static Expected<std::string> engineObject(mlir::ExecutionEngine &engine) {
  SmallString<128> tmp;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("tilerun-object", "o", tmp))
    return createStringError(ec, "cannot create a temporary object file");
  engine.dumpToObjectFile(tmp);
  auto object = MemoryBuffer::getFile(tmp, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  sys::fs::remove(tmp);
  if (!object)
    return createStringError(object.getError(), "cannot read the object");
  if ((*object)->getBufferSize() == 0)
    return createStringError("the JIT kept no object code for this kernel");
  return (*object)->getBuffer().str();
}

/// Saves the engine's object code under `key`.
static void storeObject(mlir::ExecutionEngine &engine,
                        const CompileCache &cache,
                        const CompileCache::Key &key) {
  auto object = engineObject(engine);
  if (object)
    consumeError(cache.store(key, *object));
  else
    consumeError(object.takeError());
}

static void initializeNativeTarget() {
  static std::once_flag targetInit;
  std::call_once(targetInit, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
}

static Expected<orc::JITTargetMachineBuilder> hostTargetBuilder() {
  auto tmBuilder = orc::JITTargetMachineBuilder::detectHost();
  if (!tmBuilder)
    return tmBuilder.takeError();
  tmBuilder->setCodeGenOptLevel(CodeGenOptLevel::Aggressive);
  return tmBuilder;
}

Expected<std::string> Kernel::objectCode() const {
  if (Cached)
    return CachedObject;
  // A kernel compiled here: the engine must have kept its object, which it
  // does when created with enableObjectDump.
  return engineObject(*Engine);
}

Expected<std::unique_ptr<Kernel>> Kernel::loadObject(StringRef object,
                                                     KernelSignature signature,
                                                     bool checked) {
  auto start = std::chrono::steady_clock::now();
  initializeNativeTarget();
  auto tmBuilder = hostTargetBuilder();
  if (!tmBuilder)
    return tmBuilder.takeError();
  auto jit = loadCachedObject(
      MemoryBuffer::getMemBufferCopy(object, "tilerun-kernel"), *tmBuilder);
  if (!jit)
    return jit.takeError();
  auto entry = (*jit)->lookup("_mlir_" + signature.name);
  if (!entry)
    return entry.takeError();
  std::unique_ptr<Kernel> kernel(new Kernel());
  kernel->Entry = entry->toPtr<void (*)(void **)>();
  kernel->Cached = std::move(*jit);
  kernel->CachedObject = object.str();
  kernel->Signature = std::move(signature);
  kernel->Checked = checked;
  kernel->ProgramBytes = programBytes(*kernel, kernel->Signature.name);
  kernel->CompileMs = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
  return std::move(kernel);
}

Expected<std::string> Kernel::emitLLVMIR(mlir::ModuleOp module, StringRef name,
                                         const CompileOptions &options) {
  auto fn = selectKernel(module, name);
  if (!fn)
    return fn.takeError();
  auto lowered = lowerCloneToLLVMDialect(module, fn->getName(), options);
  if (!lowered)
    return lowered.takeError();
  LLVMContext llvmContext;
  auto llvmModule = translateToLLVMIR(**lowered, llvmContext, fn->getName());
  if (!llvmModule)
    return llvmModule.takeError();
  std::string text;
  raw_string_ostream os(text);
  (*llvmModule)->print(os, nullptr);
  return text;
}

/// Stack bytes one program of `name` needs for its buffers, as the compiler
/// exported them (ResourceLimits.cpp); 0 when not recorded (linalg kernels
/// allocate on the heap).
uint64_t Kernel::programBytes(const Kernel &kernel, StringRef name) {
  std::string symbol = ("__tilerun_program_bytes_" + name).str();
  void *addr = nullptr;
  if (kernel.Engine) {
    auto found = kernel.Engine->lookup(symbol);
    if (found)
      addr = *found;
    else
      consumeError(found.takeError());
  } else if (kernel.Cached) {
    auto found = kernel.Cached->lookup(symbol);
    if (found)
      addr = found->toPtr<void *>();
    else
      consumeError(found.takeError());
  }
  return addr ? *static_cast<const uint64_t *>(addr) : 0;
}

Expected<std::unique_ptr<Kernel>> Kernel::compile(mlir::ModuleOp module,
                                                  StringRef name,
                                                  const CompileOptions &options,
                                                  const CacheLocation &where) {
  auto start = std::chrono::steady_clock::now();
  initializeNativeTarget();

  auto fn = selectKernel(module, name);
  if (!fn)
    return fn.takeError();
  auto sig = extractSignature(*fn);
  if (!sig)
    return sig.takeError();

  auto tmBuilder = hostTargetBuilder();
  if (!tmBuilder)
    return tmBuilder.takeError();
  auto finish = [&](std::unique_ptr<Kernel> kernel)
      -> Expected<std::unique_ptr<Kernel>> {
    kernel->Signature = std::move(*sig);
    kernel->Checked = options.checked;
    kernel->ProgramBytes = programBytes(*kernel, kernel->Signature.name);
    kernel->CompileMs = std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - start)
                            .count();
    return std::move(kernel);
  };

  // A hit skips lowering and code generation; anything wrong with the entry
  // (unreadable, corrupted, fails to link) falls through to a fresh compile.
  std::optional<CompileCache> cache =
      !where.dir                ? CompileCache::fromEnvironment()
      : where.dir->empty()      ? std::nullopt
                                : std::optional<CompileCache>(*where.dir);
  CompileCache::Key cacheKey{};
  if (cache) {
    cacheKey = kernelCacheKey(module, sig->name, options, *tmBuilder);
    if (auto object = cache->lookup(cacheKey)) {
      std::string bytes = object->getBuffer().str();
      auto jit = loadCachedObject(std::move(object), *tmBuilder);
      auto entry = jit ? (*jit)->lookup("_mlir_" + sig->name)
                       : Expected<orc::ExecutorAddr>(jit.takeError());
      if (entry) {
        std::unique_ptr<Kernel> kernel(new Kernel());
        kernel->Entry = entry->toPtr<void (*)(void **)>();
        kernel->Cached = std::move(*jit);
        kernel->CachedObject = std::move(bytes);
        return finish(std::move(kernel));
      }
      consumeError(entry.takeError());
    }
  }

  auto loweredOr = lowerCloneToLLVMDialect(module, sig->name, options);
  if (!loweredOr)
    return loweredOr.takeError();
  mlir::OwningOpRef<mlir::ModuleOp> lowered = std::move(*loweredOr);

  auto tm = tmBuilder->createTargetMachine();
  if (!tm)
    return tm.takeError();
  TargetMachine *machine = tm->get();
  auto transformer = [machine](llvm::Module *m) -> llvm::Error {
    return optimizeKernelModule(*m, machine);
  };
  mlir::ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = CodeGenOptLevel::Aggressive;
  // Kept for the cache and for objectCode().
  engineOptions.enableObjectDump = true;
  auto engine =
      mlir::ExecutionEngine::create(*lowered, engineOptions, std::move(*tm));
  if (!engine)
    return engine.takeError();

  std::unique_ptr<Kernel> kernel(new Kernel());
  kernel->Engine = std::move(*engine);
  registerRuntimeSymbols(*kernel->Engine);
  kernel->Engine->initialize();
  auto entry = kernel->Engine->lookupPacked(sig->name);
  if (!entry)
    return entry.takeError();
  kernel->Entry = *entry;
  if (cache)
    storeObject(*kernel->Engine, *cache, cacheKey);
  return finish(std::move(kernel));
}

/// Pools are kept per thread count for the life of the process: launches are
/// short and many (--bench), so threads must not be re-spawned per launch.
/// Leaked on purpose to stay clear of static destruction order at exit.
static ThreadPoolInterface &getPool(unsigned workers) {
  static std::mutex mutex;
  static auto *pools = new DenseMap<unsigned, StdThreadPool *>();
  std::lock_guard<std::mutex> lock(mutex);
  StdThreadPool *&pool = (*pools)[workers];
  if (!pool)
    pool = new StdThreadPool(hardware_concurrency(workers));
  return *pool;
}

/// What checked code validates accesses against (tilerun_check_access).
static void registerBuffers(const KernelSignature &sig, ArrayRef<KernelArg> args,
                            LaunchState &state) {
  for (const KernelParam &p : sig.params) {
    const KernelArg &a = args[p.index];
    if (!p.isBuffer() || !a.isBuffer)
      continue;
    BoundBuffer b;
    b.begin = reinterpret_cast<uintptr_t>(a.data);
    b.elementBytes = p.type.kind == ScalarType::Untyped
                         ? 8
                         : std::max(1u, (p.type.bits + 7) / 8);
    b.elements = a.numElements;
    b.bytes = uint64_t(a.numElements) * b.elementBytes;
    b.param = p.index;
    b.name = p.name;
    b.type = p.type.name;
    state.buffers.push_back(std::move(b));
  }
}

Error Kernel::launch(const Grid &grid, ArrayRef<KernelArg> args,
                     const LaunchOptions &options) const {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > INT32_MAX ||
      grid.y > INT32_MAX || grid.z > INT32_MAX)
    return createStringError("invalid grid " + Twine(grid.x) + "," +
                             Twine(grid.y) + "," + Twine(grid.z));
  auto packed = PackedArgs::build(Signature, args);
  if (!packed)
    return packed.takeError();

  unsigned threads = options.threads
                         ? options.threads
                         : hardware_concurrency().compute_thread_count();
  GridChunks chunks(grid.x, grid.y, grid.z, threads);
  uint64_t numChunks = chunks.chunks();
  LaunchState state;
  if (Checked)
    registerBuffers(Signature, args, state);
  void (*entry)(void **) = Entry;

  auto work = [&] {
    int32_t gridArgs[kNumGridParams] = {int32_t(grid.x), int32_t(grid.y),
                                        int32_t(grid.z), 0, 0, 0};
    SmallVector<void *, 16> ptrs;
    packed->pointerArray(ptrs, gridArgs);
    LaunchScope scope(state);
    chunks.work(state, scope, gridArgs, [&](int32_t *) { entry(ptrs.data()); });
    fenceStreamingStores();
  };

  uint64_t helpers = std::min<uint64_t>(threads, numChunks) - 1;
  if (ProgramBytes > kPooledFrameBytes) {
    // Pool threads and the caller have default stacks (8 MiB, ulimit -s):
    // programs with larger stack buffers run on threads made for them. Such
    // programs are slow enough that creating threads per launch is noise.
    std::optional<unsigned> stack = unsigned(
        std::min<uint64_t>(ProgramBytes + kStackMarginBytes, UINT32_MAX));
    std::vector<llvm::thread> workers;
    for (uint64_t i = 0; i <= helpers; ++i)
      workers.emplace_back(stack, work);
    for (llvm::thread &t : workers)
      t.join();
  } else if (helpers == 0) {
    work();
  } else {
    ThreadPoolInterface &pool = getPool(threads - 1);
    ThreadPoolTaskGroup group(pool);
    for (uint64_t i = 0; i < helpers; ++i)
      group.async(work);
    // The caller works too, so a launch progresses even when other launches
    // keep the shared pool busy.
    work();
    group.wait();
  }
  if (state.failed)
    return createStringError("kernel '" + Signature.name +
                             "' failed: " + state.firstError);
  return Error::success();
}

} // namespace tilerun
