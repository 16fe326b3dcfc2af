#!/usr/bin/env bash
# Builds dist/tilerun-<version>-py3-none-manylinux_2_36_x86_64.whl: the
# ctypes package with the standalone libtilerun.so.0 (LLVM and MLIR linked
# in, scripts/build-standalone.sh) inside it, then installs it into a fresh
# virtual environment and runs a kernel from outside the source tree.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
scripts/build-standalone.sh

# The package looks in tilerun/lib/ first, and pyproject.toml's package-data
# puts that (git-ignored) directory in the wheel. A python/build left by an
# earlier build would carry stale files into it.
rm -rf python/tilerun/lib python/build
mkdir -p python/tilerun/lib
# Stripped: the symbol table (a third of the file) serves debuggers only;
# the exports stay. build-standalone/ keeps the unstripped library.
strip --strip-unneeded -o python/tilerun/lib/libtilerun.so.0 build-standalone/lib/libtilerun.so.0

# Build without isolation, with pinned setuptools and wheel.
VENV=build-standalone/wheel-venv
[ -x "$VENV/bin/python" ] || /usr/bin/python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q setuptools==66.1.1 wheel==0.45.1
rm -rf dist build-standalone/wheel-tmp
mkdir -p dist
"$VENV/bin/python" -m pip wheel -q --no-deps --no-build-isolation ./python -w build-standalone/wheel-tmp
# Left in python/, the copy would shadow build/lib for the in-tree package.
rm -rf python/build python/tilerun/lib

# setuptools tags a package without extension modules py3-none-any; this one
# holds a native x86-64 library that needs glibc 2.36 (test/Standalone checks
# that and its manylinux-allowed dependencies), so retag it, and install it
# as platform-specific (Root-Is-Purelib: false).
"$VENV/bin/python" -m wheel unpack -d build-standalone/wheel-tmp build-standalone/wheel-tmp/tilerun-*-py3-none-any.whl
WHEEL_FILE=$(echo build-standalone/wheel-tmp/tilerun-*/tilerun-*.dist-info/WHEEL)
sed -i -e 's/^Root-Is-Purelib: .*/Root-Is-Purelib: false/' \
       -e 's/^Tag: .*/Tag: py3-none-manylinux_2_36_x86_64/' "$WHEEL_FILE"
"$VENV/bin/python" -m wheel pack -d dist "$(dirname "$(dirname "$WHEEL_FILE")")"
WHL=$(echo dist/tilerun-*-py3-none-manylinux_2_36_x86_64.whl)
echo "build-wheel: $WHL"

# Install into a fresh environment (Debian's numpy through
# --system-site-packages) and run vec_add from outside the source tree with
# neither TILERUN_LIBRARY nor LD_LIBRARY_PATH: the bundled library must load.
TEST_VENV=$ROOT/build-standalone/wheel-test-venv
rm -rf "$TEST_VENV"
/usr/bin/python3 -m venv --system-site-packages "$TEST_VENV"
"$TEST_VENV/bin/python" -m pip install -q "$WHL"
unset TILERUN_LIBRARY LD_LIBRARY_PATH PYTHONPATH
OUTSIDE=$(mktemp -d)
trap 'rm -rf "$OUTSIDE"' EXIT
cd "$OUTSIDE"
PKG=$("$TEST_VENV/bin/python" -c 'import os, tilerun; print(os.path.dirname(tilerun.__file__))')
"$TEST_VENV/bin/python" "$ROOT/test/Standalone/vec_add.py" "$PKG/lib"
echo "build-wheel: OK $WHL"
