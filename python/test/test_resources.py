"""Resources and the process environment: a compile cache that cannot be
written, programs that need more memory than allowed, the largest grids,
Ctrl-C during a launch and launches in a forked child.

The cases that change the process (resource limits, user, signals, fork)
run in a child interpreter, each with a timeout, so that a hang fails the
test instead of stopping the suite.
"""

import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

import numpy as np
import pytest

import tilerun
from tilerun import ArgumentError, CompileError, LaunchError

ROOT = pathlib.Path(__file__).resolve().parents[2]
VEC_ADD = ROOT / "examples" / "vec_add" / "vec_add.ttir"
BIG_SMEM = ROOT / "test" / "Tools" / "tilerun" / "Inputs" / "checked" / "big_smem.ttgir"
PACKAGE_DIR = str(pathlib.Path(tilerun.__file__).resolve().parents[1])

# count[0] += 1 in every program whose linear id is a multiple of 2**16, and
# the last program writes its linear id to last[0]: a check that the whole
# grid ran that costs a few instructions per program.
SPARSE_COUNT = """
module {
  tt.func public @sparse_count(%count: !tt.ptr<i32> loc("count"), %last: !tt.ptr<i32> loc("last")) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %nx = tt.get_num_programs x : i32
    %ny = tt.get_num_programs y : i32
    %row = arith.muli %y, %nx : i32
    %lin = arith.addi %row, %x : i32
    %mask = arith.constant 65535 : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %low = arith.andi %lin, %mask : i32
    %sampled = arith.cmpi eq, %low, %zero : i32
    scf.if %sampled {
      %t = arith.constant true
      %old = tt.atomic_rmw add, relaxed, gpu, %count, %one, %t : (!tt.ptr<i32>, i32, i1) -> i32
    }
    %lx = arith.subi %nx, %one : i32
    %ly = arith.subi %ny, %one : i32
    %isx = arith.cmpi eq, %x, %lx : i32
    %isy = arith.cmpi eq, %y, %ly : i32
    %islast = arith.andi %isx, %isy : i1
    scf.if %islast {
      tt.store %last, %lin : !tt.ptr<i32>
    }
    tt.return
  }
}
"""

# out[0] = 7: a second kernel, so that a cache directory sees two stores.
STORE_SEVEN = """
module {
  tt.func public @store_seven(%out: !tt.ptr<i32> loc("out")) {
    %v = arith.constant 7 : i32
    tt.store %out, %v : !tt.ptr<i32>
    tt.return
  }
}
"""


def run_child(code, timeout=120, args=(), **kwargs):
    """Runs ``code`` in a fresh interpreter (no .pyc writes, this package on
    its path) and returns the CompletedProcess; a hang past ``timeout``
    fails the test."""
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR, PYTHONDONTWRITEBYTECODE="1")
    try:
        return subprocess.run([sys.executable, "-B", "-c", textwrap.dedent(code), *args],
                              env=env, capture_output=True, text=True, timeout=timeout,
                              **kwargs)
    except subprocess.TimeoutExpired as e:
        pytest.fail("the child did not finish within %d s; output so far: %r"
                    % (timeout, e.stdout))


def child_result(proc):
    """The JSON object the child printed last; fails with its output if it
    exited otherwise than with status 0."""
    assert proc.returncode == 0, "child exited with %d\nstdout: %s\nstderr: %s" % (
        proc.returncode, proc.stdout, proc.stderr)
    return json.loads(proc.stdout.strip().splitlines()[-1])


# Compiles vec_add and store_seven into the cache directory argv[1], runs
# both, and reports the warnings and what the directory holds. argv[2] says
# how the directory is made unwritable in this child, and the child first
# proves that it is: "user" drops to nobody (for root, whom permissions do
# not stop), "rlimit" limits the size of files it writes (a full disk),
# "none" leaves it writable.
CACHE_CHILD = """
import errno, json, os, resource, sys, warnings
import numpy as np
cache, how = sys.argv[1], sys.argv[2]
if how == "user":
    os.setgid(65534)
    os.setuid(65534)
elif how == "rlimit":
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.RLIM_INFINITY))
if how != "none":
    try:
        with open(os.path.join(cache, "probe"), "wb") as f:
            f.write(bytes(4096))
        print(json.dumps({"writable": True}))
        sys.exit(0)
    except OSError as e:
        os.path.exists(os.path.join(cache, "probe")) and os.remove(os.path.join(cache, "probe"))
        refused = errno.errorcode.get(e.errno, str(e.errno))
import tilerun
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    add = tilerun.compile(sys.argv[3], cache_dir=cache)
    seven = tilerun.compile(sys.argv[4], cache_dir=cache)
    again = tilerun.compile(sys.argv[4], cache_dir=cache)
x = np.arange(3000, dtype=np.float32); y = np.ones_like(x); out = np.zeros_like(x)
add[3](x, y, out, 3000)
seven_out = np.zeros(1, np.int32)
seven[1](seven_out)
print(json.dumps({
    "writable": False, "refused": refused if how != "none" else None,
    "warnings": [(w.category.__name__, str(w.message)) for w in caught],
    "add_ok": bool((out == x + y).all()), "seven": int(seven_out[0]),
    "entries": sorted(os.listdir(cache)),
}))
"""


