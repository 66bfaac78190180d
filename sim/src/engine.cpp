// The event loop and the trace. What happens is the workload's (workload.h) and
// the world's (world.h); what each variant does with it is variant.h's.
#include "memsim/sim/engine.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <unordered_map>

#include "events.h"
#include "memsim/redact.h"
#include "memsim/sim/run_dir.h"
#include "memsim/sim/sim_fs.h"
#include "memsim/sim/world.h"
#include "memsim/timefmt.h"
#include "start_corpus.h"
#include "variant.h"
#include "workload.h"

namespace memsim::sim {

namespace {

constexpr Seconds kNewbornSeconds = 14 * kSecondsPerDay;

class Engine {
 public:
  Engine(const Scenario& sc, const RunOptions& o)
      : sc_(sc),
        opt_(o),
        seed_(o.seed.value_or(sc.seed)),
        clock_(sc.start),
        fs_(posix_, clock_),
        world_(sc, Rng(seed_).fork(1)),
        workload_(sc, Rng(seed_).fork(2)),
        ctx_{sc,
             o,
             clock_,
             fs_,
             world_,
             redactor_,
             trace_,
             out_.sometimes,
             out_.seconds,
             [this](const std::string& v, const std::string& what) { violation(v, what); },
             nullptr,
             {},
             {}} {
    ctx_.directives = &workload_.directives();
  }

  Result<RunResult> run();

 private:
  Status setup(const std::string& run_dir);
  void schedule_day(int day);
  void handle(const Event& e);
  void need(const Event& e);
  void contradict();
  void violation(const std::string& variant, const std::string& what);
  std::string transcript(int session) const { return run_dir_ + "/transcripts/s" + std::to_string(session) + ".jsonl"; }

