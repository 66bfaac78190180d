#include "memsim/sim/calibrate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "memsim/corpus.h"
#include "memsim/journal.h"
#include "memsim/sim/environment.h"
#include "memsim/sim/world.h"
#include "memsim/timefmt.h"
#include "start_corpus.h"
#include "workload.h"

namespace memsim::sim {

namespace {

constexpr int kMinDays = 30, kMinNeedDays = 200;

// The value at quantile q of a sample (nearest rank).
double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(std::clamp(q, 0.0, 1.0) * static_cast<double>(v.size() - 1))];
}

Range range_of(const std::vector<double>& v, std::int64_t floor_lo, std::int64_t fallback_lo,
               std::int64_t fallback_hi) {
  if (v.empty()) return {fallback_lo, fallback_hi};
  const auto lo = std::max<std::int64_t>(floor_lo, static_cast<std::int64_t>(std::floor(quantile(v, 0.1))));
  const auto hi = std::max<std::int64_t>(lo, static_cast<std::int64_t>(std::ceil(quantile(v, 0.9))));
  return {lo, hi};
}

// The recency slope and concentration of need-days (file, day) given per file.
struct Shape {
  double slope = 0, top_share = 0;
  long long need_days = 0;
};

Shape shape_of(const std::map<std::string, std::vector<Days>>& days_by_file, Days first, Days last) {
  Shape s;
  std::vector<CurveBin> bins(9);
  for (std::size_t b = 0; b < bins.size(); ++b) bins[b].x = std::ldexp(1.0, static_cast<int>(b));
  std::vector<long long> counts;
  for (const auto& [_, days] : days_by_file) {
    counts.push_back(static_cast<long long>(days.size()));
    s.need_days += static_cast<long long>(days.size());
    for (Days d = std::max(first, days.front() + 1); d <= last; ++d) {
      const auto after = std::lower_bound(days.begin(), days.end(), d);
      const Days since = d - *(after - 1);
      std::size_t b = 0;
      while (b + 1 < bins.size() && (2LL << b) <= since) ++b;
      ++bins[b].trials;
      bins[b].hits += after != days.end() && *after == d;
    }
  }
  s.slope = fit_loglog(bins).slope;
  std::sort(counts.rbegin(), counts.rend());
  long long top = 0;
  for (std::size_t i = 0; i < std::max<std::size_t>(1, counts.size() / 10) && i < counts.size(); ++i) top += counts[i];
  s.top_share = s.need_days > 0 ? static_cast<double>(top) / static_cast<double>(s.need_days) : 0;
  return s;
}

// The same shape for a simulated history of the candidate scenario.
Shape simulated_shape(const Scenario& sc) {
  World w(sc, Rng(101));
  Workload load(sc, Rng(102));
  int next = 0;
  (void)run_history(sc, w, load, Rng(103), next);
  std::map<std::string, std::vector<Days>> days;
  for (const Fact& f : w.facts()) {
    if (f.filename.empty()) continue;
    std::vector<Days>& d = days[f.filename];
    for (Seconds t : f.history.times()) d.push_back(day_of(t));
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }
  return shape_of(days, day_of(sc.start) - sc.corpus.history_days, day_of(sc.start) - 1);
}

std::string range_text(const Range& r) { return fmt::format("[{}, {}]", r.lo, r.hi); }

}  // namespace

