// A run over many seeds: the figures a person can decide on. Seeds s, s+1, ...,
// s+n-1 (s the scenario's `seed`, n its `seeds` or --seeds), each a whole
// independent run_scenario(), spread over `jobs` threads (default: the cores).
// Each seed's run is single-threaded and deterministic, so the batch's figures
// do not depend on how many threads ran it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "memsim/sim/engine.h"
#include "memsim/sim/scenario.h"

namespace memsim::sim {

struct BatchOptions {
  int seeds = 0;                            // 0: the scenario's
  std::optional<std::uint64_t> first_seed;  // overrides the scenario's seed
  int jobs = 0;                             // 0: std::thread::hardware_concurrency()
  bool check = false;
  bool keep = false;
  std::string tmp_root;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(int done, int total)> progress;  // seeds finished, from the calling thread
};

struct BatchResult {
  std::vector<RunResult> runs;   // in seed order
  std::uint64_t trace_hash = 0;  // of every seed's hash, in seed order
  double wall_seconds = 0;
  int jobs = 1;
};

// Fails on the first seed whose setup fails, or when stopped; an invariant
// violation is reported in that seed's RunResult::failure.
Result<BatchResult> run_batch(const Scenario& sc, const BatchOptions& options);

// The seeds the batch covers.
std::vector<std::uint64_t> batch_seeds(const Scenario& sc, const BatchOptions& options);

}  // namespace memsim::sim
