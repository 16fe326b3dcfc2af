"""Switching Triton's active driver to tilerun's CPU driver."""

import contextlib


class _Activation(contextlib.AbstractContextManager):
    """Makes the CPU driver active now; as a context manager, puts back the
    driver that was active before (without creating Triton's default one,
    which fails on a machine where no other driver is active)."""

    def __init__(self):
        from triton.runtime import driver
        from .driver import CPUDriver
        self._config = driver
        self._previous = driver._active
        driver.set_active(CPUDriver())

    def __exit__(self, *exc):
        self._config._active = self._previous
        return False


def activate():
    """Runs Triton kernels on the CPU from now on (or inside a ``with``)."""
    return _Activation()


def is_cpu_active():
    """Whether Triton's active driver is tilerun's."""
    from triton.runtime import driver
    from .driver import CPUDriver
    return isinstance(driver._active, CPUDriver) or (
        driver._active is None and CPUDriver.is_active())
