// RUN: tilerun-opt %s -tilerun-attach-loop-annotations | FileCheck %s
// RUN: tilerun-opt %s -tilerun-attach-loop-annotations | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// SCFToControlFlow leaves an scf.for's loop metadata on its latch branch as
// a discardable attribute, which the translation to LLVM IR ignores; the
// pass makes it the branch's own `loop_annotation`, i.e. `!llvm.loop`.
#unroll = #llvm.loop_unroll<disable = true>
#interleave = #llvm.loop_interleave<count = 4 : i32>
#annotation = #llvm.loop_annotation<interleave = #interleave, unroll = #unroll>

// CHECK-LABEL: llvm.func @count
// CHECK: llvm.br ^bb1(%{{.*}} : i64) {loop_annotation = #{{.*}}}
// CHECK-NOT: llvm.loop_annotation
// IR-LABEL: define void @count
// IR: br label %{{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR: ![[LOOP]] = distinct !{![[LOOP]], ![[A:[0-9]+]], ![[B:[0-9]+]]}
// IR-DAG: !{!"llvm.loop.interleave.count", i32 4}
// IR-DAG: !{!"llvm.loop.unroll.disable"}
llvm.func @count(%n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64) {llvm.loop_annotation = #annotation}
^bb3:
  llvm.return
}
