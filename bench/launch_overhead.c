/* Launch overhead of an already-compiled kernel through the C API: one
   program of vec_add on 16 elements, timed over batches of launches.

   usage: tilerun-bench-launch KERNEL.ttir LAUNCHES_PER_BATCH BATCHES
   prints: c_api_launch_us=<median over batches of the mean per launch> */
#include "tilerun-c/tilerun.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s KERNEL.ttir LAUNCHES BATCHES\n", argv[0]);
    return 2;
  }
  int launches = atoi(argv[2]), batches = atoi(argv[3]);
  if (launches < 1 || batches < 1 || batches > 1000)
    return 2;
  tilerun_context_options_t options;
  tilerun_context_options_init(&options);
  options.threads = 1; /* one program: the launch itself is what is timed */
  tilerun_context_t *ctx;
  tilerun_kernel_t *k;
  if (tilerun_context_create(&options, &ctx) ||
      tilerun_kernel_compile_file(ctx, argv[1], NULL, &k)) {
    fprintf(stderr, "%s\n", tilerun_last_error());
    return 1;
  }
  float x[16], y[16], out[16];
  for (int i = 0; i < 16; ++i)
    x[i] = y[i] = (float)i;
  tilerun_arg_t args[4] = {
      tilerun_arg_buffer(x, sizeof x), tilerun_arg_buffer(y, sizeof y),
      tilerun_arg_buffer(out, sizeof out), tilerun_arg_i32(16)};
  double per[1000];
  for (int b = 0; b < batches; ++b) {
    double start = now_us();
    for (int i = 0; i < launches; ++i)
      if (tilerun_kernel_launch(k, 1, 1, 1, args, 4)) {
        fprintf(stderr, "%s\n", tilerun_last_error());
        return 1;
      }
    per[b] = (now_us() - start) / launches;
  }
  qsort(per, batches, sizeof per[0], compare);
  printf("c_api_launch_us=%.3f\n", per[batches / 2]);
  tilerun_kernel_destroy(k);
  tilerun_context_destroy(ctx);
  return out[15] == 30.0f ? 0 : 1;
}