  const Scenario& sc_;
  const RunOptions& opt_;
  std::uint64_t seed_;
  FixedClock clock_;
  PosixFileSystem posix_;
  SimFileSystem fs_;
  Redactor redactor_;  // one for the run: building one compiles every rule
  TraceHash trace_;
  RunResult out_;
  World world_;
  Workload workload_;
  RunContext ctx_;
  Rng needs_{0}, teaching_{0};
  std::string run_dir_;
  EventQueue queue_;
  std::vector<std::unique_ptr<Variant>> variants_;
  std::unordered_map<int, PlannedSession> sessions_;
  std::unordered_map<int, std::vector<int>> needed_;  // per open session: facts needed so far
  // A contradicted fact's successor waits for a human: old fact -> (successor, its file).
  std::unordered_map<int, std::pair<int, std::string>> pending_;
  long long event_no_ = 0;
  long long need_no_ = 0;
  int next_session_ = 0;
  int open_sessions_ = 0;
  int taught_ = 0;
};

void Engine::violation(const std::string& variant, const std::string& what) {
  if (out_.failure) return;
  out_.failure = variant + ": event " + std::to_string(event_no_) + " at " + format_instant(clock_.now()) + ": " + what;
  out_.failure_event = event_no_;
}

Status Engine::setup(const std::string& run_dir) {
  run_dir_ = run_dir;
  if (Status s = fs_.make_dir(run_dir_ + "/transcripts"); !s.ok()) return s;
  Rng root(seed_);
  needs_ = root.fork(5);
  teaching_ = root.fork(6);
  StartCorpus start;
  {
    const auto t0 = std::chrono::steady_clock::now();
    start = run_history(sc_, world_, workload_, root.fork(3), next_session_);
    out_.seconds["history"] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  out_.history_needs = start.needs;
  out_.history_touches = start.touches;
  for (const VariantSpec& spec : sc_.variants) {
    auto v = std::make_unique<Variant>(spec, ctx_);
    if (Status s = v->setup(run_dir_ + "/" + std::to_string(variants_.size()) + "-home", start); !s.ok()) return s;
    variants_.push_back(std::move(v));
  }
  for (int d = 0; d < sc_.days; ++d) queue_.push({sc_.start + d * kSecondsPerDay, 0, EventKind::kDay, d, -1, -1});
  return {};
}

void Engine::schedule_day(int day) {
  PlannedDay plan = workload_.plan(day, next_session_, true);
  const Seconds midnight = sc_.start + day * kSecondsPerDay;
  queue_.push({midnight + sc_.tick_offset, 0, EventKind::kTick, -1, -1, -1});
  queue_.push({midnight + sc_.wake_offset, 0, EventKind::kWake, -1, -1, -1});
  queue_.push({midnight + 18 * 3600, 0, EventKind::kAdopt, -1, -1, -1});
  for (PlannedSession& s : plan.sessions) {
    queue_.push({s.start, 0, EventKind::kSessionStart, s.id, -1, -1});
    for (std::size_t p = 0; p < s.prompt_at.size(); ++p)
      queue_.push({s.prompt_at[p], 0, EventKind::kPrompt, s.id, static_cast<int>(p), -1});
    if (!s.secret.empty()) queue_.push({s.prompt_at[0] + 1, 0, EventKind::kSecret, s.id, -1, -1});
    for (std::size_t c = 0; c < s.calls.size(); ++c)
      queue_.push({s.calls[c].at, 0, EventKind::kToolCall, s.id, static_cast<int>(c), -1});
    for (std::size_t n = 0; n < s.needs.size(); ++n)
      queue_.push({s.needs[n].at, 0, EventKind::kNeed, s.id, static_cast<int>(n), -1});
    queue_.push({s.end, 0, EventKind::kSessionEnd, s.id, -1, -1});
    const int id = s.id;
    sessions_.emplace(id, std::move(s));
  }
  for (Seconds t : plan.teach) queue_.push({t, 0, EventKind::kTeach, -1, -1, -1});
  for (Seconds t : plan.contradict) queue_.push({t, 0, EventKind::kContradict, -1, -1, -1});
}

void Engine::need(const Event& e) {
  const PlannedNeed& plan = sessions_.at(e.session).needs[static_cast<std::size_t>(e.item)];
  std::vector<int>& needed = needed_[e.session];
  NeedDraw d;
  d.fact = world_.draw_need(needs_, e.time, needed);
  trace_.mix(d.fact);
  if (d.fact < 0) return;
  needed.push_back(d.fact);
  const Fact& f = world_.fact(d.fact);
  d.id = ++need_no_;
  d.need_class = !f.filename.empty() && e.time - f.written <= kNewbornSeconds ? NeedClass::kNewborn
                 : f.kind == FactClass::kRule                                 ? NeedClass::kRule
                 : f.kind == FactClass::kProject                              ? NeedClass::kProject
                                                                              : NeedClass::kOneoff;
  d.recognise = plan.recognise;
  d.search = plan.search;
  d.edit = plan.edit;
  std::string outcomes;
  for (auto& v : variants_) outcomes += v->need(d, e.session);
  trace_.mix(outcomes);
  if (plan.reread_at) queue_.push({plan.reread_at, 0, EventKind::kReread, e.session, static_cast<int>(d.id), d.fact});
}

void Engine::contradict() {
  std::vector<int> open;
  for (int f = 0; f < world_.size(); ++f) {
    const Fact& x = world_.fact(f);
    if (!x.key.empty() && !x.filename.empty() && !x.archived_in_files && !world_.closed(f, clock_.now()) &&
        !pending_.count(f))
      open.push_back(f);
  }
  if (open.empty()) return;
  const int old = open[teaching_.below(open.size())];
  world_.close(old, clock_.now());
  const int successor = world_.add_successor(old, clock_.now(), teaching_);
  Fact& s = world_.fact(successor);
  s.summary = "Now: " + world_.fact(old).summary;
  const std::string& name = world_.fact(old).filename;
  const std::string file = name.substr(0, name.size() - 3) + "-r" + std::to_string(++taught_) + ".md";
  pending_[old] = {successor, file};
  trace_.mix(file);
  const Range& r = sc_.workload.resolve_after_days;
  Rng when = teaching_.fork(static_cast<std::uint64_t>(old));
  queue_.push({clock_.now() + when.between(r.lo, r.hi) * kSecondsPerDay + 1, 0, EventKind::kResolve, -1, old, -1});
}

void Engine::handle(const Event& e) {
  trace_.mix(event_no_);
  trace_.mix(e.time);
  trace_.mix(event_name(e.kind));
  trace_.mix(e.session);
  trace_.mix(e.item);
  switch (e.kind) {
    case EventKind::kDay:
      schedule_day(e.session);
      if (opt_.progress) opt_.progress(static_cast<double>(e.session) / sc_.days);
      return;
    case EventKind::kSessionStart: {
      out_.sometimes["max concurrent sessions"] =
          std::max<long long>(out_.sometimes["max concurrent sessions"], ++open_sessions_);
      // Homes first: a yardstick counts the first home's session-start output as its own.
      std::size_t printed = 0;
      bool first = true;
      for (auto& v : variants_)
        if (v->has_home()) {
          const std::size_t p = v->session_start(e.session, transcript(e.session), 0);
          if (first) printed = p;
          first = false;
        }
      for (auto& v : variants_)
        if (!v->has_home()) v->session_start(e.session, transcript(e.session), printed);
      break;
    }
    case EventKind::kPrompt: {
      const std::string& text = sessions_.at(e.session).prompt_text[static_cast<std::size_t>(e.item)];
      (void)fs_.append_file(transcript(e.session),
                            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}}\n");
      return;
    }
    case EventKind::kSecret: {
      const std::string& key = sessions_.at(e.session).secret;
      ctx_.secrets.push_back(key);
      trace_.mix(key);
      // Stated as a directive, so capture makes an atom of it: redaction must quarantine it.
      (void)fs_.append_file(transcript(e.session),
                            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"Always "
                            "use the key " +
                                key + " for the deploy.\"}}\n");
      return;
    }
    case EventKind::kToolCall: {
      const PlannedCall& c = sessions_.at(e.session).calls[static_cast<std::size_t>(e.item)];
      for (auto& v : variants_) v->tool_call(c.tool, c.path, e.session);
      break;
    }
    case EventKind::kNeed: need(e); break;
    case EventKind::kReread:
      for (auto& v : variants_) v->reread(e.item, e.other, e.session);
      break;
    case EventKind::kSessionEnd:
      --open_sessions_;
      for (auto& v : variants_) v->session_end(e.session, transcript(e.session));
      sessions_.erase(e.session);
      needed_.erase(e.session);
      break;
    case EventKind::kTeach: {
      const int f = world_.add_fact(e.time, teaching_);
      const StartFile file = taught_file(world_, f, 100000 + ++taught_, teaching_);
      trace_.mix(file.name);
      for (auto& v : variants_) v->teach(f, file);
      break;
    }
    case EventKind::kContradict: contradict(); break;
    case EventKind::kResolve: {
      const auto [successor, file] = pending_.at(e.item);
      pending_.erase(e.item);
      world_.set_filename(successor, file, e.time);
      world_.fact(e.item).archived_in_files = true;
      for (auto& v : variants_) v->resolve(e.item, successor, file);
      break;
    }
    case EventKind::kTick:
      for (auto& v : variants_) v->tick();
      break;
    case EventKind::kWake: return;  // the reflective wake is a model's: a counted no-op
    case EventKind::kAdopt:
      for (auto& v : variants_) v->adopt_pass();
      break;
  }
  if (opt_.check)
    for (auto& v : variants_) v->check();
}

Result<RunResult> Engine::run() {
  const auto wall0 = std::chrono::steady_clock::now();
  out_.seed = seed_;
  auto dir = RunDir::create(pick_tmp_root(opt_.tmp_root));
  if (!dir.ok()) return dir.error();
  if (opt_.keep) dir->keep();
  if (Status s = setup(dir->path()); !s.ok()) return s.error();
  const Seconds end = sc_.start + sc_.days * kSecondsPerDay;
  while (!queue_.empty() && !out_.failure) {
    if (opt_.stop && opt_.stop->load()) return Error{"interrupted: the temporary homes were removed"};
    if (opt_.until >= 0 && event_no_ >= opt_.until) break;
    Event e = queue_.pop();
    if (e.time >= end) break;
    ++event_no_;
    clock_.set(e.time);
    handle(e);
  }
  if (opt_.keep)  // the homes live in memory until now (sim_fs.h)
    if (Status s = fs_.save_to_disk(); !s.ok()) return Error{"keeping the homes: " + s.message()};
  out_.events = event_no_;
  out_.trace_hash = trace_.value();
  out_.environment = environment_stats(world_, sc_.start - sc_.corpus.history_days * kSecondsPerDay, end);
  for (auto& v : variants_) {
    VariantResult& r = v->result();
    DayMetrics& t = r.total;
    for (const DayMetrics& d : r.days) {
      t.sessions += d.sessions;
      t.needs += d.needs;
      t.met_index += d.met_index;
      t.met_search += d.met_search;
      t.missed += d.missed;
      t.unwritten += d.unwritten;
      t.bytes_loaded += d.bytes_loaded;
      t.stale_exposure += d.stale_exposure;
      t.churn += d.churn;
      t.violations += d.violations;
      t.touches += d.touches;
      t.unreinforced += d.unreinforced;
      t.deferred_live += d.deferred_live;
      t.cue_items += d.cue_items;
      t.promotions_true += d.promotions_true;
      t.promotions_false += d.promotions_false;
      t.secrets_committed = std::max(t.secrets_committed, d.secrets_committed);
      if (d.files > 0 || d.loaded_rows > 0) {
        t.dropped = d.dropped;
        t.files = d.files;
        t.hot_bytes = d.hot_bytes;
        t.new_bytes = d.new_bytes;
        t.cold_bytes = d.cold_bytes;
        t.archive_bytes = d.archive_bytes;
        t.loaded_rows = d.loaded_rows;
        t.stability_p10 = d.stability_p10;
        t.stability_p50 = d.stability_p50;
        t.stability_p90 = d.stability_p90;
      }
    }
    if (opt_.keep && v->has_home()) r.home = dir->path() + "/" + std::to_string(&v - &variants_[0]) + "-home";
    out_.variants.push_back(std::move(r));
  }
  if (opt_.keep) out_.run_dir = dir->path();
  out_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  return std::move(out_);
}

}  // namespace

std::string_view need_class_name(NeedClass c) {
  switch (c) {
    case NeedClass::kRule: return "rules";
    case NeedClass::kProject: return "project facts";
    case NeedClass::kOneoff: return "one-off facts";
    case NeedClass::kNewborn: return "newborns (14 days)";
  }
  return "?";
}

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
