"""pytest plugin (`-p tilerun.backend.pytest_plugin`): runs Triton's own,
unmodified tests on the CPU by making tilerun's driver the active one before
collection (test_core evaluates is_hip()/is_interpreter() at import)."""


def pytest_configure(config):
    from . import activate
    activate()
