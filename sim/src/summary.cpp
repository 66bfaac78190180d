#include "memsim/sim/summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace memsim::sim {

namespace {

double pct(long long part, long long whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}
double per(long long v, long long n) { return n > 0 ? static_cast<double>(v) / static_cast<double>(n) : 0.0; }

std::string seeds_words(const Paired& p) {
  std::string s = fmt::format("{} of {} seeds", p.wins, p.diff.n);
  if (p.ties > 0) s += fmt::format(", {} tied", p.ties);
  return s;
}

}  // namespace

std::string difference_words(const Paired& p, const std::string& unit) {
  if (p.diff.n < 2) return "one seed: no interval, no verdict";
  if (!p.detectable()) return "no detectable difference";
  return std::string(p.diff.mean > 0 ? "higher" : "lower") + " by " + fmt::format("{:.1f}", std::abs(p.diff.mean)) +
         unit;
}

Summary summarize(const Scenario& sc, const BatchResult& batch) {
  Summary s;
  s.scenario = sc.name;
  s.days = sc.days;
  s.baseline = std::max(0, sc.baseline_index());
  s.oracle = sc.oracle_index();
  s.trace_hash = batch.trace_hash;
  s.wall_seconds = batch.wall_seconds;
  s.jobs = batch.jobs;
  std::map<std::string, double> seconds;
  std::vector<double> history_needs, history_touches;
  for (const RunResult& r : batch.runs) {
    s.seeds.push_back(r.seed);
    s.seed_hashes.push_back(r.trace_hash);
    s.events += r.events;
    pool(s.environment, r.environment);
    if (r.failure) s.failures.push_back(fmt::format("seed {}: {}", r.seed, *r.failure));
    history_needs.push_back(static_cast<double>(r.history_needs));
    history_touches.push_back(static_cast<double>(r.history_touches));
    double accounted = 0;
    for (const auto& [k, v] : r.seconds) {
      seconds[k] += v;
      accounted += v;
    }
    seconds["other (event loop, world, yardsticks)"] += std::max(0.0, r.wall_seconds - accounted);
  }
  for (const auto& kv : seconds) s.seconds.push_back(kv);
  s.history_needs = mean_interval(history_needs);
  s.history_touches = mean_interval(history_touches);

  const std::size_t nv = sc.variants.size();
  auto series = [&](std::size_t v, auto f) {
    std::vector<double> out;
    for (const RunResult& r : batch.runs) out.push_back(f(r.variants[v]));
    return out;
  };
  auto met = [](const VariantResult& x) { return pct(x.total.met_index, x.total.needs); };
  for (std::size_t v = 0; v < nv; ++v) {
    VariantSummary vs;
    const VariantSpec& spec = sc.variants[v];
    vs.name = spec.name;
    vs.loader = std::string(loader_name(spec.loader));
    vs.ranking = batch.runs.empty() ? "" : batch.runs[0].variants[v].ranking;
    vs.policy_lines = spec.policy_lines;
    vs.has_home = spec.loader == LoaderKind::kIndex;
    vs.yardstick = !vs.has_home;
    vs.met_index_seeds = series(v, met);
    vs.met_index = mean_interval(vs.met_index_seeds);
    vs.met_search =
        mean_interval(series(v, [](const VariantResult& x) { return pct(x.total.met_search, x.total.needs); }));
    vs.missed = mean_interval(series(v, [](const VariantResult& x) { return pct(x.total.missed, x.total.needs); }));
    vs.unwritten =
        mean_interval(series(v, [](const VariantResult& x) { return pct(x.total.unwritten, x.total.needs); }));
    vs.bytes_per_session =
        mean_interval(series(v, [](const VariantResult& x) { return per(x.total.bytes_loaded, x.total.sessions); }));
    vs.stale_per_session =
        mean_interval(series(v, [](const VariantResult& x) { return per(x.total.stale_exposure, x.total.sessions); }));
    vs.churn = mean_interval(series(v, [](const VariantResult& x) { return static_cast<double>(x.total.churn); }));
    vs.unreinforced =
        mean_interval(series(v, [](const VariantResult& x) { return pct(x.total.unreinforced, x.total.touches); }));
    vs.needs = mean_interval(series(v, [](const VariantResult& x) { return static_cast<double>(x.total.needs); }));
    for (int c = 0; c < kNeedClasses; ++c) {
      const auto k = static_cast<std::size_t>(c);
      vs.class_met[k] = mean_interval(
          series(v, [k](const VariantResult& x) { return pct(x.classes[k].met_index, x.classes[k].needs); }));
      vs.class_needs[k] =
          mean_interval(series(v, [k](const VariantResult& x) { return static_cast<double>(x.classes[k].needs); }));
    }
    for (const RunResult& r : batch.runs) {
      vs.violations += r.variants[v].total.violations;
      vs.dropped += r.variants[v].total.dropped;
      vs.secrets_committed += r.variants[v].total.secrets_committed;
    }
    s.variants.push_back(std::move(vs));
  }
  const VariantSummary& base = s.variants[static_cast<std::size_t>(s.baseline)];
  for (VariantSummary& vs : s.variants) vs.vs_baseline = paired(vs.met_index_seeds, base.met_index_seeds);
  if (s.oracle >= 0) {
    const auto o = static_cast<std::size_t>(s.oracle);
    for (std::size_t v = 0; v < nv; ++v) {
      std::vector<double> share;
      for (const RunResult& r : batch.runs) {
        const double top = met(r.variants[o]);
        share.push_back(top > 0 ? 100.0 * met(r.variants[v]) / top : 0);
      }
      s.variants[v].of_oracle = mean_interval(share);
      for (int c = 0; c < kNeedClasses; ++c) {
        const auto k = static_cast<std::size_t>(c);
        std::vector<double> cs;
        for (const RunResult& r : batch.runs) {
          const auto& oc = r.variants[o].classes[k];
          const auto& vc = r.variants[v].classes[k];
          const double top = pct(oc.met_index, oc.needs);
          cs.push_back(top > 0 ? 100.0 * pct(vc.met_index, vc.needs) / top : 0);
        }
        s.variants[v].class_of_oracle[k] = mean_interval(cs);
      }
    }
  }
  // Promotions do not depend on the ranking: the baseline's stand for all.
  s.promotions_true = mean_interval(series(static_cast<std::size_t>(s.baseline), [](const VariantResult& x) {
    return static_cast<double>(x.total.promotions_true);
  }));
  s.promotions_false = mean_interval(series(static_cast<std::size_t>(s.baseline), [](const VariantResult& x) {
    return static_cast<double>(x.total.promotions_false);
  }));

  s.best = s.baseline;
  for (std::size_t v = 0; v < nv; ++v)
    if (!s.variants[v].yardstick &&
        s.variants[v].met_index.mean > s.variants[static_cast<std::size_t>(s.best)].met_index.mean)
      s.best = static_cast<int>(v);

  // The verdict: the best adoptable variant against the baseline.
  const VariantSummary& best = s.variants[static_cast<std::size_t>(s.best)];
  const std::string n = std::to_string(s.seeds.size());
  std::string v = fmt::format("Over {} seeds of {} days, **{}** met {}% of needs from the index", n, s.days, base.name,
                              format_interval(base.met_index, 1, false));
  if (s.oracle >= 0)
    v += fmt::format(" ({}% of the oracle's {}%)", format_interval(base.of_oracle, 0, false),
                     format_interval(s.variants[static_cast<std::size_t>(s.oracle)].met_index, 1, false));
  v += ". ";
  if (s.seeds.size() < 2) {
    v += "One seed gives no interval: run at least 10 (`--seeds 10`) before deciding anything.";
  } else if (s.best == s.baseline) {
    // Nothing beat the baseline on average: say how close the runner-up is.
    int runner = -1;
    for (std::size_t i = 0; i < nv; ++i)
      if (!s.variants[i].yardstick && static_cast<int>(i) != s.baseline &&
          (runner < 0 || s.variants[i].met_index.mean > s.variants[static_cast<std::size_t>(runner)].met_index.mean))
        runner = static_cast<int>(i);
    if (runner < 0) {
      v += "There is no other variant to compare with.";
    } else {
      const VariantSummary& r = s.variants[static_cast<std::size_t>(runner)];
      v += fmt::format("No variant beat it: the closest, {} − {} = {} points ({}): {}.", r.name, base.name,
                       format_interval(r.vs_baseline.diff, 1, true), seeds_words(r.vs_baseline),
                       r.vs_baseline.detectable() ? "the shipped policy is detectably better"
                                                  : "no detectable difference");
    }
  } else if (best.vs_baseline.detectable()) {
    v += fmt::format("**{}** did better: {} − {} = {} points ({}). Adopt it with `{}` in policy.yaml.", best.name,
                     best.name, base.name, format_interval(best.vs_baseline.diff, 1, true),
                     seeds_words(best.vs_baseline),
                     best.policy_lines.empty() ? std::string("(its defaults)")
                                               : best.policy_lines.substr(0, best.policy_lines.size() - 1));
  } else {
    v +=
        fmt::format("The best, {} − {} = {} points ({}): no detectable difference; keep the shipped policy.", best.name,
                    base.name, format_interval(best.vs_baseline.diff, 1, true), seeds_words(best.vs_baseline));
  }
  s.verdict = v;
  return s;
}

}  // namespace memsim::sim
