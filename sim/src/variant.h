// One variant of a run: its home (for `index` variants) and everything the event
// loop asks of it, each through the production code a live home runs: hooks for
// tool calls and session starts and ends, run_tick() at night, supersede() when a
// human resolves a change, promote and adopt at 18:00. The yardsticks (oracle,
// notes200) keep no home: they only build their view from the world (view.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "memsim/atoms.h"
#include "memsim/clock.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/reindex.h"
#include "memsim/search.h"
#include "memsim/sim/engine.h"
#include "memsim/sim/sim_fs.h"
#include "memsim/sim/trace.h"
#include "memsim/sim/world.h"
#include "start_corpus.h"
#include "view.h"
#include "workload.h"

namespace memsim::sim {

// What every variant of one run shares.
struct RunContext {
  const Scenario& sc;
  const RunOptions& options;
  FixedClock& clock;
  SimFileSystem& fs;
  World& world;
  const Redactor& redactor;
  TraceHash& trace;
  std::map<std::string, long long>& sometimes;
  std::map<std::string, double>& seconds;
  std::function<void(const std::string& variant, const std::string& what)> on_violation;
  const std::vector<Directive>* directives = nullptr;
  std::vector<std::string> secrets;   // planted so far
  NearDuplicateMemo near_duplicates;  // the variants' homes hold the same summaries
};

// A need's shared draws, for every variant alike.
struct NeedDraw {
  long long id = 0;
  int fact = -1;
  NeedClass need_class = NeedClass::kRule;
  double recognise = 0, search = 0;
  bool edit = false;
};

class Variant {
 public:
  Variant(const VariantSpec& spec, RunContext& ctx);

  // The start: the home written from the history and first indexed (index
  // variants), or the first view (yardsticks).
  Status setup(const std::string& home_dir, const StartCorpus& start);

  bool has_home() const { return result_.has_home; }
  const VariantSpec& spec() const { return spec_; }
  VariantResult& result() { return result_; }

  // Session start: loads the view and returns what SessionStart printed;
  // yardsticks count `start_output` (the first home's) as theirs.
  std::size_t session_start(int session, const std::string& transcript, std::size_t start_output);
  void session_end(int session, const std::string& transcript);
  void tool_call(const std::string& tool, const std::string& path, int session);
  // A need: met from the index, by search, or missed; met ones are read (and
  // maybe edited). Returns 'i', 's' or 'x'.
  char need(const NeedDraw& d, int session);
  void reread(long long need_id, int fact, int session);
  void teach(int fact, const StartFile& file);
  void resolve(int old_fact, int new_fact, const std::string& new_file);
  void tick();
  void adopt_pass();
  // The always-checks after an event (--check).
  void check();

 private:
  void touch(const std::string& tool, int fact, int session);
  void reindexed(const ReindexReport& rep, bool tick, bool written);
  void set_view(View v);
  void yardstick_view();
  void violation(const std::string& what);
  void hook_status(const char* what, const Status& s);
  DayMetrics& today();

  const VariantSpec& spec_;
  RunContext& ctx_;
  Home home_{""};
  ViewPtr view_;
  std::unordered_map<int, ViewPtr> session_view_;
  std::unordered_map<std::string, PolicyValues> shadow_;  // core's fold of every touch issued
  Corpus corpus_;   // the last tick's, which the next tick takes unchanged memories from
  SlotMemo slots_;  // what the slot filters said of each slot version (atoms.h)
  // Per memory file: the version whose text was searched for the first `checked`
  // planted secrets, and how many of them it holds. A file version's body does not
  // change (write-back rewrites only the policy lines: numbers and dates), so a
  // tick searches only what changed, and only for the secrets planted since.
  struct SecretScan {
    std::uint64_t version = 0;
    std::size_t checked = 0;
    int found = 0;
  };
  std::unordered_map<std::string, SecretScan> secret_scans_;
  std::unordered_set<long long> met_;  // needs met and not yet re-read
  std::vector<char> prev_view_;
  VariantResult result_;
};

}  // namespace memsim::sim
