module {
  tt.func public @first(%p: !tt.ptr<f32> loc("p")) {
    tt.return
  }
  tt.func public @second(%q: !tt.ptr<i32> loc("q")) {
    tt.return
  }
}
