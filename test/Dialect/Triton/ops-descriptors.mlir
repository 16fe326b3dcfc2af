// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%p: !tt.ptr<f32>, %M: i32, %N: i32, %s: i64, %x: tensor<16x32xf32>,
                     %rows: tensor<8xi32>, %g: tensor<8x32xf32>) {
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f32>, <tensor<16x32xf32>>
  %d = tt.make_tensor_descriptor %p, [%M, %N], [%s, %s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x32xf32>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  %0 = tt.descriptor_load %d[%M, %N] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  %1 = tt.descriptor_load %d[%M, %N] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  tt.descriptor_store %d[%M, %N], %x : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  tt.descriptor_reduce add, %d[%M, %N], %x : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  %r = tt.make_tensor_descriptor %p, [%M, %N], [%s, %s] : <f32>, <tensor<1x32xf32>>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  %2 = tt.descriptor_gather %r[%rows, %N] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
  tt.descriptor_scatter %r[%rows, %N], %g : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
  tt.return
}
