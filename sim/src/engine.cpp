#include "memsim/sim/engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "events.h"
#include "memsim/fold.h"
#include "memsim/frontmatter.h"
#include "memsim/home.h"
#include "memsim/journal.h"
#include "memsim/promote.h"
#include "memsim/cue_sources.h"
#include "memsim/reindex.h"
#include "memsim/sim/sim_fs.h"
#include "memsim/sim/world.h"
#include "memsim/tick.h"
#include "memsim/timefmt.h"
#include "touch.h"

namespace memsim::sim {

namespace {

// A row as a plain notes file holds it, whole (no cap).
constexpr int kUncut = 1 << 30;

constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

class TraceHash {
 public:
  void mix(std::string_view s) {
    for (unsigned char c : s) h_ = (h_ ^ c) * kFnvPrime;
    h_ = (h_ ^ 0xff) * kFnvPrime;  // field separator
  }
  void mix(long long v) { mix(std::to_string(v)); }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = kFnvOffset;
};

// What a variant shows the agent at session start.
struct View {
  std::vector<signed char> row;  // per fact: 0 absent, 1 full row, 2 row cut to the New cap
  std::vector<int> facts;        // facts in view
  long long bytes = 0;
  int hot = 0, fresh = 0, cold = 0, archive = 0;
  bool has(int fact) const { return fact >= 0 && static_cast<std::size_t>(fact) < row.size() && row[static_cast<std::size_t>(fact)] != 0; }
  bool cut(int fact) const { return has(fact) && row[static_cast<std::size_t>(fact)] == 2; }
  void add(int fact, bool is_cut) {
    if (fact < 0) return;
    if (row.size() <= static_cast<std::size_t>(fact)) row.resize(static_cast<std::size_t>(fact) + 1, 0);
    if (row[static_cast<std::size_t>(fact)] == 0) facts.push_back(fact);
    row[static_cast<std::size_t>(fact)] = is_cut ? 2 : 1;
  }
};

// The candidate policy's per-file state (see docs/simulator.md, "fsrs").
struct Recall {
  double stability = 14.0;
  double count = 0;
  Seconds last = 0;
};

struct VariantState {
  const VariantSpec* spec = nullptr;
  Home home{""};
  View view;
  std::unordered_map<std::string, PolicyValues> shadow;  // the fold of every touch issued
  std::unordered_map<std::string, Recall> recall;        // fsrs only
  std::unordered_map<std::string, std::string> notes;    // notes200: filename -> row
  std::vector<char> prev_view;
  VariantResult result;
};

std::string pick_tmp_root(const RunOptions& o) {
  if (!o.tmp_root.empty()) return o.tmp_root;
  if (const char* t = std::getenv("TMPDIR"); t && *t) return t;
  std::error_code ec;
  if (std::filesystem::is_directory("/dev/shm", ec)) return "/dev/shm";  // no fsync cost
  return "/tmp";
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

class Engine {
 public:
  Engine(const Scenario& sc, const RunOptions& o)
      : sc_(sc), opt_(o), seed_(o.seed.value_or(sc.seed)), clock_(sc.start), fs_(posix_, clock_) {}

  Result<RunResult> run();

 private:
  // Setup and teardown.
  Status setup();
  Status make_home(VariantState& v, const std::vector<fixtures::GeneratedFile>& files);
  // Events.
  void schedule_day(int day);
  void start_session(const Event& e);
  void handle(const Event& e);
  void apply(VariantState& v, const Event& e);
  // Variant operations.
  void tool_call(VariantState& v, const std::string& tool, const std::string& path, int session);
  void touch_memory(VariantState& v, const std::string& tool, const std::string& filename, int session);
  void reindex_variant(VariantState& v, bool tick);
  void load_index_view(VariantState& v);
  void write_memory(VariantState& v, const std::string& filename, const std::string& text);
  void supersede(VariantState& v, const std::string& old_name, const std::string& new_name);
  // Checks.
  void check_always(VariantState& v);
  void check_index(VariantState& v, const ReindexReport& rep, bool disk_current);
  void violation(VariantState& v, const std::string& what);
  DayMetrics& today(VariantState& v);
  int day_index(Seconds t) const { return static_cast<int>((t - sc_.start) / kSecondsPerDay); }

  const Scenario& sc_;
  const RunOptions& opt_;
  std::uint64_t seed_;
  FixedClock clock_;
  PosixFileSystem posix_;
  SimFileSystem fs_;
  std::unique_ptr<World> world_;
  Rng rng_{0};
  EventQueue queue_;
  std::vector<VariantState> variants_;
  std::string run_dir_;
  std::vector<std::string> secrets_;
  // The directives users state (see WorkloadSpec): the ground truth of promotion.
  struct Directive {
    std::string text;  // words; stated as "Always <text>."
    bool standing = false;
    int first_day = 0, last_day = 0;
  };
  std::vector<Directive> directives_;
  void add_directive(Rng& r, bool standing, int first_day, int last_day);
  void adopt_pass(VariantState& v);
  std::vector<int> session_secret_;  // per session of the current day: carries a secret
  TraceHash trace_;
  RunResult out_;
  long long event_no_ = 0;
  int next_session_ = 0;
  int open_sessions_ = 0;
  int taught_ = 0;
  Redactor redactor_;  // one for the run: building one compiles every rule
};

Status Engine::setup() {
  std::string tmpl = pick_tmp_root(opt_) + "/memsim-run-XXXXXX";
  if (!::mkdtemp(tmpl.data())) return Error{tmpl + ": cannot create the run directory"};
  run_dir_ = tmpl;
  if (Status s = fs_.make_dir(run_dir_ + "/transcripts"); !s.ok()) return s;
  Rng root(seed_);
  // Fallback until memsim_fixtures links: generate_sim_corpus has fixtures::generate_corpus's shape.
  const auto files = generate_sim_corpus(root.fork(1).next(), sc_.corpus, sc_.start);
  world_ = std::make_unique<World>(sc_, files, root.fork(2));
  rng_ = root.fork(3);
  Rng rules = root.fork(4);
  for (int i = 0; i < sc_.workload.standing_rules; ++i) add_directive(rules, true, 0, sc_.days - 1);
  for (const VariantSpec& spec : sc_.variants) {
    VariantState v;
    v.spec = &spec;
    v.result.name = spec.name;
    v.result.loader = std::string(loader_name(spec.loader));
    v.result.production_loader = spec.loader == LoaderKind::kIndex;
    v.result.days.resize(static_cast<std::size_t>(sc_.days));
    v.home = Home(run_dir_ + "/" + std::to_string(variants_.size()) + "-home");
    if (Status s = make_home(v, files); !s.ok()) return s;
    variants_.push_back(std::move(v));
  }
  for (VariantState& v : variants_) {
    reindex_variant(v, false);
    if (v.spec->loader == LoaderKind::kIndex) load_index_view(v);
  }
  for (int d = 0; d < sc_.days; ++d) {
    Event e;
    e.kind = EventKind::kDay;
    e.time = sc_.start + d * kSecondsPerDay;
    e.session = d;
    queue_.push(e);
  }
  return {};
}

Status Engine::make_home(VariantState& v, const std::vector<fixtures::GeneratedFile>& files) {
  const Home& h = v.home;
  for (const std::string& d : {h.root(), h.memory_dir(), h.short_term_dir(), h.dream_journal_dir(), h.lenses_dir(),
                               h.meditations_dir(), h.candidates_dir(), h.staged_dir(), h.runtime_dir(), h.state_dir()})
    if (Status s = fs_.make_dir(d); !s.ok()) return s;
  // Setup is not an event: the start corpus is written without per-file syncs.
  for (const auto& f : files) {
    const std::string path = h.memory_path(f.name);
    if (FILE* out = std::fopen(path.c_str(), "wb")) {
      std::fwrite(f.text.data(), 1, f.text.size(), out);
      std::fclose(out);
    } else {
      return Error{path + ": cannot write the start corpus"};
    }
    if (Status s = fs_.set_mtime(path, f.mtime); !s.ok()) return s;
  }
  return fs_.write_file(h.identity_path(), "# Identity\n\nA simulated agent.\n");
}

DayMetrics& Engine::today(VariantState& v) {
  const int d = std::clamp(day_index(clock_.now()), 0, sc_.days - 1);
  return v.result.days[static_cast<std::size_t>(d)];
}

void Engine::violation(VariantState& v, const std::string& what) {
  ++today(v).violations;
  if (!out_.failure) {
    out_.failure = v.spec->name + ": event " + std::to_string(event_no_) + " at " + format_instant(clock_.now()) +
                   ": " + what;
    out_.failure_event = event_no_;
  }
}

void Engine::schedule_day(int day) {
  Rng r = rng_.fork(static_cast<std::uint64_t>(day) + 1000);
  const Seconds midnight = sc_.start + day * kSecondsPerDay;
  const WorkloadSpec& w = sc_.workload;
  auto at = [&](Seconds offset, EventKind k) {
    Event e;
    e.kind = k;
    e.time = midnight + offset;
    return e;
  };
  auto count = [&](double rate) { return static_cast<int>(rate) + (r.chance(rate - std::floor(rate)) ? 1 : 0); };
  auto work_time = [&] { return r.between(w.hours.lo * 3600, w.hours.hi * 3600 - 1); };
  queue_.push(at(sc_.tick_offset, EventKind::kTick));
  queue_.push(at(sc_.wake_offset, EventKind::kWake));
  queue_.push(at(18 * 3600, EventKind::kAdopt));
  const int sessions = static_cast<int>(r.between(w.sessions_per_day.lo, w.sessions_per_day.hi));
  std::vector<char> secret(static_cast<std::size_t>(sessions), 0);
  for (int k = count(w.secrets_per_day); k > 0 && sessions > 0; --k) secret[r.below(static_cast<std::uint64_t>(sessions))] = 1;
  for (int s = 0; s < sessions; ++s) {
    Event e = at(work_time(), EventKind::kSessionStart);
    e.session = next_session_++;
    e.fact = secret[static_cast<std::size_t>(s)];
    e.other = static_cast<int>(r.between(w.session_minutes.lo, w.session_minutes.hi)) * 60;
    queue_.push(e);
  }
  for (int k = count(w.teaching_per_day); k > 0; --k) queue_.push(at(work_time(), EventKind::kTeach));
  for (int k = count(w.task_rules_per_day); k > 0; --k)
    add_directive(r, false, day, day + static_cast<int>(r.between(w.task_rule_days.lo, w.task_rule_days.hi)) - 1);
  for (int k = count(w.contradictions_per_day); k > 0; --k) queue_.push(at(work_time(), EventKind::kContradict));
}

// A session's prompts, tool calls and needs, drawn when it starts (from the
// world as it is then), the same for every variant.
void Engine::start_session(const Event& e) {
  Rng r = rng_.fork(static_cast<std::uint64_t>(e.session) + 1000000);
  const WorkloadSpec& w = sc_.workload;
  const Seconds duration = e.other;
  const int prompts = std::max<int>(1, static_cast<int>(r.between(w.prompts.lo, w.prompts.hi)));
  const Seconds step = std::max<Seconds>(1, duration / (prompts + 1));
  std::vector<std::string> said(static_cast<std::size_t>(prompts));
  const int today_no = day_index(e.time);
  for (const Directive& d : directives_)
    if (d.first_day <= today_no && today_no <= d.last_day && r.chance(d.standing ? w.restate : w.task_restate))
      said[r.below(said.size())] += " Always " + d.text + ".";
  std::vector<Seconds> prompt_at;
  for (int p = 0; p < prompts; ++p) {
    Event pe;
    pe.kind = EventKind::kPrompt;
    pe.session = e.session;
    pe.time = e.time + step * (p + 1) - step / 2;
    pe.text = "prompt " + std::to_string(p + 1) + " of session s" + std::to_string(e.session) + "." +
              said[static_cast<std::size_t>(p)];
    prompt_at.push_back(pe.time);
    queue_.push(pe);
    const auto calls = r.between(w.tool_calls_per_prompt.lo, w.tool_calls_per_prompt.hi);
    for (std::int64_t c = 0; c < calls; ++c) {
      constexpr const char* tools[] = {"Read", "Read", "Edit", "Write", "Grep", "Glob"};
      Event t;
      t.kind = EventKind::kToolCall;
      t.session = e.session;
      t.time = pe.time + 10 + r.between(0, std::max<Seconds>(1, step / 2));
      t.tool = tools[r.below(6)];
      t.path = "/work/project/src/file" + std::to_string(r.below(200)) + ".cpp";
      queue_.push(t);
    }
  }
  if (e.fact == 1) {
    Event s;
    s.kind = EventKind::kSecret;
    s.session = e.session;
    s.time = prompt_at[0] + 1;
    std::string key = "AKIA";
    for (int i = 0; i < 16; ++i) key += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[r.below(32)];
    s.text = key;
    queue_.push(s);
  }
  const int n = static_cast<int>(r.between(w.needs_per_session.lo, w.needs_per_session.hi));
  for (int f : world_->sample_needs(r, e.time, n)) {
    Event ne;
    ne.kind = EventKind::kNeed;
    ne.session = e.session;
    ne.fact = f;
    ne.time = prompt_at[r.below(prompt_at.size())] + 5;
    for (double& u : ne.u) u = r.unit();
    queue_.push(ne);
  }
  Event end;
  end.kind = EventKind::kSessionEnd;
  end.session = e.session;
  end.time = e.time + duration;
  queue_.push(end);
}

void Engine::write_memory(VariantState& v, const std::string& filename, const std::string& text) {
  if (Status s = fs_.write_file(v.home.memory_path(filename), text); !s.ok()) violation(v, s.message());
}

void Engine::touch_memory(VariantState& v, const std::string& tool, const std::string& filename, int session) {
  tool_call(v, tool, v.home.memory_path(filename), session);
  ++today(v).touches;
  const Seconds now = clock_.now();
  auto [it, fresh] = v.shadow.try_emplace(filename);
  if (fresh) it->second.stability = v.spec->policy.initial_stability;
  const Seconds t[] = {now};
  it->second = fold(it->second, t, v.spec->policy);
  if (v.spec->loader == LoaderKind::kFsrs) {
    // Stability grows by how unlikely recall was: a re-read minutes later adds
    // almost nothing, a read after a long gap adds up to x(1 + 2.5).
    Recall& r = v.recall.try_emplace(filename, Recall{v.spec->policy.initial_stability, 0, now}).first->second;
    const double p = std::exp(-days_between(r.last, now) / r.stability);
    r.stability = std::min(round1(r.stability * (1.0 + 2.5 * (1.0 - p))), v.spec->policy.stability_cap);
    r.count += std::min(1.0, (1.0 - p) / 0.05);
    r.last = now;
  }
}

void Engine::tool_call(VariantState& v, const std::string& tool, const std::string& path, int session) {
  if (Status s = pre_tool_use(fs_, clock_, v.home, tool, path, "s" + std::to_string(session)); !s.ok())
    violation(v, "pre-tool-use: " + s.message());
}

void Engine::supersede(VariantState& v, const std::string& old_name, const std::string& new_name) {
  // What `memsim supersede OLD NEW` does (SPEC section 6), under the home's lock.
  auto lock = lock_home(fs_, v.home, v.spec->policy.lock_timeout_ms);
  if (!lock.ok()) return violation(v, lock.message());
  const Days today_date = day_of(clock_.now());
  const std::pair<std::string, std::vector<std::pair<std::string, std::string>>> edits[] = {
      {old_name, {{"valid_until", format_date(today_date)}}},
      {new_name, {{"supersedes", old_name.substr(0, old_name.size() - 3)}, {"valid_from", format_date(today_date)}}}};
  for (const auto& [name, fields] : edits) {
    const std::string path = v.home.memory_path(name);
    auto text = fs_.read_file(path);
    if (!text.ok()) return violation(v, text.message());
    const Frontmatter fm = parse_frontmatter(*text);
    if (fm.state != FrontmatterState::kOk) return violation(v, name + ": frontmatter unreadable");
    if (Status s = replace_file(fs_, path, rewrite_fields(*text, fm, fields)); !s.ok()) return violation(v, s.message());
  }
}

void Engine::load_index_view(VariantState& v) {
  auto text = fs_.read_file(v.home.index_path());
  View view;
  if (!text.ok()) {
    violation(v, text.message());
    v.view = view;
    return;
  }
  view.bytes = static_cast<long long>(text->size());
  int band = -1;  // 0 hot, 1 new, 2 cold
  std::size_t pos = 0;
  while (pos < text->size()) {
    std::size_t eol = text->find('\n', pos);
    if (eol == std::string::npos) eol = text->size();
    const std::string_view line(text->data() + pos, eol - pos);
    if (line.starts_with("## ")) {
      band = line == "## Hot" ? 0 : line == "## New" ? 1 : line == "## Cold" ? 2 : -1;
    } else if (band >= 0 && line.starts_with("- ")) {
      const std::size_t colon = line.find(": ");
      const std::string name(line.substr(2, colon == std::string_view::npos ? 0 : colon - 2));
      const bool is_cut = band == 1 && line.find("...") != std::string_view::npos;
      view.add(world_->index_of(name), is_cut);
      (band == 0 ? view.hot : band == 1 ? view.fresh : view.cold) += static_cast<int>(line.size() + 1);
    }
    pos = eol + 1;
  }
  view.archive = v.view.archive;
  v.view = std::move(view);
}

void Engine::reindex_variant(VariantState& v, bool tick) {
  const Policy& policy = v.spec->policy;
  bool guarded = false;
  Result<ReindexReport> rep = Error{""};
  if (tick) {
    // The nightly tick is the production one, with the command's cue sources; its
    // own index computation is the view (a guarded tick computed it without writing).
    auto t = run_tick(fs_, v.home, clock_, policy);
    if (!t.ok()) return violation(v, "tick: " + t.message());
    today(v).cue_items += static_cast<int>(t->cue.size());
    guarded = t->guarded;
    if (t->guarded) out_.sometimes["nightly tick guarded (a memory file changed in the last 10 minutes)"]++;
    rep = std::move(t->reindexed);
  } else {
    rep = reindex(fs_, v.home, clock_, policy);
  }
  if (!rep.ok()) return violation(v, "reindex: " + rep.message());
  // A guarded tick leaves yesterday's MEMORY.md on disk, as it should.
  if (tick || opt_.check) check_index(v, *rep, !guarded);
  const Ranked& r = rep->ranked;
  const Seconds now = clock_.now();
  DayMetrics& m = today(v);

  // The view for the sim-side loaders is built from the same folded values.
  std::vector<Entry> entries = r.entries;
  std::vector<double> stabilities;
  int dropped = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Memory& mem = r.corpus.memories[i];
    const PolicyValues& pv = r.folded[i];
    if (!entries[i].closed) stabilities.push_back(pv.stability);
    if (auto it = v.shadow.find(mem.filename); it != v.shadow.end())
      dropped += static_cast<int>(std::max<std::int64_t>(0, it->second.access_count - pv.access_count));
    else
      v.shadow.emplace(mem.filename, pv);
    const double imp = mem.meta.importance * policy.importance_weight;
    switch (v.spec->loader) {
      case LoaderKind::kRecency:
        entries[i].score = static_cast<double>(pv.last_accessed.value_or(mem.info.mtime)) / 1e6 + imp;
        break;
      case LoaderKind::kAccessCount: entries[i].score = static_cast<double>(pv.access_count) + imp; break;
      case LoaderKind::kFsrs: {
        auto [it, fresh] = v.recall.try_emplace(mem.filename, Recall{pv.stability, static_cast<double>(pv.access_count),
                                                                     pv.last_accessed.value_or(mem.info.mtime)});
        (void)fresh;
        entries[i].score = (it->second.count + 1) * std::exp(-days_between(it->second.last, now) / it->second.stability) + imp;
        stabilities.back() = it->second.stability;
        break;
      }
      default: break;
    }
  }
  if (tick) {
    if (stabilities.size() > 0) {
      m.stability_p10 = percentile(stabilities, 0.1);
      m.stability_p50 = percentile(stabilities, 0.5);
      m.stability_p90 = percentile(stabilities, 0.9);
    }
    m.dropped = dropped;
    m.deferred_live += rep->deferred_live;
    m.files = static_cast<int>(entries.size());
    for (const Memory& mem : r.corpus.memories)
      for (const std::string& s : secrets_)
        if (mem.text.find(s) != std::string::npos) ++m.secrets_committed;
    out_.sometimes["deferred write-back (live guard)"] += rep->deferred_live;
    for (const Entry& en : r.entries) out_.sometimes["contested rows at a tick"] += en.contested ? 1 : 0;
  }

  View view;
  switch (v.spec->loader) {
    case LoaderKind::kIndex:
      view.archive = static_cast<int>(rep->index.archive_md.size());
      v.view.archive = view.archive;
      load_index_view(v);
      view = v.view;
      trace_.mix(static_cast<long long>(std::hash<std::string>{}(rep->index.memory_md) & 0xffffffff));
      break;
    case LoaderKind::kNotes200: {
      // A plain, always-loaded notes file: rows appended in birth order, never
      // archived, of which the harness loads the first 200 lines.
      std::vector<std::size_t> order(entries.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return entries[a].created != entries[b].created ? entries[a].created < entries[b].created
                                                        : entries[a].filename < entries[b].filename;
      });
      long long all = 0;
      for (std::size_t k = 0; k < order.size(); ++k) {
        Entry e = entries[order[k]];
        e.contested = false;
        const auto bytes = static_cast<long long>(render_row(e, kUncut).size());
        all += bytes;
        if (k < 200) {
          view.add(world_->index_of(e.filename), false);
          view.hot += static_cast<int>(bytes);
          view.bytes += bytes;
        }
      }
      view.archive = static_cast<int>(all - view.bytes);
      break;
    }
    default: {
      IndexOutput ix = build_index(entries, now, policy);
      for (std::size_t i = 0; i < ix.entries.size(); ++i) {
        const Band b = ix.bands[i];
        if (b == Band::kHot || b == Band::kNew || b == Band::kCold)
          view.add(world_->index_of(ix.entries[i].filename), b == Band::kNew && ix.rows[i] != render_row(ix.entries[i], kUncut));
      }
      view.bytes = static_cast<long long>(ix.memory_md.size());
      view.hot = ix.hot.bytes;
      view.fresh = ix.fresh.bytes;
      view.cold = ix.cold.bytes;
      view.archive = static_cast<int>(ix.archive_md.size());
      trace_.mix(static_cast<long long>(std::hash<std::string>{}(ix.memory_md) & 0xffffffff));
      break;
    }
  }
  if (tick) {
    std::vector<char> now_in(world_->facts().size(), 0);
    for (int f : view.facts) now_in[static_cast<std::size_t>(f)] = 1;
    v.prev_view.resize(now_in.size(), 0);
    int churn = 0;
    for (std::size_t i = 0; i < now_in.size(); ++i) churn += now_in[i] != v.prev_view[i] ? 1 : 0;
    m.churn += churn;
    v.prev_view = std::move(now_in);
    m.hot_bytes = view.hot;
    m.new_bytes = view.fresh;
    m.cold_bytes = view.cold;
    m.archive_bytes = view.archive;
    m.loaded_rows = static_cast<int>(view.facts.size());
  }
  if (v.prev_view.empty()) {  // the start: churn counts changes from here on
    v.prev_view.assign(world_->facts().size(), 0);
    for (int f : view.facts) v.prev_view[static_cast<std::size_t>(f)] = 1;
  }
  v.view = std::move(view);
}

void Engine::check_index(VariantState& v, const ReindexReport& rep, bool disk_current) {
  const Policy& p = v.spec->policy;
  const IndexOutput& ix = rep.index;
  // Nothing lost: every file of the world is ranked and lands in exactly one band.
  std::unordered_map<std::string, int> seen;
  for (const Entry& e : ix.entries) ++seen[e.filename];
  for (const Fact& f : world_->facts())
    if (seen[f.filename] != 1) violation(v, "nothing lost: " + f.filename + " is in " + std::to_string(seen[f.filename]) + " bands");
  // Bounded index (pinned rows may exceed Hot's budget by their own bytes).
  int pinned_bytes = 0;
  for (std::size_t i = 0; i < ix.entries.size(); ++i)
    if (ix.bands[i] == Band::kHot && ix.entries[i].pinned) pinned_bytes += static_cast<int>(ix.rows[i].size());
  if (ix.hot.bytes > p.hot_budget + pinned_bytes || ix.fresh.bytes > p.new_budget || ix.cold.bytes > p.cold_budget)
    violation(v, "bounded index: a band is over budget");
  // Total order.
  for (std::size_t i = 1; i < ix.entries.size(); ++i)
    if (!ranks_before(ix.entries[i - 1], ix.entries[i])) violation(v, "total order broken at " + ix.entries[i].filename);
  // What is on disk is what a pure recomputation gives (no torn or stale file).
  if (!disk_current) return;
  auto disk = fs_.read_file(v.home.index_path());
  if (!disk.ok() || *disk != build_index(rep.ranked.entries, clock_.now(), p).memory_md)
    violation(v, "no torn file: MEMORY.md differs from its recomputation");
}

void Engine::check_always(VariantState& v) {
  // One lock holder: between events nobody holds the home's lock.
  auto lock = lock_home(fs_, v.home, 0);
  if (!lock.ok()) violation(v, "one lock holder: the home's lock is still held after the event");
  lock = Error{""};
  // No torn file: no temporary left behind, derived files whole.
  auto entries = fs_.list_dir(v.home.memory_dir());
  if (!entries.ok()) return violation(v, entries.message());
  std::unordered_set<std::string> names;
  for (const DirEntry& d : *entries) {
    if (d.name.ends_with(".memsim-tmp")) violation(v, "no torn file: temporary " + d.name + " left behind");
    names.insert(d.name);
  }
  for (const Fact& f : world_->facts())
    if (!names.count(f.filename)) violation(v, "nothing lost: " + f.filename + " is gone");
  auto ix = fs_.read_file(v.home.index_path());
  if (!ix.ok() || !ix->starts_with("# Memory index\n\n## Hot\n") || !ix->ends_with(kHowToUse))
    violation(v, "no torn file: MEMORY.md is not whole");
  auto ar = fs_.read_file(v.home.archive_path());
  if (!ar.ok() || !ar->starts_with("# Memory archive\n\n## Superseded\n"))
    violation(v, "no torn file: MEMORY-archive.md is not whole");
}

void Engine::add_directive(Rng& r, bool standing, int first_day, int last_day) {
  directives_.push_back({sim_words(r, 24, 48), standing, first_day, std::min(last_day, sc_.days - 1)});
  trace_.mix(directives_.back().text);
}

// A human who trusts the gates: every proposal the dry run moves is staged and
// adopted (promote --apply, then adopt each). Each adoption is judged against
// the directive it came from: a standing rule is a true promotion, anything else
// (a task rule, or a claim no directive explains) a false one.
void Engine::adopt_pass(VariantState& v) {
  auto plan = plan_promotions(fs_, v.home, nullptr, v.spec->policy.gates, clock_.now());
  if (!plan.ok()) return violation(v, "adopt: " + plan.message());
  if (auto staged = stage_promotions(fs_, v.home, nullptr, *plan, clock_.now()); !staged.ok())
    return violation(v, "adopt: " + staged.message());
  for (const Proposal& p : *plan) {
    if (!p.moves) continue;
    if (auto written = adopt(fs_, v.home, nullptr, p.id, clock_.now()); !written.ok())
      return violation(v, "adopt " + p.id + ": " + written.message());
    const std::string claim = normalize_claim(p.claim);
    const auto d = std::find_if(directives_.begin(), directives_.end(),
                                [&](const Directive& x) { return claim.find(normalize_claim(x.text)) != std::string::npos; });
    ++(d != directives_.end() && d->standing ? today(v).promotions_true : today(v).promotions_false);
  }
}

void Engine::apply(VariantState& v, const Event& e) {
  const ModelSpec& m = sc_.model;
  const std::string transcript = run_dir_ + "/transcripts/s" + std::to_string(e.session) + ".jsonl";
  switch (e.kind) {
    case EventKind::kSessionStart: {
      if (sc_.workload.reindex_on_session_start) reindex_variant(v, false);
      if (v.spec->loader == LoaderKind::kIndex) load_index_view(v);
      const std::string out = session_start(fs_, clock_, v.home, "s" + std::to_string(e.session), transcript);
      DayMetrics& d = today(v);
      ++d.sessions;
      d.bytes_loaded += v.view.bytes + static_cast<long long>(out.size());
      for (int f : v.view.facts) d.stale_exposure += world_->closed(f, clock_.now()) ? 1 : 0;
      break;
    }
    case EventKind::kToolCall: tool_call(v, e.tool, e.path, e.session); break;
    case EventKind::kNeed: {
      const Fact& f = world_->facts()[static_cast<std::size_t>(e.fact)];
      DayMetrics& d = today(v);
      ++d.needs;
      const double recognise = f.quality * (v.view.cut(e.fact) ? m.cut_penalty : 1.0);
      char outcome = 'x';
      if (v.view.has(e.fact) && e.u[0] < recognise) {
        outcome = 'i';
        ++d.met_index;
      } else {
        tool_call(v, "Grep", v.home.memory_dir(), e.session);  // a search never reinforces
        if (e.u[1] < m.search_base + m.search_quality_weight * f.quality) {
          outcome = 's';
          ++d.met_search;
        } else {
          ++d.missed;
        }
      }
      trace_.mix(std::string(1, outcome));
      if (outcome == 'x') break;
      touch_memory(v, "Read", f.filename, e.session);
      if (e.u[2] < sc_.workload.reread) touch_memory(v, "Read", f.filename, e.session);
      if (e.u[3] < sc_.workload.edit) {
        touch_memory(v, "Edit", f.filename, e.session);
        auto text = fs_.read_file(v.home.memory_path(f.filename));
        if (text.ok()) write_memory(v, f.filename, *text + "\nRevised in session s" + std::to_string(e.session) + ".\n");
      }
      break;
    }
    case EventKind::kSessionEnd:
      session_end(fs_, clock_, v.home, "s" + std::to_string(e.session), transcript, redactor_);
      break;
    case EventKind::kTeach:
    case EventKind::kContradict: {
      // e.path is the new file's name, e.text its text (decided once, in handle()).
      touch_memory(v, "Write", e.path, e.session);
      write_memory(v, e.path, e.text);
      break;
    }
    case EventKind::kResolve:
      supersede(v, world_->facts()[static_cast<std::size_t>(e.fact)].filename,
                world_->facts()[static_cast<std::size_t>(e.other)].filename);
      break;
    case EventKind::kTick: reindex_variant(v, true); break;
    case EventKind::kAdopt: adopt_pass(v); break;
    default: break;
  }
  if (opt_.check) check_always(v);
}

void Engine::handle(const Event& e) {
  trace_.mix(event_no_);
  trace_.mix(e.time);
  trace_.mix(event_name(e.kind));
  trace_.mix(e.session);
  trace_.mix(e.fact);
  Event ev = e;
  switch (e.kind) {
    case EventKind::kDay:
      schedule_day(e.session);
      if (opt_.progress) opt_.progress(static_cast<double>(e.session) / sc_.days);
      return;
    case EventKind::kSessionStart:
      start_session(e);
      out_.sometimes["max concurrent sessions"] = std::max<long long>(out_.sometimes["max concurrent sessions"], ++open_sessions_);
      break;
    case EventKind::kSessionEnd: --open_sessions_; break;
    case EventKind::kPrompt: {
      std::string line = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + e.text + "\"}}\n";
      (void)fs_.append_file(run_dir_ + "/transcripts/s" + std::to_string(e.session) + ".jsonl", line);
      break;
    }
    case EventKind::kSecret: {
      secrets_.push_back(e.text);
      // Stated as a directive, so capture makes an atom of it: redaction must quarantine it.
      std::string line = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"Always use the key " +
                         e.text + " for the deploy.\"}}\n";
      (void)fs_.append_file(run_dir_ + "/transcripts/s" + std::to_string(e.session) + ".jsonl", line);
      return;
    }
    case EventKind::kTeach: {
      Rng r = rng_.fork(static_cast<std::uint64_t>(e.seq) + 5000000);
      constexpr const char* types[] = {"feedback", "project", "reference", "decision"};
      const std::string stem = std::string(types[r.below(4)]) + "_taught-" + std::to_string(++taught_);
      ev.path = stem + ".md";
      ev.text = taught_memory_text(stem, stem.substr(0, stem.find('_')), sim_words(r, 30, 150),
                                   day_of(e.time), "", "");
      ev.fact = world_->teach(ev.path, day_of(e.time), "", r);
      trace_.mix(ev.path);
      break;
    }
    case EventKind::kContradict: {
      Rng r = rng_.fork(static_cast<std::uint64_t>(e.seq) + 6000000);
      const int old = world_->pick_contradiction(r, e.time);
      if (old < 0) return;
      const Fact& f = world_->facts()[static_cast<std::size_t>(old)];
      const std::string old_stem = f.filename.substr(0, f.filename.size() - 3);
      const std::string stem = old_stem + "-r" + std::to_string(++taught_);
      const std::string key = f.key;
      ev.path = stem + ".md";
      ev.text = taught_memory_text(stem, stem.substr(0, stem.find('_')), sim_words(r, 30, 150), day_of(e.time), key, "");
      world_->close(old, e.time);
      ev.fact = world_->teach(ev.path, day_of(e.time), key, r);
      trace_.mix(ev.path);
      Event res;
      res.kind = EventKind::kResolve;
      res.fact = old;
      res.other = ev.fact;
      res.time = e.time + r.between(sc_.workload.resolve_after_days.lo, sc_.workload.resolve_after_days.hi) * kSecondsPerDay;
      queue_.push(res);
      break;
    }
    case EventKind::kResolve: world_->mark_archived(e.fact); break;
    default: break;
  }
  for (VariantState& v : variants_) apply(v, ev);
}

Result<RunResult> Engine::run() {
  const auto wall0 = std::chrono::steady_clock::now();
  out_.seed = seed_;
  if (Status s = setup(); !s.ok()) return s.error();
  const Seconds end = sc_.start + sc_.days * kSecondsPerDay;
  while (!queue_.empty() && !out_.failure) {
    if (opt_.until >= 0 && event_no_ >= opt_.until) break;
    Event e = queue_.pop();
    if (e.time >= end) break;
    ++event_no_;
    clock_.set(e.time);
    handle(e);
  }
  out_.events = event_no_;
  out_.trace_hash = trace_.value();
  for (VariantState& v : variants_) {
    DayMetrics& t = v.result.total;
    for (const DayMetrics& d : v.result.days) {
      t.sessions += d.sessions; t.needs += d.needs; t.met_index += d.met_index; t.met_search += d.met_search;
      t.missed += d.missed; t.bytes_loaded += d.bytes_loaded; t.stale_exposure += d.stale_exposure;
      t.churn += d.churn; t.violations += d.violations; t.touches += d.touches; t.deferred_live += d.deferred_live; t.cue_items += d.cue_items;
      t.promotions_true += d.promotions_true; t.promotions_false += d.promotions_false;
      t.secrets_committed = std::max(t.secrets_committed, d.secrets_committed);
      if (d.files > 0) {
        t.dropped = d.dropped; t.files = d.files; t.hot_bytes = d.hot_bytes; t.new_bytes = d.new_bytes;
        t.cold_bytes = d.cold_bytes; t.archive_bytes = d.archive_bytes; t.loaded_rows = d.loaded_rows;
        t.stability_p10 = d.stability_p10; t.stability_p50 = d.stability_p50; t.stability_p90 = d.stability_p90;
      }
    }
    if (opt_.keep) v.result.home = v.home.root();
    out_.variants.push_back(std::move(v.result));
  }
  out_.notes = {
      "tool calls go through hooks::run_hook (the production hook code)",
      "initial corpus: sim's own generator (generate_sim_corpus), shaped like fixtures::generate_corpus",
      "search is modelled: found with probability search_base + search_quality_weight * quality; never reinforces",
      "capture runs in the session-end hook; at 18:00 a human adopts every proposal the gates move (promote "
      "--apply, adopt); a standing rule adopted is a true promotion, a task rule a false one; planted secrets "
      "are stated as directives and scanned for in committed files",
      "nightly tick = run_tick(), as memsim tick runs it; the reflective wake is a counted no-op",
  };
  if (opt_.keep) {
    out_.run_dir = run_dir_;
  } else {
    std::error_code ec;
    std::filesystem::remove_all(run_dir_, ec);
  }
  out_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  return std::move(out_);
}

}  // namespace

std::string hex_hash(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

Result<RunResult> run_scenario(const Scenario& sc, const RunOptions& options) {
  Engine engine(sc, options);
  return engine.run();
}

}  // namespace memsim::sim
