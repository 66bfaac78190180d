#include "memsim/fold.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "memsim/fsrs.h"
#include "memsim/timefmt.h"

namespace memsim {

PolicyValues fold(PolicyValues v, std::span<const Seconds> times, const Policy& policy) {
  if (policy.ranking == Ranking::kFsrs) return fsrs::fold(v, times);
  for (Seconds t : times) {
    if (v.last_accessed && t <= *v.last_accessed) continue;
    v.last_accessed = t;
    if (!v.last_reinforced || t - *v.last_reinforced >= policy.spacing_gate) {
      v.access_count += 1;
      v.stability = std::min(round1(v.stability * policy.stability_growth), policy.stability_cap);
      v.last_reinforced = t;
    }
  }
  return v;
}

std::string fold_fingerprint(const Policy& policy) {
  char buf[160];
  if (policy.ranking == Ranking::kFsrs) std::snprintf(buf, sizeof buf, "fsrs initial=%.17g", policy.initial_stability);
  else
    std::snprintf(buf, sizeof buf, "gate=%lld growth=%.17g cap=%.17g initial=%.17g",
                  static_cast<long long>(policy.spacing_gate), policy.stability_growth, policy.stability_cap,
                  policy.initial_stability);
  return buf;
}

double score(std::int64_t access_count, Seconds last_accessed, double stability, double importance, Seconds now,
             const Policy& policy) {
  const double days = days_between(last_accessed, now);
  return static_cast<double>(access_count + 1) * std::exp(-days / stability) + policy.importance_weight * importance;
}

}  // namespace memsim
