// The ground truth the simulator scores against: which facts exist, which hold,
// how well each one's summary cues it, and which one a session needs next
// (need_process.h). It is the same for every variant; only what each variant
// shows the agent differs.
//
// Facts come in three classes, each with its own base-rate distribution: rules
// (needed whatever the project), project facts (needed while their project is
// active: projects start and end, and a new project starts with no memories) and
// one-offs (needed around their birth, then rarely). A fact contradicted in the
// world is never needed again; its successor inherits its history and is needed
// as it was, but no variant can serve it until a human writes it (supersede).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/rng.h"
#include "memsim/sim/need_process.h"
#include "memsim/sim/scenario.h"

namespace memsim::sim {

enum class FactClass { kRule, kProject, kOneoff };
std::string_view class_name(FactClass c);

struct Fact {
  std::string filename;  // empty while the successor of a contradiction is not yet written
  std::string summary;   // the index row's text
  std::string type;      // the memory type (feedback, project, ...)
  FactClass kind = FactClass::kOneoff;
  int project = -1;
  double rate = 1;       // r: the base rate
  double quality = 0.5;  // probability a row of it is recognised when needed
  Seconds born = 0;      // needed from then on
  Seconds written = 0;   // its file written (the birth; for a successor, the human's supersede)
  std::string key;       // slot; facts with a key can be contradicted
  bool pinned = false;
  double importance = 0;
  std::optional<Seconds> closed_at;  // the fact stopped holding in the world
  bool archived_in_files = false;    // closed in the files too (superseded)
  NeedHistory history;
};

struct ProjectWindow {
  int project = 0;
  Seconds start = 0, end = 0;  // active on [start, end)
};

class World {
 public:
  // Project windows over [sc.start - history, end of run), drawn from rng.
  World(const Scenario& sc, Rng rng);

  const std::vector<Fact>& facts() const { return facts_; }
  const Fact& fact(int i) const { return facts_[static_cast<std::size_t>(i)]; }
  Fact& fact(int i) { return facts_[static_cast<std::size_t>(i)]; }
  int size() const { return static_cast<int>(facts_.size()); }
  int index_of(const std::string& filename) const;  // -1 when unknown
  const std::vector<ProjectWindow>& windows() const { return windows_; }

  // A new fact born at t (a class drawn by the scenario's shares; a project fact
  // only while a project is active), with its base rate and quality; its birth
  // counts as its first need. The caller names it (set_filename) and writes it.
  int add_fact(Seconds t, Rng& rng);
  // The successor of a contradicted fact: same class, project, rate, key and
  // history, a fresh quality; pending until set_filename.
  int add_successor(int old, Seconds t, Rng& rng);
  void set_filename(int fact, const std::string& filename, Seconds written);
  void close(int f, Seconds t) { fact(f).closed_at = t; }
  bool closed(int f, Seconds t) const { return fact(f).closed_at && *fact(f).closed_at <= t; }

  // The next need at t: an open fact drawn in proportion to its intensity, not
  // among `exclude`, recorded in its history; -1 when nothing can be drawn.
  int draw_need(Rng& rng, Seconds t, const std::vector<int>& exclude);
  // lambda(t) of need_process.h: 0 for a closed fact.
  double intensity(int fact, Seconds t) const;

  bool project_active(int project, Seconds t) const;
  int active_project(Rng& rng, Seconds t) const;  // -1 when none is active

 private:
  double context(const Fact& f, Seconds t) const;
  double class_rate(FactClass c) const;
  double cached_odds(int fact, Seconds t) const;

  const Scenario& sc_;
  NeedParams params_;
  std::vector<Fact> facts_;
  std::unordered_map<std::string, int> by_name_;
  std::vector<ProjectWindow> windows_;
  // Intensities are evaluated on a grid of tau, whole hours and at most a day
  // (docs/simulator.md): the odds of each fact at the current grid point,
  // recomputed when the point moves or the fact has a new need.
  Seconds grid_point(Seconds t) const;
  Seconds grid_ = 3600;
  mutable std::vector<double> odds_;
  mutable std::vector<Seconds> odds_at_;
};

}  // namespace memsim::sim
