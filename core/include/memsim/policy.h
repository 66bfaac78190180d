// The constants of SPEC section 9. Defaults here; a home's policy.yaml and a
// scenario's policy block may override any of them by the same names.
#pragma once

#include <string>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/result.h"

namespace memsim {

// The promotion gates of SPEC section 7 (see promote.h for how they are applied).
struct GateRules {
  int sessions = 3, days = 2;                // L1 -> L2
  int stated_sessions = 2, stated_days = 2;  // stated outright
  int verified = 1;                          // verified observations
  int projects = 2, age_days = 30;           // L2 -> L3
};

// How the index orders memories (policy.yaml `ranking:`); rankers.h defines each.
// Every one is computed from the file's own folded values, so a home adopts one
// with a single line. The default is the seed's score.
enum class Ranking { kSeed, kRecency, kAccessCount, kActr, kFsrs };

struct Policy {
  Ranking ranking = Ranking::kSeed;
  double actr_decay = 0.5;           // d of the ACT-R ranking (rankers.h)
  double initial_stability = 14.0;   // days
  double stability_growth = 1.6;     // per spaced reinforcement
  double stability_cap = 365.0;      // days
  Seconds spacing_gate = 20 * 3600;  // between reinforcements
  double importance_weight = 0.6;
  int hot_budget = 12000;  // bytes of rendered rows
  int new_budget = 2500;
  int cold_budget = 4000;
  int newborn_days = 14;
  int new_row_cap = 160;         // bytes
  int row_cap = 400;             // bytes of a Hot or Cold row, or a prompt-time row
  int short_term_days = 7;       // T1 and residue visibility
  Seconds live_guard = 10 * 60;  // files changed this recently are not rewritten
  int lock_timeout_ms = 5000;    // commands; hooks use their own, shorter wait
  int stale_fact_days = 180;     // an open, unverified fact this old is cued for review
  GateRules gates;               // policy.yaml: l2_sessions, l2_days, l2_stated_sessions,
                                 // l2_stated_days, l2_verified, l3_projects, l3_age_days
};

// Applies overrides from YAML text (a mapping of the names above; spacing_gate and
// live_guard may be given in seconds or as spacing_gate_hours / live_guard_minutes;
// ranking by name: seed, recency, access_count, actr, fsrs).
// Unknown keys and bad values are errors naming `origin` and the key.
Status apply_policy_yaml(Policy& policy, const std::string& yaml_text, const std::string& origin);

// Loads <home>/policy.yaml when present; defaults otherwise.
Result<Policy> load_policy(FileSystem& fs, const std::string& home_root);

}  // namespace memsim
