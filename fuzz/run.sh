#!/usr/bin/env bash
# libFuzzer over tilerun's entry points:
#   fuzz/run.sh [SECONDS] [--full] [--target NAME]   (default 60 seconds)
# Targets: lower (fuzz/FuzzLower.cpp: parse + verify + lower), capi-compile
# (fuzz/FuzzCAPICompile.cpp: the C API's compile entry, IR text x options),
# capi-launch (fuzz/FuzzCAPILaunch.cpp: the C API's launch binding on fixed
# small kernels), or all (the default with --full: each target runs for an
# equal share of SECONDS; without --full the default is lower).
# Default (CI): compiles only the target with clang-14 (-fsanitize=fuzzer,
# address) and links it against the regular g++ build ($TILERUN_BUILD_DIR,
# default build/): cheap, but the fuzzer sees no coverage of tilerun's code,
# so it mutates the seeds blindly. --full builds everything with clang-14,
# ASan, UBSan and coverage in build-fuzz/ (slow) for a guided run. Skips
# with status 0 when clang-14's libFuzzer is not installed (scripts/setup.sh
# installs clang-14 and libclang-rt-14-dev). Seeds of lower and
# capi-compile are the corpus and the lit inputs (capi-compile's behind a
# header of zero bytes, its default options); what the fuzzer learns
# accumulates in fuzz/work/TARGET/ (ignored). A crash, timeout, leak or
# out-of-memory input lands in fuzz/work/TARGET/artifacts/ and fails the
# run (after the other targets ran): make it a regression test, in
# test/Fuzz/crashers/ for lower (test/Fuzz/README.md), in
# unittests/CAPI/CAPITest.cpp for the C API.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=60
FULL=0
TARGET=
while [ $# -gt 0 ]; do
  case "$1" in
    --full) FULL=1 ;;
    --target) TARGET=$2; shift ;;
    --target=*) TARGET=${1#--target=} ;;
    *) SECONDS_TO_RUN=$1 ;;
  esac
  shift
done
[ -n "$TARGET" ] || { [ "$FULL" = 1 ] && TARGET=all || TARGET=lower; }
case "$TARGET" in
  all) TARGETS=(lower capi-compile capi-launch) ;;
  lower|capi-compile|capi-launch) TARGETS=("$TARGET") ;;
  *) echo "fuzz/run.sh: unknown target '$TARGET' (lower, capi-compile, capi-launch, all)" >&2
     exit 2 ;;
esac
if ! command -v clang++-14 >/dev/null ||
   ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz/run.sh: clang-14 with libFuzzer not installed; skipping"
  exit 0
fi
# fuzz/FuzzCAPICompile.cpp, fuzz/FuzzCAPILaunch.cpp for each C API target.
source_of() {
  case "$1" in
    lower) echo FuzzLower.cpp ;;
    capi-compile) echo FuzzCAPICompile.cpp ;;
    capi-launch) echo FuzzCAPILaunch.cpp ;;
  esac
}
if [ "$FULL" = 1 ]; then
  FUZZ_DIR=${TILERUN_FUZZ_DIR:-build-fuzz}
  # ccache serves another checkout (CI's clone) from this one's objects:
  # paths relative to the checkout, and the -g1 objects not keyed by the build
  # directory (their debug info may then name the directory that built them
  # first; the sanitizers' reports name files relative to the checkout).
  CCACHE_BASEDIR=$(pwd)
  export CCACHE_BASEDIR
  export CCACHE_NOHASHDIR=1
  if [ ! -f "$FUZZ_DIR/build.ninja" ]; then
    cmake -G Ninja -S . -B "$FUZZ_DIR" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
      -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DTILERUN_FUZZ=ON
  fi
  NINJA_TARGETS=()
  for t in "${TARGETS[@]}"; do
    [ "$t" = lower ] && NINJA_TARGETS+=(tilerun-fuzz) || NINJA_TARGETS+=("tilerun-fuzz-$t")
  done
  ninja -C "$FUZZ_DIR" -j"${TILERUN_JOBS:-$(nproc)}" "${NINJA_TARGETS[@]}"
  fuzzer_of() {
    [ "$1" = lower ] && echo "$FUZZ_DIR/bin/tilerun-fuzz" || echo "$FUZZ_DIR/bin/tilerun-fuzz-$1"
  }
