//===- HopperOps.cpp - ttng: mbarriers, TMA, wgmma ------------------------===//
//
// One CPU thread runs a whole program, so the Hopper machinery for
// overlapping memory traffic with compute has nothing to overlap: a TMA copy
// is a loop that finishes before the next op, a warpgroup MMA is the dot it
// computes, and fences order nothing. mbarriers keep their meaning, because
// the partitions of ttg.warp_specialize (WarpSpecialize.cpp) hand buffers to
// each other with them: init, arrive, expect-tx and the copies' complete-tx
// update the barrier (lib/Runtime/Partitions.cpp), and a wait lets the other
// partitions run until its phase completes. The data movement:
//
//  - tensormap_create writes a TMA descriptor to scratch memory; the
//    lowering keeps its fields (base, shape, strides in elements, fill mode)
//    and reinterpret_tensor_descriptor hands them back as an ordinary tensor
//    descriptor;
//  - async_tma_copy_global_to_local copies one box of the descriptor into a
//    shared-memory buffer (placed by the buffer's layout), filling what lies
//    outside the tensor with zeros (or NaN);
//  - async_tma_copy_local_to_global writes a buffer back, dropping what lies
//    outside the tensor; async_tma_reduce combines it in atomically.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace tilerun {
namespace loops {
namespace {

/// Keeps the fields of a device-made TMA descriptor (see the file comment).
LogicalResult recordTensorMap(TileLowering &tl, OpBuilder &b,
                              ttng::TensormapCreateOp create) {
  Location loc = create.getLoc();
  for (Value s : create.getElementStride()) {
    IntegerAttr one;
    if (!matchPattern(s, m_Constant(&one)) || one.getInt() != 1)
      return create.emitOpError(
          "with element strides other than 1 is not supported");
  }
  if (create.getInterleaveLayout() != 0)
    return create.emitOpError("with an interleaved layout is not supported");
  Type pointee = cast<tt::PointerType>(create.getGlobalAddress().getType())
                     .getPointeeType();
  int64_t elemBytes = byteSize(loweredElementType(pointee));
  unsigned rank = create.getBoxDim().size();
  SmallVector<Value> parts;
  parts.push_back(tl.scalar(create.getGlobalAddress()));
  // Dims and strides are listed innermost first; descriptors keep them
  // outermost first, strides in elements.
  for (unsigned d = 0; d < rank; ++d)
    parts.push_back(
        arith::ExtUIOp::create(b, loc, b.getI64Type(),
                               tl.scalar(create.getGlobalDim()[rank - 1 - d])));
  for (unsigned d = 0; d + 1 < rank; ++d)
    parts.push_back(arith::DivSIOp::create(
        b, loc, tl.scalar(create.getGlobalStride()[rank - 2 - d]),
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), elemBytes)));
  parts.push_back(arith::ConstantIntOp::create(b, loc, b.getI64Type(), 1));
  parts.push_back(arith::ConstantIntOp::create(b, loc, b.getI1Type(),
                                               create.getFillMode() != 0));
  tl.lowered().bindTensorMap(create.getDescPtr(), std::move(parts));
  return success();
}

/// The mbarrier a `!ttg.memdesc<1xi64>` view holds.
Value barrierAddress(TileLowering &tl, OpBuilder &b, Location loc, Value bar) {
  return addressOf(b, loc, tl.memdesc(bar), {tl.indexConstant(0)});
}

/// Calls the runtime's `tilerun_mbarrier_<hook>(args...)`.
void callBarrierHook(TileLowering &tl, OpBuilder &b, Location loc,
                     StringRef hook, ValueRange args) {
  SmallVector<Type> types(args.getTypes());
  auto fn =
      tl.runtimeFunction(("tilerun_mbarrier_" + hook).str(),
                         LLVM::LLVMFunctionType::get(
                             LLVM::LLVMVoidType::get(b.getContext()), types));
  LLVM::CallOp::create(b, loc, fn, args);
}

Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

