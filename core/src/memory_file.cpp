#include "memsim/memory_file.h"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace memsim {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::optional<double> parse_number(std::string_view s) {
  if (s.empty() || s.size() > 64) return std::nullopt;
  std::string buf(s);
  char* end = nullptr;
  double v = std::strtod(buf.c_str(), &end);
  if (end != buf.c_str() + buf.size() || !std::isfinite(v)) return std::nullopt;
  // strtod also takes hex and "inf"; a YAML number is decimal.
  for (char c : buf)
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return std::nullopt;
  return v;
}

std::optional<std::int64_t> parse_count(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty() || s.size() > 15) return std::nullopt;
  std::int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::optional<bool> parse_bool(std::string_view s) {
  if (iequals(s, "true") || iequals(s, "yes") || iequals(s, "on")) return true;
  if (iequals(s, "false") || iequals(s, "no") || iequals(s, "off")) return false;
  return std::nullopt;
}

class Reader {
 public:
  Reader(const Frontmatter& fm, MemoryMeta& meta) : fm_(fm), meta_(meta) {}

  // The scalar text of key; nullopt when absent or null. A non-scalar value is
  // reported and treated as absent.
  std::optional<std::string> text(std::string_view key) {
    const Field* f = fm_.find(key);
    if (!f) return std::nullopt;
    if (!f->scalar) {
      bad(key, "is not a single value");
      return std::nullopt;
    }
    return f->value;
  }

  template <class T, class Parse>
  std::optional<T> typed(std::string_view key, Parse parse, const char* domain) {
    auto t = text(key);
    if (!t) return std::nullopt;
    std::optional<T> v = parse(*t);
    if (!v) bad(key, std::string("'") + *t + "' is not " + domain);
    return v;
  }

  void bad(std::string_view key, const std::string& why) {
    meta_.problems.push_back("unreadable " + std::string(key) + ": " + why);
  }

 private:
  const Frontmatter& fm_;
  MemoryMeta& meta_;
};

}  // namespace

std::string known_types_list() {
  std::string out;
  for (std::string_view t : kMemoryTypes) out += (out.empty() ? "" : ", ") + std::string(t);
  return out;
}

bool is_known_type(std::string_view type) {
  return std::find(kMemoryTypes.begin(), kMemoryTypes.end(), type) != kMemoryTypes.end();
}

std::string_view confidence_name(Confidence c) { return kConfidenceNames[static_cast<std::size_t>(c)]; }

std::optional<Confidence> parse_confidence(std::string_view name) {
  for (std::size_t i = 0; i < kConfidenceNames.size(); ++i)
    if (name == kConfidenceNames[i]) return static_cast<Confidence>(i);
  return std::nullopt;
}

bool is_superseded_status(std::string_view status) { return status.starts_with("superseded"); }

double round1(double x) { return std::round(x * 10.0) / 10.0; }

std::string format_stability(double s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", s);
  return buf;
}

std::vector<std::pair<std::string, std::string>> policy_lines(const PolicyValues& v) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("access_count", std::to_string(v.access_count));
  if (v.last_accessed) out.emplace_back("last_accessed", format_instant(*v.last_accessed));
  if (v.last_reinforced) out.emplace_back("last_reinforced", format_instant(*v.last_reinforced));
  out.emplace_back("stability", format_stability(v.stability));
  return out;
}

bool is_memory_name(std::string_view name) {
  std::size_t i = 0;
  while (i < name.size() && name[i] >= 'a' && name[i] <= 'z') ++i;
  if (i == 0 || i >= name.size() || name[i] != '_') return false;
  // ".+" after the underscore, then ".md"
  return name.size() >= i + 1 + 1 + 3 && name.substr(name.size() - 3) == ".md";
}

