// The redactor's engine: block rules over the whole text, then line rules over
// runs of whole lines. One RE2::Set pass over each run says which line rules can
// match there; only those run, with the few that run everywhere (the keyword
// expression and the long-token scan). Each finding is judged by its rule
// (redact_rules.cpp, redact_context.cpp, redact_pii.cpp); where findings overlap
// the more specific rule's wins. A run is redacted again until nothing changes,
// so redact(redact(x)) == redact(x).
#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <iterator>
#include <map>

#include "memsim/redact.h"
#include "redact_detail.h"

namespace memsim {

namespace redact_detail {

// A rule ready to run. Not in the anonymous namespace: Redactor::Impl holds them.
struct CompiledRule {
  std::string kind;
  std::unique_ptr<RE2> re;  // null for a scan
  Pick pick;
  std::function<void(std::string_view, std::vector<Found>&)> scan;
  int groups = 0;
  bool whole_block = false;
  std::string literal;  // block rules: searched for first
  bool exempts = false;
};

}  // namespace redact_detail

namespace {

namespace rd = redact_detail;

// Line rules run over about this many bytes of whole lines at a time: small
// enough that a rule the set names rescans little, large enough that the set's
// per-call cost does not show.
constexpr size_t kRun = 8 * 1024;
// A run's redaction repeats until it is stable; real text needs two rounds at most.
constexpr int kMaxRounds = 8;

struct Candidate {
  size_t begin = 0, end = 0;
  size_t rule = 0;  // priority: lower wins an overlap
  std::string_view kind;
  bool whole_block = false;  // a key block: what is inside it is no placeholder's business
  bool exempt = false;       // public where it stands: neither it nor what overlaps it is replaced
};

RE2::Options options(bool lines) {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(64 << 20);
  o.set_never_nl(lines);  // a line rule cannot reach into the next line
  return o;
}

// How often a byte turns up in a transcript, coarsely: capitals seldom, the rare
// lower-case letters now and then, the rest (common letters, digits, spaces,
// JSON's quotes, colons and commas) everywhere.
int commonness(char c) {
  if (c >= 'A' && c <= 'Z') return 0;
  if (std::string_view("jkqxzvbyw").find(c) != std::string_view::npos) return 1;
  return 2;
}

// Whether a block rule's literal is in the text (each is looked for over the
// whole input). memchr for the literal's rarest byte runs at memory speed and
// stops seldom; memmem's two-way search is slower than that on short needles
// ("kty": 3.6 ms per 10 MB against 0.4), and string::find stops at every
// occurrence of the first byte ('a' of "alue:" is every other word), so a
// literal of common bytes only is left to memmem.
bool contains(std::string_view text, std::string_view literal) {
  if (literal.empty()) return true;
  size_t rare = 0;
  for (size_t i = 1; i < literal.size(); ++i)
    if (commonness(literal[i]) < commonness(literal[rare])) rare = i;
  if (commonness(literal[rare]) == 2 || text.size() < literal.size())
    return memmem(text.data(), text.size(), literal.data(), literal.size()) != nullptr;
  const char* p = text.data() + rare;
  const char* const end = text.data() + text.size() - (literal.size() - rare) + 1;
  while (p < end && (p = static_cast<const char*>(memchr(p, literal[rare], static_cast<size_t>(end - p))))) {
    if (memcmp(p - rare, literal.data(), literal.size()) == 0) return true;
    ++p;
  }
  return false;
}

// Line rules are multi-line, so ^ and $ hold at every line's ends: a run of
// lines is searched in one go, and never_nl keeps a match within one line.
std::string pattern_of(const rd::RuleSpec& spec, bool lines) { return lines ? "(?m)" + spec.pattern : spec.pattern; }

rd::CompiledRule compile(rd::RuleSpec spec, bool lines) {
  rd::CompiledRule r;
  r.kind = std::move(spec.kind);
  r.scan = std::move(spec.scan);
  if (r.scan) return r;
  r.re = std::make_unique<RE2>(pattern_of(spec, lines), options(lines));
  r.pick = std::move(spec.pick);
  r.groups = std::min(r.re->NumberOfCapturingGroups(), 3);
  r.whole_block = spec.whole_block;
  r.literal = std::move(spec.literal);
  r.exempts = spec.exempts;
  return r;
}

}  // namespace

struct Redactor::Impl {
  using CompiledRule = redact_detail::CompiledRule;

  std::vector<CompiledRule> blocks;
  std::vector<CompiledRule> lines;
  std::unique_ptr<RE2::Set> set;         // the triggers of the other `lines`
  std::vector<std::vector<int>> in_set;  // lines' indices of each set entry (rules may share a trigger)
  std::vector<int> always;               // lines run everywhere: scans and `always` expressions
  std::unique_ptr<RE2> marker;
  rd::PasswordLabelTest password_label = rd::password_label_test();

