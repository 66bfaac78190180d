// The fold checkpoint is a cache (checkpoint.h): over generated journals of
// several replicas and months (legacy journals, lines duplicated by a union
// merge, a line in the wrong month's segment, torn lines), a sequence of index
// runs, each seeing what a checkout would hold then (more lines as time moves
// on and replicas that were away push theirs, fewer after checking out an older
// commit, a line added by hand, the same lines under an earlier --now, and now
// and then another policy), folds through the checkpoint to exactly the values
// and the count of unreadable lines of a fold that reads every line.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "memsim/checkpoint.h"
#include "memsim/journal.h"
#include "memsim/ranking.h"
#include "memsim/timefmt.h"
#include "temp_home.h"

namespace memsim::props {
namespace checkpoint {

const std::vector<std::string> kFiles = {"feedback_a.md", "decision_b b.md", "project_ü.md", "gone_c.md"};
const std::vector<std::string> kReplicas = {"0a0a0a0a0a0a", "1b1b1b1b1b1b", "ffffffffffff"};
constexpr Seconds kStart = 1780272000;  // 2026-06-01
constexpr Seconds kSpan = 120 * kSecondsPerDay;

struct Line {
  std::string path;  // under journal/
  std::string text;  // newline included unless torn
};

// One replica's lines in the order it appended them: a legacy journal first
// (sometimes), then touches in time order, each in its month's segment, or
// rarely in another month's (a hand edit), written twice (a union merge) or
// torn now and then.
std::vector<Line> gen_replica(const std::string& id) {
  std::vector<Line> out;
  std::vector<Seconds> times;
  const std::size_t n = *rc::gen::inRange<std::size_t>(0, 30);
  for (std::size_t i = 0; i < n; ++i) times.push_back(kStart + *rc::gen::inRange<Seconds>(0, kSpan / 1800) * 1800);
  std::sort(times.begin(), times.end());
  const std::size_t legacy = *rc::gen::inRange<std::size_t>(0, n + 1) * *rc::gen::inRange(0, 2);
  for (std::size_t i = 0; i < n; ++i) {
    Seconds t = times[i];
    auto line = format_touch({t, "Read", *rc::gen::elementOf(kFiles), "s" + std::to_string(i)});
    RC_ASSERT(line.ok());
    std::string path = i < legacy ? id + ".log" : id + "/" + format_instant(t).substr(0, 7) + ".log";
    if (i >= legacy && *rc::gen::inRange(0, 8) == 0)
      path = id + "/" + format_instant(kStart + *rc::gen::inRange<Seconds>(0, kSpan)).substr(0, 7) + ".log";
    if (*rc::gen::inRange(0, 25) == 0) line->pop_back();  // torn: skipped, counted
    out.push_back({path, *line});
    if (*rc::gen::inRange(0, 8) == 0) out.push_back({path, *line});
  }
  return out;
}

Policy gen_policy() {
  Policy p;
  p.ranking = *rc::gen::element(Ranking::kSeed, Ranking::kFsrs);
  p.spacing_gate = *rc::gen::element<Seconds>(20 * 3600, 3600, 0);
  return p;
}

struct Fold {
  std::map<std::string, PolicyValues> values;
  std::size_t bad_lines = 0;
  bool operator==(const Fold&) const = default;
};

Fold fold_of(const JournalRead& j, Seconds now, const Policy& policy) {
  Fold f;
  f.bad_lines = j.bad_lines;
  for (const std::string& name : kFiles) f.values[name] = fold_shared(name, j, now, policy);
  return f;
}

RC_GTEST_PROP(CheckpointProps, FoldingThroughTheCheckpointEqualsReadingEveryLine, ()) {
  std::vector<std::vector<Line>> replicas;
  const std::size_t count = *rc::gen::inRange<std::size_t>(1, kReplicas.size() + 1);
  for (std::size_t r = 0; r < count; ++r) replicas.push_back(gen_replica(kReplicas[r]));
  std::string baseline;
  if (*rc::gen::arbitrary<bool>()) baseline = "feedback_a.md\t3\t2026-05-30T10:00:00Z\t2026-05-29T09:00:00Z\t22.4\n";

  const TempHome temp;  // removed however the case ends, a failed assertion too
  PosixFileSystem fs;
  const Home home = temp.home();
  std::filesystem::create_directories(home.memory_dir());
  Policy policy = gen_policy();
  const int runs = *rc::gen::inRange(1, 10);
  bool used = false;
  Seconds now = kStart;
  std::vector<std::size_t> held(replicas.size(), 0);
  std::vector<Line> edits;  // lines a person added by hand, anywhere
  for (int run = 0; run < runs; ++run) {
    if (*rc::gen::inRange(0, 6) == 0) policy = gen_policy();
    switch (*rc::gen::inRange(0, 8)) {
      case 0:  // the same checkout, indexed with an earlier --now
        now = kStart + *rc::gen::inRange<Seconds>(0, std::max<Seconds>(1, now - kStart));
        break;
      case 1:  // an older commit: any prefix of each replica's lines
        for (std::size_t r = 0; r < replicas.size(); ++r)
          held[r] = *rc::gen::inRange<std::size_t>(0, replicas[r].size() + 1);
        break;
      case 2: {  // a hand edit adds a line to some segment, of some time
        const Seconds t = kStart + *rc::gen::inRange<Seconds>(0, kSpan);
        auto line = format_touch({t, "Read", *rc::gen::elementOf(kFiles), "edit"});
        RC_ASSERT(line.ok());
        edits.push_back({*rc::gen::elementOf(kReplicas) + "/" +
                             format_instant(kStart + *rc::gen::inRange<Seconds>(0, kSpan)).substr(0, 7) + ".log",
                         *line});
        break;
      }
      default:  // time moves on; each replica has pushed its lines up to some time back
        now += *rc::gen::inRange<Seconds>(0, 40 * kSecondsPerDay);
        for (std::size_t r = 0; r < replicas.size(); ++r) {
          const Seconds lag = *rc::gen::element<Seconds>(0, 0, 0, 5 * kSecondsPerDay, 40 * kSecondsPerDay);
          while (held[r] < replicas[r].size() &&
                 parse_instant(replicas[r][held[r]].text.substr(0, 20)).value_or(0) <= now - lag)
            ++held[r];
        }
    }
    std::filesystem::remove_all(home.shared_journal_dir());
    std::filesystem::create_directories(home.shared_journal_dir());
    RC_ASSERT(fs.write_file(home.baseline_path(), baseline).ok());
    std::vector<Line> checkout = edits;
    for (std::size_t r = 0; r < replicas.size(); ++r)
      checkout.insert(checkout.begin(), replicas[r].begin(),
                      replicas[r].begin() + static_cast<std::ptrdiff_t>(held[r]));
    for (const Line& l : checkout) {
      const std::string path = join_path(home.shared_journal_dir(), l.path);
      std::filesystem::create_directories(std::filesystem::path(path).parent_path());
      RC_ASSERT(fs.append_file(path, l.text).ok());
    }

    auto through = read_for_fold(fs, home, policy, now);
    RC_ASSERT(through.ok());
    auto every = read_journal(fs, home);
    RC_ASSERT(every.ok());
    RC_ASSERT(fold_of(through->journal, now, policy) == fold_of(*every, now, policy));
    used = used || through->checkpoint_cutoff.has_value();
    RC_ASSERT(write_checkpoint(fs, home, policy, now, *through).ok());
  }
  RC_CLASSIFY(used, "a checkpoint was used");
}

// What the fold reads past a valid checkpoint is only what it does not cover.
RC_GTEST_PROP(CheckpointProps, AValidCheckpointLeavesOnlyTheOpenMonthToRead, ()) {
  const TempHome temp;  // removed however the case ends, a failed assertion too
  PosixFileSystem fs;
  const Home home = temp.home();
  std::filesystem::create_directories(home.memory_dir());
  std::filesystem::create_directories(home.shared_journal_dir());
  RC_ASSERT(fs.write_file(home.baseline_path(), "").ok());
  const Policy policy;
  std::size_t open = 0;
  const Seconds now = kStart + kSpan;
  for (int i = *rc::gen::inRange(0, 40); i > 0; --i) {
    const Seconds t = kStart + *rc::gen::inRange<Seconds>(0, kSpan);
    RC_ASSERT(append_touch(fs, home, {t, "Read", *rc::gen::elementOf(kFiles), "s"}).ok());
    if (t >= month_start(now)) ++open;
  }
  auto first = read_for_fold(fs, home, policy, now);
  RC_ASSERT(first.ok());
  RC_ASSERT(write_checkpoint(fs, home, policy, now, *first).ok());
  auto second = read_for_fold(fs, home, policy, now);
  RC_ASSERT(second.ok());
  RC_ASSERT(second->checkpoint_cutoff == std::optional<Seconds>(month_start(now)));
  RC_ASSERT(second->journal.touches.size() == open);
  RC_ASSERT(fold_of(second->journal, now, policy) == fold_of(first->journal, now, policy));
}

}  // namespace checkpoint
}  // namespace memsim::props
