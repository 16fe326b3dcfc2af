// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: tt.func @reduce
tt.func @reduce(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>, %v: tensor<8xf32>) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: tt.reduce.return %{{.*}} : f32
  // CHECK: }) : (tensor<4x8xf32>) -> tensor<4xf32>
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  // Argmax-style reduction of two operands.
  // CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  %1:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  // Reducing a 1-D tensor gives a scalar.
  // CHECK: }) : (tensor<8xf32>) -> f32
  %2 = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// CHECK-LABEL: tt.func @scan
tt.func @scan(%x: tensor<4x8xi32>) {
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 1 : i32, reverse = true}> ({
  // CHECK: tt.scan.return %{{.*}} : i32
  // CHECK: }) : (tensor<4x8xi32>) -> tensor<4x8xi32>
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<4x8xi32>) -> tensor<4x8xi32>
  tt.return
}

// CHECK-LABEL: tt.func @map
tt.func @map(%x: tensor<8xf32>, %y: tensor<8xi32>) {
  // CHECK: "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}> ({
  // CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}} : f32, f32
  %0 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
    tt.map_elementwise.return %a0, %a1 : f32, f32
  }) : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  tt.return
}
