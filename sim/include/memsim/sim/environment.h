// The simulated need stream measured as Anderson and Schooler (1991) measured
// real environments (New York Times headlines, child-directed speech, e-mail):
// per fact and day, was it needed that day, given its past needs? Three curves,
// each a list of bins with trials (fact-days) and hits (days it was needed):
//
//   recency    by days since the last need (1, 2-3, 4-7, ...): need odds fall
//              roughly linearly in log-log
//   frequency  by need-days in the 30 days before: odds rise with frequency
//   massed / spaced  facts with 2-4 need-days in the 30 days up to their last
//              need, those 2-4 within 3 days (massed) or spread over 10 or more
//              (spaced), by days since the last need: massed are ahead at short
//              retention and behind at long retention (the crossover)
//
// Days are calendar days of the world's needs, whatever any variant did.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"

namespace memsim::sim {

class World;

struct CurveBin {
  double x = 0;  // the bin's lower bound (days, or need-days)
  long long trials = 0, hits = 0;
  double probability() const { return trials > 0 ? static_cast<double>(hits) / static_cast<double>(trials) : 0; }
  double odds() const;  // p / (1 - p); 0 when there are no hits
};

struct EnvironmentStats {
  std::vector<CurveBin> recency, frequency, massed, spaced;
};

// Measured over the days [from, to) (day boundaries of the scenario's clock).
EnvironmentStats environment_stats(const World& world, Seconds from, Seconds to);
// Adds b's counts into a (the same bins).
void pool(EnvironmentStats& a, const EnvironmentStats& b);

// Least squares of log odds on log x over the bins with hits.
struct LogLogFit {
  double slope = 0, intercept = 0, r2 = 0;
  int points = 0;
};
LogLogFit fit_loglog(const std::vector<CurveBin>& bins);

}  // namespace memsim::sim
