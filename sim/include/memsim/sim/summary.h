// What a batch says, figure by figure: each variant's figures over the seeds
// (mean and 95% interval), as a share of the oracle (the ceiling), and its paired
// difference from the baseline; per class of need; the workload's properties
// (the same whatever the ranking); and the verdict sentence the report opens with.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "memsim/sim/batch.h"
#include "memsim/sim/environment.h"
#include "memsim/sim/stats.h"

namespace memsim::sim {

struct VariantSummary {
  std::string name, loader, ranking, policy_lines;
  bool has_home = false;
  bool yardstick = false;                                              // oracle or notes200: not adoptable
  std::vector<double> met_index_seeds;                                 // percent of needs, per seed
  Interval met_index, met_search, missed, unwritten;                   // percent of needs
  Interval bytes_per_session, stale_per_session, churn, unreinforced;  // unreinforced: percent of touches
  Interval of_oracle;                                                  // met_index / the oracle's, percent, per seed
  Paired vs_baseline;                                                  // met_index, percentage points
  std::array<Interval, kNeedClasses> class_met{};  // percent of that class's needs met from the index
  std::array<Interval, kNeedClasses> class_of_oracle{};
  std::array<Interval, kNeedClasses> class_needs{};  // needs of each class per seed
  Interval needs;                                    // needs per seed
  long long violations = 0, dropped = 0, secrets_committed = 0;
};

struct Summary {
  std::string scenario;
  std::vector<std::uint64_t> seeds;
  int days = 0;
  std::vector<VariantSummary> variants;
  int baseline = 0;
  int oracle = -1;                             // -1 when the scenario has none
  int best = 0;                                // the adoptable variant with the highest mean met_index
  std::string verdict;                         // one paragraph, markdown
  EnvironmentStats environment;                // pooled over seeds
  Interval promotions_true, promotions_false;  // the baseline's: a property of the workload
  Interval history_needs, history_touches;
  std::vector<std::string> failures;  // one per seed that violated an invariant
  std::uint64_t trace_hash = 0;
  std::vector<std::uint64_t> seed_hashes;
  long long events = 0;  // summed over seeds
  double wall_seconds = 0;
  int jobs = 1;
  std::vector<std::pair<std::string, double>> seconds;  // CPU-side wall time per phase, summed over seeds
};

Summary summarize(const Scenario& sc, const BatchResult& batch);

// "no detectable difference", or "detectable" with the direction, for a paired difference.
std::string difference_words(const Paired& p, const std::string& unit);

}  // namespace memsim::sim
