// The rankings a home chooses with one line of policy.yaml (`ranking: NAME`).
// `memsim index`, the tick and the simulator all score through rank_score(), so
// a ranking that wins in the simulator is adopted by naming it. Each is a pure
// function of the file's folded policy values, its created date and `now`; each
// adds policy.importance_weight * importance, the human's floor.
//
//   seed          (access_count + 1) * exp(-days since last_accessed / stability)
//                 (SPEC section 4; the default, byte for byte what it always was)
//   recency       exp(-days since last_accessed / initial_stability): when it was
//                 last used, nothing else
//   access_count  the folded (spaced) access count, nothing else; ties by filename
//   actr          ACT-R's base-level need odds, sum over presentations j of
//                 t_j^-d (Anderson & Schooler 1991; Anderson et al. 2004), with
//                 d = policy.actr_decay and t_j in days. memsim keeps a count, not
//                 every time, so the sum uses Petrov's (2006) hybrid approximation
//                 with one exact term: the last access at t_1, and the other n - 1
//                 presentations spread evenly over the file's life L (since
//                 created), where n = access_count + 1 (writing the file counts):
//                   t_1^-d + (n - 1) (L^(1-d) - t_1^(1-d)) / ((1 - d)(L - t_1))
//                 t_1 is at least an hour, L at least t_1.
//   fsrs          FSRS-6 retrievability (fsrs.h) at now: the stability written in
//                 the file is FSRS's, because under this ranking the fold is FSRS's
//                 too (fold.h). A file never reviewed decays from its last access
//                 with the stored (default) stability.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "memsim/clock.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"
#include "memsim/timefmt.h"

namespace memsim {

inline constexpr std::string_view kRankingNames = "seed, recency, access_count, actr, fsrs";

std::string_view ranking_name(Ranking r);
// The ranking a policy.yaml value names (exactly one of kRankingNames).
std::optional<Ranking> parse_ranking(std::string_view name);

// What every ranking scores, defaults already resolved.
struct RankInput {
  const PolicyValues& values;  // folded
  Seconds last_accessed;       // values.last_accessed, or the file's modification time
  Days created;                // the created date, or the file's modification date
  double importance;
};

double rank_score(const RankInput& in, Seconds now, const Policy& policy);

// The ACT-R sum above (without importance). decay in (0, 1).
double actr_need_odds(std::int64_t access_count, Seconds last_accessed, Days created, Seconds now, double decay);

}  // namespace memsim