LogicalResult lowerBarrierOp(TileLowering &tl, OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  auto pred = [&](Value p) { return p ? tl.scalar(p) : Value(); };
  if (auto init = dyn_cast<ttng::InitBarrierOp>(op)) {
    callBarrierHook(tl, b, loc, "init",
                    {barrierAddress(tl, b, loc, init.getAlloc()),
                     i32Constant(b, loc, init.getCount())});
  } else if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op)) {
    guardedEffect(b, loc, pred(expect.getPred()), [&](OpBuilder &gb) {
      callBarrierHook(tl, gb, loc, "expect",
                      {barrierAddress(tl, gb, loc, expect.getAlloc()),
                       i32Constant(gb, loc, expect.getSize())});
    });
  } else if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(op)) {
    guardedEffect(b, loc, pred(arrive.getPred()), [&](OpBuilder &gb) {
      callBarrierHook(tl, gb, loc, "arrive",
                      {barrierAddress(tl, gb, loc, arrive.getAlloc()),
                       i32Constant(gb, loc, arrive.getCount())});
    });
  } else if (auto arrive = dyn_cast<ttng::AsyncCopyMbarrierArriveOp>(op)) {
    // Every thread of the warp group executes it, for the cp.async copies
    // it issued, which are complete. Without .noinc each thread first
    // raises the expected count by one, which its copies' completion then
    // takes back: no net change. With .noinc each thread arrives once.
    if (arrive.getNoIncrement())
      callBarrierHook(tl, b, loc, "arrive",
                      {barrierAddress(tl, b, loc, arrive.getBarrier()),
                       i32Constant(b, loc, executingThreads(op))});
  } else if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
    std::string where = describeLocation(loc) + ": ttng.wait_barrier";
    guardedEffect(b, loc, pred(wait.getPred()), [&](OpBuilder &gb) {
      callBarrierHook(tl, gb, loc, "wait",
                      {barrierAddress(tl, gb, loc, wait.getAlloc()),
                       tl.scalar(wait.getPhase()),
                       tl.globalString(gb, loc, where)});
    });
  }
  return success(!tl.hasFailed());
}

LogicalResult lowerTMALoad(TileLowering &tl, OpBuilder &b,
                           ttng::AsyncTMACopyGlobalToLocalOp copy) {
  Location loc = copy.getLoc();
  MemDescView view = tl.memdesc(copy.getResult());
  if (!view.base)
    return copy.emitOpError("writes a descriptor that could not be lowered");
  RankedTensorType block = copy.getDesc().getType().getBlockType();
  Type elemTy = loweredElementType(block);
  // The buffer may lack the box's leading unit dims (verified).
  auto bufferTy = cast<ttg::MemDescType>(copy.getResult().getType());
  guardedEffect(b, loc, tl.scalar(copy.getPred()), [&](OpBuilder &pb) {
    TileLowering::emitLoopNest(
        pb, loc, bufferTy.getShape(), [&](OpBuilder &ib, ValueRange idx) {
          // Filled as the descriptor says (its padding part).
          Value v = readDescriptorElement(
              tl, ib, copy, copy.getDesc(), copy.getCoord(),
              blockIndex(ib, loc, idx, block.getShape()), elemTy, Value());
          storeSharedElement(tl, ib, copy, view, v, idx);
        });
    // The whole box counts toward the barrier's expected bytes, the filled
    // part outside the tensor included.
    int64_t bytes = byteSize(elemTy);
    for (int64_t d : block.getShape())
      bytes *= d;
    callBarrierHook(tl, pb, loc, "complete_tx",
                    {barrierAddress(tl, pb, loc, copy.getBarrier()),
                     i32Constant(pb, loc, bytes)});
  });
  return success(!tl.hasFailed());
}

LogicalResult lowerTMAStore(TileLowering &tl, OpBuilder &b,
                            ttng::AsyncTMACopyLocalToGlobalOp copy) {
  Location loc = copy.getLoc();
  RankedTensorType block = copy.getDesc().getType().getBlockType();
  Type elemTy = loweredElementType(block);
  return emitDescriptorBlockWrite(
      tl, b, copy, copy.getDesc(), copy.getCoord(),
      cast<ttg::MemDescType>(copy.getSrc().getType()).getShape(), elemTy,
      [&](OpBuilder &ib, ValueRange idx) {
        return loadSharedElement(tl, ib, copy, copy.getSrc(), idx);
      },
      [&](OpBuilder &cb, Value addr, Value v) {
        storeElement(cb, loc, v, addr, byteSize(elemTy));
      });
}

} // namespace

int64_t executingThreads(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto moduleInt = [&](StringRef name, int64_t fallback) {
    auto attr =
        module ? module->getAttrOfType<IntegerAttr>(name) : IntegerAttr();
    return attr ? attr.getInt() : fallback;
  };
  int64_t warps = moduleInt("ttg.num-warps", 4);
  for (Operation *at = op; at; at = at->getParentOp()) {
    auto partitions =
        dyn_cast_or_null<ttg::WarpSpecializePartitionsOp>(at->getParentOp());
    if (!partitions)
      continue;
    unsigned index = at->getParentRegion()->getRegionNumber();
    warps = cast<ttg::WarpSpecializeOp>(partitions->getParentOp())
                .getPartitionNumWarps()[index];
    break;
  }
  return warps * moduleInt("ttg.threads-per-warp", 32);
}

bool isHopperOp(Operation *op) {
  return isa<ttg::GlobalScratchAllocOp>(op) ||
         (op->getDialect() &&
          isa<ttng::TritonNvidiaGPUDialect>(op->getDialect()) &&
          !isa<ttng::WarpGroupDotOp, ttng::WarpGroupDotWaitOp>(op));
}