else
  BUILD_DIR=${TILERUN_BUILD_DIR:-build}
  ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun TilerunCAPI
  mkdir -p "$BUILD_DIR/fuzz"
  # The libraries in link order, as CMake links tools/tilerun (built above).
  LIBS=$(sed -n '/^build bin\/tilerun:/,/^$/s/^ *LINK_LIBRARIES = //p' \
           "$BUILD_DIR/build.ninja")
  ROOT=$(pwd)
  for t in "${TARGETS[@]}"; do
    # The C API targets link libtilerun.so as an application does.
    if [ "$t" = lower ]; then TLIBS=$LIBS; else
      TLIBS="-Wl,-rpath,$ROOT/$BUILD_DIR/lib -L lib -ltilerun"
      TLIBS="$TLIBS -L/usr/lib/llvm-22/lib -lLLVM"
    fi
    (cd "$BUILD_DIR" &&
     clang++-14 -std=c++17 -O1 -g1 -fno-exceptions -fsanitize=fuzzer,address \
       -I "$ROOT/include" -I include -isystem /usr/lib/llvm-22/include \
       -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS \
       -D__STDC_LIMIT_MACROS "$ROOT/fuzz/$(source_of "$t")" \
       -o "fuzz/tilerun-fuzz-quick-$t" $TLIBS)
  done
  fuzzer_of() { echo "$BUILD_DIR/fuzz/tilerun-fuzz-quick-$1"; }
fi
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs only in
# copies of its inline code compiled with ASan, and MLIR's uniquer allocator
# is shared by instrumented and uninstrumented (libMLIR) code, which yields
# false use-after-poison reports (scripts/test-sanitizers.sh has the details).
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:allow_user_poisoning=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
SHARE=$(( SECONDS_TO_RUN / ${#TARGETS[@]} ))
[ "$SHARE" -ge 1 ] || SHARE=1
STATUS=0
for t in "${TARGETS[@]}"; do
  WORK=fuzz/work/$t
  # Seeds are copied afresh: --backup=numbered keeps same-named inputs from
  # different directories apart, and would pile up copies across runs.
  rm -rf "$WORK/seeds"
  mkdir -p "$WORK/corpus" "$WORK/artifacts" "$WORK/seeds"
  OPTS=(-max_len=65536 -dict=fuzz/mlir.dict)
  case "$t" in
    lower)
      find test/Inputs/corpus test/Dialect test/Tools \
        \( -name '*.ttir' -o -name '*.ttgir' -o -name '*.mlir' \) -size -64k \
        -exec cp -t "$WORK/seeds" --backup=numbered {} + ;;
    capi-compile)
      # The target reads its options from a 24-byte header (zeros: the
      # defaults) before the IR.
      i=0
      while IFS= read -r f; do
        { head -c 24 /dev/zero; cat "$f"; } > "$WORK/seeds/$i"
        i=$((i + 1))
      done < <(find test/Inputs/corpus test/Dialect test/Tools \
                 \( -name '*.ttir' -o -name '*.ttgir' -o -name '*.mlir' \) \
                 -size -64k)
      OPTS=(-max_len=65560 -dict=fuzz/mlir.dict) ;;
    capi-launch)
      OPTS=(-max_len=512) ;;
  esac
  echo "fuzz/run.sh: $t for $SHARE s"
  "$(fuzzer_of "$t")" "$WORK/corpus" "$WORK/seeds" "${OPTS[@]}" \
    -max_total_time="$SHARE" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$WORK/artifacts/" -print_final_stats=1 || STATUS=1
done
exit $STATUS
