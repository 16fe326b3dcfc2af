"""Finds the package (PYTHONPATH, installed, or the sources beside these
tests), and keeps the tests' compile cache out of the user's home
directory."""

import os
import shutil
import sys
import tempfile

import pytest

# The package on PYTHONPATH (build/python, as scripts/test.sh runs it) or
# installed; else the sources beside these tests.
try:
    import tilerun  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session", autouse=True)
def private_compile_cache():
    """A cache directory of this run's own (unless the caller chose one):
    the library reads $TILERUN_CACHE_DIR at each compile."""
    if "TILERUN_CACHE_DIR" in os.environ:
        yield os.environ["TILERUN_CACHE_DIR"]
        return
    path = tempfile.mkdtemp(prefix="tilerun-pytest-cache-")
    os.environ["TILERUN_CACHE_DIR"] = path
    try:
        yield path
    finally:
        del os.environ["TILERUN_CACHE_DIR"]
        shutil.rmtree(path, ignore_errors=True)
