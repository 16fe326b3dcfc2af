# The Triton kernel whose TTIR (Triton 3.6, BLOCK=1024) is vec_add.ttir.
# Its IR locations point at the lines of the file it was compiled from.
import triton
import triton.language as tl


@triton.jit
def vec_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)
