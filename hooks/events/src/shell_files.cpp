#include "memsim/shell_files.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace memsim::hooks {

namespace {

// One word or operator of a command line. An operator is a word nobody quoted:
// | || && ; & ( ) newline, or a redirection (< > >> 2> &> <<< << <<-).
struct Token {
  std::string text;
  bool op = false;
  bool literal = true;  // false when it held an unquoted $, `, glob character or leading ~
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Reads a here-document's body from `i` (the start of the line after its
// operator) up to the line that is its delimiter, returning the index after it.
std::size_t skip_heredoc(std::string_view s, std::size_t i, const std::string& delimiter, bool strip_tabs) {
  while (i < s.size()) {
    std::size_t nl = s.find('\n', i);
    if (nl == std::string_view::npos) nl = s.size();
    std::string_view line = s.substr(i, nl - i);
    if (strip_tabs) line.remove_prefix(std::min(line.find_first_not_of('\t'), line.size()));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    i = nl + 1;
    if (line == delimiter) break;
  }
  return std::min(i, s.size());
}

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  std::vector<std::pair<std::string, bool>> pending_heredocs;  // delimiter, <<-
  Token cur;
  bool in_word = false;
  auto end_word = [&] {
    if (in_word) out.push_back(std::move(cur));
    cur = Token{};
    in_word = false;
  };
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (is_blank(c)) {
      end_word();
      ++i;
    } else if (c == '\n') {
      end_word();
      out.push_back({"\n", true, true});
      ++i;
      for (const auto& [delimiter, strip] : pending_heredocs) i = skip_heredoc(s, i, delimiter, strip);
      pending_heredocs.clear();
    } else if (c == '#' && !in_word) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '\'') {
      in_word = true;
      const std::size_t e = s.find('\'', i + 1);
      cur.text += s.substr(i + 1, e == std::string_view::npos ? std::string_view::npos : e - i - 1);
      i = e == std::string_view::npos ? s.size() : e + 1;
    } else if (c == '"') {
      in_word = true;
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && std::string_view("$`\"\\\n").find(s[i + 1]) != std::string_view::npos)
          ++i;
        else if (s[i] == '$' || s[i] == '`') cur.literal = false;
        cur.text += s[i];
      }
      ++i;
    } else if (c == '\\') {
      in_word = true;
      if (i + 1 < s.size() && s[i + 1] != '\n') cur.text += s[i + 1];
      i += 2;
    } else if (std::string_view("|&;()<>").find(c) != std::string_view::npos) {
      // A word of digits right before a redirection is its file descriptor.
      const bool fd = in_word && (c == '<' || c == '>') && !cur.text.empty() &&
                      std::all_of(cur.text.begin(), cur.text.end(), [](char d) { return d >= '0' && d <= '9'; });
      if (fd) {
        cur = Token{};
        in_word = false;
      }
      end_word();
      std::size_t n = 1;
      while (i + n < s.size() && n < 3 && std::string_view("|&<>").find(s[i + n]) != std::string_view::npos &&
             (s[i + n] == c || (c == '&' && s[i + n] == '>') || (c == '>' && s[i + n] == '&') ||
              (c == '<' && s[i + n] == '-')))
        ++n;
      std::string op(s.substr(i, n));
      if (op == "<<-" || op == "<<") {
        // The delimiter is the next word, quotes removed.
        std::size_t j = i + n;
        while (j < s.size() && is_blank(s[j])) ++j;
        std::string delimiter;
        while (j < s.size() && !is_blank(s[j]) && s[j] != '\n' &&
               std::string_view("|&;()<>").find(s[j]) == std::string_view::npos) {
          if (s[j] != '\'' && s[j] != '"' && s[j] != '\\') delimiter += s[j];
          ++j;
        }
        pending_heredocs.emplace_back(delimiter, op == "<<-");
        out.push_back({op, true, true});
        i = j;
        continue;
      }
      out.push_back({op, true, true});
      i += n;
    } else {
      in_word = true;
      if (c == '$' || c == '`' || c == '*' || c == '?' || c == '[' || c == '{' || (c == '~' && cur.text.empty()))
        cur.literal = false;
      cur.text += c;
      ++i;
    }
  }
  end_word();
  return out;
}

// The options of a reader that take a value, as short letters and long names
// (a long option given with "=value" carries its own).
struct Reader {
  std::string_view name;
  std::string_view short_values;
  std::array<std::string_view, 12> long_values;
};

constexpr Reader kReaders[] = {
    {"cat", "", {}},
    {"tac", "s", {"--separator"}},
    {"head", "nc", {"--lines", "--bytes"}},
    {"tail", "ncs", {"--lines", "--bytes", "--sleep-interval", "--pid", "--max-unchanged-stats"}},
    {"sed", "efl", {"--expression", "--file", "--line-length"}},
    {"less", "bhjkoOpPtTxyz", {"--pattern", "--tag", "--log-file", "--tabs", "--window", "--shift"}},
    {"more", "n", {"--lines"}},
    {"nl",
     "bdfhilnsvw",
     {"--body-numbering", "--section-delimiter", "--footer-numbering", "--header-numbering", "--line-increment",
      "--join-blank-lines", "--number-format", "--number-separator", "--starting-line-number", "--number-width"}},
    {"bat",
     "lrHm",
     {"--language", "--line-range", "--highlight-line", "--map-syntax", "--style", "--theme", "--tabs", "--wrap",
      "--terminal-width", "--color", "--file-name", "--diff-context"}},
    {"batcat",
     "lrHm",
     {"--language", "--line-range", "--highlight-line", "--map-syntax", "--style", "--theme", "--tabs", "--wrap",
      "--terminal-width", "--color", "--file-name", "--diff-context"}},
};

