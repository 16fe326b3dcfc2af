// Device-made tensor descriptors as values: picked by arith.select (what
// canonicalisation makes of an scf.if choosing one) and carried through a
// loop whose scf.if replaces it, as Triton's test_tensor_descriptor.py
// kernel_make_tensor_descriptor_loop_carried does. Program p reads x when p
// is even and y when odd; from the loop's second trip on it reads y.
module {
  tt.func public @pick(%x: !tt.ptr<f32> loc("x"), %y: !tt.ptr<f32> loc("y"), %out: !tt.ptr<f32> loc("out"), %n: i32 loc("n")) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    %s1 = arith.constant 1 : i64
    %dx = tt.make_tensor_descriptor %x, [%c8], [%s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<8xf32>>
    %dy = tt.make_tensor_descriptor %y, [%c8], [%s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<8xf32>>
    %pid = tt.get_program_id x : i32
    %parity = arith.remsi %pid, %c2 : i32
    %odd = arith.cmpi ne, %parity, %c0 : i32
    %d = arith.select %odd, %dy, %dx : !tt.tensordesc<tensor<8xf32>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %d) -> (!tt.tensordesc<tensor<8xf32>>) : i32 {
      %second = arith.cmpi eq, %i, %c1 : i32
      %next = scf.if %second -> (!tt.tensordesc<tensor<8xf32>>) {
        scf.yield %dy : !tt.tensordesc<tensor<8xf32>>
      } else {
        scf.yield %cur : !tt.tensordesc<tensor<8xf32>>
      }
      scf.yield %next : !tt.tensordesc<tensor<8xf32>>
    }
    %v = tt.descriptor_load %r[%c0] : !tt.tensordesc<tensor<8xf32>> -> tensor<8xf32>
    %base = arith.muli %pid, %c8 : i32
    %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %bs = tt.splat %base : i32 -> tensor<8xi32>
    %offs = arith.addi %bs, %range : tensor<8xi32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %oa, %v : tensor<8x!tt.ptr<f32>>
    tt.return
  }
}
