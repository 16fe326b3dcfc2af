#!/usr/bin/env bash
# Runs triton-shared's linalg-on-memref output for Triton's add_kernel
# (add_kernel.mlir: unranked memref arguments, six grid i32 at the end) with
# tilerun, directly and after `tilerun convert --to=ranked-tensors`, and
# checks both against numpy. Arguments bind by position: x, y, out, n.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${TILERUN:-$here/../../build/bin/tilerun}"
n=${N:-1000003}
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 - "$tmp" "$n" <<'PY'
import sys, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(0)
np.save(f"{d}/x.npy", rng.standard_normal(n, dtype=np.float32))
np.save(f"{d}/y.npy", rng.standard_normal(n, dtype=np.float32))
np.save(f"{d}/out.npy", np.zeros(n, dtype=np.float32))
PY
grid=$(( (n + 1023) / 1024 ))
set -x
"$bin" convert --to=ranked-tensors "$here/add_kernel.mlir" -o "$tmp/add_kernel.tensors.mlir"
for ir in "$here/add_kernel.mlir" "$tmp/add_kernel.tensors.mlir"; do
  "$bin" run "$ir" --grid "$grid" \
    --arg 0=@"$tmp/x.npy" --arg 1=@"$tmp/y.npy" --arg 2=@"$tmp/out.npy" \
    --arg 3="$n" --save 2="$tmp/$(basename "$ir").npy" --bench 5
done
set +x
/usr/bin/python3 - "$tmp" <<'PY'
import sys, numpy as np
d = sys.argv[1]
want = np.load(f"{d}/x.npy") + np.load(f"{d}/y.npy")
ok = True
for name in ("add_kernel.mlir", "add_kernel.tensors.mlir"):
    got = np.load(f"{d}/{name}.npy")
    same = np.array_equal(got, want)
    ok &= same
    print(f"{name} on {got.size} elements: {'matches numpy' if same else 'DIFFERS from numpy'}")
sys.exit(0 if ok else 1)
PY
