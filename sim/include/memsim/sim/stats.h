// Figures with their uncertainty: a mean with its 95% interval over seeds
// (Student's t), a paired difference between two variants seed by seed (the
// variants saw the same world, so the pairing removes the world's own noise) with
// its interval and how many seeds each side won, and a bootstrap interval over
// independent units (evaluate's sessions). A difference whose interval covers
// zero is "no detectable difference"; a tie is never a win.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace memsim::sim {

struct Interval {
  double mean = 0, lo = 0, hi = 0;
  int n = 0;
  bool covers_zero() const { return lo <= 0 && hi >= 0; }
};

// Mean and 95% t-interval; with one value the interval is that value.
Interval mean_interval(const std::vector<double>& values);

struct Paired {
  Interval diff;                       // a - b, seed by seed
  int wins = 0, ties = 0, losses = 0;  // seeds where a > b, a == b (within 1e-9), a < b
  bool detectable() const { return diff.n > 1 && !diff.covers_zero(); }
};

// a and b parallel (same seeds, same order).
Paired paired(const std::vector<double>& a, const std::vector<double>& b);

// The two-sided 95% critical value of Student's t with df degrees of freedom.
double t_critical_95(int df);

// Percentile-bootstrap 95% interval of sum(num) / sum(den) over units resampled
// with replacement (`draws` resamples, our own generator seeded by `seed`).
Interval bootstrap_ratio(const std::vector<double>& num, const std::vector<double>& den, int draws, std::uint64_t seed);

// The same for the paired difference of two ratios over the same units.
Interval bootstrap_ratio_difference(const std::vector<double>& num_a, const std::vector<double>& num_b,
                                    const std::vector<double>& den, int draws, std::uint64_t seed);

// "+6.2 [+5.4, +7.0]" (signed) or "41.3 [40.1, 42.5]".
std::string format_interval(const Interval& i, int decimals, bool sign);

}  // namespace memsim::sim
