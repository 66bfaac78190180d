// Your own history, replayed (`memsim evaluate --home H`): for every session in
// the home's journal and every memory file read in it, would each variant's
// index, computed from the corpus and the journal as they stood when that
// session started, have listed it? The figure is the share of reads the index
// would have served, per variant, with a bootstrap interval over sessions and
// the paired difference from the baseline (the same sessions, so paired).
//
// How the past is reconstructed, since the files hold today's values:
//  - a session starts at its SessionStart line (journal.h), else at its first touch;
//  - a file exists from its first Write in the journal, else from its created date;
//  - its policy values at the session's start are the variant's fold of the
//    journal's touches before it, from the authored defaults when the journal
//    explains the file's written values; when the file's history predates the
//    journal (an imported corpus: the written count exceeds what the journal
//    folds to), the older part is carried as a count with its stability grown as
//    many spaced steps, and the file is counted as approximated in the report;
//  - text, summaries and windows are today's (a window's valid_until is honoured
//    at the session's date).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/sim/scenario.h"
#include "memsim/sim/stats.h"

namespace memsim::sim {

// The variants evaluate compares by default: the home's own policy, then every
// ranking and the two ablations on top of it, and the 200-line notes file.
std::vector<VariantSpec> default_evaluate_variants(const Policy& home_policy);

struct EvaluatedVariant {
  std::string name, policy_lines;
  long long served = 0;
  Interval share;    // percent of reads served, bootstrap over sessions
  Interval vs_base;  // percentage points, paired bootstrap
};

struct EvaluateResult {
  std::string home;
  int sessions = 0;       // sessions with at least one read of an existing memory
  int sessions_seen = 0;  // every session in the journal
  long long reads = 0;    // distinct (session, file) reads
  int files = 0, approximated = 0;
  std::string first, last;  // dates of the first and last session
  std::vector<EvaluatedVariant> variants;
  int baseline = 0;
};

Result<EvaluateResult> evaluate_home(FileSystem& fs, const Home& home, const std::vector<VariantSpec>& variants,
                                     int bootstrap_draws = 2000);

std::string evaluate_markdown(const EvaluateResult& r);
nlohmann::json evaluate_json(const EvaluateResult& r);

}  // namespace memsim::sim
