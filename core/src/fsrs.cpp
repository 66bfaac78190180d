#include "memsim/fsrs.h"

#include <algorithm>
#include <cmath>

#include "memsim/timefmt.h"

namespace memsim::fsrs {

namespace {

constexpr double kGood = 3, kEasy = 4;
constexpr double kMinStability = 0.1;  // what one decimal can hold above zero

double initial_difficulty(double grade) { return kW[4] - std::exp(kW[5] * (grade - 1)) + 1; }

double clamp_difficulty(double d) { return std::clamp(d, 1.0, 10.0); }

double stored(double stability) { return std::max(round1(stability), kMinStability); }

}  // namespace

double retrievability(double elapsed_days, double stability) {
  const double decay = -kW[20];
  const double factor = std::pow(0.9, 1.0 / decay) - 1;
  return std::pow(1 + factor * std::max(0.0, elapsed_days) / stability, decay);
}

double difficulty_after(std::int64_t reviews) {
  // Good leaves only the mean reversion towards D0(Easy), a geometric approach;
  // D decreases monotonically, so clamping the closed form equals clamping each step.
  const double target = initial_difficulty(kEasy), first = clamp_difficulty(initial_difficulty(kGood));
  const double steps = static_cast<double>(std::max<std::int64_t>(reviews, 1) - 1);
  return clamp_difficulty(target + (first - target) * std::pow(1 - kW[7], steps));
}

double stability_after_review(double s, double d, double elapsed_days) {
  const double r = retrievability(elapsed_days, s);
  return s * (1 + std::exp(kW[8]) * (11 - d) * std::pow(s, -kW[9]) * (std::exp(kW[10] * (1 - r)) - 1));
}

double stability_after_same_day_review(double s) {
  return s * std::max(1.0, std::exp(kW[17] * (kGood - 3 + kW[18])) * std::pow(s, -kW[19]));
}

PolicyValues fold(PolicyValues v, std::span<const Seconds> times) {
  for (Seconds t : times) {
    if (v.last_accessed && t <= *v.last_accessed) continue;
    if (!v.last_reinforced || !v.last_accessed) {
      v.stability = stored(kW[2]);
      v.access_count = std::max<std::int64_t>(v.access_count, 0) + 1;
      v.last_reinforced = t;
    } else {
      const double whole_days = std::floor(static_cast<double>(t - *v.last_accessed) / kSecondsPerDay);
      if (whole_days < 1) {
        v.stability = stored(stability_after_same_day_review(v.stability));
      } else {
        v.stability = stored(stability_after_review(v.stability, difficulty_after(v.access_count), whole_days));
        v.access_count += 1;
        v.last_reinforced = t;
      }
    }
    v.last_accessed = t;
  }
  return v;
}

}  // namespace memsim::fsrs