const Reader* reader_of(std::string_view program) {
  if (const std::size_t slash = program.rfind('/'); slash != std::string_view::npos) program.remove_prefix(slash + 1);
  for (const Reader& r : kReaders)
    if (r.name == program) return &r;
  return nullptr;
}

bool is_prefix_word(std::string_view w) {
  if (w == "sudo" || w == "env" || w == "command" || w == "time" || w == "nice" || w == "exec") return true;
  const std::size_t eq = w.find('=');  // VAR=value
  return eq != std::string_view::npos && eq > 0 &&
         std::all_of(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(eq),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// One simple command's words (redirections already taken out).
void files_of_simple(const std::vector<const Token*>& words, std::vector<FileAccess>& out) {
  std::size_t i = 0;
  while (i < words.size() && is_prefix_word(words[i]->text)) ++i;
  if (i >= words.size() || !words[i]->literal) return;
  const Reader* r = reader_of(words[i]->text);
  if (!r) return;
  const bool sed = r->name == "sed";
  bool script_given = false, in_place = false, options_done = false;
  std::vector<const Token*> operands;
  for (++i; i < words.size(); ++i) {
    const std::string& w = words[i]->text;
    if (options_done || w.size() < 2 || w[0] != '-') {
      operands.push_back(words[i]);
      continue;
    }
    if (w == "--") {
      options_done = true;
      continue;
    }
    if (w.starts_with("--")) {
      if (sed && (w == "--in-place" || w.starts_with("--in-place="))) in_place = true;
      if (sed && (w.starts_with("--expression") || w.starts_with("--file"))) script_given = true;
      if (w.find('=') == std::string::npos &&
          std::find(r->long_values.begin(), r->long_values.end(), std::string_view(w)) != r->long_values.end())
        ++i;
      continue;
    }
    // A cluster of short options: a value option takes the rest of the word,
    // or the next word when it is last.
    for (std::size_t k = 1; k < w.size(); ++k) {
      if (sed && w[k] == 'i') {
        in_place = true;
        break;  // -i takes an optional suffix glued to it
      }
      if (r->short_values.find(w[k]) == std::string_view::npos) continue;
      if (sed && (w[k] == 'e' || w[k] == 'f')) script_given = true;
      if (k + 1 == w.size()) ++i;
      break;
    }
  }
  std::size_t first = sed && !script_given ? 1 : 0;  // sed's first operand is its script
  for (std::size_t k = first; k < operands.size(); ++k)
    if (operands[k]->literal && operands[k]->text != "-")
      out.push_back({in_place ? "Edit" : "Read", operands[k]->text});
}

}  // namespace

std::vector<FileAccess> files_of_patch(std::string_view patch) {
  std::vector<FileAccess> out;
  constexpr std::pair<std::string_view, std::string_view> kHeads[] = {{"*** Update File: ", "Edit"},
                                                                      {"*** Delete File: ", "Edit"},
                                                                      {"*** Add File: ", "Write"},
                                                                      {"*** Move to: ", "Write"}};
  for (std::size_t p = 0; p < patch.size() && out.size() < kMaxFileAccesses;) {
    std::size_t nl = patch.find('\n', p);
    if (nl == std::string_view::npos) nl = patch.size();
    std::string_view line = patch.substr(p, nl - p);
    p = nl + 1;
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    for (const auto& [head, tool] : kHeads)
      if (line.starts_with(head) && line.size() > head.size())
        out.push_back({std::string(tool), std::string(line.substr(head.size()))});
  }
  return out;
}

std::vector<FileAccess> files_of_shell_command(std::string_view command) {
  if (command.find("*** Begin Patch") != std::string_view::npos) return files_of_patch(command);
  std::vector<FileAccess> out;
  const std::vector<Token> tokens = tokenize(command);
  std::vector<const Token*> words;
  auto flush = [&] {
    files_of_simple(words, out);
    words.clear();
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (!t.op) {
      words.push_back(&t);
      continue;
    }
    const bool redirect = t.text.find_first_of("<>") != std::string::npos;
    if (!redirect) {
      flush();
      continue;
    }
    if (t.text == "<<" || t.text == "<<-") continue;  // the delimiter was consumed with it
    // A redirection's target is the next word; `< file` reads it. >& and <& to a
    // descriptor name no file.
    if (i + 1 < tokens.size() && !tokens[i + 1].op) {
      const Token& target = tokens[++i];
      if (t.text == "<" && target.literal) out.push_back({"Read", target.text});
    }
  }
  flush();
  if (out.size() > kMaxFileAccesses) out.resize(kMaxFileAccesses);
  return out;
}

}  // namespace memsim::hooks
