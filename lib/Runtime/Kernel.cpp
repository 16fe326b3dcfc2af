//===- Kernel.cpp - JIT compilation and the grid launcher -----------------===//
#include "tilerun/Runtime/Kernel.h"

#include "ArgPacking.h"
#include "Support/AMXState.h"
#include "Support/GridChunks.h"
#include "Support/LaunchState.h"
#include "tilerun/Runtime/Buffer.h"
#include "tilerun/Runtime/CompileCache.h"
#include "tilerun/Runtime/RuntimeSymbols.h"
#include "tilerun/Target/Codegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <optional>
#include <pthread.h>

using namespace llvm;

namespace tilerun {

Kernel::~Kernel() = default;

static void initializeNativeTarget() {
  static std::once_flag targetInit;
  std::call_once(targetInit, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
}

/// The JIT's code generator for `target` (CompileOptions::target; the host
/// when linking a stored object, which runs here whatever it was built for).
static orc::JITTargetMachineBuilder
targetBuilder(const CpuTarget &target = CpuTarget::host()) {
  orc::JITTargetMachineBuilder tmBuilder{Triple(target.triple())};
  tmBuilder.setCPU(target.cpu());
  SubtargetFeatures features(target.features());
  tmBuilder.addFeatures(features.getFeatures());
  tmBuilder.setCodeGenOptLevel(CodeGenOptLevel::Aggressive);
  return tmBuilder;
}

/// Adds `void _mlir_<name>(void **args)`, the entry launches call
/// (ArgPacking.h): it loads kernel `name`'s i-th parameter from the pointer
/// in args[i] and calls the kernel, the wrapper MLIR's ExecutionEngine makes.
static Error addPackedEntry(llvm::Module &module, StringRef name) {
  Function *kernel = module.getFunction(name);
  std::string entryName = ("_mlir_" + name).str();
  if (!kernel || kernel->isDeclaration() || module.getFunction(entryName))
    return createStringError("kernel '" + name +
                             "' has no definition to call in its LLVM IR");
  LLVMContext &ctx = module.getContext();
  IRBuilder<> builder(ctx);
  Function *entry = Function::Create(
      FunctionType::get(builder.getVoidTy(), builder.getPtrTy(), false),
      GlobalValue::ExternalLinkage, entryName, module);
  builder.SetInsertPoint(BasicBlock::Create(ctx, "entry", entry));
  Value *slots = entry->getArg(0);
  auto slot = [&](unsigned i) {
    return builder.CreateLoad(
        builder.getPtrTy(),
        builder.CreateGEP(builder.getPtrTy(), slots, builder.getInt64(i)));
  };
  SmallVector<Value *, 16> args;
  for (Argument &param : kernel->args())
    args.push_back(builder.CreateLoad(param.getType(), slot(param.getArgNo())));
  Value *result = builder.CreateCall(kernel, args);
  if (!kernel->getReturnType()->isVoidTy())
    builder.CreateStore(result, slot(kernel->arg_size()));
  builder.CreateRetVoid();
  return Error::success();
}

/// Kernel `name` of a module lowered to the LLVM dialect, as an object file
/// for `target` (LLVM's -O2 included). Made in memory: files are only for the
/// compile cache, whose failures are harmless, whereas LLVM ends the process
/// when writing an object file fails (a full disk).
static Expected<std::string>
compileObject(mlir::ModuleOp lowered, StringRef name,
              orc::JITTargetMachineBuilder target) {
  auto tm = target.createTargetMachine();
  if (!tm)
    return tm.takeError();
  LLVMContext llvmContext;
  auto module = translateToLLVMIR(lowered, llvmContext, name);
  if (!module)
    return module.takeError();
  (*module)->setDataLayout((*tm)->createDataLayout());
  (*module)->setTargetTriple((*tm)->getTargetTriple());
  if (Error e = addPackedEntry(**module, name))
    return std::move(e);
  if (Error e = optimizeKernelModule(**module, tm->get()))
    return std::move(e);
  return emitObjectFile(**module, **tm);
}

/// Keeps the cache in bounds after a store (LLVM's pruning scans at most
/// once per interval). Returns the warning, once per process, when
/// $TILERUN_CACHE_POLICY does not parse; nothing is pruned then.
static std::optional<std::string> pruneAfterStore(const CompileCache &cache) {
  Expected<CachePruningPolicy> policy = CompileCache::pruningPolicy();
  if (policy) {
    cache.prune(*policy);
    return std::nullopt;
  }
  std::string why = toString(policy.takeError());
  static std::atomic<bool> warned{false};
  if (warned.exchange(true))
    return std::nullopt;
  return "the compile cache is not pruned: " + why;
}

/// Saves `object` under `key`, and returns the warning when that fails. A
/// directory where a store failed (read-only, full) would fail every later
/// one, each after writing a file's worth, so this process stores nothing
/// more there and warns once; lookups in it go on.
static std::optional<std::string> storeObject(const CompileCache &cache,
                                              const CompileCache::Key &key,
                                              StringRef object) {
  if (!cache.isWritable())
    return std::nullopt;
  Error e = cache.store(key, object);
  if (!e)
    return pruneAfterStore(cache);
  std::string why = toString(std::move(e));
  if (!cache.markUnwritable())
    return std::nullopt; // another compile warned first
  return "the compile cache cannot be written (" + why +
         "); this process caches no more kernels in '" + cache.directory() +
         "'";
}

Expected<std::string> Kernel::objectCode() const { return Object; }

Expected<std::unique_ptr<Kernel>>
Kernel::link(std::string object, StringRef name, StringRef where) {
  orc::JITTargetMachineBuilder tmBuilder = targetBuilder();
  auto jit = loadCachedObject(MemoryBuffer::getMemBufferCopy(object, where),
                              tmBuilder);
  if (!jit)
    return jit.takeError();
  auto entry = (*jit)->lookup(("_mlir_" + name).str());
  if (!entry)
    return entry.takeError();
  std::unique_ptr<Kernel> kernel(new Kernel());
  kernel->Entry = entry->toPtr<void (*)(void **)>();
  kernel->Jit = std::move(*jit);
  kernel->Object = std::move(object);
  return std::move(kernel);
}

Expected<std::unique_ptr<Kernel>> Kernel::loadObject(StringRef object,
                                                     KernelSignature signature,
                                                     bool checked, bool amx) {
  auto start = std::chrono::steady_clock::now();
  initializeNativeTarget();
  if (amx && !requestAMXTileState())
    return createStringError("the kernel multiplies on AMX tiles, and " +
                             amxTileStateRefusal());
  auto kernel = link(object.str(), signature.name, "tilerun-kernel");
  if (!kernel)
    return kernel.takeError();
  (*kernel)->Signature = std::move(signature);
  (*kernel)->Checked = checked;
  (*kernel)->UsesAMX = amx;
  (*kernel)->ProgramBytes = programBytes(**kernel, (*kernel)->Signature.name);
  (*kernel)->CompileMs = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  return std::move(*kernel);
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
  auto found = kernel.Jit->lookup(("__tilerun_program_bytes_" + name).str());
  if (!found) {
    consumeError(found.takeError());
    return 0;
  }
  return *found->toPtr<const uint64_t *>();
}

/// Whether this process may run AMX kernels. The first compile that wanted
/// them and was refused gets `note` (the kernels then take the dot-product
/// instructions, which would otherwise go unremarked); later ones do not.
static bool grantedAMXTileState(std::optional<std::string> &note) {
  if (requestAMXTileState())
    return true;
  static std::atomic<bool> noted{false};
  if (!noted.exchange(true))
    note = amxTileStateRefusal() +
           "; kernels use the CPU's dot-product instructions instead of AMX "
           "tiles";
  return false;
}

Expected<std::unique_ptr<Kernel>> Kernel::compile(mlir::ModuleOp module,
                                                  StringRef name,
                                                  const CompileOptions &asked,
                                                  const CacheLocation &where) {
  auto start = std::chrono::steady_clock::now();
  initializeNativeTarget();
  // This process runs the kernel: AMX tiles need Linux's leave first, and
  // without it the kernel takes the CPU's dot-product instructions.
  CompileOptions options = asked;
  std::optional<std::string> amxNote;
  if (options.amx && options.cpuTarget().has("amx-tile"))
    options.amx = grantedAMXTileState(amxNote);
  else
    options.amx = false;

  auto fn = selectKernel(module, name);
  if (!fn)
    return fn.takeError();
  auto sig = extractSignature(*fn);
  if (!sig)
    return sig.takeError();

  orc::JITTargetMachineBuilder tmBuilder = targetBuilder(options.cpuTarget());
  auto finish =
      [&](std::unique_ptr<Kernel> kernel) -> Expected<std::unique_ptr<Kernel>> {
    kernel->Signature = std::move(*sig);
    if (amxNote)
      kernel->Warnings.push_back(std::move(*amxNote));
    kernel->Checked = options.checked;
    kernel->UsesAMX = options.amx;
    kernel->ProgramBytes = programBytes(*kernel, kernel->Signature.name);
    kernel->CompileMs = std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - start)
                            .count();
    return std::move(kernel);
  };

  // A hit skips lowering and code generation; anything wrong with the entry
  // (unreadable, corrupted, fails to link) falls through to a fresh compile.
  std::optional<CompileCache> cache =
      !where.dir           ? CompileCache::fromEnvironment()
      : where.dir->empty() ? std::nullopt
                           : std::optional<CompileCache>(*where.dir);
  CompileCache::Key cacheKey{};
  if (cache) {
    cacheKey = kernelCacheKey(module, sig->name, options, tmBuilder);
    if (auto object = cache->lookup(cacheKey)) {
      auto kernel = link(object->getBuffer().str(), sig->name,
                         object->getBufferIdentifier());
      if (kernel) {
        (*kernel)->FromCache = true;
        return finish(std::move(*kernel));
      }
      consumeError(kernel.takeError());
    }
  }

  auto lowered = lowerCloneToLLVMDialect(module, sig->name, options);
  if (!lowered)
    return lowered.takeError();
  auto object = compileObject(**lowered, sig->name, tmBuilder);
  if (!object)
    return object.takeError();
  auto kernel = link(std::move(*object), sig->name, sig->name);
  if (!kernel)
    return kernel.takeError();
  if (cache)
    if (auto warning = storeObject(*cache, cacheKey, (*kernel)->Object))
      (*kernel)->Warnings.push_back(std::move(*warning));
  return finish(std::move(*kernel));
}

namespace {
/// The launch pools, one per worker count, kept for the life of the process:
/// launches are short and many (--bench), so threads must not be re-spawned
/// per launch. Leaked on purpose to stay clear of static destruction order at
/// exit.
///
/// A child of fork() has none of its parent's threads but a copy of the pools
/// that still counts them, so a launch there would queue work that no thread
/// takes and wait for it forever (LLVM's ThreadPool is not fork-safe). The
/// child therefore drops the pools it inherited, leaking them (destroying one
/// would join threads that do not exist), and makes its own on demand; the
/// lock is held across fork() so that the child's copy is consistent.
struct PoolRegistry {
  std::mutex mutex;
  DenseMap<unsigned, StdThreadPool *> pools;
};

PoolRegistry *poolRegistry() {
  static PoolRegistry *registry = [] {
    auto *r = new PoolRegistry();
    pthread_atfork([] { poolRegistry()->mutex.lock(); },
                   [] { poolRegistry()->mutex.unlock(); },
                   [] {
                     PoolRegistry *r = poolRegistry();
                     r->pools = DenseMap<unsigned, StdThreadPool *>();
                     r->mutex.unlock();
                   });
    return r;
  }();
  return registry;
}
} // namespace

static ThreadPoolInterface &getPool(unsigned workers) {
  PoolRegistry *registry = poolRegistry();
  std::lock_guard<std::mutex> lock(registry->mutex);
  StdThreadPool *&pool = registry->pools[workers];
  if (!pool)
    pool = new StdThreadPool(hardware_concurrency(workers));
  return *pool;
}

/// The lowest address the calling thread's stack may grow to (above its guard
/// page), found once per thread: pthread_getattr_np reads /proc/self/maps for
/// the main thread. 0 when unknown.
static uintptr_t stackLimit() {
  thread_local uintptr_t limit = [] {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
      return uintptr_t(0);
    void *low = nullptr;
    size_t size = 0, guard = 0;
    pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_getguardsize(&attr, &guard);
    pthread_attr_destroy(&attr);
    return uintptr_t(low) + guard;
  }();
  return limit;
}

/// Whether programs with `bytes` of stack buffers fit on the calling thread's
/// stack below the current frame, with kFrameMarginBytes for the rest of the
/// kernel's frame and the runtime hooks it calls. Threads need not have the
/// default 8 MiB: `ulimit -s`, or Python's threading.stack_size(), can make
/// them smaller, and a program's frame jumps past the guard page (kernels have
/// no stack probes), crashing or writing into other memory.
bool Kernel::stackHolds(uint64_t bytes) {
  char here;
  uintptr_t limit = stackLimit(), sp = uintptr_t(&here);
  return limit == 0 || (sp > limit && sp - limit >= bytes + kFrameMarginBytes);
}

/// Runs `work` on `count` threads made for this launch, with stacks of
/// ProgramBytes + kStackMarginBytes: pool threads and the caller have default
/// stacks (8 MiB, ulimit -s), too small for these programs, which are slow
/// enough that creating threads per launch is noise. A thread that cannot be
/// made (address space, thread limits) is done without, since the others
/// take its share of the programs; only when none can does the launch fail.
Error Kernel::launchOnOwnThreads(uint64_t count,
                                 function_ref<void()> work) const {
  size_t stack = size_t(ProgramBytes + kStackMarginBytes);
  auto run = [](void *fn) -> void * {
    (*static_cast<function_ref<void()> *>(fn))();
    return nullptr;
  };
  std::vector<pthread_t> threads;
  int error = 0;
  while (threads.size() < count && !error) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_t thread;
    error = pthread_attr_setstacksize(&attr, stack);
    if (!error)
      error = pthread_create(&thread, &attr, run, &work);
    pthread_attr_destroy(&attr);
    if (!error)
      threads.push_back(thread);
  }
  for (pthread_t thread : threads)
    pthread_join(thread, nullptr);
  if (threads.empty())
    return createStringError(
        "kernel '" + Signature.name + "' cannot run: its programs need " +
        Twine(ProgramBytes) +
        " bytes of stack, and no thread with a stack of " + Twine(stack) +
        " bytes could be started (" + std::strerror(error) + ")");
  return Error::success();
}

