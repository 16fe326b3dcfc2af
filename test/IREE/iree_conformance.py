"""triton-shared's output through `tilerun convert`, iree-compile (llvm-cpu) and
IREE's runtime, against the GPU's results (the corpus) and numpy (the seed's
add_kernel); and the raw linalg-on-memref input failing in iree-compile, which
is why the conversion exists.
usage: iree_conformance.py TILERUN IREE_COMPILE CORPUS_DIR ADD_KERNEL_MLIR"""
import glob, json, os, subprocess, sys, tempfile
import numpy as np
import iree.runtime as rt

tilerun, iree_compile, corpus, add_kernel = sys.argv[1:5]
failed = 0


def compile_for_iree(src, d):
    conv, vmfb = os.path.join(d, "k.tensors.mlir"), os.path.join(d, "k.vmfb")
    subprocess.run([tilerun, "convert", "--to=ranked-tensors", src, "-o", conv], check=True)
    subprocess.run([iree_compile, "--iree-hal-target-device=local",
                    "--iree-hal-local-target-device-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=host", conv, "-o", vmfb], check=True)
    return rt.load_vm_flatbuffer_file(vmfb, driver="local-task")


def report(name, ok, err):
    global failed
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {name}: max error {err:.3g}")


def max_error(got, want):
    g, w = got.astype(np.float64), want.astype(np.float64)
    diff = np.where(np.isnan(g) & np.isnan(w), 0.0, np.abs(g - w))
    return float(np.nanmax(np.where(np.isnan(diff), np.inf, diff))) if diff.size else 0.0


with tempfile.TemporaryDirectory() as d:
    cases = sorted(glob.glob(os.path.join(corpus, "*", "kernel.linalg.mlir")))
    assert cases, "no triton-shared cases in " + corpus
    for src in cases:
        cdir = os.path.dirname(src)
        case = json.load(open(os.path.join(cdir, "case.json")))
        module = compile_for_iree(src, d)
        args = [np.load(os.path.join(cdir, a["file"])).reshape(-1) if a["kind"] == "buffer"
                else a["value"] for a in case["args"]]
        results = getattr(module, case["kernel"] + "_grid")(*args, *case["grid"])
        if not isinstance(results, (list, tuple)):
            results = [results]
        assert len(results) == len(case["outputs"]), case["name"]
        for o, r in zip(case["outputs"], results):
            got = r.to_host()
            want = np.load(os.path.join(cdir, o["file"])).reshape(-1)
            with np.errstate(invalid="ignore"):
                ok = got.shape == want.shape and bool(np.all(
                    (got == want) | (np.abs(got.astype(np.float64) - want) <= o["atol"] + o["rtol"] * np.abs(want))
                    | (np.isnan(got) & np.isnan(want))))
            report(f"{case['name']} {o['arg']}", ok, max_error(got, want))

    # The seed's add_kernel, exactly as triton-shared printed it.
    module = compile_for_iree(add_kernel, d)
    rng = np.random.default_rng(0)
    for n in (1, 1000, 1024, 3001, 70000):
        x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
        out = np.full(n, np.nan, dtype=np.float32)
        got = module.add_kernel_grid(x, y, out, n, (n + 1023) // 1024, 1, 1).to_host()
        report(f"add_kernel n={n}", np.array_equal(got, x + y), max_error(got, x + y))

    # The raw input still fails as it did for the seed's user.
    r = subprocess.run([iree_compile, "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu", add_kernel,
                        "-o", os.path.join(d, "raw.vmfb")], capture_output=True, text=True)
    raw_ok = r.returncode != 0 and "failed to legalize unresolved" in r.stderr \
        and "materialization" in r.stderr and "memref<*xf32>" in r.stderr
    failed += not raw_ok
    print(f"{'ok  ' if raw_ok else 'FAIL'} raw linalg-on-memref input rejected by iree-compile")

print(f"{failed} failed")
sys.exit(1 if failed else 0)
