//===- Dialect.h - The ttg (TritonGPU) dialect ------------------*- C++ -*-===//
#ifndef TILERUN_DIALECT_TRITONGPU_IR_DIALECT_H
#define TILERUN_DIALECT_TRITONGPU_IR_DIALECT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/SharedLayouts.h"
#include <optional>

namespace mlir::triton::gpu {
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace mlir::triton::gpu

#include "tilerun/Dialect/TritonGPU/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/AttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/Types.h.inc"

#define GET_OP_CLASSES
#include "tilerun/Dialect/TritonGPU/IR/Ops.h.inc"

namespace mlir::triton::gpu {

/// Shared-memory layouts: swizzled_shared, nvmma_shared, padded_shared,
/// shared_linear.
bool isSharedEncoding(Attribute enc);
/// Register layouts: blocked, slice, linear, dot_op, nvidia_mma.
bool isDistributedEncoding(Attribute enc);
/// Rank of the tile a shared layout describes, or nullopt.
std::optional<unsigned> getSharedEncodingRank(Attribute enc);
/// Dims of a shared layout's tile, fastest-varying first.
SmallVector<unsigned> getSharedOrder(Attribute enc);

tilerun::shared::SwizzledParams toParams(SwizzledSharedEncodingAttr enc);
tilerun::shared::NVMMAParams toParams(NVMMASharedEncodingAttr enc);
tilerun::shared::PaddedParams toParams(PaddedSharedEncodingAttr enc);
tilerun::shared::LinearParams toParams(SharedLinearEncodingAttr enc);

/// Elements one tile of `enc` over `tileShape` occupies, padding included.
std::optional<int64_t> getTileElements(Attribute enc,
                                       ArrayRef<int64_t> tileShape);
/// Bits of storage behind a descriptor: tile elements (of the alloc tile) x
/// element width x the number of back-to-back tiles (the view's dims left of
/// the layout).
std::optional<int64_t> getStorageBits(MemDescType ty);
/// A view whose tile is smaller than the tile of its allocation.
bool isSubview(MemDescType ty);
unsigned getElementBitWidth(Type elemTy);

/// memdesc_reinterpret of `src`, taking every attribute left out from src
/// (Gluon's `_reinterpret(dtype=None, shape=None, layout=None)`).
MemDescReinterpretOp
createMemDescReinterpret(OpBuilder &b, Location loc, Value src,
                         std::optional<Type> elementType = std::nullopt,
                         std::optional<ArrayRef<int64_t>> shape = std::nullopt,
                         std::optional<Attribute> layout = std::nullopt);

} // namespace mlir::triton::gpu

#endif
