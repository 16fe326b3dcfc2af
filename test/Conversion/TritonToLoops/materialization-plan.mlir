// RUN: tilerun-opt %s -tilerun-test-print-materialization-plan -verify-diagnostics -split-input-file

// A softmax row. The row is loaded inline: the max pass brings it into the
// cache and the exp pass reads it again there, cheaper than a copy. exp is
// expensive and read twice (by the sum and by the division): it gets a
// buffer. Index and pointer arithmetic is recomputed where it is used.
tt.func public @softmax_row(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %in, %row : !tt.ptr<f32>, i32
  // expected-remark @below {{inline}}
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{inline}}
  %ptrs0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  // expected-remark @below {{inline}}
  %ptrs = tt.addptr %ptrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  // expected-remark @below {{inline}}
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.maxnumf %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<256xf32>) -> f32
  // expected-remark @below {{inline}}
  %ms = tt.splat %m : f32 -> tensor<256xf32>
  // expected-remark @below {{inline}}
  %d = arith.subf %x, %ms : tensor<256xf32>
  // expected-remark @below {{buffered}}
  %e = math.exp %d : tensor<256xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<256xf32>) -> f32
  // expected-remark @below {{inline}}
  %ss = tt.splat %s : f32 -> tensor<256xf32>
  // expected-remark @below {{inline}}
  %y = arith.divf %e, %ss : tensor<256xf32>
  %obase = tt.addptr %out, %row : !tt.ptr<f32>, i32
  // expected-remark @below {{inline}}
  %optrs0 = tt.splat %obase : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  // expected-remark @below {{inline}}
  %optrs = tt.addptr %optrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// A store that may write what a load read comes between the load and its
// consumer: the whole tile is loaded at the load (Triton's semantics), into
// a buffer.
tt.func public @write_between(%p: !tt.ptr<f32>) {
  // expected-remark @below {{inline}}
  %offs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{inline}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // expected-remark @below {{inline}}
  %ptrs = tt.addptr %ps, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // expected-remark @below {{buffered}}
  %x = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
  // expected-remark @below {{inline}}
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  tt.store %ptrs, %zero : tensor<64x!tt.ptr<f32>>
  // expected-remark @below {{inline}}
  %y = arith.addf %x, %x : tensor<64xf32>
  tt.store %ptrs, %y : tensor<64x!tt.ptr<f32>>
  tt.return
}
