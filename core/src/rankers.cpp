#include "memsim/rankers.h"

#include <algorithm>
#include <cmath>

#include "memsim/fold.h"
#include "memsim/fsrs.h"

namespace memsim {

namespace {

constexpr std::pair<Ranking, std::string_view> kNames[] = {{Ranking::kSeed, "seed"},
                                                           {Ranking::kRecency, "recency"},
                                                           {Ranking::kAccessCount, "access_count"},
                                                           {Ranking::kActr, "actr"},
                                                           {Ranking::kFsrs, "fsrs"}};

constexpr double kHourInDays = 1.0 / 24;

}  // namespace

std::string_view ranking_name(Ranking r) {
  for (const auto& [k, name] : kNames)
    if (k == r) return name;
  return "seed";
}

std::optional<Ranking> parse_ranking(std::string_view name) {
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

double actr_need_odds(std::int64_t access_count, Seconds last_accessed, Days created, Seconds now, double d) {
  const double t1 = std::max(days_between(last_accessed, now), kHourInDays);
  const double life = std::max(days_between(created * kSecondsPerDay, now), t1);
  const double others = static_cast<double>(std::max<std::int64_t>(access_count, 0));
  const double last = std::pow(t1, -d);
  if (others == 0) return last;
  // The other presentations spread evenly over (t1, life]: the integral of t^-d
  // divided by the span; when the span is empty they all sit at t1.
  if (life - t1 < 1e-9) return last + others * last;
  return last + others * (std::pow(life, 1 - d) - std::pow(t1, 1 - d)) / ((1 - d) * (life - t1));
}

double rank_score(const RankInput& in, Seconds now, const Policy& policy) {
  const double floor = policy.importance_weight * in.importance;
  const PolicyValues& v = in.values;
  switch (policy.ranking) {
    case Ranking::kSeed: return score(v.access_count, in.last_accessed, v.stability, in.importance, now, policy);
    case Ranking::kRecency: return std::exp(-days_between(in.last_accessed, now) / policy.initial_stability) + floor;
    case Ranking::kAccessCount: return static_cast<double>(v.access_count) + floor;
    case Ranking::kActr:
      return actr_need_odds(v.access_count, in.last_accessed, in.created, now, policy.actr_decay) + floor;
    case Ranking::kFsrs: return fsrs::retrievability(days_between(in.last_accessed, now), v.stability) + floor;
  }
  return floor;
}

}  // namespace memsim
