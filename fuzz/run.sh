#!/usr/bin/env bash
# libFuzzer over parse + verify + lower (fuzz/FuzzLower.cpp):
#   fuzz/run.sh [SECONDS] [--full]        (default 60 seconds)
# Default (CI): compiles only the target with clang-14 (-fsanitize=fuzzer,
# address) and links it against the regular g++ build ($TILERUN_BUILD_DIR,
# default build/): cheap, but the fuzzer sees no coverage of tilerun's code,
# so it mutates the seeds blindly. --full builds everything with clang-14,
# ASan, UBSan and coverage in build-fuzz/ (slow) for a guided run. Skips
# with status 0 when clang-14's libFuzzer is not installed (scripts/setup.sh
# installs clang-14 and libclang-rt-14-dev). Seeds are the
# corpus and the lit inputs; what the fuzzer learns accumulates in fuzz/work/
# (ignored). A crash, timeout or out-of-memory input lands in
# fuzz/work/artifacts/ and fails the run: make it a regression test in
# test/Fuzz/crashers/ (test/Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=60
FULL=0
for a in "$@"; do
  case "$a" in
    --full) FULL=1 ;;
    *) SECONDS_TO_RUN=$a ;;
  esac
done
if ! command -v clang++-14 >/dev/null ||
   ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz/run.sh: clang-14 with libFuzzer not installed; skipping"
  exit 0
fi
if [ "$FULL" = 1 ]; then
  FUZZ_DIR=${TILERUN_FUZZ_DIR:-build-fuzz}
  if [ ! -f "$FUZZ_DIR/build.ninja" ]; then
    cmake -G Ninja -S . -B "$FUZZ_DIR" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
      -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DTILERUN_FUZZ=ON
  fi
  ninja -C "$FUZZ_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun-fuzz
  FUZZER=$FUZZ_DIR/bin/tilerun-fuzz
else
  BUILD_DIR=${TILERUN_BUILD_DIR:-build}
  ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun
  FUZZER=$BUILD_DIR/fuzz/tilerun-fuzz-quick
  mkdir -p "$(dirname "$FUZZER")"
  # The libraries in link order, as CMake links tools/tilerun (built above).
  LIBS=$(sed -n '/^build bin\/tilerun:/,/^$/s/^ *LINK_LIBRARIES = //p' \
           "$BUILD_DIR/build.ninja")
  ROOT=$(pwd)
  (cd "$BUILD_DIR" &&
   clang++-14 -std=c++17 -O1 -g1 -fno-exceptions -fsanitize=fuzzer,address \
     -I "$ROOT/include" -I include -isystem /usr/lib/llvm-22/include \
     -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS \
     -D__STDC_LIMIT_MACROS "$ROOT/fuzz/FuzzLower.cpp" \
     -o fuzz/tilerun-fuzz-quick $LIBS)
fi
WORK=fuzz/work
# Seeds are copied afresh: --backup=numbered keeps same-named inputs from
# different directories apart, and would pile up copies across runs.
rm -rf "$WORK/seeds"
mkdir -p "$WORK/corpus" "$WORK/artifacts" "$WORK/seeds"
find test/Inputs/corpus test/Dialect test/Tools \
  \( -name '*.ttir' -o -name '*.ttgir' -o -name '*.mlir' \) -size -64k \
  -exec cp -t "$WORK/seeds" --backup=numbered {} +
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs only in
# copies of its inline code compiled with ASan, and MLIR's uniquer allocator
# is shared by instrumented and uninstrumented (libMLIR) code, which yields
# false use-after-poison reports (scripts/test-sanitizers.sh has the details).
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:allow_user_poisoning=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
"$FUZZER" "$WORK/corpus" "$WORK/seeds" \
  -dict=fuzz/mlir.dict -max_total_time="$SECONDS_TO_RUN" -max_len=65536 \
  -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$WORK/artifacts/" \
  -print_final_stats=1
