// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: tt.func @math
tt.func @math(%x: tensor<16xf32>, %i: tensor<16xi32>) {
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<16xf32>
  %0 = tt.clampf %x, %x, %x, propagateNan = all : tensor<16xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<16xf32>
  %1 = tt.clampf %x, %x, %x, propagateNan = none : tensor<16xf32>
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<16xf32>
  %2 = tt.precise_sqrt %x : tensor<16xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<16xf32>
  %3 = tt.precise_divf %x, %x : tensor<16xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<16xi32>
  %4 = tt.mulhiui %i, %i : tensor<16xi32>
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<16xf32>) -> tensor<16xf32>
  %5 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<16xi32> -> tensor<16xi32>
  %6 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<16xi32> -> tensor<16xi32>
  tt.return
}

// CHECK-LABEL: tt.func @dots
tt.func @dots(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>, %c: tensor<64x16xf32>,
              %fa: tensor<64x32xf32>, %fb: tensor<32x16xf32>,
              %ba: tensor<2x8x4xi8>, %bb: tensor<2x4x8xi8>, %bc: tensor<2x8x8xi32>,
              %sa: tensor<64x32xf8E4M3FN>, %sb: tensor<32x16xf8E4M3FN>,
              %scale: tensor<64x1xi8>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  // ieee is the default and is not printed.
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  %1 = tt.dot %fa, %fb, %c, inputPrecision = ieee : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 {maxNumImpreciseAcc = 4 : i32} : tensor<64x32xf32>
  %2 = tt.dot %fa, %fb, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 4 : i32} : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x4xi8> * tensor<2x4x8xi8> -> tensor<2x8x8xi32>
  %3 = tt.dot %ba, %bb, %bc : tensor<2x8x4xi8> * tensor<2x4x8xi8> -> tensor<2x8x8xi32>
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<64x32xf8E4M3FN>, tensor<64x1xi8> * tensor<32x16xf8E4M3FN> -> tensor<64x16xf32>
  %4 = tt.dot_scaled %sa scale %scale, %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<64x32xf8E4M3FN>, tensor<64x1xi8> * tensor<32x16xf8E4M3FN> -> tensor<64x16xf32>
  tt.return
}
