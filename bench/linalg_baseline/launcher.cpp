// Host side of the plain mlir-opt baseline (bench/linalg_baseline/
// plain_lowering.py): allocates the kernel's buffers, launches the grid
// through `launch_grid` (generated per kernel by plain_lowering.py, the same
// serial x/y/z loop that triton-shared's CPU launcher runs), and times whole
// launches the way `tilerun run --bench N` does: one warm-up launch, then the
// median of N.
//
//   launcher --grid X[,Y[,Z]] [--reps N]
//            --buf f32:COUNT | --buf @FILE   (one per buffer argument, in
//            order)
//            --i32 VALUE                      (one per i32 argument, in order)
//            [--save I=FILE]                  (raw bytes of buffer I after the
//            last launch)
//   -> median_ms=M min_ms=m                   (with --reps N > 0)
//
// `f32:COUNT` fills the buffer with pseudo-random floats in [-1, 1) (never
// denormals or NaNs, which would change the baseline's speed); `@FILE` reads
// raw bytes, as numpy's tofile writes them.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../page_policy.h"

extern "C" int launcher_num_buffers();
extern "C" int launcher_num_i32();
extern "C" void launch_grid(void *const *buffers, const int32_t *scalars,
                            int gridX, int gridY, int gridZ);

namespace {

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "launcher: %s\n", msg.c_str());
  std::exit(2);
}

struct Buffer {
  void *data = nullptr;
  size_t bytes = 0;
};

Buffer allocate(size_t bytes) {
  Buffer b;
  b.bytes = bytes;
  // Aligned and paged like the buffers tilerun passes its kernels.
  b.data = allocateLikeTilerun(std::max<size_t>(64, bytes));
  if (!b.data)
    die("out of memory");
  return b;
}

Buffer fromSpec(const std::string &spec) {
  if (spec.rfind("f32:", 0) == 0) {
    size_t n = std::strtoull(spec.c_str() + 4, nullptr, 10);
    Buffer b = allocate(n * sizeof(float));
    float *f = static_cast<float *>(b.data);
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < n; ++i) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      f[i] = float(int32_t(s >> 32)) * (1.0f / 2147483648.0f);
    }
    return b;
  }
  if (spec.rfind("@", 0) == 0) {
    FILE *f = std::fopen(spec.c_str() + 1, "rb");
    if (!f)
      die("cannot open " + spec.substr(1));
    std::fseek(f, 0, SEEK_END);
    long size = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    Buffer b = allocate(size_t(size));
    if (size > 0 && std::fread(b.data, 1, size_t(size), f) != size_t(size))
      die("short read from " + spec.substr(1));
    std::fclose(f);
    return b;
  }
  die("bad --buf " + spec + " (f32:COUNT or @FILE)");
}

} // namespace

int main(int argc, char **argv) {
  int grid[3] = {1, 1, 1};
  int reps = 0;
  std::vector<Buffer> buffers;
  std::vector<int32_t> scalars;
  std::vector<std::pair<int, std::string>> saves;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc)
      die("missing value after " + a);
    std::string v = argv[++i];
    if (a == "--grid") {
      if (std::sscanf(v.c_str(), "%d,%d,%d", &grid[0], &grid[1], &grid[2]) < 1)
        die("bad --grid " + v);
    } else if (a == "--reps") {
      reps = std::atoi(v.c_str());
    } else if (a == "--buf") {
      buffers.push_back(fromSpec(v));
    } else if (a == "--i32") {
      scalars.push_back(int32_t(std::strtol(v.c_str(), nullptr, 10)));
    } else if (a == "--save") {
      size_t eq = v.find('=');
      if (eq == std::string::npos)
        die("bad --save " + v + " (I=FILE)");
      saves.emplace_back(std::atoi(v.substr(0, eq).c_str()), v.substr(eq + 1));
    } else {
      die("unknown option " + a);
    }
  }
  if (int(buffers.size()) != launcher_num_buffers() ||
      int(scalars.size()) != launcher_num_i32())
    die("the kernel takes " + std::to_string(launcher_num_buffers()) +
        " buffers and " + std::to_string(launcher_num_i32()) + " i32");

  std::vector<void *> ptrs;
  for (const Buffer &b : buffers)
    ptrs.push_back(b.data);
  auto launch = [&] {
    launch_grid(ptrs.data(), scalars.data(), grid[0], grid[1], grid[2]);
  };

  launch(); // warm-up (or the only launch with --reps 0)
  if (reps > 0) {
    std::vector<double> ms;
    for (int r = 0; r < reps; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      launch();
      ms.push_back(std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - t0)
                       .count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("median_ms=%.3f min_ms=%.3f\n", ms[ms.size() / 2], ms[0]);
  }
  for (auto &[idx, path] : saves) {
    if (idx < 0 || idx >= int(buffers.size()))
      die("--save: no buffer " + std::to_string(idx));
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(buffers[idx].data, 1, buffers[idx].bytes, f) !=
                  buffers[idx].bytes)
      die("cannot write " + path);
    std::fclose(f);
  }
  return 0;
}