Result<Calibration> calibrate_home(FileSystem& fs, const Home& home) {
  if (Status s = check_home(fs, home); !s.ok()) return s.error();
  auto corpus = load_corpus(fs, home, Policy{});
  if (!corpus.ok()) return corpus.error();
  auto journal = read_journal(fs, home);
  if (!journal.ok()) return journal.error();
  auto base = parse_scenario(
      "variants:\n  - name: seed\n  - name: no-gate\n    policy: {spacing_gate: 0}\n  - name: no-growth\n"
      "    policy: {stability_growth: 1.0}\n  - name: recency\n    policy: {ranking: recency}\n  - name: access-count\n"
      "    policy: {ranking: access_count}\n  - name: actr\n    policy: {ranking: actr}\n  - name: fsrs\n"
      "    policy: {ranking: fsrs}\n  - name: notes-200\n    loader: notes200\n  - name: oracle\n    loader: oracle\n",
      "calibrate");
  if (!base.ok()) return base.error();
  Calibration c;
  Scenario& sc = c.scenario;
  sc = *base;
  sc.name = "calibrated from " + home.root();
  WorkloadSpec& w = sc.workload;

  // Sessions: start, end, distinct reads, re-read gaps, edits.
  struct Seen {
    Seconds start = 0, end = 0;
    std::map<std::string, std::vector<Seconds>> reads;
    int edits = 0;
  };
  std::map<std::string, Seen> sessions;
  for (const SessionStart& s : journal->sessions) {
    if (s.session == "-") continue;
    Seen& x = sessions[s.session];
    x.start = x.start ? std::min(x.start, s.time) : s.time;
    x.end = std::max(x.end, s.time);
  }
  std::map<std::string, Seconds> first_touch;
  std::map<std::string, std::string> first_tool;
  std::map<std::string, std::vector<Days>> need_days;
  for (const Touch& t : journal->touches) {
    if (!first_touch.count(t.filename)) {
      first_touch[t.filename] = t.time;
      first_tool[t.filename] = t.tool;
    }
    if (t.tool == "Read") {
      std::vector<Days>& d = need_days[t.filename];
      if (d.empty() || d.back() != day_of(t.time)) d.push_back(day_of(t.time));
    }
    if (t.session == "-") continue;
    Seen& x = sessions[t.session];
    x.start = x.start ? std::min(x.start, t.time) : t.time;
    x.end = std::max(x.end, t.time);
    if (t.tool == "Read") x.reads[t.filename].push_back(t.time);
    if (t.tool == "Edit" || t.tool == "MultiEdit") ++x.edits;
  }
  for (auto& [_, d] : need_days) std::sort(d.begin(), d.end());
  std::map<Days, int> per_day;
  std::vector<double> hours, minutes, needs, gaps;
  long long distinct = 0, reread = 0, edits = 0;
  for (const auto& [_, s] : sessions) {
    ++per_day[day_of(s.start)];
    const Seconds hour = (s.start % kSecondsPerDay) / 3600;  // the whole hour it started in
    hours.push_back(static_cast<double>(hour));
    minutes.push_back(std::max(1.0, static_cast<double>(s.end - s.start) / 60));
    needs.push_back(static_cast<double>(s.reads.size()));
    edits += s.edits;
    for (const auto& [f, times] : s.reads) {
      ++distinct;
      if (times.size() < 2) continue;
      ++reread;
      gaps.push_back(std::max(1.0, static_cast<double>(times[1] - times[0]) / 60));
    }
  }
  const int files = static_cast<int>(corpus->memories.size());
  if (sessions.empty()) {
    c.notes.push_back("the journal has no sessions: every value is month.yaml's");
  } else {
    const Days first = per_day.begin()->first, last = per_day.rbegin()->first;
    const int span = static_cast<int>(last - first + 1);
    std::vector<double> counts;
    for (Days d = first; d <= last; ++d) counts.push_back(per_day.count(d) ? per_day[d] : 0);
    std::vector<double> active;
    for (double x : counts)
      if (x > 0) active.push_back(x);
    w.sessions_per_day = range_of(active, 1, 8, 10);
    const auto first_hour = static_cast<std::int64_t>(quantile(hours, 0.05));
    w.hours = {first_hour, std::min<std::int64_t>(24, static_cast<std::int64_t>(quantile(hours, 0.95)) + 1)};
    w.session_minutes = range_of(minutes, 1, 20, 120);
    w.needs_per_session = range_of(needs, 0, 2, 6);
    if (w.needs_per_session.hi == 0) w.needs_per_session = {0, 1};
    w.reread = distinct > 0 ? static_cast<double>(reread) / static_cast<double>(distinct) : w.reread;
    if (!gaps.empty()) w.reread_minutes = range_of(gaps, 1, 2, 30);
    w.edit = distinct > 0 ? std::min(1.0, static_cast<double>(edits) / static_cast<double>(distinct)) : w.edit;
    long long taught = 0;
    for (const auto& [f, tool] : first_tool) taught += tool == "Write" ? 1 : 0;
    w.teaching_per_day = static_cast<double>(taught) / span;
    c.notes.push_back(
        fmt::format("{} sessions over {} days ({} with sessions): sessions_per_day {}, hours {}, "
                    "session_minutes {}",
                    sessions.size(), span, active.size(), range_text(w.sessions_per_day), range_text(w.hours),
                    range_text(w.session_minutes)));
    c.notes.push_back(
        fmt::format("{} distinct reads: needs_per_session {}, reread {:.2f} ({} minutes later), "
                    "edit {:.2f}; {} files taught (first touched by a Write): {:.2f} a day",
                    distinct, range_text(w.needs_per_session), w.reread, range_text(w.reread_minutes), w.edit, taught,
                    w.teaching_per_day));
    // The need process, fitted when there is enough history to fit.
    const Shape observed = shape_of(need_days, first, last);
    c.journal_slope = observed.slope;
    c.journal_top_share = observed.top_share;
    if (span >= kMinDays && observed.need_days >= kMinNeedDays) {
      sc.corpus.history_days = std::max(kMinDays, span);
      double best = 1e300;
      Scenario trial = sc;
      trial.corpus.files = std::max(50, files);
      for (double a : {0.1, 0.2, 0.3, 0.5, 0.8})
        for (double spread : {0.5, 1.0, 1.5}) {
          trial.model.decay_intercept = a;
          trial.model.rate_spread = spread;
          const Shape sim = simulated_shape(trial);
          const double err =
              std::pow(sim.slope - observed.slope, 2) + 4 * std::pow(sim.top_share - observed.top_share, 2);
          if (err < best) {
            best = err;
            sc.model.decay_intercept = a;
            sc.model.rate_spread = spread;
          }
        }
      c.fitted = true;
      c.notes.push_back(
          fmt::format("need process fitted to {} need-days: recency slope {:.2f}, top tenth of files "
                      "{:.0f}% of need-days; decay_intercept {}, rate_spread {}",
                      observed.need_days, observed.slope, 100 * observed.top_share, sc.model.decay_intercept,
                      sc.model.rate_spread));
    } else {
      c.notes.push_back(
          fmt::format("too little history to fit the need process ({} days, {} need-days; needs {} "
                      "and {}): its parameters are month.yaml's",
                      span, observed.need_days, kMinDays, kMinNeedDays));
    }
  }
  sc.corpus.files = std::max(1, files);
  sc.corpus.pinned = std::min(sc.corpus.pinned, sc.corpus.files);
  sc.corpus.superseded = std::min(sc.corpus.superseded, sc.corpus.files / 10);
  sc.corpus.keyed = std::min(sc.corpus.keyed, sc.corpus.files - sc.corpus.pinned - sc.corpus.superseded);
  c.notes.push_back(fmt::format("corpus: {} memory files", sc.corpus.files));

  const ModelSpec& m = sc.model;
  const CorpusSpec& k = sc.corpus;
  std::string y = "# A world fitted to " + home.root() + " by memsim calibrate (docs/simulator.md).\n";
  for (const std::string& n : c.notes) y += "# - " + n + "\n";
  y += fmt::format(
      "name: calibrated\nseed: 1\nseeds: 10\ndays: 30\n"
      "corpus: {{files: {}, history_days: {}, pinned: {}, superseded: {}, in_flight: {}, keyed: {}, found: {}}}\n",
      k.files, k.history_days, k.pinned, k.superseded, k.in_flight, k.keyed, k.found);
  y += fmt::format(
      "model:\n  decay_intercept: {}\n  decay_scale: {}\n  rate_spread: {}\n  rule_share: {}\n"
      "  project_share: {}\n",
      m.decay_intercept, m.decay_scale, m.rate_spread, m.rule_share, m.project_share);
  y += fmt::format(
      "workload:\n  sessions_per_day: {}\n  hours: {}\n  session_minutes: {}\n  needs_per_session: {}\n"
      "  reread: {:.3f}\n  reread_minutes: {}\n  edit: {:.3f}\n  teaching_per_day: {:.3f}\n",
      range_text(w.sessions_per_day), range_text(w.hours), range_text(w.session_minutes),
      range_text(w.needs_per_session), w.reread, range_text(w.reread_minutes), w.edit, w.teaching_per_day);
  y += "variants:\n  - name: seed\n  - name: no-gate\n    policy: {spacing_gate: 0}\n  - name: no-growth\n"
       "    policy: {stability_growth: 1.0}\n  - name: recency\n    policy: {ranking: recency}\n"
       "  - name: access-count\n    policy: {ranking: access_count}\n  - name: actr\n    policy: {ranking: actr}\n"
       "  - name: fsrs\n    policy: {ranking: fsrs}\n  - name: notes-200\n    loader: notes200\n"
       "  - name: oracle\n    loader: oracle\n";
  c.yaml = y;
  // The file must load: the same parser `memsim run` uses.
  if (auto check = parse_scenario(y, "calibrated scenario"); !check.ok())
    return Error{"calibrate wrote a scenario that does not load: " + check.message()};
  return c;
}

}  // namespace memsim::sim
