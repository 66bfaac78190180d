#include "memsim/sim/scenario.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "memsim/sim/sweep.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

// Parsing reports through one exception type, caught at the boundary and turned
// into an Error: the walk over nested keys stays readable.
struct Bad {
  std::string message;
};

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(const YAML::Node& n, const std::string& key, const std::string& what) const {
    const int line = n.Mark().line >= 0 ? n.Mark().line + 1 : 0;
    throw Bad{path_ + ":" + std::to_string(line) + ": " + key + ": " + what};
  }

  double number(const YAML::Node& n, const std::string& key, double lo, double hi) const {
    double v = 0;
    if (!n.IsScalar() || !YAML::convert<double>::decode(n, v) || !std::isfinite(v)) fail(n, key, "expected a number");
    if (v < lo || v > hi) fail(n, key, "must be between " + fmt(lo) + " and " + fmt(hi));
    return v;
  }
  int integer(const YAML::Node& n, const std::string& key, double lo, double hi) const {
    const double v = number(n, key, lo, hi);
    if (v != std::floor(v)) fail(n, key, "expected an integer");
    return static_cast<int>(v);
  }
  Range range(const YAML::Node& n, const std::string& key, double lo, double hi) const {
    if (!n.IsSequence() || n.size() != 2) fail(n, key, "expected [min, max]");
    Range r{integer(n[0], key, lo, hi), integer(n[1], key, lo, hi)};
    if (r.lo > r.hi) fail(n, key, "min is greater than max");
    return r;
  }
  std::string text(const YAML::Node& n, const std::string& key) const {
    if (!n.IsScalar()) fail(n, key, "expected a string");
    return n.Scalar();
  }
  bool boolean(const YAML::Node& n, const std::string& key) const {
    bool b = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, b)) fail(n, key, "expected true or false");
    return b;
  }
  // Seconds after midnight from "HH:MM".
  Seconds clock_time(const YAML::Node& n, const std::string& key) const {
    const std::string s = text(n, key);
    auto digit = [&](std::size_t i) { return s[i] >= '0' && s[i] <= '9'; };
    if (s.size() != 5 || s[2] != ':' || !digit(0) || !digit(1) || !digit(3) || !digit(4))
      fail(n, key, "expected HH:MM");
    const int h = (s[0] - '0') * 10 + (s[1] - '0'), m = (s[3] - '0') * 10 + (s[4] - '0');
    if (h > 23 || m > 59) fail(n, key, "expected HH:MM");
    return h * 3600 + m * 60;
  }
  // Calls on(key, value) for each key, refusing keys outside `known`.
  void map(const YAML::Node& n, const std::string& where, const std::set<std::string>& known,
           const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& on) const {
    if (n.IsNull()) return;
    if (!n.IsMap()) fail(n, where, "expected a mapping");
    for (auto it = n.begin(); it != n.end(); ++it) {
      const std::string k = it->first.Scalar();
      const std::string full = where.empty() ? k : where + "." + k;
      if (!known.count(k)) fail(it->first, full, "unknown key");
      on(k, it->second, full);
    }
  }
  Policy policy(const YAML::Node& n, const std::string& key, Policy base) const {
    if (!n.IsMap()) fail(n, key, "expected a mapping of policy constants");
    YAML::Emitter e;
    e << n;
    const int line = n.Mark().line + 1;
    if (Status s = apply_policy_yaml(base, e.c_str(), path_ + ":" + std::to_string(line) + ": " + key); !s.ok())
      throw Bad{s.message()};
    return base;
  }
  const std::string& path() const { return path_; }

 private:
  static std::string fmt(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
  }
  std::string path_;
};

