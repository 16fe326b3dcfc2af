#!/usr/bin/env python3
"""Runs Triton 3.6's own unit tests, unmodified, on the CPU through tilerun's
backend, and compares the outcome with expectations.txt.

usage: run.py [--sample | --all] [-k EXPR] [-n N] [--skips] [--triton-tests DIR] [FILE ...]

FILEs are paths under python/test/ of Triton's tests (default:
unit/language/test_core.py); --all runs every test file of Triton's
language and Gluon tests (ALL_FILES below). --sample runs the fixed sample
CI runs (the SAMPLE expression below); without it every test of the files
runs. expectations.txt lists each test id that does not pass, with a
category and the reason (NAME[*] stands for every parametrization of a
test, and '*' in a test id matches any characters). The run fails on a
failure that is not listed and
on a listed test that now passes, so the list only shrinks. Prints passed /
failed / skipped / xfailed per file, the expected failures per file and
category, and with --skips the reasons the tests gave for skipping.
"""
import argparse
import collections
import os
import re
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
    "test-environment": "the test's own harness or reference needs what a CPU-only environment lacks",
    "tilerun-bug": "open tilerun bug",
    "accumulation-order": "the tolerance is tighter than the spread of valid f32 accumulation orders on the test's data",
    "assumes-gpu-limits": "the test expects a backend other than CUDA or HIP to refuse what tilerun runs",
}
# CI's fixed sample of test_core.py: elementwise, math, casts, loads and
# stores, atomics, reductions and dots.
SAMPLE = ("test_bin_op or test_unary_op or test_math_op or test_where or test_reduce1d or "
          "test_cast or test_load_store or test_atomic_rmw or test_dot")

# Every test file of Triton 3.6's python/test/unit/language and gluon.
ALL_FILES = ("unit/language", "gluon")


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
            expected[test_id] = (category, reason, pattern(test_id))
    return expected


def pattern(test_id):
    """A line's test id as a regular expression: '*' matches any run of
    characters, everything else (brackets included) stands for itself."""
    return re.compile("".join(".*" if part == "*" else re.escape(part)
                              for part in re.split(r"(\*)", test_id)) + r"\Z")


def listed(expected, test_id):
    """The expectation of test_id: its own line, else the first line whose
    '*' wildcards match it (NAME[*] names every parametrization of NAME;
    NAME[*-src_layout15] the parametrizations ending so)."""
    if test_id in expected:
        return expected[test_id][:2]
    for line_id, expectation in expected.items():
        if "*" in line_id and expectation[2].match(test_id):
            return expectation[:2]
    return None


def outcomes(junit):
    """test id -> (passed / failed / skipped / xfailed, skip reason), from
    pytest's JUnit XML."""
    result = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        path = case.get("classname", "").replace(".", "/")
        # A file that fails to import is one case named after the module.
        test_id = f"{path}.py::{case.get('name')}" if path else case.get("name").replace(".", "/") + ".py"
        skipped = case.find("skipped")
        if case.find("failure") is not None or case.find("error") is not None:
            result[test_id] = ("failed", None)
        elif skipped is not None:
            kind = "xfailed" if skipped.get("type") == "pytest.xfail" else "skipped"
            result[test_id] = (kind, skipped.get("message", ""))
        else:
            result[test_id] = ("passed", None)
    return result


def skip_reason(message):
    """A skip message without its numbers, so that parametrizations group."""
    return re.sub(r"\d+", "N", (message or "").strip())[:150]


def by_directory(files):
    """The files (or directories) grouped by their directory, in order."""
    groups = collections.OrderedDict()
    for path in files:
        directory = path.rstrip("/") if not path.endswith(".py") else os.path.dirname(path)
        groups.setdefault(directory, []).append(path)
    return list(groups.values())


