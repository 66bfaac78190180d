// A scenario: everything a simulator run needs, read from YAML (scenarios/*.yaml).
// Every key is optional except `variants`; the defaults below are the seed's scale
// (docs/simulator.md lists every key). A bad file is refused with one message
// naming the file, the line and the key:
//   "scenarios/x.yaml:12: workload.sessions_per_day: expected [min, max] integers"
// Unknown keys are errors too, so a typo never silently falls back to a default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/policy.h"
#include "memsim/result.h"

namespace memsim::sim {

struct Range {
  std::int64_t lo = 0, hi = 0;  // inclusive
};

// The home on the first simulated day. Nothing in it is drawn at random: the
// world runs forward over `history_days` (the burn-in) with the same need
// process and workload, and the files' policy fields are what the production
// fold makes of the touches that history left in the journal.
struct CorpusSpec {
  int files = 634;  // facts born during the history, evenly in time
  int history_days = 365;
  int pinned = 2;      // the two most needed rules, pinned by a human (importance 8)
  int superseded = 8;  // facts contradicted and superseded during the history
  int in_flight = 6;   // memories of the projects active at the start, marked in_flight
  int keyed = 40;      // facts with a `key:` slot; contradictions pick from these
  double found = 0.7;  // during the history, the share of needs the agent found and read
};

// How needs arise (need_process.h) and how the agent recognises and searches.
struct ModelSpec {
  double rule_share = 0.2;     // long-lived rules, needed in every project
  double project_share = 0.5;  // facts of one project (the rest are one-offs)
  double rule_rate = 1.0;      // median base rate r of each class, relative
  double project_rate = 4.0;
  double oneoff_rate = 0.3;
  double rate_spread = 1.0;       // standard deviation of ln r within a class
  double rule_baseline = 1.0;     // b of each class: need odds before any need; the larger,
  double project_baseline = 1.0;  // the less a class's needs depend on their own history
  double oneoff_baseline = 1.0;
  double floor_hours = 24;       // tau: a past need counts as at least this old
  double decay_intercept = 0.3;  // a of the spacing-sensitive decay
  double decay_scale = 0.25;     // c of the spacing-sensitive decay
  double dormant = 0.02;         // context factor of a project's facts while it is not active
  double quality_mean = 0.7;     // summary quality in [0, 1]: recognition probability from a row
  double quality_spread = 0.5;
  double cut_penalty = 0.8;   // recognition factor for a row cut to the New cap
  double search_base = 0.25;  // search finds a memory: base + weight * quality
  double search_quality_weight = 0.5;
};

struct WorkloadSpec {
  Range sessions_per_day{8, 10};
  Range hours{8, 20};  // sessions start in [lo, hi) o'clock, uniformly
  Range session_minutes{20, 120};
  Range prompts{3, 8};
  Range tool_calls_per_prompt{1, 3};  // Read/Edit/Write/Grep/Glob on project files
  Range needs_per_session{2, 6};
  double reread = 0.3;          // the memory is read again later in the session...
  Range reread_minutes{2, 30};  // ...this many minutes after the first read
  double edit = 0.05;           // an Edit of a memory after reading it
  // Drift: projects come and go; a new project starts with no memories.
  int active_projects = 3;
  Range project_days{7, 30};
  double project_revival = 0;     // chance a new project window reopens an old project
  double teaching_per_day = 1.5;  // new memories a human teaches directly
  double contradictions_per_day = 0.2;
  Range resolve_after_days{1, 5};  // a human supersedes the old fact this much later
  double secrets_per_day = 0.3;
  // Directives the user states in prompts ("Always ..."), the ground truth of
  // promotion: standing rules are worth promoting; task rules hold only for the
  // task at hand, repeated for a few days, and promoting one is a false promotion.
  int standing_rules = 0;
  double restate = 0.08;
  double task_rules_per_day = 0;
  Range task_rule_days{1, 3};
  double task_restate = 0.3;
  bool reindex_on_session_start = false;  // the nightly tick is what regenerates the index
};

// What a variant loads at session start. `index` is MEMORY.md as core wrote it,
// ranked by the variant's policy (`ranking:` and every constant): production code,
// adoptable with the same lines in policy.yaml. The other two are yardsticks that
// no home can adopt and that keep no home of their own: `oracle` orders the index
// (core's build_index, the same budgets) by the world's true need intensities,
// the ceiling; `notes200` is a plain notes file, one row per memory in birth
// order, of which the harness loads the first 200 lines.
enum class LoaderKind { kIndex, kOracle, kNotes200 };

struct VariantSpec {
  std::string name;
  LoaderKind loader = LoaderKind::kIndex;
  Policy policy;             // defaults + scenario policy + variant policy
  std::string policy_lines;  // the variant's own policy block, as policy.yaml lines
};

// One world knob varied over values, the others held (sweep.h).
struct SweepAxis {
  std::string knob;  // e.g. "workload.project_revival" (sweep.h lists them)
  std::vector<double> values;
};

struct SweepSpec {
  int seeds = 0;  // 0: the scenario's `seeds`
  std::vector<SweepAxis> axes;
};

struct Scenario {
  std::string path;  // as given
  std::string name;
  std::uint64_t seed = 1;  // the first seed; a run covers seed, seed + 1, ...
  int seeds = 10;
  Seconds start = 0;
  int days = 30;
  std::string baseline;  // the variant every other is compared with; default "seed" or the first
  CorpusSpec corpus;
  ModelSpec model;
  WorkloadSpec workload;
  Seconds tick_offset = 3 * 3600;         // nightly tick, seconds after midnight
  Seconds wake_offset = 3 * 3600 + 1800;  // reflective wake
  std::vector<VariantSpec> variants;
  SweepSpec sweep;

  // The baseline's index in variants, and the oracle's (-1 when there is none).
  int baseline_index() const;
  int oracle_index() const;
};

// Parses scenario text; `path` names it in messages.
Result<Scenario> parse_scenario(const std::string& text, const std::string& path);
// Reads and parses a scenario file.
Result<Scenario> load_scenario(const std::string& path);

std::string_view loader_name(LoaderKind k);

}  // namespace memsim::sim
