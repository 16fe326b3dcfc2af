#!/usr/bin/env bash
# Builds tilerun if needed and runs every test: lit tests (dialects, passes,
# CLI, the conformance corpus), the GoogleTest unit tests and the C example
# through ctest, then the Python package's tests (pytest, in a virtual
# environment under the build directory) and its examples.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${TILERUN_BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"${TILERUN_JOBS:-$(nproc)}"

# Python: Debian's numpy through --system-site-packages, pytest pinned.
PYENV="$BUILD_DIR/pyenv"
if [ ! -x "$PYENV/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$PYENV"
fi
"$PYENV/bin/python" -c "import pytest" 2>/dev/null ||
  "$PYENV/bin/python" -m pip install -q pytest==8.3.4
export TILERUN_LIBRARY="$PWD/$BUILD_DIR/lib/libtilerun.so"
PYTHONPATH=python "$PYENV/bin/python" -m pytest python/test -q
PYTHONPATH=python "$PYENV/bin/python" examples/python/vec_add.py
PYTHONPATH=python "$PYENV/bin/python" examples/python/softmax_torch.py
