#include "memsim/sim/world.h"

#include <algorithm>
#include <cmath>

#include "memsim/frontmatter.h"
#include "memsim/memory_file.h"

namespace memsim::sim {

namespace {

constexpr const char* kWords[] = {
    "build", "cache", "deploy", "schema", "retry", "lock", "index", "budget", "review", "test",
    "release", "migration", "token", "latency", "parser", "config", "backup", "queue", "auth", "render",
    "journal", "fixture", "profile", "vendor", "branch", "hook", "metric", "shard", "timeout", "logging",
    // A wider vocabulary than the first thirty words, so that summaries differ as
    // real ones do: with thirty, most pairs looked like near-duplicates.
    "archive", "bucket", "compile", "daemon", "export", "flag", "gateway", "header", "import", "kernel",
    "ledger", "manifest", "network", "owner", "patch", "quota", "router", "sandbox", "template", "upload",
    "version", "webhook", "worker", "alert", "binary", "cluster", "digest", "encoder", "firewall", "graph",
    "handler", "invoice", "loader", "mirror", "notebook", "payload", "replica", "scheduler", "snapshot",
    "tenant", "tracer", "upgrade", "validator", "widget", "locale", "monitor", "pipeline", "registry",
    "session", "signal", "socket", "storage", "stream", "symbol", "thread", "trigger", "vault", "volume"};
constexpr std::size_t kWordCount = sizeof(kWords) / sizeof(kWords[0]);
constexpr const char* kTypes[] = {"feedback", "project", "reference", "user", "process", "decision", "preference"};

}  // namespace

std::string sim_words(Rng& rng, int min_bytes, int max_bytes) {
  const auto target = static_cast<std::size_t>(rng.between(min_bytes, max_bytes));
  std::string s;
  while (s.size() < target) {
    if (!s.empty()) s += ' ';
    s += kWords[rng.below(kWordCount)];
  }
  s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s + ".";
}

std::string taught_memory_text(const std::string& stem, const std::string& type, const std::string& summary,
                               Days created, const std::string& key, const std::string& supersedes) {
  std::string t = "---\nname: " + stem + "\ntype: " + type + "\nsummary: " + summary + "\ncreated: " +
                  format_date(created) + "\nconfidence: stated\n";
  if (!key.empty()) t += "key: " + key + "\n";
  if (!supersedes.empty()) t += "supersedes: " + supersedes + "\nvalid_from: " + format_date(created) + "\n";
  return t + "---\n" + summary + "\n\nTaught directly by the user.\n";
}

std::vector<fixtures::GeneratedFile> generate_sim_corpus(std::uint64_t seed, const CorpusSpec& spec, Seconds now) {
  Rng rng(seed);
  const Days today = day_of(now);
  // Roles in a shuffled order: pinned, superseded, in-flight, keyed, newborn, then the rest.
  std::vector<int> order(static_cast<std::size_t>(spec.files));
  for (int i = 0; i < spec.files; ++i) order[static_cast<std::size_t>(i)] = i;
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
  std::vector<int> role(order.size(), 0);
  int at = 0;
  for (int r = 1; r <= 5; ++r) {
    const int n = r == 1 ? spec.pinned : r == 2 ? spec.superseded : r == 3 ? spec.in_flight : r == 4 ? spec.keyed : spec.newborn;
    for (int k = 0; k < n && at < spec.files; ++k) role[static_cast<std::size_t>(order[static_cast<std::size_t>(at++)])] = r;
  }
  std::vector<fixtures::GeneratedFile> out;
  for (int i = 0; i < spec.files; ++i) {
    const int r = role[static_cast<std::size_t>(i)];
    const std::string type = r == 3 ? "project" : kTypes[rng.below(7)];
    const std::string stem = type + "_" + kWords[rng.below(kWordCount)] + "-" + kWords[rng.below(kWordCount)] +
                             "-" + std::to_string(i);
    const Days created = r == 5 ? today - rng.between(0, 13) : today - rng.between(15, 400);
    std::string t = "---\nname: " + stem + "\ntype: " + type + "\nsummary: " + sim_words(rng, 30, 150) +
                    "\ncreated: " + format_date(created) + "\n";
    if (r == 1) t += "pin: true\nimportance: 8\n";
    if (r == 2) t += "status: superseded by a later decision\n";
    if (r == 3) t += "in_flight: true\nstate: " + sim_words(rng, 20, 60) + "\n";
    if (r == 4) t += "key: slot-" + std::to_string(i) + "\n";
    if (rng.chance(0.05)) t += "importance: " + std::to_string(rng.between(1, 6)) + "\n";
    Seconds mtime = created * kSecondsPerDay + rng.between(8 * 3600, 20 * 3600);
    if (r != 5 && !rng.chance(spec.never_reinforced)) {
      const auto count = rng.between(1, 8);
      double stability = 14.0;
      for (int k = 0; k < count; ++k) stability = std::min(round1(stability * 1.6), 365.0);
      const Seconds last = std::max(mtime, now - rng.between(3600, 60 * kSecondsPerDay));
      t += "access_count: " + std::to_string(count) + "\nlast_accessed: " + format_instant(last) +
           "\nlast_reinforced: " + format_instant(last) + "\nstability: " + format_stability(stability) + "\n";
    }
    t += "---\n" + sim_words(rng, 200, 1200) + "\n";
    out.push_back({stem + ".md", std::move(t), std::min(mtime, now)});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return out;
}

World::World(const Scenario& sc, const std::vector<fixtures::GeneratedFile>& files, Rng rng) : sc_(sc) {
  const ModelSpec& m = sc.model;
  const Days first = day_of(sc.start);
  // Project windows over the whole run: `active_projects` slots, each a chain of projects.
  int next_project = 0;
  for (int slot = 0; slot < sc.workload.active_projects; ++slot) {
    Days d = first - rng.between(0, sc.workload.project_days.hi - 1);
    while (d < first + sc.days) {
      const Days len = rng.between(sc.workload.project_days.lo, sc.workload.project_days.hi);
      windows_.push_back({next_project++ , d, d + len});
      d += len;
    }
  }
  // Renumber so the first `projects` ids are the ones the start corpus knows about,
  // active first; later projects start with no memories and gain them by teaching.
  std::vector<double> evergreen_ranks;
  for (const auto& f : files) {
    Fact fact;
    fact.filename = f.name;
    const Frontmatter fm = parse_frontmatter(f.text);
    const MemoryMeta meta = read_memory_meta(f.text, fm, 14.0);
    fact.born = meta.created.value_or(day_of(f.mtime));
    fact.key = meta.key.value_or("");
    fact.archived_in_files = (meta.status && meta.status->starts_with("superseded")) ||
                             (meta.valid_until && *meta.valid_until <= day_of(sc.start));
    if (fact.archived_in_files) fact.closed_at = f.mtime;
    const double u = rng.unit();
    if (meta.pin || u < m.evergreen_share) {
      fact.kind = FactKind::kEvergreen;
    } else if (meta.in_flight || u < m.evergreen_share + m.project_share) {
      fact.kind = FactKind::kProject;
      fact.project = static_cast<int>(rng.below(static_cast<std::uint64_t>(sc.workload.projects)));
    }
    fact.quality = std::clamp(m.quality_mean + m.quality_spread * (rng.unit() + rng.unit() - 1.0), 0.02, 1.0);
    by_name_[fact.filename] = static_cast<int>(facts_.size());
    facts_.push_back(std::move(fact));
  }
  // Zipf over the evergreens in a random order.
  std::vector<int> ev;
  for (std::size_t i = 0; i < facts_.size(); ++i)
    if (facts_[i].kind == FactKind::kEvergreen) ev.push_back(static_cast<int>(i));
  for (std::size_t i = ev.size(); i > 1; --i) std::swap(ev[i - 1], ev[rng.below(i)]);
  double total = 0;
  for (std::size_t r = 0; r < ev.size(); ++r) total += 1.0 / std::pow(static_cast<double>(r + 1), m.zipf);
  for (std::size_t r = 0; r < ev.size(); ++r)
    facts_[static_cast<std::size_t>(ev[r])].zipf = 1.0 / std::pow(static_cast<double>(r + 1), m.zipf) / total;
}

const Fact* World::find(const std::string& filename) const {
  auto it = by_name_.find(filename);
  return it == by_name_.end() ? nullptr : &facts_[static_cast<std::size_t>(it->second)];
}

int World::index_of(const std::string& filename) const {
  auto it = by_name_.find(filename);
  return it == by_name_.end() ? -1 : it->second;
}

bool World::project_active(int project, Days day) const {
  for (const auto& w : windows_)
    if (w.project == project && w.start <= day && day < w.end) return true;
  return false;
}

int World::active_project_for(Rng& rng, Days day) const {
  std::vector<int> active;
  for (const auto& w : windows_)
    if (w.start <= day && day < w.end) active.push_back(w.project);
  return active.empty() ? -1 : active[rng.below(active.size())];
}

int World::teach(const std::string& filename, Days born, const std::string& key, Rng& rng) {
  Fact f;
  f.filename = filename;
  f.born = born;
  f.key = key;
  const ModelSpec& m = sc_.model;
  const double u = rng.unit();
  if (u < m.evergreen_share) {
    f.kind = FactKind::kEvergreen;
    f.zipf = 0.5 / std::max<double>(1, static_cast<double>(facts_.size()) * m.evergreen_share);
  } else if (u < m.evergreen_share + m.project_share) {
    f.project = active_project_for(rng, born);
    f.kind = f.project >= 0 ? FactKind::kProject : FactKind::kOneoff;
  }
  f.quality = std::clamp(m.quality_mean + m.quality_spread * (rng.unit() + rng.unit() - 1.0), 0.02, 1.0);
  by_name_[filename] = static_cast<int>(facts_.size());
  facts_.push_back(std::move(f));
  dirty_ = true;
  return static_cast<int>(facts_.size()) - 1;
}

void World::close(int fact, Seconds t) {
  facts_[static_cast<std::size_t>(fact)].closed_at = t;
  dirty_ = true;
}

int World::pick_contradiction(Rng& rng, Seconds now) const {
  std::vector<int> open;
  for (std::size_t i = 0; i < facts_.size(); ++i)
    if (!facts_[i].key.empty() && !facts_[i].archived_in_files && !closed(static_cast<int>(i), now))
      open.push_back(static_cast<int>(i));
  return open.empty() ? -1 : open[rng.below(open.size())];
}

double World::weight(const Fact& f, Days day, Seconds now) const {
  if (f.closed_at && *f.closed_at <= now) return 0;
  const ModelSpec& m = sc_.model;
  switch (f.kind) {
    case FactKind::kEvergreen: return m.evergreen_weight * f.zipf;
    case FactKind::kProject: return project_active(f.project, day) ? m.project_weight : m.dormant_weight;
    case FactKind::kOneoff:
      return day >= f.born && day < f.born + m.oneoff_burst_days ? m.oneoff_weight : m.background_weight;
  }
  return 0;
}

void World::refresh(Seconds now) {
  const Days day = day_of(now);
  if (!dirty_ && day == cumulative_day_) return;
  // Active project mass is split among that project's open memories.
  std::unordered_map<int, int> per_project;
  for (const auto& f : facts_)
    if (f.kind == FactKind::kProject && !(f.closed_at && *f.closed_at <= now)) ++per_project[f.project];
  cumulative_.assign(facts_.size(), 0);
  double sum = 0;
  for (std::size_t i = 0; i < facts_.size(); ++i) {
    double w = weight(facts_[i], day, now);
    if (facts_[i].kind == FactKind::kProject && project_active(facts_[i].project, day))
      w = sc_.model.project_weight / std::max(1, per_project[facts_[i].project]);
    sum += w;
    cumulative_[i] = sum;
  }
  cumulative_day_ = day;
  dirty_ = false;
}

std::vector<int> World::sample_needs(Rng& rng, Seconds now, int count) {
  refresh(now);
  std::vector<int> out;
  if (cumulative_.empty() || cumulative_.back() <= 0) return out;
  for (int attempt = 0; static_cast<int>(out.size()) < count && attempt < count * 8; ++attempt) {
    const double x = rng.unit() * cumulative_.back();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), x);
    const int i = static_cast<int>(std::min<std::ptrdiff_t>(it - cumulative_.begin(),
                                                            static_cast<std::ptrdiff_t>(cumulative_.size()) - 1));
    if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  }
  return out;
}

}  // namespace memsim::sim
