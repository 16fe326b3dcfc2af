#ifndef TILERUN_TRITONGPU_OPS
#define TILERUN_TRITONGPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilerun/Dialect/Triton/IR/TritonTypes.td"
include "tilerun/Dialect/Triton/IR/TritonTraits.td"
include "tilerun/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "tilerun/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "tilerun/Dialect/TritonGPU/IR/TritonGPUTypes.td"

// Shared memory as a side-effect resource, so that views stay pure and
// loads/stores are ordered against each other.
def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTG_GlobalMemory : Resource<"::mlir::triton::gpu::GlobalMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, !listconcat(traits, [TensorSizeTrait])>;

def TTG_MemDesc : Type<CPred<"::mlir::isa<::mlir::triton::gpu::MemDescType>($_self)">,
    "memory descriptor", "::mlir::triton::gpu::MemDescType">;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure, SameOperandsAndResultShape,
                                                    SameOperandsAndResultElementType]> {
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

// cache / evict hold tt's CacheModifier / EvictionPolicy enum values (i32).
def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    TypesMatchWith<"mask has the shape of src", "src", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">,
    TypesMatchWith<"other has the pointee type of src", "src", "other",
                   "::mlir::triton::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 3) || std::equal_to<>()">]> {
  let arguments = (ins
    Arg<TT_PtrTensor, "", [MemRead<TTG_GlobalMemory>]>:$src,
    Arg<TTG_MemDesc, "", [MemWrite<TTG_SharedMemory>]>:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<I32Attr, "1">:$cache,
    DefaultValuedAttr<I32Attr, "1">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    custom<CacheEvict>($cache, $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalAllocOp : TTG_Op<"local_alloc"> {
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{ bool isSharedMemoryAlloc() { return true; } }];
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let arguments = (ins Arg<TTG_MemDesc, "", [MemFree<TTG_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let arguments = (ins Arg<TTG_MemDesc, "", [MemRead<TTG_SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let arguments = (ins TT_Tensor:$src,
                       Arg<TTG_MemDesc, "", [MemWrite<TTG_SharedMemory>]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

// Two e2m1 (fp4) codes per byte, the even index in the low nibble, unpacked
// along `axis` into floats (Gluon's fp4_to_fp; Triton's upcast of dot_scaled
// operands).
def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

// Per-program scratch in global memory (Triton allocates it for device-made
// tensor descriptors).
def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs Res<TT_Ptr, "", [MemAlloc<TTG_GlobalMemory>]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier"> {
  let assemblyFormat = "attr-dict";
}

class TTG_ViewOp<string mnemonic, list<Trait> traits = []>
    : TTG_Op<mnemonic, !listconcat(traits, [Pure])> {
  let results = (outs TTG_MemDesc:$result);
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_ViewOp<"memdesc_index"> {
  let arguments = (ins TTG_MemDesc:$src, I32:$index);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescSubsliceOp : TTG_ViewOp<"memdesc_subslice"> {
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$offsets);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src))
    `->` qualified(type($result))
  }];
}

def TTG_MemDescTransOp : TTG_ViewOp<"memdesc_trans"> {
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$order);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescReshapeOp : TTG_ViewOp<"memdesc_reshape"> {
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescReinterpretOp : TTG_ViewOp<"memdesc_reinterpret"> {
  let description = [{
    Views the memory of `src` through another shape, element type and
    layout. The verifier accepts what Triton 3.6 accepts: a result that
    needs no more memory than the source owns. Later Triton requires the
    same amount of memory; `tilerun-check-memdesc-rules` checks that rule
    (docs/memdesc.md).
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = [{
    /// Bits of memory the source owns: its storage, or for a contiguous
    /// subslice the chunk of its parent that it covers. nullopt when the
    /// size cannot be computed (or the subslice is not contiguous).
    std::optional<int64_t> getSourceStorageBits();
    /// Bits of memory the result's layout places elements in.
    std::optional<int64_t> getResultStorageBits();
  }];
}


//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [RecursiveMemoryEffects]> {
  let summary = "runs a default region and isolated partitions concurrently";
  let description = [{
    The default region runs on the enclosing program's warps and may use
    values from above; each partition (in the `ttg.warp_specialize.partitions`
    op of the second region) receives the explicit captures as block
    arguments. All regions start together and join at the end of the op;
    the default region's `ttg.warp_yield` operands become the results.

    ```mlir
    %r = ttg.warp_specialize(%a, %b) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg0: i32, %arg1: i32) num_warps(1) {
      ttg.warp_return
    } : (i32, i32) -> i32
    ```
  }];
  let arguments = (ins DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let extraClassDeclaration = [{
    WarpSpecializePartitionsOp getPartitionOp();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, Terminator,
    HasParent<"WarpSpecializeOp">]> {
  let summary = "holds the isolated partition regions of ttg.warp_specialize";
  let arguments = (ins Variadic<AnyType>:$explicitCaptures);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  // Printed and parsed as part of ttg.warp_specialize.
  let hasCustomAssemblyFormat = 1;
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "ends the default region of ttg.warp_specialize";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "ends a partition region of ttg.warp_specialize";
  let assemblyFormat = "attr-dict";
}

#endif
