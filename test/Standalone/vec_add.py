"""Compiles and runs examples/vec_add through `import tilerun`, checks the
result against numpy, and fails if any libLLVM*/libMLIR* file is mapped in
this process: the library it loads must carry LLVM and MLIR inside it.

usage: vec_add.py [EXPECTED_LIBRARY_DIR]
With EXPECTED_LIBRARY_DIR, the libtilerun mapped must lie under it.
Used by check-standalone.sh (the in-tree package) and build-wheel.sh (the
installed wheel, run from outside the source tree).
"""
import os
import pathlib
import sys

import numpy as np

import tilerun

TTIR = pathlib.Path(__file__).resolve().parents[2] / "examples" / "vec_add" / "vec_add.ttir"
BLOCK = 1024  # the kernel's tt.make_range


def mapped_files():
    with open("/proc/self/maps") as f:
        return sorted({line.split(None, 5)[5].strip() for line in f
                       if len(line.split(None, 5)) == 6 and "/" in line})


def main():
    print("tilerun package:", tilerun.__file__)
    # cache_dir="": compile for real, rather than load a cached object.
    kernel = tilerun.compile(TTIR, cache_dir="")
    n = 100_003
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    grid = ((n + BLOCK - 1) // BLOCK,)
    out = np.zeros_like(x)
    kernel[grid](x, y, out, n)
    # Also the object-code path: the binary loaded back without compiling.
    again = np.zeros_like(x)
    tilerun.load(kernel.binary)[grid](x, y, again, n)
    if not (np.array_equal(out, x + y) and np.array_equal(again, x + y)):
        sys.exit("FAIL: vec_add result differs from numpy")

    files = mapped_files()
    llvm = [f for f in files
            if os.path.basename(f).startswith(("libLLVM", "libMLIR"))]
    libs = [f for f in files if "libtilerun" in os.path.basename(f)]
    print("libtilerun mapped:", libs)
    if llvm:
        sys.exit("FAIL: LLVM/MLIR shared libraries mapped: %s" % llvm)
    if len(libs) != 1:
        sys.exit("FAIL: expected one libtilerun mapped, got %s" % libs)
    if len(sys.argv) > 1:
        want = os.path.realpath(sys.argv[1]) + os.sep
        if not os.path.realpath(libs[0]).startswith(want):
            sys.exit("FAIL: %s is not under %s" % (libs[0], want))
    print("vec_add: %d elements match numpy (compiled in %.1f ms); "
          "no libLLVM/libMLIR mapped" % (n, kernel.compile_ms))


if __name__ == "__main__":
    main()
