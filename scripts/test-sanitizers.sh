#!/usr/bin/env bash
# Runs the whole test suite (lit + unit tests) on an ASan + UBSan build.
# Run before each release:   scripts/test-sanitizers.sh
# Any sanitizer report aborts the process that hit it, so the test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-asan.sh
BUILD_DIR=${TILERUN_ASAN_DIR:-build-asan}
# Kernels are JIT code outside ASan's view and LLVM is not instrumented:
# only tilerun's own code is checked. Leak checking stays on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"${TILERUN_JOBS:-$(nproc)}"
