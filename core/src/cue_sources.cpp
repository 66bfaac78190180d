#include "memsim/cue_sources.h"

#include <algorithm>
#include <map>

#include "memsim/atoms.h"
#include "memsim/promote.h"
#include "memsim/render.h"

namespace memsim {

void add_near_duplicate_items(const std::vector<Finding>& findings, std::vector<CueItem>& out) {
  // A group's members all name its first member as `other`, and the first member
  // names the second: so a group is keyed by the smaller of the two.
  std::map<std::string, std::vector<std::string>> groups;
  for (const Finding& f : findings)
    if (f.code == "near-duplicate") groups[std::min(f.file, f.other)].push_back(f.file);
  std::size_t listed = 0;
  for (auto& [first, members] : groups) {
    if (listed == kMaxNearDuplicateItems) break;
    std::sort(members.begin(), members.end());
    std::string detail = "summaries nearly the same: merge them (supersede all but one), or keep them and sharpen each";
    if (members.size() > kMaxNearDuplicateFiles) {
      detail += " (" + std::to_string(members.size() - kMaxNearDuplicateFiles) + " more files in this group)";
      members.resize(kMaxNearDuplicateFiles);
    }
    if (++listed == kMaxNearDuplicateItems && groups.size() > kMaxNearDuplicateItems)
      detail += " (" + std::to_string(groups.size() - kMaxNearDuplicateItems) + " more groups not listed)";
    out.push_back({"near-duplicate", std::move(members), detail});
  }
}

void add_promotion_items(FileSystem& fs, const Home& home, const GateRules& gates, Seconds now,
                         std::vector<CueItem>& out) {
  auto plan = plan_promotions(fs, home, nullptr, gates, now);
  if (!plan.ok()) {
    out.push_back({"candidates-unreadable", {"candidates/"}, plan.message()});
    return;
  }
  for (const Proposal& p : *plan) {
    if (p.to != "L2" || (!p.moves && p.blocks.size() != 1)) continue;
    const std::string file = "candidates/" + slot_file_for(p.key);
    // The claim came from a transcript, and the wake's model reads the cue.
    const std::string claim = " \"" + render_line(p.claim, 300) + "\"";
    if (p.moves) out.push_back({"promotion-ready", {file}, p.id + claim + " passes L1 -> L2: memsim promote --apply"});
    else out.push_back({"promotion-near", {file}, p.id + claim + ": " + p.blocks.front()});
  }
}

}  // namespace memsim