def cache_entries(names):
    """The compile cache's entries among a directory's file names (pruning
    keeps its timestamp file there too)."""
    return sorted(n for n in names if n.startswith("llvmcache-"))


def cache_child(cache, how):
    return child_result(run_child(CACHE_CHILD, args=(str(cache), how, str(VEC_ADD), STORE_SEVEN)))


def test_a_writable_cache_dir_stores_both_kernels_without_warnings(tmp_path):
    # The baseline the unwritable cases differ from.
    result = cache_child(tmp_path, "none")
    assert result["add_ok"] and result["seven"] == 7
    assert result["warnings"] == []
    assert len(cache_entries(result["entries"])) == 2
    assert set(result["entries"]) - set(cache_entries(result["entries"])) <= {"llvmcache.timestamp"}


def assert_one_cache_warning(result, cache):
    assert not result["writable"], "the child could write to the directory: the case tests nothing"
    assert result["add_ok"] and result["seven"] == 7
    assert len(result["warnings"]) == 1, result["warnings"]
    category, message = result["warnings"][0]
    assert category == "CompileWarning"
    assert "compile cache cannot be written" in message and str(cache) in message


def test_a_read_only_cache_dir_runs_uncached_with_one_warning():
    cache = pathlib.Path(tempfile.mkdtemp(prefix="tilerun-ro-cache-"))
    try:
        # Readable by everyone, writable by no one but its owner; root's
        # writes would succeed, so a root run drops to nobody in the child.
        os.chmod(cache, 0o555 if os.geteuid() else 0o755)
        result = cache_child(cache, "user" if os.geteuid() == 0 else "perm")
        assert result["refused"] in ("EACCES", "EPERM", "EROFS")
        assert_one_cache_warning(result, cache)
        assert result["entries"] == []
    finally:
        os.chmod(cache, 0o755)
        for entry in cache.iterdir():
            entry.unlink()
        cache.rmdir()


def test_a_read_only_cache_dir_still_serves_its_entries():
    cache = pathlib.Path(tempfile.mkdtemp(prefix="tilerun-ro-cache-"))
    try:
        tilerun.compile(VEC_ADD, cache_dir=cache)  # vec_add is cached, store_seven not
        entries = cache_entries(e.name for e in cache.iterdir())
        assert len(entries) == 1
        os.chmod(cache, 0o555 if os.geteuid() else 0o755)
        result = cache_child(cache, "user" if os.geteuid() == 0 else "perm")
        # One warning, for store_seven: vec_add was a hit, which stores nothing.
        assert_one_cache_warning(result, cache)
        assert cache_entries(result["entries"]) == entries
    finally:
        os.chmod(cache, 0o755)
        for entry in cache.iterdir():
            entry.unlink()
        cache.rmdir()


def test_a_full_cache_dir_runs_uncached_with_one_warning(tmp_path):
    # RLIMIT_FSIZE makes every write past 1 KiB fail (EFBIG; Python ignores
    # SIGXFSZ), as a full disk makes it fail with ENOSPC. This used to end
    # the process: the JIT wrote each object to a temporary file first, and
    # LLVM exits when a write to an output stream fails.
    result = cache_child(tmp_path, "rlimit")
    assert result["refused"] == "EFBIG"
    assert_one_cache_warning(result, tmp_path)
    assert result["entries"] == [], "a partly written entry was left behind"


def test_the_cache_warning_names_the_reason(tmp_path):
    # A directory that cannot be made (the path runs through a file), in
    # this process: the warning says why, and each compile is still correct.
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    cache = blocker / "cache"
    with pytest.warns(tilerun.CompileWarning) as caught:
        k = tilerun.compile(STORE_SEVEN, cache_dir=cache)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "cannot create cache directory" in message and str(cache) in message
    out = np.zeros(1, np.int32)
    k[1](out)
    assert out[0] == 7


