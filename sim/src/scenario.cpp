#include "memsim/sim/scenario.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

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
    if (!n.IsScalar() || !YAML::convert<double>::decode(n, v) || !std::isfinite(v))
      fail(n, key, "expected a number");
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
    if (s.size() != 5 || s[2] != ':') fail(n, key, "expected HH:MM");
    const int h = std::atoi(s.substr(0, 2).c_str()), m = std::atoi(s.substr(3, 2).c_str());
    if (h < 0 || h > 23 || m < 0 || m > 59) fail(n, key, "expected HH:MM");
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
  r.map(n, "corpus", {"files", "never_reinforced", "newborn", "pinned", "superseded", "in_flight", "keyed"},
        [&](const std::string& k, const YAML::Node& v, const std::string& full) {
          if (k == "files") c.files = r.integer(v, full, 1, 200000);
          else if (k == "never_reinforced") c.never_reinforced = r.number(v, full, 0, 1);
          else if (k == "newborn") c.newborn = r.integer(v, full, 0, 200000);
          else if (k == "pinned") c.pinned = r.integer(v, full, 0, 200000);
          else if (k == "superseded") c.superseded = r.integer(v, full, 0, 200000);
          else if (k == "in_flight") c.in_flight = r.integer(v, full, 0, 200000);
          else if (k == "keyed") c.keyed = r.integer(v, full, 0, 200000);
        });
  if (c.newborn + c.pinned + c.superseded + c.in_flight + c.keyed > c.files)
    r.fail(n, "corpus", "newborn + pinned + superseded + in_flight + keyed exceed files");
}

void read_model(const Reader& r, const YAML::Node& n, ModelSpec& m) {
  const std::map<std::string, double*> fields = {
      {"evergreen_share", &m.evergreen_share}, {"project_share", &m.project_share},
      {"zipf", &m.zipf},
      {"evergreen_weight", &m.evergreen_weight}, {"project_weight", &m.project_weight},
      {"dormant_weight", &m.dormant_weight},     {"oneoff_weight", &m.oneoff_weight},
      {"background_weight", &m.background_weight}, {"quality_mean", &m.quality_mean},
      {"quality_spread", &m.quality_spread},     {"cut_penalty", &m.cut_penalty},
      {"search_base", &m.search_base},           {"search_quality_weight", &m.search_quality_weight}};
  std::set<std::string> known{"oneoff_burst_days"};
  for (const auto& [k, _] : fields) known.insert(k);
  r.map(n, "model", known, [&](const std::string& k, const YAML::Node& v, const std::string& full) {
    if (k == "oneoff_burst_days") m.oneoff_burst_days = r.integer(v, full, 1, 3650);
    else *fields.at(k) = r.number(v, full, 0, k == "zipf" || k.ends_with("weight") ? 1000 : 1);
  });
  if (m.evergreen_share + m.project_share > 1) r.fail(n, "model", "evergreen_share + project_share exceed 1");
  if (m.search_base + m.search_quality_weight > 1)
    r.fail(n, "model", "search_base + search_quality_weight exceed 1");
}

