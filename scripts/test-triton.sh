#!/usr/bin/env bash
# Every test of Triton 3.6's own language and Gluon test files, unmodified,
# on the CPU through tilerun's backend, against
# python/test/triton_conformance/expectations.txt (CI runs a fixed sample of
# test_core.py from scripts/test.sh). Prints passed / failed / skipped /
# xfailed per file and the expected failures per category; fails on a
# failure that is not listed and on a listed test that now passes.
# Arguments go to run.py (for example -n 4, --skips, or files instead of --all).
# Needs scripts/test.sh's environment (build/triton-env) or builds it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TILERUN_BUILD_DIR:-build}
TRITON_ENV="$BUILD_DIR/triton-env"
if [ ! -x "$TRITON_ENV/bin/python" ] || ! "$TRITON_ENV/bin/python" -c "import triton, torch, xdist" 2>/dev/null; then
  scripts/test.sh
fi
"$TRITON_ENV/bin/python" -m pip install -q ./python
TRITON_ENV_ABS=$(cd "$TRITON_ENV" && pwd)
ROOT=$PWD
if [ $# -eq 0 ]; then set -- --all -n "$(nproc)"; fi
cd /tmp
exec env -u PYTHONPATH -u TILERUN_LIBRARY "$TRITON_ENV_ABS/bin/python" \
  "$ROOT/python/test/triton_conformance/run.py" "$@"
