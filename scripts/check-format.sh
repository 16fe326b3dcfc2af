#!/usr/bin/env bash
# Fails when a C or C++ file of the repository differs from what
# clang-format-22 makes of it with the repository's .clang-format (LLVM
# style). Every tracked .c, .cpp and .h file is checked; TableGen (.td) and
# the generated-style data table SharedLayoutTables.inc are not C++ to be
# reflowed and are left out.
#   scripts/check-format.sh          # check (CI)
#   scripts/check-format.sh --fix    # format those files in place
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang-format-22 >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "tilerun: installing clang-format-22"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang-format-22 >/dev/null
fi

mapfile -t files < <(git ls-files -- '*.c' '*.cpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format-22 -i "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! clang-format-22 "$f" | diff -q "$f" - >/dev/null; then
    echo "$f: not formatted (scripts/check-format.sh --fix)"
    bad=1
  fi
done
[ "$bad" -eq 0 ] && echo "check-format: ${#files[@]} files formatted"
exit "$bad"
