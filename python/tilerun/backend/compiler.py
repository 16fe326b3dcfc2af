"""The compiler half of tilerun's Triton backend (Triton's BaseBackend).

Stages: ``ttir`` (Triton's own TTIR passes, as its CUDA backend runs them),
``ttgir`` (for ``@gluon.jit`` kernels the passes of NVIDIA's gluon_to_ttgir
stage, which resolve Gluon's auto layouts; Triton's TTIR and ``.ttgir`` files
pass through: tilerun reads TTIR and TTGIR as Triton prints them), ``llir``
(tilerun's LLVM IR, so ``kernel.asm["llir"]`` exists) and ``tlrbin`` (the
compiled kernel: object code and signature, as tilerun_kernel_binary makes
it, which Triton stores in its cache and the driver loads back without
compiling).
"""

import functools
import hashlib
import re
from typing import Any, Dict

from triton.backends.compiler import BaseBackend, GPUTarget, Language

from .options import CPUOptions


@functools.lru_cache()
def _native():
    """The tilerun package's native side, loaded on first use."""
    import tilerun
    return tilerun


def _program_bytes(llvm_ir, name):
    """The bytes of tile buffers and shared memory one program uses (the
    constant ``__tilerun_program_bytes_<kernel>`` of tilerun's LLVM IR)."""
    m = re.search(r"^@__tilerun_program_bytes_" + re.escape(name) + r" = .*constant i64 (\d+)",
                  llvm_ir, re.M)
    return int(m.group(1)) if m else 0


class TilerunBackend(BaseBackend):
    binary_ext = "tlrbin"

    @staticmethod
    def supports_target(target: GPUTarget):
        return target.backend == "cpu"

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)
        self.binary_ext = "tlrbin"
        # Kernels compiled in the llir stage, taken by the binary stage:
        # compiling once gives both the LLVM IR and the object code.
        self._compiled = {}

    def hash(self) -> str:
        # Binaries are native code for this CPU: Triton's cache must not
        # hand one built elsewhere (a shared cache directory) to this one.
        tilerun = _native()
        return f"tilerun-{tilerun.version()}-{tilerun.host_target()}-{self.target.arch}"

    def parse_options(self, opts) -> Any:
        args = {k: opts[k] for k in CPUOptions.__dataclass_fields__ if k in opts and opts[k] is not None}
        args.setdefault("arch", self.target.arch)
        return CPUOptions(**args)

    def pack_metadata(self, metadata):
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)

    def get_codegen_implementation(self, options):
        from .fp8e4b15 import convert_custom_types
        return {"min_dot_size": lambda lhs, rhs: (1, 1, 1), "convert_custom_types": convert_custom_types}

    def get_module_map(self) -> Dict[str, Any]:
        # libdevice calls (tl.extra.libdevice) keep CUDA's symbols: tilerun
        # implements __nv_* functions itself.
        from triton.language.extra.cuda import libdevice
        return {"triton.language.extra.libdevice": libdevice}

    def load_dialects(self, ctx):
        pass

    def get_target_name(self, options) -> str:
        return f"cpu:{self.target.arch}"

    @staticmethod
    def make_ttir(mod, metadata, options):
        from triton._C.libtriton import ir, passes
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        passes.common.add_inliner(pm)
        passes.ttir.add_rewrite_tensor_pointer(pm)
        passes.common.add_canonicalizer(pm)
        passes.ttir.add_combine(pm)
        passes.ttir.add_reorder_broadcast(pm)
        passes.common.add_cse(pm)
        passes.common.add_symbol_dce(pm)
        passes.ttir.add_loop_unroll(pm)
        pm.run(mod, "make_ttir")
        # The launch's warps, as Triton's TTGIR states them: a tt.print of a
        # scalar runs on every thread of a CUDA program (num_warps x 32
        # lines), and tilerun prints it as often where the module says so.
        builder = ir.builder(mod.context)
        mod.set_attr("ttg.num-warps", builder.get_int32_attr(options.num_warps))
        mod.set_attr("ttg.threads-per-warp", builder.get_int32_attr(32))
        return mod

    @staticmethod
    def make_ttgir(mod, metadata, options):
        """tilerun lowers TTIR itself (layouts are a GPU's thread mapping), so
        of CUDA's TTGIR passes only the loop nest rewrite a kernel asks for
        runs: tl.range(..., flatten=True) fuses the nest into one loop, as on
        CUDA."""
        from triton._C.libtriton import ir, passes
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        passes.ttgpuir.add_fuse_nested_loops(pm)
        passes.common.add_canonicalizer(pm)
        pm.run(mod, "make_ttgir")
        return mod

    @staticmethod
    def gluon_to_ttgir(mod, metadata, options):
        """Gluon's frontend emits TTGIR with auto layouts (gluon.set_auto_layout,
        #gluon.auto_encoding) and leaves coalesced layouts to infer: the passes
        of NVIDIA's gluon_to_ttgir stage resolve them, so that the result is
        the TTGIR Triton prints for the kernel (what tilerun reads).

        The target stays cpu:<machine>: Gluon 3.6 checks no target in its
        Hopper APIs (tma, mbarrier, warpgroup_mma, warp_specialize), and
        what does (target_info.cuda_capability_geq, _internal_testing's
        is_hopper) asks for backend "cuda" first, which only Triton's own
        CUDA backend may claim."""
        from triton._C.libtriton import ir, passes, nvidia
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        passes.gluon.add_inliner(pm)
        passes.gluon.add_infer_coalesced_encodings(pm)
        passes.gluon.add_resolve_auto_encodings(pm)
        nvidia.passes.ttnvgpuir.add_tma_lowering(pm)
        passes.gluon.add_canonicalizer(pm)
        passes.common.add_sccp(pm)
        passes.ttir.add_loop_aware_cse(pm)
        passes.gluon.add_canonicalizer(pm)
        passes.ttgpuir.add_combine_tensor_select_and_if(pm)
        pm.run(mod, "gluon_to_ttgir")
        return mod

    def make_llir(self, src, metadata, options):
        tilerun = _native()
        text = src if isinstance(src, str) else str(src)
        kernel = tilerun.compile(text, checked=options.tilerun_checked, threads=0,
                                 memdesc_warnings=options.tilerun_memdesc_warnings,
                                 amx=options.tilerun_amx)
        metadata["name"] = kernel.name
        # Shared memory is the program's stack frame: its tile buffers and
        # shared-memory allocations, which tilerun sums at compile time.
        metadata["shared"] = _program_bytes(kernel.llvm_ir, kernel.name)
        key = hashlib.sha256(text.encode()).hexdigest()
        metadata["tilerun_key"] = key
        self._compiled[key] = kernel
        return kernel.llvm_ir

    def make_binary(self, src, metadata, options):
        kernel = self._compiled.pop(metadata["tilerun_key"])
        return kernel.binary

    def add_stages(self, stages, options, language=Language.TRITON):
        if language == Language.TRITON:
            stages["ttir"] = lambda src, metadata: self.make_ttir(src, metadata, options)
        if language == Language.GLUON:
            stages["ttgir"] = lambda src, metadata: self.gluon_to_ttgir(src, metadata, options)
        else:
            stages["ttgir"] = lambda src, metadata: self.make_ttgir(src, metadata, options)
        stages["llir"] = lambda src, metadata: self.make_llir(src, metadata, options)
        stages["tlrbin"] = lambda src, metadata: self.make_binary(src, metadata, options)
