#!/usr/bin/env bash
# A short libFuzzer run over parse + verify + lower, for CI:
#   fuzz/run.sh [SECONDS]     (default 60)
# Skips with status 0 when clang-14's libFuzzer is not installed
# (scripts/setup.sh installs clang-14 and libclang-rt-14-dev). Seeds are the
# Triton corpus and the lit inputs; what the fuzzer learns accumulates in
# fuzz/work/ (ignored). A crash, timeout or out-of-memory input is written to
# fuzz/work/artifacts/ and fails the run: turn it into a regression test in
# test/Fuzz/crashers/ (see test/Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
if ! command -v clang++-14 >/dev/null ||
   ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz/run.sh: clang-14 with libFuzzer not installed; skipping"
  exit 0
fi
scripts/build-asan.sh tilerun-fuzz
BUILD_DIR=${TILERUN_ASAN_DIR:-build-asan}
WORK=fuzz/work
mkdir -p "$WORK/corpus" "$WORK/artifacts" "$WORK/seeds"
find test/Inputs/corpus test/Dialect test/Tools \
  \( -name '*.ttir' -o -name '*.ttgir' -o -name '*.mlir' \) -size -64k \
  -exec cp -t "$WORK/seeds" --backup=numbered {} +
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
"$BUILD_DIR/bin/tilerun-fuzz" "$WORK/corpus" "$WORK/seeds" \
  -dict=fuzz/mlir.dict -max_total_time="$SECONDS_TO_RUN" -max_len=65536 \
  -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$WORK/artifacts/" \
  -print_final_stats=1
