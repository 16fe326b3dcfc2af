// Two kernels that would hang on the GPU: each waits on an mbarrier phase
// that nothing completes.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // No partitions: the wait has nobody to wait for.
  tt.func public @lone_wait(%out: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.store %out, %c0 : !tt.ptr<i32>
    tt.return
  }
  // The default region and the partition each wait for the other to arrive
  // first.
  tt.func public @crossed(%out: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %a, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttg.warp_specialize(%a, %b)
    default {
      ttng.wait_barrier %a, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%pa: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pb: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(1) {
      %k0 = arith.constant 0 : i32
      ttng.wait_barrier %pb, %k0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.arrive_barrier %pa, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
    tt.store %out, %c0 : !tt.ptr<i32>
    tt.return
  }
}
