// The L0 -> L1 marker rules. Deliberately narrow: a sentence counts only when
// it opens with one of the forms below, so ordinary talk never becomes an atom.
#include <cctype>
#include <string>

#include "memsim/ascii.h"
#include "memsim/transcript.h"

namespace memsim {

const char* marker_kind_name(MarkerKind k) {
  switch (k) {
    case MarkerKind::kDirective: return "directive";
    case MarkerKind::kCorrection: return "correction";
    case MarkerKind::kPreference: return "preference";
    case MarkerKind::kLesson: return "lesson";
    case MarkerKind::kFailure: return "failure";
  }
  return "directive";
}

namespace {

std::string trimmed(std::string_view s) { return std::string(ascii::trim(s)); }

// Sentences: split at newlines and at . ! ? followed by a space. List bullets,
// quote marks and markdown emphasis at the start are dropped.
std::vector<std::string> sentences(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    std::string s = trimmed(cur);
    cur.clear();
    while (!s.empty() && (s[0] == '-' || s[0] == '*' || s[0] == '>' || s[0] == '#' || s[0] == '"'))
      s = trimmed(s.substr(1));
    if (s.size() >= 2 && std::isdigit(static_cast<unsigned char>(s[0])) && (s[1] == '.' || s[1] == ')'))
      s = trimmed(s.substr(2));
    if (!s.empty()) out.push_back(std::move(s));
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      flush();
      continue;
    }
    cur += c;
    if ((c == '.' || c == '!' || c == '?') && i + 1 < text.size() && text[i + 1] == ' ') flush();
  }
  flush();
  return out;
}

// The rest of s after `prefix` and the separators that may follow it, or npos.
size_t after_prefix(const std::string& low, std::string_view prefix, bool need_separator) {
  if (!low.starts_with(prefix)) return std::string::npos;
  size_t i = prefix.size();
  if (i < low.size() && std::isalnum(static_cast<unsigned char>(low[i]))) return std::string::npos;
  const size_t start = i;
  while (i < low.size() && (low[i] == ':' || low[i] == ',' || low[i] == ';' || low[i] == '-' || low[i] == ' ')) ++i;
  if (need_separator && (i == start || low.substr(start, i - start).find_first_of(":,;-") == std::string::npos))
    return std::string::npos;
  return i;
}

int word_count(std::string_view s) {
  int n = 0;
  bool in = false;
  for (char c : s) {
    const bool w = !std::isspace(static_cast<unsigned char>(c));
    if (w && !in) ++n;
    in = w;
  }
  return n;
}

std::string clean_claim(std::string s) {
  s = trimmed(s);
  while (!s.empty() && (s.back() == '.' || s.back() == '!' || s.back() == ',' || s.back() == ';' || s.back() == ':'))
    s.pop_back();
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

struct Prefix {
  std::string_view text;
  MarkerKind kind;
  Confidence confidence;
  bool keep_prefix;     // the prefix is part of the claim ("Always ...")
  bool need_separator;  // "Lesson:" needs its colon; "Always" does not
};

constexpr Prefix kUserPrefixes[] = {
    {"verified", MarkerKind::kLesson, Confidence::kVerified, false, true},
    {"confirmed", MarkerKind::kLesson, Confidence::kVerified, false, true},
    {"lesson learned", MarkerKind::kLesson, Confidence::kStated, false, true},
    {"lesson", MarkerKind::kLesson, Confidence::kStated, false, true},
    {"note to self", MarkerKind::kLesson, Confidence::kStated, false, true},
    {"remember", MarkerKind::kLesson, Confidence::kStated, false, true},
    {"rule", MarkerKind::kDirective, Confidence::kStated, false, true},
    {"til", MarkerKind::kLesson, Confidence::kStated, false, true},
    {"repro", MarkerKind::kFailure, Confidence::kObserved, false, true},
    {"to reproduce", MarkerKind::kFailure, Confidence::kObserved, false, true},
    {"reproducible failure", MarkerKind::kFailure, Confidence::kObserved, false, true},
    {"correction", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"no", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"nope", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"actually", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"that's wrong", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"that is wrong", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"that's not right", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"wrong", MarkerKind::kCorrection, Confidence::kStated, false, true},
    {"from now on", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"going forward", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"please always", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"please never", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"always", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"never", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"don't", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"do not", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"make sure to", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"make sure that", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"you must", MarkerKind::kDirective, Confidence::kStated, false, false},
    {"we always", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"we never", MarkerKind::kDirective, Confidence::kStated, true, false},
    {"i prefer", MarkerKind::kPreference, Confidence::kStated, true, false},
    {"we prefer", MarkerKind::kPreference, Confidence::kStated, true, false},
    {"i'd rather", MarkerKind::kPreference, Confidence::kStated, true, false},
    {"i would rather", MarkerKind::kPreference, Confidence::kStated, true, false},
    {"my preference is", MarkerKind::kPreference, Confidence::kStated, false, false},
};

// The assistant's own prose counts only when it names a lesson outright.
constexpr Prefix kAssistantPrefixes[] = {
    {"lesson learned", MarkerKind::kLesson, Confidence::kObserved, false, true},
    {"lesson", MarkerKind::kLesson, Confidence::kObserved, false, true},
};

}  // namespace

std::vector<Marker> find_markers(const TranscriptText& t) {
  std::vector<Marker> out;
  for (const std::string& s : sentences(t.text)) {
    if (s.size() < 8 || s.size() > 400 || s.find('?') != std::string::npos) continue;
    const std::string low = ascii::lowered(s);
    auto try_prefixes = [&](const auto& prefixes) {
      for (const Prefix& p : prefixes) {
        const size_t rest = after_prefix(low, p.text, p.need_separator);
        if (rest == std::string::npos) continue;
        std::string claim = clean_claim(p.keep_prefix ? s : s.substr(rest));
        // A bare "No." or "Always." is not a claim; three words make the floor.
        if (word_count(claim) < 3) return;
        out.push_back(Marker{p.kind, p.confidence, std::move(claim), s});
        return;
      }
    };
    if (t.from_user) try_prefixes(kUserPrefixes);
    else try_prefixes(kAssistantPrefixes);
  }
  return out;
}

}  // namespace memsim
