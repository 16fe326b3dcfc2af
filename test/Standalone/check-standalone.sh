#!/usr/bin/env bash
# Checks build-standalone/lib/libtilerun.so.0 (scripts/build-standalone.sh)
# is usable where LLVM 22 is not installed: (a) it needs only system
# libraries, (b) it exports only the C API, (c) the Python package runs a
# kernel with it and no libLLVM/libMLIR in the process, (d) it needs no glibc
# newer than 2.36 (Debian 12).
set -euo pipefail
cd "$(dirname "$0")/../.."
LIB=${1:-build-standalone/lib/libtilerun.so.0}
fail() { echo "check-standalone: FAIL: $*" >&2; exit 1; }
echo "check-standalone: $LIB, $(stat -L -c %s "$LIB") bytes"

# (a) LLVM, MLIR, libzstd, libstdc++ and libgcc are linked in
# (-static-libstdc++ -static-libgcc); LLVM's compression support calls zlib.
# glibc >= 2.34 holds libpthread, libdl and librt (-ldl and -lrt find empty
# archives), so they must not appear. Everything left is in manylinux's list.
ALLOWED='^(libc\.so\.6|libm\.so\.6|libz\.so\.1|ld-linux-x86-64\.so\.2|linux-vdso\.so\.1)$'
needed=$(readelf -d "$LIB" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $(echo "$needed" | tr "\n" " ")"
ldd "$LIB"
for lib in $needed $(ldd "$LIB" | awk '{print $1}' | xargs -n1 basename); do
  [[ $lib =~ $ALLOWED ]] || fail "depends on $lib"
done

# (b) Only tilerun_* (and the version node TILERUN_0 of tilerun.map).
exports=$(nm -D --defined-only "$LIB" | awk '{print $NF}')
echo "exported symbols: $(echo "$exports" | grep -c '^tilerun_')"
others=$(echo "$exports" | grep -v -e '^tilerun_' -e '^TILERUN_0$' || true)
[ -z "$others" ] || fail "exports more than tilerun_*: $(echo "$others" | head -5)"

# (c) /usr/bin/python3 with Debian's numpy, the in-tree package, no
# LD_LIBRARY_PATH. Where a mount namespace can be made, LLVM's shared
# libraries are hidden too, as on a machine without LLVM installed.
run=(env -u LD_LIBRARY_PATH TILERUN_LIBRARY="$PWD/$LIB" PYTHONPATH=python
     /usr/bin/python3 test/Standalone/vec_add.py "$(dirname "$PWD/$LIB")")
if unshare -rm true 2>/dev/null; then
  # shellcheck disable=SC2016 # expanded by the inner bash
  hide='set -e; shopt -s nullglob
        [ ! -d /usr/lib/llvm-22 ] || mount -t tmpfs none /usr/lib/llvm-22
        for f in /usr/lib/x86_64-linux-gnu/lib{LLVM,MLIR}*.so*; do
          mount --bind /dev/null "$f"; done
        echo "check-standalone: /usr/lib/llvm-22 and libLLVM/libMLIR hidden"
        exec "$@"'
  unshare -rm bash -c "$hide" bash "${run[@]}"
else
  echo "check-standalone: no mount namespace; LLVM stays installed, /proc/self/maps decides"
  "${run[@]}"
fi

# (d) The newest glibc symbol version it binds to.
glibc=$(objdump -T "$LIB" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
echo "needs GLIBC_$glibc"
[ "$(printf '%s\n' "$glibc" 2.36 | sort -V | tail -1)" = 2.36 ] || fail "needs GLIBC_$glibc > 2.36"
echo "check-standalone: OK"
