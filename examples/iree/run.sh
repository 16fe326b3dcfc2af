#!/usr/bin/env bash
# triton-shared's output for Triton's add_kernel (linalg on memrefs, which
# iree-compile rejects) -> `tilerun convert --to=ranked-tensors` -> iree-compile
# for the CPU -> IREE's runtime, one call of add_kernel_grid for the whole
# launch -> compared with numpy. Needs IREE's Python packages
# (pip install iree-base-compiler==3.13.0 iree-base-runtime==3.13.0);
# PYTHON names the interpreter that has them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${TILERUN:-$here/../../build/bin/tilerun}"
py="${PYTHON:-$here/../../build/iree-env/bin/python}"
iree_compile="$(dirname "$py")/iree-compile"
kernel="$here/../triton_shared_add/add_kernel.mlir"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
set -x
"$bin" convert --to=ranked-tensors "$kernel" -o "$tmp/add.tensors.mlir"
"$iree_compile" --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host \
  "$tmp/add.tensors.mlir" -o "$tmp/add.vmfb"
set +x
"$py" - "$tmp/add.vmfb" "${N:-100003}" <<'PY'
import sys, numpy as np, iree.runtime as rt
vmfb, n = sys.argv[1], int(sys.argv[2])
m = rt.load_vm_flatbuffer_file(vmfb, driver="local-task")
rng = np.random.default_rng(0)
x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
out = np.zeros(n, dtype=np.float32)
# The kernel's parameters x, y, out, n, then the grid: one program per 1024.
got = m.add_kernel_grid(x, y, out, n, (n + 1023) // 1024, 1, 1).to_host()
same = np.array_equal(got, x + y)
print(f"add_kernel_grid on {n} elements through IREE: {'matches numpy' if same else 'DIFFERS from numpy'}")
sys.exit(0 if same else 1)
PY
