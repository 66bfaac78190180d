// A scenario: everything a simulator run needs, read from YAML (scenarios/*.yaml).
// Every key is optional except `variants`; the defaults below are the seed's scale.
// A bad file is refused with one message naming the file, the line and the key:
//   "scenarios/x.yaml:12: workload.sessions_per_day: expected [min, max] integers"
// Unknown keys are errors too, so a typo never silently falls back to a default.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "memsim/clock.h"
#include "memsim/policy.h"
#include "memsim/result.h"

namespace memsim::sim {

struct Range {
  std::int64_t lo = 0, hi = 0;  // inclusive
};

struct CorpusSpec {
  int files = 634;
  double never_reinforced = 0.795;
  int newborn = 12;
  int pinned = 2;
  int superseded = 8;
  int in_flight = 6;
  int keyed = 40;  // files carrying a `key:` slot, the ones contradictions pick from
};

// The ground truth: what the agent needs and how well a summary cues it.
struct ModelSpec {
  double evergreen_share = 0.2;   // rules needed all the time, Zipf-weighted
  double project_share = 0.5;     // needed while their project is active; the rest are one-offs
  double zipf = 1.0;              // evergreen weight 1/rank^zipf
  // Need weights (relative masses; a need picks a memory with probability proportional).
  double evergreen_weight = 4.0;  // the whole evergreen class
  double project_weight = 1.5;    // each active project, split among its open memories
  double dormant_weight = 0.003;  // each memory of an inactive project
  double oneoff_weight = 0.5;     // each one-off during its burst
  int oneoff_burst_days = 3;
  double background_weight = 0.002;  // each one-off after its burst
  double quality_mean = 0.7;      // summary quality in [0, 1]: recognition probability from a row
  double quality_spread = 0.5;
  double cut_penalty = 0.8;       // recognition factor for a row cut to the New cap
  double search_base = 0.25;      // search finds a memory: base + weight * quality
  double search_quality_weight = 0.5;
};

struct WorkloadSpec {
  Range sessions_per_day{8, 10};
  Range hours{8, 20};             // sessions start in [lo, hi) o'clock
  Range session_minutes{20, 120};
  Range prompts{3, 8};
  Range tool_calls_per_prompt{2, 8};
  Range needs_per_session{2, 6};
  double reread = 0.3;            // a second Read of a memory in the same session
  double edit = 0.05;             // an Edit of a memory after reading it
  // Drift: projects come and go.
  int projects = 10;
  int active_projects = 3;
  Range project_days{7, 30};
  double teaching_per_day = 1.5;  // new memories a human teaches directly
  double contradictions_per_day = 0.2;
  Range resolve_after_days{1, 5};  // a human supersedes the old fact this much later
  double secrets_per_day = 0.3;
  // Directives the user states in prompts ("Always ..."), the ground truth of
  // promotion: standing rules are worth promoting; task rules hold only for the
  // task at hand, repeated for a few days, and promoting one is a false promotion.
  int standing_rules = 0;
  double restate = 0.08;             // chance a session restates each standing rule
  double task_rules_per_day = 0;
  Range task_rule_days{1, 3};        // a task rule is repeated over this many days
  double task_restate = 0.3;         // chance a session in that window repeats it
  bool reindex_on_session_start = false;  // the nightly tick is what regenerates the index
};

enum class LoaderKind { kIndex, kRecency, kAccessCount, kNotes200, kFsrs };

struct VariantSpec {
  std::string name;
  LoaderKind loader = LoaderKind::kIndex;
  Policy policy;  // defaults + scenario policy + variant policy
};

struct Scenario {
  std::string path;  // as given
  std::string name;
  std::uint64_t seed = 1;
  Seconds start = 0;
  int days = 30;
  CorpusSpec corpus;
  ModelSpec model;
  WorkloadSpec workload;
  Seconds tick_offset = 3 * 3600;        // nightly tick, seconds after midnight
  Seconds wake_offset = 3 * 3600 + 1800;  // reflective wake
  std::vector<VariantSpec> variants;
};

// Parses scenario text; `path` names it in messages.
Result<Scenario> parse_scenario(const std::string& text, const std::string& path);
// Reads and parses a scenario file.
Result<Scenario> load_scenario(const std::string& path);

std::string_view loader_name(LoaderKind k);

}  // namespace memsim::sim
