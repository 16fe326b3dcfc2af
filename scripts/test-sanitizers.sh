#!/usr/bin/env bash
# Runs the whole test suite (lit + unit tests) on an ASan + UBSan build of
# tilerun's own code, in build-san/ (or $TILERUN_SAN_DIR). Run before each
# release:   scripts/test-sanitizers.sh
# With --unit (CI) it builds and runs only the GoogleTest unit tests, the
# runtime's and the C API's among them (ctest label "unit").
# Any sanitizer report aborts the process that hit it, so the test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
UNIT=0
[ "${1:-}" = --unit ] && UNIT=1
BUILD_DIR=${TILERUN_SAN_DIR:-build-san}
# ccache serves another checkout (CI's clone) from this one's objects:
# paths relative to the checkout, and the -g1 objects not keyed by the build
# directory (their debug info may then name the directory that built them
# first; the sanitizers' reports name files relative to the checkout).
CCACHE_BASEDIR=$(pwd)
export CCACHE_BASEDIR
export CCACHE_NOHASHDIR=1
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  # -O1: the sanitizers need no more, and it shortens the build.
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DTILERUN_SANITIZE=ON
fi
if [ "$UNIT" = 1 ]; then
  ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun-unittests
  CTEST_SELECT=(-L unit)
else
  ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}"
  CTEST_SELECT=()
fi
# Only tilerun's own code is instrumented; Debian's LLVM/MLIR and the JIT
# kernels are not. Options the mixed build needs (later entries from the
# caller's ASAN_OPTIONS/UBSAN_OPTIONS override them):
# - abort_on_error=1 for both: every report ends in SIGABRT. UBSan would
#   otherwise exit with status 1 and a "runtime error:" line, which tests
#   that expect a failing tool (`not tilerun ...`, test/Fuzz/survive.py)
#   accept as a diagnostic.
# - allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons each new slab and
#   unpoisons each allocation, but only in copies of its inline code compiled
#   with ASan. MLIR's uniquer allocator is used from both tilerun's code and
#   libMLIR, so storage libMLIR carves out of a slab tilerun's code started
#   stays poisoned and the next read of it from tilerun's code reports a
#   use-after-poison (test/Dialect/TritonGPU/views.mlir, in the dictionary
#   parsed by PaddedSharedEncodingAttr::parse). tilerun never poisons memory
#   itself; heap, stack and global checks are unaffected.
# Leak checking stays on.
export ASAN_OPTIONS=abort_on_error=1:allow_user_poisoning=0:detect_stack_use_after_return=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
# ctest's status is the script's: non-zero when a test fails or none ran.
ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error \
  "${CTEST_SELECT[@]}" -j"${TILERUN_JOBS:-$(nproc)}"
