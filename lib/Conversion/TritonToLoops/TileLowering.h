//===- TileLowering.h - tt/ttg tile programs to loops -----------*- C++ -*-===//
//
// Internal interface of the TritonToLoops conversion. A kernel is rewritten
// op by op into a new func.func. Scalars map one to one. A tensor value is
// either *materialized* (it owns a stack buffer written once where it is
// defined) or *inline* (each consumer evaluates the element it needs from the
// value's operands, at the consumer's loop indices). The MaterializationPlan
// decides which, the ElementEmitter evaluates elements, and TileLowering walks
// the kernel and emits loops for materialized values and side effects.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_LIB_CONVERSION_TRITONTOLOOPS_TILELOWERING_H
#define TILERUN_LIB_CONVERSION_TRITONTOLOOPS_TILELOWERING_H

#include "BufferPool.h"

#include "tilerun/Conversion/SourceLocation.h"
#include "tilerun/Conversion/StreamingStores.h"
#include "tilerun/Conversion/TritonToLoops/Plans.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Interfaces/TileOpInterface.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <functional>

namespace tilerun {
namespace loops {

using mlir::Location;
using mlir::OpBuilder;
using mlir::Operation;
using mlir::Type;
using mlir::Value;
using mlir::ValueRange;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The scalar type an element of `t` has after lowering: `!tt.ptr` becomes
/// `!llvm.ptr`, tensors give their element type.
Type loweredElementType(Type t);
/// Storage type of an element in a buffer: pointers are stored as i64
/// because memrefs cannot hold `!llvm.ptr`.
Type storageType(Type loweredElem);
/// True for ranked tensors (with or without an encoding).
bool isTensor(Type t);
mlir::RankedTensorType asTensor(Type t);

/// The scalar every element of the tensor `v` equals, when the IR makes it
/// one: a splat seen through remaps (TileOpKind::Remap); else null.
Value uniformScalar(Value v);

/// Marks a loop that LLVM should vectorise with the interleave count the
/// attribute holds, and never unroll (TileLowering::markVectorLoop). On x86
/// without AVX-512 (16 vector registers) LLVM's unrolling of the lowering's
/// loops costs: before vectorisation it unrolls a reduction's 64-lane
/// partial loop, SROA splits the partials into scalars and the SLP
/// vectoriser reassembles them lane by lane; after it, copies of an
/// exp-heavy element loop no longer fit the registers and spill.
constexpr llvm::StringLiteral kVectorLoopAttr = "tilerun.vector_loop";
/// Vectors in flight in an element chunk loop: a 64-element f32 chunk in
/// one trip of 8-float vectors. A long body (exp) has a dependency chain of
/// about 50 cycles, and only independent vectors side by side keep the FMA
/// units busy; spilling some of its constants costs less (measured in
/// docs/performance.md, *Measurements behind code choices*).
constexpr int64_t kChunkInterleave = 8;
/// LLVM loop metadata on an scf.for, moved onto the loop's latch branch by
/// SCFToControlFlow, then into the branch's `loop_annotation` by
/// AttachLoopAnnotations.
constexpr llvm::StringLiteral kLoopAnnotationAttr = "llvm.loop_annotation";

/// tt.elementwise_inline_asm holds PTX (or AMDGPU) assembly: no CPU can run
/// it, whether its results are used or not.
constexpr llvm::StringLiteral kInlineAsmError =
    "holds GPU inline assembly, which cannot run on a CPU; write the "
    "computation with tl operations instead";

/// Per-op lowering options.
struct Options {
  bool checked = false;
  /// Non-temporal stores for large launches (StreamingStores.cpp); the
  /// target must be x86 with AVX.
  bool streamingStores = false;
  /// Bytes of the target's vector registers when the loops should carry
  /// LLVM loop metadata (kVectorLoopAttr); 0 for none.
  unsigned vectorLoopHintBytes = 0;
  /// Which facts a nest may be versioned on (MaskVersioning.cpp): all-true
  /// load masks, normal reciprocals of uniform f32 divisors, remainders
  /// equal to their dividends.
  bool versionMasks = true;
  bool uniformDivision = true;
  bool identityRemainders = true;
  /// The target's f32 micro-kernel register tile, rows x lanes
  /// (CpuTarget::matmulRegisterTile).
  int64_t matmulTileRows = 4, matmulTileLanes = 16;
  /// bf16 dots through AVX512-BF16's vdpbf16ps (DotLowering.cpp).
  bool bf16DotProducts = false;
  /// int8 dots through AVX512-VNNI's vpdpbusd (DotLowering.cpp).
  int64_t int8DotProducts = 0;
  /// Without it, int8 dots through vpmaddwd on this many i32 lanes (16:
  /// AVX-512BW, 8: AVX2; 0: widening loops).
  int64_t int8WordProducts = 0;
  /// Dots on AMX tiles (DotKernels.cpp): bf16 and fp8, f16, int8.
  bool amxBF16 = false, amxFP16 = false, amxInt8 = false;
  /// Packed B tiles shared by the programs a thread runs (CachedTiles.cpp).
  bool shareTiles = false;
  /// Stack bytes a program (or a warp_specialize partition) may use.
  uint64_t maxProgramBytes = uint64_t(64) << 20;
};

/// True when `reduce` is lowered as a pass over its innermost axis in
/// chunks of kChunkElements (Reductions.cpp), which can carry the next
/// program's prefetches.
bool isLaneReduction(Operation *reduce);

/// True when `reduce` combines pairs: one tensor operand and result, an
/// axis of at most two elements and a combine of at most two region-free,
/// side-effect-free ops. Triton's bitonic sort is made of these (an `xor`
/// over an axis of two, broadcast back, yields each element's partner).
/// Such a reduction is an elementwise expression of its operand,
/// `combine(x[.., 0, ..], x[.., 1, ..])`, evaluated inline by its consumers
/// instead of in a pass of its own into a buffer.
bool isPairReduction(Operation *reduce);

//===----------------------------------------------------------------------===//
// Shared memory views
//===----------------------------------------------------------------------===//

/// A lowered `!ttg.memdesc`: a byte pointer to the start of the allocation
/// the view belongs to, plus a function from the view's logical index to the
/// element's byte offset from that pointer.
struct MemDescView {
  Value base; // !llvm.ptr
  std::function<Value(OpBuilder &, Location, ValueRange)> byteOffset;
  /// The whole local_alloc the view lies in, for checked mode (i64 size).
  Value allocBase;
  Value allocBytes;
  /// Set when `byteOffset` is the placement of this descriptor type from
  /// `base` (an allocation, one buffer of a ring, a reinterpret): such a
  /// view is fully described by its three values and can be carried
  /// through loops and branches.
  Type rootType;
};

/// The next program's address tiles each carrier's nest prefetches, from
/// the kernel's tilerun.prefetch_next_program ops (NextProgramPrefetch.cpp).
using NextProgramPrefetches =
    llvm::DenseMap<Value, llvm::SmallVector<Value, 2>>;

//===----------------------------------------------------------------------===//
// NestFacts
//===----------------------------------------------------------------------===//

/// What the unguarded copy of a versioned loop nest may assume
/// (MaskVersioning.cpp): load masks known to be all-true, f32 divisions
/// whose uniform divisor has a normal reciprocal, and buffered integer
/// remainders equal to their dividends (the nest reads the affine dividend
/// instead of the buffer). Outside such a copy there are none.
struct NestFacts {
  llvm::DenseSet<Value> trueMasks;
  llvm::DenseSet<Operation *> safeDivisions;
  llvm::DenseSet<Value> identityRemainders;

