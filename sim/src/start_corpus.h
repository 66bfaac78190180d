// An honest start: the home on the first simulated day is what the world's own
// history left in it. The need process and the workload run forward over the
// corpus's age (corpus.history_days), facts are born as they are taught (a Write),
// needs come as they would in the run, and a need the agent found (corpus.found)
// is a Read, re-read minutes later as in the run. Those touches are the journal
// the production fold turns into each file's policy fields when a variant's home
// is first indexed, so no history is invented and each ranking folds it its own way.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/rng.h"
#include "memsim/sim/world.h"
#include "workload.h"

namespace memsim::sim {

struct StartFile {
  std::string name, text;
  Seconds mtime = 0;
};

struct StartCorpus {
  std::vector<StartFile> files;  // sorted by name
  std::string journal;           // every touch of the history, in time order
  std::string journal_tail;      // the touches of its last 30 days (what a compacted journal keeps)
  long long needs = 0, touches = 0;
};

// Runs the history in `world` (which then holds every fact with its past needs).
StartCorpus run_history(const Scenario& sc, World& world, Workload& workload, Rng rng, int& next_session);

// The filename and text of a fact taught during the run (confidence stated).
StartFile taught_file(World& world, int fact, int serial, Rng& rng);

}  // namespace memsim::sim
