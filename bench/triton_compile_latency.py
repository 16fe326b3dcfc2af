#!/usr/bin/env python3
"""Compile latency through stock Triton: every kernel a sample of Triton's
own test_core.py compiles, timed from the JIT's compile call (frontend,
Triton's TTIR passes, tilerun's compile) to a loaded, launchable binary.

  build/triton-env/bin/python bench/triton_compile_latency.py [-k EXPR] [--smoke]

Runs the tests twice in fresh processes over one Triton cache directory:
the first run compiles every kernel cold (empty Triton cache, tilerun's own
cache off), the second finds each in Triton's on-disk cache. Prints the
median, 90th percentile and slowest of both. Targets: cold median under
150 ms, a cache hit under 5 ms (median; the slowest is printed too).

Also a pytest plugin (-p triton_compile_latency, with this directory on
PYTHONPATH): it times JITFunction._do_compile plus the binary's load
(CompiledKernel._init_handles) and appends one JSON line per kernel to
$TILERUN_BENCH_COMPILE_LOG.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TRITON_TESTS = os.path.join(ROOT, "..", "shared", "third_party", "triton-3.6", "python", "test")
# Elementwise, math, casts, loads and stores, atomics, reductions, dots:
# the kinds of kernel test_core.py compiles most.
DEFAULT_SAMPLE = ("test_bin_op or test_unary_op or test_math_op or test_where or test_reduce1d or "
                  "test_cast or test_load_store or test_atomic_rmw or test_dot")
SMOKE_SAMPLE = "test_bin_op and float32"


def pytest_configure(config):
    """Plugin side: wraps the JIT's compile entry once per process."""
    log_path = os.environ.get("TILERUN_BENCH_COMPILE_LOG")
    if not log_path:
        return
    from triton.runtime.jit import JITFunction
    do_compile = JITFunction._do_compile

    def timed(self, *args, **kwargs):
        start = time.perf_counter()
        kernel = do_compile(self, *args, **kwargs)
        kernel._init_handles()
        seconds = time.perf_counter() - start
        with open(log_path, "a") as log:
            log.write(json.dumps({"kernel": self.__name__, "seconds": seconds}) + "\n")
        return kernel

    JITFunction._do_compile = timed


def run_tests(expr, cache_dir, log_path, tilerun_cache):
    env = dict(os.environ, TRITON_CACHE_DIR=cache_dir, TILERUN_BENCH_COMPILE_LOG=log_path,
               TILERUN_CACHE_DIR=tilerun_cache, PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join(filter(None, [HERE, os.environ.get("PYTHONPATH")])))
    cmd = [sys.executable, "-m", "pytest", "unit/language/test_core.py", "--device", "cpu", "-q",
           "-p", "no:cacheprovider", "-p", "tilerun.backend.pytest_plugin", "-p", "triton_compile_latency",
           "-k", expr]
    subprocess.run(cmd, cwd=os.path.abspath(TRITON_TESTS), env=env, stdout=subprocess.DEVNULL)
    if not os.path.exists(log_path):
        sys.exit("no kernel was compiled: is tilerun's backend installed in this Python?")
    with open(log_path) as log:
        return [json.loads(line)["seconds"] for line in log]


def summary(seconds):
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{len(ordered)} kernels, median {statistics.median(ordered) * 1e3:.1f} ms, "
            f"90% {p90 * 1e3:.1f} ms, slowest {ordered[-1] * 1e3:.1f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-k", dest="expr", default=None, help="pytest -k expression (default: the sample above)")
    ap.add_argument("--smoke", action="store_true", help="a few kernels only")
    opts = ap.parse_args()
    expr = opts.expr or (SMOKE_SAMPLE if opts.smoke else DEFAULT_SAMPLE)
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "triton-cache")
        cold = run_tests(expr, cache, os.path.join(tmp, "cold.jsonl"), "off")
        hit = run_tests(expr, cache, os.path.join(tmp, "hit.jsonl"), "off")
    cold_median, hit_median = statistics.median(cold), statistics.median(hit)
    print(f"cold compile (Triton frontend + tilerun, loaded): {summary(cold)}; "
          f"median / 150 ms target {cold_median / 0.150:.2f}")
    print(f"Triton cache hit (loaded): {summary(hit)}; median / 5 ms target {hit_median / 0.005:.2f}")
    ok = cold_median < 0.150 and hit_median < 0.005
    print("all targets met" if ok else "some targets missed")
    return 0 if ok or opts.smoke else 1


if __name__ == "__main__":
    sys.exit(main())