# ------------------------------------------------------------ program memory


def big_smem_ir(rows, cols):
    """big_smem.ttgir with a rows x cols f32 shared-memory ring."""
    text = BIG_SMEM.read_text()
    assert "2048x2048xf32" in text
    return (text.replace("2048x2048xf32", "%dx%dxf32" % (rows, cols))
                .replace("memdesc<2048xf32", "memdesc<%dxf32" % cols)
                .replace("mutable, 2048>", "mutable, %d>" % cols))


def test_programs_over_the_memory_limit_are_a_compile_error():
    with pytest.raises(CompileError) as e:
        tilerun.compile(BIG_SMEM, max_program_bytes=8_000_000, cache_dir="")
    msg = str(e.value)
    assert "kernel 'big_smem' needs" in msg and "over the limit of 8000000 bytes" in msg
    assert "bugs.py:53:45" in msg  # the largest buffer's line
    # The default limit is 64 MiB: an 8192 x 2048 f32 ring and the tile beside
    # it are just over it.
    with pytest.raises(CompileError, match="over the limit of 67108864 bytes"):
        tilerun.compile(big_smem_ir(8192, 2048), cache_dir="")
    with pytest.raises(ArgumentError, match="max_program_bytes.*2 GiB"):
        tilerun.compile(BIG_SMEM, max_program_bytes=2 ** 31 + 1, cache_dir="")


def test_programs_bigger_than_a_thread_stack_run():
    # 16 MiB of shared memory, over the 8 MiB default stack: these programs
    # run on threads made with stacks for them.
    k = tilerun.compile(BIG_SMEM, cache_dir="", threads=2)
    x = np.random.default_rng(1).standard_normal(32).astype(np.float32)
    out = np.zeros(32, np.float32)
    k[8](x, out, 1)
    np.testing.assert_array_equal(out, x)


def test_no_thread_for_the_program_stack_is_an_error_not_a_crash():
    # The address space is limited to what the child uses plus 20 MiB, less
    # than one 24 MiB stack. This used to be a fatal error inside LLVM
    # (pthread_create failed), which could leave started threads running
    # on the abandoned launch.
    code = """
    import json, re, resource, sys
    import numpy as np, tilerun
    k = tilerun.compile(sys.argv[1], cache_dir="", threads=2)
    x = np.arange(32, dtype=np.float32); out = np.zeros(32, np.float32)
    used = int(re.search(r"VmSize:\\s+(\\d+)", open("/proc/self/status").read()).group(1)) * 1024
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    resource.setrlimit(resource.RLIMIT_AS, (used + (20 << 20), hard))
    try:
        k[8](x, out, 1)
        error = None
    except tilerun.TilerunError as e:
        error = (type(e).__name__, str(e))
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    k[8](x, out, 1)  # with the limit lifted the same kernel runs
    print(json.dumps({"error": error, "ok": bool((out == x).all())}))
    """
    result = child_result(run_child(code, args=(str(BIG_SMEM),)))
    assert result["error"] is not None, "the launch ran although no stack fits"
    kind, msg = result["error"]
    assert kind == "LaunchError"
    assert "kernel 'big_smem' cannot run" in msg and "no thread with a stack of" in msg
    assert result["ok"]


def two_stage_ring_ir(rows):
    """big_smem.ttgir with a rows x 2048 f32 ring, written at row `stage`
    and read back from row `stage2`: with the two rows unknown, LLVM keeps
    the whole ring in the program's frame (with one row it forwards the
    store to the load and drops the ring)."""
    text = BIG_SMEM.read_text().replace("2048x2048xf32", "%dx2048xf32" % rows)
    text = text.replace('%stage: i32 loc("stage"(#loc))',
                        '%stage: i32 loc("stage"(#loc)), %stage2: i32 loc("stage2"(#loc))')
    read = ("    %y = ttg.local_load %head :")
    assert read in text
    return text.replace(read, (
        "    %%buf2 = ttg.memdesc_index %%ring[%%stage2] : !ttg.memdesc<%dx2048xf32, #shared, #smem, "
        "mutable> -> !ttg.memdesc<2048xf32, #shared, #smem, mutable>\n"
        "    %%head2 = ttg.memdesc_subslice %%buf2[0] : !ttg.memdesc<2048xf32, #shared, #smem, "
        "mutable> -> !ttg.memdesc<32xf32, #shared, #smem, mutable, 2048>\n"
        "    %%y = ttg.local_load %%head2 :") % rows)


