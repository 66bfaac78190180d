#include "variant.h"

#include <algorithm>
#include <chrono>

#include "checks.h"
#include "harness.h"
#include "memsim/fold.h"
#include "memsim/journal.h"
#include "memsim/promote.h"
#include "memsim/rankers.h"
#include "memsim/supersede.h"
#include "memsim/tick.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

// Adds the wall time of its scope to seconds[name].
class Timed {
 public:
  Timed(std::map<std::string, double>& seconds, const char* name)
      : seconds_(seconds), name_(name), t0_(std::chrono::steady_clock::now()) {}
  ~Timed() { seconds_[name_] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
  Timed(const Timed&) = delete;
  Timed& operator=(const Timed&) = delete;

 private:
  std::map<std::string, double>& seconds_;
  const char* name_;
  std::chrono::steady_clock::time_point t0_;
};

std::string session_id(int session) { return "s" + std::to_string(session); }

}  // namespace

Variant::Variant(const VariantSpec& spec, RunContext& ctx) : spec_(spec), ctx_(ctx) {
  result_.name = spec.name;
  result_.loader = std::string(loader_name(spec.loader));
  result_.ranking = spec.loader == LoaderKind::kIndex ? std::string(ranking_name(spec.policy.ranking)) : "";
  result_.policy_lines = spec.policy_lines;
  result_.has_home = spec.loader == LoaderKind::kIndex;
  result_.days.resize(static_cast<std::size_t>(ctx.sc.days));
}

DayMetrics& Variant::today() {
  const auto d = (ctx_.clock.now() - ctx_.sc.start) / kSecondsPerDay;
  return result_.days[static_cast<std::size_t>(std::clamp<Seconds>(d, 0, ctx_.sc.days - 1))];
}

void Variant::violation(const std::string& what) {
  ++today().violations;
  ctx_.on_violation(spec_.name, what);
}

void Variant::hook_status(const char* what, const Status& s) {
  if (!s.ok()) violation(std::string(what) + " hook failed: " + s.message());
}

void Variant::set_view(View v) { view_ = std::make_shared<const View>(std::move(v)); }

void Variant::yardstick_view() {
  const Seconds now = ctx_.clock.now();
  if (spec_.loader == LoaderKind::kOracle) {
    const IndexOutput ix = oracle_index(ctx_.world, now, spec_.policy);
    set_view(index_view(ix, ctx_.world, false));
  } else {
    set_view(notes_view(ctx_.world, false));
  }
  ctx_.trace.mix(static_cast<long long>(view_->hash & 0xffffffff));
}

Status Variant::setup(const std::string& home_dir, const StartCorpus& start) {
  if (!has_home()) {
    yardstick_view();
    prev_view_.assign(static_cast<std::size_t>(ctx_.world.size()), 0);
    for (int f : view_->facts) prev_view_[static_cast<std::size_t>(f)] = 1;
    return {};
  }
  Timed timed(ctx_.seconds, "setup");
  home_ = Home(home_dir);
  FileSystem& fs = ctx_.fs;
  for (const std::string& d :
       {home_.root(), home_.memory_dir(), home_.short_term_dir(), home_.dream_journal_dir(), home_.lenses_dir(),
        home_.meditations_dir(), home_.candidates_dir(), home_.staged_dir(), home_.runtime_dir(), home_.state_dir()})
    if (Status s = fs.make_dir(d); !s.ok()) return s;
  if (Status s = fs.write_file(home_.identity_path(), "# Identity\n\nA simulated agent.\n"); !s.ok()) return s;
  for (const StartFile& f : start.files) {
    const std::string path = home_.memory_path(f.name);
    if (Status s = fs.write_file(path, f.text); !s.ok()) return s;
    if (Status s = fs.set_mtime(path, f.mtime); !s.ok()) return s;
  }
  // The whole history's journal, folded by the production index as a home that
  // lived through it would have been; then what a journal keeps (30 days).
  if (Status s = fs.write_file(home_.journal_path(), start.journal); !s.ok()) return s;
  auto rep = reindex(fs, home_, ctx_.clock, spec_.policy);
  if (!rep.ok()) return Error{spec_.name + ": the first index of the start corpus: " + rep.message()};
  for (const std::string& bad : check_index(fs, home_, *rep, spec_.policy, ctx_.world, ctx_.clock.now(), true, true))
    violation(bad);
  if (Status s = fs.write_file(home_.journal_path(), start.journal_tail); !s.ok()) return s;
  reindexed(*rep, false, true);
  return {};
}

