"""Triton 3.6's tutorials, unmodified, on the CPU with their own checks
(run.py says what is changed for each): one test per tutorial of run.py's
default set, and one that the checks fail when the kernels do nothing.
Needs Triton and torch with tilerun's backend installed (build/triton-env);
skipped elsewhere, and where Triton's tutorials are not beside the checkout."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("triton", reason="Triton 3.6 is not installed in this environment")
pytest.importorskip("torch", reason="torch is not installed in this environment")

import tilerun  # noqa: E402
import tilerun.backend  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402

if not os.path.isdir(run.DEFAULT_TUTORIALS):
    pytest.skip(f"Triton's tutorials are not at {os.path.abspath(run.DEFAULT_TUTORIALS)}",
                allow_module_level=True)


@triton.jit
def _row_sum(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr, tl.sum(tl.load(x_ptr + offs), axis=0))


def test_what_the_tutorials_ask_of_the_backend(tmp_path, monkeypatch):
    """02 divides by a kernel's n_regs and metadata.shared; 03 launches the
    configs it picks for a non-CUDA target, with HIP's matrix_instr_nonkdim."""
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path))
    with tilerun.backend.activate():
        x, out = torch.randn(256), torch.empty(1)
        k = _row_sum[(1,)](x, out, BLOCK=256, matrix_instr_nonkdim=16, waves_per_eu=2)
        k._init_handles()
        assert torch.allclose(out, x.sum(0, keepdim=True), atol=1e-4)
        assert k.n_regs > 0
        # The program's tile buffers, as tilerun sums them.
        assert k.metadata.shared > 0
        assert f"@__tilerun_program_bytes__row_sum = constant i64 {k.metadata.shared}" in k.asm["llir"]


def _run(*args):
    # The child processes use this process's tilerun package.
    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(tilerun.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [package_dir] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, os.path.join(HERE, "run.py"), *args], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.mark.parametrize("name", list(run.SPECS))
def test_tutorial(name):
    p = _run(name)
    assert p.returncode == 0, p.stdout


def test_checks_fail_when_kernels_do_nothing():
    p = _run("--sabotage", "01", "02", "05")
    assert p.returncode == 0, p.stdout
    assert p.stdout.count("FAIL ") == 3, p.stdout
