// The tick's cue sources beyond conflicts and old facts (tick.h): what only a
// model can judge, each item naming the files concerned.
#pragma once

#include <cstddef>

#include "memsim/policy.h"
#include "memsim/tick.h"

namespace memsim {

// "near-duplicate": a group of open memories whose summaries are near-duplicates
// (search.h), taken from lint's "near-duplicate" findings (lint finds the groups;
// run_tick calls this with its findings, so they are computed once a tick): merge
// them, or keep them and sharpen each. At most kMaxNearDuplicateItems groups of
// at most kMaxNearDuplicateFiles files each, the last saying how many more there
// are: templated summaries could make thousands, and one wake cannot judge them all.
constexpr std::size_t kMaxNearDuplicateItems = 100;
constexpr std::size_t kMaxNearDuplicateFiles = 20;
void add_near_duplicate_items(const std::vector<Finding>& findings, std::vector<CueItem>& out);

// The promotion dry run (promote.h plan_promotions, the project home only):
// "promotion-ready" for a candidate that passes L1 -> L2, and "promotion-near"
// for one blocked by a single gate, so the wake can look for the missing evidence.
void add_promotion_items(FileSystem& fs, const Home& home, const GateRules& gates, Seconds now,
                         std::vector<CueItem>& out, SlotMemo* memo = nullptr);

// The nightly sit and the dream (seed 000 sections 07 and 08: one dream, one
// meditation a day), for the wake to do:
//   "meditation"     tonight's object (meditation.h pick_meditation), when
//                    meditations/ has an eligible one; not yet recorded: the
//                    wake records the sit with `memsim meditation next --record`
//   "dream-journal"  the one entry the wake writes,
//                    memory/dream-journal/YYMMDD-dream.md for the tick's day,
//                    unless a dream-journal note of that day exists
// The dream item is added only when the cue holds something else (tonight's sit
// included), so a night with nothing to judge starts no paid session.
// A meditations/ that cannot be read is a "meditations-unreadable" item.
void add_wake_items(FileSystem& fs, const Home& home, const std::vector<DatedNote>& notes, Seconds now,
                    std::vector<CueItem>& out);

}  // namespace memsim
