#ifndef TILERUN_TRITONNVIDIAGPU_DIALECT
#define TILERUN_TRITONNVIDIAGPU_DIALECT

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "Hopper operations of Triton GPU IR: mbarriers, TMA, wgmma";
  let description = [{
    The Hopper (sm_90) operations that Gluon kernels and Triton's cuda:90
    TTGIR use: mbarriers, tensor-memory-accelerator copies through tensor
    descriptors (made on the device with tensormap_create), fences and
    warpgroup MMA. On a CPU one thread runs a whole program, so the
    asynchronous copies and MMAs complete when issued and the barriers and
    fences that order them have nothing left to order.
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect",
                           "::mlir::triton::gpu::TritonGPUDialect"];
}

#endif
