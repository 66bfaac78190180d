#include "memsim/frontmatter.h"

#include <algorithm>
#include <unordered_set>

namespace memsim {

namespace {

struct Line {
  std::size_t begin;  // offset of the first byte
  std::size_t end;    // offset of the end of content (before \r\n or \n)
  std::size_t next;   // offset of the next line
  std::string_view content;
};

Line line_at(std::string_view text, std::size_t pos) {
  std::size_t nl = text.find('\n', pos);
  std::size_t next = nl == std::string_view::npos ? text.size() : nl + 1;
  std::size_t end = nl == std::string_view::npos ? text.size() : nl;
  if (end > pos && text[end - 1] == '\r') --end;
  return {pos, end, next, text.substr(pos, end - pos)};
}

std::string_view rstrip(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string_view lstrip(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

bool is_marker(std::string_view content) { return rstrip(content) == "---"; }

bool is_null_word(std::string_view v) { return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL"; }

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// After a closing quote only white space and a comment may follow.
bool only_comment_after(std::string_view rest) {
  if (rest.empty()) return true;
  if (rest.front() != ' ' && rest.front() != '\t') return false;
  rest = lstrip(rest);
  return rest.empty() || rest.front() == '#';
}

// Parses a quoted scalar starting at s[0] (a quote). Returns the index just past
// the closing quote, or npos when it is unterminated.
std::size_t parse_quoted(std::string_view s, std::string& out) {
  const char q = s[0];
  std::size_t i = 1;
  while (i < s.size()) {
    char c = s[i];
    if (q == '\'') {
      if (c == '\'') {
        if (i + 1 < s.size() && s[i + 1] == '\'') {
          out += '\'';
          i += 2;
          continue;
        }
        return i + 1;
      }
      out += c;
      ++i;
      continue;
    }
    if (c == '"') return i + 1;
    if (c == '\\' && i + 1 < s.size()) {
      char e = s[i + 1];
      i += 2;
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '0': out += '\0'; break;
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case ' ': out += ' '; break;
        case 'u':
        case 'x': {
          std::size_t n = e == 'u' ? 4 : 2;
          unsigned cp = 0;
          bool good = i + n <= s.size();
          for (std::size_t k = 0; good && k < n; ++k) {
            char h = s[i + k];
            cp <<= 4;
            if (h >= '0' && h <= '9') cp |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f') cp |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') cp |= static_cast<unsigned>(h - 'A' + 10);
            else good = false;
          }
          if (good) {
            append_utf8(out, cp);
            i += n;
          } else {
            out += '\\';
            out += e;
          }
          break;
        }
        default: out += '\\'; out += e;
      }
      continue;
    }
    out += c;
    ++i;
  }
  return std::string_view::npos;
}

// Where a key line's `key:` ends: the first ':' followed by white space or the
// end of the line. npos when there is none.
std::size_t key_colon(std::string_view content) {
  for (std::size_t i = 0; i < content.size(); ++i) {
    if (content[i] == ':' && (i + 1 == content.size() || content[i + 1] == ' ' || content[i + 1] == '\t')) return i;
  }
  return std::string_view::npos;
}

bool bad_key_start(char c) {
  static constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  return kIndicators.find(c) != std::string_view::npos;
}

enum class Mode { kNone, kPlain, kBlock, kNested, kFlow, kClosed };

}  // namespace

const Field* Frontmatter::find(std::string_view key) const {
  for (auto it = fields.rbegin(); it != fields.rend(); ++it)
    if (it->key == key) return &*it;
  return nullptr;
}

namespace {

constexpr std::size_t kNamedDuplicates = 10;

}  // namespace

Frontmatter parse_frontmatter(std::string_view text) {
  Frontmatter fm;
  std::size_t pos = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    fm.bom = true;
    pos = 3;
  }
  fm.body_begin = pos;
  Line first = line_at(text, pos);
  if (!is_marker(first.content) || first.next == first.end) {
    // No opening marker, or "---" with nothing after it at all.
    if (is_marker(first.content)) fm.state = FrontmatterState::kUnterminated;
    return fm;
  }
  if (first.next - first.end == 2) fm.eol = "\r\n";
  fm.fields_begin = first.next;

