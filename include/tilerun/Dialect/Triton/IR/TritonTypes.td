#ifndef TILERUN_TRITON_TYPES_TD
#define TILERUN_TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"
include "tilerun/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===-- Scalars and tensors of scalars ------------------------------------===//
def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

//===-- Pointers ----------------------------------------------------------===//
def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer into an address space (global = 1)";
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  // Address space 1 is implied, so the printer needs a custom form.
  let hasCustomAssemblyFormat = 1;
}

// A pointer whose pointee satisfies one of `pointeeTypes`. The C++ class is
// PointerType, so `type($x)` prints it without the `!tt.` prefix.
class TT_PtrOf<list<Type> pointeeTypes>
    : DialectType<Triton_Dialect,
        And<[CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
             SubstLeaves<"$_self",
               "::llvm::cast<::mlir::triton::PointerType>($_self).getPointeeType()",
               AnyTypeOf<pointeeTypes>.predicate>]>,
        "ptr", "::mlir::triton::PointerType">;

def TT_Ptr : TT_PtrOf<[AnyType]>;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

// Ranked-tensor constraints so accessors return TypedValue<RankedTensorType>.
def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;

// Block pointer (`!tt.ptr<tensor<..>>`) from make_tensor_ptr.
def TT_TensorPtr : TT_PtrOf<[TT_Tensor]>;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

//===-- Tensor descriptors ------------------------------------------------===//
def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a block of a global tensor (TMA-style)";
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

#endif
