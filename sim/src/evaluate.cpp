#include "memsim/sim/evaluate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "memsim/conflicts.h"
#include "memsim/corpus.h"
#include "memsim/fold.h"
#include "memsim/index.h"
#include "memsim/journal.h"
#include "memsim/rankers.h"
#include "memsim/ranking.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

constexpr std::size_t kNotesLines = 200;

struct Session {
  std::string id;
  Seconds start = 0;
  std::set<std::string> reads;
};

PolicyValues defaults(const Policy& p) {
  PolicyValues v;
  v.stability = p.initial_stability;
  return v;
}

// Where a file's fold starts, for one variant's policy (see evaluate.h).
PolicyValues start_values(const Memory& m, const std::vector<Seconds>& times, const Policy& p, bool* approximated) {
  const PolicyValues replay = fold(defaults(p), times, p);
  const PolicyValues& written = m.meta.policy;
  *approximated = false;
  if (!written.last_accessed || written.access_count <= replay.access_count) return defaults(p);
  *approximated = true;
  PolicyValues v = defaults(p);
  v.access_count = written.access_count - replay.access_count;
  for (std::int64_t k = 0; k < v.access_count && v.stability < p.stability_cap; ++k)
    v.stability = std::min(round1(v.stability * p.stability_growth), p.stability_cap);
  return v;
}

}  // namespace

std::vector<VariantSpec> default_evaluate_variants(const Policy& home) {
  std::vector<VariantSpec> out;
  auto add = [&](const std::string& name, const std::string& lines, Policy p, LoaderKind loader = LoaderKind::kIndex) {
    out.push_back({name, loader, p, lines});
  };
  add("home policy", "", home);
  for (Ranking r : {Ranking::kSeed, Ranking::kRecency, Ranking::kAccessCount, Ranking::kActr, Ranking::kFsrs}) {
    Policy p = home;
    p.ranking = r;
    add(std::string(ranking_name(r)), "ranking: " + std::string(ranking_name(r)) + "\n", p);
  }
  Policy gate = home, growth = home;
  gate.ranking = growth.ranking = Ranking::kSeed;
  gate.spacing_gate = 0;
  growth.stability_growth = 1.0;
  add("no-gate", "ranking: seed\nspacing_gate: 0\n", gate);
  add("no-growth", "ranking: seed\nstability_growth: 1.0\n", growth);
  add("notes-200", "", home, LoaderKind::kNotes200);
  return out;
}

