// RUN: tilerun-opt %s -split-input-file -tilerun-linalg-to-ranked-tensors -canonicalize -verify-diagnostics | FileCheck %s

// A masked 1-D block: reads and writes are slices of the flat argument, the
// written argument is returned and tied to its result.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[OUT:.*]]: tensor<?xf32> {iree.abi.output = 0 : index}, %{{.*}}: i32
// CHECK-SAME: -> tensor<?xf32>
// CHECK-NOT: memref
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[X]][%[[OFF:.*]]] [%[[N:.*]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK: %[[BLOCK:.*]] = tensor.insert_slice %[[IN]] into %{{.*}}[0] [%[[N]]] [1] : tensor<?xf32> into tensor<1024xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[BLOCK]], %[[BLOCK]] : {{.*}}) outs(%[[BLOCK]] : tensor<1024xf32>)
// CHECK: %[[RES:.*]] = tensor.extract_slice %[[SUM]][0] [%[[N]]] [1]
// CHECK: %[[NEW:.*]] = tensor.insert_slice %[[RES]] into %[[OUT]][%[[OFF]]] [%[[N]]] [1]
// CHECK: return %[[NEW]] : tensor<?xf32>
#map = affine_map<(d0) -> (d0)>
func.func @add(%x: memref<*xf32>, %out: memref<*xf32>, %n: i32, %a: i32, %b: i32, %c: i32, %px: i32, %py: i32, %pz: i32) {
  %c1024 = arith.constant 1024 : index
  %pid = arith.index_cast %px : i32 to index
  %off = arith.muli %pid, %c1024 : index
  %src = memref.reinterpret_cast %x to offset: [%off], sizes: [1024], strides: [1] : memref<*xf32> to memref<1024xf32, strided<[1], offset: ?>>
  %nn = arith.index_cast %n : i32 to index
  %end = arith.minsi %nn, %c1024 : index
  %alloc = memref.alloc() : memref<1024xf32>
  %sv = memref.subview %src[0] [%end] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %av = memref.subview %alloc[0] [%end] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %sv, %av : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%alloc, %alloc : memref<1024xf32>, memref<1024xf32>) outs(%alloc : memref<1024xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %s = arith.addf %i, %j : f32
    linalg.yield %s : f32
  }
  %dst = memref.reinterpret_cast %out to offset: [%off], sizes: [1024], strides: [1] : memref<*xf32> to memref<1024xf32, strided<[1], offset: ?>>
  %rv = memref.subview %alloc[0] [%end] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  %dv = memref.subview %dst[0] [%end] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %rv, %dv : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// -----

// A 2-D block with a runtime row stride: read by a gathering linalg.generic,
// written one row at a time; the conditional fill of the buffer is threaded
// through scf.if.
// CHECK-LABEL: func.func @tile(
// CHECK-SAME: %[[A:.*]]: tensor<?xf32>, %[[C:.*]]: tensor<?xf32> {iree.abi.output = 0 : index}
// CHECK: %[[FILLED:.*]] = scf.if %{{.*}} -> (tensor<4x8xf32>) {
// CHECK:   linalg.fill {{.*}} -> tensor<4x8xf32>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x8xf32>)
// CHECK:   linalg.index 0
// CHECK:   tensor.extract %[[A]]
// CHECK: tensor.insert_slice {{.*}} into %[[FILLED]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[C]]) -> (tensor<?xf32>)
// CHECK:   tensor.extract_slice {{.*}} to tensor<8xf32>
// CHECK:   tensor.insert_slice {{.*}} into %[[ACC]]
func.func @tile(%a: memref<*xf32>, %c: memref<*xf32>, %stride: i32, %fill: i1, %a0: i32, %a1: i32, %a2: i32, %px: i32, %py: i32, %pz: i32) {
  %s = arith.index_cast %stride : i32 to index
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4x8xf32>
  scf.if %fill {
    linalg.fill ins(%zero : f32) outs(%buf : memref<4x8xf32>)
  }
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [4, 8], strides: [%s, 1] : memref<*xf32> to memref<4x8xf32, strided<[?, 1]>>
  %m = arith.index_cast %a0 : i32 to index
  %vm = memref.subview %v[0, 0] [%m, 8] [1, 1] : memref<4x8xf32, strided<[?, 1]>> to memref<?x8xf32, strided<[?, 1]>>
  %bm = memref.subview %buf[0, 0] [%m, 8] [1, 1] : memref<4x8xf32> to memref<?x8xf32, strided<[8, 1]>>
  memref.copy %vm, %bm : memref<?x8xf32, strided<[?, 1]>> to memref<?x8xf32, strided<[8, 1]>>
  %t = bufferization.to_tensor %buf restrict writable : memref<4x8xf32> to tensor<4x8xf32>
  %w = memref.reinterpret_cast %c to offset: [0], sizes: [4, 8], strides: [%s, 1] : memref<*xf32> to memref<4x8xf32, strided<[?, 1]>>
  bufferization.materialize_in_destination %t in writable %w : (tensor<4x8xf32>, memref<4x8xf32, strided<[?, 1]>>) -> ()
  return
}

// -----

func.func @while_write(%a: memref<*xf32>, %n: i32, %a0: i32, %a1: i32, %a2: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32, strided<[1]>>
  %true = arith.constant true
  // expected-error @+1 {{writes to buffers inside 'scf.while' cannot be converted to tensors}}
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    memref.store %f, %v[%c0] : memref<4xf32, strided<[1]>>
    scf.yield
  }
  return
}
