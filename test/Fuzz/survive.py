#!/usr/bin/python3
"""Feeds inputs to tilerun's tools and checks that each one survives.

usage: survive.py TILERUN TILERUN_OPT (--files DIR | --mangle CORPUS_DIR N)

--files runs every file in DIR (the fuzzer's past crashers); --mangle derives
N truncated or byte-mangled variants of each corpus kernel (deterministically)
and runs those. Each input goes through `tilerun check` and
`tilerun-opt --tilerun-lower-to-llvm`; both must exit 0, or 1 with an
`error:` diagnostic. A signal, another status, or a run longer than 60 s is a
failure. Prints one line per failure and `N inputs survived, M failed`.
"""
import glob, os, random, subprocess, sys, tempfile

def run(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=60)
    except subprocess.TimeoutExpired:
        return "timed out"
    if r.returncode == 0:
        return None
    if r.returncode == 1 and "error" in r.stderr:
        return None
    tail = r.stderr.strip().splitlines()[-1:] or [""]
    return f"exit {r.returncode}: {tail[0][:200]}"

def mangle(text, rng):
    # Truncation, a deleted span, a duplicated span, or a changed byte: what
    # editing mistakes and broken dumps look like.
    n = len(text)
    i, j = sorted(rng.randrange(n + 1) for _ in range(2))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:i]
    if kind == 1:
        return text[:i] + text[j:]
    if kind == 2:
        return text[:j] + text[i:j] + text[j:]
    return text[:i] + rng.choice("0123456789<>[]{}(),:%#@!x-") + text[i + 1:]

def main():
    tilerun, opt, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    inputs = []
    tmp = tempfile.TemporaryDirectory()
    if mode == "--files":
        inputs = sorted(glob.glob(os.path.join(sys.argv[4], "*")))
    else:
        per_file = int(sys.argv[5])
        rng = random.Random(6)
        for path in sorted(glob.glob(os.path.join(sys.argv[4], "*", "kernel.tt*"))):
            text = open(path).read()
            for k in range(per_file):
                out = os.path.join(tmp.name, f"{os.path.basename(os.path.dirname(path))}.{k}.mlir")
                open(out, "w").write(mangle(text, rng))
                inputs.append(out)
    failed = 0
    for f in inputs:
        for cmd in ([tilerun, "check", f], [opt, "--tilerun-lower-to-llvm", f, "-o", os.devnull]):
            why = run(cmd)
            if why:
                failed += 1
                print(f"FAIL {' '.join(os.path.basename(c) for c in cmd)}: {why}")
    print(f"{len(inputs) - failed} inputs survived, {failed} failed")
    sys.exit(1 if failed else 0)

main()