  bool empty() const {
    return trueMasks.empty() && safeDivisions.empty() &&
           identityRemainders.empty();
  }
  bool isAssumedTrue(Value mask) const { return trueMasks.contains(mask); }
  bool hasSafeUniformDivisor(Operation *div) const {
    return safeDivisions.contains(div);
  }
  bool isIdentityRemainder(Value v) const {
    return identityRemainders.contains(v);
  }
};

class TileLowering;

/// Makes `facts` the nest facts of `tl` while it lives: the emission of a
/// versioned nest's unguarded copy runs inside one.
class ScopedNestFacts {
public:
  ScopedNestFacts(TileLowering &tl, const NestFacts &facts);
  ~ScopedNestFacts();
  ScopedNestFacts(const ScopedNestFacts &) = delete;
  ScopedNestFacts &operator=(const ScopedNestFacts &) = delete;

private:
  TileLowering &tl;
  const NestFacts *outer;
};

//===----------------------------------------------------------------------===//
// LoweredValues
//===----------------------------------------------------------------------===//

/// What each original value that is not a tile became: a scalar, the parts
/// of a block pointer or tensor descriptor (a tuple), a shared-memory view,
/// or, for the scratch pointer a ttng.tensormap_create wrote a TMA
/// descriptor to, that descriptor's parts (until a
/// reinterpret_tensor_descriptor reads it back). Tiles live in buffers
/// (BufferPool) or are evaluated element by element.
class LoweredValues {
public:
  /// Null when `original` has no scalar.
  Value scalar(Value original) const { return scalars.lookupOrNull(original); }
  void bindScalar(Value original, Value lowered) {
    scalars.map(original, lowered);
  }
  /// Null when `original` has no tuple.
  const llvm::SmallVector<Value> *tuple(Value original) const {
    auto it = tuples.find(original);
    return it == tuples.end() ? nullptr : &it->second;
  }
  void bindTuple(Value original, llvm::SmallVector<Value> parts) {
    tuples[original] = std::move(parts);
  }
  /// The view of `original` (an empty one when it has none yet).
  MemDescView &memdesc(Value original) { return memdescs[original]; }
  void bindMemDesc(Value original, MemDescView view) {
    memdescs[original] = std::move(view);
  }
  /// The descriptor parts (see descriptorParts) written to `scratch`, or
  /// null.
  const llvm::SmallVector<Value> *tensorMap(Value scratch) const {
    auto it = tensorMaps.find(scratch);
    return it == tensorMaps.end() ? nullptr : &it->second;
  }
  void bindTensorMap(Value scratch, llvm::SmallVector<Value> parts) {
    tensorMaps[scratch] = std::move(parts);
  }

private:
  mlir::IRMapping scalars;
  llvm::DenseMap<Value, llvm::SmallVector<Value>> tuples;
  llvm::DenseMap<Value, MemDescView> memdescs;
  llvm::DenseMap<Value, llvm::SmallVector<Value>> tensorMaps;
};

//===----------------------------------------------------------------------===//
// TileLowering
//===----------------------------------------------------------------------===//

class TileLowering {
public:
  TileLowering(mlir::ModuleOp module, const Options &options)
      : module(module), options(options), pool(plan) {}

