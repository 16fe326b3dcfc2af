// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=sapphirerapids" | FileCheck %s --check-prefix=AMX
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=graniterapids amx=true" | FileCheck %s --check-prefixes=AMX,FP16
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=sapphirerapids amx=false" | FileCheck %s --check-prefix=NOAMX
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=znver4" | FileCheck %s --check-prefix=NOAMX

// AMX tiles follow the CPU the pipeline is given (CpuTarget::hasAMXBF16,
// hasAMXFP16, hasAMXInt8) unless turned off (`amx=false`, the CLI's
// --amx=false): Sapphire Rapids multiplies bf16 on tdpbf16ps and int8 on
// tdpbssd, Granite Rapids f16 on tdpfp16ps too; with `amx=false`, or on a
// CPU without AMX (Zen 4), the dot-product instructions take them
// (vdpbf16ps, vpdpbusd). The tile configuration (ldtilecfg) is LLVM's.
// AMX-LABEL: llvm.func @bf16_dot
// AMX: llvm.call_intrinsic "llvm.x86.tileloadd64.internal"
// AMX: llvm.call_intrinsic "llvm.x86.tdpbf16ps.internal"
// AMX: llvm.call_intrinsic "llvm.x86.tilestored64.internal"
// AMX-LABEL: llvm.func @int8_dot
// AMX: llvm.call_intrinsic "llvm.x86.tdpbssd.internal"
// AMX-LABEL: llvm.func @f16_dot
// FP16: llvm.call_intrinsic "llvm.x86.tdpfp16ps.internal"
// NOAMX-NOT: tdp
// NOAMX: llvm.x86.avx512bf16.dpbf16ps.512
// NOAMX: llvm.x86.avx512.vpdpbusd.512
// NOAMX-NOT: tdp
tt.func public @bf16_dot(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
tt.func public @int8_dot(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<i32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<i8>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<i8>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<32x64xi32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xi8> * tensor<64x64xi8> -> tensor<32x64xi32>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<i32>>
  tt.return
}
tt.func public @f16_dot(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<f16>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xf16> * tensor<64x64xf16> -> tensor<32x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
