"""Builds the tilerun package (metadata in pyproject.toml).

The package is pure Python but needs libtilerun.so. A wheel made by
scripts/build-wheel.sh carries the self-contained library in tilerun/lib/.
Otherwise, installing from the source tree (`pip install ./python`) copies
the library of $TILERUN_LIBRARY or of the build tree (../build/lib) into
the package, so that the installed copy works on its own.
"""
import glob
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPyWithLibrary(build_py):
    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "tilerun", "lib")
        if glob.glob(os.path.join(target, "libtilerun.so*")):
            return  # the wheel's own library (scripts/build-wheel.sh)
        source = os.environ.get("TILERUN_LIBRARY") or os.path.join(
            HERE, "..", "build", "lib", "libtilerun.so.0")
        if os.path.exists(source):
            os.makedirs(target, exist_ok=True)
            shutil.copy2(os.path.realpath(source), os.path.join(target, "libtilerun.so.0"))


setup(cmdclass={"build_py": BuildPyWithLibrary})
