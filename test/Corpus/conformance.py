#!/usr/bin/python3
"""Runs corpus cases through `tilerun run` and compares with the GPU's results.

usage: conformance.py TILERUN CORPUS_DIR [--ir ttir|ttgir|linalg]
                      [--language triton|gluon] [--filter SUBSTR] [--check]
                      [--run-flag FLAG]... [-v]

Each case is invoked exactly as users invoke the CLI:
  tilerun run FILE --kernel NAME --grid X,Y,Z --arg NAME=@IN.npy
              --arg NAME=VALUE --save NAME=OUT.npy
(a host tensor descriptor binds its base tensor's file and NAME.padding; the
shape and stride parameters after it bind by position)
(for triton-shared's linalg output, arguments bind by position and --kernel is
left out). With --convert, the file first goes through
`tilerun convert --to=FORM` and the converted module runs. Outputs must satisfy |got - want| <= atol + rtol * |want|
elementwise, NaN equal to NaN; bfloat16 is compared as float32. Prints one
line per failure and `N passed, M failed` last.
"""
import argparse, glob, json, os, subprocess, sys, tempfile
import numpy as np

IR_FILES = {"ttir": "kernel.ttir", "ttgir": "kernel.ttgir", "linalg": "kernel.linalg.mlir"}

def as_float(a, dtype):
    if dtype == "bfloat16":
        return (a.view(np.uint16).astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return a.astype(np.float64)

def compare(got, want, dtype, rtol, atol):
    if got.shape != want.shape:
        return f"shape {got.shape} vs {want.shape}"
    g, w = as_float(got, dtype), as_float(want, dtype)
    with np.errstate(invalid="ignore"):
        ok = (np.abs(g - w) <= atol + rtol * np.abs(w)) | (np.isnan(g) & np.isnan(w)) | (g == w)
    if ok.all():
        return None
    bad = np.argwhere(~ok)
    i = tuple(bad[0])
    return f"{len(bad)} of {ok.size} differ; first at {i}: got {g[i]} want {w[i]}"

def run_case(tilerun, case_dir, case, ir, verbose, checked=False, flags=()):
    path = os.path.join(case_dir, IR_FILES[ir] if ir else case["source_ir"])
    by_position = ir == "linalg"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [tilerun, "run", path, "--grid", ",".join(map(str, case["grid"]))]
        if checked:  # bounds-checked mode must not change results
            cmd.append("--check")
        cmd += flags  # e.g. --amx: another code path, the same results
        if not by_position:
            cmd += ["--kernel", case["kernel"]]
        names = [a["name"] for a in case["args"]]
        expanded = 0  # a host descriptor's shape and strides follow it
        for i, arg in enumerate(case["args"]):
            # The expanded parameters share the descriptor's source name:
            # they bind by position.
            key = str(i) if by_position or expanded else arg["name"]
            expanded = max(0, expanded - 1)
            if arg["kind"] in ("buffer", "tensordesc"):
                cmd += ["--arg", f"{key}=@" + os.path.join(case_dir, arg["file"])]
            else:
                cmd += ["--arg", f"{key}={arg['value']}"]
            if arg["kind"] == "tensordesc":
                expanded = 2 * len(arg["block_shape"])
                cmd += ["--arg", f"{key}.padding={arg['padding']}"]
        outs = []
        for o in case["outputs"]:
            key = str(names.index(o["arg"])) if by_position else o["arg"]
            p = os.path.join(tmp, o["arg"] + ".npy")
            outs.append((o, p))
            cmd += ["--save", f"{key}={p}"]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return "timeout"
        if r.returncode != 0:
            lines = (r.stderr or r.stdout).strip().splitlines()
            if verbose:
                print(" ".join(cmd)); print(r.stderr[-3000:])
            return f"exit {r.returncode}: {lines[0][:300] if lines else ''}"
        problems = []
        for o, p in outs:
            if not os.path.exists(p):
                problems.append(f"{o['arg']}: not saved"); continue
            why = compare(np.load(p), np.load(os.path.join(case_dir, o["file"])),
                          o["dtype"], o["rtol"], o["atol"])
            if why:
                problems.append(f"{o['arg']}: {why}")
        return "; ".join(problems) or None

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tilerun"); ap.add_argument("corpus")
    ap.add_argument("--ir", choices=list(IR_FILES), default=None)
    ap.add_argument("--language", default=None)
    ap.add_argument("--filter", default="")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--run-flag", action="append", default=[],
                    help="extra flag for every `tilerun run` (repeatable)")
    ap.add_argument("--convert", default=None)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    passed = failed = 0
    for cj in sorted(glob.glob(os.path.join(a.corpus, "*", "case.json"))):
        d = os.path.dirname(cj)
        case = json.load(open(cj))
        if a.filter and a.filter not in case["name"]:
            continue
        if a.language and case.get("language") != a.language:
            continue
        if not os.path.exists(os.path.join(d, IR_FILES[a.ir] if a.ir else case["source_ir"])):
            continue
        problem = run_case(a.tilerun, d, case, a.ir, a.v, a.check, a.run_flag)
        if problem:
            failed += 1
            print(f"FAIL {case['name']}: {problem}")
        else:
            passed += 1
            if a.v:
                print(f"ok   {case['name']}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)

main()
