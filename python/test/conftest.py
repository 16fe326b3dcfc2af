"""Makes the in-tree package importable without installing it, and keeps
the tests' compile cache out of the user's home directory."""

import os
import shutil
import sys
import tempfile

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)


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
