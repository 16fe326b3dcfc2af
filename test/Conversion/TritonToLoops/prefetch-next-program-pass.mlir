// RUN: tilerun-opt %s -tilerun-prefetch-next-program | FileCheck %s

// The exp pass of a softmax row is the nest with the most work per element:
// it carries the prefetch of the next program's row, whose address the
// pass builds before it from program_id + 1; the decision is an op naming
// the address tile and the carrier.
// CHECK: tt.load
// CHECK: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[PID]], %c1_i32 : i32
// CHECK: %[[ROW:.*]] = arith.muli %[[NEXT]], %arg2 : i32
// CHECK: %[[BASE:.*]] = tt.addptr %arg1, %[[ROW]] : !tt.ptr<f32>, i32
// CHECK: %[[SPLAT:.*]] = tt.splat %[[BASE]]
// CHECK: %[[NEXTPTRS:.*]] = tt.addptr %[[SPLAT]]
// CHECK: %[[E:.*]] = math.exp
// CHECK-NEXT: tilerun.prefetch_next_program %[[NEXTPTRS]], %[[E]] : tensor<256x!tt.ptr<f32>>, tensor<256xf32>
// CHECK-NOT: tilerun.prefetch_next_program
tt.func public @softmax_row(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %in, %row : !tt.ptr<f32>, i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ptrs0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %ptrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.maxnumf %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<256xf32>) -> f32
  %ms = tt.splat %m : f32 -> tensor<256xf32>
  %d = arith.subf %x, %ms : tensor<256xf32>
  %e = math.exp %d : tensor<256xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<256xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<256xf32>
  %y = arith.divf %e, %ss : tensor<256xf32>
  %obase = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %optrs0 = tt.splat %obase : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %optrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}
