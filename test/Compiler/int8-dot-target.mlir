// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=znver4" | FileCheck %s --check-prefix=VNNI
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=sapphirerapids amx=false" | FileCheck %s --check-prefix=VNNI
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=skylake-avx512 target-features=+avx512vnni" | FileCheck %s --check-prefix=VNNI
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=skylake-avx512" | FileCheck %s --check-prefix=WORDS512
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=alderlake" | FileCheck %s --check-prefix=VNNI256
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=x86-64-v3 target-features=+avxvnni" | FileCheck %s --check-prefix=VNNI256
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=x86-64-v3" | FileCheck %s --check-prefix=WORDS256
// RUN: tilerun-opt %s -tilerun-lower-to-llvm="target-cpu=x86-64" | FileCheck %s --check-prefix=WIDEN

// Whether an int8 dot runs on AVX512-VNNI's vpdpbusd follows the CPU the
// pipeline is given (CpuTarget::hasAVX512VNNI), whichever machine runs the
// test: Zen 4, Sapphire Rapids, or any AVX-512 CPU given +avx512vnni get it.
// CPUs whose VNNI is the 256-bit AVX-VNNI (Alder Lake, or any AVX2 CPU given
// +avxvnni) get it on 8 lanes. Without either the bytes are widened to words
// for vpmaddwd, on 512-bit vectors with AVX-512BW (Skylake-AVX512) and on
// 256-bit ones with AVX2 (x86-64-v3); a CPU with neither (x86-64) widens
// them to i32 in loops.
// VNNI: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"({{.*}}) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// VNNI256-NOT: pmadd
// VNNI256: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"({{.*}}) : (vector<8xi32>, vector<32xi8>, vector<32xi8>) -> vector<8xi32>
// WORDS512-NOT: vpdpbusd
// WORDS512: llvm.call_intrinsic "llvm.x86.avx512.pmaddw.d.512"({{.*}}) : (vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// WORDS256-NOT: vpdpbusd
// WORDS256: llvm.call_intrinsic "llvm.x86.avx2.pmadd.wd"({{.*}}) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// WIDEN-NOT: pmadd
// WIDEN-NOT: vpdpbusd
// WIDEN: llvm.sext {{.*}} : i8 to i32
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
