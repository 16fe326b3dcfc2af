//===- ResourceLimits.cpp - Per-program stack budget ----------------------===//
//
// Every tile buffer and shared-memory allocation of a program is a
// memref.alloca in the kernel's entry block (TileLowering::allocBuffer), so
// their sum is the program's stack frame, known at compile time. A kernel over
// the limit is rejected here with an error at its largest buffer instead of
// overflowing a worker thread's stack at run time. The sum is also exported
// as the constant `__tilerun_program_bytes_<kernel>` so that the runtime can
// size worker stacks for it, whether the code was just compiled or came from
// the compile cache.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

using namespace mlir;

namespace tilerun {
namespace loops {

static uint64_t storageBytes(Type t) {
  if (t.isIntOrFloat())
    return std::max(1u, (t.getIntOrFloatBitWidth() + 7) / 8);
  return 8;
}

FailureOr<uint64_t> checkProgramBytes(ModuleOp module, func::FuncOp fn,
                                      uint64_t limit) {
  uint64_t total = 0, largest = 0;
  Location largestLoc = fn.getLoc();
  bool overflow = false;
  fn.walk([&](memref::AllocaOp alloca) {
    MemRefType type = alloca.getType();
    uint64_t bytes = storageBytes(type.getElementType());
    for (int64_t d : type.getShape())
      overflow |= d < 0 || __builtin_mul_overflow(bytes, uint64_t(d), &bytes);
    overflow |= __builtin_add_overflow(total, bytes, &total);
    if (bytes > largest) {
      largest = bytes;
      largestLoc = alloca.getLoc();
    }
  });
  if (overflow || total > limit) {
    auto diag = emitError(largestLoc)
                << "kernel '" << fn.getName() << "' needs ";
    if (overflow)
      diag << "more than 2^64 bytes";
    else
      diag << total << " bytes";
    diag << " of tile buffers and shared memory per program, over the limit "
            "of "
         << limit << " bytes (--max-program-bytes); the largest buffer ("
         << largest << " bytes) is created here";
    return failure();
  }
  OpBuilder b(module.getBody(), module.getBody()->end());
  auto i64 = b.getI64Type();
  LLVM::GlobalOp::create(b, fn.getLoc(), i64, /*isConstant=*/true,
                         LLVM::Linkage::External,
                         ("__tilerun_program_bytes_" + fn.getName()).str(),
                         b.getI64IntegerAttr(total));
  return total;
}

} // namespace loops
} // namespace tilerun
