// The simulated world on its own: an honest start, a workload spread over the
// day with re-reads minutes apart, and a need stream with the regularities
// Anderson and Schooler found in real environments.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "memsim/journal.h"
#include "memsim/sim/environment.h"
#include "memsim/sim/world.h"
#include "memsim/timefmt.h"
#include "start_corpus.h"
#include "workload.h"

namespace memsim::sim {
namespace {

Scenario base(int history_days = 365) {
  auto sc = parse_scenario("variants: [{name: seed}]\n", "test.yaml");
  EXPECT_TRUE(sc.ok()) << sc.message();
  sc->corpus.history_days = history_days;
  return *sc;
}

struct History {
  explicit History(const Scenario& s) : sc(s), world(sc, Rng(11)), workload(sc, Rng(12)) {
    start = run_history(sc, world, workload, Rng(13), next_session);
  }
  Scenario sc;
  World world;
  Workload workload;
  int next_session = 0;
  StartCorpus start;
};

TEST(History, TheStartCorpusInventsNoPolicyFields) {
  History h(base());
  ASSERT_GT(h.start.files.size(), 500u);
  for (const StartFile& f : h.start.files)
    for (const char* key : {"\naccess_count:", "\nlast_accessed:", "\nlast_reinforced:", "\nstability:"})
      EXPECT_EQ(f.text.find(key), std::string::npos) << f.name << " carries" << key;
  // Every file was written (a Write touch) at its birth, and every touch is history.
  const JournalRead j = parse_journal(h.start.journal);
  EXPECT_EQ(j.bad_lines, 0u);
  std::set<std::string> written;
  for (const Touch& t : j.touches) {
    EXPECT_LT(t.time, h.sc.start);
    if (t.tool == "Write") written.insert(t.filename);
  }
  EXPECT_EQ(written.size(), h.start.files.size());
  EXPECT_GT(j.touches.size(), written.size() * 2) << "a year of use reads the files again";
  EXPECT_LT(parse_journal(h.start.journal_tail).touches.size(), j.touches.size());
}

TEST(History, NewProjectsStartWithNoMemories) {
  History h(base());
  std::set<int> later;  // projects whose first window opens after the start
  for (const ProjectWindow& w : h.world.windows()) {
    bool earlier = false;
    for (const ProjectWindow& v : h.world.windows())
      if (v.project == w.project && v.start < h.sc.start) earlier = true;
    if (!earlier && w.start >= h.sc.start) later.insert(w.project);
  }
  ASSERT_FALSE(later.empty()) << "the scenario should open new projects during the run";
  int taught = 0;
  for (const Fact& f : h.world.facts()) {
    if (f.kind != FactClass::kProject) continue;
    // Taught while its project was active (a successor of a superseded fact keeps its project).
    if (f.history.times().size() <= 1 || f.history.times().front() == f.born) {
      EXPECT_TRUE(h.world.project_active(f.project, f.born) || f.history.times().front() != f.born) << f.filename;
      ++taught;
    }
    EXPECT_FALSE(later.count(f.project)) << f.filename << " belongs to a project that has not started";
  }
  EXPECT_GT(taught, 50);
}

TEST(History, TheHistorysContradictionsAreSupersededInTheFiles) {
  Scenario sc = base();
  sc.corpus.superseded = 20;
  History h(sc);
  int closed = 0, successors = 0;
  for (const StartFile& f : h.start.files) {
    closed += f.text.find("\nvalid_until: ") != std::string::npos;
    successors += f.text.find("\nsupersedes: ") != std::string::npos;
  }
  EXPECT_EQ(closed, 20);
  EXPECT_EQ(successors, 20);
}

TEST(Workload, SessionsSpreadOverTheDayAndReReadsComeMinutesLater) {
  const Scenario sc = base();
  Workload w(sc, Rng(5));
  int next = 0, rereads = 0;
  std::set<std::int64_t> hours;
  for (int day = 0; day < 20; ++day) {
    const PlannedDay d = w.plan(day, next, true);
    for (const PlannedSession& s : d.sessions) {
      const Seconds midnight = sc.start + day * kSecondsPerDay;
      EXPECT_GE(s.start - midnight, sc.workload.hours.lo * 3600);
      EXPECT_LT(s.start - midnight, sc.workload.hours.hi * 3600);
      hours.insert((s.start - midnight) / 3600);
      for (const PlannedNeed& n : s.needs) {
        EXPECT_GE(n.at, s.start);
        EXPECT_LT(n.at, s.end);
        if (!n.reread_at) continue;
        ++rereads;
        EXPECT_GT(n.reread_at, n.at);
        EXPECT_LT(n.reread_at, s.end);
        EXPECT_LE(n.reread_at - n.at, sc.workload.reread_minutes.hi * 60);
      }
    }
  }
  EXPECT_GE(hours.size(), 10u) << "sessions start all through the working day";
  EXPECT_GT(rereads, 50);
}

// The three regularities, measured on the simulated stream as Anderson and
// Schooler measured theirs.
TEST(Environment, NeedOddsFollowAndersonAndSchooler) {
  History h(base());
  const EnvironmentStats e = environment_stats(h.world, h.sc.start - 365 * kSecondsPerDay, h.sc.start);
  // Recency: falling, and close to a straight line in log-log.
  const LogLogFit fit = fit_loglog(e.recency);
  EXPECT_LT(fit.slope, -0.5);
  EXPECT_GT(fit.slope, -2.0);
  EXPECT_GT(fit.r2, 0.9);
  for (std::size_t i = 1; i < e.recency.size(); ++i)
    if (e.recency[i].hits > 20) {
      EXPECT_LT(e.recency[i].odds(), e.recency[i - 1].odds()) << i;
    }
  // Frequency: rising.
  for (std::size_t i = 1; i < e.frequency.size(); ++i)
    if (e.frequency[i].hits > 20) {
      EXPECT_GT(e.frequency[i].odds(), e.frequency[i - 1].odds()) << i;
    }
  // Spacing: massed ahead at the shortest retention, spaced ahead at a long one.
  EXPECT_GT(e.massed[0].probability(), e.spaced[0].probability());
  bool crossed = false;
  for (std::size_t i = 3; i < e.massed.size(); ++i)
    if (e.massed[i].trials > 200 && e.spaced[i].trials > 200 && e.spaced[i].probability() > e.massed[i].probability())
      crossed = true;
  EXPECT_TRUE(crossed) << "spaced needs should outlast massed ones";
}

TEST(World, AClosedFactIsNeverNeededAndItsSuccessorInheritsItsHistory) {
  const Scenario sc = base(30);
  World w(sc, Rng(3));
  Rng r(4);
  const int f = w.add_fact(sc.start, r);
  w.set_filename(f, "feedback_x.md", sc.start);
  w.close(f, sc.start + 10);
  EXPECT_EQ(w.intensity(f, sc.start + 20), 0);
  const int s = w.add_successor(f, sc.start + 10, r);
  EXPECT_EQ(w.fact(s).history.times(), w.fact(f).history.times());
  EXPECT_GT(w.intensity(s, sc.start + 20), 0);
  for (int k = 0; k < 50; ++k) EXPECT_NE(w.draw_need(r, sc.start + 100 + k, {}), f);
}

}  // namespace
}  // namespace memsim::sim