  /// Rewrites `kernel` (a tt.func) into a func.func of the same name with the
  /// kernel ABI. Returns failure after emitting a diagnostic.
  mlir::LogicalResult lowerFunction(mlir::FunctionOpInterface kernel);

  //===--- Value access used by the emitters ---------------------------===//

  /// Lowered scalar value of an original scalar (non-tensor) value.
  Value scalar(Value original);
  llvm::SmallVector<Value> loweredScalars(ValueRange originals) {
    return llvm::map_to_vector(originals, [&](Value v) { return scalar(v); });
  }
  /// Element of an original tensor (or scalar) value at `idx`, emitted at
  /// the builder's insertion point. Scalars ignore `idx`.
  Value element(OpBuilder &b, Value original, ValueRange idx);
  /// Parts of a lowered block pointer / tensor descriptor.
  llvm::ArrayRef<Value> parts(Value original);
  MemDescView &memdesc(Value original);
  void bindScalar(Value original, Value lowered) {
    values.bindScalar(original, lowered);
  }
  void bindBuffer(Value original, Value buffer) { pool.bind(original, buffer); }
  void bindTuple(Value original, llvm::SmallVector<Value> lowered) {
    values.bindTuple(original, std::move(lowered));
  }
  /// The values of non-tile originals: scalars, tuples, views, and the TMA
  /// descriptors made on the device (HopperOps.cpp).
  LoweredValues &lowered() { return values; }
  Value bufferOf(Value original) const { return pool.lookup(original); }
  bool isMaterialized(Value original) const {
    return plan.isMaterialized(original);
  }
  void bindMemDesc(Value original, MemDescView view) {
    values.bindMemDesc(original, std::move(view));
  }

  /// Lowers the single-block scalar `region` (tt.map_elementwise's body) at
  /// the builder's insertion point with its arguments bound to `args`, and
  /// returns the lowered values its terminator yields. Control flow inside
  /// (scf.if, scf.for, scf.while) is lowered as in the kernel body.
  mlir::FailureOr<llvm::SmallVector<Value>>
  emitScalarRegion(OpBuilder &b, mlir::Region &region, ValueRange args);

  /// Reports `message` at `op` (once per kernel) and returns a poison value
  /// of `type` so that emission can continue without null values; the kernel
  /// then fails to lower.
  Value fail(OpBuilder &b, Operation *op, const llvm::Twine &message,
             Type type);
  bool hasFailed() const { return errorReported; }

  /// Marks `loop` as one LLVM should vectorise with `interleave` vectors in
  /// flight and not unroll (ConvertTritonToLoops turns the mark into loop
  /// metadata where `vector-loop-hints` asks for it; see kVectorLoopAttr).
  static void markVectorLoop(Operation *loop, int64_t interleave);

  /// Emits a loop nest over `shape` (row-major, last dim innermost). With
  /// `perChunk`, an innermost dimension that is a multiple of kChunkElements
  /// runs as chunks of that many indices, and `perChunk` is emitted at the
  /// start of each with the chunk's first index. Chunks are vector loops
  /// with kChunkInterleave vectors in flight; `innermostInterleave` makes
  /// an unchunked innermost loop a vector loop too.
  static void emitLoopNest(
      OpBuilder &b, Location loc, llvm::ArrayRef<int64_t> shape,
      llvm::function_ref<void(OpBuilder &, ValueRange)> body,
      llvm::function_ref<void(OpBuilder &, ValueRange)> perChunk = nullptr,
      std::optional<int64_t> innermostInterleave = std::nullopt);
  /// The next program's prefetches that the nest evaluating `value` issues
  /// at the chunk starting at `first` (nothing when `value` carries none).
  void emitNextProgramPrefetches(OpBuilder &b, Location loc, Value value,
                                 ValueRange first);
  /// True when the dot defining `dot` prefetches its loop's next operand
  /// tiles (tilerun.prefetch_next_iteration).
  bool hasOperandPrefetches(Value dot) const {
    return operandPrefetches.contains(dot);
  }
  /// The share of those prefetches issued before register tile `tile` (an
  /// index) of `tiles`: the tiles' cache lines spread evenly over them.
  void emitOperandPrefetches(OpBuilder &b, Location loc, Value dot, Value tile,
                             int64_t tiles);
  /// What the nest being emitted may assume (none outside the unguarded
  /// copy of a versioned nest).
  const NestFacts &nestFacts() const {
    static const NestFacts none;
    return facts ? *facts : none;
  }
  /// emitLoopNest for the nest that evaluates `value`: it also issues the
  /// next program's prefetches when `value` carries them.
  void emitValueNest(OpBuilder &b, Location loc, llvm::ArrayRef<int64_t> shape,
                     Value value,
                     llvm::function_ref<void(OpBuilder &, ValueRange)> body);
  /// A stack buffer placed in the kernel's entry block, so loops don't grow
  /// the stack: the buffer of a dead value when one of the type is free
  /// (fewer live tiles keep the working set in the L1 cache), else a new one.
  /// Storage that outlives the op and is not bound to a tile value (shared
  /// memory, scratch) passes `mayReuse = false`: a buffer taken from a dead
  /// tile would look free again to the next tile of that type.
  Value allocBuffer(Location loc, llvm::ArrayRef<int64_t> shape, Type elem,
                    bool mayReuse = true);
  /// Copies the table of the non-splat constant `cst` (a private global)
  /// into `out`.
  mlir::LogicalResult copyConstantTable(OpBuilder &b,
                                        mlir::arith::ConstantOp cst, Value out);
  /// An index constant defined once in the entry block, so that indices built
  /// from it compare equal and hit the element cache.
  Value indexConstant(int64_t v);
  /// Loads/stores an element of a buffer, converting pointers to/from i64.
  Value loadBuffer(OpBuilder &b, Location loc, Value buf, ValueRange idx,
                   Type loweredElem);
  void storeBuffer(OpBuilder &b, Location loc, Value v, Value buf,
                   ValueRange idx);
  /// Fills `dest` with the constant every element of `v` equals (a dense
  /// splat) as vector stores along its rows; false, emitting nothing, for
  /// any other value or buffer. A scalar fill nest would do, but LLVM
  /// unrolls its row loop whole and vectorises across rows, into scatters.
  bool fillWithSplatConstant(OpBuilder &b, Location loc, Value v, Value dest);

