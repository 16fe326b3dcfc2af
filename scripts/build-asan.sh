#!/usr/bin/env bash
# Configures and builds tilerun with ASan + UBSan in build-asan/ (or
# $TILERUN_ASAN_DIR), with clang-14 so that the same build also holds the
# libFuzzer target (fuzz/). -O1: sanitizers need no more, and it halves the
# build. Used by scripts/test-sanitizers.sh and fuzz/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TILERUN_ASAN_DIR:-build-asan}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DTILERUN_SANITIZE=ON -DTILERUN_FUZZ=ON
fi
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" "$@"
