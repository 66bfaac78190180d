#include "memsim/sim/stats.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "memsim/rng.h"

namespace memsim::sim {

double t_critical_95(int df) {
  // Two-sided 0.975 quantiles of Student's t, df 1..30; the normal beyond.
  constexpr double kT[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                           2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                           2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return 0;
  if (df <= 30) return kT[df - 1];
  if (df <= 60) return 2.042 - (2.042 - 2.000) * (df - 30) / 30.0;
  if (df <= 120) return 2.000 - (2.000 - 1.980) * (df - 60) / 60.0;
  return 1.960;
}

Interval mean_interval(const std::vector<double>& v) {
  Interval out;
  out.n = static_cast<int>(v.size());
  if (v.empty()) return out;
  double sum = 0;
  for (double x : v) sum += x;
  out.mean = sum / static_cast<double>(v.size());
  out.lo = out.hi = out.mean;
  if (v.size() < 2) return out;
  double ss = 0;
  for (double x : v) ss += (x - out.mean) * (x - out.mean);
  const double se = std::sqrt(ss / static_cast<double>(v.size() - 1) / static_cast<double>(v.size()));
  const double half = t_critical_95(out.n - 1) * se;
  out.lo = out.mean - half;
  out.hi = out.mean + half;
  return out;
}

Paired paired(const std::vector<double>& a, const std::vector<double>& b) {
  Paired p;
  std::vector<double> d;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    d.push_back(a[i] - b[i]);
    if (std::abs(a[i] - b[i]) <= 1e-9) ++p.ties;
    else if (a[i] > b[i]) ++p.wins;
    else ++p.losses;
  }
  p.diff = mean_interval(d);
  return p;
}

namespace {

Interval percentile_interval(std::vector<double> stats, double point) {
  Interval out;
  out.mean = point;
  out.n = static_cast<int>(stats.size());
  if (stats.empty()) {
    out.lo = out.hi = point;
    return out;
  }
  std::sort(stats.begin(), stats.end());
  auto at = [&](double q) {
    const auto k = static_cast<std::size_t>(
        std::clamp(q * static_cast<double>(stats.size() - 1), 0.0, static_cast<double>(stats.size() - 1)));
    return stats[k];
  };
  out.lo = at(0.025);
  out.hi = at(0.975);
  return out;
}

double ratio(double num, double den) { return den > 0 ? num / den : 0; }

}  // namespace

Interval bootstrap_ratio(const std::vector<double>& num, const std::vector<double>& den, int draws,
                         std::uint64_t seed) {
  double n0 = 0, d0 = 0;
  for (std::size_t i = 0; i < num.size(); ++i) {
    n0 += num[i];
    d0 += den[i];
  }
  Rng rng(seed);
  std::vector<double> stats;
  for (int b = 0; b < draws && !num.empty(); ++b) {
    double n = 0, d = 0;
    for (std::size_t i = 0; i < num.size(); ++i) {
      const std::size_t k = rng.below(num.size());
      n += num[k];
      d += den[k];
    }
    stats.push_back(ratio(n, d));
  }
  Interval out = percentile_interval(std::move(stats), ratio(n0, d0));
  out.n = static_cast<int>(num.size());
  return out;
}

Interval bootstrap_ratio_difference(const std::vector<double>& num_a, const std::vector<double>& num_b,
                                    const std::vector<double>& den, int draws, std::uint64_t seed) {
  double a0 = 0, b0 = 0, d0 = 0;
  for (std::size_t i = 0; i < den.size(); ++i) {
    a0 += num_a[i];
    b0 += num_b[i];
    d0 += den[i];
  }
  Rng rng(seed);
  std::vector<double> stats;
  for (int b = 0; b < draws && !den.empty(); ++b) {
    double x = 0, y = 0, d = 0;
    for (std::size_t i = 0; i < den.size(); ++i) {
      const std::size_t k = rng.below(den.size());
      x += num_a[k];
      y += num_b[k];
      d += den[k];
    }
    stats.push_back(ratio(x, d) - ratio(y, d));
  }
  Interval out = percentile_interval(std::move(stats), ratio(a0, d0) - ratio(b0, d0));
  out.n = static_cast<int>(den.size());
  return out;
}

std::string format_interval(const Interval& i, int decimals, bool sign) {
  auto f = [&](double v) {
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals)) v = 0;  // no "-0.0"
    return sign ? fmt::format("{:+.{}f}", v, decimals) : fmt::format("{:.{}f}", v, decimals);
  };
  if (i.n < 2) return f(i.mean);
  return f(i.mean) + " [" + f(i.lo) + ", " + f(i.hi) + "]";
}

}  // namespace memsim::sim
