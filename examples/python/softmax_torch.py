#!/usr/bin/env python3
"""Row softmax of a torch CPU tensor with bench/kernels/softmax_4096's kernel.

usage: softmax_torch.py [ROWS [COLS]]

The kernel (Triton's fused softmax, BLOCK_SIZE 4096) runs one program per
row and masks the columns past n_cols, so any COLS up to 4096 works; its
IR promises that n_cols and both row strides are multiples of 16
(tt.divisibility = 16), so COLS must be one too. torch tensors go in
through DLPack, sharing memory: the kernel writes straight into `out`.
Without torch this prints why it skipped and exits 0.
"""
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
BLOCK = 4096
KERNEL = HERE.parents[1] / "bench" / "kernels" / "softmax_4096" / "kernel.ttir"

try:
    import torch
except ImportError as e:
    print("skipped: torch is not importable (%s)" % e)
    sys.exit(0)

try:
    import tilerun
except ImportError:
    sys.path.insert(0, str(HERE.parents[1] / "python"))
    import tilerun


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    cols = int(sys.argv[2]) if len(sys.argv) > 2 else 784
    if not (0 < cols <= BLOCK and cols % 16 == 0):
        print("COLS must be a multiple of 16 in [16, %d]" % BLOCK)
        return 2

    kernel = tilerun.compile(KERNEL, "softmax")
    torch.manual_seed(0)
    x = torch.randn(rows, cols, dtype=torch.float32)
    out = torch.empty_like(x)

    # softmax(out_ptr, in_ptr, in_stride, out_stride, n_cols): one program
    # per row; strides in elements.
    kernel[rows](out, x, x.stride(0), out.stride(0), cols)

    want = torch.softmax(x, dim=1)
    err = (out - want).abs().max().item()
    print("%d x %d, compile %.1f ms, max error %g" % (rows, cols, kernel.compile_ms, err))
    return 0 if err <= 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main())
