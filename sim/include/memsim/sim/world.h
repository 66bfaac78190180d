// The ground truth the simulator scores against: which facts exist, which hold
// now, how well each one's summary cues it, and which ones a session needs.
// It is the same for every variant; only what each variant shows the agent differs.
//
//  - evergreen rules are needed all the time, with Zipf-shaped popularity;
//  - project memories are needed while their project is active (projects start
//    and end: drift); new projects gain memories only by teaching;
//  - one-off facts are needed for a few days after they are born, then rarely.
// A fact contradicted in the world is never needed again; its successor is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fixtures.h"
#include "memsim/rng.h"
#include "memsim/sim/scenario.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

enum class FactKind { kEvergreen, kProject, kOneoff };

struct Fact {
  std::string filename;
  FactKind kind = FactKind::kOneoff;
  int project = -1;
  double quality = 0.5;      // probability a row of it is recognised when needed
  double zipf = 1.0;         // evergreen share of the class mass (sums to 1 over evergreens)
  Days born = 0;
  std::string key;           // slot; facts with a key can be contradicted
  std::optional<Seconds> closed_at;   // the fact stopped holding in the world
  bool archived_in_files = false;     // superseded in the files (start corpus or resolution)
};

struct ProjectWindow {
  int project = 0;
  Days start = 0, end = 0;  // active on [start, end)
};

// A fallback generator of the initial corpus with the fixtures' interface, used
// until memsim_fixtures is linkable (see docs/simulator.md).
std::vector<fixtures::GeneratedFile> generate_sim_corpus(std::uint64_t seed, const CorpusSpec& spec, Seconds now);

// Words from a small vocabulary, at least min_bytes long: summaries and bodies.
std::string sim_words(Rng& rng, int min_bytes, int max_bytes);

// A new memory file's text, as a human teaching the agent would have it written.
std::string taught_memory_text(const std::string& stem, const std::string& type, const std::string& summary,
                               Days created, const std::string& key, const std::string& supersedes);

class World {
 public:
  // Reads the generated files' frontmatter (key, status, created) and assigns
  // kinds, projects and qualities from `rng`.
  World(const Scenario& sc, const std::vector<fixtures::GeneratedFile>& files, Rng rng);

  const std::vector<Fact>& facts() const { return facts_; }
  const Fact* find(const std::string& filename) const;
  int index_of(const std::string& filename) const;

  // Adds a taught fact; returns its index. Kind and project are drawn from rng.
  int teach(const std::string& filename, Days born, const std::string& key, Rng& rng);
  void close(int fact, Seconds t);
  void mark_archived(int fact) { facts_[fact].archived_in_files = true; }
  // An open, keyed, not yet archived fact to contradict, or -1.
  int pick_contradiction(Rng& rng, Seconds now) const;
  // Whether the fact is closed in the world at t (a stale fact if shown as current).
  bool closed(int fact, Seconds t) const {
    return facts_[fact].closed_at && *facts_[fact].closed_at <= t;
  }

  // Distinct facts a session needs at `now`, by the drifting popularity.
  std::vector<int> sample_needs(Rng& rng, Seconds now, int count);
  bool project_active(int project, Days day) const;
  int active_project_for(Rng& rng, Days day) const;  // -1 when none is active

 private:
  double weight(const Fact& f, Days day, Seconds now) const;
  void refresh(Seconds now);

  const Scenario& sc_;
  std::vector<Fact> facts_;
  std::unordered_map<std::string, int> by_name_;
  std::vector<ProjectWindow> windows_;
  std::vector<double> cumulative_;
  Days cumulative_day_ = -1;
  bool dirty_ = true;
};

}  // namespace memsim::sim
