#!/usr/bin/env bash
# Runs tilerun-stress (test/Stress/Stress.cpp) big on the release build:
# threads and processes compiling and launching different kernels through
# the C API on one shared compile cache, every result checked.
#   scripts/test-stress.sh [STRESS OPTIONS]
# ctest runs a small size (test/Stress/CMakeLists.txt); scripts/test-tsan.sh
# runs it under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TILERUN_BUILD_DIR:-build}
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" tilerun-stress
[ $# -gt 0 ] || set -- -processes=4 -workers=8 -rounds=200 -kernels=48
time "$BUILD_DIR/bin/tilerun-stress" "$@"
