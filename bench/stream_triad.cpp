// STREAM-style triad, a[i] = b[i] + s * c[i], on all cores (OpenMP): the
// machine's sustainable copy bandwidth that the memory-bound kernels are
// measured against. Counts 3 x 4 bytes per element (two reads, one write), the
// same accounting as the benchmark kernels' "bytes that must move". Its
// arrays are allocated like tilerun's buffers (page_policy.h), on huge pages
// where the kernel grants them.
//
//   stream_triad N REPS   ->   triad_gbps_median=G triad_gbps_best=B
//
// Built by bench/run with -O3 -march=native -fopenmp.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "page_policy.h"

#include <omp.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : (1L << 25);
  int reps = argc > 2 ? std::atoi(argv[2]) : 10;
  float *a = static_cast<float *>(allocateLikeTilerun(n * 4));
  float *b = static_cast<float *>(allocateLikeTilerun(n * 4));
  float *c = static_cast<float *>(allocateLikeTilerun(n * 4));
  // First touch by the thread that will use each page.
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0f;
    b[i] = 1.0f;
    c[i] = 2.0f;
  }
  const float s = 3.0f;
  std::vector<double> times;
  for (int r = 0; r < reps + 1; ++r) {
    auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + s * c[i];
    double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (r > 0) // the first pass is a warm-up
      times.push_back(t);
  }
  // Keep the stores observable.
  if (a[n / 2] != 7.0f) {
    std::fprintf(stderr, "stream_triad: wrong result\n");
    return 1;
  }
  std::sort(times.begin(), times.end());
  double median = times[times.size() / 2];
  double bytes = 3.0 * 4.0 * double(n);
  std::printf("threads=%d n=%ld\n", omp_get_max_threads(), n);
  std::printf("triad_gbps_median=%.3f triad_gbps_best=%.3f\n",
              bytes / median / 1e9, bytes / times.front() / 1e9);
  std::free(a);
  std::free(b);
  std::free(c);
  return 0;
}
