#ifndef TILERUN_TRITON_TRAITS_TD
#define TILERUN_TRITON_TRAITS_TD

include "mlir/IR/OpBase.td"

// Triton's tile-size rule (Traits.h): on every tt and ttg op.
def TensorSizeTrait : NativeOpTrait<"TensorSizeTrait">;

#endif // TILERUN_TRITON_TRAITS_TD
