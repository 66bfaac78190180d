// Where the verdict flips: one world knob varied at a time over its values, the
// rest of the scenario held, every variant run over the same seeds at each value
// (`sweep:` in a scenario, or `memsim sweep SCENARIO --knob K --values a,b,c`).
// Each point is a whole batch (batch.h), so each carries its intervals.
//
// The knobs (their meaning is the scenario key's, docs/simulator.md):
//   corpus.history_days        how much history the start corpus carries
//   workload.project_revival   chance a new project reopens an old one
//   model.decay_scale          burstiness: how fast massed needs fade (Pavlik & Anderson's c)
//   model.baseline             how much needs depend on history at all (higher: less; every class)
//   workload.sessions_per_day  sessions a day (the range becomes [v, v])
//   days                       run length
//   workload.teaching_per_day, workload.reread, model.rate_spread, model.dormant
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "memsim/sim/batch.h"
#include "memsim/sim/scenario.h"
#include "memsim/sim/summary.h"

namespace memsim::sim {

bool is_sweep_knob(const std::string& knob);
std::string sweep_knob_names();  // "corpus.history_days, ..." for messages
// Sets the knob in sc; an out-of-range value is an error naming the knob.
Status apply_knob(Scenario& sc, const std::string& knob, double value);

struct SweepPoint {
  double value = 0;
  Summary summary;
};

struct SweepAxisResult {
  std::string knob;
  std::vector<SweepPoint> points;
};

struct SweepResult {
  std::string scenario;
  int seeds = 0;
  std::vector<std::string> variants;
  std::vector<SweepAxisResult> axes;
  double wall_seconds = 0;
};

// Runs every axis of sc.sweep (seeds: sc.sweep.seeds, else sc.seeds, else
// options.seeds when set). `progress` gets (points done, points in all).
Result<SweepResult> run_sweep(const Scenario& sc, const BatchOptions& options,
                              const std::function<void(int, int)>& progress = {});

// sweep.md, sweep.html (a chart per knob, and a strip of who wins where) and
// sweep.json in dir. At each value the winner is the adoptable variant with the
// highest mean; it "wins" only if it is detectably ahead of the baseline,
// otherwise the point reads "no detectable difference".
Status write_sweep_reports(const Scenario& sc, const SweepResult& r, const std::string& dir);
std::string sweep_markdown(const Scenario& sc, const SweepResult& r);

}  // namespace memsim::sim
