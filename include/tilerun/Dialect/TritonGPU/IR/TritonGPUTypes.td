#ifndef TILERUN_TRITONGPU_TYPES
#define TILERUN_TRITONGPU_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tilerun/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string _mnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = _mnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "token of an asynchronous copy group";
}

// A view of shared memory. allocShape is the shape of the allocation the view
// belongs to; it differs from shape for subviews (memdesc_subslice).
def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "shared-memory descriptor";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding,
                        "Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, "Attribute":$encoding, "Attribute":$memorySpace,
        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, "Attribute":$encoding, "Attribute":$memorySpace,
        "bool":$mutableMemory, "ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];
  let extraClassDeclaration = [{
    MemDescType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                          Type elementType) const {
      return MemDescType::get(shape.value_or(getShape()), elementType,
                              getEncoding(), getMemorySpace(),
                              getMutableMemory(), getAllocShape());
    }
    bool hasRank() const { return true; }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
}

#endif
