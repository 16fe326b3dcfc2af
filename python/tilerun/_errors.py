"""tilerun's exception classes and the mapping from C status codes to them.

Kept free of ctypes and numpy so that every other module, and code that only
wants to catch tilerun's errors, can import it without loading the library.
"""

# Status codes of tilerun_status_t (tilerun-c/tilerun.h).
OK = 0
ERROR_INVALID_ARGUMENT = 1
ERROR_COMPILE = 2
ERROR_NOT_FOUND = 3
ERROR_BAD_ARGUMENT = 4
ERROR_LAUNCH = 5
ERROR_IO = 6
ERROR_INTERNAL = 7

STATUS_NAMES = {
    ERROR_INVALID_ARGUMENT: "TILERUN_ERROR_INVALID_ARGUMENT",
    ERROR_COMPILE: "TILERUN_ERROR_COMPILE",
    ERROR_NOT_FOUND: "TILERUN_ERROR_NOT_FOUND",
    ERROR_BAD_ARGUMENT: "TILERUN_ERROR_BAD_ARGUMENT",
    ERROR_LAUNCH: "TILERUN_ERROR_LAUNCH",
    ERROR_IO: "TILERUN_ERROR_IO",
    ERROR_INTERNAL: "TILERUN_ERROR_INTERNAL",
}


class TilerunError(RuntimeError):
    """Base class of every error tilerun raises.

    ``status`` is the C API's status code when the error came from the
    library (None when the Python layer detected it first).
    """

    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status


class CompileError(TilerunError):
    """The IR did not parse, verify or lower, or the kernel was not found.

    ``diagnostics`` holds the library's full message, with file:line:col
    positions for IR problems.
    """

    def __init__(self, message, status=None, diagnostics=None):
        super().__init__(message, status)
        self.diagnostics = message if diagnostics is None else diagnostics


class CompileWarning(UserWarning):
    """A warning of the compile; the kernel compiled and runs.

    Today: a shared-memory descriptor op that Triton 3.6 accepts and runs
    but later Triton rejects (``memdesc_reinterpret`` to a smaller or a
    padded descriptor), with file:line:col; or a compile cache directory
    that cannot be written (read-only, full), once per directory and
    process: the kernel is not cached, and later compiles store nothing
    there. The message is the library's.
    """


class LaunchError(TilerunError):
    """A program of the grid failed while running.

    Raised for out-of-bounds accesses in checked mode, failed
    ``tl.device_assert``s and mbarrier deadlocks; the message names the
    kernel's source line.
    """


class ArgumentError(TilerunError, TypeError, ValueError):
    """A launch or compile argument does not fit.

    Raised for a wrong count, an unknown keyword, a wrong dtype, a value out
    of its type's range or a bad grid. It derives from both TypeError and
    ValueError so that code written for either convention catches it.
    """


_CLASSES = {
    ERROR_INVALID_ARGUMENT: ArgumentError,
    ERROR_BAD_ARGUMENT: ArgumentError,
    ERROR_COMPILE: CompileError,
    ERROR_NOT_FOUND: CompileError,
    ERROR_LAUNCH: LaunchError,
    ERROR_IO: TilerunError,
    ERROR_INTERNAL: TilerunError,
}


def error_for_status(status, message, what=None):
    """Builds the exception for a failed C call.

    ``message`` is tilerun_last_error()'s text; it is always kept whole
    because it carries the positions and argument names users need. ``what``
    (the operation) is only used when the library gave no message.
    """
    cls = _CLASSES.get(status, TilerunError)
    if not message:
        name = STATUS_NAMES.get(status, "status %d" % status)
        message = "%s failed with %s and no message" % (what or "tilerun", name)
    return cls(message, status)
