// RUN: tilerun-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -verify-diagnostics | tilerun-opt -split-input-file | FileCheck %s

// Triton's form: the captures in parentheses, the default region, one
// `partitionN(...) num_warps(W)` per partition, then the capture and result
// types. Partitions are isolated from above; the default region is not.
// CHECK-LABEL: tt.func @two_partitions
// CHECK:      %[[R:.*]]:2 = ttg.warp_specialize(%arg0, %arg1) attributes {requestedRegisters = array<i32: 24, 48>}
// CHECK-NEXT: default {
// CHECK:        ttg.warp_yield %{{.*}}, %arg2 : i32, tensor<128xf32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%[[A:.*]]: !tt.ptr<f32>, %[[B:.*]]: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) num_warps(1) {
// CHECK:        ttng.arrive_barrier %{{.*}}, 1
// CHECK:        ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1(%{{.*}}: !tt.ptr<f32>, %{{.*}}: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) num_warps(2) {
// CHECK-NEXT:   ttg.warp_return
// CHECK-NEXT: } : (!tt.ptr<f32>, !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) -> (i32, tensor<128xf32, #blocked>)
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two_partitions(%p: !tt.ptr<f32>, %bars: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>, %t: tensor<128xf32, #blocked>) {
    %c1 = arith.constant 1 : i32
    %r:2 = ttg.warp_specialize(%p, %bars) attributes {requestedRegisters = array<i32: 24, 48>}
    default {
      %x = arith.addi %c1, %c1 : i32
      ttg.warp_yield %x, %t : i32, tensor<128xf32, #blocked>
    }
    partition0(%a: !tt.ptr<f32>, %b: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %bar = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_return
    }
    partition1(%a: !tt.ptr<f32>, %b: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) num_warps(2) {
      ttg.warp_return
    } : (!tt.ptr<f32>, !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) -> (i32, tensor<128xf32, #blocked>)
    tt.return
  }
}

// -----

// No partitions and no results.
// CHECK-LABEL: tt.func @default_only
// CHECK:      ttg.warp_specialize()
// CHECK-NEXT: default {
// CHECK-NEXT:   ttg.warp_yield
// CHECK-NEXT: } : () -> ()
tt.func @default_only() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

tt.func @partition_types(%x: i32) {
  // expected-error @+1 {{partition 0 takes arguments of types 'i64' but the captures have types 'i32'}}
  ttg.warp_specialize(%x)
  default {
    ttg.warp_yield
  }
  partition0(%a: i64) num_warps(1) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @yield_types(%x: i32) {
  // expected-error @+1 {{default region yields 'i32' but the op returns 'i64'}}
  %r = ttg.warp_specialize()
  default {
    ttg.warp_yield %x : i32
  } : () -> i64
  tt.return
}

// -----

tt.func @isolated(%x: i32) {
  // A partition cannot use a value from above: it must be captured.
  // expected-note @+1 {{required by region isolation constraints}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    // expected-error @+1 {{using value defined outside the region}}
    %y = arith.addi %x, %x : i32
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @partition_numbering(%x: i32) {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  // expected-error @+1 {{expected 'partition0' or ':', found 'partition1'}}
  partition1() num_warps(1) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @no_terminator(%x: i32) {
  // expected-error @+1 {{default region must end in ttg.warp_yield}}
  ttg.warp_specialize()
  default {
    %y = arith.addi %x, %x : i32
  } : () -> ()
  tt.return
}

// -----

tt.func @empty_partition(%x: i32) {
  // expected-error @+1 {{partition 0 has no body}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
  } : () -> ()
  tt.return
}

// -----

tt.func @empty_default(%x: i32) {
  // expected-error @+1 {{region #0 ('defaultRegion') failed to verify constraint: region with at least 1 blocks}}
  ttg.warp_specialize()
  default {
  } : () -> ()
  tt.return
}
