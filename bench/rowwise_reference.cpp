// What a C++ programmer gets for the benchmark's row-wise kernels: softmax
// and layernorm over the rows of an R x C float32 matrix, plain loops
// compiled with -O3 -march=native -ffast-math (so GCC vectorises the
// reductions and calls glibc's vector expf), rows spread over all cores with
// OpenMP. bench/run prints its bandwidth next to tilerun's as a reference
// for what the machine allows a read-compute-write row kernel; it is not a
// target. `copy` only moves each row, with non-temporal stores where the
// compiler offers them: the ceiling of a kernel that reads a row and writes a
// row, whatever it computes in between.
//
//   rowwise_reference softmax|layernorm|copy ROWS COLS REPS  ->  gbps_median=G
//   ms_median=M
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "page_policy.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

static void softmaxRow(const float *x, float *y, long n) {
  float m = -INFINITY;
  for (long i = 0; i < n; ++i)
    m = std::max(m, x[i]);
  float s = 0.0f;
  for (long i = 0; i < n; ++i) {
    y[i] = std::exp(x[i] - m);
    s += y[i];
  }
  for (long i = 0; i < n; ++i)
    y[i] /= s;
}

static void layernormRow(const float *x, float *y, const float *w,
                         const float *b, long n) {
  float sum = 0.0f;
  for (long i = 0; i < n; ++i)
    sum += x[i];
  float mean = sum / float(n);
  float var = 0.0f;
  for (long i = 0; i < n; ++i)
    var += (x[i] - mean) * (x[i] - mean);
  float rstd = 1.0f / std::sqrt(var / float(n) + 1e-5f);
  for (long i = 0; i < n; ++i)
    y[i] = (x[i] - mean) * rstd * w[i] + b[i];
}

/// One row copied with non-temporal stores (the widest the target has), so
/// that the output lines are not read first: what tilerun's row kernels do.
/// Both rows are 64-byte aligned when `n` is a multiple of 16.
static void copyRow(const float *x, float *y, long n) {
  long i = 0;
#if defined(__AVX512F__)
  if (n % 16 == 0)
    for (; i < n; i += 16)
      _mm512_stream_ps(y + i, _mm512_load_ps(x + i));
#elif defined(__AVX__)
  if (n % 8 == 0)
    for (; i < n; i += 8)
      _mm256_stream_ps(y + i, _mm256_load_ps(x + i));
#endif
  for (; i < n; ++i)
    y[i] = x[i];
}

int main(int argc, char **argv) {
  if (argc != 5 || (std::strcmp(argv[1], "softmax") != 0 &&
                    std::strcmp(argv[1], "layernorm") != 0 &&
                    std::strcmp(argv[1], "copy") != 0)) {
    std::fprintf(
        stderr,
        "usage: rowwise_reference softmax|layernorm|copy ROWS COLS REPS\n");
    return 2;
  }
  bool softmax = std::strcmp(argv[1], "softmax") == 0;
  bool copy = std::strcmp(argv[1], "copy") == 0;
  long rows = std::atol(argv[2]), cols = std::atol(argv[3]);
  int reps = std::atoi(argv[4]);
  if (rows <= 0 || cols <= 0 || reps <= 0) {
    std::fprintf(stderr,
                 "rowwise_reference: sizes and REPS must be positive\n");
    return 2;
  }
  size_t bytes = ((size_t(rows * cols) * 4 + 63) / 64) * 64;
  float *x = static_cast<float *>(allocateLikeTilerun(bytes));
  float *y = static_cast<float *>(allocateLikeTilerun(bytes));
  std::vector<float> w(cols, 1.5f), b(cols, 0.25f);
#pragma omp parallel for schedule(static)
  for (long r = 0; r < rows; ++r)
    for (long i = 0; i < cols; ++i) {
      x[r * cols + i] = float((r * 131 + i * 7) % 1000) * 1e-3f - 0.5f;
      y[r * cols + i] = 0.0f;
    }
  std::vector<double> times;
  for (int rep = 0; rep < reps + 1; ++rep) {
    auto start = std::chrono::steady_clock::now();
#pragma omp parallel
    {
#pragma omp for schedule(static) nowait
      for (long r = 0; r < rows; ++r) {
        if (softmax)
          softmaxRow(x + r * cols, y + r * cols, cols);
        else if (copy)
          copyRow(x + r * cols, y + r * cols, cols);
        else
          layernormRow(x + r * cols, y + r * cols, w.data(), b.data(), cols);
      }
#if defined(__x86_64__)
      // Streaming stores are weakly ordered: each thread fences its own
      // before the pass counts as done (tilerun's runtime does the same).
      _mm_sfence();
#endif
    }
    double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (rep > 0) // the first pass is a warm-up
      times.push_back(t);
  }
  // Keep the results observable: a softmax row sums to one.
  double check = 0;
  for (long i = 0; i < cols; ++i)
    check += y[i];
  if (softmax && std::fabs(check - 1.0) > 1e-3) {
    std::fprintf(stderr, "rowwise_reference: wrong softmax (row sum %f)\n",
                 check);
    return 1;
  }
  if (copy && std::memcmp(x, y, size_t(rows * cols) * 4) != 0) {
    std::fprintf(stderr, "rowwise_reference: wrong copy\n");
    return 1;
  }
  std::sort(times.begin(), times.end());
  double median = times[times.size() / 2];
  double moved = 2.0 * 4.0 * double(rows) * double(cols);
  std::printf("gbps_median=%.3f ms_median=%.3f\n", moved / median / 1e9,
              median * 1e3);
  std::free(x);
  std::free(y);
  return 0;
}
