// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=znver4" | FileCheck %s --check-prefix=BF16
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=sapphirerapids amx=false" | FileCheck %s --check-prefix=BF16
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=x86-64-v3 target-features=+avx512f,+avx512bf16" | FileCheck %s --check-prefix=BF16
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=skylake-avx512" | FileCheck %s --check-prefix=WIDEN
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=x86-64-v3" | FileCheck %s --check-prefix=WIDEN

// Whether a bf16 dot runs on AVX512-BF16's vdpbf16ps follows the CPU the
// pipeline is given (CpuTarget::hasAVX512BF16), whichever machine runs the
// test: Zen 4, Sapphire Rapids, or any CPU given +avx512bf16 get it;
// Skylake-AVX512 and AVX2 CPUs widen bf16 to f32.
// BF16: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"({{.*}}) : (vector<16xf32>, vector<32xbf16>, vector<32xbf16>) -> vector<16xf32>
// WIDEN-NOT: dpbf16ps
// WIDEN: llvm.intr.fmuladd
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