void read_corpus(const Reader& r, const YAML::Node& n, CorpusSpec& c) {
  r.map(n, "corpus", {"files", "history_days", "pinned", "superseded", "in_flight", "keyed", "found"},
        [&](const std::string& k, const YAML::Node& v, const std::string& full) {
          if (k == "files") c.files = r.integer(v, full, 1, 200000);
          else if (k == "history_days") c.history_days = r.integer(v, full, 1, 3650);
          else if (k == "pinned") c.pinned = r.integer(v, full, 0, 200000);
          else if (k == "superseded") c.superseded = r.integer(v, full, 0, 200000);
          else if (k == "in_flight") c.in_flight = r.integer(v, full, 0, 200000);
          else if (k == "keyed") c.keyed = r.integer(v, full, 0, 200000);
          else if (k == "found") c.found = r.number(v, full, 0, 1);
        });
  if (c.pinned + c.superseded + c.keyed > c.files) r.fail(n, "corpus", "pinned + superseded + keyed exceed files");
}

void read_model(const Reader& r, const YAML::Node& n, ModelSpec& m) {
  struct Field {
    double* value;
    double lo, hi;
  };
  const std::map<std::string, Field> fields = {{"rule_share", {&m.rule_share, 0, 1}},
                                               {"project_share", {&m.project_share, 0, 1}},
                                               {"rule_rate", {&m.rule_rate, 0, 1e6}},
                                               {"project_rate", {&m.project_rate, 0, 1e6}},
                                               {"oneoff_rate", {&m.oneoff_rate, 0, 1e6}},
                                               {"rate_spread", {&m.rate_spread, 0, 10}},
                                               {"rule_baseline", {&m.rule_baseline, 1e-6, 1e6}},
                                               {"project_baseline", {&m.project_baseline, 1e-6, 1e6}},
                                               {"oneoff_baseline", {&m.oneoff_baseline, 1e-6, 1e6}},
                                               {"floor_hours", {&m.floor_hours, 1, 24 * 365}},
                                               {"decay_intercept", {&m.decay_intercept, 0.01, 5}},
                                               {"decay_scale", {&m.decay_scale, 0, 10}},
                                               {"dormant", {&m.dormant, 0, 1}},
                                               {"quality_mean", {&m.quality_mean, 0, 1}},
                                               {"quality_spread", {&m.quality_spread, 0, 1}},
                                               {"cut_penalty", {&m.cut_penalty, 0, 1}},
                                               {"search_base", {&m.search_base, 0, 1}},
                                               {"search_quality_weight", {&m.search_quality_weight, 0, 1}}};
  std::set<std::string> known;
  for (const auto& [k, _] : fields) known.insert(k);
  r.map(n, "model", known, [&](const std::string& k, const YAML::Node& v, const std::string& full) {
    const Field& f = fields.at(k);
    *f.value = r.number(v, full, f.lo, f.hi);
  });
  if (m.rule_share + m.project_share > 1) r.fail(n, "model", "rule_share + project_share exceed 1");
  if (m.search_base + m.search_quality_weight > 1) r.fail(n, "model", "search_base + search_quality_weight exceed 1");
  if (m.rule_rate + m.project_rate + m.oneoff_rate <= 0) r.fail(n, "model", "every base rate is zero");
}

