// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s
// RUN: tilerun-opt %s -inline='default-pipeline=' | FileCheck %s --check-prefix=INLINE

// CHECK-LABEL: tt.func private @helper(%{{.*}}: f32, %{{.*}}: f32) -> f32 attributes {noinline = false}
// CHECK: tt.return %{{.*}} : f32
tt.func private @helper(%a: f32, %b: f32) -> f32 attributes {noinline = false} {
  %0 = arith.addf %a, %b : f32
  tt.return %0 : f32
}

tt.func private @decl(i32) -> i32

// CHECK-LABEL: tt.func public @kernel(%{{.*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{.*}}: f32)
// CHECK: tt.call @helper(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: tt.return{{$}}
// INLINE-LABEL: tt.func public @kernel
// INLINE-NOT: tt.call
// INLINE: arith.addf
// INLINE: tt.store
tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %x: f32) attributes {noinline = false} {
  %0 = tt.call @helper(%x, %x) : (f32, f32) -> f32
  tt.store %p, %0 : !tt.ptr<f32>
  tt.return
}

// A multi-block callee is inlined with its returns turned into branches.
tt.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  cf.cond_br %c, ^t, ^f
^t:
  tt.return %a : f32
^f:
  tt.return %b : f32
}

// INLINE-LABEL: tt.func public @caller
// INLINE-NOT: tt.call
// INLINE: cf.cond_br
// INLINE: cf.br
tt.func public @caller(%c: i1, %p: !tt.ptr<f32>, %x: f32) {
  %0 = tt.call @pick(%c, %x, %x) : (i1, f32, f32) -> f32
  tt.store %p, %0 : !tt.ptr<f32>
  tt.return
}