  /// Evaluates `original` at every index into a fresh buffer (or returns its
  /// existing buffer).
  Value materialize(OpBuilder &b, Value original);
  /// A buffer for materializing `original`: one it can take over from a
  /// dead value it reads pointwise, else a new one.
  Value bufferFor(Value original);
  /// Writes every element of `original` into `buf`, mask-versioned.
  void fillBuffer(OpBuilder &b, Value original, Value buf);

  /// Emits the loop nest `emitNest` over a tile of `shape` whose elements
  /// are computed from `roots` (plus `extraMasks`, e.g. a store's own mask).
  /// When the masks of the loads fused into that nest depend only on indices
  /// and scalars, the nest is emitted twice, behind a check that all of them
  /// are true over the whole tile: a copy with no guards, whose accesses
  /// LLVM can vectorise, and the guarded copy for the tail programs
  /// (MaskVersioning.cpp).
  void emitMaskVersioned(OpBuilder &b, Location loc,
                         llvm::ArrayRef<int64_t> shape, ValueRange roots,
                         ValueRange extraMasks,
                         llvm::function_ref<void(OpBuilder &)> emitNest);
  /// The same for a nest that produces scalars: `emitNest` returns them and
  /// the result is the version branch's results (both copies yield them).
  llvm::SmallVector<Value> emitMaskVersionedValues(
      OpBuilder &b, Location loc, llvm::ArrayRef<int64_t> shape,
      ValueRange roots, ValueRange extraMasks,
      llvm::function_ref<llvm::SmallVector<Value>(OpBuilder &)> emitNest);

  /// An i1 that is true only if every element of the index-pure `mask` is
  /// true, computed from its operands' value ranges without a loop
  /// (MaskRanges.cpp); null when the ranges cannot tell.
  Value proveMaskAllTrue(OpBuilder &b, Location loc, Value mask);
  /// An i1 true when the integer remainder `rem` is its dividend for every
  /// element (MaskRanges.cpp), or null when that cannot be decided cheaply.
  Value proveIdentityRemainder(OpBuilder &b, Location loc, Operation *rem);

  /// Program ids and grid sizes of the current kernel (i32).
  Value programId(unsigned axis) { return gridArgs[3 + axis]; }
  Value numPrograms(unsigned axis) { return gridArgs[axis]; }

  /// Reports a run-time error from generated code (assert, checked mode).
  void emitRuntimeError(OpBuilder &b, Location loc, llvm::StringRef message,
                        ValueRange extraI64 = {});
  /// A pointer to a NUL-terminated global string.
  Value globalString(OpBuilder &b, Location loc, llvm::StringRef text);
  /// The private constant holding `text` and a NUL (one per text).
  mlir::LLVM::GlobalOp stringGlobal(Location loc, llvm::StringRef text);
  mlir::LLVM::LLVMFuncOp runtimeFunction(llvm::StringRef name,
                                         mlir::LLVM::LLVMFunctionType type);
  /// `prefix` followed by a number no symbol of the module has yet.
  std::string uniqueSymbol(llvm::StringRef prefix);
  /// An llvm.alloca of one `type` in the entry block.
  Value entryAlloca(Location loc, Type type);