void read_workload(const Reader& r, const YAML::Node& n, WorkloadSpec& w) {
  const std::map<std::string, Range*> ranges = {{"sessions_per_day", &w.sessions_per_day},
                                                {"hours", &w.hours},
                                                {"session_minutes", &w.session_minutes},
                                                {"prompts", &w.prompts},
                                                {"tool_calls_per_prompt", &w.tool_calls_per_prompt},
                                                {"needs_per_session", &w.needs_per_session},
                                                {"reread_minutes", &w.reread_minutes},
                                                {"project_days", &w.project_days},
                                                {"resolve_after_days", &w.resolve_after_days},
                                                {"task_rule_days", &w.task_rule_days}};
  const std::map<std::string, double*> rates = {{"reread", &w.reread},
                                                {"edit", &w.edit},
                                                {"teaching_per_day", &w.teaching_per_day},
                                                {"contradictions_per_day", &w.contradictions_per_day},
                                                {"secrets_per_day", &w.secrets_per_day},
                                                {"restate", &w.restate},
                                                {"task_rules_per_day", &w.task_rules_per_day},
                                                {"task_restate", &w.task_restate},
                                                {"project_revival", &w.project_revival}};
  std::set<std::string> known{"active_projects", "reindex_on_session_start", "standing_rules"};
  for (const auto& [k, _] : ranges) known.insert(k);
  for (const auto& [k, _] : rates) known.insert(k);
  r.map(n, "workload", known, [&](const std::string& k, const YAML::Node& v, const std::string& full) {
    if (ranges.count(k)) {
      const double hi = k == "hours" ? 24 : k == "session_minutes" || k == "reread_minutes" ? 24 * 60 : 100000;
      *ranges.at(k) = r.range(v, full, 0, hi);
    } else if (rates.count(k)) {
      *rates.at(k) = r.number(v, full, 0, k.ends_with("per_day") ? 1000 : 1);
    } else if (k == "active_projects") {
      w.active_projects = r.integer(v, full, 0, 10000);
    } else if (k == "standing_rules") {
      w.standing_rules = r.integer(v, full, 0, 1000);
    } else {
      w.reindex_on_session_start = r.boolean(v, full);
    }
  });
  if (w.hours.hi <= w.hours.lo) r.fail(n, "workload.hours", "the window is empty");
  if (w.session_minutes.lo < 1) r.fail(n, "workload.session_minutes", "sessions last at least a minute");
  if (w.project_days.lo < 1) r.fail(n, "workload.project_days", "projects last at least a day");
  if (w.task_rule_days.lo < 1) r.fail(n, "workload.task_rule_days", "a task rule lasts at least a day");
  if (w.needs_per_session.hi > 1000) r.fail(n, "workload.needs_per_session", "at most 1000 needs a session");
}

void read_sweep(const Reader& r, const YAML::Node& n, SweepSpec& s) {
  r.map(n, "sweep", {"seeds", "knobs"}, [&](const std::string& k, const YAML::Node& v, const std::string& full) {
    if (k == "seeds") {
      s.seeds = r.integer(v, full, 1, 1000);
      return;
    }
    if (!v.IsSequence() || v.size() == 0) r.fail(v, full, "expected a list of {knob, values}");
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string where = full + "[" + std::to_string(i) + "]";
      SweepAxis axis;
      r.map(v[i], where, {"knob", "values"}, [&](const std::string& k2, const YAML::Node& v2, const std::string& f2) {
        if (k2 == "knob") {
          axis.knob = r.text(v2, f2);
          if (!is_sweep_knob(axis.knob))
            r.fail(v2, f2, "unknown knob '" + axis.knob + "' (" + sweep_knob_names() + ")");
          return;
        }
        if (!v2.IsSequence() || v2.size() == 0) r.fail(v2, f2, "expected a list of numbers");
        for (std::size_t j = 0; j < v2.size(); ++j) axis.values.push_back(r.number(v2[j], f2, -1e9, 1e9));
      });
      if (axis.knob.empty() || axis.values.empty()) r.fail(v[i], where, "needs a knob and its values");
      s.axes.push_back(std::move(axis));
    }
  });
}

LoaderKind loader_of(const Reader& r, const YAML::Node& n, const std::string& key) {
  const std::string s = r.text(n, key);
  for (LoaderKind k : {LoaderKind::kIndex, LoaderKind::kOracle, LoaderKind::kNotes200})
    if (s == loader_name(k)) return k;
  r.fail(n, key, "unknown loader '" + s + "' (index, oracle, notes200; rankings are policy: {ranking: NAME})");
}

// The variant's policy block as policy.yaml lines, for the report's "adopt with".
std::string as_policy_lines(const YAML::Node& n) {
  std::string out;
  for (auto it = n.begin(); it != n.end(); ++it) out += it->first.Scalar() + ": " + it->second.Scalar() + "\n";
  return out;
}

