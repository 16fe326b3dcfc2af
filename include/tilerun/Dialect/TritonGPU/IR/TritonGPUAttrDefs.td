#ifndef TILERUN_TRITONGPU_ATTRDEFS
#define TILERUN_TRITONGPU_ATTRDEFS

include "mlir/IR/AttrTypeBase.td"
include "tilerun/Dialect/TritonGPU/IR/TritonGPUDialect.td"

// Layouts print as Triton prints them; each has a hand-written parser and
// printer (Attrs.cpp) because Triton elides defaults and accepts any key order.
// Multi-CTA arrangement ("CGALayout") is kept as its block bases, flattened:
// basis i is cgaBases[i*rank .. (i+1)*rank); empty means one CTA.
class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def TTG_SharedMemorySpaceAttr : AttrDef<TritonGPU_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "the shared-memory address space of a memdesc";
}

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked"> {
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        ArrayRefParameter<"int32_t">:$cgaBases);
  let genVerifyDecl = 1;
}

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice"> {
  let parameters = (ins "unsigned":$dim, "Attribute":$parent);
  let genVerifyDecl = 1;
}

// A distributed layout given by its bases; `rank` is the tensor rank (not
// recoverable from the bases when all of them are empty).
def TTG_LinearEncodingAttr : TTG_Attr<"LinearEncoding", "linear"> {
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
}

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op"> {
  let parameters = (ins "unsigned":$opIdx, "Attribute":$parent,
                        "unsigned":$kWidth);
  let genVerifyDecl = 1;
}

def TTG_NvidiaMmaEncodingAttr : TTG_Attr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"int32_t">:$cgaBases,
                        ArrayRefParameter<"unsigned">:$instrShape);
}

// AMD's matrix-core layouts. Like every distributed layout they only say
// which thread holds which element, which a CPU program (that holds every
// element) does not need; they are parsed so that TTGIR written for AMD GPUs,
// and Gluon kernels naming them, run. Defaults are kept as Triton elides
// them: elementBitWidth 32, tilesPerWarp all ones (stored empty), and WMMA's
// instrShape [16, 16, 16] (stored empty).
def TTG_AMDMfmaEncodingAttr : TTG_Attr<"AMDMfmaEncoding", "amd_mfma"> {
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed,
                        ArrayRefParameter<"int32_t">:$cgaBases,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
  let genVerifyDecl = 1;
}

def TTG_AMDWmmaEncodingAttr : TTG_Attr<"AMDWmmaEncoding", "amd_wmma"> {
  let parameters = (ins "unsigned":$version, "bool":$isTranspose,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"int32_t">:$cgaBases,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let genVerifyDecl = 1;
}

def TTG_SwizzledSharedEncodingAttr
    : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        ArrayRefParameter<"int32_t">:$cgaBases);
  let genVerifyDecl = 1;
}

def TTG_NVMMASharedEncodingAttr : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared"> {
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$cgaBases);
  let genVerifyDecl = 1;
}

// Padding plus a linear component mapping [offset, block] to logical dims.
def TTG_PaddedSharedEncodingAttr
    : TTG_Attr<"PaddedSharedEncoding", "padded_shared"> {
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let genVerifyDecl = 1;
}

def TTG_SharedLinearEncodingAttr
    : TTG_Attr<"SharedLinearEncoding", "shared_linear"> {
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases,
                        "unsigned":$alignment);
  let genVerifyDecl = 1;
}

#endif
