#!/usr/bin/python3
"""multi_cta_shared.mlir: the raw placement of a shared_linear layout with
block bases is CTA part * part size + the offset bases' placement, and the
tile reads back unchanged.

usage: multi_cta_shared.py TILERUN KERNEL.mlir
"""
import subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1:3]
with tempfile.TemporaryDirectory() as d:
    np.save(f"{d}/in.npy", np.arange(128, dtype=np.int32))
    subprocess.run([tilerun, "run", kernel, "--grid", "1", "--arg", f"0=@{d}/in.npy",
                    "--arg", "1=empty:int32:256", "--save", f"1={d}/out.npy"], check=True)
    out = np.load(f"{d}/out.npy")
want = np.empty(128, np.int32)
for r in range(16):
    for c in range(8):
        want[(r // 8) * 64 + c * 8 + r % 8] = r * 8 + c
raw_ok = np.array_equal(out[:128], want)
back_ok = np.array_equal(out[128:], np.arange(128))
print("raw placement:", "ok" if raw_ok else "FAIL")
print("read back:", "ok" if back_ok else "FAIL")
sys.exit(0 if raw_ok and back_ok else 1)
