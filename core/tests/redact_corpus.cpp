// The labelled corpus (fixtures/secrets/corpus.jsonl, written by
// fixtures/tools/make_secret_corpus.py) through the redactor: at least 98% of
// the secrets caught and at most 1% of the look-alikes changed, the bars of
// docs/redaction.md. The sets written apart from the rules that meet them
// (fixtures/secrets/heldout-*.jsonl, docs/redaction.md "Held out") are held to
// the same bars, and the later ones, below the bars, to what they last gave.
// hooks/bench/bench_redact.py reports the same figures per kind,
// next to secretlint's.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "memsim/redact.h"

namespace memsim {
namespace {

struct Line {
  std::string text;
  std::string secret;  // empty for a look-alike
  std::string kind;
};

std::vector<Line> corpus(const std::string& name = "corpus.jsonl") {
  const char* root = std::getenv("MEMSIM_SOURCE_DIR");
  const std::string path = std::string(root ? root : ".") + "/fixtures/secrets/" + name;
  std::ifstream in(path);
  std::vector<Line> lines;
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(row);
    lines.push_back({j.at("text"), j.at("secret").is_null() ? "" : j.at("secret").get<std::string>(), j.at("kind")});
  }
  return lines;
}

// No line of the secret (of four bytes or more) is left in the output.
bool caught(const Line& l, const std::string& out) {
  size_t from = 0;
  while (from <= l.secret.size()) {
    size_t nl = l.secret.find('\n', from);
    if (nl == std::string::npos) nl = l.secret.size();
    const std::string part = l.secret.substr(from, nl - from);
    if (part.size() >= 4 && out.find(part) != std::string::npos) return false;
    from = nl + 1;
  }
  return true;
}

struct Score {
  int secrets = 0, hits = 0, looks = 0, changed = 0;
  std::map<std::string, int> kinds;
  std::string report;
};

Score score(const std::vector<Line>& lines) {
  Redactor r;
  Score s;
  for (const Line& l : lines) {
    const RedactResult out = r.redact(l.text);
    EXPECT_EQ(r.redact(out.text).text, out.text) << "not stable under a second pass: " << l.text;
    if (!l.secret.empty()) {
      ++s.secrets;
      ++s.kinds[l.kind];
      if (caught(l, out.text)) ++s.hits;
      else s.report += "missed [" + l.kind + "] " + l.text + "\n";
    } else {
      ++s.looks;
      if (out.text != l.text) {
        ++s.changed;
        s.report += "changed [" + l.kind + "] " + l.text + "\n   -> " + out.text + "\n";
      }
    }
  }
  return s;
}

void expect_bars(const Score& s) {
  EXPECT_GE(s.hits * 100, s.secrets * 98) << s.hits << " of " << s.secrets << " caught\n" << s.report;
  EXPECT_LE(s.changed * 100, s.looks * 1) << s.changed << " of " << s.looks << " look-alikes changed\n" << s.report;
  std::printf("caught %d of %d secrets (%.1f%%) over %zu kinds; changed %d of %d look-alikes (%.1f%%)\n", s.hits,
              s.secrets, 100.0 * s.hits / s.secrets, s.kinds.size(), s.changed, s.looks, 100.0 * s.changed / s.looks);
  if (!s.report.empty()) std::printf("%s", s.report.c_str());
}

TEST(RedactCorpus, CatchesAtLeast98PercentAndChangesAtMost1PercentOfLookAlikes) {
  const std::vector<Line> lines = corpus();
  ASSERT_GE(lines.size(), 800u) << "fixtures/secrets/corpus.jsonl missing or short (MEMSIM_SOURCE_DIR?)";
  const Score s = score(lines);
  EXPECT_GE(s.secrets, 400);
  EXPECT_GE(s.kinds.size(), 50u);
  EXPECT_GE(s.looks, 400);
  expect_bars(s);
}

TEST(RedactCorpus, TheHeldOutSetsMeetTheSameBars) {
  for (const char* name :
       {"heldout-a.jsonl", "heldout-b.jsonl", "heldout-c.jsonl", "heldout-d.jsonl", "heldout-e.jsonl",
        "heldout-f.jsonl", "heldout-g.jsonl", "heldout-h.jsonl", "heldout-i.jsonl", "heldout-j.jsonl",
        "heldout-k.jsonl", "heldout-l.jsonl", "heldout-m.jsonl", "heldout-n.jsonl", "heldout-o.jsonl",
        "heldout-p.jsonl", "heldout-q.jsonl", "heldout-r.jsonl"}) {
    SCOPED_TRACE(name);
    const std::vector<Line> lines = corpus(name);
    ASSERT_GE(lines.size(), 150u) << name << " missing or short (MEMSIM_SOURCE_DIR?)";
    expect_bars(score(lines));
  }
}

// The later sets, which do not yet meet the bars, keep at least what they gave when
// last measured (docs/redaction.md): a rule that costs one of them a catch, or a false
// alarm more, fails here.
TEST(RedactCorpus, TheLaterSetsKeepWhatTheyGave) {
  struct Floor {
    const char* name;
    int caught, changed;
  };
  for (const Floor& f :
       {Floor{"heldout-s.jsonl", 79, 0}, Floor{"heldout-t.jsonl", 78, 6}, Floor{"heldout-u.jsonl", 78, 0},
        Floor{"heldout-v.jsonl", 78, 0}, Floor{"heldout-w.jsonl", 80, 2}, Floor{"heldout-x.jsonl", 76, 0},
        Floor{"heldout-y.jsonl", 77, 1}, Floor{"heldout-z.jsonl", 69, 0}, Floor{"heldout-aa.jsonl", 73, 3},
        Floor{"heldout-ab.jsonl", 72, 0}}) {
    SCOPED_TRACE(f.name);
    const std::vector<Line> lines = corpus(f.name);
    ASSERT_GE(lines.size(), 150u) << f.name << " missing or short (MEMSIM_SOURCE_DIR?)";
    const Score s = score(lines);
    EXPECT_GE(s.hits, f.caught) << s.report;
    EXPECT_LE(s.changed, f.changed) << s.report;
    std::printf("%s: caught %d of %d, changed %d of %d\n", f.name, s.hits, s.secrets, s.changed, s.looks);
  }
}

}  // namespace
}  // namespace memsim