void Variant::reindexed(const ReindexReport& rep, bool tick, bool written) {
  const Ranked& r = rep.ranked;
  std::vector<double> stabilities;
  int dropped = 0;
  for (std::size_t i = 0; i < r.entries.size(); ++i) {
    const Memory& mem = r.corpus.memories[i];
    const PolicyValues& pv = r.folded[i];
    if (!r.entries[i].closed) stabilities.push_back(pv.stability);
    if (auto it = shadow_.find(mem.filename); it != shadow_.end())
      dropped += static_cast<int>(std::max<std::int64_t>(0, it->second.access_count - pv.access_count));
    else shadow_.emplace(mem.filename, pv);
  }
  if (written) {
    set_view(index_view(rep.index, ctx_.world, ctx_.options.check));
    ctx_.trace.mix(static_cast<long long>(view_->hash & 0xffffffff));
  }
  if (!tick) return;
  DayMetrics& m = today();
  m.stability_p10 = percentile(stabilities, 0.1);
  m.stability_p50 = percentile(stabilities, 0.5);
  m.stability_p90 = percentile(stabilities, 0.9);
  m.dropped = dropped;
  m.deferred_live += rep.deferred_live;
  m.files = static_cast<int>(r.entries.size());
  for (const Memory& mem : r.corpus.memories) {
    SecretScan& scan = secret_scans_[mem.filename];
    if (mem.info.version == 0 || scan.version != mem.info.version) scan = {mem.info.version, 0, 0};
    for (; scan.checked < ctx_.secrets.size(); ++scan.checked)
      if (mem.text.find(ctx_.secrets[scan.checked]) != std::string::npos) ++scan.found;
    m.secrets_committed += scan.found;
  }
  ctx_.sometimes["deferred write-back (live guard)"] += rep.deferred_live;
  for (const Entry& en : r.entries) ctx_.sometimes["contested rows at a tick"] += en.contested ? 1 : 0;
}

void Variant::tick() {
  if (has_home()) {
    Result<TickReport> t = Error{""};
    {
      Timed timed(ctx_.seconds, "tick");
      t = run_tick(ctx_.fs, home_, ctx_.clock, spec_.policy, {&ctx_.near_duplicates, &corpus_, &slots_});
    }
    if (!t.ok()) return violation("tick: " + t.message());
    today().cue_items += static_cast<int>(t->cue.size());
    if (t->guarded) ctx_.sometimes["nightly tick guarded (a memory file changed in the last 10 minutes)"]++;
    for (const std::string& bad : check_index(ctx_.fs, home_, t->reindexed, spec_.policy, ctx_.world, ctx_.clock.now(),
                                              !t->guarded, ctx_.options.check))
      violation(bad);
    reindexed(t->reindexed, true, !t->guarded);
    corpus_ = std::move(t->reindexed.ranked.corpus);  // for the next tick to take what did not change
  } else {
    yardstick_view();
  }
  // Churn and the band snapshot, from what the agent will load tomorrow.
  DayMetrics& m = today();
  std::vector<char> now_in(static_cast<std::size_t>(ctx_.world.size()), 0);
  for (int f : view_->facts) now_in[static_cast<std::size_t>(f)] = 1;
  prev_view_.resize(now_in.size(), 0);
  for (std::size_t i = 0; i < now_in.size(); ++i) m.churn += now_in[i] != prev_view_[i] ? 1 : 0;
  prev_view_ = std::move(now_in);
  m.hot_bytes = view_->hot;
  m.new_bytes = view_->fresh;
  m.cold_bytes = view_->cold;
  m.archive_bytes = view_->archive;
  m.loaded_rows = static_cast<int>(view_->facts.size());
}

std::size_t Variant::session_start(int session, const std::string& transcript, std::size_t start_output) {
  std::size_t printed = start_output;
  if (has_home()) {
    if (ctx_.sc.workload.reindex_on_session_start) {
      auto rep = reindex(ctx_.fs, home_, ctx_.clock, spec_.policy, {.reuse = &corpus_, .slots = &slots_});
      if (rep.ok()) {
        reindexed(*rep, false, true);
        corpus_ = std::move(rep->ranked.corpus);
      } else {
        violation("reindex: " + rep.message());
      }
    }
    Timed timed(ctx_.seconds, "hooks");
    HookCall c = sim::session_start(ctx_.fs, ctx_.clock, home_, session_id(session), transcript);
    hook_status("session-start", c.status);
    printed = c.out.size();
  }
  session_view_[session] = view_;
  DayMetrics& d = today();
  ++d.sessions;
  d.bytes_loaded += view_->bytes + static_cast<long long>(printed);
  for (int f : view_->facts) d.stale_exposure += ctx_.world.closed(f, ctx_.clock.now()) ? 1 : 0;
  return printed;
}

void Variant::session_end(int session, const std::string& transcript) {
  session_view_.erase(session);
  if (!has_home()) return;
  Timed timed(ctx_.seconds, "hooks");
  hook_status("session-end",
              sim::session_end(ctx_.fs, ctx_.clock, home_, session_id(session), transcript, ctx_.redactor).status);
}

void Variant::tool_call(const std::string& tool, const std::string& path, int session) {
  if (!has_home()) return;
  Timed timed(ctx_.seconds, "hooks");
  hook_status("pre-tool-use", pre_tool_use(ctx_.fs, ctx_.clock, home_, tool, path, session_id(session)).status);
}