  Impl() {
    for (rd::RuleSpec& s : rd::block_rules()) blocks.push_back(compile(std::move(s), false));
    std::vector<rd::RuleSpec> specs = rd::line_rules();
    std::vector<rd::RuleSpec> pii = rd::pii_rules();
    std::move(pii.begin(), pii.end(), std::back_inserter(specs));
    RE2::Options o = options(true);
    o.set_max_mem(256 << 20);
    set = std::make_unique<RE2::Set>(o, RE2::UNANCHORED);
    // Rules with the same trigger share one entry of the set: every entry costs the
    // set's automaton states over every byte, whether it ever matches or not.
    std::map<std::string, int> entry_of;
    for (rd::RuleSpec& s : specs) {
      // An expression RE2 rejects is a bug in the table; the tests fail on it
      // (Redact.EveryRuleCompiles), and here it is left out rather than crash.
      const std::string trigger = "(?m)" + (s.trigger.empty() ? s.pattern : s.trigger);
      const bool everywhere = s.always || s.scan;
      CompiledRule r = compile(std::move(s), true);
      if (r.re && !r.re->ok()) continue;
      const int index = static_cast<int>(lines.size());
      if (everywhere) {
        always.push_back(index);
      } else if (const auto shared = entry_of.find(trigger); shared != entry_of.end()) {
        in_set[static_cast<size_t>(shared->second)].push_back(index);
      } else if (const int entry = set->Add(trigger, nullptr); entry >= 0) {
        entry_of.emplace(trigger, entry);
        in_set.push_back({index});
      } else {
        continue;
      }
      lines.push_back(std::move(r));
    }
    if (!set->Compile()) set.reset();
    marker = std::make_unique<RE2>(R"(\[REDACTED(?::[A-Za-z0-9_]*)?\])", options(false));
  }

  // Every finding of rule `index` in text.
  void find(const std::vector<CompiledRule>& rules, size_t index, std::string_view text,
            std::vector<Candidate>& out) const {
    const CompiledRule& r = rules[index];
    if (r.scan) {
      std::vector<rd::Found> found;
      r.scan(text, found);
      for (const rd::Found& f : found)
        if (f.end > f.begin && f.end <= text.size())
          out.push_back({f.begin, f.end, index, f.kind.empty() ? std::string_view(r.kind) : f.kind, r.whole_block});
      return;
    }
    if (!r.re->ok()) return;
    const int n = r.groups + 1;
    std::array<re2::StringPiece, 4> m;
    std::vector<rd::Found> found;
    size_t pos = 0;
    const re2::StringPiece whole(text.data(), text.size());
    while (pos <= text.size() && r.re->Match(whole, pos, text.size(), RE2::UNANCHORED, m.data(), n)) {
      const size_t start = static_cast<size_t>(m[0].data() - text.data());
      const size_t end = start + m[0].size();
      size_t resume = 0;
      rd::Hit h{text, {}, &resume};
      for (int i = 0; i < 4; ++i) {
        const auto& g = m[static_cast<size_t>(i)];
        h.groups[static_cast<size_t>(i)] =
            i < n && g.data() ? std::string_view(g.data(), g.size()) : std::string_view(text.data() + end, 0);
      }
      found.clear();
      r.pick(h, found);
      for (const rd::Found& f : found)
        if (f.end > f.begin && f.end <= text.size())
          out.push_back(
              {f.begin, f.end, index, f.kind.empty() ? std::string_view(r.kind) : f.kind, r.whole_block, r.exempts});
      // A rule may move the next search past its match, or back into it (a block
      // rejected by its label may hold the start of one that is not).
      pos = resume > start ? resume : std::max(end > pos ? end : pos + 1, resume);
    }
  }