Scenario parse(const YAML::Node& root, const std::string& path) {
  Reader r(path);
  Scenario sc;
  sc.path = path;
  Policy base;
  YAML::Node variants;
  if (!root.IsMap()) r.fail(root, "(top level)", "expected a mapping");
  r.map(root, "",
        {"name", "seed", "seeds", "start", "days", "baseline", "corpus", "model", "workload", "nightly", "policy",
         "variants", "sweep"},
        [&](const std::string& k, const YAML::Node& v, const std::string& full) {
          if (k == "name") sc.name = r.text(v, full);
          else if (k == "seed") sc.seed = static_cast<std::uint64_t>(r.number(v, full, 0, 9007199254740991.0));
          else if (k == "seeds") sc.seeds = r.integer(v, full, 1, 10000);
          else if (k == "start") {
            auto d = parse_date(r.text(v, full));
            if (!d) r.fail(v, full, "expected a date YYYY-MM-DD");
            sc.start = *d * kSecondsPerDay;
          } else if (k == "days") sc.days = r.integer(v, full, 1, 3650);
          else if (k == "baseline") sc.baseline = r.text(v, full);
          else if (k == "corpus") read_corpus(r, v, sc.corpus);
          else if (k == "model") read_model(r, v, sc.model);
          else if (k == "workload") read_workload(r, v, sc.workload);
          else if (k == "sweep") read_sweep(r, v, sc.sweep);
          else if (k == "nightly") {
            r.map(v, full, {"tick", "wake"}, [&](const std::string& k2, const YAML::Node& v2, const std::string& f2) {
              (k2 == "tick" ? sc.tick_offset : sc.wake_offset) = r.clock_time(v2, f2);
            });
          } else if (k == "policy") base = r.policy(v, full, base);
          else variants = v;
        });
  if (sc.start == 0) sc.start = *parse_date("2026-07-01") * kSecondsPerDay;
  if (sc.name.empty()) sc.name = path;
  if (!variants.IsSequence() || variants.size() == 0)
    r.fail(variants.IsNull() ? root : variants, "variants", "expected a list of at least one variant");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const std::string where = "variants[" + std::to_string(i) + "]";
    VariantSpec v;
    v.policy = base;
    r.map(variants[i], where, {"name", "loader", "policy"},
          [&](const std::string& k, const YAML::Node& n, const std::string& full) {
            if (k == "name") v.name = r.text(n, full);
            else if (k == "loader") v.loader = loader_of(r, n, full);
            else {
              v.policy = r.policy(n, full, v.policy);
              v.policy_lines = as_policy_lines(n);
            }
          });
    if (v.name.empty()) r.fail(variants[i], where + ".name", "every variant needs a name");
    for (const auto& other : sc.variants)
      if (other.name == v.name) r.fail(variants[i], where + ".name", "duplicate variant name '" + v.name + "'");
    if (v.loader == LoaderKind::kOracle)
      for (const auto& other : sc.variants)
        if (other.loader == LoaderKind::kOracle) r.fail(variants[i], where + ".loader", "one oracle is enough");
    sc.variants.push_back(std::move(v));
  }
  if (sc.baseline.empty()) {
    sc.baseline = sc.variants[0].name;
    for (const auto& v : sc.variants)
      if (v.name == "seed") sc.baseline = "seed";
  } else if (sc.baseline_index() < 0) {
    r.fail(root["baseline"], "baseline", "no variant is named '" + sc.baseline + "'");
  }
  if (sc.variants[static_cast<std::size_t>(sc.baseline_index())].loader == LoaderKind::kOracle)
    r.fail(root, "baseline", "the oracle is the ceiling, not a baseline");
  return sc;
}

}  // namespace

std::string_view loader_name(LoaderKind k) {
  switch (k) {
    case LoaderKind::kIndex: return "index";
    case LoaderKind::kOracle: return "oracle";
    case LoaderKind::kNotes200: return "notes200";
  }
  return "?";
}

int Scenario::baseline_index() const {
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].name == baseline) return static_cast<int>(i);
  return -1;
}

int Scenario::oracle_index() const {
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].loader == LoaderKind::kOracle) return static_cast<int>(i);
  return -1;
}

Result<Scenario> parse_scenario(const std::string& text, const std::string& path) {
  try {
    return parse(YAML::Load(text), path);
  } catch (const Bad& b) {
    return Error{b.message};
  } catch (const YAML::Exception& e) {
    return Error{path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg};
  }
}

Result<Scenario> load_scenario(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{path + ": cannot read the scenario file"};
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_scenario(ss.str(), path);
}

}  // namespace memsim::sim
