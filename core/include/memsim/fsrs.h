// FSRS-6, the memory model of the Free Spaced Repetition Scheduler, with the
// default parameters of FSRS-6 as published by open-spaced-repetition (py-fsrs
// 6.x `DEFAULT_PARAMETERS`, fsrs-rs `FSRS6_DEFAULT_PARAMETERS`): w0..w20 below.
// Used by `ranking: fsrs` (rankers.h) for both the fold and the score.
//
// A memory file is a card whose every touch is a review graded Good (the agent
// went and read it: it was recalled); memsim has no other grade. In days:
//   retrievability   R(t, S) = (1 + F t / S)^-w20,  F = 0.9^(-1/w20) - 1, so R(S, S) = 0.9
//   first review     S = w2,  D = D0(Good) = w4 - e^(w5 (3 - 1)) + 1
//   same day         (under a day since the last review, whole days as py-fsrs counts)
//                    S' = S * max(1, e^(w17 (3 - 3 + w18)) * S^-w19)
//   later review     S' = S * (1 + e^w8 (11 - D) S^-w9 (e^(w10 (1 - R)) - 1))
//                    with R at the whole days elapsed: growth depends on how unlikely
//                    recall was (a review at R near 1 adds almost nothing) and
//                    saturates as S grows (S^-w9).
//   difficulty       for Good, D' = w7 D0(Easy) + (1 - w7) D (mean reversion; the
//                    linear-damping term is zero for Good), clamped to [1, 10].
//
// What memsim stores differs from a scheduler's card in three documented ways:
// stability is written and ranked with one decimal (and is at least 0.1), as every
// stability memsim writes; difficulty is not stored but recomputed from the number
// of day-separated reviews (access_count), so the 0.1% step a same-day review
// also makes to D is left out; and the score uses continuous elapsed time, not
// whole days. The spacing gate and stability cap of policy.yaml do not apply.
#pragma once

#include <cstdint>
#include <span>

#include "memsim/clock.h"
#include "memsim/memory_file.h"

namespace memsim::fsrs {

inline constexpr double kW[21] = {0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
                                  1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

double retrievability(double elapsed_days, double stability);
// Difficulty after `reviews` day-separated Good reviews (1 = the first).
double difficulty_after(std::int64_t reviews);
// Stability after a Good review `elapsed_days` (whole) after the last one.
double stability_after_review(double stability, double difficulty, double elapsed_days);
double stability_after_same_day_review(double stability);

// The fold under `ranking: fsrs`: every touch later than last_accessed is a
// review; access_count counts the day-separated ones (and the first) and
// last_reinforced is the latest of those. `times` sorted ascending.
PolicyValues fold(PolicyValues start, std::span<const Seconds> times);

}  // namespace memsim::fsrs
