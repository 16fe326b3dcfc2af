#!/usr/bin/python3
"""Round-trips every Triton/Gluon IR file of the corpus through tilerun-opt.

usage: roundtrip.py TILERUN_OPT CORPUS_DIR [--glob PATTERN]...

For each file: `tilerun-opt FILE` must parse and verify it, and printing is a
fixed point: print(parse(print(parse(FILE)))) == print(parse(FILE)). New
corpus cases are picked up without editing this script.
"""
import argparse, glob, os, subprocess, sys, tempfile

def run(opt, path):
    r = subprocess.run([opt, path, "-mlir-print-debuginfo"], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt"); ap.add_argument("corpus")
    ap.add_argument("--glob", action="append", default=None)
    a = ap.parse_args()
    patterns = a.glob or ["*/kernel.ttir"]
    files = sorted({f for p in patterns for f in glob.glob(os.path.join(a.corpus, p))})
    passed = failed = 0
    for f in files:
        name = os.path.relpath(f, a.corpus)
        rc, first, err = run(a.opt, f)
        if rc != 0:
            failed += 1
            print(f"FAIL {name}: {err.strip().splitlines()[0] if err.strip() else 'exit %d' % rc}")
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as t:
            t.write(first)
        try:
            rc, second, err = run(a.opt, t.name)
        finally:
            os.unlink(t.name)
        if rc != 0 or first != second:
            failed += 1
            print(f"FAIL {name}: printed form does not re-parse to itself" + (f": {err.strip()[:200]}" if rc else ""))
            continue
        passed += 1
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)

main()
