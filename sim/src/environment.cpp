#include "memsim/sim/environment.h"

#include <algorithm>
#include <cmath>

#include "memsim/sim/world.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

constexpr int kWindowDays = 30;

// Bins 1, 2-3, 4-7, ... (powers of two); the last is open.
std::vector<CurveBin> doubling_bins(int count) {
  std::vector<CurveBin> bins(static_cast<std::size_t>(count));
  for (int b = 0; b < count; ++b) bins[static_cast<std::size_t>(b)].x = std::ldexp(1.0, b);
  return bins;
}

std::size_t doubling_bin(long long v, std::size_t bins) {
  std::size_t b = 0;
  while (b + 1 < bins && (2LL << b) <= v) ++b;
  return b;
}

// need-days within [lo, hi] of a sorted list.
long long count_in(const std::vector<Days>& days, Days lo, Days hi) {
  return std::upper_bound(days.begin(), days.end(), hi) - std::lower_bound(days.begin(), days.end(), lo);
}

}  // namespace

double CurveBin::odds() const {
  const double p = probability();
  return p > 0 && p < 1 ? p / (1 - p) : 0;
}

EnvironmentStats environment_stats(const World& world, Seconds from, Seconds to) {
  EnvironmentStats s;
  s.recency = doubling_bins(9);
  s.frequency = doubling_bins(5);
  s.massed = doubling_bins(7);
  s.spaced = doubling_bins(7);
  const Days first = day_of(from), last_day = day_of(to - 1);
  for (const Fact& f : world.facts()) {
    std::vector<Days> days;
    for (Seconds t : f.history.times()) days.push_back(day_of(t));
    days.erase(std::unique(days.begin(), days.end()), days.end());
    if (days.empty()) continue;
    const Days end = f.closed_at ? std::min(last_day + 1, day_of(*f.closed_at)) : last_day + 1;
    for (Days d = std::max(first, day_of(f.born) + 1); d < end; ++d) {
      const auto after = std::lower_bound(days.begin(), days.end(), d);
      if (after == days.begin()) continue;
      const Days last = *(after - 1);
      const bool hit = after != days.end() && *after == d;
      const long long since = d - last;
      CurveBin& r = s.recency[doubling_bin(since, s.recency.size())];
      ++r.trials;
      r.hits += hit;
      const long long recent = count_in(days, d - kWindowDays, d - 1);
      if (recent > 0) {
        CurveBin& q = s.frequency[doubling_bin(recent, s.frequency.size())];
        ++q.trials;
        q.hits += hit;
      }
      const long long upto_last = count_in(days, last - kWindowDays + 1, last);
      if (upto_last < 2 || upto_last > 4) continue;
      const Days span = last - *std::lower_bound(days.begin(), days.end(), last - kWindowDays + 1);
      std::vector<CurveBin>* group = span <= 3 ? &s.massed : span >= 10 ? &s.spaced : nullptr;
      if (!group || since > 127) continue;
      CurveBin& m = (*group)[doubling_bin(since, group->size())];
      ++m.trials;
      m.hits += hit;
    }
  }
  return s;
}

void pool(EnvironmentStats& a, const EnvironmentStats& b) {
  auto add = [](std::vector<CurveBin>& x, const std::vector<CurveBin>& y) {
    if (x.empty()) {
      x = y;
      return;
    }
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
      x[i].trials += y[i].trials;
      x[i].hits += y[i].hits;
    }
  };
  add(a.recency, b.recency);
  add(a.frequency, b.frequency);
  add(a.massed, b.massed);
  add(a.spaced, b.spaced);
}

LogLogFit fit_loglog(const std::vector<CurveBin>& bins) {
  std::vector<double> xs, ys;
  for (const CurveBin& b : bins)
    if (b.hits > 0 && b.hits < b.trials) {
      xs.push_back(std::log(b.x));
      ys.push_back(std::log(b.odds()));
    }
  LogLogFit fit;
  fit.points = static_cast<int>(xs.size());
  if (xs.size() < 2) return fit;
  const double n = static_cast<double>(xs.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    mx += xs[i] / n;
    my += ys[i] / n;
  }
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) * (xs[i] - mx);
    syy += (ys[i] - my) * (ys[i] - my);
  }
  fit.slope = sxx > 0 ? sxy / sxx : 0;
  fit.intercept = my - fit.slope * mx;
  fit.r2 = sxx > 0 && syy > 0 ? sxy * sxy / (sxx * syy) : 0;
  return fit;
}

}  // namespace memsim::sim
