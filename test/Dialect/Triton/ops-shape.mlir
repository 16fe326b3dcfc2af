// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: tt.func @shape
tt.func @shape(%s: f32, %a: tensor<32xf32>, %b: tensor<4x8xf32>, %i: tensor<4x2xi32>,
               %one: tensor<1xf32>) {
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<32xf32>
  %0 = tt.splat %s : f32 -> tensor<32xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1xf32>
  %1 = tt.unsplat %one : tensor<1xf32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %2 = tt.expand_dims %a {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<32x1xf32> -> tensor<32x4xf32>
  %3 = tt.broadcast %2 : tensor<32x1xf32> -> tensor<32x4xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<32xf32> -> tensor<4x8xf32>
  %4 = tt.reshape %a : tensor<32xf32> -> tensor<4x8xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<32xf32> -> tensor<8x4xf32>
  %5 = tt.reshape %a allow_reorder efficient_layout : tensor<32xf32> -> tensor<8x4xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %6 = tt.trans %b {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<64xf32>
  %7 = tt.cat %a, %a : tensor<32xf32> -> tensor<64xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %8 = tt.join %b, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tt.split %{{.*}} : tensor<4x8x2xf32> -> tensor<4x8xf32>
  %9, %10 = tt.split %8 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  %11 = tt.gather %b[%i] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  tt.return
}

// CHECK-LABEL: tt.func @spmd
tt.func @spmd(%x: tensor<256xi32>, %m: tensor<256xi1>) {
  // CHECK: tt.get_program_id x : i32
  %0 = tt.get_program_id x : i32
  // CHECK: tt.get_program_id z : i32
  %1 = tt.get_program_id z : i32
  // CHECK: tt.get_num_programs y : i32
  %2 = tt.get_num_programs y : i32
  // CHECK: tt.make_range {end = 144 : i32, start = 16 : i32} : tensor<128xi32>
  %3 = tt.make_range {end = 144 : i32, start = 16 : i32} : tensor<128xi32>
  // CHECK: tt.histogram %{{.*}} : tensor<256xi32> -> tensor<32xi32>
  %4 = tt.histogram %x : tensor<256xi32> -> tensor<32xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<256xi32> -> tensor<32xi32>
  %5 = tt.histogram %x, %m : tensor<256xi32> -> tensor<32xi32>
  tt.return
}
