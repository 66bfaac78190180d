#include "memsim/sim/world.h"

#include <algorithm>
#include <cmath>

#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

// A standard normal draw from two uniforms (Box-Muller, our own mapping: no std:: distribution).
double normal(Rng& rng) {
  const double u1 = std::max(rng.unit(), 1e-300), u2 = rng.unit();
  return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

double quality(const ModelSpec& m, Rng& rng) {
  return std::clamp(m.quality_mean + m.quality_spread * (rng.unit() + rng.unit() - 1.0), 0.02, 1.0);
}

}  // namespace

std::string_view class_name(FactClass c) {
  switch (c) {
    case FactClass::kRule: return "rule";
    case FactClass::kProject: return "project";
    case FactClass::kOneoff: return "one-off";
  }
  return "?";
}

World::World(const Scenario& sc, Rng rng) : sc_(sc) {
  const ModelSpec& m = sc.model;
  params_ = {m.floor_hours / 24.0, m.decay_intercept, m.decay_scale};
  grid_ = std::clamp<Seconds>(static_cast<Seconds>(m.floor_hours) * 3600, 3600, kSecondsPerDay);
  const WorkloadSpec& w = sc.workload;
  const Seconds first = sc.start - static_cast<Seconds>(sc.corpus.history_days) * kSecondsPerDay;
  const Seconds end = sc.start + static_cast<Seconds>(sc.days) * kSecondsPerDay;
  // `active_projects` slots, each a chain of projects; a window either opens a new
  // project or, with project_revival, reopens one that is not active.
  int next_project = 0;
  for (int slot = 0; slot < w.active_projects; ++slot) {
    Seconds at = first - rng.between(0, w.project_days.hi - 1) * kSecondsPerDay;
    while (at < end) {
      const Seconds len = rng.between(w.project_days.lo, w.project_days.hi) * kSecondsPerDay;
      int project = next_project;
      if (next_project > 0 && rng.chance(w.project_revival)) {
        std::vector<int> idle;
        for (int p = 0; p < next_project; ++p)
          if (!project_active(p, at)) idle.push_back(p);
        if (!idle.empty()) project = idle[rng.below(idle.size())];
      }
      if (project == next_project) ++next_project;
      windows_.push_back({project, at, at + len});
      at += len;
    }
  }
}

int World::index_of(const std::string& filename) const {
  auto it = by_name_.find(filename);
  return it == by_name_.end() ? -1 : it->second;
}

double World::class_rate(FactClass c) const {
  const ModelSpec& m = sc_.model;
  return c == FactClass::kRule ? m.rule_rate : c == FactClass::kProject ? m.project_rate : m.oneoff_rate;
}

int World::add_fact(Seconds t, Rng& rng) {
  const ModelSpec& m = sc_.model;
  Fact f;
  f.born = t;
  const double u = rng.unit();
  if (u < m.rule_share) {
    f.kind = FactClass::kRule;
  } else if (u < m.rule_share + m.project_share) {
    f.project = active_project(rng, t);
    f.kind = f.project >= 0 ? FactClass::kProject : FactClass::kOneoff;
  }
  f.rate = class_rate(f.kind) * std::exp(m.rate_spread * normal(rng));
  f.quality = quality(m, rng);
  f.history.record(t, params_);
  facts_.push_back(std::move(f));
  odds_.push_back(0);
  odds_at_.push_back(-1);
  return size() - 1;
}

int World::add_successor(int old, Seconds t, Rng& rng) {
  Fact f;
  const Fact& o = fact(old);
  f.born = t;
  f.kind = o.kind;
  f.project = o.project;
  f.rate = o.rate;
  f.key = o.key;
  f.type = o.type;
  f.quality = quality(sc_.model, rng);
  f.history.inherit(o.history);
  facts_.push_back(std::move(f));
  odds_.push_back(0);
  odds_at_.push_back(-1);
  return size() - 1;
}

void World::set_filename(int f, const std::string& filename, Seconds written) {
  fact(f).filename = filename;
  fact(f).written = written;
  by_name_[filename] = f;
}

bool World::project_active(int project, Seconds t) const {
  for (const ProjectWindow& w : windows_)
    if (w.project == project && w.start <= t && t < w.end) return true;
  return false;
}

int World::active_project(Rng& rng, Seconds t) const {
  std::vector<int> active;
  for (const ProjectWindow& w : windows_)
    if (w.start <= t && t < w.end) active.push_back(w.project);
  return active.empty() ? -1 : active[rng.below(active.size())];
}

double World::context(const Fact& f, Seconds t) const {
  return f.kind == FactClass::kProject && !project_active(f.project, t) ? sc_.model.dormant : 1.0;
}

Seconds World::grid_point(Seconds t) const { return t - ((t % grid_) + grid_) % grid_; }

double World::cached_odds(int i, Seconds t) const {
  const Seconds at = grid_point(t);
  const auto k = static_cast<std::size_t>(i);
  if (odds_at_[k] != at) {
    const ModelSpec& m = sc_.model;
    const FactClass c = facts_[k].kind;
    const double b = c == FactClass::kRule      ? m.rule_baseline
                     : c == FactClass::kProject ? m.project_baseline
                                                : m.oneoff_baseline;
    odds_[k] = b + facts_[k].history.activation(at, params_);
    odds_at_[k] = at;
  }
  return odds_[k];
}

double World::intensity(int i, Seconds t) const {
  const Fact& f = fact(i);
  if (closed(i, t) || f.born > t) return 0;
  return f.rate * context(f, t) * cached_odds(i, t);
}

int World::draw_need(Rng& rng, Seconds t, const std::vector<int>& exclude) {
  std::vector<double> cumulative(facts_.size());
  double sum = 0;
  // Project activity per fact is looked up once per project, not per fact.
  std::unordered_map<int, bool> active;
  for (std::size_t i = 0; i < facts_.size(); ++i) {
    const Fact& f = facts_[i];
    double w = 0;
    if (!closed(static_cast<int>(i), t) && f.born <= t &&
        std::find(exclude.begin(), exclude.end(), static_cast<int>(i)) == exclude.end()) {
      double ctx = 1;
      if (f.kind == FactClass::kProject) {
        auto [it, fresh] = active.try_emplace(f.project, false);
        if (fresh) it->second = project_active(f.project, t);
        ctx = it->second ? 1.0 : sc_.model.dormant;
      }
      w = f.rate * ctx * cached_odds(static_cast<int>(i), t);
    }
    sum += w;
    cumulative[i] = sum;
  }
  if (sum <= 0) return -1;
  const double x = rng.unit() * sum;
  const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), x);
  // upper_bound never lands on a zero weight: its sum equals the one before, which is <= x.
  const int pick = static_cast<int>(
      std::min<std::ptrdiff_t>(it - cumulative.begin(), static_cast<std::ptrdiff_t>(cumulative.size()) - 1));
  Fact& f = facts_[static_cast<std::size_t>(pick)];
  f.history.record(t, params_);
  odds_at_[static_cast<std::size_t>(pick)] = -1;
  return pick;
}

}  // namespace memsim::sim
