# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILERUN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilerun_obj_root, "test")
# Inputs/ holds data files used by tests, never tests themselves.
config.excludes = ["Inputs", "lib", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tilerun_src", config.tilerun_src_root))
# Compiling C programs against tilerun's headers and libraries (AOT tests).
config.substitutions.append(
    ("%cc_tilerun", "cc -std=c99 -I%s/include -L%s/lib -Wl,-rpath,%s/lib"
     % (config.tilerun_src_root, config.tilerun_obj_root, config.tilerun_obj_root)))
# Interpreter with numpy (Debian's), used by conformance tests.
config.substitutions.append(("%python", "/usr/bin/python3"))

llvm_config.with_system_environment(["HOME", "TMPDIR", "TILERUN_CACHE_DIR"])
llvm_config.use_default_substitutions()

tool_dirs = [config.tilerun_tools_dir, config.llvm_tools_dir]
tools = ["tilerun-opt", "tilerun"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The host's matrix instructions and AVX2, as tilerun reads them (`tilerun target`):
# tests of a code path the host cannot run say `REQUIRES: host-<name>` and
# report UNSUPPORTED elsewhere.
import subprocess
try:
    _described = subprocess.run(
        [os.path.join(config.tilerun_tools_dir, "tilerun"), "target"],
        capture_output=True, text=True, check=True).stdout
    for _line in _described.splitlines():
        if _line.startswith("features:") and "avx2" in _line.split():
            config.available_features.add("host-avx2")
        if _line.startswith("matrix-instructions:"):
            for _name in _line.split(":", 1)[1].split():
                if _name != "none":
                    config.available_features.add("host-" + _name)
except (OSError, subprocess.CalledProcessError) as _e:
    lit_config.warning(f"tilerun target failed ({_e}); host-* features unset")