void read_workload(const Reader& r, const YAML::Node& n, WorkloadSpec& w) {
  const std::map<std::string, Range*> ranges = {
      {"sessions_per_day", &w.sessions_per_day}, {"hours", &w.hours},
      {"session_minutes", &w.session_minutes},   {"prompts", &w.prompts},
      {"tool_calls_per_prompt", &w.tool_calls_per_prompt}, {"needs_per_session", &w.needs_per_session},
      {"project_days", &w.project_days},         {"resolve_after_days", &w.resolve_after_days},
      {"task_rule_days", &w.task_rule_days}};
  const std::map<std::string, double*> rates = {
      {"reread", &w.reread}, {"edit", &w.edit}, {"teaching_per_day", &w.teaching_per_day},
      {"contradictions_per_day", &w.contradictions_per_day}, {"secrets_per_day", &w.secrets_per_day},
      {"restate", &w.restate}, {"task_rules_per_day", &w.task_rules_per_day}, {"task_restate", &w.task_restate}};
  std::set<std::string> known{"projects", "active_projects", "reindex_on_session_start", "standing_rules"};
  for (const auto& [k, _] : ranges) known.insert(k);
  for (const auto& [k, _] : rates) known.insert(k);
  r.map(n, "workload", known, [&](const std::string& k, const YAML::Node& v, const std::string& full) {
    if (ranges.count(k)) {
      const double hi = k == "hours" ? 24 : k == "session_minutes" ? 24 * 60 : 100000;
      *ranges.at(k) = r.range(v, full, k == "prompts" || k == "sessions_per_day" ? 0 : 0, hi);
    } else if (rates.count(k)) {
      *rates.at(k) = r.number(v, full, 0, k.ends_with("per_day") ? 1000 : 1);
    } else if (k == "projects") {
      w.projects = r.integer(v, full, 1, 10000);
    } else if (k == "active_projects") {
      w.active_projects = r.integer(v, full, 0, 10000);
    } else if (k == "standing_rules") {
      w.standing_rules = r.integer(v, full, 0, 1000);
    } else {
      w.reindex_on_session_start = r.boolean(v, full);
    }
  });
  if (w.active_projects > w.projects) r.fail(n, "workload.active_projects", "exceeds workload.projects");
  if (w.hours.hi <= w.hours.lo) r.fail(n, "workload.hours", "the window is empty");
  if (w.session_minutes.lo < 1) r.fail(n, "workload.session_minutes", "sessions last at least a minute");
  if (w.project_days.lo < 1) r.fail(n, "workload.project_days", "projects last at least a day");
  if (w.task_rule_days.lo < 1) r.fail(n, "workload.task_rule_days", "a task rule lasts at least a day");
}

LoaderKind loader_of(const Reader& r, const YAML::Node& n, const std::string& key) {
  const std::string s = r.text(n, key);
  for (LoaderKind k : {LoaderKind::kIndex, LoaderKind::kRecency, LoaderKind::kAccessCount, LoaderKind::kNotes200,
                       LoaderKind::kFsrs})
    if (s == loader_name(k)) return k;
  r.fail(n, key, "unknown loader '" + s + "' (index, recency, access_count, notes200, fsrs)");
}

Scenario parse(const YAML::Node& root, const std::string& path) {
  Reader r(path);
  Scenario sc;
  sc.path = path;
  Policy base;
  YAML::Node variants;
  if (!root.IsMap()) r.fail(root, "(top level)", "expected a mapping");
  r.map(root, "",
        {"name", "seed", "start", "days", "corpus", "model", "workload", "nightly", "policy", "variants"},
        [&](const std::string& k, const YAML::Node& v, const std::string& full) {
          if (k == "name") sc.name = r.text(v, full);
          else if (k == "seed") sc.seed = static_cast<std::uint64_t>(r.number(v, full, 0, 9007199254740991.0));
          else if (k == "start") {
            auto d = parse_date(r.text(v, full));
            if (!d) r.fail(v, full, "expected a date YYYY-MM-DD");
            sc.start = *d * kSecondsPerDay;
          } else if (k == "days") sc.days = r.integer(v, full, 1, 3650);
          else if (k == "corpus") read_corpus(r, v, sc.corpus);
          else if (k == "model") read_model(r, v, sc.model);
          else if (k == "workload") read_workload(r, v, sc.workload);
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
            else v.policy = r.policy(n, full, v.policy);
          });
    if (v.name.empty()) r.fail(variants[i], where + ".name", "every variant needs a name");
    for (const auto& other : sc.variants)
      if (other.name == v.name) r.fail(variants[i], where + ".name", "duplicate variant name '" + v.name + "'");
    sc.variants.push_back(std::move(v));
  }
  return sc;
}

}  // namespace

std::string_view loader_name(LoaderKind k) {
  switch (k) {
    case LoaderKind::kIndex: return "index";
    case LoaderKind::kRecency: return "recency";
    case LoaderKind::kAccessCount: return "access_count";
    case LoaderKind::kNotes200: return "notes200";
    case LoaderKind::kFsrs: return "fsrs";
  }
  return "?";
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
