#ifndef TILERUN_TRITONNVIDIAGPU_OPS
#define TILERUN_TRITONNVIDIAGPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilerun/Dialect/Triton/IR/TritonTypes.td"
include "tilerun/Dialect/Triton/IR/TritonAttrDefs.td"
include "tilerun/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

// The ttg resources and descriptor type, named here so that this file does
// not generate ttg's ops again.
def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTNG_GlobalMemory : Resource<"::mlir::triton::gpu::GlobalMemory">;
def TTNG_MemDesc : Type<CPred<"::mlir::isa<::mlir::triton::gpu::MemDescType>($_self)">,
    "memory descriptor", "::mlir::triton::gpu::MemDescType">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, traits>;

//===-- mbarriers (an i64 in shared memory) -------------------------------===//
def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemRead<TTNG_SharedMemory>,
                                             MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32:$phase, Optional<I1>:$pred, Variadic<AnyType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict
    `:` qualified(type($alloc)) (`,` type($deps)^)?
  }];
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
                       UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

//===-- Fences ------------------------------------------------------------===//
def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$bCluster);
  let assemblyFormat = "attr-dict";
}

//===-- Tensor descriptors made on the device -----------------------------===//
// A 128-byte TMA descriptor written into global scratch memory: box and
// global dims and the element strides innermost first, the byte strides of
// the dims above the innermost.
def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    AttrSizedOperandSegments, MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride, Variadic<I32>:$element_stride,
                       I32Attr:$elem_type, I32Attr:$interleave_layout,
                       I32Attr:$swizzle_mode, I32Attr:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,`
    `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire"> {
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

//===-- TMA copies --------------------------------------------------------===//
def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local"> {
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Arg<TTNG_MemDesc, "", [MemWrite<TTNG_SharedMemory>]>:$result,
    I1:$pred,
    DefaultValuedAttr<I32Attr, "1">:$cache,
    DefaultValuedAttr<I32Attr, "1">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred attr-dict
    `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global"> {
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce"> {
  let arguments = (ins
    TT_DescriptorReduceKindAttr:$kind,
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>,
                                MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict
    `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

//===-- Warpgroup MMA -----------------------------------------------------===//
def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    TypesMatchWith<"accumulator type matches result type", "d", "c", "$_self">]> {
  let arguments = (ins
    Arg<AnyTypeOf<[TT_FloatTensor, TT_IntTensor, TTNG_MemDesc]>, "",
        [MemRead<TTNG_SharedMemory>]>:$a,
    Arg<TTNG_MemDesc, "", [MemRead<TTNG_SharedMemory>]>:$b,
    TT_Tensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<I32Attr, "0">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    AllTypesMatch<["inputs", "outputs"]>]> {
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

#endif
