#include "workload.h"

#include <algorithm>
#include <cmath>

#include "corpus_text.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

int draw_count(Rng& r, double rate) { return static_cast<int>(rate) + (r.chance(rate - std::floor(rate)) ? 1 : 0); }

Workload::Workload(const Scenario& sc, Rng rng) : sc_(sc), rng_(rng) {
  Rng rules = rng_.fork(4);
  for (int i = 0; i < sc.workload.standing_rules; ++i) add_directive(rules, true, 0, sc.days - 1);
}

void Workload::add_directive(Rng& r, bool standing, int first_day, int last_day) {
  directives_.push_back({sim_words(r, 24, 48), standing, first_day, std::min(last_day, sc_.days - 1)});
}

PlannedDay Workload::plan(int day, int& next_session, bool with_text) {
  // Each day has its own stream, so the history and the run draw independently
  // of how many days came before.
  Rng r = rng_.fork(static_cast<std::uint64_t>(static_cast<std::int64_t>(day) + (1LL << 40)));
  const WorkloadSpec& w = sc_.workload;
  const Seconds midnight = sc_.start + static_cast<Seconds>(day) * kSecondsPerDay;
  auto work_time = [&] { return midnight + r.between(w.hours.lo * 3600, w.hours.hi * 3600 - 1); };
  PlannedDay out;
  const int sessions = static_cast<int>(r.between(w.sessions_per_day.lo, w.sessions_per_day.hi));
  std::vector<char> secret(static_cast<std::size_t>(std::max(sessions, 0)), 0);
  if (with_text)
    for (int k = draw_count(r, w.secrets_per_day); k > 0 && sessions > 0; --k)
      secret[r.below(static_cast<std::uint64_t>(sessions))] = 1;
  std::vector<Seconds> starts;
  for (int s = 0; s < sessions; ++s) starts.push_back(work_time());
  for (int s = 0; s < sessions; ++s) {
    Rng sr = r.fork(static_cast<std::uint64_t>(s) + 1);
    out.sessions.push_back(plan_session(sr, next_session++, starts[static_cast<std::size_t>(s)], day, with_text,
                                        secret[static_cast<std::size_t>(s)]));
  }
  const double teaching =
      day < 0 ? static_cast<double>(sc_.corpus.files) / sc_.corpus.history_days : w.teaching_per_day;
  for (int k = draw_count(r, teaching); k > 0; --k) out.teach.push_back(work_time());
  if (day >= 0) {
    for (int k = draw_count(r, w.contradictions_per_day); k > 0; --k) out.contradict.push_back(work_time());
    if (with_text)
      for (int k = draw_count(r, w.task_rules_per_day); k > 0; --k)
        add_directive(r, false, day, day + static_cast<int>(r.between(w.task_rule_days.lo, w.task_rule_days.hi)) - 1);
  }
  std::sort(out.teach.begin(), out.teach.end());
  std::sort(out.contradict.begin(), out.contradict.end());
  return out;
}

PlannedSession Workload::plan_session(Rng& r, int id, Seconds start, int day, bool with_text, bool secret) {
  const WorkloadSpec& w = sc_.workload;
  PlannedSession s;
  s.id = id;
  s.start = start;
  const Seconds duration = r.between(w.session_minutes.lo, w.session_minutes.hi) * 60;
  s.end = start + duration;
  const int prompts = std::max<int>(1, static_cast<int>(r.between(w.prompts.lo, w.prompts.hi)));
  const Seconds step = std::max<Seconds>(1, duration / (prompts + 1));
  for (int p = 0; p < prompts; ++p) s.prompt_at.push_back(start + step * (p + 1) - step / 2);
  const int needs = static_cast<int>(r.between(w.needs_per_session.lo, w.needs_per_session.hi));
  for (int n = 0; n < needs; ++n) {
    PlannedNeed need;
    need.at = s.prompt_at[r.below(s.prompt_at.size())] + 5 + n;
    need.recognise = r.unit();
    need.search = r.unit();
    if (r.chance(w.reread)) {
      // Minutes later, still inside the session: a re-read the gate must see as massed.
      const Seconds later =
          r.between(w.reread_minutes.lo * 60, std::max(w.reread_minutes.lo, w.reread_minutes.hi) * 60);
      need.reread_at = std::min(need.at + std::max<Seconds>(later, 1), s.end - 1);
      if (need.reread_at <= need.at) need.reread_at = 0;
    }
    need.edit = r.chance(w.edit);
    s.needs.push_back(need);
  }
  std::sort(s.needs.begin(), s.needs.end(), [](const PlannedNeed& a, const PlannedNeed& b) { return a.at < b.at; });
  if (!with_text) return s;
  std::vector<std::string> said(static_cast<std::size_t>(prompts));
  for (const Directive& d : directives_)
    if (d.first_day <= day && day <= d.last_day && r.chance(d.standing ? w.restate : w.task_restate))
      said[r.below(said.size())] += " Always " + d.text + ".";
  for (int p = 0; p < prompts; ++p) {
    s.prompt_text.push_back("prompt " + std::to_string(p + 1) + " of session s" + std::to_string(id) + "." +
                            said[static_cast<std::size_t>(p)]);
    const auto calls = r.between(w.tool_calls_per_prompt.lo, w.tool_calls_per_prompt.hi);
    for (std::int64_t c = 0; c < calls; ++c) {
      constexpr const char* tools[] = {"Read", "Read", "Edit", "Write", "Grep", "Glob"};
      PlannedCall call;
      call.at = s.prompt_at[static_cast<std::size_t>(p)] + 10 + r.between(0, std::max<Seconds>(1, step / 2));
      call.tool = tools[r.below(6)];
      call.path = "/project/src/file" + std::to_string(r.below(200)) + ".cpp";
      s.calls.push_back(call);
    }
  }
  if (secret) {
    s.secret = "AKIA";
    for (int i = 0; i < 16; ++i) s.secret += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[r.below(32)];
  }
  return s;
}

}  // namespace memsim::sim
