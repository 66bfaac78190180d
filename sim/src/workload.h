// The workload: what happens on a simulated day, drawn from the seed alone and
// identical for every variant (and, for sessions and needs, for the history the
// start corpus comes from). Needs are planned here as times; which fact each one
// is, the world decides when it comes (world.h draw_need), so a need depends on
// everything needed before it.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/rng.h"
#include "memsim/sim/scenario.h"

namespace memsim::sim {

struct PlannedNeed {
  Seconds at = 0;
  double recognise = 0, search = 0;  // shared draws (common random numbers) for every variant
  Seconds reread_at = 0;             // 0: not read again
  bool edit = false;                 // an Edit right after the read
};

struct PlannedCall {
  Seconds at = 0;
  std::string tool, path;
};

struct PlannedSession {
  int id = 0;
  Seconds start = 0, end = 0;
  std::vector<Seconds> prompt_at;
  std::vector<std::string> prompt_text;
  std::vector<PlannedCall> calls;
  std::vector<PlannedNeed> needs;
  std::string secret;  // a key stated at the first prompt, or empty
};

struct PlannedDay {
  std::vector<PlannedSession> sessions;
  std::vector<Seconds> teach, contradict;
};

// A directive users state ("Always <text>."): the ground truth of promotion.
struct Directive {
  std::string text;
  bool standing = false;
  int first_day = 0, last_day = 0;
};

class Workload {
 public:
  Workload(const Scenario& sc, Rng rng);

  // Day `day` counted from the scenario's start (negative during the history).
  // Session ids continue from `next_session`. `with_text`: prompts, tool calls,
  // secrets and directives too (the history needs only sessions and needs).
  PlannedDay plan(int day, int& next_session, bool with_text);

  const std::vector<Directive>& directives() const { return directives_; }

 private:
  void add_directive(Rng& r, bool standing, int first_day, int last_day);
  PlannedSession plan_session(Rng& r, int id, Seconds start, int day, bool with_text, bool secret);

  const Scenario& sc_;
  Rng rng_;
  std::vector<Directive> directives_;
};

// Draws a count with mean `rate`: its whole part, plus one with the fraction's chance.
int draw_count(Rng& r, double rate);

}  // namespace memsim::sim