/// What checked code validates accesses against (tilerun_check_access).
static void registerBuffers(const KernelSignature &sig,
                            ArrayRef<KernelArg> args, LaunchState &state) {
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
  if (!GridChunks::fits(grid.x, grid.y, grid.z))
    return createStringError("grid " + Twine(grid.x) + "," + Twine(grid.y) +
                             "," + Twine(grid.z) +
                             " has more than 2^63 - 1 "
                             "programs");
  auto packed = PackedArgs::build(Signature, args);
  if (!packed)
    return packed.takeError();

  unsigned threads = options.threads
                         ? options.threads
                         : hardware_concurrency().compute_thread_count();
  GridChunks chunks(grid.x, grid.y, grid.z, threads);
  uint64_t numChunks = chunks.chunks();
  LaunchState state;
  state.programsPerChunk = chunks.programsPerChunk();
  if (Checked)
    registerBuffers(Signature, args, state);
  void (*entry)(void **) = Entry;

  // A thread whose stack cannot hold a program takes no programs; threads
  // made for the launch run what it leaves (below).
  uint64_t programBytes = ProgramBytes;
  auto work = [&] {
    if (!stackHolds(programBytes))
      return;
    int32_t gridArgs[kNumGridParams] = {
        int32_t(grid.x), int32_t(grid.y), int32_t(grid.z), 0, 0, 0};
    SmallVector<void *, 16> ptrs;
    packed->pointerArray(ptrs, gridArgs);
    LaunchScope scope(state);
    chunks.work(state, scope, gridArgs, [&](int32_t *) { entry(ptrs.data()); });
    fenceStreamingStores();
  };

  uint64_t helpers = std::min<uint64_t>(threads, numChunks) - 1;
  if (ProgramBytes > kPooledFrameBytes) {
    if (Error e = launchOnOwnThreads(helpers + 1, work))
      return e;
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
  if (!chunks.finished() && !state.failed)
    if (Error e = launchOnOwnThreads(helpers + 1, work))
      return e;
  if (state.failed)
    return createStringError("kernel '" + Signature.name +
                             "' failed: " + state.firstError);
  return Error::success();
}

} // namespace tilerun
