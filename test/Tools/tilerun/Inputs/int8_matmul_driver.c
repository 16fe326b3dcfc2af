/* Runs the AOT-compiled int8 matmul `mm` (bench/kernels/matmul_1024_int8,
   64x64x32 blocks) at 192^3 on bytes over the whole int8 range and compares
   every element with a plain C matmul: the i32 sums must be exact. */
#include "mm.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  enum { n = 192 };
  static int8_t a[n * n], b[n * n];
  static int32_t c[n * n], want[n * n];
  unsigned s = 1;
  for (int i = 0; i < n * n; ++i) {
    s = s * 1103515245u + 12345u;
    a[i] = (int8_t)(s >> 16);
    s = s * 1103515245u + 12345u;
    b[i] = (int8_t)(s >> 16);
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      int32_t sum = 0;
      for (int k = 0; k < n; ++k)
        sum += a[i * n + k] * b[k * n + j];
      want[i * n + j] = sum;
    }
  int32_t rc = mm(NULL, 9, 1, 1, a, b, c, n, n, n, n, n, n);
  int wrong = 0;
  for (int i = 0; i < n * n; ++i)
    wrong += c[i] != want[i];
  printf("status %d, %d of %d elements wrong\n", rc, wrong, n * n);
  return wrong != 0;
}
