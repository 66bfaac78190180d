#include "memsim/cue_sources.h"

#include <algorithm>

#include "memsim/atoms.h"
#include "memsim/promote.h"

namespace memsim {

void add_near_duplicate_items(const std::vector<Finding>& findings, std::vector<CueItem>& out) {
  std::vector<const Finding*> pairs;  // each pair is found twice, once from each side
  for (const Finding& f : findings)
    if (f.code == "near-duplicate" && f.file < f.other) pairs.push_back(&f);
  for (std::size_t p = 0; p < pairs.size() && p < kMaxNearDuplicateItems; ++p) {
    std::string detail = "summaries nearly the same: merge them (supersede one), or keep both and sharpen one";
    if (p + 1 == kMaxNearDuplicateItems && pairs.size() > kMaxNearDuplicateItems)
      detail += " (" + std::to_string(pairs.size() - kMaxNearDuplicateItems) + " more pairs not listed)";
    out.push_back({"near-duplicate", {pairs[p]->file, pairs[p]->other}, detail});
  }
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