Result<EvaluateResult> evaluate_home(FileSystem& fs, const Home& home, const std::vector<VariantSpec>& variants,
                                     int draws) {
  if (Status s = check_home(fs, home); !s.ok()) return s.error();
  if (variants.empty()) return Error{"evaluate: no variants"};
  auto corpus = load_corpus(fs, home, variants[0].policy);
  if (!corpus.ok()) return corpus.error();
  auto journal = read_journal(fs, home);
  if (!journal.ok()) return journal.error();
  EvaluateResult out;
  out.home = home.root();
  out.files = static_cast<int>(corpus->memories.size());

  // Sessions: their starts, and the distinct memory files each one read.
  std::map<std::string, Session> by_id;
  for (const SessionStart& s : journal->sessions) {
    if (s.session == "-") continue;
    Session& x = by_id[s.session];
    if (x.id.empty() || s.time < x.start) x.start = s.time;
    x.id = s.session;
  }
  std::unordered_map<std::string, std::vector<Seconds>> touches;  // every touch, per file
  std::unordered_map<std::string, Seconds> first_write;
  for (const Touch& t : journal->touches) {
    touches[t.filename].push_back(t.time);
    if (t.tool == "Write" && !first_write.count(t.filename)) first_write[t.filename] = t.time;
    if (t.session == "-") continue;
    Session& x = by_id[t.session];
    if (x.id.empty()) {
      x.id = t.session;
      x.start = t.time;
    }
    x.start = std::min(x.start, t.time);
    if (t.tool == "Read") x.reads.insert(t.filename);
  }
  for (auto& [_, times] : touches) std::sort(times.begin(), times.end());
  std::vector<Session> sessions;
  for (auto& [_, s] : by_id) sessions.push_back(std::move(s));
  std::sort(sessions.begin(), sessions.end(),
            [](const Session& a, const Session& b) { return a.start != b.start ? a.start < b.start : a.id < b.id; });
  out.sessions_seen = static_cast<int>(sessions.size());

  const std::vector<Memory>& mems = corpus->memories;
  std::unordered_map<std::string, std::size_t> index_of;
  for (std::size_t i = 0; i < mems.size(); ++i) index_of[mems[i].filename] = i;
  auto exists_at = [&](std::size_t i, Seconds t) {
    const Memory& m = mems[i];
    if (auto w = first_write.find(m.filename); w != first_write.end()) return w->second < t;
    return m.meta.created.value_or(day_of(m.info.mtime)) <= day_of(t);
  };

  // Per variant, per session: reads the index as of the session's start served.
  const std::size_t nv = variants.size();
  std::vector<std::vector<double>> served(nv);
  std::vector<double> reads;
  std::set<std::string> approximated;
  for (std::size_t v = 0; v < nv; ++v) {
    const Policy& p = variants[v].policy;
    std::vector<PolicyValues> state(mems.size());
    std::vector<std::size_t> next(mems.size(), 0);
    for (std::size_t i = 0; i < mems.size(); ++i) {
      bool approx = false;
      const auto it = touches.find(mems[i].filename);
      state[i] = start_values(mems[i], it == touches.end() ? std::vector<Seconds>{} : it->second, p, &approx);
      if (approx) approximated.insert(mems[i].filename);
    }
    for (const Session& s : sessions) {
      std::vector<std::string> counted;
      for (const std::string& f : s.reads)
        if (auto k = index_of.find(f); k != index_of.end() && exists_at(k->second, s.start)) counted.push_back(f);
      if (counted.empty()) continue;
      std::set<std::string> listed;
      std::vector<std::size_t> alive;
      for (std::size_t i = 0; i < mems.size(); ++i)
        if (exists_at(i, s.start)) alive.push_back(i);
      if (variants[v].loader == LoaderKind::kNotes200) {
        std::vector<std::size_t> order = alive;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
          const Days x = mems[a].meta.created.value_or(day_of(mems[a].info.mtime));
          const Days y = mems[b].meta.created.value_or(day_of(mems[b].info.mtime));
          return x != y ? x < y : mems[a].filename < mems[b].filename;
        });
        for (std::size_t k = 0; k < order.size() && k < kNotesLines; ++k) listed.insert(mems[order[k]].filename);
      } else {
        std::vector<Entry> entries;
        std::vector<bool> open(mems.size(), false);
        for (std::size_t i : alive) {
          const auto it = touches.find(mems[i].filename);
          if (it != touches.end()) {
            std::size_t& n = next[i];
            std::vector<Seconds> before;
            while (n < it->second.size() && it->second[n] < s.start) before.push_back(it->second[n++]);
            state[i] = fold(state[i], before, p);
          }
          const Seconds created = mems[i].meta.created.value_or(day_of(mems[i].info.mtime)) * kSecondsPerDay;
          const Seconds fallback = mems[i].info.mtime <= s.start ? mems[i].info.mtime : created;
          entries.push_back(rank_entry(mems[i], state[i], fallback, s.start, p));
          open[i] = !entries.back().closed;
        }
        std::set<std::string> contested;
        for (const Conflict& c : find_conflicts(*corpus, open)) contested.insert(c.files.begin(), c.files.end());
        for (Entry& e : entries) e.contested = contested.count(e.filename) > 0;
        const IndexOutput ix = build_index(std::move(entries), s.start, p);
        for (std::size_t i = 0; i < ix.entries.size(); ++i)
          if (ix.bands[i] == Band::kHot || ix.bands[i] == Band::kNew || ix.bands[i] == Band::kCold)
            listed.insert(ix.entries[i].filename);
      }
      int hit = 0;
      for (const std::string& f : counted) hit += listed.count(f) ? 1 : 0;
      served[v].push_back(hit);
      if (v == 0) {
        reads.push_back(static_cast<double>(counted.size()));
        if (out.first.empty()) out.first = format_date(day_of(s.start));
        out.last = format_date(day_of(s.start));
      }
    }
  }
  out.sessions = static_cast<int>(reads.size());
  out.approximated = static_cast<int>(approximated.size());
  for (double r : reads) out.reads += static_cast<long long>(r);
  for (std::size_t v = 0; v < nv; ++v) {
    EvaluatedVariant ev;
    ev.name = variants[v].name;
    ev.policy_lines = variants[v].policy_lines;
    for (double x : served[v]) ev.served += static_cast<long long>(x);
    Interval share = bootstrap_ratio(served[v], reads, draws, 17);
    Interval diff = bootstrap_ratio_difference(served[v], served[0], reads, draws, 17);
    for (Interval* i : {&share, &diff}) {
      i->mean *= 100;
      i->lo *= 100;
      i->hi *= 100;
    }
    ev.share = share;
    ev.vs_base = diff;
    out.variants.push_back(std::move(ev));
  }
  return out;
}

