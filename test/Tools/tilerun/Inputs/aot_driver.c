/* Runs the AOT-compiled `sum_checked` (reduce_assert.mlir) on rows that
   keep its combine assertion and on rows that break it, on a pool of its
   own and on the default pool. */
#include "sum_checked.h"

#include <stdio.h>

int main(void) {
  static float x[128], out[2];
  for (int i = 0; i < 128; ++i)
    x[i] = 1.0f;
  tilerun_pool_t *pool = tilerun_pool_create(2);
  int32_t rc = sum_checked(pool, x, out);
  printf("small: status %d, sums %g %g\n", rc, out[0], out[1]);
  for (int i = 0; i < 128; ++i)
    x[i] = 2.0f;
  rc = sum_checked(NULL, x, out);
  printf("big: status %d: %s\n", rc, tilerun_rt_last_error());
  tilerun_pool_destroy(pool);
  return 0;
}
