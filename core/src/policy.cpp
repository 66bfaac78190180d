#include "memsim/policy.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <functional>
#include <map>

#include "memsim/home.h"
#include "memsim/limits.h"
#include "memsim/rankers.h"

namespace memsim {

namespace {

template <class T>
std::function<bool(const YAML::Node&)> setter(T& field, double lo, double hi, double scale = 1) {
  return [&field, lo, hi, scale](const YAML::Node& n) {
    double v;
    if (!YAML::convert<double>::decode(n, v) || !std::isfinite(v) || v < lo || v > hi) return false;
    field = static_cast<T>(v * scale);
    return true;
  };
}

}  // namespace

Status apply_policy_yaml(Policy& p, const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    return Error{origin + ": line " + std::to_string(e.mark.line + 1) + ": " + e.msg};
  }
  if (root.IsNull()) return {};
  if (!root.IsMap()) return Error{origin + ": expected a mapping of policy constants"};
  const std::map<std::string, std::function<bool(const YAML::Node&)>> setters = {
      {"ranking",
       [&p](const YAML::Node& n) {
         auto r = parse_ranking(n.Scalar());
         if (r) p.ranking = *r;
         return r.has_value();
       }},
      {"actr_decay", setter(p.actr_decay, 0.05, 0.95)},
      {"initial_stability", setter(p.initial_stability, 0.1, 100000)},
      {"stability_growth", setter(p.stability_growth, 1.0, 100)},
      {"stability_cap", setter(p.stability_cap, 0.1, 1e6)},
      {"spacing_gate", setter(p.spacing_gate, 0, 1e9)},
      {"spacing_gate_hours", setter(p.spacing_gate, 0, 1e6, 3600)},
      {"importance_weight", setter(p.importance_weight, 0, 1000)},
      {"hot_budget", setter(p.hot_budget, 0, 1e8)},
      {"new_budget", setter(p.new_budget, 0, 1e8)},
      {"cold_budget", setter(p.cold_budget, 0, 1e8)},
      {"newborn_days", setter(p.newborn_days, 0, 100000)},
      {"new_row_cap", setter(p.new_row_cap, 8, 1e6)},
      {"row_cap", setter(p.row_cap, 8, 1e6)},
      {"short_term_days", setter(p.short_term_days, 0, 100000)},
      {"live_guard", setter(p.live_guard, 0, 1e9)},
      {"live_guard_minutes", setter(p.live_guard, 0, 1e7, 60)},
      {"lock_timeout_ms", setter(p.lock_timeout_ms, 0, 600000)},
      {"stale_fact_days", setter(p.stale_fact_days, 0, 100000)},
      {"l2_sessions", setter(p.gates.sessions, 1, 100000)},
      {"l2_days", setter(p.gates.days, 1, 100000)},
      {"l2_stated_sessions", setter(p.gates.stated_sessions, 1, 100000)},
      {"l2_stated_days", setter(p.gates.stated_days, 1, 100000)},
      {"l2_verified", setter(p.gates.verified, 1, 100000)},
      {"l3_projects", setter(p.gates.projects, 1, 100000)},
      {"l3_age_days", setter(p.gates.age_days, 0, 100000)},
  };
  for (const auto& kv : root) {
    const std::string key = kv.first.as<std::string>("");
    auto it = setters.find(key);
    const int line = kv.first.Mark().line + 1;
    if (it == setters.end())
      return Error{origin + ": line " + std::to_string(line) + ": unknown policy key '" + key + "'"};
    if (!kv.second.IsScalar() || !it->second(kv.second))
      return Error{origin + ": line " + std::to_string(line) + ": bad value for '" + key + "'" +
                   (key == "ranking" ? " (one of " + std::string(kRankingNames) + ")" : "")};
  }
  return {};
}

Result<Policy> load_policy(FileSystem& fs, const std::string& home_root) {
  Policy p;
  const std::string path = Home(home_root).policy_path();
  auto info = fs.stat(path);
  if (!info.ok()) return info.error();
  if (info->kind == FileKind::kMissing) return p;
  MEMSIM_ASSIGN_OR_RETURN(std::string text, read_file_capped(fs, path, kMaxConfigBytes));
  MEMSIM_TRY(apply_policy_yaml(p, text, path));
  return p;
}

}  // namespace memsim
