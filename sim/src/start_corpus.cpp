#include "start_corpus.h"

#include <algorithm>
#include <map>

#include "corpus_text.h"
#include "memsim/journal.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

constexpr Seconds kTailDays = 30;

struct TimedTouch {
  Seconds time;
  std::uint64_t seq;
  Touch line;
};

void name_fact(World& world, int f, int serial, Rng& rng) {
  Fact& fact = world.fact(f);
  if (fact.type.empty()) fact.type = type_for(fact.kind, rng);
  fact.summary = sim_words(rng, 30, 150);
  world.set_filename(f, stem_for(fact.type, serial, rng) + ".md", fact.born);
}

std::string stem(const std::string& filename) { return filename.substr(0, filename.size() - 3); }

}  // namespace

StartFile taught_file(World& world, int f, int serial, Rng& rng) {
  name_fact(world, f, serial, rng);
  const Fact& fact = world.fact(f);
  Authored a;
  a.stated = true;
  a.body = fact.summary + "\n\nTaught directly by the user.";
  return {fact.filename, memory_text(fact, stem(fact.filename), a), fact.born};
}

StartCorpus run_history(const Scenario& sc, World& world, Workload& workload, Rng rng, int& next_session) {
  const int history = sc.corpus.history_days;
  StartCorpus out;
  std::vector<TimedTouch> touches;
  std::uint64_t seq = 0;
  auto touch = [&](Seconds t, const char* tool, int f, const std::string& session) {
    touches.push_back({t, seq++, Touch{t, tool, world.fact(f).filename, session}});
  };
  std::map<int, Authored> authored;  // by fact
  std::map<int, int> serial_of;
  int serial = 0;
  Rng names = rng.fork(1), births = rng.fork(2), needs = rng.fork(3), found = rng.fork(4), closing = rng.fork(5);
  // When the history's contradictions happen (they were resolved at once, by supersede).
  std::vector<Seconds> contradictions;
  for (int k = 0; k < sc.corpus.superseded; ++k)
    contradictions.push_back(sc.start - closing.between(1, static_cast<std::int64_t>(history) * kSecondsPerDay - 1));
  std::sort(contradictions.begin(), contradictions.end());
  std::size_t next_contradiction = 0;

  for (int day = -history; day < 0; ++day) {
    PlannedDay plan = workload.plan(day, next_session, false);
    // The day's happenings in time order: births, contradictions, needs.
    struct Happening {
      Seconds at;
      int kind;  // 0 birth, 1 contradiction, 2 need
      std::size_t session, need;
    };
    std::vector<Happening> h;
    for (Seconds t : plan.teach) h.push_back({t, 0, 0, 0});
    const Seconds day_end = sc.start + static_cast<Seconds>(day + 1) * kSecondsPerDay;
    while (next_contradiction < contradictions.size() && contradictions[next_contradiction] < day_end)
      h.push_back({contradictions[next_contradiction++], 1, 0, 0});
    for (std::size_t s = 0; s < plan.sessions.size(); ++s)
      for (std::size_t n = 0; n < plan.sessions[s].needs.size(); ++n)
        h.push_back({plan.sessions[s].needs[n].at, 2, s, n});
    std::stable_sort(h.begin(), h.end(), [](const Happening& a, const Happening& b) { return a.at < b.at; });
    std::vector<std::vector<int>> needed(plan.sessions.size());
    for (const Happening& e : h) {
      if (e.kind == 0) {
        const int f = world.add_fact(e.at, births);
        serial_of[f] = ++serial;
        name_fact(world, f, serial, names);
        touch(e.at, "Write", f, "-");
      } else if (e.kind == 1) {
        std::vector<int> open;
        for (int f = 0; f < world.size(); ++f)
          if (!world.closed(f, e.at) && !world.fact(f).filename.empty()) open.push_back(f);
        if (open.empty()) continue;
        const int old = open[closing.below(open.size())];
        Fact& o = world.fact(old);
        if (o.key.empty()) o.key = "slot-" + std::to_string(serial_of[old]);
        world.close(old, e.at);
        o.archived_in_files = true;
        authored[old].valid_until = day_of(e.at);
        const int succ = world.add_successor(old, e.at, births);
        serial_of[succ] = ++serial;
        name_fact(world, succ, serial, names);
        // add_successor may grow the world's facts, so `o` is not used past it.
        authored[succ].supersedes = stem(world.fact(old).filename);
        touch(e.at, "Write", succ, "-");
      } else {
        const PlannedSession& s = plan.sessions[e.session];
        const PlannedNeed& n = s.needs[e.need];
        const int f = world.draw_need(needs, e.at, needed[e.session]);
        if (f < 0) continue;
        needed[e.session].push_back(f);
        ++out.needs;
        if (!found.chance(sc.corpus.found) || world.fact(f).filename.empty()) continue;
        const std::string session = "h" + std::to_string(s.id);
        touch(e.at, "Read", f, session);
        if (n.reread_at) touch(n.reread_at, "Read", f, session);
      }
    }
  }

  // What people did to the corpus by the start: pinned the rules needed most,
  // marked the active projects' newest memories in flight, gave slots to facts
  // a later contradiction can pick, and set a few importances.
  std::vector<int> rules;
  for (int f = 0; f < world.size(); ++f)
    if (world.fact(f).kind == FactClass::kRule && !world.closed(f, sc.start)) rules.push_back(f);
  std::stable_sort(rules.begin(), rules.end(), [&](int a, int b) {
    return world.fact(a).history.times().size() > world.fact(b).history.times().size();
  });
  for (int k = 0; k < sc.corpus.pinned && k < static_cast<int>(rules.size()); ++k) {
    world.fact(rules[static_cast<std::size_t>(k)]).pinned = true;
    world.fact(rules[static_cast<std::size_t>(k)]).importance = 8;
  }
  std::vector<int> in_flight;
  for (int f = world.size() - 1; f >= 0 && static_cast<int>(in_flight.size()) < sc.corpus.in_flight; --f)
    if (world.fact(f).kind == FactClass::kProject && !world.closed(f, sc.start) &&
        world.project_active(world.fact(f).project, sc.start))
      in_flight.push_back(f);
  Rng marks = rng.fork(6);
  for (int f : in_flight) {
    authored[f].in_flight = true;
    authored[f].state = sim_words(marks, 20, 60);
  }
  std::vector<int> keyless;
  for (int f = 0; f < world.size(); ++f)
    if (world.fact(f).key.empty() && !world.closed(f, sc.start)) keyless.push_back(f);
  for (int k = 0; k < sc.corpus.keyed && !keyless.empty(); ++k) {
    const std::size_t pick = marks.below(keyless.size());
    world.fact(keyless[pick]).key = "slot-" + std::to_string(serial_of[keyless[pick]]);
    keyless.erase(keyless.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  for (int f = 0; f < world.size(); ++f)
    if (!world.fact(f).pinned && marks.chance(0.05))
      world.fact(f).importance = static_cast<double>(marks.between(1, 6));

  Rng bodies = rng.fork(7);
  for (int f = 0; f < world.size(); ++f) {
    const Fact& fact = world.fact(f);
    Authored& a = authored[f];
    a.body = sim_words(bodies, 200, 1200);
    out.files.push_back({fact.filename, memory_text(fact, stem(fact.filename), a), fact.born});
  }
  std::sort(out.files.begin(), out.files.end(), [](const StartFile& a, const StartFile& b) { return a.name < b.name; });

  std::sort(touches.begin(), touches.end(), [](const TimedTouch& a, const TimedTouch& b) {
    return a.time != b.time ? a.time < b.time : a.seq < b.seq;
  });
  const Seconds tail_from = sc.start - kTailDays * kSecondsPerDay;
  for (const TimedTouch& t : touches) {
    auto line = format_touch(t.line);
    if (!line.ok()) continue;  // our own names and tools: never happens
    out.journal += *line;
    if (t.time >= tail_from) out.journal_tail += *line;
  }
  out.touches = static_cast<long long>(touches.size());
  return out;
}

}  // namespace memsim::sim
