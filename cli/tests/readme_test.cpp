// The README's claims about the command line, checked against the built binary:
// every `memsim <command> ...` it shows (in a code block or the command table)
// names a command that exists and accepts every flag written beside it, and
// every command but the simulator's takes --home and --now, as it says.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::subcommands;

struct Claim {
  std::string line;                // where the README says it
  std::vector<std::string> words;  // the command, and its subcommand when it has one
  std::vector<std::string> flags;  // --flag, as written
};

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "memsim meditation next [--record]" -> {meditation, next}, {--record}.
Claim claim_of(const std::string& line, const std::string& text) {
  Claim c{line, {}, {}};
  std::string t = text.substr(0, text.find(" #"));
  for (char& ch : t)
    if (ch == '[' || ch == ']' || ch == '`' || ch == '=') ch = ' ';
  bool arguments = false;  // past the command's words: FILE, "<query>", a value
  for (const std::string& w : split_words(t)) {
    const bool word = std::all_of(w.begin(), w.end(), [](char x) { return (x >= 'a' && x <= 'z') || x == '-'; });
    if (w.starts_with("--")) c.flags.push_back(w);
    else if (!arguments && word && c.words.size() < 2) c.words.push_back(w);
    else arguments = true;
  }
  return c;
}

std::vector<Claim> readme_claims() {
  const std::string readme = testing::read(std::string(std::getenv("MEMSIM_SOURCE_DIR")) + "/README.md");
  std::vector<Claim> out;
  std::istringstream in(readme);
  bool code = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("```")) {
      code = !code;
      continue;
    }
    if (code && line.starts_with("memsim ")) out.push_back(claim_of(line, line.substr(7)));
    // The command table: "| `status`, `lint` | ..." (first cell only).
    if (!code && line.starts_with("| `")) {
      const std::string cell = line.substr(2, line.find(" |", 2) - 2);
      for (std::size_t p = 0; (p = cell.find('`', p)) != std::string::npos;) {
        const std::size_t q = cell.find('`', p + 1);
        if (q == std::string::npos) break;
        out.push_back(claim_of(line, cell.substr(p + 1, q - p - 1)));
        p = q + 1;
      }
    }
  }
  return out;
}

// The help of `memsim <words...>`, taking only as many words as name a command.
std::pair<std::vector<std::string>, std::string> help_of(const std::vector<std::string>& words) {
  for (std::size_t n = words.size(); n > 0; --n) {
    std::vector<std::string> args(words.begin(), words.begin() + static_cast<long>(n));
    args.push_back("--help");
    auto r = memsim(args);
    std::string named;  // "memsim meditation next": what the usage line must name
    for (std::size_t i = 0; i < n; ++i) named += " " + words[i];
    const std::size_t usage = r.out.find("Usage:");
    const std::string usage_line =
        usage == std::string::npos ? "" : r.out.substr(usage, r.out.find('\n', usage) - usage);
    if (r.code == 0 && usage_line.find(named + " ") != std::string::npos) {
      args.pop_back();
      return {args, r.out};
    }
  }
  return {{}, ""};
}

TEST(Readme, EveryCommandItShowsExistsAndTakesTheFlagsBesideIt) {
  const auto claims = readme_claims();
  ASSERT_GT(claims.size(), 25u) << "the README's commands were not found";
  for (const Claim& c : claims) {
    ASSERT_FALSE(c.words.empty()) << c.line;
    const auto [command, help] = help_of(c.words);
    ASSERT_FALSE(command.empty()) << "no such command: memsim " << c.words[0] << "\n  in: " << c.line;
    for (const std::string& f : c.flags)
      EXPECT_NE(help.find(f), std::string::npos) << "memsim " << c.words[0] << " has no " << f << "\n  in: " << c.line;
  }
}

TEST(Readme, EveryCommandButTheSimulatorsTakesHomeAndNow) {
  auto top = memsim({"--help"});
  ASSERT_EQ(top.code, 0);
  int checked = 0;
  for (const std::string& cmd : subcommands(top.out)) {
    if (cmd == "run" || cmd == "replay" || cmd == "sweep") continue;
    auto h = memsim({cmd, "--help"});
    std::vector<std::vector<std::string>> leaves;
    for (const std::string& sub : subcommands(h.out)) leaves.push_back({cmd, sub});
    if (leaves.empty()) leaves.push_back({cmd});
    for (auto args : leaves) {
      args.push_back("--help");
      const std::string text = memsim(args).out;
      EXPECT_NE(text.find("--home"), std::string::npos) << args[0] << " " << args[1];
      EXPECT_NE(text.find("--now"), std::string::npos) << args[0] << " " << args[1];
      ++checked;
    }
  }
  EXPECT_GT(checked, 20);
}

}  // namespace
}  // namespace memsim
