//===- Ops.cpp - ttng op verifiers -------------------------------------===//

#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
namespace ttg = mlir::triton::gpu;

#define GET_OP_CLASSES
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank < 1 || rank > 5)
    return emitOpError("describes ")
           << rank << " dimensions; TMA handles 1 to 5";
  if (getGlobalDim().size() != rank || getElementStride().size() != rank)
    return emitOpError("needs as many global dims and element strides as box "
                       "dims (")
           << rank << ")";
  if (getGlobalStride().size() != rank - 1)
    return emitOpError("needs one global stride per dimension above the "
                       "innermost (")
           << rank - 1 << "), got " << getGlobalStride().size();
  return success();
}

/// A TMA copy moves one block of the descriptor between global memory and
/// a shared-memory buffer of the same element type, addressed by one
/// coordinate per dimension. The buffer has the block's shape, possibly
/// without leading unit dimensions (a [1, 64, 64] box of a 3-D tensor lands
/// in a 64 x 64 buffer).
static LogicalResult verifyTMACopy(Operation *op, TensorDescType desc,
                                   size_t coords, Type memdesc) {
  RankedTensorType block = desc.getBlockType();
  auto buffer = cast<ttg::MemDescType>(memdesc);
  if (coords != static_cast<size_t>(block.getRank()))
    return op->emitOpError("takes ")
           << block.getRank() << " coordinates for a block of rank "
           << block.getRank() << ", got " << coords;
  // Integer blocks carry their signedness (si32); buffers are signless.
  Type be = block.getElementType(), me = buffer.getElementType();
  bool sameElement =
      be == me || (be.isInteger() && me.isInteger() &&
                   be.getIntOrFloatBitWidth() == me.getIntOrFloatBitWidth());
  ArrayRef<int64_t> bs = block.getShape();
  int64_t drop = block.getRank() - buffer.getRank();
  bool sameShape =
      drop >= 0 &&
      llvm::all_of(bs.take_front(drop), [](int64_t d) { return d == 1; }) &&
      bs.drop_front(drop) == buffer.getShape();
  if (!sameShape || !sameElement)
    return op->emitOpError("copies a block of ")
           << block << " but the shared-memory buffer is " << buffer;
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(),
                       getResult().getType());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(),
                       getSrc().getType());
}

LogicalResult WarpGroupDotOp::verify() {
  auto shapeOf = [](Type t) -> ArrayRef<int64_t> {
    if (auto m = dyn_cast<ttg::MemDescType>(t))
      return m.getShape();
    return cast<RankedTensorType>(t).getShape();
  };
  ArrayRef<int64_t> a = shapeOf(getA().getType()),
                    b = shapeOf(getB().getType());
  ArrayRef<int64_t> d = cast<RankedTensorType>(getType()).getShape();
  if (a.size() != 2 || b.size() != 2 || d.size() != 2)
    return emitOpError("operands and result must be 2-D");
  if (a[1] != b[0] || a[0] != d[0] || b[1] != d[1])
    return emitOpError("shapes do not chain: ")
           << a[0] << "x" << a[1] << " * " << b[0] << "x" << b[1] << " -> "
           << d[0] << "x" << d[1];
  return success();
}

LogicalResult AsyncTMAReduceOp::verify() {
  if (getKind() == DescriptorReduceKind::NONE)
    return emitOpError("reduce kind must not be none");
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(),
                       getSrc().getType());
}
