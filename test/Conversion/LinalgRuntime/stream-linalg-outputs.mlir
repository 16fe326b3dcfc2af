// RUN: tilerun-opt %s -split-input-file -tilerun-stream-linalg-outputs | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-stream-linalg-outputs="vector-bytes=32" | FileCheck %s --check-prefix=V32

// An elementwise op writing a view of an argument: guarded by the launch's
// write size (programs x elements x 4 bytes); line-aligned rows in
// vectorised 64-element chunks with non-temporal stores, then the rest.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32, strided<[1], offset: ?>>, %[[Y:[^:]*]]: memref<?xf32, strided<[1], offset: ?>>, %[[O:[^:]*]]: memref<?xf32, strided<[1], offset: ?>>, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32
// CHECK-DAG: %[[NX:.*]] = arith.index_castui %[[GX]]
// CHECK-DAG: %[[NY:.*]] = arith.index_castui %[[GY]]
// CHECK-DAG: %[[NZ:.*]] = arith.index_castui %[[GZ]]
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[N:.*]], %{{.*}} = memref.extract_strided_metadata %[[O]]
// CHECK: %[[B4:.*]] = arith.muli %{{.*}}, %c4
// CHECK: %[[BYTES:.*]] = arith.muli %[[B4]], %[[N]]
// CHECK: %[[BIG:.*]] = arith.cmpi uge, %[[BYTES]], %c16777216
// CHECK: scf.if %[[BIG]] {
// CHECK:   %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK:   %[[ROWB:.*]] = arith.muli %[[OFF]], %c4
// CHECK:   %[[ROW:.*]] = arith.addi %[[PTR]], %[[ROWB]]
// CHECK:   %[[LOW:.*]] = arith.andi %[[ROW]], %c63
// CHECK:   %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %c0
// CHECK:   %[[CHUNKS:.*]] = arith.divui %[[N]], %c64
// CHECK:   %[[WHOLE:.*]] = arith.muli %[[CHUNKS]], %c64
// CHECK:   %[[FULL:.*]] = arith.select %[[ALIGNED]], %[[WHOLE]], %c0
// CHECK:   scf.for %[[C:.*]] = %c0{{.*}} to %[[FULL]] step %c64
// CHECK-DAG:  %[[XC:.*]] = memref.subview %[[X]][%[[C]]] [64] [1]
// CHECK-DAG:  %[[YC:.*]] = memref.subview %[[Y]][%[[C]]] [64] [1]
// CHECK-DAG:  %[[OC:.*]] = memref.subview %[[O]][%[[C]]] [64] [1]
// CHECK-DAG:  %[[XV:.*]] = vector.transfer_read %[[XC]]
// CHECK-DAG:  %[[YV:.*]] = vector.transfer_read %[[YC]]
// CHECK:      %[[S:.*]] = arith.addf %[[XV]], %[[YV]] : vector<64xf32>
// CHECK:      vector.store %[[S]], %[[OC]][%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<64xf32, strided<[1], offset: ?>>, vector<64xf32>
// CHECK:   }
// CHECK:   %[[REST:.*]] = arith.subi %[[N]], %[[FULL]]
// CHECK:   %[[XR:.*]] = memref.subview %[[X]][%[[FULL]]] [%[[REST]]] [1]
// CHECK:   linalg.generic {{.*}} ins(%[[XR]], %{{.*}} : memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) outs(%{{.*}} : memref<?xf32, strided<[1], offset: ?>>)
// CHECK: } else {
// CHECK:   linalg.generic {{.*}} ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[O]] : {{.*}})
// CHECK: }
// CHECK-NOT: linalg.generic
// With 32-byte vectors (an Intel AVX-512 CPU's preferredVectorBytes) each
// chunk reads, adds and stores 8 floats at a time, each store aligned to
// its 32 bytes.
// V32-LABEL: func.func @add(
// V32: scf.for %[[C:.*]] = %c0{{.*}} to %{{.*}} step %c64
// V32-COUNT-16: vector.transfer_read {{.*}} vector<8xf32>
// V32-COUNT-8: arith.addf {{.*}} : vector<8xf32>
// V32-COUNT-8: vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<64xf32, strided<[1], offset: ?>>, vector<8xf32>
// V32-NEXT: }
#id = affine_map<(d0) -> (d0)>
func.func @add(%x: memref<?xf32, strided<[1], offset: ?>>, %y: memref<?xf32, strided<[1], offset: ?>>, %o: memref<?xf32, strided<[1], offset: ?>>, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) outs(%o : memref<?xf32, strided<[1], offset: ?>>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows of a 2-D output, each checked for alignment at its own start. A local
// input read along the row is sliced per chunk; one read per row (the row's
// scale) is loaded once per row and broadcast.
// CHECK-LABEL: func.func @rows(
// CHECK: scf.if
// CHECK:   scf.for %[[R:.*]] = %c0{{.*}} to %{{.*}} step %c1
// CHECK:     %[[SCALE:.*]] = memref.load %{{.*}}[%[[R]]] : memref<16xf32>
// CHECK:     arith.muli %[[R]], %{{.*}}
// CHECK:     scf.for %[[C:.*]] =
// CHECK-DAG:   memref.subview %arg0[%[[R]], %[[C]]] [1, 64] [1, 1] : memref<16x?xf32, strided<[?, 1], offset: ?>> to memref<64xf32, strided<[1], offset: ?>>
// CHECK-DAG:   memref.subview %{{.*}}[%[[C]]] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
// CHECK-DAG:   vector.broadcast %[[SCALE]] : f32 to vector<64xf32>
// CHECK:       vector.store {{.*}}nontemporal = true
// CHECK:     linalg.generic {indexing_maps = [#{{.*}}, #[[SCALAR:.*]], #{{.*}}, #{{.*}}], {{.*}} ins(%{{.*}}, %[[SCALE]], %{{.*}} : memref<?xf32, strided<[1], offset: ?>>, f32, memref<?xf32, strided<[1], offset: ?>>)
func.func @rows(%x: memref<16x?xf32, strided<[?, 1], offset: ?>>, %o: memref<16x?xf32, strided<[?, 1], offset: ?>>, %n: index, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  %scale = memref.alloc() : memref<16xf32>
  %bias = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %scale, %bias : memref<16x?xf32, strided<[?, 1], offset: ?>>, memref<16xf32>, memref<?xf32>) outs(%o : memref<16x?xf32, strided<[?, 1], offset: ?>>) {
  ^bb0(%a: f32, %r: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %r : f32
    %y = arith.addf %m, %b : f32
    linalg.yield %y : f32
  }
  return
}

// -----

// A copy of a local tile into an argument streams as a generic.
// CHECK-LABEL: func.func @copy_out(
// CHECK: scf.if
// CHECK:   vector.store {{.*}}nontemporal = true
// CHECK:   linalg.generic
// CHECK: } else {
// CHECK:   linalg.generic
func.func @copy_out(%o: memref<1024xf32, strided<[1], offset: ?>>, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  %t = memref.alloca() : memref<1024xf32>
  linalg.copy ins(%t : memref<1024xf32>) outs(%o : memref<1024xf32, strided<[1], offset: ?>>)
  return
}

// A fill of an argument view streams too: its value is a scalar input.
// CHECK-LABEL: func.func @fill_out(
// CHECK-SAME: %[[V:[^:]*]]: f32
// CHECK: scf.if
// CHECK:   %[[B:.*]] = vector.broadcast %[[V]] : f32 to vector<64xf32>
// CHECK:   vector.store %[[B]], {{.*}}nontemporal = true
// CHECK:   linalg.generic {{.*}} ins(%[[V]] : f32)
// CHECK: } else {
// CHECK:   linalg.generic {{.*}} ins(%[[V]] : f32)
func.func @fill_out(%o: memref<?xf32, strided<[1], offset: ?>>, %v: f32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  linalg.fill ins(%v : f32) outs(%o : memref<?xf32, strided<[1], offset: ?>>)
  return
}

// -----

// Left alone: a local output (it stays in the cache), an output the body
// reads, an output with a run-time innermost stride, an argument input read
// at other indices than written (it may alias the output), an op using
// linalg.index, a reduction, and rows known to be shorter than a chunk.
// CHECK-LABEL: func.func @not_streamed(
// CHECK-NOT: scf.if
// CHECK-NOT: vector.store
// CHECK-COUNT-6: linalg.generic
// CHECK: linalg.copy
// CHECK-NOT: scf.if
#id = affine_map<(d0) -> (d0)>
func.func @not_streamed(%x: memref<?xf32>, %o: memref<?xf32>, %s: memref<?xf32, strided<[?]>>, %row: memref<4x?xf32>, %narrow: memref<64x32xf32, strided<[?, 1], offset: ?>>, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %local = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%local : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s2 = arith.addf %a, %out : f32
    linalg.yield %s2 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%s : memref<?xf32, strided<[?]>>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<?xf32>) outs(%row : memref<4x?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s3 = arith.addf %a, %f : f32
    linalg.yield %s3 : f32
  }
  %acc = memref.alloca() : memref<f32>
  linalg.generic {indexing_maps = [#id, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : memref<?xf32>) outs(%acc : memref<f32>) {
  ^bb0(%a: f32, %out: f32):
    %s4 = arith.addf %a, %out : f32
    linalg.yield %s4 : f32
  }
  %tile = memref.alloca() : memref<64x32xf32>
  linalg.copy ins(%tile : memref<64x32xf32>) outs(%narrow : memref<64x32xf32, strided<[?, 1], offset: ?>>)
  return
}

// -----

// Left alone: a kernel with atomics (the runtime's fence comes only after a
// thread's programs), a function without the trailing grid parameters, and
// a private helper (its trailing i32 need not be the grid).
// CHECK-LABEL: func.func @with_atomic(
// CHECK-NOT: vector.store
// CHECK-LABEL: func.func @no_grid(
// CHECK-NOT: vector.store
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT: vector.store
#id = affine_map<(d0) -> (d0)>
func.func @with_atomic(%x: memref<?xf32>, %o: memref<?xf32>, %c: memref<1xf32>, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %old = memref.atomic_rmw addf %one, %c[%c0] : (f32, memref<1xf32>) -> f32
  return
}
func.func @no_grid(%x: memref<?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  return
}
func.func private @helper(%x: memref<?xf32>, %o: memref<?xf32>, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  }
  return
}
