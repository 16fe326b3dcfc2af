#!/usr/bin/env bash
# Builds tilerun if needed and runs every test: lit tests (dialects, passes,
# CLI, the conformance corpus) and the GoogleTest unit tests, through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${TILERUN_BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"${TILERUN_JOBS:-$(nproc)}"
