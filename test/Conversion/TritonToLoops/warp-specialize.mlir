// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -verify-diagnostics | FileCheck %s

// The partition becomes a private function taking one pointer: a frame with
// the lowered captures (a shared-memory view is its base, the allocation's
// base and size) and then the six grid arguments. The kernel fills the
// frame, spawns the partition with a stack for its buffers, runs the default
// region inline and joins before the result is used.
// CHECK-LABEL: func.func @k(
// CHECK-SAME:    %[[P:arg0]]: !llvm.ptr, %[[N:arg1]]: i32
// CHECK:       %[[FRAME:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, ptr, i64, i32, i32, i32, i32, i32, i32, i32)>
// CHECK:       llvm.call @tilerun_mbarrier_init
// CHECK:       llvm.store %[[P]], %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK:       llvm.store %[[N]], %{{.*}} : i32, !llvm.ptr
// CHECK:       %[[FN:.*]] = constant @k.partition0 : (!llvm.ptr) -> ()
// CHECK:       call @tilerun_partition_spawn(%[[FN]], %[[FRAME]], %{{.*}}) : ((!llvm.ptr) -> (), !llvm.ptr, i64) -> ()
// CHECK:       llvm.call @tilerun_mbarrier_wait
// CHECK:       %[[SUM:.*]] = arith.addi %[[N]], %[[N]]
// CHECK:       llvm.call @tilerun_partition_join()
// CHECK:       llvm.store %[[SUM]], %[[P]] {{.*}}: i32, !llvm.ptr
// CHECK:       func.func private @k.partition0(%[[F:.*]]: !llvm.ptr)
// CHECK:       %[[PP:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// The program id comes from the frame's grid arguments (after the five
// capture fields: num_programs x, y, z, then program_id x).
// CHECK:       llvm.getelementptr %[[F]][0, 8]
// CHECK:       %[[PID:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:       llvm.call @tilerun_mbarrier_arrive
// CHECK:       llvm.store %[[PID]], %[[PP]] {{.*}}: i32, !llvm.ptr
// CHECK:       return
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @k(%p: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %r = ttg.warp_specialize(%p, %bar, %n)
    default {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      %s = arith.addi %n, %n : i32
      ttg.warp_yield %s : i32
    }
    partition0(%pp: !tt.ptr<i32>, %pbar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pn: i32) num_warps(1) {
      %pid = tt.get_program_id x : i32
      ttng.arrive_barrier %pbar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.store %pp, %pid : !tt.ptr<i32>
      ttg.warp_return
    } : (!tt.ptr<i32>, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32) -> i32
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @tensor_capture() {
    %t = arith.constant dense<1.0> : tensor<128xf32, #blocked>
    // expected-error @+1 {{passes a tensor to its partitions; only scalars, pointers, tensor descriptors and shared memory can be captured}}
    ttg.warp_specialize(%t)
    default {
      ttg.warp_yield
    }
    partition0(%pt: tensor<128xf32, #blocked>) num_warps(1) {
      ttg.warp_return
    } : (tensor<128xf32, #blocked>) -> ()
    tt.return
  }
}

// -----

// cp.async.mbarrier.arrive.noinc is executed by every thread of the warp
// group that issues it: 4 warps of 32 threads in the kernel, 2 in the
// partition. Without .noinc each thread's increment and arrival cancel.
// CHECK-LABEL: func.func @cp_async_arrivals(
// CHECK:       llvm.call @tilerun_mbarrier_arrive(%{{.*}}, %c128_i32)
// CHECK-NOT:   llvm.call @tilerun_mbarrier_arrive
// CHECK:       func.func private @cp_async_arrivals.partition0(
// CHECK:       llvm.call @tilerun_mbarrier_arrive(%{{.*}}, %c64_i32)
// CHECK-NOT:   llvm.call @tilerun_mbarrier_arrive
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cp_async_arrivals() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 192 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttg.warp_specialize(%bar)
    default {
      ttg.warp_yield
    }
    partition0(%pbar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(2) {
      ttng.async_copy_mbarrier_arrive %pbar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.async_copy_mbarrier_arrive %pbar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
    tt.return
  }
}