  mlir::ModuleOp module;
  Options options;

private:
  mlir::LogicalResult lowerBlock(OpBuilder &b, mlir::Block &block);
  mlir::LogicalResult lowerOp(OpBuilder &b, Operation *op);
  mlir::LogicalResult lowerScalarOp(OpBuilder &b, Operation *op);
  mlir::LogicalResult lowerFor(OpBuilder &b, Operation *op);
  mlir::LogicalResult lowerIf(OpBuilder &b, Operation *op);
  mlir::LogicalResult lowerWhile(OpBuilder &b, Operation *op);
  mlir::LogicalResult lowerMaterializingOp(OpBuilder &b, Operation *op);
  /// ttg.warp_specialize (WarpSpecialize.cpp): each partition becomes a
  /// function of its own started as a fiber; the default region runs inline.
  mlir::LogicalResult lowerWarpSpecialize(OpBuilder &b, Operation *op);
  void bindHostDescriptor(OpBuilder &b, mlir::BlockArgument desc);
  /// Lowers a partition region into `fn`, whose only argument points at the
  /// captures' lowered values followed by the grid arguments, laid out as
  /// `captureType`.
  mlir::LogicalResult lowerPartition(mlir::Region &region,
                                     mlir::func::FuncOp fn,
                                     mlir::LLVM::LLVMStructType captureType);
  /// What a nest computing some roots may be versioned on (MaskVersioning).
  struct VersioningCandidates {
    /// Masks of the loads it reaches.
    llvm::SmallVector<Value> masks;
    /// f32 divisions it evaluates inline whose divisor is one scalar for
    /// the whole tile, with that scalar.
    llvm::SmallVector<std::pair<Operation *, Value>> divisions;
    /// Integer remainders it reads from their buffers whose dividends it
    /// can evaluate itself.
    llvm::SmallVector<Operation *> remainders;
  };
  /// One walk over the tensors the nest computing `roots` reaches: inline
  /// values and their operands, stopping at planned and filled buffers.
  void collectVersioningCandidates(ValueRange roots,
                                   VersioningCandidates &found) const;
  /// True when every element of `mask` is computed from indices, scalars
  /// and buffers alone, so evaluating it twice reads no global memory.
  bool isIndexPure(Value mask, llvm::DenseMap<Value, bool> &memo) const;

  /// Values carried through region ops: scalars stay values, tensors live in
  /// slot buffers, block pointers expand into their parts, tokens vanish.
  void flatten(Value original, llvm::SmallVectorImpl<Value> &out);
  void flattenTypes(Value original, llvm::SmallVectorImpl<Type> &out);
  /// Binds `original` (a block argument or region-op result) to lowered
  /// values taken from `it`; tensors bind to `slot`.
  void bind(Value original, ValueRange::iterator &it, Value slot);
  /// Slot buffers for the tensor values among `values` (null for others).
  llvm::SmallVector<Value> makeSlots(ValueRange values);
  /// Copies each tensor value of `values` into `slots` (tensors only),
  /// through temporaries so that a slot read by another operand is not
  /// clobbered first.
  void copyIntoSlots(OpBuilder &b, Location loc, ValueRange values,
                     llvm::ArrayRef<Value> slots);

