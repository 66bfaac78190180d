// Properties of the fold (SPEC section 4): the spacing gate against an
// independent model, and idempotence.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "generators.h"
#include "memsim/fold.h"
#include "memsim/journal.h"
#include "memsim/ranking.h"

namespace memsim::props {
namespace {

std::vector<Seconds> sorted(std::vector<Seconds> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A memory as load_memory would read it from `text`.
Memory memory_from(const std::string& name, const std::string& text, Seconds mtime) {
  Memory m;
  m.filename = name;
  m.info = {FileKind::kRegular, static_cast<std::int64_t>(text.size()), mtime};
  m.text = text;
  m.fm = parse_frontmatter(m.text);
  m.meta = read_memory_meta(m.text, m.fm, Policy{}.initial_stability);
  return m;
}

}  // namespace

// Over any journal: the touches that count are the ones that happened by `now`
// and after the file's last_accessed, each instant once; access_count grows by
// those at least 20 h after the previous reinforcement, and stability is the
// round1 chain of that many growths, capped at 365.
RC_GTEST_PROP(FoldProps, SpacingGate, ()) {
  const Seconds now = *gen_now();
  const PolicyValues start = *gen_policy_values(now);
  const std::vector<Seconds> times = *gen_touch_times(now);
  CorpusSpec other;
  other.now = now;
  other.files.emplace_back();
  other.files.back().name = "feedback_other.md";
  std::string journal;
  for (Seconds t : times) journal += *format_touch({t, "Read", "feedback_x.md", "s1"});
  journal += *gen_journal(other);  // other files, garbage, maybe a torn last line

  std::string text = "---\nsummary: gated\n";
  for (const auto& [k, v] : policy_lines(start)) text += k + ": " + v + "\n";
  text += "---\nbody\n";
  Corpus corpus;
  corpus.memories.push_back(memory_from("feedback_x.md", text, now - 100 * kSecondsPerDay));
  RC_ASSERT(corpus.memories[0].meta.policy == start);  // what is written is what is read
  const Ranked r = rank_corpus(corpus, parse_journal(journal).touches, now, Policy{});

  // The model.
  std::vector<Seconds> happened;
  for (Seconds t : sorted(times))
    if (t <= now && (!start.last_accessed || t > *start.last_accessed) && (happened.empty() || happened.back() != t))
      happened.push_back(t);
  std::int64_t gated = 0;
  std::optional<Seconds> previous = start.last_reinforced;
  for (Seconds t : happened)
    if (!previous || t - *previous >= 20 * 3600) {
      ++gated;
      previous = t;
    }
  double stability = start.stability;
  for (std::int64_t k = 0; k < gated; ++k) stability = std::min(std::round(stability * 16.0) / 10.0, 365.0);

  const PolicyValues& got = r.folded[0];
  RC_ASSERT(got.access_count == start.access_count + gated);
  RC_ASSERT(got.stability == stability);
  RC_ASSERT(got.last_accessed == (happened.empty() ? start.last_accessed : happened.back()));
  RC_ASSERT(got.last_reinforced == previous);
  RC_CLASSIFY(static_cast<std::int64_t>(happened.size()) > gated, "massed touches held back by the gate");
  RC_CLASSIFY(times.size() > happened.size(), "touches skipped (before last_accessed, after now, repeated)");
}

// Folding a journal into its own result changes nothing.
RC_GTEST_PROP(FoldProps, Idempotent, ()) {
  const Seconds now = *gen_now();
  const PolicyValues v = *gen_policy_values(now);
  const std::vector<Seconds> t = sorted(*gen_touch_times(now));
  const PolicyValues once = fold(v, t, Policy{});
  RC_ASSERT(fold(once, t, Policy{}) == once);
}

// Folding a prefix of the journal first, then the whole journal, is the same as
// folding the whole journal once: an index run between touches changes nothing.
RC_GTEST_PROP(FoldProps, IncrementalEqualsBatch, ()) {
  const Seconds now = *gen_now();
  const PolicyValues v = *gen_policy_values(now);
  const std::vector<Seconds> t = sorted(*gen_touch_times(now));
  const std::size_t k = *rc::gen::inRange<std::size_t>(0, t.size() + 1);
  const PolicyValues part = fold(v, std::span<const Seconds>(t.data(), k), Policy{});
  RC_ASSERT(fold(part, t, Policy{}) == fold(v, t, Policy{}));
}

}  // namespace memsim::props