  // Replaces the candidates that survive (not a placeholder, not touching text
  // already redacted, not overlapping a finding of an earlier rule) and writes
  // the result to `out`. False when nothing was replaced.
  bool apply(std::string_view text, std::vector<Candidate>& cands, std::string& out,
             std::vector<std::string>& kinds) const {
    std::vector<std::pair<size_t, size_t>> marks;
    const re2::StringPiece whole(text.data(), text.size());
    re2::StringPiece m;
    for (size_t pos = 0; pos < text.size() && marker->Match(whole, pos, text.size(), RE2::UNANCHORED, &m, 1);) {
      const size_t begin = static_cast<size_t>(m.data() - text.data());
      marks.emplace_back(begin, begin + m.size());
      pos = begin + m.size();
    }
    // A finding that takes in part of a marker is what is left of a secret already
    // redacted (sk-proj-[REDACTED]), not a secret.
    auto overlaps_marker = [&](const Candidate& c) {
      auto it = std::lower_bound(marks.begin(), marks.end(), std::make_pair(c.begin, size_t{0}),
                                 [](const auto& a, const auto& b) { return a.second <= b.first; });
      return it != marks.end() && it->first < c.end;
    };
    std::stable_sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) {
      return a.rule != b.rule ? a.rule < b.rule : a.begin < b.begin;
    });
    std::vector<std::pair<size_t, size_t>> exempt;  // few: a config object's key, a sealed secret's values
    for (const Candidate& c : cands)
      if (c.exempt) exempt.emplace_back(c.begin, c.end);
    auto exempted = [&](const Candidate& c) {
      return c.exempt || std::any_of(exempt.begin(), exempt.end(),
                                     [&](const auto& e) { return e.first < c.end && c.begin < e.second; });
    };
    std::map<size_t, Candidate> taken;  // by begin; never overlapping
    for (const Candidate& c : cands) {
      if (exempted(c)) continue;
      const std::string_view v = text.substr(c.begin, c.end - c.begin);
      if (overlaps_marker(c) ||
          (!c.whole_block && (rd::is_placeholder(v) || rd::is_public_by_design(v) || password_label(v))))
        continue;
      auto next = taken.lower_bound(c.begin);
      if (next != taken.end() && next->first < c.end) continue;
      if (next != taken.begin() && std::prev(next)->second.end > c.begin) continue;
      taken.emplace(c.begin, c);
    }
    if (taken.empty()) return false;
    out.clear();
    out.reserve(text.size());
    size_t copied = 0;
    for (const auto& [begin, c] : taken) {
      out.append(text.substr(copied, begin - copied));
      out += "[REDACTED:";
      out += c.kind;
      out += ']';
      kinds.emplace_back(c.kind);
      copied = c.end;
    }
    out.append(text.substr(copied));
    return true;
  }

  // The line rules that can match in text: the set's answer, or every rule when
  // the set's DFA ran out of memory (still correct, only slower).
  void rules_for(std::string_view text, std::vector<int>& hits) const {
    hits.clear();
    RE2::Set::ErrorInfo info{};
    std::vector<int> entries;
    if (set && set->Match(re2::StringPiece(text.data(), text.size()), &entries, &info)) {
      for (const int e : entries)
        hits.insert(hits.end(), in_set[static_cast<size_t>(e)].begin(), in_set[static_cast<size_t>(e)].end());
    } else if (!set || info.kind == RE2::Set::kOutOfMemory) {
      for (const std::vector<int>& rules : in_set) hits.insert(hits.end(), rules.begin(), rules.end());
    }
    hits.insert(hits.end(), always.begin(), always.end());
  }

  void redact_run(std::string_view run, std::string& out, std::vector<std::string>& kinds) const {
    std::string current, next;
    std::string_view view = run;
    std::vector<int> hits;
    std::vector<Candidate> cands;
    for (int round = 0; round < kMaxRounds; ++round) {
      rules_for(view, hits);
      if (hits.empty()) break;
      std::sort(hits.begin(), hits.end());
      cands.clear();
      for (int i : hits) find(lines, static_cast<size_t>(i), view, cands);
      if (cands.empty() || !apply(view, cands, next, kinds)) break;
      current.swap(next);
      view = current;
    }
    out.append(view);
  }
};

Redactor::Redactor() : impl_(std::make_unique<const Impl>()) {}
Redactor::~Redactor() = default;

RedactResult Redactor::redact(std::string_view input) const {
  RedactResult result;
  // view is the text as it stands: the input until a round changes it, then text.
  std::string text, blocked;
  std::string_view view = input;
  // Blocks over the whole text (a key block spans lines), then lines run by run.
  // The lines' result is stable by itself; a block that only shows once lines
  // were redacted (one cut short by a secret inside it) sends it round again.
  for (int round = 0; round < kMaxRounds; ++round) {
    std::vector<Candidate> cands;
    for (size_t i = 0; i < impl_->blocks.size(); ++i)
      if (contains(view, impl_->blocks[i].literal)) impl_->find(impl_->blocks, i, view, cands);
    const bool changed = !cands.empty() && impl_->apply(view, cands, blocked, result.kinds);
    if (changed) {
      text.swap(blocked);
      view = text;
    }
    if (round > 0 && !changed) break;
    const std::size_t replaced = result.kinds.size();
    std::string lines;
    lines.reserve(view.size());
    for (size_t begin = 0; begin < view.size();) {
      size_t end = view.size();
      if (view.size() - begin > kRun) {
        const size_t nl = view.find('\n', begin + kRun);
        if (nl != std::string::npos) end = nl + 1;
      }
      impl_->redact_run(view.substr(begin, end - begin), lines, result.kinds);
      begin = end;
    }
    text.swap(lines);
    view = text;
    // Nothing replaced this round: the text is the one the blocks were just searched in.
    if (!changed && result.kinds.size() == replaced) break;
  }
  result.text = std::move(text);  // every round ends with view == text
  return result;
}

double shannon_entropy(std::string_view s) {
  if (s.empty()) return 0;
  std::array<int, 256> n{};
  for (unsigned char c : s) ++n[c];
  double h = 0;
  const double len = static_cast<double>(s.size());
  for (int k : n)
    if (k) {
      const double p = k / len;
      h -= p * std::log2(p);
    }
  return h;
}

}  // namespace memsim
