// A tensor descriptor parameter without its stride parameter.
module {
  tt.func public @bad(%d: !tt.tensordesc<tensor<16xf32>> loc("d"), %n: i32 loc("n")) {
    tt.return
  }
}
