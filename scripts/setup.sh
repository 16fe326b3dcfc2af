#!/usr/bin/env bash
# Installs tilerun's build dependencies (Debian 12 packages) and builds it in
# build/. Safe to re-run: installs only what is missing, rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake ninja-build g++ ccache llvm-22-dev libmlir-22-dev mlir-22-tools
          libzstd-dev libgtest-dev python3-numpy python3-venv
          clang-14 libclang-rt-14-dev)  # the last two: fuzz/run.sh, sanitizer builds
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "tilerun: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

BUILD_DIR=${TILERUN_BUILD_DIR:-build}
# Paths relative to the checkout, so that another clone (CI's) hits the cache.
CCACHE_BASEDIR=$(pwd)
export CCACHE_BASEDIR
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
ninja -C "$BUILD_DIR" -j"${TILERUN_JOBS:-$(nproc)}"
