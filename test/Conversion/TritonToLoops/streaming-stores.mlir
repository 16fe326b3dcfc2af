// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops="streaming-stores=true" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops | FileCheck %s --check-prefix=OFF

// OFF-NOT: nontemporal

// A launch that writes 16 MiB or more (programs x 1 KiB here) writes each
// 64-element chunk of its row with four 64-byte non-temporal stores when the
// chunk starts on a cache line and its addresses are contiguous; otherwise
// element by element. Smaller launches keep the ordinary nest.
// CHECK-LABEL: func.func @copy_rows
// CHECK-SAME: %[[OUT:arg0]]: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[NX:arg2]]: i32, %[[NY:arg3]]: i32, %[[NZ:arg4]]: i32
// CHECK: %[[X:.*]] = arith.extui %[[NX]] : i32 to i64
// CHECK: %[[B:.*]] = arith.muli %[[X]], %c1024_i64 : i64
// CHECK: %[[BIG:.*]] = arith.cmpi uge, %{{.*}}, %c16777216_i64 : i64
// CHECK: scf.if %[[BIG]] {
// CHECK:   scf.for %[[C:.*]] = %c0 to %c4 step %c1 {
// CHECK:     %[[FIRST:.*]] = arith.muli %[[C]], %c64 : index
// CHECK:     scf.for
// CHECK:       llvm.load
// CHECK:       memref.store %{{.*}}, %[[SCRATCH:.*]][%{{.*}}] : memref<64xf32>
// CHECK:     %[[ROW:.*]] = llvm.getelementptr %[[OUT]]
// CHECK:     %[[START:.*]] = llvm.getelementptr %[[ROW]]
// CHECK:     %[[S:.*]] = llvm.ptrtoint %[[START]] : !llvm.ptr to i64
// CHECK:     %[[LOW:.*]] = arith.andi %[[S]], %c63_i64 : i64
// CHECK:     %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %c0_i64 : i64
// CHECK:     %[[SPAN:.*]] = arith.subi %{{.*}}, %[[S]] : i64
// CHECK:     %[[DENSE:.*]] = arith.cmpi eq, %[[SPAN]], %c252_i64 : i64
// CHECK:     %[[OK:.*]] = arith.andi %[[ALIGNED]], %[[DENSE]] : i1
// CHECK:     scf.if %[[OK]] {
// CHECK:       %[[L0:.*]] = vector.load %[[SCRATCH]][%c0] : memref<64xf32>, vector<16xf32>
// CHECK:       llvm.store %[[L0]], %[[START]] {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK:       llvm.getelementptr %[[START]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-COUNT-3: llvm.store %{{.*}} {alignment = 64 : i64, nontemporal}
// CHECK:     } else {
// CHECK:       scf.for
// CHECK:         memref.load %[[SCRATCH]]
// CHECK:         llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: } else {
// CHECK-NOT: nontemporal
// CHECK:   scf.for %{{.*}} = %c0 to %c256 step %c1 {
// CHECK:     llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NOT: llvm.x86.sse.sfence
// CHECK: return
tt.func public @copy_rows(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %row = arith.muli %pid, %c256 : i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %rs = tt.splat %row : i32 -> tensor<256xi32>
  %cols = arith.addi %rs, %offs : tensor<256xi32>
  %ip0 = tt.splat %in : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ip = tt.addptr %ip0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ip : tensor<256x!tt.ptr<f32>>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %op = tt.addptr %op0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %op, %x : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// Every second element: not contiguous, so never written by whole lines.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: nontemporal
// CHECK: return
tt.func public @strided(%out: !tt.ptr<f32>) {
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %two = arith.constant dense<2> : tensor<256xi32>
  %idx = arith.muli %offs, %two : tensor<256xi32>
  %v = arith.sitofp %offs : tensor<256xi32> to tensor<256xf32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %op = tt.addptr %op0, %idx : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %op, %v : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// A masked store streams only in the copy of the nest whose masks are all
// true; the tail copy keeps its guards. A kernel with atomics fences its
// non-temporal stores before going on: another program may wait on the
// atomic for this program's rows.
// CHECK-LABEL: func.func @masked_with_atomic
// CHECK: scf.if
// CHECK:   scf.if
// CHECK:     nontemporal
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK: } else {
// CHECK-NOT: nontemporal
// CHECK:   scf.if
// CHECK:     llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: llvm.atomicrmw
tt.func public @masked_with_atomic(%out: !tt.ptr<f32>, %n: i32, %counter: !tt.ptr<i32>) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %row = arith.muli %pid, %c256 : i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %rs = tt.splat %row : i32 -> tensor<256xi32>
  %cols = arith.addi %rs, %offs : tensor<256xi32>
  %ns = tt.splat %n : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<256xi32>
  %v = arith.sitofp %cols : tensor<256xi32> to tensor<256xf32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %op = tt.addptr %op0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %op, %v, %mask : tensor<256x!tt.ptr<f32>>
  %one = arith.constant 1 : i32
  %t = arith.constant true
  %old = tt.atomic_rmw add, acq_rel, gpu, %counter, %one, %t : (!tt.ptr<i32>, i32, i1) -> i32
  tt.return
}
