// Properties of facts over time (SPEC section 6): supersession never
// overwrites, as-of reads see exactly the windows that hold, and recall never
// shows a closed fact unless asked.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "memsim/ranking.h"
#include "memsim/search.h"
#include "memsim/supersede.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::read;
using testing::TempDir;
using testing::write;

const Seconds kStart = *parse_now("2026-03-01T12:00:00Z");

std::string body_of(const std::string& text) {
  const Frontmatter fm = parse_frontmatter(text);
  return text.substr(fm.state == FrontmatterState::kOk ? fm.body_begin : 0);
}

std::set<std::string> names(const std::vector<Hit>& hits) {
  std::set<std::string> out;
  for (const Hit& h : hits) out.insert(h.file);
  return out;
}

// A history of facts sharing one word, "zephyr", with windows drawn over 60 days.
struct Fact {
  std::string name;
  Days from;
  std::optional<Days> until;
  bool superseded_status;
};

std::vector<Fact> write_history(const Home& home, int n, const std::vector<int>& draws) {
  std::vector<Fact> facts;
  const Days day0 = day_of(kStart);
  for (int i = 0; i < n; ++i) {
    const std::size_t at = 4 * static_cast<std::size_t>(i);
    const int a = draws[at] % 60, len = draws[at + 1] % 30;
    Fact f{"decision_fact-" + std::to_string(i) + ".md", day0 + a, std::nullopt, draws[at + 3] % 5 == 0};
    if (draws[at + 2] % 3 != 0) f.until = f.from + len;  // len 0: an empty window
    std::string text =
        "---\nsummary: zephyr fact number " + std::to_string(i) + "\nvalid_from: " + format_date(f.from) + "\n";
    if (f.until) text += "valid_until: " + format_date(*f.until) + "\n";
    if (f.superseded_status) text += "status: superseded by something\n";
    text += "---\nbody " + std::to_string(i) + "\n";
    write(home.memory_path(f.name), text);
    facts.push_back(f);
  }
  return facts;
}

RC_GTEST_PROP(RecallProps, AsOfReturnsExactlyTheFactsWhoseWindowsHoldThatDay, ()) {
  TempDir dir;
  Home home(dir.path());
  std::filesystem::create_directories(home.memory_dir());
  PosixFileSystem fs;
  const int n = *rc::gen::inRange(1, 25);
  const auto draws = *rc::gen::container<std::vector<int>>(4 * static_cast<std::size_t>(n), rc::gen::inRange(0, 1000));
  const auto facts = write_history(home, n, draws);
  FixedClock clock(kStart + 100 * kSecondsPerDay);
  for (int probe = 0; probe < 6; ++probe) {
    RecallOptions o;
    o.k = 1000;
    o.as_of = day_of(kStart) - 2 + *rc::gen::inRange(0, 95);
    std::set<std::string> expect;
    for (const Fact& f : facts)
      if (f.from <= *o.as_of && (!f.until || *o.as_of < *f.until)) expect.insert(f.name);
    auto hits = recall(fs, home, clock, Policy{}, "zephyr", o);
    RC_ASSERT(hits.ok());
    RC_ASSERT(names(*hits) == expect);
  }
}

RC_GTEST_PROP(RecallProps, NeverIncludesAClosedFactUnlessAsked, ()) {
  TempDir dir;
  Home home(dir.path());
  std::filesystem::create_directories(home.memory_dir());
  PosixFileSystem fs;
  const int n = *rc::gen::inRange(1, 25);
  const auto draws = *rc::gen::container<std::vector<int>>(4 * static_cast<std::size_t>(n), rc::gen::inRange(0, 1000));
  const auto facts = write_history(home, n, draws);
  FixedClock clock(kStart + *rc::gen::inRange(-5, 95) * kSecondsPerDay);
  RecallOptions o;
  o.k = 1000;
  auto hits = recall(fs, home, clock, Policy{}, "zephyr fact", o);
  RC_ASSERT(hits.ok());
  std::set<std::string> open;
  for (const Fact& f : facts)
    if (!f.superseded_status && (!f.until || *f.until > day_of(clock.now()))) open.insert(f.name);
  RC_ASSERT(names(*hits) == open);
  for (const Hit& h : *hits) RC_ASSERT(!h.closed);
  o.include_archived = true;
  auto all = recall(fs, home, clock, Policy{}, "zephyr fact", o);
  RC_ASSERT(all.ok());
  RC_ASSERT(all->size() == facts.size());
}

RC_GTEST_PROP(RecallProps, SupersessionNeverOverwrites, ()) {
  static const Redactor redactor;  // immutable; compiled once for all cases
  TempDir dir;
  Home home(dir.path());
  std::filesystem::create_directories(home.memory_dir());
  PosixFileSystem fs;
  const int n = *rc::gen::inRange(1, 5);
  std::map<std::string, std::string> bodies;  // every file ever written, and its body then
  for (int i = 0; i < n; ++i) {
    const std::string name = "project_topic" + std::to_string(i) + ".md";
    const std::string text = "---\nsummary: topic " + std::to_string(i) + "\nvalid_from: 2026-02-01\n" +
                             (i % 2 ? "key: slot\n" : "") + "---\nBody of " + std::to_string(i) + "\r\n\nsecond line\n";
    write(home.memory_path(name), text);
    bodies[name] = body_of(text);
  }
  const int ops = *rc::gen::inRange(1, 12);
  Seconds now = kStart;
  for (int op = 0; op < ops; ++op) {
    now += *rc::gen::inRange(0, 3) * kSecondsPerDay;  // several on one day too
    FixedClock clock(now);
    std::vector<std::string> all;
    for (const auto& [name, body] : bodies) all.push_back(name);
    SupersedeRequest r;
    r.old_file = *rc::gen::elementOf(all);
    r.summary = "revision " + std::to_string(op);
    if (*rc::gen::arbitrary<bool>()) r.body = "new body " + std::to_string(op) + "\n";
    std::map<std::string, std::string> before;
    for (const auto& [name, body] : bodies) before[name] = read(home.memory_path(name));
    auto res = supersede(fs, home, clock, Policy{}, redactor, r);
    if (!res.ok()) {
      // Refused (the fact was already closed): nothing changed.
      for (const auto& [name, text] : before) RC_ASSERT(read(home.memory_path(name)) == text);
      RC_ASSERT(static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(home.memory_dir()),
                                                       std::filesystem::directory_iterator())) == before.size() + 3);
      continue;
    }
    RC_ASSERT(bodies.count(res->new_file) == 0u);
    bodies[res->new_file] = body_of(res->new_text);
  }
  std::size_t open = 0;
  for (const auto& [name, body] : bodies) {
    const std::string text = read(home.memory_path(name));
    RC_ASSERT(body_of(text) == body);
    const Frontmatter fm = parse_frontmatter(text);
    const MemoryMeta meta = read_memory_meta(text, fm, 14.0);
    RC_ASSERT(meta.problems.empty());
    RC_ASSERT(meta.valid_from.has_value());
    if (meta.valid_until) RC_ASSERT(*meta.valid_from <= *meta.valid_until);
    if (!meta.valid_until) ++open;
  }
  RC_ASSERT(open == static_cast<std::size_t>(n));  // each chain ends in exactly one open fact
}

}  // namespace
}  // namespace memsim
