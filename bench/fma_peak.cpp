// The machine's f32 FMA peak: every core (OpenMP) runs independent chains
// of fused multiply-adds on the widest vectors the compiler targets
// (-march=native: 16 floats with AVX-512, 8 with AVX2), enough of them side
// by side to hide the FMA latency. The f32 matmul target is a fraction of
// this number, measured in the same run.
//
//   fma_peak REPS   ->   fma_gflops_median=G fma_gflops_best=B lanes=L
//
// Built by bench/run with -O3 -march=native -fopenmp.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <omp.h>

#if defined(__AVX512F__)
constexpr int kLanes = 16;
#else
constexpr int kLanes = 8;
#endif
typedef float Vec __attribute__((vector_size(kLanes * sizeof(float))));

// Independent accumulators per thread: latency (4 cycles) times FMA ports
// (2), with room to spare, and still within 16 vector registers.
constexpr int kChains = 12;
constexpr long kIterations = 20'000'000;

static float fmaChains(float seed) {
  Vec acc[kChains];
  Vec mul, add;
  for (int l = 0; l < kLanes; ++l) {
    mul[l] = 0.999999f;
    add[l] = 1e-7f * seed;
  }
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < kLanes; ++l)
      acc[c][l] = seed + c + l;
  for (long i = 0; i < kIterations; ++i) {
    for (int c = 0; c < kChains; ++c)
      acc[c] = acc[c] * mul + add;
    // Keeps the compiler from folding iterations together, and keeps both
    // operands in registers ("v": any vector register, 32 with AVX-512):
    // with `mul` alone pinned to the 16 legacy ones, GCC 12 at
    // -march=sapphirerapids read `add` from the stack in every FMA.
    asm volatile("" : "+v"(mul), "+v"(add));
  }
  float sum = 0;
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < kLanes; ++l)
      sum += acc[c][l];
  return sum;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? std::atoi(argv[1]) : 5;
  int threads = omp_get_max_threads();
  std::vector<double> rates;
  float sink = 0;
  for (int r = 0; r < reps + 1; ++r) {
    auto start = std::chrono::steady_clock::now();
#pragma omp parallel reduction(+ : sink)
    sink += fmaChains(static_cast<float>(omp_get_thread_num() + r));
    double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    double flops = 2.0 * kLanes * kChains * double(kIterations) * threads;
    if (r > 0) // the first pass is a warm-up
      rates.push_back(flops / t / 1e9);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("fma_gflops_median=%.1f fma_gflops_best=%.1f lanes=%d "
              "threads=%d (sink %g)\n",
              rates[rates.size() / 2], rates.back(), kLanes, threads, sink);
  return 0;
}
