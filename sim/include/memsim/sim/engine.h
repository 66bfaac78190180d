// The discrete-event simulator: one seed, one thread, one (time, sequence) event
// heap, one virtual clock. The event stream (sessions, prompts, tool calls, needs,
// re-reads, teaching, contradictions, resolutions, secrets, the nightly tick and
// wake, a human's adopt pass) comes from the seed and the world alone and is
// identical for every variant; each variant with a home applies it to its own
// home (held in memory by sim_fs.h, written to a temporary directory with --keep)
// through the code the hooks and commands run (docs/simulator.md). batch.h runs
// many seeds; this is one.
//
//   auto sc = load_scenario("scenarios/month.yaml");
//   RunResult r = *run_scenario(*sc, {});
//   r.trace_hash  // the same seed gives the same hash on every machine
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "memsim/sim/environment.h"
#include "memsim/sim/scenario.h"
#include "memsim/sim/trace.h"

namespace memsim::sim {

// Needs by what kind of fact was needed; a fact at most 14 days old is a newborn
// whatever its class.
enum class NeedClass { kRule, kProject, kOneoff, kNewborn };
inline constexpr int kNeedClasses = 4;
std::string_view need_class_name(NeedClass c);

struct ClassMetrics {
  int needs = 0, met_index = 0, met_search = 0;
};

// One variant's figures for one simulated day (day 0 is the scenario's start).
struct DayMetrics {
  int sessions = 0;
  int needs = 0, met_index = 0, met_search = 0, missed = 0;
  int unwritten = 0;           // of the missed: the fact's file did not exist yet (an unresolved change)
  long long bytes_loaded = 0;  // summed over the day's sessions
  int stale_exposure = 0;      // rows of world-closed facts shown as current, summed over sessions
  int promotions_true = 0, promotions_false = 0;  // adoptions of standing rules / of anything else
  int secrets_committed = 0;                      // planted secrets found in committed-tier files (must be 0)
  int churn = 0;                                  // facts entering or leaving the loaded view at the tick
  int dropped = 0;                                // reinforcements issued but missing from the fold (cumulative)
  int violations = 0;
  int touches = 0;        // Read/Edit/Write of memory files issued
  int unreinforced = 0;   // of those, the ones the variant's fold did not count (the spacing gate)
  int deferred_live = 0;  // write-backs the live guard postponed at the tick
  int cue_items = 0;      // items the nightly tick left for the reflective wake
  // Snapshot at the tick.
  int files = 0, hot_bytes = 0, new_bytes = 0, cold_bytes = 0, archive_bytes = 0, loaded_rows = 0;
  double stability_p10 = 0, stability_p50 = 0, stability_p90 = 0;
};

struct VariantResult {
  std::string name;
  std::string loader;        // index, oracle, notes200
  std::string ranking;       // the policy's ranking (index loaders)
  std::string policy_lines;  // the variant's policy block: what a home adopts
  bool has_home = false;     // runs the production hooks, tick and adopt pass
  std::vector<DayMetrics> days;
  DayMetrics total;  // sums; snapshots and `dropped` are the last tick's
  std::array<ClassMetrics, kNeedClasses> classes{};
  std::string home;  // kept homes only
};

struct RunOptions {
  std::optional<std::uint64_t> seed;        // overrides the scenario's
  long long until = -1;                     // stop after this many events (replay)
  bool check = false;                       // invariants after every event
  bool keep = false;                        // leave the temporary homes in place
  std::string tmp_root;                     // default: $TMPDIR, else /dev/shm, else /tmp
  std::function<void(double)> progress;     // fraction done, called now and then
  const std::atomic<bool>* stop = nullptr;  // set (by a signal handler): stop at the next event
};

struct RunResult {
  std::uint64_t seed = 0;
  std::uint64_t trace_hash = 0;
  long long events = 0;
  double wall_seconds = 0;
  std::vector<VariantResult> variants;
  std::map<std::string, long long> sometimes;  // rare situations reached, by name
  std::optional<std::string> failure;          // the first invariant violation
  long long failure_event = -1;
  std::string run_dir;                               // kept runs only
  EnvironmentStats environment;                      // the world's own need stream (Anderson & Schooler)
  long long history_needs = 0, history_touches = 0;  // what the start corpus came from
  std::map<std::string, double> seconds;             // where the wall time went: history, setup, tick, ...
};

// Runs one seed. Errors are setup failures (the temporary directory, writing the
// corpus) and interruption (options.stop); a violated invariant is reported in
// RunResult::failure instead. The temporary homes are removed on every path.
Result<RunResult> run_scenario(const Scenario& sc, const RunOptions& options);

}  // namespace memsim::sim