  // Find the closing marker first, so a syntax error never hides the body.
  std::size_t close = std::string_view::npos;
  for (std::size_t p = fm.fields_begin; p < text.size();) {
    Line l = line_at(text, p);
    if (is_marker(l.content)) {
      close = p;
      fm.body_begin = l.next;
      break;
    }
    p = l.next;
  }
  if (close == std::string_view::npos) {
    fm.state = FrontmatterState::kUnterminated;
    fm.body_begin = text.size();
    return fm;
  }
  fm.close_begin = close;
  fm.state = FrontmatterState::kOk;

  int line_no = 1;  // the opening marker is line 1
  // Keys seen so far: a frontmatter of a hundred thousand keys must cost a hash
  // lookup per key, not a scan of the ones before it.
  std::unordered_set<std::string> keys;
  std::size_t duplicates = 0;
  Mode mode = Mode::kNone;
  char block_style = 0;
  std::string block;
  auto error = [&](const std::string& what) {
    fm.problems.push_back("line " + std::to_string(line_no) + ": " + what);
    fm.state = FrontmatterState::kSyntaxError;
  };
  auto finish_block = [&]() {
    if (mode == Mode::kBlock && !fm.fields.empty()) {
      while (!block.empty() && block.back() == '\n') block.pop_back();
      fm.fields.back().value = block;
    }
    block.clear();
  };