# A program of 1.5 MiB of shared memory run by threads with smaller stacks.
# argv[1]: the kernel; argv[2]: "thread" (a Python thread made with
# threading.stack_size(256 KiB) launches) or "main". Row 1 of the ring lies
# 1.5 MiB below the frame's top, past the end of such a stack.
SMALL_STACK_CHILD = """
import json, sys, threading
import numpy as np, tilerun
results = {}
def run(threads):
    k = tilerun.compile(sys.argv[1], cache_dir="", threads=threads)
    x = np.arange(32, dtype=np.float32); out = np.zeros(32, np.float32)
    k[8](x, out, 1, 1)
    results[threads] = bool((out == x).all())
for threads in (1, 2):
    if sys.argv[2] == "thread":
        threading.stack_size(256 << 10)
        t = threading.Thread(target=run, args=(threads,))
        t.start()
        t.join()
    else:
        run(threads)
print(json.dumps(results))
"""


@pytest.mark.parametrize("where", ["a Python thread of 256 KiB", "ulimit -s 1024"])
def test_programs_bigger_than_the_launching_threads_stack_run(where):
    # Programs under 2 MiB used to run on the caller and the pool's threads
    # as they were, assuming 8 MiB stacks; on smaller ones the frame jumped
    # past the guard page and the process died of SIGSEGV. Threads without
    # the room now leave the programs to threads made for them.
    import resource

    def small_stack():
        resource.setrlimit(resource.RLIMIT_STACK, (1 << 20, resource.getrlimit(resource.RLIMIT_STACK)[1]))

    thread = where.startswith("a Python")
    proc = run_child(SMALL_STACK_CHILD, args=(two_stage_ring_ir(192), "thread" if thread else "main"),
                     preexec_fn=None if thread else small_stack)
    assert child_result(proc) == {"1": True, "2": True}


# --------------------------------------------------------------------- grids


@pytest.fixture(scope="module")
def sparse_count():
    return tilerun.compile(SPARSE_COUNT, cache_dir="")


@pytest.mark.parametrize("grid", [(2 ** 31 - 1,), (2 ** 16, 2 ** 15)], ids=["2^31-1 in x", "2^31 as 2^16 x 2^15"])
def test_a_grid_of_2_31_programs_runs(sparse_count, grid):
    count, last = np.zeros(1, np.int32), np.full(1, -1, np.int32)
    start = time.monotonic()
    sparse_count[grid](count, last)
    seconds = time.monotonic() - start
    total = int(np.prod(grid))
    assert last[0] == total - 1
    assert count[0] == (total + 2 ** 16 - 1) // 2 ** 16 == 2 ** 15
    print("%s: %d programs in %.1f s" % (grid, total, seconds))


@pytest.mark.parametrize("grid,words", [
    ((2 ** 31,), "grid extent x is 2147483648"),
    ((1, 2 ** 31), "grid extent y is 2147483648"),
    ((1, 1, 2 ** 31), "grid extent z is 2147483648"),
])
def test_an_extent_of_2_31_is_an_argument_error(sparse_count, grid, words):
    count, last = np.zeros(1, np.int32), np.full(1, -1, np.int32)
    with pytest.raises(ArgumentError, match=words):
        sparse_count[grid](count, last)
    assert count[0] == 0 and last[0] == -1


def test_a_grid_of_more_than_2_63_programs_is_an_argument_error():
    # 2^30 x 2^30 x 16 = 2^64 programs: the count used to wrap around to 0,
    # after which the launcher queued work without end. In a child, so that
    # a regression times out instead of taking the machine's memory.
    code = """
    import json, sys
    import numpy as np, tilerun
    k = tilerun.compile(sys.argv[1], cache_dir="")
    count, last = np.zeros(1, np.int32), np.full(1, -1, np.int32)
    errors = []
    for grid in [(2 ** 30, 2 ** 30, 16), (2 ** 31 - 1,) * 3]:
        try:
            k[grid](count, last)
            errors.append(None)
        except tilerun.ArgumentError as e:
            errors.append(str(e))
    print(json.dumps({"errors": errors, "ran": int(count[0]) != 0 or int(last[0]) != -1}))
    """
    result = child_result(run_child(code, timeout=60, args=(SPARSE_COUNT,)))
    assert not result["ran"]
    assert result["errors"][0] == "grid 1073741824 x 1073741824 x 16 has more than 2^63 - 1 programs"
    assert result["errors"][1] == "grid 2147483647 x 2147483647 x 2147483647 has more than 2^63 - 1 programs"


