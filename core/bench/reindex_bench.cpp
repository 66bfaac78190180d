// Benchmarks of the index path (docs/performance.md has the figures and how to
// reproduce them). Homes are generated once into a temporary directory by the
// fixture generator, at the seed's size (634 files), 10x and 100x.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "memsim/fixture_home.h"
#include "memsim/fold.h"
#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"
#include "memsim/unsynced_fs.h"

namespace memsim {
namespace {

const Seconds kNow = *parse_now("2026-08-01T09:00:00Z");
constexpr int kSizes[] = {634, 6000, 60000};

std::vector<fixtures::GeneratedFile> corpus_of(int files) {
  fixtures::CorpusShape shape;
  shape.files = files;
  return fixtures::generate_corpus(1, shape, kNow);
}

// load + rank + build_index: what `memsim status` computes, no writes.
void load_rank_index(benchmark::State& state, const std::string& root) {
  PosixFileSystem fs;
  const Home home(root);
  const Policy policy;
  for (auto _ : state) {
    auto corpus = load_corpus(fs, home, policy);
    auto journal = read_journal(fs, home);
    Ranked r = rank_corpus(std::move(*corpus), journal->touches, kNow, policy);
    IndexOutput out = build_index(r.entries, kNow, policy);
    benchmark::DoNotOptimize(out.memory_md.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// The whole `memsim index` library call, steady state: nothing to write back and
// the derived files unchanged, so it reads, ranks, compares and releases the lock.
void full_reindex(benchmark::State& state, const std::string& root) {
  PosixFileSystem fs;
  const Home home(root);
  const FixedClock clock(kNow);
  for (auto _ : state) {
    auto rep = reindex(fs, home, clock, Policy{});
    if (!rep.ok()) state.SkipWithError(rep.message().c_str());
    benchmark::DoNotOptimize(rep);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// A shared home's index at `now`, steady state; with every_line, the fold
// checkpoint is removed before each run, so the fold reads every segment (and
// writes the checkpoint again), as after a pull that changed a closed month.
void shared_reindex(benchmark::State& state, const std::string& root, Seconds now, bool every_line) {
  PosixFileSystem fs;
  const Home home(root);
  const FixedClock clock(now);
  for (auto _ : state) {
    if (every_line) {
      state.PauseTiming();
      (void)fs.remove(home.checkpoint_path());
      state.ResumeTiming();
    }
    auto rep = reindex(fs, home, clock, Policy{});
    if (!rep.ok()) state.SkipWithError(rep.message().c_str());
    if (rep.ok() && rep->fold_checkpoint.has_value() == every_line) state.SkipWithError("checkpoint use not as meant");
    benchmark::DoNotOptimize(rep);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// build_index alone, from ranked entries.
void build_index_only(benchmark::State& state, const std::vector<Entry>& entries) {
  for (auto _ : state) {
    IndexOutput out = build_index(entries, kNow, Policy{});
    benchmark::DoNotOptimize(out.memory_md.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// 100,000 journal lines over the seed's corpus: parse, group by file, fold each.
void fold_journal(benchmark::State& state, const std::vector<fixtures::GeneratedFile>& files) {
  const std::string text = fixtures::generate_journal(2, files, 100000, kNow - 30 * kSecondsPerDay, kNow);
  const Policy policy;
  for (auto _ : state) {
    JournalRead j = parse_journal(text);
    auto by_file = touches_by_file(j.touches);
    std::int64_t total = 0;
    for (const auto& [name, times] : by_file) total += fold(PolicyValues{}, times, policy).access_count;
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * 100000);
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

}  // namespace
}  // namespace memsim

int main(int argc, char** argv) {
  using namespace memsim;
  benchmark::Initialize(&argc, argv);
  namespace stdfs = std::filesystem;
  std::string tmpl = (stdfs::temp_directory_path() / "memsim-bench-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) return 1;
  const std::string root = tmpl;

  fixtures::UnsyncedFileSystem fs;  // writing 60,000 synced files would take minutes
  std::map<int, std::vector<Entry>> entries;
  for (int n : kSizes) {
    const std::string dir = root + "/h" + std::to_string(n);
    const Home home(dir);
    const auto files = corpus_of(n);
    if (!fixtures::write_home_layout(fs, home).ok() || !fixtures::write_corpus(fs, home, files).ok()) return 1;
    const FixedClock clock(kNow);
    auto rep = reindex(fs, home, clock, Policy{});  // the first run writes the index
    if (!rep.ok()) return 1;
    entries[n] = rep->ranked.entries;
    const std::string tag = "/" + std::to_string(n);
    benchmark::RegisterBenchmark(("load_rank_index" + tag).c_str(), load_rank_index, dir)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("reindex_steady" + tag).c_str(), full_reindex, dir)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("build_index" + tag).c_str(), build_index_only, entries[n])
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
  }
  // A shared home (docs/sharing.md) of 6,000 files after a year of three
  // machines: 110,000 touches (300 a day) in three replicas' month segments,
  // indexed on the last day of a month: through the fold checkpoint, the fold
  // reads that month's 9,000 touches (the most it ever reads past one); without
  // it, every touch of the year.
  {
    const std::string dir = root + "/shared6000";
    const Home home(dir);
    const Seconds now = *parse_now("2026-08-31T09:00:00Z");
    const auto files = corpus_of(6000);
    if (!fixtures::write_home_layout(fs, home).ok() || !fixtures::write_corpus(fs, home, files).ok()) return 1;
    if (!fs.make_dir(home.shared_journal_dir()).ok() || !fs.write_file(home.baseline_path(), "").ok()) return 1;
    const char* replicas[] = {"0a0a0a0a0a0a", "1b1b1b1b1b1b", "2c2c2c2c2c2c"};
    for (int r = 0; r < 3; ++r) {
      const std::string text = fixtures::generate_journal(10 + r, files, 110000 / 3, now - 365 * kSecondsPerDay, now);
      const std::string replica_dir = join_path(home.shared_journal_dir(), replicas[r]);
      if (!fs.make_dir(replica_dir).ok()) return 1;
      for (std::size_t p = 0; p < text.size();) {
        const std::size_t nl = text.find('\n', p);
        const std::size_t end = nl == std::string::npos ? text.size() : nl + 1;
        if (!fs.append_file(join_path(replica_dir, text.substr(p, 7) + ".log"), text.substr(p, end - p)).ok()) return 1;
        p = end;
      }
    }
    const FixedClock clock(now);
    if (!reindex(fs, home, clock, Policy{}).ok()) return 1;
    benchmark::RegisterBenchmark("reindex_shared_year/6000", shared_reindex, dir, now, false)
        ->Arg(6000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("reindex_shared_year_every_line/6000", shared_reindex, dir, now, true)
        ->Arg(6000)
        ->Unit(benchmark::kMillisecond);
  }
  const auto seed_corpus = corpus_of(634);
  benchmark::RegisterBenchmark("fold_100k_journal_lines", fold_journal, seed_corpus)->Unit(benchmark::kMillisecond);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  stdfs::remove_all(root, ec);
  return 0;
}
