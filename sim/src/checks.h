// The invariants the simulator checks in a variant's home ("always"): after
// every event with --check, and after every tick. Each returns the problems
// found, as one line each; none means the invariant holds.
#pragma once

#include <string>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/reindex.h"
#include "memsim/sim/world.h"
#include "view.h"

namespace memsim::sim {

// One lock holder (nobody holds the home's lock between events), no torn file
// (no temporary left, MEMORY.md and the archive whole), nothing lost (every file
// the world wrote exists), and the MEMORY.md on disk is the one the view holds.
std::vector<std::string> check_home_state(FileSystem& fs, const Home& home, const World& world, const View& view);

// Every file of the world in exactly one band, bands within budget (pins aside),
// the total order, and (when the index was written) MEMORY.md whole: the index
// reindex built, and with `recompute` (--check) also equal to a pure
// recomputation from the ranked entries, which costs a second build.
std::vector<std::string> check_index(FileSystem& fs, const Home& home, const ReindexReport& rep, const Policy& policy,
                                     const World& world, Seconds now, bool written, bool recompute);

}  // namespace memsim::sim
