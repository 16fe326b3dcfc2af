// Each program sums its n rows of 128 floats. A one-warp producer partition
// loads the rows into a ring of two shared-memory slots; the default region
// takes them out, guarded by `ready` and `free` mbarriers per slot, and
// returns the sum, which the program stores after the partitions join.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ring(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128xf32, #shared, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared, #smem, mutable>
    %free = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared, #smem, mutable>
    scf.for %i = %c0 to %c2 step %c1 : i32 {
      %r = ttg.memdesc_index %ready[%i] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.init_barrier %r, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      %f = ttg.memdesc_index %free[%i] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.init_barrier %f, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    }
    %pid = tt.get_program_id x : i32
    %rows = arith.muli %pid, %n : i32
    %sum = ttg.warp_specialize(%x, %buf, %ready, %free, %n, %rows)
    default {
      %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<128xf32, #blocked>) : i32 {
        %s = arith.remsi %i, %c2 : i32
        %q = arith.divsi %i, %c2 : i32
        %phase = arith.andi %q, %c1 : i32
        %rb = ttg.memdesc_index %ready[%s] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
        ttng.wait_barrier %rb, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
        %slot = ttg.memdesc_index %buf[%s] : !ttg.memdesc<2x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
        %v = ttg.local_load %slot : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #blocked>
        %fb = ttg.memdesc_index %free[%s] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
        %a2 = arith.addf %a, %v : tensor<128xf32, #blocked>
        scf.yield %a2 : tensor<128xf32, #blocked>
      }
      ttg.warp_yield %acc : tensor<128xf32, #blocked>
    }
    partition0(%px: !tt.ptr<f32>, %pbuf: !ttg.memdesc<2x128xf32, #shared, #smem, mutable>, %pready: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>, %pfree: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>, %pn: i32, %prows: i32) num_warps(1) {
      %k0 = arith.constant 0 : i32
      %k1 = arith.constant 1 : i32
      %k2 = arith.constant 2 : i32
      %k128 = arith.constant 128 : i32
      %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
      scf.for %i = %k0 to %pn step %k1 : i32 {
        %s = arith.remsi %i, %k2 : i32
        %q = arith.divsi %i, %k2 : i32
        %phase = arith.andi %q, %k1 : i32
        // A fresh barrier has completed the phase before its first: waiting
        // on parity 1 passes at once, so the first two rows go straight in.
        %empty = arith.xori %phase, %k1 : i32
        %fb = ttg.memdesc_index %pfree[%s] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
        ttng.wait_barrier %fb, %empty : !ttg.memdesc<1xi64, #shared, #smem, mutable>
        %row = arith.addi %prows, %i : i32
        %off = arith.muli %row, %k128 : i32
        %base = tt.addptr %px, %off : !tt.ptr<f32>, i32
        %splat = tt.splat %base : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked1>
        %ptrs = tt.addptr %splat, %range : tensor<128x!tt.ptr<f32>, #blocked1>, tensor<128xi32, #blocked1>
        %v = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked1>
        %slot = ttg.memdesc_index %pbuf[%s] : !ttg.memdesc<2x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
        ttg.local_store %v, %slot : tensor<128xf32, #blocked1> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
        %rb = ttg.memdesc_index %pready[%s] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
        ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      }
      ttg.warp_return
    } : (!tt.ptr<f32>, !ttg.memdesc<2x128xf32, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared, #smem, mutable>, i32, i32) -> tensor<128xf32, #blocked>
    %orow = arith.muli %pid, %c128 : i32
    %obase = tt.addptr %out, %orow : !tt.ptr<f32>, i32
    %orange = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %osplat = tt.splat %obase : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %optrs = tt.addptr %osplat, %orange : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %optrs, %sum : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
