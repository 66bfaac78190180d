#include "memsim/cue_sources.h"

#include <algorithm>

#include "memsim/atoms.h"
#include "memsim/promote.h"
#include "memsim/search.h"

namespace memsim {

CueSource near_duplicate_cue() {
  return [](FileSystem&, const Home&, const Ranked& r, Seconds, std::vector<CueItem>& out) {
    std::vector<std::size_t> open;
    std::vector<std::string> summaries;
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
      if (r.entries[i].closed) continue;
      open.push_back(i);
      summaries.push_back(r.entries[i].summary);
    }
    const auto pairs = near_duplicates(summaries);
    for (std::size_t p = 0; p < pairs.size() && p < kMaxNearDuplicateItems; ++p) {
      const Entry& x = r.entries[open[pairs[p].first]];
      const Entry& y = r.entries[open[pairs[p].second]];
      std::string detail = "summaries nearly the same: merge them (supersede one), or keep both and sharpen one";
      if (p + 1 == kMaxNearDuplicateItems && pairs.size() > kMaxNearDuplicateItems)
        detail += " (" + std::to_string(pairs.size() - kMaxNearDuplicateItems) + " more pairs not listed)";
      out.push_back({"near-duplicate",
                     {"memory/" + std::min(x.filename, y.filename), "memory/" + std::max(x.filename, y.filename)},
                     detail});
    }
  };
}

CueSource promotion_cue(const GateRules& gates) {
  return [gates](FileSystem& fs, const Home& home, const Ranked&, Seconds now, std::vector<CueItem>& out) {
    auto plan = plan_promotions(fs, home, nullptr, gates, now);
    if (!plan.ok()) {
      out.push_back({"candidates-unreadable", {"candidates/"}, plan.message()});
      return;
    }
    for (const Proposal& p : *plan) {
      if (p.to != "L2" || (!p.moves && p.blocks.size() != 1)) continue;
      const std::string file = "candidates/" + slot_file_for(p.key);
      if (p.moves)
        out.push_back({"promotion-ready", {file}, p.id + " \"" + p.claim + "\" passes L1 -> L2: memsim promote --apply"});
      else
        out.push_back({"promotion-near", {file}, p.id + " \"" + p.claim + "\": " + p.blocks.front()});
    }
  };
}

}  // namespace memsim
