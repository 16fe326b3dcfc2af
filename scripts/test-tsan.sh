#!/usr/bin/env bash
# Runs tilerun-stress (test/Stress/Stress.cpp: threads and processes
# compiling and launching different kernels through the C API on one
# shared compile cache) on a ThreadSanitizer build, in build-tsan/ (or
# $TILERUN_TSAN_DIR):
#   scripts/test-tsan.sh [STRESS OPTIONS]   (default: the size CI runs)
# Only the runtime, the C API, the AOT runtime and the stress program are
# instrumented (-DTILERUN_TSAN=ON, see the top-level CMakeLists.txt); the
# compiler's libraries keep the release flags, so with CCACHE_BASEDIR set
# as scripts/setup.sh sets it, ccache serves them from the release build.
# The first report ends the process that hit it (exit code 66), and the
# run fails.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TILERUN_TSAN_DIR:-build-tsan}
CCACHE_BASEDIR=$(pwd)
export CCACHE_BASEDIR
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DTILERUN_TSAN=ON
fi
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun-stress
[ $# -gt 0 ] || set -- -processes=2 -workers=4 -rounds=8 -kernels=8
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
"$BUILD_DIR/bin/tilerun-stress" "$@"