LogicalResult lowerHopperOp(TileLowering &tl, OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (auto scratch = dyn_cast<ttg::GlobalScratchAllocOp>(op)) {
    // Real memory, so that a kernel that also uses the scratch for other
    // things reads and writes valid addresses.
    Value buf = tl.allocBuffer(loc, {std::max<int64_t>(1, scratch.getNbytes())},
                               b.getI8Type(), /*mayReuse=*/false);
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buf);
    base = arith::IndexCastOp::create(b, loc, b.getI64Type(), base);
    tl.bindScalar(
        scratch.getResult(),
        LLVM::IntToPtrOp::create(
            b, loc, LLVM::LLVMPointerType::get(b.getContext()), base));
    return success();
  }
  if (auto create = dyn_cast<ttng::TensormapCreateOp>(op))
    return recordTensorMap(tl, b, create);
  if (auto reinterpret = dyn_cast<ttng::ReinterpretTensorDescOp>(op)) {
    const SmallVector<Value> *parts =
        tl.lowered().tensorMap(reinterpret.getRawDesc());
    if (!parts)
      return op->emitOpError("reads a TMA descriptor that no "
                             "ttng.tensormap_create in this kernel wrote");
    tl.bindTuple(reinterpret.getResult(), *parts);
    return success();
  }
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return lowerTMALoad(tl, b, copy);
  if (auto copy = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op))
    return lowerTMAStore(tl, b, copy);
  if (auto red = dyn_cast<ttng::AsyncTMAReduceOp>(op))
    return emitDescriptorReduce(
        tl, b, op, red.getKind(), red.getDesc(), red.getCoord(),
        cast<ttg::MemDescType>(red.getSrc().getType()).getShape(),
        [&](OpBuilder &ib, ValueRange idx) {
          return loadSharedElement(tl, ib, op, red.getSrc(), idx);
        });
  if (isa<ttng::InitBarrierOp, ttng::BarrierExpectOp, ttng::WaitBarrierOp,
          ttng::ArriveBarrierOp, ttng::AsyncCopyMbarrierArriveOp>(op))
    return lowerBarrierOp(tl, b, op);
  if (isa<ttng::InvalBarrierOp, ttng::FenceAsyncSharedOp,
          ttng::TensormapFenceproxyAcquireOp, ttng::TMAStoreWaitOp>(op))
    return success(); // the copies they order are complete already
  return op->emitOpError("is not supported by the CPU lowering");
}

LogicalResult lowerWarpGroupDot(TileLowering &tl, OpBuilder &b, Operation *op,
                                Value out) {
  auto dot = cast<ttng::WarpGroupDotOp>(op);
  Location loc = op->getLoc();
  auto dTy = asTensor(dot.getD().getType());
  Type acc = dTy.getElementType();
  int64_t M = dTy.getShape()[0], N = dTy.getShape()[1];
  auto bTy = cast<ttg::MemDescType>(dot.getB().getType());
  int64_t K = bTy.getShape()[0];
  // Operands packed once, converted to the accumulator type.
  auto pack = [&](Value v, ArrayRef<int64_t> shape) {
    Value buf = tl.allocBuffer(loc, shape, acc);
    TileLowering::emitLoopNest(
        b, loc, shape, [&](OpBuilder &ib, ValueRange idx) {
          Value e = isa<ttg::MemDescType>(v.getType())
                        ? loadSharedElement(tl, ib, op, v, idx)
                        : tl.element(ib, v, idx);
          tl.storeBuffer(ib, loc, extendToAccumulator(ib, loc, e, acc), buf,
                         idx);
        });
    return buf;
  };
  Value A = pack(dot.getA(), {M, K});
  Value B = pack(dot.getB(), {K, N});
  Value c = dot.getC();
  if (Value useC = dot.getUseC()) {
    IntegerAttr always;
    if (!matchPattern(useC, m_Constant(&always)) ||
        !always.getValue().isOne()) {
      // use_c false starts from zero (the first K step of a loop whose
      // accumulator is not initialised).
      Value use = tl.scalar(useC);
      TileLowering::emitLoopNest(
          b, loc, dTy.getShape(), [&](OpBuilder &ib, ValueRange idx) {
            Value v = arith::SelectOp::create(
                ib, loc, use, tl.element(ib, c, idx), zeroOf(ib, loc, acc));
            tl.storeBuffer(ib, loc, v, out, idx);
          });
      c = Value();
    }
  }
  emitPackedDot(tl, b, loc, A, B, c, out, /*rank=*/2, /*batch=*/1, M, N, K);
  return success(!tl.hasFailed());
}

} // namespace loops
} // namespace tilerun
