"""The compile options of tilerun's Triton backend.

Every field of Triton 3.6's CUDAOptions is here, plus ``cluster_dims``, so
that any launch keyword that works on CUDA is accepted: Triton raises
KeyError for a keyword that is neither a kernel parameter nor an option.
Most have no meaning on a CPU and are ignored: num_warps, num_ctas,
num_stages, warp_size, maxnreg, ptx_*, enable_fp_fusion,
enable_reflect_ftz, launch_cooperative_grid, launch_pdl, extern_libs,
cluster_dims and instrumentation_mode, and HIPOptions' waves_per_eu,
matrix_instr_nonkdim, kpack, allow_flush_denorm and schedule_hint.
``debug`` keeps tl.device_assert (Triton's frontend drops asserts without
it), and ``tilerun_checked`` (or TILERUN_TRITON_CHECK=1) bounds-checks every
access. ``tilerun_memdesc_warnings`` (TILERUN_TRITON_MEMDESC_WARNINGS=0 turns
it off) warns, when Triton compiles a kernel, about each shared-memory
descriptor op that Triton 3.6 runs and later Triton rejects.
``tilerun_amx`` (TILERUN_TRITON_AMX=0 turns it off) multiplies dots on the
CPU's AMX tiles where it has them and Linux grants the tile state.
"""

import dataclasses
import hashlib
import os
from typing import Optional, Tuple


def _checked_default():
    return os.environ.get("TILERUN_TRITON_CHECK", "0") not in ("", "0")


def _memdesc_warnings_default():
    return os.environ.get("TILERUN_TRITON_MEMDESC_WARNINGS", "1") not in ("", "0")


def _amx_default():
    return os.environ.get("TILERUN_TRITON_AMX", "1") not in ("", "0")


@dataclasses.dataclass(frozen=True)
class CPUOptions:
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 3
    warp_size: int = 32
    maxnreg: Optional[int] = None
    ptx_version: int = None
    ptx_options: Optional[str] = None
    ir_override: Optional[str] = None
    enable_fp_fusion: bool = True
    enable_reflect_ftz: bool = True
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    supported_fp8_dtypes: Tuple[str] = ("fp8e5", "fp8e4b15", "fp8e4nv", "fp8e5b16", "fp8e4b8")
    deprecated_fp8_dot_operand_dtypes: Tuple[str] = ()
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: Tuple[str] = ("tf32", "tf32x3", "ieee", "bf16x3", "bf16x6")
    # Triton passes it to create_dot and Gluon's warpgroup_mma for fp8 dots
    # (an int). CUDA's sm90 value: Triton's verifier of ttng.warp_group_dot
    # refuses an fp8 wgmma with an f32 accumulator below 32. tilerun ignores
    # it and accumulates exactly.
    max_num_imprecise_acc_default: int = 2**30
    extern_libs: dict = None
    debug: bool = False
    backend_name: str = "cpu"
    sanitize_overflow: bool = True
    arch: str = None
    instrumentation_mode: str = ""
    cluster_dims: tuple = (1, 1, 1)
    # HIPOptions' tuning keywords, so that the configs Triton's tutorials
    # choose on a non-CUDA target (matrix_instr_nonkdim) launch too.
    waves_per_eu: int = 0
    matrix_instr_nonkdim: int = 0
    kpack: int = 1
    allow_flush_denorm: bool = False
    schedule_hint: str = "none"
    tilerun_checked: bool = dataclasses.field(default_factory=_checked_default)
    tilerun_memdesc_warnings: bool = dataclasses.field(
        default_factory=_memdesc_warnings_default)
    tilerun_amx: bool = dataclasses.field(default_factory=_amx_default)

    def __post_init__(self):
        extern = {} if self.extern_libs is None else dict(self.extern_libs)
        object.__setattr__(self, "extern_libs", tuple(extern.items()))
        # CUDAOptions asserts this: the same AssertionError (raised, so that
        # python -O keeps it), which Triton's test_num_warps_pow2 expects.
        if self.num_warps <= 0 or self.num_warps & (self.num_warps - 1):
            raise AssertionError("num_warps must be a power of 2")

    def hash(self):
        key = "_".join(f"{k}-{v}" for k, v in sorted(self.__dict__.items()))
        return hashlib.sha256(key.encode("utf-8")).hexdigest()