  for (std::size_t p = fm.fields_begin; p < close;) {
    Line l = line_at(text, p);
    p = l.next;
    ++line_no;
    std::string_view c = l.content;
    std::string_view trimmed = lstrip(rstrip(c));
    const bool indented = !c.empty() && (c[0] == ' ' || c[0] == '\t');

    if (trimmed.empty()) {
      if (mode == Mode::kBlock) block += block_style == '|' ? "\n" : "";
      if (!fm.fields.empty() && mode != Mode::kNone) fm.fields.back().end = l.next;
      continue;
    }
    if (!indented && trimmed[0] == '#') continue;  // a comment line at the margin

    if (indented || (c[0] == '-' && (c.size() == 1 || c[1] == ' '))) {
      if (c[0] == '\t') {
        error("tab used for indentation");
        continue;
      }
      if (fm.fields.empty() || mode == Mode::kNone) {
        error("indented line outside any key");
        continue;
      }
      Field& f = fm.fields.back();
      f.end = l.next;
      f.value_end = 0;  // now spans several lines
      switch (mode) {
        case Mode::kBlock:
          if (!block.empty() && block.back() != '\n') block += block_style == '|' ? "\n" : " ";
          block += trimmed;
          break;
        case Mode::kPlain:
          if (trimmed[0] == '#') break;
          *f.value += ' ';
          *f.value += trimmed;
          break;
        case Mode::kFlow:
          *f.value += ' ';
          *f.value += trimmed;
          break;
        case Mode::kNested: {
          if (trimmed[0] == '#') break;
          f.scalar = false;
          if (trimmed[0] == '-') break;  // a list item: kept, not interpreted
          std::size_t colon = key_colon(trimmed);
          if (colon == std::string_view::npos) break;
          Field child;
          child.key = std::string(rstrip(trimmed.substr(0, colon)));
          child.begin = l.begin;
          child.end = l.next;
          std::string_view v = lstrip(trimmed.substr(colon + 1));
          if (!v.empty() && (v[0] == '"' || v[0] == '\'')) {
            std::string out;
            std::size_t after = parse_quoted(v, out);
            if (after != std::string_view::npos) child.value = out;
          } else {
            std::size_t hash = v.find(" #");
            v = rstrip(v.substr(0, hash));
            if (!is_null_word(v) && v[0] != '#') child.value = std::string(v);
          }
          f.children.push_back(std::move(child));
          break;
        }
        case Mode::kClosed: error("unexpected indented line after a quoted value"); break;
        case Mode::kNone: break;
      }
      continue;
    }

    // A key line.
    finish_block();
    std::size_t colon = key_colon(c);
    if (colon == std::string_view::npos || colon == 0 || bad_key_start(c[0])) {
      error("expected 'key: value'");
      mode = Mode::kNone;
      continue;
    }
    Field f;
    f.key = std::string(rstrip(c.substr(0, colon)));
    f.begin = l.begin;
    f.end = l.next;
    std::size_t vstart = colon + 1;
    while (vstart < c.size() && (c[vstart] == ' ' || c[vstart] == '\t')) ++vstart;
    std::string_view v = c.substr(vstart);
    // The first few duplicates are named; the rest counted in one line below.
    if (!keys.insert(f.key).second && ++duplicates <= kNamedDuplicates)
      fm.problems.push_back("line " + std::to_string(line_no) + ": duplicate key '" + f.key.substr(0, 80) + "'");
    if (v.empty() || v[0] == '#') {
      mode = Mode::kNested;
    } else if (v[0] == '"' || v[0] == '\'') {
      std::string out;
      std::size_t after = parse_quoted(v, out);
      if (after == std::string_view::npos) {
        error("unterminated quoted value for '" + f.key + "'");
        mode = Mode::kNone;
        continue;
      }
      if (!only_comment_after(v.substr(after))) {
        error("text after the quoted value of '" + f.key + "'");
        mode = Mode::kNone;
        continue;
      }
      f.value = std::move(out);
      f.value_end = l.begin + vstart + after;
      mode = Mode::kClosed;
    } else if (v[0] == '|' || v[0] == '>') {
      std::string_view ind = v.substr(1);
      std::size_t k = 0;
      while (k < ind.size() && (ind[k] == '-' || ind[k] == '+' || (ind[k] >= '1' && ind[k] <= '9'))) ++k;
      if (!only_comment_after(ind.substr(k))) {
        error("bad block scalar header for '" + f.key + "'");
        mode = Mode::kNone;
        continue;
      }
      block_style = v[0];
      f.value = std::string();
      mode = Mode::kBlock;
    } else if (v[0] == '[' || v[0] == '{') {
      f.scalar = false;
      f.value = std::string(rstrip(v));
      mode = Mode::kFlow;
    } else {
      std::size_t cut = v.size();
      for (std::size_t k = 1; k < v.size(); ++k)
        if (v[k] == '#' && (v[k - 1] == ' ' || v[k - 1] == '\t')) {
          cut = k;
          break;
        }
      std::string_view plain = rstrip(v.substr(0, cut));
      if (!is_null_word(plain)) f.value = std::string(plain);
      f.value_end = l.begin + vstart + plain.size();
      mode = Mode::kPlain;
      if (!f.value) mode = Mode::kNested;
    }
    fm.fields.push_back(std::move(f));
  }
  finish_block();
  if (duplicates > kNamedDuplicates)
    fm.problems.push_back(std::to_string(duplicates - kNamedDuplicates) + " more duplicate keys");
  return fm;
}

std::string rewrite_fields(std::string_view text, const Frontmatter& fm,
                           const std::vector<std::pair<std::string, std::string>>& updates) {
  struct Edit {
    std::size_t begin, end;
    std::string with;
  };
  std::vector<Edit> edits;
  std::string appended;
  for (const auto& [key, value] : updates) {
    const Field* f = fm.find(key);
    if (!f) {
      appended += key + ": " + value + fm.eol;
      continue;
    }
    Line l = line_at(text, f->begin);
    const bool single_line = f->end == l.next;
    if (single_line && f->value_end > 0) {
      // Keep "key: " and whatever follows the value (a comment, the line ending).
      std::size_t vbegin = f->begin + (key_colon(l.content) + 1);
      while (vbegin < l.end && (text[vbegin] == ' ' || text[vbegin] == '\t')) ++vbegin;
      if (vbegin == l.end || vbegin > f->value_end) {
        edits.push_back({l.begin, l.end, key + ": " + value});
      } else {
        edits.push_back({vbegin, f->value_end, value});
      }
    } else {
      std::string_view eol = text.substr(l.end, l.next - l.end);
      edits.push_back({f->begin, f->end, key + ": " + value + std::string(eol.empty() ? fm.eol : eol)});
    }
  }
  if (!appended.empty()) edits.push_back({fm.close_begin, fm.close_begin, appended});
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  out.reserve(text.size() + 128);
  std::size_t at = 0;
  for (const Edit& e : edits) {
    out.append(text.substr(at, e.begin - at));
    out += e.with;
    at = e.end;
  }
  out.append(text.substr(at));
  return out;
}

std::string frontmatter_body(std::string_view text) {
  Frontmatter fm = parse_frontmatter(text);
  if (fm.state == FrontmatterState::kOk) text = text.substr(fm.body_begin);
  const auto b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return std::string(text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1));
}

std::string yaml_line_scalar(std::string_view v) {
  bool plain = !v.empty();
  for (char c : v)
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-' || c == '.');
  if (plain && v != "null" && v != "true" && v != "false") return std::string(v);
  std::string out = "\"";
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out + "\"";
}

}  // namespace memsim
