/*===- tilerun-c/runtime.h - What ahead-of-time kernels run on ---*- C -*-===*\
|*                                                                            *|
|* `tilerun compile` turns a kernel into an object file and a header whose    *|
|* function runs the kernel's grid on a tilerun_pool_t. This is the small     *|
|* runtime that function needs (libtilerun_rt: a thread pool and error        *|
|* reporting, no LLVM or MLIR). C99.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILERUN_C_RUNTIME_H
#define TILERUN_C_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Status of an ahead-of-time kernel call. */
typedef enum tilerun_rt_status {
  TILERUN_RT_OK = 0,
  /** A grid extent below 1 or above 2^31 - 1. */
  TILERUN_RT_ERROR_GRID = 1,
  /** A program failed (a tl.device_assert, an mbarrier deadlock). */
  TILERUN_RT_ERROR_PROGRAM = 2,
  /** Threads could not be started. */
  TILERUN_RT_ERROR_RESOURCES = 3,
  /** The kernel multiplies on AMX tiles, and the process has no AMX tile
      state (Linux refused it, or the CPU has no AMX). */
  TILERUN_RT_ERROR_AMX = 4
} tilerun_rt_status_t;

/** Worker threads that run programs. A pool may run launches from several
    threads at once. */
typedef struct tilerun_pool tilerun_pool_t;

/** A pool of `threads` workers, the calling thread included (0: one per
    core). NULL if its threads cannot be started. */
tilerun_pool_t *tilerun_pool_create(uint32_t threads);

/** Waits for the pool's launches to end, then stops its threads. NULL is
    ignored; the default pool cannot be destroyed. */
void tilerun_pool_destroy(tilerun_pool_t *pool);

/** The pool used when a kernel function is given NULL: one worker per core,
    created on first use and kept for the process's life. */
tilerun_pool_t *tilerun_pool_default(void);

/** Runs one program: `args` is the kernel function's argument block, `grid`
    holds num_programs x, y, z then program_id x, y, z. */
typedef void (*tilerun_program_fn)(const void *args, const int32_t grid[6]);

/** Runs every program of the gx * gy * gz grid on `pool` (NULL: the default
    pool), consecutive program ids per worker, and returns when all are
    done. `stack_bytes` is the stack one program needs; launches that need
    more than the pool's threads have run on threads made for them. The
    kernel functions `tilerun compile` writes call this; `kernel` names the
    kernel in error messages. */
tilerun_rt_status_t tilerun_rt_launch(tilerun_pool_t *pool, const char *kernel,
                                      tilerun_program_fn program,
                                      const void *args, int64_t gx, int64_t gy,
                                      int64_t gz, uint64_t stack_bytes);

/** Asks Linux, once per process, for the AMX tile state that kernels
    compiled with AMX tiles need; the kernel functions of those kernels call
    it before their launch. TILERUN_RT_OK when granted; otherwise
    TILERUN_RT_ERROR_AMX, with tilerun_rt_last_error() naming `kernel`. */
tilerun_rt_status_t tilerun_rt_require_amx(const char *kernel);

/** The message of this thread's last failed launch ("" if none). */
const char *tilerun_rt_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* TILERUN_C_RUNTIME_H */
