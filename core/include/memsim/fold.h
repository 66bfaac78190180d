// The fold and the score (SPEC section 4).
//
// The fold applies journal touches to a file's policy values in time order,
// taking only touches later than its last_accessed (every touch when it has
// none). Each touch refreshes last_accessed; only a touch at least
// `spacing_gate` after last_reinforced (or the first one ever) reinforces:
// access_count + 1, stability = min(round1(stability * growth), cap).
// Folding the same journal into its own result changes nothing.
// Under `ranking: fsrs` the fold is FSRS-6's instead (fsrs.h): no gate, and
// stability grows by how unlikely recall was.
#pragma once

#include <span>
#include <string>

#include "memsim/memory_file.h"
#include "memsim/policy.h"

namespace memsim {

// `times` must be sorted ascending.
PolicyValues fold(PolicyValues start, std::span<const Seconds> times, const Policy& policy);

// Every policy value the fold and a file's untouched values (ranking.h) read,
// as text: two policies with the same fingerprint fold alike (checkpoint.h).
std::string fold_fingerprint(const Policy& policy);

// The seed's score (rankers.h has every ranking):
// (access_count + 1) * exp(-days(last_accessed, now) / stability) + weight * importance
double score(std::int64_t access_count, Seconds last_accessed, double stability, double importance, Seconds now,
             const Policy& policy);

}  // namespace memsim
