//===- WarpSpecialize.cpp - ttg.warp_specialize as fibers -----------------===//
//
// A warp-specialized region runs its default region and its partitions
// concurrently, and they hand data to each other through shared memory
// guarded by mbarriers. A CPU thread runs the whole program, so each
// partition is lowered into a function of its own, started as a fiber of
// that thread (lib/Runtime/Partitions.cpp) that runs whenever the others
// wait on an mbarrier:
//
//   frame = {lowered captures..., grid arguments}   // a stack slot
//   tilerun_partition_spawn(@kernel.partition<i>, frame, stack bytes)
//   <default region, inline>
//   tilerun_partition_join()
//   results = the default region's ttg.warp_yield operands
//
// Partitions are isolated from above, so a partition function is lowered by
// a TileLowering of its own from its captures: its tiles live on its own
// (fiber) stack, and only shared memory, global memory and scalars cross.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/KernelABI.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {

/// Stack a partition's fiber gets beyond its tile buffers (calls into the
/// runtime, spills).
static constexpr int64_t kPartitionStackMargin = 1 << 20;

Value TileLowering::entryAlloca(Location loc, Type type) {
  OpBuilder eb = OpBuilder::atBlockBegin(entryBlock);
  Value one = LLVM::ConstantOp::create(eb, loc, eb.getI64Type(),
                                       eb.getI64IntegerAttr(1));
  return LLVM::AllocaOp::create(
      eb, loc, LLVM::LLVMPointerType::get(type.getContext()), type, one);
}

/// The runtime's spawn hook, declared as a func.func so that the partition
/// is passed as a function value (func.constant), which the func-to-LLVM
/// conversion turns into its address.
static func::FuncOp spawnHook(ModuleOp module, FunctionType partitionType) {
  StringRef name = "tilerun_partition_spawn";
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  MLIRContext *ctx = module.getContext();
  OpBuilder mb(module.getBody(), module.getBody()->end());
  auto type = FunctionType::get(ctx,
                                {partitionType, LLVM::LLVMPointerType::get(ctx),
                                 IntegerType::get(ctx, 64)},
                                {});
  auto f = func::FuncOp::create(mb, module.getLoc(), name, type);
  f.setPrivate();
  return f;
}

LogicalResult TileLowering::lowerWarpSpecialize(OpBuilder &b, Operation *op) {
  auto ws = cast<ttg::WarpSpecializeOp>(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = op->getContext();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  ttg::WarpSpecializePartitionsOp partitions = ws.getPartitionOp();

  // The frame: every capture's lowered values, then the grid arguments.
  SmallVector<Value> fields;
  for (Value capture : partitions.getExplicitCaptures()) {
    if (isTensor(capture.getType()))
      return op->emitOpError("passes a tensor to its partitions; only "
                             "scalars, pointers, tensor descriptors and "
                             "shared memory can be captured");
    flatten(capture, fields);
  }
  if (errorReported)
    return failure();
  llvm::append_range(fields, gridArgs);
  SmallVector<Type> fieldTypes;
  for (Value v : fields) {
    if (!LLVM::isCompatibleType(v.getType()))
      return op->emitOpError("captures a value of type ")
             << v.getType() << ", which cannot be passed to a partition";
    fieldTypes.push_back(v.getType());
  }
  auto frameTy = LLVM::LLVMStructType::getLiteral(ctx, fieldTypes);
  Value frame = entryAlloca(loc, frameTy);
  for (auto [i, v] : llvm::enumerate(fields)) {
    Value addr =
        LLVM::GEPOp::create(b, loc, ptrTy, frameTy, frame,
                            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, v, addr);
  }

  auto partitionTy = FunctionType::get(ctx, {ptrTy}, {});
  func::FuncOp spawn = spawnHook(module, partitionTy);
  for (Region &region : partitions.getPartitionRegions()) {
    OpBuilder mb(module.getBody(), module.getBody()->end());
    auto fn = func::FuncOp::create(
        mb, region.getLoc(),
        uniqueSymbol((newFunc.getName() + ".partition").str()), partitionTy);
    fn.setPrivate();
    TileLowering partition(module, options);
    if (failed(partition.lowerPartition(region, fn, frameTy))) {
      errorReported = true;
      return failure();
    }
    FailureOr<uint64_t> bytes =
        checkProgramBytes(module, fn, options.maxProgramBytes);
    if (failed(bytes)) {
      errorReported = true;
      return failure();
    }
    Value callee =
        func::ConstantOp::create(b, loc, partitionTy, SymbolRefAttr::get(fn));
    Value stack = arith::ConstantIntOp::create(
        b, loc, b.getI64Type(), int64_t(*bytes) + kPartitionStackMargin);
    func::CallOp::create(b, loc, spawn, ValueRange{callee, frame, stack});
  }

  Block &body = ws.getDefaultRegion().front();
  if (failed(lowerBlock(b, body)))
    return failure();
  auto yield = cast<ttg::WarpYieldOp>(body.getTerminator());
  SmallVector<Value> slots = makeSlots(yield.getValues());
  copyIntoSlots(b, loc, yield.getValues(), slots);
  SmallVector<Value> yielded;
  for (Value v : yield.getValues())
    flatten(v, yielded);

  auto join = runtimeFunction(
      "tilerun_partition_join",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}));
  LLVM::CallOp::create(b, loc, join, ValueRange{});

  ValueRange lowered(yielded);
  auto it = lowered.begin();
  for (auto [i, result] : llvm::enumerate(ws.getResults()))
    bind(result, it, slots[i]);
  return failure(errorReported);
}

LogicalResult TileLowering::lowerPartition(Region &region, func::FuncOp fn,
                                           LLVM::LLVMStructType frameTy) {
  Location loc = fn.getLoc();
  auto ptrTy = LLVM::LLVMPointerType::get(fn.getContext());
  newFunc = fn;
  entryBlock = fn.addEntryBlock();
  pool.setEntryBlock(entryBlock);
  OpBuilder b = OpBuilder::atBlockEnd(entryBlock);
  Value frame = entryBlock->getArgument(0);
  SmallVector<Value> fields;
  for (auto [i, type] : llvm::enumerate(frameTy.getBody())) {
    Value addr =
        LLVM::GEPOp::create(b, loc, ptrTy, frameTy, frame,
                            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    fields.push_back(LLVM::LoadOp::create(b, loc, type, addr));
  }
  ValueRange loaded(fields);
  gridArgs.assign(fields.end() - kNumGridParams, fields.end());
  auto it = loaded.begin();
  for (BlockArgument arg : region.getArguments())
    bind(arg, it, Value());
  if (errorReported)
    return failure();
  // No next-program prefetch: a partition is not the program's only stream
  // of loads, and its loop is paced by the other partitions.
  plan.build(region);
  if (failed(lowerBlock(b, region.front())) || errorReported)
    return failure();
  func::ReturnOp::create(b, loc);
  return success();
}

} // namespace loops
} // namespace tilerun