  mlir::func::FuncOp newFunc;
  mlir::Block *entryBlock = nullptr;
  llvm::SmallVector<Value, 6> gridArgs;
  MaterializationPlan plan;
  /// The buffers of the tiles (reads `plan`, declared before it).
  BufferPool pool;
  NextProgramPrefetches prefetches;
  /// The next iteration's operand tiles each dot prefetches, from the
  /// kernel's tilerun.prefetch_next_iteration ops (NextIterationPrefetch.cpp).
  NextProgramPrefetches operandPrefetches;
  LoweredValues values;
  llvm::StringMap<mlir::LLVM::GlobalOp> strings;
  /// Elements already emitted, per (value, block, indices): keeps DAGs of
  /// inline values linear in size.
  struct CacheEntry {
    Value original;
    mlir::Block *block;
    llvm::SmallVector<Value, 4> idx;
    Value value;
  };
  /// Keyed by a hash of (value, block, indices); entries disambiguate.
  llvm::DenseMap<size_t, llvm::SmallVector<CacheEntry, 1>> elementCache;
  /// Buffered values the inline expression behind `v` (from its operands
  /// on) reads: `atOwnIndex` those read only through ops that keep the
  /// element's index, `elsewhere` the buffers read at other indices too.
  /// False when the expression reaches a tensor whose storage is not known.
  bool collectBufferReads(Value v, llvm::SetVector<Value> &atOwnIndex,
                          llvm::DenseSet<Value> &elsewhere) const;
  /// True when `v` reads no slot of `slots` but `own`, and `own` only at
  /// the element it computes: it may be evaluated straight into `own`.
  bool readsOnlyOwnSlotPointwise(Value v, Value own,
                                 const llvm::DenseSet<Value> &slots) const;
  /// The op being lowered.
  Operation *currentOp = nullptr;
  /// The facts of the nest being emitted (ScopedNestFacts), or null.
  const NestFacts *facts = nullptr;
  friend class ScopedNestFacts;
  bool errorReported = false;
  unsigned constantCount = 0;
  llvm::DenseMap<int64_t, Value> indexConstants;
};

//===----------------------------------------------------------------------===//
// Emitters (one file per op family)
//===----------------------------------------------------------------------===//

/// Evaluates one element of a tensor-producing op (or the scalar result of a
/// scalar op) given access to its operands through `tl`. Returns a null
/// Value (after emitting an error) for ops it does not know.
Value emitElementOf(TileLowering &tl, OpBuilder &b, mlir::OpResult result,
                    ValueRange idx);

/// Memory ops: element of a load; side effects of stores and atomics.
Value emitLoadElement(TileLowering &tl, OpBuilder &b, Operation *load,
                      ValueRange idx);
mlir::LogicalResult lowerStoreLike(TileLowering &tl, OpBuilder &b,
                                   Operation *op);
mlir::LogicalResult lowerAtomic(TileLowering &tl, OpBuilder &b, Operation *op,
                                Value resultBuffer);
/// Emits the unguarded nest of a tt.store with non-temporal line stores when
/// the launch writes more than the caches hold, and `ordinaryNest` when it
/// does not (StreamingStores.cpp). Returns false, emitting nothing, when the
/// store does not qualify.
bool lowerStreamingStore(TileLowering &tl, OpBuilder &b, Operation *store,
                         llvm::function_ref<void(OpBuilder &)> ordinaryNest);
/// Helpers of the memory lowering (MemoryOps.cpp).
/// Zero of an element type (null for pointers).
Value zeroOf(OpBuilder &b, Location loc, Type t);
/// Bytes of one element in global memory.
unsigned byteSize(Type t);
/// `then` where `cond` holds, else `otherwise`; guardedEffect runs `then`
/// unconditionally when `cond` is null.
Value guarded(OpBuilder &b, Location loc, Value cond, Type type,
              llvm::function_ref<Value(OpBuilder &)> then, Value otherwise);
void guardedEffect(OpBuilder &b, Location loc, Value cond,
                   llvm::function_ref<void(OpBuilder &)> then);
/// Address and in-bounds predicate of element `idx` of a block accessed
/// through (base, shape[], strides[]) at block start `start[]`. `checkDims`
/// selects the dims whose bounds are checked (all when empty and `all`).
std::pair<Value, Value>
blockAddress(OpBuilder &b, Location loc, Value base, Type elemTy,
             ValueRange shape, ValueRange strides, ValueRange start,
             ValueRange idx, llvm::ArrayRef<int32_t> checkDims, bool all);
/// The index into a descriptor's block of `blockShape` of the element at
/// `idx` of a tile that is the block without its leading unit dims (the
/// rank-reduced result of a descriptor load or TMA copy).
/// Lowered parts of a tensor descriptor of `rank`: its base, shape and
/// strides (i64, in elements), then an i1 that is true when elements outside
/// the tensor read as NaN (padding "nan") rather than zero.
constexpr unsigned descriptorParts(unsigned rank) { return 2 + 2 * rank; }

llvm::SmallVector<Value> blockIndex(OpBuilder &b, Location loc, ValueRange idx,
                                    llvm::ArrayRef<int64_t> blockShape);
/// The same with the block's start already lowered (one i32 per dim).
Value readDescriptorBox(TileLowering &tl, OpBuilder &b, Operation *op,
                        Value desc, ValueRange start, ValueRange idx,
                        Type elemTy, Value fill);
/// Element `idx` of the block read through the tensor descriptor `desc` at
/// `indices`: `fill` (zero when null) outside the tensor.
Value readDescriptorElement(TileLowering &tl, OpBuilder &b, Operation *op,
                            Value desc, ValueRange indices, ValueRange idx,
                            Type elemTy, Value fill);
/// Writes a block through the tensor descriptor `desc` at `indices` from
/// values of `shape` (the block's, or the block's without leading unit
/// dims): for every element inside the tensor, `write(builder, address,
/// value)` with the value `valueAt(builder, idx)`, `idx` in `shape`;
/// elements outside the tensor are dropped, as TMA drops them.
mlir::LogicalResult emitDescriptorBlockWrite(
    TileLowering &tl, OpBuilder &b, Operation *op, Value desc,
    ValueRange indices, llvm::ArrayRef<int64_t> shape, Type elemTy,
    llvm::function_ref<Value(OpBuilder &, ValueRange)> valueAt,
    llvm::function_ref<void(OpBuilder &, Value, Value)> write);
/// A TMA reduction (tt.descriptor_reduce, ttng.async_tma_reduce): every
/// element inside the tensor of the block at `indices` is combined into
/// global memory with a relaxed atomicrmw (min / max unsigned for `ui`
/// blocks, inc / dec as LLVM's wrapping uinc_wrap / udec_wrap); other
/// programs may reduce into the same elements.
mlir::LogicalResult emitDescriptorReduce(
    TileLowering &tl, OpBuilder &b, Operation *op,
    mlir::triton::DescriptorReduceKind kind, Value desc, ValueRange indices,
    llvm::ArrayRef<int64_t> shape,
    llvm::function_ref<Value(OpBuilder &, ValueRange)> valueAt);
/// Address of element `idx` of a shared-memory view (SharedMemory.cpp).
Value addressOf(OpBuilder &b, Location loc, const MemDescView &view,
                ValueRange idx);

/// The type an element has in memory, for loads, stores and address
/// arithmetic: itself, or for the 8-bit float types, which LLVM lacks, i8.
Type memoryType(Type elemTy);
/// llvm.load / llvm.store of one element of global or shared memory in its
/// memoryType.
Value loadElement(OpBuilder &b, Location loc, Type elemTy, Value addr,
                  unsigned alignment);
void storeElement(OpBuilder &b, Location loc, Value v, Value addr,
                  unsigned alignment);
/// Block pointers and tensor descriptors, which lower to tuples of values.
mlir::LogicalResult lowerPointerTuple(TileLowering &tl, OpBuilder &b,
                                      Operation *op,
                                      llvm::SmallVectorImpl<Value> &parts);

/// Ops that write a whole buffer at once.
mlir::LogicalResult lowerDot(TileLowering &tl, OpBuilder &b, Operation *op,
                             Value out);
/// A chain of dots, each adding to the previous one's result, into `out`:
/// as one dot along all their K where they share a micro-kernel (each
/// dot's result then is `out`'s final value only).
mlir::LogicalResult lowerDotChain(TileLowering &tl, OpBuilder &b,
                                  llvm::ArrayRef<mlir::triton::DotOp> dots,
                                  Value out);
/// A view of global memory from which a dot operand's elements can be read
/// in place (DirectOperands.cpp), and the i1 condition (null: none) under
/// which it reads the same elements as the operand's load; the address of
/// its first element (!llvm.ptr) and its row stride in elements (i64).
struct DirectView {
  Value view, valid;
  Value first, rowStride;
};
/// A memref of the static-shape `type` whose elements start at `pointer`
/// (!llvm.ptr); its dynamic strides, in order, are `dynamicStrides` (i64).
Value memrefAtPointer(OpBuilder &b, Location loc, Value pointer,
                      mlir::MemRefType type, ValueRange dynamicStrides = {});
/// The view of `operand`, a 2-D tt.load (seen through layout conversions)
/// of an affine pointer tile with unit column stride whose mask the current
/// nest assumes true; none otherwise, and none in checked mode. With
/// `rowAlignment` (bytes, a power of two), `valid` also requires every row
/// to start at a multiple of it.
std::optional<DirectView> directOperandView(TileLowering &tl, OpBuilder &b,
                                            Location loc, Value operand,
                                            unsigned rowAlignment = 0);
/// A packed dot operand tile from the runtime's per-thread cache
/// (CachedTiles.cpp): the buffer that holds it, and an i1 true when the
/// tile must still be packed into that buffer.
struct CachedTile {
  Value buffer, needsPacking;
};
/// Where the B operands of `dots` (one dot, or a chain packed into one
/// buffer) are tiles of global memory that the programs of a launch may
/// share (options.shareTiles, no write of the kernel can reach them first,
/// direct views exist), the buffer of `packedType` to pack them into and
/// read them from; none elsewhere.
std::optional<CachedTile> cachedBTile(TileLowering &tl, OpBuilder &b,
                                      Location loc,
                                      llvm::ArrayRef<mlir::triton::DotOp> dots,
                                      mlir::MemRefType packedType);
/// Options with only the AMX choices set: what a pass before the tile
/// lowering gives planDotKernel to learn which dots go on AMX tiles.
inline Options amxOptions(bool bf16, bool fp16, bool int8) {
  Options options;
  options.amxBF16 = bf16;
  options.amxFP16 = fp16;
  options.amxInt8 = int8;
  return options;
}
/// Whether `dot` runs on the AMX tile kernel under `options`.
bool dotRunsOnTiles(const Options &options, mlir::triton::DotOp dot);
/// How many dots like `dot` in a chain make one pass of the AMX tile kernel
/// over its accumulators (kTileStepsPerPass tile steps of K); 1 for a dot
/// not on AMX tiles.
int64_t dotsPerTilePass(const Options &options, mlir::triton::DotOp dot);
/// tt.dot_scaled: both operands decoded and scaled into f32 tiles, then the
/// f32 product (DotScaled.cpp).
mlir::LogicalResult lowerDotScaled(TileLowering &tl, OpBuilder &b,
                                   Operation *op, Value out);
/// The f32 value of the e2m1 (fp4) code for the element at `position`
/// (index) along the packed dimension: `byte` (i8) holds two codes, the even
/// position in its low nibble.
Value decodeE2M1(OpBuilder &b, Location loc, Value byte, Value position);
/// A dot operand's element widened to the accumulator type (floats
/// extended, integers sign-extended).
Value extendToAccumulator(OpBuilder &b, Location loc, Value e, Type acc);
/// out = c + A * B for operands packed into buffers of the accumulator type
/// (A: [batch x] M x K, B: [batch x] K x N); `out` may be c's own buffer.
/// A null `c` means `out` holds the accumulator already.
void emitPackedDot(TileLowering &tl, OpBuilder &b, Location loc, Value A,
                   Value B, Value c, Value out, int64_t rank, int64_t batch,
                   int64_t M, int64_t N, int64_t K);
mlir::LogicalResult lowerReduce(TileLowering &tl, OpBuilder &b, Operation *op,
                                llvm::ArrayRef<Value> outs);
mlir::LogicalResult lowerScan(TileLowering &tl, OpBuilder &b, Operation *op,
                              llvm::ArrayRef<Value> outs);
mlir::LogicalResult lowerHistogram(TileLowering &tl, OpBuilder &b,
                                   Operation *op, Value out);
/// The element at `idx` of a pair reduction (isPairReduction).
Value emitPairReductionElement(TileLowering &tl, OpBuilder &b, Operation *op,
                               ValueRange idx);
/// Emits the combine region of a reduce/scan on scalars.
llvm::SmallVector<Value> emitCombine(TileLowering &tl, OpBuilder &b,
                                     mlir::Region &region, ValueRange lhs,
                                     ValueRange rhs);

/// Shared memory (ttg).
/// The view that `rootType`'s layout places at `base`.
mlir::FailureOr<MemDescView> placeMemDesc(TileLowering &tl, Operation *op,
                                          Value base, Value allocBase,
                                          Value allocBytes, Type rootType);
mlir::LogicalResult lowerSharedMemoryOp(TileLowering &tl, OpBuilder &b,
                                        Operation *op);
/// One element of a shared-memory buffer, read or written through its
/// layout placement (bounds-checked in checked mode).
Value loadSharedElement(TileLowering &tl, OpBuilder &b, Operation *op,
                        Value memdesc, ValueRange idx);
void storeSharedElement(TileLowering &tl, OpBuilder &b, Operation *op,
                        const MemDescView &view, Value v, ValueRange idx);
Value emitLocalLoadElement(TileLowering &tl, OpBuilder &b, Operation *op,
                           ValueRange idx);

/// Checked mode (CheckedAccess.cpp). `access` emits the access and returns
/// its value (null for stores; `resultType` is then null). Unchecked, it is
/// simply called. Checked, it runs only if the access of one `elemTy` at
/// `addr` is inside a buffer bound to the launch (global) or inside the
/// view's allocation (shared); otherwise the launch fails with a report
/// naming `op` and its location, and a load yields zero.
Value checkedGlobalAccess(TileLowering &tl, OpBuilder &b, Operation *op,
                          Value addr, Type elemTy, ValueRange idx,
                          Type resultType,
                          llvm::function_ref<Value(OpBuilder &)> access);
Value checkedSharedAccess(TileLowering &tl, OpBuilder &b, Operation *op,
                          const MemDescView &view, Value addr, Type elemTy,
                          ValueRange idx, Type resultType,
                          llvm::function_ref<Value(OpBuilder &)> access);

/// Rejects a lowered kernel whose stack buffers (tile buffers and shared
/// memory) exceed `limit` bytes per program; records their size for the
/// runtime (ResourceLimits.cpp). Returns the bytes.
mlir::FailureOr<uint64_t>
checkProgramBytes(mlir::ModuleOp module, mlir::func::FuncOp fn, uint64_t limit);

/// Float truncation with Triton's rounding modes (FloatConversions.cpp).
Value emitFloatTruncate(OpBuilder &b, Location loc, Value x, Type to,
                        bool towardZero);
/// Float extension, including from 8-bit float formats LLVM lacks.
Value emitFloatExtend(OpBuilder &b, Location loc, Value x, Type to);

/// Hopper operations (HopperOps.cpp): mbarriers, fences, TMA copies through
/// device-made descriptors, and ttg.global_scratch_alloc. Copies complete
/// when issued, so barriers and fences lower to nothing.
bool isHopperOp(Operation *op);
mlir::LogicalResult lowerHopperOp(TileLowering &tl, OpBuilder &b,
                                  Operation *op);
/// ttng.warp_group_dot into `out`: A (a tile or shared memory) times B
/// (shared memory), plus C unless its use_c operand is false.
mlir::LogicalResult lowerWarpGroupDot(TileLowering &tl, OpBuilder &b,
                                      Operation *op, Value out);

/// tt.print and tt.assert.
mlir::LogicalResult lowerDebugOp(TileLowering &tl, OpBuilder &b, Operation *op);
/// Threads of the warp group that executes `op` (HopperOps.cpp): a
/// warp_specialize partition's num_warps, else the module's `ttg.num-warps`
/// (4 where it has none), times `ttg.threads-per-warp` (32).
int64_t executingThreads(Operation *op);

/// Helpers shared by the emitters.
Value constantIndex(OpBuilder &b, Location loc, int64_t v);
/// Splits a row-major linear index into indices of `dims`: shifts and masks
/// for the power-of-two dimensions Triton's tiles have.
llvm::SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                                     llvm::ArrayRef<int64_t> dims);
Value castToI64(OpBuilder &b, Location loc, Value v, bool isUnsigned = false);
/// `v` (an integer) as an index.
Value toIndex(OpBuilder &b, Location loc, Value v);
/// Row-major position of `idx` in `shape`, as an index.
Value linearize(OpBuilder &b, Location loc, ValueRange idx,
                llvm::ArrayRef<int64_t> shape);

/// libdevice (Libdevice.cpp): the math op, libm call or expansion that
/// computes the function `symbol` names, or null for one it lacks.
Value emitLibdevice(TileLowering &tl, OpBuilder &b, Location loc,
                    llvm::StringRef symbol, ValueRange args);
/// f32 subnormals become (signed) zero, as in the GPU's FTZ mode.
Value flushSubnormal(OpBuilder &b, Location loc, Value x);
/// `r`, or NaN where `x` is a nonzero f32 subnormal.
Value nanForSubnormal(OpBuilder &b, Location loc, Value x, Value r);

} // namespace loops
} // namespace tilerun

#endif // TILERUN_LIB_CONVERSION_TRITONTOLOOPS_TILELOWERING_H
