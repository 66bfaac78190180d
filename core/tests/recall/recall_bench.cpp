// Recall benchmarks on 10,000 memories: recall with a warm index as a whole
// process (the memsim binary, $MEMSIM_BIN) and in process, a full rebuild of the
// search index, and the user-prompt-submit text. Figures go in docs/recall.md.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "memsim/rng.h"
#include "memsim/search.h"
#include "memsim/testing/testing.h"

extern char** environ;

namespace memsim {
namespace {

constexpr int kMemories = 10000;
const char* kNow = "2026-07-30T00:00:00Z";

const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    Rng rng(7);
    for (int i = 0; i < 3000; ++i) {
      std::string s;
      const int len = static_cast<int>(rng.between(3, 9));
      for (int j = 0; j < len; ++j) s += static_cast<char>('a' + rng.below(26));
      w.push_back(s);
    }
    return w;
  }();
  return words;
}

std::string words(Rng& rng, int n) {
  // Zipf-like: low indices are common, as in real text.
  std::string out;
  for (int i = 0; i < n; ++i) {
    const double u = rng.unit();
    out += (i ? " " : "") + vocabulary()[static_cast<std::size_t>(u * u * u * 2999.0)];
  }
  return out;
}

// One home for the whole run, built once.
struct Fixture {
  testing::TempDir dir;
  Home home{dir.path()};
  std::vector<std::string> queries;
  Fixture() {
    std::filesystem::create_directories(home.memory_dir());
    Rng rng(42);
    for (int i = 0; i < kMemories; ++i) {
      std::string text = "---\nname: project_m" + std::to_string(i) + "\ntype: project\nsummary: " + words(rng, 10) +
                         "\ncreated: 2026-05-01\n---\n" + words(rng, 60) + "\n";
      testing::write(home.memory_path("project_m" + std::to_string(i) + ".md"), text);
    }
    for (int i = 0; i < 50; ++i) queries.push_back("What about the " + words(rng, 5) + "?");
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

int run_memsim(const std::vector<std::string>& args) {
  const char* bin = std::getenv("MEMSIM_BIN");
  std::vector<std::string> all = {bin ? bin : "memsim"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int status = -1;
  if (posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ) == 0) waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&fa);
  return status;
}

void BM_RecallWholeProcess(benchmark::State& state) {
  Fixture& f = fixture();
  FixedClock clock(*parse_now(kNow));
  (void)recall(*std::make_unique<PosixFileSystem>(), f.home, clock, Policy{}, "warm");  // warm the index
  std::size_t i = 0;
  for (auto _ : state) {
    const std::string& q = f.queries[i++ % f.queries.size()];
    if (run_memsim({"recall", q, "--json", "--home", f.home.root(), "--now", kNow}) != 0)
      state.SkipWithError("memsim recall failed");
  }
}

void BM_RecallInProcess(benchmark::State& state) {
  Fixture& f = fixture();
  PosixFileSystem fs;
  FixedClock clock(*parse_now(kNow));
  (void)recall(fs, f.home, clock, Policy{}, "warm");
  std::size_t i = 0;
  for (auto _ : state) {
    auto hits = recall(fs, f.home, clock, Policy{}, f.queries[i++ % f.queries.size()]);
    if (!hits.ok()) state.SkipWithError(hits.message().c_str());
    benchmark::DoNotOptimize(hits);
  }
}

void BM_FullRebuild(benchmark::State& state) {
  Fixture& f = fixture();
  PosixFileSystem fs;
  FixedClock clock(*parse_now(kNow));
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(f.home.search_db_path() + s);
    state.ResumeTiming();
    auto hits = recall(fs, f.home, clock, Policy{}, "rebuild");
    if (!hits.ok()) state.SkipWithError(hits.message().c_str());
  }
}

void BM_PromptContext(benchmark::State& state) {
  Fixture& f = fixture();
  PosixFileSystem fs;
  FixedClock clock(*parse_now(kNow));
  (void)recall(fs, f.home, clock, Policy{}, "warm");
  std::size_t i = 0;
  for (auto _ : state) {
    std::string out =
        prompt_context(fs, f.home, clock, Policy{}, "Please look at " + f.queries[i++ % f.queries.size()]);
    benchmark::DoNotOptimize(out);
  }
}

BENCHMARK(BM_RecallWholeProcess)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_RecallInProcess)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_PromptContext)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_FullRebuild)->Unit(benchmark::kMillisecond)->Iterations(3)->Repetitions(3)->ReportAggregatesOnly(true);

}  // namespace
}  // namespace memsim
