// A host TensorDescriptor kernel as Triton 3.6 prints it: each descriptor is
// followed by its shape (i32) and strides (i64). Per program, boxes that
// overlap the tensor's edges: x read at (pm*16 - 3, pn*16 + 5) and stored
// by pointer, x * 2 written through z at (pm*16 + 1, pn*16 + 3) and added
// into acc at (pm*16 - 1, pn*16 - 2).
#loc = loc("host_descriptor.py":1:0)
module {
  tt.func public @boxes(%x_desc: !tt.tensordesc<tensor<16x16xf32>> loc("x_desc"(#loc)), %x_desc_0: i32 loc("x_desc"(#loc)), %x_desc_1: i32 loc("x_desc"(#loc)), %x_desc_2: i64 loc("x_desc"(#loc)), %x_desc_3: i64 loc("x_desc"(#loc)), %z_desc: !tt.tensordesc<tensor<16x16xf32>> loc("z_desc"(#loc)), %z_desc_4: i32 loc("z_desc"(#loc)), %z_desc_5: i32 loc("z_desc"(#loc)), %z_desc_6: i64 loc("z_desc"(#loc)), %z_desc_7: i64 loc("z_desc"(#loc)), %acc_desc: !tt.tensordesc<tensor<16x16xf32>> loc("acc_desc"(#loc)), %acc_desc_8: i32 loc("acc_desc"(#loc)), %acc_desc_9: i32 loc("acc_desc"(#loc)), %acc_desc_10: i64 loc("acc_desc"(#loc)), %acc_desc_11: i64 loc("acc_desc"(#loc)), %out_ptr: !tt.ptr<f32> loc("out_ptr"(#loc))) {
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %two = arith.constant dense<2.0> : tensor<16x16xf32>
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %gn = tt.get_num_programs y : i32
    %m0 = arith.muli %pm, %c16 : i32
    %n0 = arith.muli %pn, %c16 : i32
    %xm = arith.subi %m0, %c3 : i32
    %xn = arith.addi %n0, %c5 : i32
    %x = tt.descriptor_load %x_desc[%xm, %xn] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32> loc("host_descriptor.py":2:8)
    %row = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %r0 = tt.expand_dims %row {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %r1 = tt.expand_dims %row {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %s16 = arith.constant dense<16> : tensor<16x1xi32>
    %rr = arith.muli %r0, %s16 : tensor<16x1xi32>
    %rb = tt.broadcast %rr : tensor<16x1xi32> -> tensor<16x16xi32>
    %cb = tt.broadcast %r1 : tensor<1x16xi32> -> tensor<16x16xi32>
    %r = arith.addi %rb, %cb : tensor<16x16xi32>
    %prog0 = arith.muli %pm, %gn : i32
    %prog = arith.addi %prog0, %pn : i32
    %base = arith.muli %prog, %c256 : i32
    %bs = tt.splat %base : i32 -> tensor<16x16xi32>
    %off = arith.addi %bs, %r : tensor<16x16xi32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %oa = tt.addptr %op, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %oa, %x : tensor<16x16x!tt.ptr<f32>>
    %zm = arith.addi %m0, %c1 : i32
    %zn = arith.addi %n0, %c3 : i32
    %x2 = arith.mulf %x, %two : tensor<16x16xf32>
    tt.descriptor_store %z_desc[%zm, %zn], %x2 : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
    %am = arith.subi %m0, %c1 : i32
    %an = arith.subi %n0, %c2 : i32
    tt.descriptor_reduce add, %acc_desc[%am, %an], %x2 : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
    tt.return
  } loc(#loc)
} loc(#loc)