std::string fold_whitespace(std::string_view s) {
  // Most summaries are folded already (printable ASCII, single inner spaces), and
  // every ranking and lint folds every summary: those are copied as they are.
  bool folded = s.empty() || (s.front() != ' ' && s.back() != ' ');
  for (std::size_t i = 0; folded && i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    folded = (c > 0x20 && c < 0x7F) || (c == ' ' && s[i - 1] != ' ');
  }
  if (folded) return std::string(s);
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c > 0x20 && c < 0x7F) {
      // A run of printable ASCII, the common case, goes in one append: byte by
      // byte this function was a quarter of `memsim index` (docs/performance.md).
      std::size_t j = i + 1;
      while (j < s.size() && static_cast<unsigned char>(s[j]) > 0x20 && static_cast<unsigned char>(s[j]) < 0x7F) ++j;
      if (space) out += ' ';
      space = false;
      out.append(s.substr(i, j - i));
      i = j;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      space = !out.empty();
      ++i;
      continue;
    }
    // Validate one UTF-8 sequence.
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool valid = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; valid && k < len; ++k) valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (valid && len > 1) {
      // Reject overlong forms, surrogates and values past U+10FFFF.
      unsigned cp = c & (0xFF >> (len + 1));
      for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      static constexpr unsigned kMin[] = {0, 0, 0x80, 0x800, 0x10000};
      valid = cp >= kMin[len] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    }
    if (c < 0x20 || c == 0x7F) valid = false;  // control characters never reach a row
    if (space) out += ' ';
    space = false;
    if (valid) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      i += 1;
    }
  }
  return out;
}

std::string effective_summary(const MemoryMeta& m) {
  for (const std::optional<std::string>* s : {&m.summary, &m.description}) {
    if (*s) {
      std::string folded = fold_whitespace(**s);
      if (!folded.empty()) return folded;
    }
  }
  std::string line = fold_whitespace(m.first_body_line);
  return line.empty() ? "(no summary)" : line;
}

MemoryMeta read_memory_meta(std::string_view text, const Frontmatter& fm, double initial_stability) {
  MemoryMeta m;
  m.policy.stability = initial_stability;
  for (std::size_t p = fm.body_begin; p < text.size();) {
    std::size_t nl = text.find('\n', p);
    std::string_view line = text.substr(p, nl == std::string_view::npos ? std::string_view::npos : nl - p);
    // Not blank as fold_whitespace sees it (any byte but its six white space
    // characters), tested without folding a copy of every line.
    if (line.find_first_not_of(" \t\n\r\v\f") != std::string_view::npos) {
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      m.first_body_line = std::string(line);
      break;
    }
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  if (fm.state == FrontmatterState::kSyntaxError) {
    for (const auto& p : fm.problems) m.problems.push_back("frontmatter " + p);
    return m;
  }
  for (const auto& p : fm.problems) m.problems.push_back("frontmatter " + p);
  if (fm.state != FrontmatterState::kOk) return m;

  Reader r(fm, m);
  m.name = r.text("name");
  m.type = r.text("type");
  m.summary = r.text("summary");
  m.description = r.text("description");
  m.status = r.text("status");
  m.state = r.text("state");
  m.key = r.text("key");
  m.supersedes = r.text("supersedes");
  auto date = [](const std::string& s) { return parse_date(s); };
  m.created = r.typed<Days>("created", date, "a date YYYY-MM-DD");
  m.last_updated = r.typed<Days>("last_updated", date, "a date YYYY-MM-DD");
  m.valid_from = r.typed<Days>("valid_from", date, "a date YYYY-MM-DD");
  m.valid_until = r.typed<Days>("valid_until", date, "a date YYYY-MM-DD or null");
  m.confidence = r.typed<Confidence>(
      "confidence", [](const std::string& s) { return parse_confidence(s); },
      "one of stated, observed, inferred, verified");
  if (auto v = r.typed<double>(
          "importance",
          [](const std::string& s) -> std::optional<double> {
            auto d = parse_number(s);
            if (d && *d >= 0 && *d <= 10) return d;
            return std::nullopt;
          },
          "a number from 0 to 10"))
    m.importance = *v;
  if (auto v = r.typed<bool>("pin", parse_bool, "true or false")) m.pin = *v;
  if (auto v = r.typed<bool>("in_flight", parse_bool, "true or false")) m.in_flight = *v;
  if (auto v = r.typed<std::int64_t>("access_count", parse_count, "an integer >= 0")) m.policy.access_count = *v;
  auto instant = [](const std::string& s) { return parse_instant(s); };
  m.policy.last_accessed = r.typed<Seconds>("last_accessed", instant, "a time YYYY-MM-DDTHH:MM:SSZ");
  m.policy.last_reinforced = r.typed<Seconds>("last_reinforced", instant, "a time YYYY-MM-DDTHH:MM:SSZ");
  if (auto v = r.typed<double>(
          "stability",
          [](const std::string& s) -> std::optional<double> {
            auto d = parse_number(s);
            if (d && *d > 0) return d;
            return std::nullopt;
          },
          "a positive number of days"))
    m.policy.stability = *v;
  return m;
}

}  // namespace memsim
