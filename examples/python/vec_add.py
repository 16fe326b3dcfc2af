#!/usr/bin/env python3
"""Adds two vectors with Triton's vec_add kernel (examples/vec_add) on the CPU.

usage: vec_add.py [N]

Run from the source tree after building; the tilerun package is found in
python/ when it is not installed, and the library in build/lib.
"""
import pathlib
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
try:
    import tilerun
except ImportError:
    sys.path.insert(0, str(HERE.parents[1] / "python"))
    import tilerun

BLOCK = 1024  # the kernel's tile: tt.make_range {end = 1024}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    kernel = tilerun.compile(HERE.parent / "vec_add" / "vec_add.ttir")
    print(kernel)

    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = np.empty_like(x)

    # One program per BLOCK elements, as Triton's launch would use.
    kernel[lambda meta: ((meta["n"] + BLOCK - 1) // BLOCK,)](x, y, out, n)

    err = float(np.max(np.abs(out - (x + y))))
    print("n = %d, compile %.1f ms, max error %g" % (n, kernel.compile_ms, err))
    return 0 if err == 0.0 else 1


if __name__ == "__main__":
    sys.exit(main())
