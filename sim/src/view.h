// What a variant shows the agent at session start, and how each loader builds
// it. For `index` variants it is exactly the MEMORY.md core last wrote (the
// IndexOutput of the reindex that wrote it: a tick the live guard held back wrote
// nothing, so yesterday's view stands). The yardsticks build theirs with core's
// build_index from the world: the oracle by true need intensity, the notes file
// in birth order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "memsim/index.h"
#include "memsim/policy.h"
#include "memsim/sim/world.h"

namespace memsim::sim {

struct View {
  std::vector<signed char> row;  // per fact: 0 absent, 1 a full row, 2 a row cut to the New cap
  std::vector<int> facts;        // facts in view
  long long bytes = 0;           // what the harness loads
  int hot = 0, fresh = 0, cold = 0, archive = 0;
  std::uint64_t hash = 0;  // of the loaded text
  std::string text;        // the loaded text, kept only under --check

  bool has(int fact) const {
    return fact >= 0 && static_cast<std::size_t>(fact) < row.size() && row[static_cast<std::size_t>(fact)] != 0;
  }
  bool cut(int fact) const { return has(fact) && row[static_cast<std::size_t>(fact)] == 2; }
  void add(int fact, bool is_cut);
};

using ViewPtr = std::shared_ptr<const View>;

// The view of an index core built (Hot, New and Cold are loaded).
View index_view(const IndexOutput& ix, const World& world, bool keep_text);

// The oracle's index at now: every written fact, scored by its true intensity.
IndexOutput oracle_index(const World& world, Seconds now, const Policy& policy);

// The first 200 lines of a notes file with one row per written memory, in birth order.
View notes_view(const World& world, bool keep_text);

}  // namespace memsim::sim
