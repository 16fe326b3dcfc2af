"""tilerun as a backend of stock Triton 3.6 (the ``triton.backends`` entry
point ``tilerun``): ``@triton.jit`` kernels compile through Triton's own
TTIR passes, then tilerun, and run on the CPU.

On a machine without a GPU the CPU driver is the active one. Where CUDA is
present it stays Triton's default; switch a program (or a block of it) to
the CPU with::

    import tilerun.backend
    tilerun.backend.activate()          # for the rest of the program
    with tilerun.backend.activate():     # or for a block
        kernel[grid](...)

These modules import only Triton's Python: the native library loads at the
first compile or launch, and a missing one is reported there, with the
reason, never at ``import triton``.
"""

# Triton first: importing it discovers the backends, this one's compiler
# module among them, which must not find itself half imported (as it would
# if `import tilerun.backend.compiler` came before any `import triton`).
import triton  # noqa: F401,E402

from .activate import activate, is_cpu_active  # noqa: F401,E402
