"""The driver half of tilerun's Triton backend (Triton's DriverBase).

Active by itself only where no GPU is: with CUDA (or ROCm) present, Triton's
own driver stays the default and tilerun.backend.activate() switches to the
CPU. The launcher binds Triton's arguments to the compiled kernel's
parameters (constexpr and specialised-away arguments dropped, tensors by
their data pointers) and runs the grid on all cores.
"""

import functools
import os
import platform
import time
import types

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase


def _torch():
    import torch
    return torch


class _Event:
    """torch.cuda.Event's interface for triton.testing.do_bench on a CPU:
    launches are synchronous, so an event is the time it is recorded."""

    def __init__(self, enable_timing=True):
        self.t = None

    def record(self, stream=None):
        self.t = time.perf_counter()

    def elapsed_time(self, end):
        return (end.t - self.t) * 1e3

    def synchronize(self):
        pass


class _DeviceInterface:
    Event = _Event

    @staticmethod
    def synchronize(device=None):
        pass

    @staticmethod
    def current_device():
        return "cpu"


class _Utils:
    """driver.utils: loads binaries and answers device queries."""

    @staticmethod
    def load_binary(name, kernel, shared, device):
        import tilerun
        # The module is the kernel too, never None: while it is None, Triton
        # loads the binary again, and makes a new launcher, at every launch
        # (CompiledKernel._init_handles, which launch_metadata calls).
        k = tilerun.load(kernel)
        # (module, function, n_regs, n_spills, n_max_threads): a CPU program
        # has no thread limit Triton could check. n_regs is nominal (a core's
        # 16 general and 16 vector registers), never 0: occupancy heuristics
        # such as Triton's fused-softmax tutorial divide max_num_regs by it.
        return k, k, 32, 0, 1 << 30

    @staticmethod
    def get_device_properties(device):
        cores = os.cpu_count() or 1
        return {
            # Shared memory is a program's stack frame (tilerun's default
            # limit of 64 MiB per program).
            "max_shared_mem": 64 << 20,
            "multiprocessor_count": cores,
            "max_num_regs": 1 << 16,
            "warpSize": 32,
            "mem_clock_rate": 3_200_000,
            "mem_bus_width": 64,
        }


def _leaves(ty, path):
    """(path, type) of each scalar, pointer or descriptor inside a signature
    entry: a tuple parameter's entry is a tuple of entries, flattened in
    order as Triton's CUDA launcher flattens them."""
    if isinstance(ty, tuple):
        for j, inner in enumerate(ty):
            yield from _leaves(inner, path + (j,))
    else:
        yield path, ty


def _kept_arguments(src):
    """(path, type) of the launch arguments that are kernel parameters, in
    the kernel's order: Triton passes every argument, constexpr ones
    included, and drops constexpr and specialised-to-a-constant ones (a
    tuple's elements by their path, e.g. (1, 0)) from the IR."""
    signature = src.signature
    constants = getattr(src, "constants", {}) or {}
    names = list(getattr(getattr(src, "fn", None), "arg_names", []) or [])
    constant_paths = set()
    for key in constants:
        if isinstance(key, str) and key in names:
            constant_paths.add((names.index(key),))
        elif isinstance(key, tuple):
            constant_paths.add(key)
        elif isinstance(key, int):
            constant_paths.add((key,))
    return [(path, ty) for i, entry in enumerate(signature.values())
            for path, ty in _leaves(entry, (i,))
            if ty != "constexpr" and path not in constant_paths]


def _address(arg):
    """A pointer argument's address: tensors and anything with data_ptr(),
    raw integers as given."""
    if hasattr(arg, "data_ptr"):
        return arg.data_ptr()
    return arg


def _storage_extent(tensor):
    """The bytes from a tensor's first element to the end of its storage:
    what a kernel may address through it (strided views included)."""
    storage = tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()
    end = storage.data_ptr() + storage.nbytes()
    return end - tensor.data_ptr()


def _checked_buffer(arg):
    """A pointer argument with its extent, for kernels compiled with bounds
    checks; raw addresses stay unchecked."""
    if hasattr(arg, "data_ptr") and hasattr(arg, "storage"):
        import tilerun
        return tilerun.Buffer(arg.data_ptr(), _storage_extent(arg), keepalive=arg)
    return _address(arg)


def _descriptor(arg):
    """A host TensorDescriptor whose base tilerun's argument conversion does
    not take as it is (an object that only has data_ptr(), such as the
    TensorWrapper Triton's tests put unsigned tensors in) gets a base of
    the same memory: a Buffer with the storage's extent where the object
    or the tensor it wraps has one, else the raw address."""
    base = getattr(arg, "base", None)
    if base is None or hasattr(base, "__dlpack__") or not hasattr(base, "data_ptr"):
        return arg
    import tilerun
    storage_owner = base if hasattr(base, "storage") else getattr(base, "base", None)
    if storage_owner is not None and hasattr(storage_owner, "storage") \
            and storage_owner.data_ptr() == base.data_ptr():
        memory = tilerun.Buffer(base.data_ptr(), _storage_extent(storage_owner), keepalive=base)
    else:
        memory = base.data_ptr()
    return types.SimpleNamespace(base=memory, shape=arg.shape, strides=arg.strides,
                                 padding=getattr(arg, "padding", "zero"))


