// How the simulated world decides which facts a session needs: a need intensity
// per fact with a memory of its own (docs/simulator.md, "How needs arise").
//
// In the spirit of ACT-R's base-level learning (Anderson & Schooler 1991) with
// Pavlik & Anderson's (2005) spacing-sensitive decay, a fact's activation at time
// t (days) sums a power-law trace of each of its own past needs t_j:
//
//   A(t) = sum_j max(t - t_j, tau)^(-d_j),   d_j = c * A(t_j) + a
//
// so a need that comes while the fact is already active (massed) decays fast and
// one that comes after a long gap (spaced) decays slowly. Its intensity is
//
//   lambda(t) = r * context(t) * (b + A(t))
//
// with r the fact's own base rate (log-normal across facts), context 1 while the
// fact's project is active (or it belongs to none) and `dormant` otherwise, and b
// its class's baseline, so a fact nobody has needed yet can still come up (and a
// class with a large b is needed steadily, whatever its history). A session's needs
// are drawn one at a time in proportion to lambda among the open facts, so only the
// ratios matter. The past needs are the world's, the same whatever any policy did.
#pragma once

#include <vector>

#include "memsim/clock.h"

namespace memsim::sim {

struct NeedParams {
  double floor_days = 1.0;       // tau
  double decay_intercept = 0.3;  // a
  double decay_scale = 0.25;     // c
};

// One fact's past needs.
class NeedHistory {
 public:
  // A(t). Needs are recorded as they happen, so all are past; one later than t
  // (an evaluation on the hour before it) counts as tau old, like any recent one.
  double activation(Seconds t, const NeedParams& p) const;
  // Records a need at t (not before the last one), with its decay from A(t).
  void record(Seconds t, const NeedParams& p);
  // Continues another fact's history: a successor is needed as its predecessor was.
  void inherit(const NeedHistory& from) {
    times_ = from.times_;
    decays_ = from.decays_;
  }

  const std::vector<Seconds>& times() const { return times_; }
  bool empty() const { return times_.empty(); }

 private:
  std::vector<Seconds> times_;
  std::vector<double> decays_;
};

}  // namespace memsim::sim