# ------------------------------------------------------------------- SIGINT


def test_sigint_during_a_launch_raises_keyboard_interrupt_after_it():
    # The child launches 2^28 programs (a second or more); the parent sends
    # SIGINT while they run. The launch runs to its end (ctypes holds the
    # signal until the call returns), then KeyboardInterrupt is raised, and
    # the interpreter goes on: the next launch works.
    code = """
    import json, sys, time
    import numpy as np, tilerun
    k = tilerun.compile(sys.argv[1], cache_dir="", threads=2)
    count, last = np.zeros(1, np.int32), np.full(1, -1, np.int32)
    k[1](count, last)
    print("launching", flush=True)
    start = time.monotonic()
    try:
        k[(2 ** 14, 2 ** 14)](count, last)
        outcome = "no interrupt"
    except KeyboardInterrupt:
        outcome = "KeyboardInterrupt"
    seconds = time.monotonic() - start
    finished = int(last[0]) == 2 ** 28 - 1 and int(count[0]) == 1 + 2 ** 12
    count[0] = 0
    k[(2 ** 16,)](count, last)
    print(json.dumps({"outcome": outcome, "finished": finished, "seconds": seconds,
                      "after": int(count[0]) == 1 and int(last[0]) == 2 ** 16 - 1}))
    """
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    child = subprocess.Popen([sys.executable, "-B", "-c", textwrap.dedent(code), SPARSE_COUNT],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "launching"
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=60)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, (child.returncode, out, err)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["outcome"] == "KeyboardInterrupt"
    assert result["finished"], "KeyboardInterrupt came before the launch had ended"
    assert result["after"]
    assert result["seconds"] > 0.2, "the launch ended before the signal: it tests nothing"
    print("SIGINT: launch of %.2f s, child done %.2f s after the signal" % (result["seconds"], waited))


# --------------------------------------------------------------------- fork


def test_a_forked_child_launches_and_compiles():
    # The parent has launched on several threads, so its thread pool exists
    # when it forks; the child has none of those threads. This used to hang
    # the child's first launch (LLVM's ThreadPool waited for them).
    code = """
    import json, os, signal, sys
    import numpy as np, tilerun
    k = tilerun.compile(sys.argv[1], cache_dir="", threads=2)
    n = 1 << 16
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y, out = np.ones_like(x), np.zeros_like(x)
    k[64](x, y, out, n)
    assert (out == x + y).all()
    pid = os.fork()
    if pid == 0:
        signal.alarm(30)  # a hang ends the child
        out[:] = 0
        k[64](x, y, out, n)
        ok = bool((out == x + y).all())
        k3 = tilerun.compile(sys.argv[1], cache_dir="", threads=3)  # a new context and pool
        out[:] = 0
        k3[64](x, x, out, n)
        ok = ok and bool((out == x + x).all())
        os._exit(0 if ok else 3)
    _, status = os.waitpid(pid, 0)
    out[:] = 0
    k[64](x, y, out, n)  # the parent's pool still works
    print(json.dumps({"child": os.waitstatus_to_exitcode(status),
                      "parent_ok": bool((out == x + y).all())}))
    """
    result = child_result(run_child(code, timeout=90, args=(str(VEC_ADD),)))
    assert result["child"] == 0, "the child exited with %d (-14: SIGALRM, it hung)" % result["child"]
    assert result["parent_ok"]


def test_a_fork_while_another_thread_makes_a_context():
    # Another thread inside tilerun.compile holds the context table's lock
    # when the main thread forks; the child's copy of the lock would stay
    # held forever, and its first compile of a new context would hang.
    code = """
    import json, os, signal, sys, threading
    import numpy as np, tilerun
    from tilerun import _kernel
    held, release = threading.Event(), threading.Event()
    def holder():
        with _kernel._contexts_lock:
            held.set()
            release.wait()
    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    pid = os.fork()
    if pid == 0:
        signal.alarm(30)
        k = tilerun.compile(sys.argv[1], cache_dir="", threads=3)
        out = np.zeros(1, np.int32)
        k[1](out)
        os._exit(0 if out[0] == 7 else 3)
    release.set()
    t.join()
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"child": os.waitstatus_to_exitcode(status)}))
    """
    result = child_result(run_child(code, timeout=90, args=(STORE_SEVEN,)))
    assert result["child"] == 0, "the child exited with %d (-14: SIGALRM, it hung)" % result["child"]
