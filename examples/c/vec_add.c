/* The C API used directly from C: compile a Triton kernel's TTIR, launch it
   over a grid on numpy-free buffers, check the result.

   usage: vec_add KERNEL.ttir        (examples/vec_add/vec_add.ttir) */
#include "tilerun-c/tilerun.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 5000
#define BLOCK 1024 /* the kernel's tl.constexpr block size */

static int check(tilerun_status_t status, const char *what) {
  if (status == TILERUN_OK)
    return 0;
  fprintf(stderr, "%s failed (%d): %s\n", what, (int)status,
          tilerun_last_error());
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNEL.ttir\n", argv[0]);
    return 2;
  }
  static float x[N], y[N], out[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i * 0.5f;
    y[i] = 1.0f / (float)(i + 1);
    out[i] = -1.0f;
  }

  tilerun_context_t *ctx = NULL;
  tilerun_kernel_t *kernel = NULL;
  if (check(tilerun_context_create(NULL, &ctx), "tilerun_context_create") ||
      check(tilerun_kernel_compile_file(ctx, argv[1], NULL, &kernel),
            "tilerun_kernel_compile_file"))
    return 1;

  /* The kernel's parameters, as the IR names them. */
  for (size_t i = 0; i < tilerun_kernel_num_params(kernel); ++i) {
    tilerun_param_info_t info;
    if (check(tilerun_kernel_param(kernel, i, &info), "tilerun_kernel_param"))
      return 1;
    printf("param %zu: %s (%s %s)\n", i, info.name,
           info.kind == TILERUN_PARAM_SCALAR ? "scalar" : "buffer of",
           info.type_name);
  }

  tilerun_arg_t args[4] = {
      tilerun_arg_buffer(x, sizeof x), tilerun_arg_buffer(y, sizeof y),
      tilerun_arg_buffer(out, sizeof out), tilerun_arg_i32(N)};
  uint32_t grid = (N + BLOCK - 1) / BLOCK;
  if (check(tilerun_kernel_launch(kernel, grid, 1, 1, args, 4),
            "tilerun_kernel_launch"))
    return 1;

  double maxError = 0;
  for (int i = 0; i < N; ++i)
    maxError = fmax(maxError, fabs((double)out[i] - (double)(x[i] + y[i])));
  printf("%s: %d elements, max error %g\n", tilerun_kernel_name(kernel), N,
         maxError);
  tilerun_kernel_destroy(kernel);
  tilerun_context_destroy(ctx);
  return maxError == 0 ? 0 : 1;
}
