#!/usr/bin/env python3
"""Runs Triton 3.6's own unit tests, unmodified, on the CPU through tilerun's
backend, and compares the outcome with expectations.txt.

usage: run.py [--sample] [-k EXPR] [--triton-tests DIR] [FILE ...]

FILEs are paths under python/test/ of Triton's tests (default:
unit/language/test_core.py). --sample runs the fixed sample CI runs (the
SAMPLE expression below); without it every test of the files runs.
expectations.txt lists each test id that does not pass, with a category
and the reason. The run fails on a failure that is not listed and on a
listed test that now passes, so the list only shrinks. Prints passed /
failed / skipped per file and per category.
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DEFAULT_TESTS = os.path.join(ROOT, "..", "shared", "third_party", "triton-3.6", "python", "test")
EXPECTATIONS = os.path.join(HERE, "expectations.txt")
CATEGORIES = {
    "cuda-only-api": "calls an API that exists only for CUDA",
    "gpu-only-feature": "a GPU feature tilerun does not model",
    "test-environment": "the test's own reference needs more than Debian's torch 1.13",
    "tilerun-bug": "open tilerun bug",
}
# CI's fixed sample of test_core.py: elementwise, math, casts, loads and
# stores, atomics, reductions and dots.
SAMPLE = ("test_bin_op or test_unary_op or test_math_op or test_where or test_reduce1d or "
          "test_cast or test_load_store or test_atomic_rmw or test_dot")


def load_expectations():
    expected = {}
    with open(EXPECTATIONS) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            test_id, category, reason = (line.split("\t") + ["", ""])[:3]
            if category not in CATEGORIES or not reason:
                sys.exit(f"{EXPECTATIONS}:{n}: expected 'TEST_ID<TAB>CATEGORY<TAB>REASON' with a "
                         f"category of {sorted(CATEGORIES)}")
            expected[test_id] = (category, reason)
    return expected


def outcomes(junit):
    """test id -> passed / failed / skipped, from pytest's JUnit XML."""
    result = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        path = case.get("classname", "").replace(".", "/")
        test_id = f"{path}.py::{case.get('name')}"
        if case.find("failure") is not None or case.find("error") is not None:
            result[test_id] = "failed"
        elif case.find("skipped") is not None:
            result[test_id] = "skipped"
        else:
            result[test_id] = "passed"
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", default=["unit/language/test_core.py"])
    ap.add_argument("--sample", action="store_true")
    ap.add_argument("-k", dest="expr", default=None)
    ap.add_argument("--triton-tests", default=DEFAULT_TESTS)
    ap.add_argument("-n", dest="workers", type=int, default=0,
                    help="pytest-xdist worker processes (0: run in this process)")
    opts = ap.parse_args()
    expected = load_expectations()
    if not os.path.isdir(opts.triton_tests):
        sys.exit(f"Triton's tests are not at {os.path.abspath(opts.triton_tests)} (shared/third_party "
                 "beside the checkout); pass --triton-tests DIR")
    with tempfile.TemporaryDirectory() as tmp:
        junit = os.path.join(tmp, "junit.xml")
        cmd = [sys.executable, "-m", "pytest", *opts.files, "--device", "cpu", "-q", "-p", "no:cacheprovider",
               "-p", "tilerun.backend.pytest_plugin", f"--junitxml={junit}", "-o", "junit_family=xunit1"]
        expr = opts.expr or (SAMPLE if opts.sample else None)
        if expr:
            cmd += ["-k", expr]
        if opts.workers:
            cmd += ["-n", str(opts.workers)]
        # Triton's test tree may be read-only: no bytecode or cache written there.
        env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "triton-cache"), PYTHONDONTWRITEBYTECODE="1")
        subprocess.run(cmd, cwd=os.path.abspath(opts.triton_tests), env=env,
                       stdout=subprocess.DEVNULL if os.environ.get("QUIET") else None)
        if not os.path.exists(junit):
            sys.exit("pytest wrote no results")
        got = outcomes(junit)

    per_file = collections.defaultdict(collections.Counter)
    per_category = collections.Counter()
    unexpected, fixed = [], []
    for test_id, outcome in sorted(got.items()):
        per_file[test_id.split("::")[0]][outcome] += 1
        listed = expected.get(test_id)
        if outcome == "failed":
            if listed:
                per_category[listed[0]] += 1
            else:
                unexpected.append(test_id)
        elif outcome == "passed" and listed:
            fixed.append(test_id)
    for path, counts in sorted(per_file.items()):
        print(f"{path}: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
    for category, count in sorted(per_category.items()):
        print(f"  expected failures, {category} ({CATEGORIES[category]}): {count}")
    for test_id in unexpected:
        print(f"UNEXPECTED FAILURE {test_id}")
    for test_id in fixed:
        print(f"NOW PASSES (remove from expectations.txt) {test_id}")
    total = collections.Counter(got.values())
    print(f"{total['passed']} passed, {len(unexpected)} failed, {total['skipped']} skipped")
    return 1 if unexpected or fixed else 0


sys.exit(main())
