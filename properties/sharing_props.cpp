// The laws of a shared home (docs/sharing.md), over generated touches split
// across replicas: a clone's knowledge is a prefix of each replica's journal,
// and git's merge of two clones is, per replica, the longer prefix. The policy
// values read back from the journals on disk are the same whatever order and
// grouping the merges came in, once or twice (commutative, associative,
// idempotent), and equal to one replica's fold of the union; the spacing gate
// holds across replicas.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "memsim/fold.h"
#include "memsim/journal.h"
#include "memsim/ranking.h"
#include "temp_home.h"

namespace memsim::props {
namespace sharing {

const std::vector<std::string> kFiles = {"feedback_a.md", "decision_b b.md", "project_ü.md"};
const std::vector<std::string> kReplicas = {"0a0a0a0a0a0a", "1b1b1b1b1b1b", "2c2c2c2c2c2c", "ffffffffffff"};
constexpr Seconds kStart = 1782864000;  // 2026-07-01

struct Line {
  Seconds time;
  std::string file;
};
using Journals = std::vector<std::vector<Line>>;  // per replica, in append order
using Knowledge = std::vector<std::size_t>;       // per replica, how many lines a clone holds

Journals gen_journals() {
  const std::size_t replicas = *rc::gen::inRange<std::size_t>(1, kReplicas.size() + 1);
  Journals j(replicas);
  for (auto& lines : j) {
    const std::size_t n = *rc::gen::inRange<std::size_t>(0, 12);
    // Half hours over three days: ties, and gaps both sides of the 20-hour gate.
    for (std::size_t i = 0; i < n; ++i)
      lines.push_back({kStart + *rc::gen::inRange<Seconds>(0, 144) * 1800, *rc::gen::elementOf(kFiles)});
  }
  return j;
}

Knowledge gen_knowledge(const Journals& j) {
  Knowledge k;
  for (const auto& lines : j) k.push_back(*rc::gen::inRange<std::size_t>(0, lines.size() + 1));
  return k;
}

Knowledge merge(const Knowledge& a, const Knowledge& b) {
  Knowledge out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = std::max(a[i], b[i]);
  return out;
}

// A shared home holding what `k` knows, each journal written as a replica
// writes it (a line written twice, as a union merge may leave it, when `twice`);
// the values read back through read_journal.
std::map<std::string, PolicyValues> fold_home(const Journals& j, const Knowledge& k,
                                              const std::map<std::string, PolicyValues>& baseline, bool twice) {
  const TempHome temp;  // removed however the case ends, a failed assertion too
  PosixFileSystem fs;
  const Home home = temp.home();
  std::filesystem::create_directories(home.memory_dir());
  std::filesystem::create_directories(home.shared_journal_dir());
  RC_ASSERT(fs.write_file(home.baseline_path(), format_baseline(baseline)).ok());
  for (std::size_t r = 0; r < j.size(); ++r)
    for (std::size_t i = 0; i < k[r]; ++i) {
      auto line = format_touch({j[r][i].time, "Read", j[r][i].file, "s" + std::to_string(r)});
      RC_ASSERT(line.ok());
      const std::string path = join_path(home.shared_journal_dir(), kReplicas[r] + ".log");
      RC_ASSERT(fs.append_file(path, *line).ok());
      if (twice && i % 2 == 0) RC_ASSERT(fs.append_file(path, *line).ok());
    }
  auto read = read_journal(fs, home);
  RC_ASSERT(read.ok());
  RC_ASSERT(read->baseline.has_value());
  RC_ASSERT(read->bad_lines == 0u);
  Policy policy;
  std::map<std::string, PolicyValues> out;
  for (const std::string& f : kFiles) out[f] = fold_shared(f, *read, kStart + 10 * kSecondsPerDay, policy);
  return out;
}

std::map<std::string, PolicyValues> gen_baseline() {
  std::map<std::string, PolicyValues> b;
  if (*rc::gen::arbitrary<bool>()) {
    PolicyValues v;
    v.access_count = *rc::gen::inRange<std::int64_t>(0, 9);
    v.last_accessed = kStart + *rc::gen::inRange<Seconds>(-50, 100) * 3600;
    v.last_reinforced = *v.last_accessed - *rc::gen::inRange<Seconds>(0, 50) * 3600;
    v.stability = round1(*rc::gen::inRange(10, 4000) / 10.0);
    b[*rc::gen::elementOf(kFiles)] = v;
  }
  return b;
}

RC_GTEST_PROP(SharingProps, MergesInAnyOrderAndGroupingOnceOrTwiceFoldAlike, ()) {
  const Journals j = gen_journals();
  const auto baseline = gen_baseline();
  const Knowledge a = gen_knowledge(j), b = gen_knowledge(j), c = gen_knowledge(j);
  const auto left = fold_home(j, merge(merge(a, b), c), baseline, false);
  RC_ASSERT(fold_home(j, merge(a, merge(b, c)), baseline, false) == left);
  RC_ASSERT(fold_home(j, merge(merge(c, a), b), baseline, false) == left);
  RC_ASSERT(fold_home(j, merge(merge(a, b), merge(c, merge(a, b))), baseline, true) == left);
  RC_ASSERT(fold_home(j, merge(a, a), baseline, false) == fold_home(j, a, baseline, true));
}

RC_GTEST_PROP(SharingProps, EveryReplicaTogetherFoldsAsOneReplicaHoldingTheUnion, ()) {
  const Journals j = gen_journals();
  const auto baseline = gen_baseline();
  Knowledge all;
  Journals one(1);
  for (const auto& lines : j) {
    all.push_back(lines.size());
    one[0].insert(one[0].end(), lines.begin(), lines.end());
  }
  // The single replica appended them in its own order: any order of the union.
  for (std::size_t i = one[0].size(); i > 1; --i)
    std::swap(one[0][i - 1], one[0][*rc::gen::inRange<std::size_t>(0, i)]);
  const auto together = fold_home(j, all, baseline, false);
  RC_ASSERT(together == fold_home(one, {one[0].size()}, baseline, false));
  // And that is the seed's fold of the union's times, from the baseline.
  Policy policy;
  for (const std::string& f : kFiles) {
    std::vector<Seconds> times;
    for (const Line& l : one[0])
      if (l.file == f) times.push_back(l.time);
    std::sort(times.begin(), times.end());
    auto b = baseline.find(f);
    RC_ASSERT(together.at(f) == fold(b == baseline.end() ? untouched_values(policy) : b->second, times, policy));
  }
}

RC_GTEST_PROP(SharingProps, TwoMachinesReadingWithinTheGateReinforceOnce, ()) {
  const Seconds first = kStart + *rc::gen::inRange<Seconds>(0, 1000) * 60;
  const Seconds gap = *rc::gen::inRange<Seconds>(0, 20 * 3600);
  Journals j = {{{first, kFiles[0]}}, {{first + gap, kFiles[0]}}};
  const auto v = fold_home(j, {1, 1}, {}, false).at(kFiles[0]);
  RC_ASSERT(v.access_count == 1);
  RC_ASSERT(v.last_reinforced == first);
  RC_ASSERT(v.last_accessed == first + gap);
}

}  // namespace sharing
}  // namespace memsim::props
