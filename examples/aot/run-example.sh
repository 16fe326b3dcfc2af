#!/usr/bin/env bash
# Installs the tilerun build BUILD_DIR into a temporary prefix, builds this
# example against the installed CMake package and runs it; also checks that
# the pkg-config files resolve. Used by ctest (example-aot).
set -euo pipefail
BUILD_DIR=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cmake --install "$BUILD_DIR" --prefix "$WORK/prefix" >/dev/null
cmake -S "$HERE" -B "$WORK/build" -G Ninja -DCMAKE_PREFIX_PATH="$WORK/prefix" >/dev/null
cmake --build "$WORK/build" >/dev/null
"$WORK/build/vec_add_aot"
if command -v pkg-config >/dev/null; then
  PKG_CONFIG_PATH=$(dirname "$(find "$WORK/prefix" -name tilerun-runtime.pc)")
  export PKG_CONFIG_PATH
  echo "pkg-config: $(pkg-config --libs tilerun-runtime) | $(pkg-config --cflags --libs tilerun)"
  test -f "$(pkg-config --variable=includedir tilerun)/tilerun-c/runtime.h"
fi
