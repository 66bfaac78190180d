// The discrete-event simulator (issue 7). One thread, one (time, sequence) event
// heap, one virtual clock, one root seed. The event stream (sessions, prompts,
// tool calls, needs, teaching, contradictions, resolutions, secrets, the nightly
// tick and wake, a human's adopt pass) is generated from the seed alone and is
// identical for every variant; each variant applies it to its own real home in a
// temporary directory through the code the hooks and commands run, and differs
// only in its policy and in what it loads at session start (see docs/simulator.md).
//
//   auto sc = load_scenario("scenarios/month.yaml");
//   RunResult r = run_scenario(*sc, {});
//   r.trace_hash  // the same seed gives the same hash on every compiler
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "memsim/sim/scenario.h"

namespace memsim::sim {

// One variant's figures for one simulated day (day 0 is the scenario's start).
struct DayMetrics {
  int sessions = 0;
  int needs = 0, met_index = 0, met_search = 0, missed = 0;
  long long bytes_loaded = 0;    // summed over the day's sessions
  int stale_exposure = 0;        // rows of world-closed facts shown as current, summed over sessions
  int promotions_true = 0, promotions_false = 0;  // adoptions of standing rules / of anything else
  int secrets_committed = 0;     // planted secrets found in committed-tier files (must be 0)
  int churn = 0;                 // facts entering or leaving the loaded view at the tick
  int dropped = 0;               // reinforcements issued but missing from the fold (cumulative)
  int violations = 0;
  int touches = 0;               // Read/Edit/Write of memory files issued
  int deferred_live = 0;         // write-backs the live guard postponed at the tick
  int cue_items = 0;             // items the nightly tick left for the reflective wake
  // Snapshot at the tick.
  int files = 0, hot_bytes = 0, new_bytes = 0, cold_bytes = 0, archive_bytes = 0, loaded_rows = 0;
  double stability_p10 = 0, stability_p50 = 0, stability_p90 = 0;
};

struct VariantResult {
  std::string name;
  std::string loader;
  bool production_loader = false;  // the view is the real MEMORY.md written by core
  std::vector<DayMetrics> days;
  DayMetrics total;                // sums; snapshots and `dropped` are the last day's
  std::string home;                // kept homes only
};

struct RunOptions {
  std::optional<std::uint64_t> seed;  // overrides the scenario's
  long long until = -1;               // stop after this many events (replay)
  bool check = false;                 // invariants after every event
  bool keep = false;                  // leave the temporary homes in place
  std::string tmp_root;               // default: $TMPDIR, else /dev/shm, else /tmp
  std::function<void(double)> progress;  // fraction done, called now and then
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
  std::string run_dir;                          // kept runs only
  std::vector<std::string> notes;               // what is modelled rather than run
};

// Runs the scenario. Errors are setup failures (the temporary directory, writing
// the corpus); a violated invariant is reported in RunResult::failure instead.
Result<RunResult> run_scenario(const Scenario& sc, const RunOptions& options);

// "%016x" of a trace hash.
std::string hex_hash(std::uint64_t h);

}  // namespace memsim::sim
