#include "memsim/cue_sources.h"

#include <algorithm>
#include <map>

#include "memsim/atoms.h"
#include "memsim/meditation.h"
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
                         std::vector<CueItem>& out, SlotMemo* memo) {
  auto plan = plan_promotions(fs, home, nullptr, gates, now, memo);
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

void add_wake_items(FileSystem& fs, const Home& home, const std::vector<DatedNote>& notes, Seconds now,
                    std::vector<CueItem>& out) {
  auto objects = load_meditations(fs, home);
  auto sits = objects.ok() ? read_sits(fs, home) : Result<std::vector<Sit>>(objects.error());
  if (!sits.ok()) {
    out.push_back({"meditations-unreadable", {"meditations/"}, sits.message()});
  } else if (auto pick = pick_meditation(*objects, *sits, now)) {
    const MeditationObject& o = (*objects)[pick->index];
    out.push_back({"meditation",
                   {"meditations/" + o.name + ".md"},
                   std::string("tonight's sit: ") + (o.shelf == Shelf::kAwareness ? "awareness" : "instrumental") +
                       " shelf" + (pick->floor_applied ? ", the awareness floor applied" : "") +
                       "; read the object, sit with it, and record the sit with `memsim meditation next --record`"});
  }
  if (out.empty()) return;
  const Days today = day_of(now);
  for (const DatedNote& n : notes)
    if (n.day == today && n.rel_path.starts_with("memory/dream-journal/")) return;
  out.push_back({"dream-journal",
                 {"memory/dream-journal/" + note_day_prefix(today) + "-dream.md"},
                 "write tonight's one entry: what the sit and this cue brought up, in a few lines"});
}

}  // namespace memsim
