// Calls the AOT-compiled vec_add kernel as a C++ function on a pool of
// threads, and checks the result.
#include "vec_add.h"

#include <cstdio>
#include <vector>

int main() {
  const int n = 100000;
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 1.0f / (i + 1);
  }
  tilerun_pool_t *pool = tilerun_pool_create(0);
  if (!pool) {
    std::fprintf(stderr, "cannot start the thread pool\n");
    return 1;
  }
  int32_t status = vec_add(pool, x.data(), y.data(), out.data(), n);
  tilerun_pool_destroy(pool);
  if (status != TILERUN_RT_OK) {
    std::fprintf(stderr, "vec_add failed: %s\n", tilerun_rt_last_error());
    return 1;
  }
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != x[i] + y[i];
  std::printf("vec_add (AOT): %d elements, %d wrong\n", n, wrong);
  return wrong != 0;
}
