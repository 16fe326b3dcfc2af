#!/usr/bin/env bash
# Runs the bundled Triton vec_add kernel (vec_add.ttir, from vec_add.py) on the
# CPU with tilerun and checks the result against numpy.
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
"$bin" run "$here/vec_add.ttir" --grid "$grid" \
  --arg x_ptr=@"$tmp/x.npy" --arg y_ptr=@"$tmp/y.npy" --arg out_ptr=@"$tmp/out.npy" \
  --arg n="$n" --save out_ptr="$tmp/result.npy" --bench 5
set +x
/usr/bin/python3 - "$tmp" <<'PY'
import sys, numpy as np
d = sys.argv[1]
x, y, got = np.load(f"{d}/x.npy"), np.load(f"{d}/y.npy"), np.load(f"{d}/result.npy")
want = x + y
ok = np.array_equal(got, want)
print(f"vec_add on {got.size} elements: {'matches numpy' if ok else 'DIFFERS from numpy'}"
      f" (max |error| = {np.abs(got - want).max():g})")
sys.exit(0 if ok else 1)
PY