void Variant::touch(const std::string& tool, int fact, int session) {
  const std::string& name = ctx_.world.fact(fact).filename;
  tool_call(tool, home_.memory_path(name), session);
  DayMetrics& m = today();
  ++m.touches;
  auto [it, fresh] = shadow_.try_emplace(name);
  if (fresh) it->second.stability = spec_.policy.initial_stability;
  const Seconds t[] = {ctx_.clock.now()};
  const std::int64_t before = it->second.access_count;
  it->second = fold(it->second, t, spec_.policy);
  if (it->second.access_count == before) ++m.unreinforced;
}

char Variant::need(const NeedDraw& d, int session) {
  auto sv = session_view_.find(session);
  const View& view = sv != session_view_.end() ? *sv->second : *view_;
  const Fact& f = ctx_.world.fact(d.fact);
  const ModelSpec& model = ctx_.sc.model;
  DayMetrics& m = today();
  ClassMetrics& c = result_.classes[static_cast<std::size_t>(d.need_class)];
  ++m.needs;
  ++c.needs;
  if (f.filename.empty()) {
    ++m.missed;
    ++m.unwritten;
    return 'x';
  }
  char outcome = 'x';
  if (view.has(d.fact) && d.recognise < f.quality * (view.cut(d.fact) ? model.cut_penalty : 1.0)) {
    outcome = 'i';
    ++m.met_index;
    ++c.met_index;
  } else {
    if (has_home()) tool_call("Grep", home_.memory_dir(), session);  // a search never reinforces
    if (d.search < model.search_base + model.search_quality_weight * f.quality) {
      outcome = 's';
      ++m.met_search;
      ++c.met_search;
    } else {
      ++m.missed;
    }
  }
  if (outcome == 'x') return outcome;
  met_.insert(d.id);
  if (!has_home()) return outcome;
  touch("Read", d.fact, session);
  if (d.edit) {
    touch("Edit", d.fact, session);
    const std::string path = home_.memory_path(f.filename);
    auto text = ctx_.fs.read_file(path);
    if (!text.ok()) violation(text.message());
    else if (Status s = ctx_.fs.write_file(path, *text + "\nRevised in session s" + std::to_string(session) + ".\n");
             !s.ok())
      violation(s.message());
  }
  return outcome;
}

void Variant::reread(long long need_id, int fact, int session) {
  if (met_.erase(need_id) && has_home()) touch("Read", fact, session);
}

void Variant::teach(int fact, const StartFile& file) {
  if (!has_home()) return;
  touch("Write", fact, -1);
  if (Status s = ctx_.fs.write_file(home_.memory_path(file.name), file.text); !s.ok()) violation(s.message());
}

void Variant::resolve(int old_fact, int new_fact, const std::string& new_file) {
  if (!has_home()) return;
  Timed timed(ctx_.seconds, "resolve");
  const Fact& fresh = ctx_.world.fact(new_fact);
  SupersedeRequest req;
  req.old_file = ctx_.world.fact(old_fact).filename;
  req.new_file = new_file;
  req.summary = fresh.summary;
  req.type = fresh.type;
  auto done = supersede(ctx_.fs, home_, ctx_.clock, spec_.policy, ctx_.redactor, req, &corpus_, &slots_);
  if (!done.ok()) return violation("supersede: " + done.message());
  reindexed(done->index, false, true);  // supersede regenerated MEMORY.md: the view is what it wrote
  corpus_ = std::move(done->index.ranked.corpus);
}

// A human who trusts the gates: every proposal the dry run moves is staged and
// adopted (promote --apply, then adopt each). Each adoption is judged against
// the directive it came from: a standing rule is a true promotion, anything else
// (a task rule, or a claim no directive explains) a false one.
void Variant::adopt_pass() {
  if (!has_home()) return;
  Timed timed(ctx_.seconds, "adopt");
  const Seconds now = ctx_.clock.now();
  auto plan = plan_promotions(ctx_.fs, home_, nullptr, spec_.policy.gates, now, &slots_);
  if (!plan.ok()) return violation("adopt: " + plan.message());
  if (auto staged = stage_promotions(ctx_.fs, home_, nullptr, *plan, now); !staged.ok())
    return violation("adopt: " + staged.message());
  for (const Proposal& p : *plan) {
    if (!p.moves) continue;
    if (auto written = adopt(ctx_.fs, home_, nullptr, p.id, spec_.policy, now, &corpus_); !written.ok())
      return violation("adopt " + p.id + ": " + written.message());
    const std::string claim = normalize_claim(p.claim);
    const auto& dirs = *ctx_.directives;
    const auto d = std::find_if(dirs.begin(), dirs.end(), [&](const Directive& x) {
      return claim.find(normalize_claim(x.text)) != std::string::npos;
    });
    ++(d != dirs.end() && d->standing ? today().promotions_true : today().promotions_false);
  }
}

void Variant::check() {
  if (!has_home()) return;
  for (const std::string& bad : check_home_state(ctx_.fs, home_, ctx_.world, *view_)) violation(bad);
}

}  // namespace memsim::sim
