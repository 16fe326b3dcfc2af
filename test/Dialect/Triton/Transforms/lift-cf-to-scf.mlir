// RUN: tilerun-opt %s -split-input-file -tilerun-triton-lift-cf-to-scf \
// RUN:   | FileCheck %s --implicit-check-not=cf.br --implicit-check-not=cf.cond_br \
// RUN:       --implicit-check-not=cf.switch

// `if row >= n_rows: return` at the top of a kernel: the rest of the body
// becomes the else-branch.
// CHECK-LABEL: tt.func public @guard
// CHECK:         %[[C:.*]] = arith.cmpi sge
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:    } else {
// CHECK:           tt.store
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.return
tt.func public @guard(%p: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c = arith.cmpi sge, %pid, %n : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return
^bb2:
  %a = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  %one = arith.constant 1.0 : f32
  tt.store %a, %one : !tt.ptr<f32>
  tt.return
}

// -----

// Work before a return stays on its path: the ignored label's zero store,
// then the computed path.
// CHECK-LABEL: tt.func public @ignore_index
// CHECK:         scf.if %{{.*}} {
// CHECK:           tt.store %{{.*}}, %[[ZERO:.*]] :
// CHECK-NEXT:    } else {
// CHECK:           arith.mulf
// CHECK:           tt.store
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.return
tt.func public @ignore_index(%p: !tt.ptr<f32>, %label: i32, %ignore: i32) {
  %pid = tt.get_program_id x : i32
  %a = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  %c = arith.cmpi eq, %label, %ignore : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %zero = arith.constant 0.0 : f32
  tt.store %a, %zero : !tt.ptr<f32>
  tt.return
^bb2:
  %v = tt.load %a : !tt.ptr<f32>
  %w = arith.mulf %v, %v : f32
  tt.store %a, %w : !tt.ptr<f32>
  tt.return
}

// -----

// Returns at two depths: the nested one is an scf.if inside the else-branch.
// CHECK-LABEL: tt.func public @nested
// CHECK:         scf.if
// CHECK:         } else {
// CHECK:           scf.if
// CHECK:           } else {
// CHECK:             tt.store
// CHECK:           }
// CHECK:         }
// CHECK-NEXT:    tt.return
tt.func public @nested(%p: !tt.ptr<i32>, %f: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %neg = arith.cmpi slt, %f, %c0 : i32
  cf.cond_br %neg, ^ret, ^more
^more:
  %one = arith.cmpi eq, %f, %c1 : i32
  cf.cond_br %one, ^ret, ^work
^work:
  tt.store %p, %f : !tt.ptr<i32>
  tt.return
^ret:
  tt.return
}

// -----

// Three paths, two of them joining again before the return: each path's
// store survives exactly once.
// CHECK-LABEL: tt.func public @three_way
// CHECK-NOT:     scf.index_switch
// CHECK-COUNT-3: tt.store
// CHECK-NOT:     tt.store
// CHECK:         tt.return
tt.func public @three_way(%p: !tt.ptr<i32>, %f: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.cmpi eq, %f, %c0 : i32
  cf.cond_br %a, ^s0, ^t1
^t1:
  %b = arith.cmpi eq, %f, %c1 : i32
  cf.cond_br %b, ^s1, ^s2
^s0:
  tt.store %p, %c0 : !tt.ptr<i32>
  cf.br ^join
^s1:
  tt.store %p, %c1 : !tt.ptr<i32>
  tt.return
^s2:
  tt.store %p, %c2 : !tt.ptr<i32>
  cf.br ^join
^join:
  tt.return
}

// -----

// A cycle of blocks (a loop written with branches) becomes scf.while.
// CHECK-LABEL: tt.func public @cycle
// CHECK:         scf.while
// CHECK:         tt.store
// CHECK:         tt.return
tt.func public @cycle(%p: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  tt.store %p, %i : !tt.ptr<i32>
  tt.return
}

// -----

// A helper returning a value from two places: one tt.return of the merged
// value (the inliner then takes the helper whole).
// CHECK-LABEL: tt.func private @helper
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK:           scf.yield
// CHECK:         } else {
// CHECK:           scf.yield
// CHECK:         }
// CHECK-NEXT:    tt.return %[[R]] : i32
tt.func private @helper(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %c0 : i32
  cf.cond_br %neg, ^bb1, ^bb2
^bb1:
  tt.return %c0 : i32
^bb2:
  %y = arith.muli %x, %x : i32
  tt.return %y : i32
}

// -----

// A three-way branch (cf.switch; the lifting also makes such multiplexers
// where several paths merge) is an scf.index_switch after lifting, then a
// chain of scf.if on the case values, the default last.
// CHECK-LABEL: tt.func public @switch
// CHECK-NOT:     scf.index_switch
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[V10:.*]] = arith.constant 10 : i32
// CHECK-DAG:     %[[V20:.*]] = arith.constant 20 : i32
// CHECK-DAG:     %[[V30:.*]] = arith.constant 30 : i32
// CHECK:         %[[IDX:.*]] = arith.index_castui
// CHECK-NEXT:    %[[IS4:.*]] = arith.cmpi eq, %[[IDX]], %[[C4]] : index
// CHECK-NEXT:    scf.if %[[IS4]] {
// CHECK-NEXT:      tt.store %{{.*}}, %[[V10]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[IS7:.*]] = arith.cmpi eq, %[[IDX]], %[[C7]] : index
// CHECK-NEXT:      scf.if %[[IS7]] {
// CHECK-NEXT:        tt.store %{{.*}}, %[[V20]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        tt.store %{{.*}}, %[[V30]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.return
tt.func public @switch(%p: !tt.ptr<i32>, %f: i32) {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  cf.switch %f : i32, [
    default: ^d,
    4: ^a,
    7: ^b
  ]
^a:
  tt.store %p, %c10 : !tt.ptr<i32>
  tt.return
^b:
  tt.store %p, %c20 : !tt.ptr<i32>
  tt.return
^d:
  tt.store %p, %c30 : !tt.ptr<i32>
  tt.return
}

// -----

// One block: untouched.
// CHECK-LABEL: tt.func public @straight
// CHECK-NEXT:    tt.get_program_id
// CHECK-NEXT:    tt.return
tt.func public @straight() {
  %pid = tt.get_program_id x : i32
  tt.return
}