std::string evaluate_markdown(const EvaluateResult& r) {
  std::string md = fmt::format("# memsim evaluate: {}\n\n", r.home);
  md +=
      "**The question.** For every session in this home's journal and every memory file read in it, would each "
      "variant's index, computed from the corpus and the journal as they stood when the session started, have "
      "listed it? (The index is what the agent loads; a read it lists needs no search.)\n\n";
  if (r.sessions == 0) {
    md += fmt::format(
        "**Nothing to evaluate.** The journal has {} sessions and none of them read a memory file "
        "that existed then. Sessions are recorded by the hooks (memsim install-hooks).\n",
        r.sessions_seen);
    return md;
  }
  const EvaluatedVariant& base = r.variants[static_cast<std::size_t>(r.baseline)];
  md += fmt::format(
      "**What it found.** {} sessions from {} to {} read {} memory files (counted once a session). "
      "The home's own policy would have served {}% of them from its index.",
      r.sessions, r.first, r.last, r.reads, format_interval(base.share, 1, false));
  const EvaluatedVariant* best = &base;
  for (const EvaluatedVariant& v : r.variants)
    if (v.policy_lines.size() && v.share.mean > best->share.mean) best = &v;
  if (best != &base) {
    const bool detectable = !best->vs_base.covers_zero() && r.sessions > 1;
    md += fmt::format(" The best, {}, {} − home policy = {} points: {}.", best->name, best->name,
                      format_interval(best->vs_base, 1, true),
                      detectable ? "a detectable difference" : "no detectable difference");
  }
  md += fmt::format(
      "\n\n**Assumptions.** Intervals are 95% percentile bootstraps over sessions. Text, summaries and windows "
      "are today's; a file exists from its first Write in the journal (else its created date); its policy values "
      "are each variant's fold of the journal's touches before the session. {} of {} files carry history from "
      "before the journal, approximated as a count (evaluate.h).\n\n",
      r.approximated, r.files);
  md += "| variant | adopt with | reads served % | − home policy (points) |\n|---|---|---:|---:|\n";
  for (std::size_t i = 0; i < r.variants.size(); ++i) {
    const EvaluatedVariant& v = r.variants[i];
    std::string lines = v.policy_lines;
    if (!lines.empty()) lines.pop_back();
    for (std::size_t p = lines.find('\n'); p != std::string::npos; p = lines.find('\n')) lines.replace(p, 1, "; ");
    md += fmt::format("| {} | {} | {} | {} |\n", v.name, lines.empty() ? "-" : "`" + lines + "`",
                      format_interval(v.share, 1, false),
                      static_cast<int>(i) == r.baseline ? "baseline" : format_interval(v.vs_base, 1, true));
  }
  return md;
}

nlohmann::json evaluate_json(const EvaluateResult& r) {
  auto iv = [](const Interval& i) { return nlohmann::json{{"mean", i.mean}, {"lo", i.lo}, {"hi", i.hi}}; };
  nlohmann::json j{{"home", r.home},   {"sessions", r.sessions}, {"sessions_seen", r.sessions_seen},
                   {"reads", r.reads}, {"files", r.files},       {"approximated", r.approximated},
                   {"first", r.first}, {"last", r.last}};
  j["variants"] = nlohmann::json::array();
  for (const EvaluatedVariant& v : r.variants)
    j["variants"].push_back({{"name", v.name},
                             {"policy", v.policy_lines},
                             {"served", v.served},
                             {"share_pct", iv(v.share)},
                             {"vs_home_points", iv(v.vs_base)}});
  return j;
}

}  // namespace memsim::sim
