// The tick's cue sources beyond conflicts and old facts (tick.h): what only a
// model can judge, each item naming the files concerned.
#pragma once

#include <cstddef>

#include "memsim/policy.h"
#include "memsim/tick.h"

namespace memsim {

// "near-duplicate": two open memories whose summaries are near-duplicates, taken
// from lint's "near-duplicate" findings (lint finds the pairs; run_tick calls this
// with its findings, so the pairs are computed once a tick): merge them, or keep
// both and sharpen one. At most kMaxNearDuplicateItems pairs, the last saying how
// many more there are: templated summaries could pair thousands, and one wake
// cannot judge them all.
constexpr std::size_t kMaxNearDuplicateItems = 100;
void add_near_duplicate_items(const std::vector<Finding>& findings, std::vector<CueItem>& out);

// The promotion dry run (promote.h plan_promotions, the project home only):
// "promotion-ready" for a candidate that passes L1 -> L2, and "promotion-near"
// for one blocked by a single gate, so the wake can look for the missing evidence.
CueSource promotion_cue(const GateRules& gates);

}  // namespace memsim