def _i1_as_cuda_passes_it(value):
    """An i1 argument as Triton's CUDA launcher hands it over: any integer
    of a byte (its "b" conversion) whose lowest bit the kernel reads, so 3
    is true and 2 false. Anything else goes to tilerun's own conversion,
    which names what is wrong."""
    if isinstance(value, int) and not isinstance(value, bool) and -128 <= value <= 255:
        return value & 1
    return value


def _unsigned_bits(ty):
    """N for an unsigned integer type uN wider than a bit, else 0."""
    if ty.startswith("u") and ty[1:].isdigit() and int(ty[1:]) > 1:
        return int(ty[1:])
    return 0


def _unsigned_as_cuda_passes_it(value, bits):
    """A uN argument (Triton specialises an int in [2**63, 2**64) as u64;
    tl.uint32 annotations give u32) as the same N bits of the signless iN
    parameter the kernel has: values past the signed maximum go over as
    their two's-complement equivalent, as the uintN_t Triton's CUDA
    launcher passes. Anything else goes to tilerun's own conversion."""
    if isinstance(value, int) and not isinstance(value, bool) and 2 ** (bits - 1) <= value < 2 ** bits:
        return value - 2 ** bits
    return value


class CPULauncher:
    def __init__(self, src, metadata):
        kept = _kept_arguments(src)
        self.paths = [path for path, _ in kept]
        self.nested = any(len(path) > 1 for path in self.paths)
        self.indices = [path[0] for path in self.paths]
        self.pointers = [ty.startswith("*") for _, ty in kept]
        self.bits = [ty in ("i1", "u1") for _, ty in kept]
        self.unsigned = [_unsigned_bits(ty) for _, ty in kept]
        self.descriptors = [ty.startswith("tensordesc") for _, ty in kept]
        # Checked kernels get each tensor's extent; others only its address.
        self.pointer_arg = _checked_buffer if getattr(metadata, "tilerun_checked", False) else _address

    def _values(self, args):
        if not self.nested:
            return [args[i] for i in self.indices]
        values = []
        for path in self.paths:
            value = args[path[0]]
            for j in path[1:]:
                value = value[j]
            values.append(value)
        return values

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata,
                 launch_metadata, launch_enter_hook, launch_exit_hook, *args):
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        params = []
        for a, is_ptr, is_bit, unsigned, is_desc in zip(self._values(args), self.pointers,
                                                        self.bits, self.unsigned, self.descriptors):
            if is_ptr:
                a = self.pointer_arg(a)
            elif is_desc:
                a = _descriptor(a)
            elif is_bit:
                a = _i1_as_cuda_passes_it(a)
            elif unsigned:
                a = _unsigned_as_cuda_passes_it(a, unsigned)
            params.append(a)
        function[(gridX, gridY, gridZ)](*params)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)


def _register_as_cpu():
    """Files this backend under the name ``cpu`` in Triton's registry
    (triton.backends.backends), the name PyTorch looks a CPU backend up by
    (triton-cpu's): Inductor's set_driver_to_cpu() before every CPU kernel
    (else "Could not find an active CPU backend", and no switch back to this
    driver), has_triton() and the cpu device interface. The entry point's
    name stays as installed: the entry is renamed, not copied, since two
    entries would make two compatible backends for make_backend() and two
    active drivers."""
    from triton.backends import backends
    if "cpu" in backends:
        return
    for name, backend in list(backends.items()):
        if backend.driver is CPUDriver:
            backends["cpu"] = backends.pop(name)
            return


class CPUDriver(DriverBase):
    def __init__(self):
        super().__init__()
        self.utils = _Utils()
        self.launcher_cls = CPULauncher
        _register_as_cpu()

    @classmethod
    def is_active(cls):
        # Only where no GPU driver would be: two active drivers break Triton.
        try:
            import torch
        except ImportError:
            return True
        return not (torch.cuda.is_available() or getattr(torch.version, "hip", None))

    def map_python_to_cpp_type(self, ty: str) -> str:
        if ty.startswith("*"):
            return "void*"
        return {"i1": "bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t",
                "u1": "bool", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t",
                "fp16": "uint16_t", "bf16": "uint16_t", "fp32": "float", "f32": "float",
                "fp64": "double"}.get(ty, ty)

    def get_current_target(self):
        return GPUTarget("cpu", platform.machine() or "x86_64", 32)

    def get_active_torch_device(self):
        return _torch().device("cpu")

    def get_current_device(self):
        return "cpu"

    def set_current_device(self, device):
        pass

    def get_current_stream(self, device=None):
        return 0

    def get_device_interface(self):
        return _DeviceInterface

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        # Larger than the last-level cache, so that do_bench's flush between
        # runs evicts the kernel's data.
        return _torch().empty((64 << 20) // 4, dtype=_torch().int)

    def clear_cache(self, cache):
        cache.zero_()
