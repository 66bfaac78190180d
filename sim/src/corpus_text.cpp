#include "corpus_text.h"

#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

constexpr const char* kWords[] = {
    "build", "cache", "deploy", "schema", "retry", "lock", "index", "budget", "review", "test", "release", "migration",
    "token", "latency", "parser", "config", "backup", "queue", "auth", "render", "journal", "fixture", "profile",
    "vendor", "branch", "hook", "metric", "shard", "timeout", "logging",
    // Wide enough that summaries differ as real ones do: with thirty words most
    // pairs looked like near-duplicates, which a real corpus never shows.
    "archive", "bucket", "compile", "daemon", "export", "flag", "gateway", "header", "import", "kernel", "ledger",
    "manifest", "network", "owner", "patch", "quota", "router", "sandbox", "template", "upload", "version", "webhook",
    "worker", "alert", "binary", "cluster", "digest", "encoder", "firewall", "graph", "handler", "invoice", "loader",
    "mirror", "notebook", "payload", "replica", "scheduler", "snapshot", "tenant", "tracer", "upgrade", "validator",
    "widget", "locale", "monitor", "pipeline", "registry", "session", "signal", "socket", "storage", "stream", "symbol",
    "thread", "trigger", "vault", "volume"};
constexpr std::size_t kWordCount = sizeof(kWords) / sizeof(kWords[0]);

}  // namespace

std::string sim_words(Rng& rng, int min_bytes, int max_bytes) {
  const auto target = static_cast<std::size_t>(rng.between(min_bytes, max_bytes));
  std::string s;
  while (s.size() < target) {
    if (!s.empty()) s += ' ';
    s += kWords[rng.below(kWordCount)];
  }
  s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s + ".";
}

std::string type_for(FactClass c, Rng& rng) {
  constexpr const char* rules[] = {"feedback", "preference", "process", "user"};
  constexpr const char* projects[] = {"project", "decision"};
  constexpr const char* oneoffs[] = {"reference", "decision"};
  switch (c) {
    case FactClass::kRule: return rules[rng.below(4)];
    case FactClass::kProject: return projects[rng.below(2)];
    case FactClass::kOneoff: return oneoffs[rng.below(2)];
  }
  return "reference";
}

std::string stem_for(const std::string& type, int serial, Rng& rng) {
  return type + "_" + kWords[rng.below(kWordCount)] + "-" + kWords[rng.below(kWordCount)] + "-" +
         std::to_string(serial);
}

std::string memory_text(const Fact& f, const std::string& stem, const Authored& a) {
  std::string t = "---\nname: " + stem + "\ntype: " + f.type + "\nsummary: " + f.summary +
                  "\ncreated: " + format_date(day_of(f.born)) + "\n";
  if (a.stated) t += "confidence: stated\n";
  if (!f.key.empty()) t += "key: " + f.key + "\n";
  if (f.pinned) t += "pin: true\n";
  if (f.importance > 0) t += "importance: " + std::to_string(static_cast<int>(f.importance)) + "\n";
  if (a.in_flight) t += "in_flight: true\nstate: " + a.state + "\n";
  if (!a.supersedes.empty()) t += "supersedes: " + a.supersedes + "\nvalid_from: " + format_date(day_of(f.born)) + "\n";
  if (a.valid_until) t += "valid_until: " + format_date(*a.valid_until) + "\n";
  return t + "---\n" + a.body + "\n";
}

}  // namespace memsim::sim
