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

# Python: Debian's numpy and torch (the DLPack example) through
# --system-site-packages, pytest pinned.
if ! dpkg-query -W -f='${Status}' python3-torch 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "tilerun: installing python3-torch (tests)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-torch >/dev/null
fi
PYENV="$BUILD_DIR/pyenv"
if [ ! -x "$PYENV/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$PYENV"
fi
"$PYENV/bin/python" -c "import pytest, hypothesis" 2>/dev/null ||
  "$PYENV/bin/python" -m pip install -q pytest==8.3.4 hypothesis==6.122.3
# build/python is the package with this build's library (python/CMakeLists.txt).
PYTHONPATH="$BUILD_DIR/python" "$PYENV/bin/python" -m pytest python/test -q
PYTHONPATH="$BUILD_DIR/python" "$PYENV/bin/python" examples/python/vec_add.py
PYTHONPATH="$BUILD_DIR/python" "$PYENV/bin/python" examples/python/softmax_torch.py

# `pip install ./python` into a fresh virtual environment works on its own:
# run from outside the tree, with no path to the build.
FRESH="$BUILD_DIR/pyenv-install"
rm -rf "$FRESH"
/usr/bin/python3 -m venv --system-site-packages "$FRESH"
"$FRESH/bin/python" -m pip install -q ./python
(cd /tmp && env -u PYTHONPATH -u TILERUN_LIBRARY "$OLDPWD/$FRESH/bin/python" \
   "$OLDPWD/examples/python/vec_add.py")

# Stock Triton 3.6 on the CPU through tilerun's backend, in its own
# environment: Triton and the torch whose Inductor pins it (torch.compile's
# cpu_backend='triton'; Triton's tests need torch's float8 dtypes and CPU
# float16 matmul, which Debian's torch 1.13 lacks), all pinned.
TRITON_ENV="$BUILD_DIR/triton-env"
TRITON_PINS="torch==2.10.0 triton==3.6.0 pytest==8.3.4 pytest-xdist==3.6.1 numpy==2.2.6 scipy==1.15.3 expecttest==0.3.0 pytest-forked==1.6.0"
if [ ! -x "$TRITON_ENV/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$TRITON_ENV"
fi
"$TRITON_ENV/bin/python" -c "import torch, triton, xdist, scipy, expecttest; assert torch.__version__.startswith('2.10.0')" 2>/dev/null ||
  "$TRITON_ENV/bin/python" -m pip install -q $TRITON_PINS
"$TRITON_ENV/bin/python" -m pip install -q ./python
# Run from outside the tree, so the installed package (not python/) is tested.
ROOT=$PWD
TRITON_ENV_ABS=$(cd "$TRITON_ENV" && pwd)
# A Triton cache of this run only: its key names tilerun's version, not the build.
TRITON_RUN_CACHE=$(mktemp -d)
trap 'rm -rf "$TRITON_RUN_CACHE"' EXIT
in_triton_env() {
  (cd /tmp && env -u PYTHONPATH -u TILERUN_LIBRARY TRITON_CACHE_DIR="$TRITON_RUN_CACHE" \
     "$TRITON_ENV_ABS/bin/python" "$@")
}
in_triton_env -m pytest -q -p no:cacheprovider "$ROOT/python/test/test_triton_backend.py" \
  "$ROOT/python/test/test_triton_gluon.py" "$ROOT/python/test/test_torch_compile.py"

# Triton 3.6's tutorials 01-09, unmodified, with their own checks.
in_triton_env "$ROOT/python/test/triton_tutorials/run.py"

# Triton 3.6's own test_core.py, unmodified, on the CPU: CI's fixed sample
# (python/test/triton_conformance/run.py --sample; scripts/test-triton.sh
# runs every file of Triton's language and Gluon tests).
QUIET=1 in_triton_env "$ROOT/python/test/triton_conformance/run.py" --sample -n "$(nproc)"

# triton-shared's output through `tilerun convert` into IREE (iree-compile for
# the CPU and IREE's runtime), in its own environment, pinned: every corpus
# kernel against the GPU's results and the seed's add_kernel against numpy.
IREE_ENV="$BUILD_DIR/iree-env"
if [ ! -x "$IREE_ENV/bin/python" ]; then
  /usr/bin/python3 -m venv "$IREE_ENV"
fi
"$IREE_ENV/bin/python" -c "import importlib.metadata as m, iree.runtime, numpy; assert m.version('iree-base-compiler') == m.version('iree-base-runtime') == '3.13.0'" 2>/dev/null ||
  "$IREE_ENV/bin/python" -m pip install -q iree-base-compiler==3.13.0 iree-base-runtime==3.13.0 numpy==2.4.6
"$IREE_ENV/bin/python" test/IREE/iree_conformance.py "$BUILD_DIR/bin/tilerun" \
  "$IREE_ENV/bin/iree-compile" test/Inputs/corpus/triton-3.6 examples/triton_shared_add/add_kernel.mlir
