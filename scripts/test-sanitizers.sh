#!/usr/bin/env bash
# Runs the whole test suite (lit + unit tests) on an ASan + UBSan build of
# tilerun's own code, in build-san/ (or $TILERUN_SAN_DIR). Run before each
# release:   scripts/test-sanitizers.sh
# Any sanitizer report aborts the process that hit it, so the test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TILERUN_SAN_DIR:-build-san}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  # -O1: the sanitizers need no more, and it shortens the build.
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DTILERUN_SANITIZE=ON
fi
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}"
# Kernels are JIT code outside ASan's view and LLVM is not instrumented:
# only tilerun's own code is checked. Leak checking stays on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"${TILERUN_JOBS:-$(nproc)}"
