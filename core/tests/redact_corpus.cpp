// The labelled corpus (fixtures/secrets/corpus.jsonl, written by
// fixtures/tools/make_secret_corpus.py) through the redactor: at least 98% of
// the secrets caught and at most 1% of the look-alikes changed, the bars of
// docs/redaction.md. hooks/bench/bench_redact.py reports the same figures per
// kind, next to secretlint's.
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

std::vector<Line> corpus() {
  const char* root = std::getenv("MEMSIM_SOURCE_DIR");
  const std::string path = std::string(root ? root : ".") + "/fixtures/secrets/corpus.jsonl";
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

TEST(RedactCorpus, CatchesAtLeast98PercentAndChangesAtMost1PercentOfLookAlikes) {
  const std::vector<Line> lines = corpus();
  ASSERT_GE(lines.size(), 800u) << "fixtures/secrets/corpus.jsonl missing or short (MEMSIM_SOURCE_DIR?)";
  Redactor r;
  int secrets = 0, hits = 0, looks = 0, changed = 0;
  std::map<std::string, int> kinds;
  std::string report;
  for (const Line& l : lines) {
    const RedactResult out = r.redact(l.text);
    EXPECT_EQ(r.redact(out.text).text, out.text) << "not stable under a second pass: " << l.text;
    if (!l.secret.empty()) {
      ++secrets;
      ++kinds[l.kind];
      if (caught(l, out.text)) ++hits;
      else report += "missed [" + l.kind + "] " + l.text + "\n";
    } else {
      ++looks;
      if (out.text != l.text) {
        ++changed;
        report += "changed [" + l.kind + "] " + l.text + "\n   -> " + out.text + "\n";
      }
    }
  }
  EXPECT_GE(secrets, 400);
  EXPECT_GE(kinds.size(), 50u);
  EXPECT_GE(looks, 400);
  EXPECT_GE(hits * 100, secrets * 98) << hits << " of " << secrets << " caught\n" << report;
  EXPECT_LE(changed * 100, looks * 1) << changed << " of " << looks << " look-alikes changed\n" << report;
  std::printf("caught %d of %d secrets (%.1f%%) over %zu kinds; changed %d of %d look-alikes (%.1f%%)\n", hits, secrets,
              100.0 * hits / secrets, kinds.size(), changed, looks, 100.0 * changed / looks);
  if (!report.empty()) std::printf("%s", report.c_str());
}

}  // namespace
}  // namespace memsim
