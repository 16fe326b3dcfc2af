#!/usr/bin/env bash
# Builds build-standalone/lib/libtilerun.so.0 with LLVM and MLIR linked in
# statically (-DTILERUN_STATIC_LLVM=ON), so that the library and the Python
# package work where LLVM 22 is not installed. test/Standalone checks it.
#
# Only the TilerunCAPI target is built: in this configuration every target
# links LLVM statically (each executable is over 100 MB and seconds to link),
# and tilerun-opt does not link at all (mlir::registerAllPasses and
# MlirOptMain need far more of MLIR than the list in CMakeLists.txt has).
# Unit tests are off for the same reason.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build-standalone

# ccache then hashes paths relative to the build directory, so a rebuilt
# build-standalone/ hits the cache, and so would build/'s objects (the
# compile flags are the same) if scripts/setup.sh set CCACHE_BASEDIR too.
CCACHE_BASEDIR=$(pwd)
export CCACHE_BASEDIR
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DTILERUN_STATIC_LLVM=ON -DBUILD_TESTING=OFF \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}" TilerunCAPI