def run_pytest(files, junit, tmp, opts):
    cmd = [sys.executable, "-m", "pytest", *files, "--device", "cpu", "-q", "-p", "no:cacheprovider",
           "-p", "tilerun.backend.pytest_plugin", f"--junitxml={junit}", "-o", "junit_family=xunit1",
           # a file that does not import is reported (and listed), the rest still runs
           "--continue-on-collection-errors"]
    expr = opts.expr or (SAMPLE if opts.sample else None)
    if expr:
        cmd += ["-k", expr]
    if opts.workers:
        cmd += ["-n", str(opts.workers)]
    # Triton's test tree may be read-only: no bytecode or cache written there.
    env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "triton-cache"), PYTHONDONTWRITEBYTECODE="1")
    subprocess.run(cmd, cwd=os.path.abspath(opts.triton_tests), env=env,
                   stdout=subprocess.DEVNULL if os.environ.get("QUIET") else None)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", default=["unit/language/test_core.py"])
    ap.add_argument("--sample", action="store_true")
    ap.add_argument("--all", action="store_true", help="every file of " + " and ".join(ALL_FILES))
    ap.add_argument("--skips", action="store_true", help="print the skip reasons, most frequent first")
    ap.add_argument("-k", dest="expr", default=None)
    ap.add_argument("--triton-tests", default=DEFAULT_TESTS)
    ap.add_argument("-n", dest="workers", type=int, default=0,
                    help="pytest-xdist worker processes (0: run in this process)")
    opts = ap.parse_args()
    expected = load_expectations()
    if not os.path.isdir(opts.triton_tests):
        sys.exit(f"Triton's tests are not at {os.path.abspath(opts.triton_tests)} (shared/third_party "
                 "beside the checkout); pass --triton-tests DIR")
    files = list(ALL_FILES) if opts.all else opts.files
    with tempfile.TemporaryDirectory() as tmp:
        got = {}
        # One pytest per directory: unit/language and gluon both have a
        # test_core.py and a test_frontend.py, which one rootdir-relative
        # import of both directories cannot hold.
        for n, group in enumerate(by_directory(files)):
            junit = os.path.join(tmp, f"junit{n}.xml")
            run_pytest(group, junit, tmp, opts)
            if not os.path.exists(junit):
                sys.exit(f"pytest wrote no results for {' '.join(group)}")
            got.update(outcomes(junit))

    per_file = collections.defaultdict(collections.Counter)
    per_file_category = collections.defaultdict(collections.Counter)
    per_category = collections.Counter()
    skips = collections.Counter()
    unexpected, fixed = [], []
    for test_id, (outcome, message) in sorted(got.items()):
        path = test_id.split("::")[0]
        per_file[path]["collection error" if "::" not in test_id else outcome] += 1
        expectation = listed(expected, test_id)
        if outcome == "failed":
            if expectation:
                per_category[expectation[0]] += 1
                per_file_category[path][expectation[0]] += 1
            else:
                unexpected.append(test_id)
        elif outcome == "passed" and expectation:
            fixed.append(test_id)
        elif outcome == "skipped":
            skips[skip_reason(message)] += 1
    for path, counts in sorted(per_file.items()):
        if counts["collection error"]:
            print(f"{path}: does not import (collection error)")
            continue
        print(f"{path}: {counts['passed']} passed, {counts['failed']} failed, "
              f"{counts['skipped']} skipped, {counts['xfailed']} xfailed")
        for category, count in sorted(per_file_category[path].items()):
            print(f"    expected failures, {category}: {count}")
    for category, count in sorted(per_category.items()):
        print(f"  expected failures, {category} ({CATEGORIES[category]}): {count}")
    if opts.skips:
        for reason, count in skips.most_common():
            print(f"  skipped {count:6d}: {reason}")
    for test_id in unexpected:
        print(f"UNEXPECTED FAILURE {test_id}")
    for test_id in fixed:
        print(f"NOW PASSES (remove from expectations.txt) {test_id}")
    total = collections.Counter(outcome for outcome, _ in got.values())
    print(f"{total['passed']} passed, {len(unexpected)} failed unexpectedly, "
          f"{sum(per_category.values())} failed as listed, {total['skipped']} skipped, "
          f"{total['xfailed']} xfailed")
    return 1 if unexpected or fixed else 0


sys.exit(main())
