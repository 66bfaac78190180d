#include "memsim/sim/need_process.h"

#include <algorithm>
#include <cmath>

#include "memsim/timefmt.h"

namespace memsim::sim {

double NeedHistory::activation(Seconds t, const NeedParams& p) const {
  double sum = 0;
  for (std::size_t j = 0; j < times_.size(); ++j) {
    const double age = std::max(static_cast<double>(t - times_[j]) / kSecondsPerDay, p.floor_days);
    sum += std::exp(-decays_[j] * std::log(age));
  }
  return sum;
}

void NeedHistory::record(Seconds t, const NeedParams& p) {
  if (!times_.empty()) t = std::max(t, times_.back());
  decays_.push_back(p.decay_scale * activation(t, p) + p.decay_intercept);
  times_.push_back(t);
}

}  // namespace memsim::sim
