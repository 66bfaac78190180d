// Properties of the shell-command reader the Codex hooks journal reads with
// (memsim::hooks::files_of_shell_command): for generated command lines of
// readers, their options and option values, quoted every way sh allows, piped
// and chained with other programs and redirections, it finds exactly the files
// each reader names, in order; programs that are not readers name none; and on
// any text at all it returns, never more than its cap.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "memsim/rng.h"
#include "memsim/shell_files.h"

namespace memsim::props {
namespace shell_files {

using hooks::FileAccess;
using hooks::files_of_shell_command;

std::string draw(Rng& rng, std::string_view alphabet, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += alphabet[rng.below(alphabet.size())];
  return s;
}

// A file name with the characters that need quoting: spaces, quotes, shell
// operators, unicode; never $, `, a glob character or a leading ~ or -.
std::string gen_path(Rng& rng) {
  static const std::vector<std::string> pieces = {"memory",
                                                  "/",
                                                  "decision_x",
                                                  ".md",
                                                  " ",
                                                  "'",
                                                  "\"",
                                                  "\\",
                                                  "|",
                                                  "&",
                                                  ";",
                                                  "<",
                                                  ">",
                                                  "(",
                                                  ")",
                                                  "#",
                                                  "é",
                                                  "日本",
                                                  "\t",
                                                  "a-b",
                                                  "_",
                                                  "=",
                                                  "\xf0\x9f\x98\x80",
                                                  "..",
                                                  "notes"};
  std::string p = rng.below(3) == 0 ? "/" : "";
  p += "m";
  for (std::size_t n = 1 + rng.below(6); n > 0; --n) p += pieces[rng.below(pieces.size())];
  return p;
}

// `word` quoted one of the ways sh reads back as `word`.
std::string quote(Rng& rng, const std::string& word) {
  const bool plain = word.find_first_of(" \t'\"\\|&;<>()#") == std::string::npos && !word.empty();
  switch (rng.below(plain ? 4 : 3)) {
    case 0: {  // single quotes; a ' is closed, escaped and reopened
      std::string q = "'";
      for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      return q + "'";
    }
    case 1: {  // double quotes
      std::string q = "\"";
      for (char c : word) {
        if (c == '"' || c == '\\') q += '\\';
        q += c;
      }
      return q + "\"";
    }
    case 2: {  // backslashes
      std::string q;
      for (char c : word) {
        if (std::string_view(" \t'\"\\|&;<>()#").find(c) != std::string_view::npos) q += '\\';
        q += c;
      }
      return q;
    }
    default: return word;
  }
}

struct Reader {
  std::string name;
  std::vector<std::string> flags;   // options without a value
  std::vector<std::string> valued;  // options whose value is the next word
  std::vector<std::string> glued;   // options carrying their value
  bool script = false;              // sed: the first operand is the script
};

const std::vector<Reader>& readers() {
  static const std::vector<Reader> r = {
      {"cat", {"-n", "-A", "-s", "--number"}, {}, {}},
      {"tac", {"-b"}, {"-s"}, {"--separator=x"}},
      {"head", {"-q", "-v"}, {"-n", "-c", "--lines"}, {"-n5", "-20", "--bytes=9"}},
      {"tail", {"-f", "-q"}, {"-n", "-c"}, {"-n+3", "--lines=4"}},
      {"sed", {"-n", "-E", "-s"}, {}, {}, true},
      {"less", {"-N", "-R", "-S"}, {"-x", "-p"}, {"-x4"}},
      {"more", {"-d"}, {}, {}},
      {"nl", {"-p"}, {"-b", "-w", "-s"}, {"-ba", "--number-width=3"}},
      {"bat", {"-p", "-n", "--plain"}, {"-r", "--line-range", "-l"}, {"--style=plain", "-r1:9"}},
      {"/usr/bin/cat", {}, {}, {}},
  };
  return r;
}

struct Command {
  std::string line;
  std::vector<FileAccess> expected;
};

// One simple command: a reader with its options and files, or another program.
void gen_simple(Rng& rng, Command& c) {
  if (rng.below(4) == 0) {
    static const std::vector<std::string> others = {"echo", "grep", "rm", "git", "ls", "wc", "printf", "awk"};
    c.line += others[rng.below(others.size())];
    for (std::size_t n = rng.below(3); n > 0; --n) c.line += " " + quote(rng, gen_path(rng));
    return;
  }
  if (rng.below(3) == 0) c.line += rng.below(2) ? "LC_ALL=C " : "sudo ";
  const Reader& r = readers()[rng.below(readers().size())];
  c.line += r.name;
  std::vector<std::string> options;
  for (std::size_t n = rng.below(3); n > 0; --n) {
    switch (rng.below(3)) {
      case 0:
        if (!r.flags.empty()) options.push_back(r.flags[rng.below(r.flags.size())]);
        break;
      case 1:
        if (!r.valued.empty()) options.push_back(r.valued[rng.below(r.valued.size())] + " " + quote(rng, "7 x"));
        break;
      default:
        if (!r.glued.empty()) options.push_back(r.glued[rng.below(r.glued.size())]);
    }
  }
  for (const std::string& o : options) c.line += " " + o;
  if (r.script) c.line += " " + quote(rng, rng.below(2) ? "1,5p" : "s/a b/c/");
  for (std::size_t n = 1 + rng.below(3); n > 0; --n) {
    const std::string p = gen_path(rng);
    c.line += " " + quote(rng, p);
    c.expected.push_back({"Read", p});
  }
  if (rng.below(3) == 0) c.line += rng.below(2) ? " 2>/dev/null" : " 2>&1";
}

rc::Gen<Command> gen_command() {
  return rc::gen::map(rc::gen::arbitrary<std::uint64_t>(), [](std::uint64_t seed) {
    Rng rng(seed);
    Command c;
    for (std::size_t n = 1 + rng.below(3); n > 0; --n) {
      if (!c.line.empty()) {
        static const std::vector<std::string> ops = {" | ", " && ", "; ", " || ", "\n", " & "};
        c.line += ops[rng.below(ops.size())];
      }
      gen_simple(rng, c);
    }
    return c;
  });
}

RC_GTEST_PROP(ShellFiles, EveryReaderOperandIsFoundInOrderAndNothingElse, ()) {
  const Command c = *gen_command();
  RC_TAG(c.expected.empty() ? "no reader" : "readers");
  RC_ASSERT(files_of_shell_command(c.line) == c.expected);
}

RC_GTEST_PROP(ShellFiles, AnyTextYieldsAtMostTheCap, (const std::string& text)) {
  Rng rng(text.size());
  // Arbitrary bytes, and the same with shell punctuation mixed in.
  std::string mixed = text;
  for (std::size_t i = 0; i < 8; ++i)
    mixed.insert(rng.below(mixed.size() + 1), draw(rng, "'\"\\|&;<>()#\n $`*<<EOF ", 1 + rng.below(4)));
  RC_ASSERT(files_of_shell_command(text).size() <= hooks::kMaxFileAccesses);
  RC_ASSERT(files_of_shell_command(mixed).size() <= hooks::kMaxFileAccesses);
  RC_ASSERT(files_of_shell_command("cat " + std::string(200, 'a') + " " + mixed).size() <= hooks::kMaxFileAccesses);
}

}  // namespace shell_files
}  // namespace memsim::props
