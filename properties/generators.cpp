#include "generators.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "memsim/journal.h"
#include "memsim/rng.h"

namespace memsim::props {

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;
namespace gen = rc::gen;

constexpr Seconds kHour = 3600;
constexpr Seconds kDay = kSecondsPerDay;

// Pieces of summary text: words, runs of white space, multi-byte characters.
// Never ':' or '#', which a plain YAML value would read as structure.
constexpr const char* kPieces[] = {"memo", "rule", "x", "fix",  "z",    " ", " ", "  ", "\t", ",",
                                   ".",    "-",    "é", "日本", "🙂", "ü", "0", "42", "Ω"};

// A text of about `bytes` bytes (never cut inside a piece), starting with a letter.
std::string make_text(int bytes, std::uint64_t seed) {
  if (bytes <= 0) return "";
  Rng rng(seed);
  std::string s = "a";
  while (static_cast<int>(s.size()) < bytes) s += kPieces[rng.below(std::size(kPieces))];
  return s;
}

std::string make_topic(int bytes, std::uint64_t seed, bool unicode) {
  static constexpr const char* kAscii[] = {"a", "b", "q", "z", "0", "7", "-", "x"};
  static constexpr const char* kWide[] = {"é", "日本", "🙂", "ß", "-", "k", " ", ".", "_"};
  Rng rng(seed);
  std::string s = "t";
  while (static_cast<int>(s.size()) < bytes)
    s += unicode ? kWide[rng.below(std::size(kWide))] : kAscii[rng.below(std::size(kAscii))];
  return s + "x";  // never ends in a space
}

rc::Gen<std::string> text_of(int lo, int hi) {
  return gen::apply(make_text, gen::inRange(lo, hi + 1), gen::arbitrary<std::uint64_t>());
}

// What gen_hostile_text mixes. Kept as views: several pieces hold a NUL.
constexpr std::string_view kHostile[] = {"@",
                                         "@../../.env",
                                         "@~/.ssh/id_rsa",
                                         "@/etc/passwd",
                                         "\t@x.md",
                                         "\xC2\xA0@nbsp",
                                         "a@b.com",
                                         "<!--",
                                         "-->",
                                         "<details>",
                                         "</div>",
                                         "<?x",
                                         "<",
                                         "\x1b[8m",
                                         "\x1b[0m",
                                         "\x1b]8;;u\x07",
                                         "\x1b",
                                         "\xC2\x9B",
                                         "\r\n",
                                         "\n",
                                         "\r",
                                         "\xE2\x80\xA8",
                                         "\xFF",
                                         "\xC0\xAF",
                                         "\xED\xA0\x80",
                                         "\xE2\x82",
                                         "\xE2\x80\xAE",
                                         "\xE2\x80\x8B",
                                         "\xF3\xA0\x81\x81",
                                         "\xEF\xBB\xBF",
                                         std::string_view("\0", 1),
                                         "\x7f",
                                         "\x07",
                                         "# ",
                                         "## Hot",
                                         "- x.md: ",
                                         "   #",
                                         "\\#",
                                         "&lt;",
                                         "...",
                                         "word",
                                         "rule",
                                         " ",
                                         "  ",
                                         "\t",
                                         "é",
                                         "日本",
                                         "🙂",
                                         "\xEF\xBC\xA0"};

std::string make_hostile(const std::vector<std::size_t>& picks, int repeat) {
  std::string s;
  for (int r = 0; r < repeat; ++r)
    for (std::size_t p : picks) s += kHostile[p % std::size(kHostile)];
  return s;
}

rc::Gen<std::string> date_near(Days today, Days lo, Days hi) {
  return gen::map(gen::inRange<Days>(lo, hi + 1), [today](Days d) { return format_date(today + d); });
}

rc::Gen<std::string> instant_near(Seconds now, Seconds lo, Seconds hi) {
  return gen::map(gen::inRange<Seconds>(lo, hi + 1), [now](Seconds d) { return format_instant(now + d); });
}

// Zero or one `key: value` field; `absent` against `present` odds.
rc::Gen<Fields> field(std::string key, std::size_t absent, rc::Gen<std::string> value) {
  return gen::weightedOneOf<Fields>(
      {{absent, gen::just(Fields{})}, {std::size_t{1}, gen::map(value, [key](std::string v) {
                                         return Fields{{key, std::move(v)}};
                                       })}});
}

rc::Gen<std::string> one_decimal(double lo, double hi) {
  return gen::map(gen::inRange(static_cast<int>(lo * 10), static_cast<int>(hi * 10) + 1),
                  [](int tenths) { return format_stability(tenths / 10.0); });
}

// Policy fields as files hold them: readable, or not.
rc::Gen<Fields> policy_fields(Seconds now) {
  return gen::apply(
      [](Fields a, Fields b, Fields c, Fields d, Fields e) {
        for (Fields* f : {&b, &c, &d, &e}) a.insert(a.end(), f->begin(), f->end());
        return a;
      },
      field(
          "access_count", 1,
          gen::weightedOneOf<std::string>({{4, gen::map(gen::inRange(0, 12), [](int n) { return std::to_string(n); })},
                                           {1, gen::element<std::string>("-1", "abc", "1.5", "", "+3")}})),
      field("last_accessed", 1,
            gen::weightedOneOf<std::string>({{4, instant_near(now, -40 * kDay, 0)},
                                             {1, instant_near(now, 1, 2 * kDay)},
                                             {1, gen::element<std::string>("2026-07-01", "abc", "null")}})),
      field("last_reinforced", 1,
            gen::weightedOneOf<std::string>(
                {{4, instant_near(now, -60 * kDay, 0)}, {1, gen::element<std::string>("2026-02-30T00:00:00Z", "x")}})),
      field("stability", 1,
            gen::weightedOneOf<std::string>(
                {{3, gen::element<std::string>("14.0", "22.4", "35.8", "57.3", "365.0", "1.0")},
                 {1, one_decimal(0.1, 400)},
                 {1, gen::element<std::string>("abc", "-3", "0", "inf", "0x10")}})),
      field("importance", 2,
            gen::weightedOneOf<std::string>(
                {{3, one_decimal(0, 10)}, {1, gen::element<std::string>("11", "-1", "x", "10.5")}})));
}

rc::Gen<Seconds> gen_mtime(Seconds now) {
  return gen::weightedOneOf<Seconds>(
      {{1, gen::map(gen::inRange<Seconds>(0, 600), [now](Seconds d) { return now - d; })},
       {6, gen::map(gen::inRange<Seconds>(600, 60 * kDay), [now](Seconds d) { return now - d; })},
       {1, gen::map(gen::inRange<Seconds>(1, kDay), [now](Seconds d) { return now + d; })}});
}

struct Shared {
  Fields policy;
  Seconds mtime = 0;
};

const std::set<std::string> kPolicyKeys = {"access_count", "last_accessed", "last_reinforced", "stability",
                                           "importance"};

rc::Gen<FileSpec> gen_file(Seconds now, const Shared& shared) {
  const Days today = day_of(now);
  auto meta = gen::apply(
      [](auto... parts) {
        Fields out;
        for (const Fields* p : {&parts...}) out.insert(out.end(), p->begin(), p->end());
        return out;
      },
      field("type", 2, gen::element<std::string>("feedback", "project", "reference")),
      field("summary", 1, gen::weightedOneOf<std::string>({{8, gen_summary()}, {1, gen::just(std::string())}})),
      field("description", 4, gen_summary()),
      field("created", 1,
            gen::weightedOneOf<std::string>({{4, date_near(today, -14, 0)},
                                             {2, gen::element(format_date(today - 14), format_date(today - 15))},
                                             {3, date_near(today, -400, -15)},
                                             {1, date_near(today, 1, 3)},
                                             {1, gen::element<std::string>("2026-02-30", "yesterday", "2026-7-1")}})),
      field("pin", 6, gen::element<std::string>("true", "false", "maybe")),
      field("status", 5, gen::element<std::string>("superseded by other", "superseded", "active")),
      field("valid_until", 5,
            gen::weightedOneOf<std::string>(
                {{3, date_near(today, -1, 1)}, {1, gen::element<std::string>("null", "2026-13-01")}})),
      field("key", 4, gen::element<std::string>("k1", "k2")),
      field("confidence", 3, gen::element<std::string>("stated", "verified", "inferred", "guess")),
      field("in_flight", 6, gen::element<std::string>("true", "false")), field("state", 3, gen_summary()),
      field("", 8, gen::element<std::string>("# a comment line", "meta:\n  owner: me")));
  return gen::apply(
      [shared](std::string name, Fields m, Fields pol, bool use_shared, std::vector<std::string> body, Front front,
               bool crlf, bool bom, Seconds mtime) {
        FileSpec f;
        f.name = std::move(name);
        if (use_shared) {
          pol = shared.policy;
          mtime = shared.mtime;
        }
        f.fields = std::move(m);
        f.fields.insert(f.fields.end(), pol.begin(), pol.end());
        f.body = std::move(body);
        f.front = front;
        f.crlf = crlf;
        f.bom = bom;
        f.mtime = mtime;
        return f;
      },
      gen_memory_name(), meta, policy_fields(now), gen::arbitrary<bool>(),
      gen::resize(3, gen::container<std::vector<std::string>>(text_of(0, 60))),
      gen::weightedOneOf<Front>(
          {{12, gen::just(Front::kOk)}, {1, gen::just(Front::kAbsent)}, {1, gen::just(Front::kUnterminated)}}),
      gen::weightedOneOf<bool>({{5, gen::just(false)}, {1, gen::just(true)}}),
      gen::weightedOneOf<bool>({{8, gen::just(false)}, {1, gen::just(true)}}), gen_mtime(now));
}

}  // namespace

std::string render(const FileSpec& f) {
  const std::string eol = f.crlf ? "\r\n" : "\n";
  auto lines = [&](const std::string& s) {
    std::string out;
    for (char c : s) out += c == '\n' ? eol : std::string(1, c);
    return out;
  };
  std::string t = f.bom ? "\xEF\xBB\xBF" : "";
  if (f.front != Front::kAbsent) t += "---" + eol;
  for (const auto& [k, v] : f.fields) t += lines(k.empty() ? v : k + ": " + v) + eol;
  if (f.front == Front::kOk) t += "---" + eol;
  for (const auto& b : f.body) t += b + eol;
  return t;
}

rc::Gen<Seconds> gen_now() {
  const Seconds base = days_from_civil(2026, 7, 30) * kDay;
  return gen::apply([base](Seconds day, Seconds sec) { return base + day * kDay + sec; },
                    gen::inRange<Seconds>(-200, 200), gen::inRange<Seconds>(0, kDay));
}

rc::Gen<std::string> gen_memory_name() {
  auto topic =
      gen::weightedOneOf<std::string>({{10, gen::apply([](int n, std::uint64_t s) { return make_topic(n, s, false); },
                                                       gen::inRange(0, 20), gen::arbitrary<std::uint64_t>())},
                                       {3, gen::apply([](int n, std::uint64_t s) { return make_topic(n, s, true); },
                                                      gen::inRange(0, 30), gen::arbitrary<std::uint64_t>())},
                                       {2, gen::apply([](int n, std::uint64_t s) { return make_topic(n, s, false); },
                                                      gen::inRange(150, 200), gen::arbitrary<std::uint64_t>())}});
  auto t2 = gen::apply([](std::string type, std::string t) { return type + "_" + t + ".md"; },
                       gen::element<std::string>("feedback", "project", "user", "a", "zz"), topic);
  return gen::weightedOneOf<std::string>(
      {{20, t2},
       {1, gen::element<std::string>("Feedback_x.md", "feedback-x.md", "feedback_.md", "notes.md", "_x.md",
                                     "feedback_x.txt")}});
}

rc::Gen<std::string> gen_summary() {
  return gen::weightedOneOf<std::string>({{2, gen::just(std::string())},
                                          {20, text_of(1, 40)},
                                          {12, text_of(100, 200)},
                                          {6, text_of(200, 800)},
                                          {2, text_of(2300, 2600)},
                                          {2, text_of(3800, 4200)},
                                          {1, text_of(11800, 12200)}});
}

rc::Gen<std::string> gen_hostile_text() {
  return gen::apply(make_hostile, gen::container<std::vector<std::size_t>>(gen::arbitrary<std::size_t>()),
                    gen::weightedOneOf<int>({{8, gen::just(1)}, {1, gen::inRange(2, 400)}}));
}

rc::Gen<CorpusSpec> gen_corpus() {
  return gen::mapcat(gen_now(), [](Seconds now) {
    auto shared = gen::apply(
        [](Fields p, Seconds m) {
          return Shared{std::move(p), m};
        },
        policy_fields(now), gen_mtime(now));
    return gen::mapcat(shared, [now](Shared s) {
      return gen::map(gen::container<std::vector<FileSpec>>(gen_file(now, s)), [now](std::vector<FileSpec> files) {
        CorpusSpec c;
        c.now = now;
        std::set<std::string> seen;
        for (auto& f : files)
          if (seen.insert(f.name).second && c.files.size() < 60) c.files.push_back(std::move(f));
        return c;
      });
    });
  });
}

rc::Gen<std::vector<Seconds>> gen_touch_times(Seconds now) {
  auto gap = gen::weightedOneOf<Seconds>({{4, gen::inRange<Seconds>(60, 1800)},              // massed
                                          {4, gen::inRange<Seconds>(20 * kHour, 5 * kDay)},  // spaced
                                          {2, gen::inRange<Seconds>(kHour, 20 * kHour)},
                                          {1, gen::element<Seconds>(20 * kHour, 20 * kHour - 1, 0)}});
  return gen::apply(
      [now](Seconds back, std::vector<Seconds> gaps, std::vector<Seconds> later, std::uint64_t seed) {
        std::vector<Seconds> out;
        Seconds t = now - back;
        for (Seconds g : gaps) out.push_back(t += g);
        for (Seconds l : later) out.push_back(now + l);
        std::vector<Seconds> shuffled;
        for (std::size_t i : permutation(out.size(), seed)) shuffled.push_back(out[i]);
        return shuffled;
      },
      gen::inRange<Seconds>(kDay, 40 * kDay), gen::resize(25, gen::container<std::vector<Seconds>>(gap)),
      gen::weightedOneOf<std::vector<Seconds>>(
          {{3, gen::just(std::vector<Seconds>{})},
           {1, gen::container<std::vector<Seconds>>(gen::inRange<Seconds>(0, 3 * kDay))}}),
      gen::arbitrary<std::uint64_t>());
}

rc::Gen<std::string> gen_journal(const CorpusSpec& corpus) {
  std::vector<std::string> names;
  for (const auto& f : corpus.files) names.push_back(f.name);
  const Seconds now = corpus.now;
  auto per_file = gen::apply(
      [](std::string name, std::vector<Seconds> times, std::string tool, std::string session) {
        std::vector<std::string> lines;
        for (Seconds t : times) lines.push_back(*format_touch({t, tool, name, session}));
        return lines;
      },
      names.empty() ? gen::just(std::string("feedback_gone.md")) : gen::elementOf(names), gen_touch_times(now),
      gen::element<std::string>("Read", "Edit", "Write", "MultiEdit", "Touch"),
      gen::element<std::string>("s1", "s2", "-"));
  auto garbage = gen::container<std::vector<std::string>>(
      gen::element<std::string>("garbage\n", "2026-07-01T00:00:00Z Read\n", "not-a-time Read feedback_x.md s1\n",
                                "2026-07-01T00:00:00Z Read  s1\n", "\n", "\r\n"));
  return gen::apply(
      [](std::vector<std::vector<std::string>> files, std::vector<std::string> bad, std::uint64_t seed, bool torn) {
        std::vector<std::string> lines;
        for (auto& f : files) lines.insert(lines.end(), f.begin(), f.end());
        lines.insert(lines.end(), bad.begin(), bad.end());
        std::string text;
        for (std::size_t i : permutation(lines.size(), seed)) text += lines[i];
        if (torn) text += "2026-07-01T00:00:00Z Read feedback_torn.md s";  // no newline: torn
        return text;
      },
      gen::resize(8, gen::container<std::vector<std::vector<std::string>>>(per_file)),
      gen::weightedOneOf<std::vector<std::string>>({{2, gen::just(std::vector<std::string>{})}, {1, garbage}}),
      gen::arbitrary<std::uint64_t>(), gen::weightedOneOf<bool>({{4, gen::just(false)}, {1, gen::just(true)}}));
}

rc::Gen<PolicyValues> gen_policy_values(Seconds now) {
  return gen::apply(
      [now](int count, std::optional<Seconds> la_back, int lr_kind, Seconds lr_back, int tenths) {
        PolicyValues v;
        v.access_count = count;
        if (la_back) v.last_accessed = now - *la_back;
        if (lr_kind == 1 && v.last_accessed) v.last_reinforced = *v.last_accessed - lr_back % (3 * kDay);
        if (lr_kind == 2) v.last_reinforced = now - lr_back;
        v.stability = tenths / 10.0;
        return v;
      },
      gen::inRange(0, 12),
      gen::weightedOneOf<std::optional<Seconds>>(
          {{1, gen::just(std::optional<Seconds>())},
           {2, gen::map(gen::inRange<Seconds>(0, 40 * kDay), [](Seconds s) { return std::optional<Seconds>(s); })}}),
      gen::inRange(0, 3), gen::inRange<Seconds>(0, 60 * kDay),
      gen::weightedOneOf<int>({{2, gen::element(140, 224, 573, 3650)}, {1, gen::inRange(1, 4000)}}));
}

rc::Gen<std::vector<Entry>> gen_entries(Seconds now) {
  const Days today = day_of(now);
  auto entry = gen::apply(
      [today](std::string name, std::string summary, double score, Days age, int flags, std::string state) {
        Entry e;
        e.filename = std::move(name);
        e.summary = fold_whitespace(summary);
        if (e.summary.empty()) e.summary = "(no summary)";
        e.score = score;
        e.created = today - age;
        e.pinned = flags % 10 == 0;
        e.closed = flags % 8 == 1;
        e.contested = flags % 7 == 2;
        e.in_flight = flags % 5 == 3;
        e.state = fold_whitespace(state);
        return e;
      },
      gen_memory_name(), gen_summary(),
      gen::weightedOneOf<double>({{3, gen::element(0.0, 0.5, 1.0, 2.0, 6.79)},
                                  {1, gen::map(gen::inRange(0, 200000), [](int x) { return x / 100.0; })}}),
      gen::weightedOneOf<Days>(
          {{3, gen::inRange<Days>(-2, 16)}, {1, gen::element<Days>(14, 15)}, {2, gen::inRange<Days>(16, 400)}}),
      gen::inRange(0, 1000), text_of(0, 30));
  return gen::map(gen::resize(160, gen::container<std::vector<Entry>>(entry)), [](std::vector<Entry> es) {
    std::set<std::string> seen;
    std::vector<Entry> out;
    for (auto& e : es)
      if (seen.insert(e.filename).second) out.push_back(std::move(e));
    return out;
  });
}

rc::Gen<FileSpec> gen_curated_file(Seconds now) {
  auto curated = gen::container<Fields>(gen::elementOf(Fields{{"", "# a comment: with colon"},
                                                              {"title", "\"quoted: value # not a comment\""},
                                                              {"note", "'single ''quoted'''"},
                                                              {"tags", "[a, b]"},
                                                              {"", "meta:\n  owner: me\n  since: 2026-01-01"},
                                                              {"", "text: |\n  block line\n  another line"},
                                                              {"summary", "plain words   # trailing comment"},
                                                              {"summary", "a second summary wins"},
                                                              {"created", "2026-07-01"},
                                                              {"unknown_key", "kept as it is"},
                                                              {"", "spaced:    value   "}}));
  auto policy = gen::container<Fields>(gen::elementOf(Fields{{"access_count", "3"},
                                                             {"access_count", "3 # reads"},
                                                             {"access_count", "-1"},
                                                             {"stability", "abc"},
                                                             {"stability", "57.3"},
                                                             {"", "stability:\n  nested: 1"},
                                                             {"last_accessed", "'2026-07-01T00:00:00Z'"},
                                                             {"last_accessed", "2026-07-01T00:00:00Z   # when"},
                                                             {"last_reinforced", ""},
                                                             {"last_reinforced", "null"},
                                                             {"", "access_count:"}}));
  auto body = gen::container<std::vector<std::string>>(gen::weightedOneOf<std::string>(
      {{3, text_of(0, 80)}, {1, gen::element<std::string>("---", "access_count: 99", "stability: 1.0", "", "  ")}}));
  (void)now;
  return gen::apply(
      [](Fields c, Fields p, std::uint64_t seed, std::vector<std::string> b, bool crlf, bool bom) {
        Fields all = c;
        all.insert(all.end(), p.begin(), p.end());
        FileSpec f;
        f.name = "feedback_curated.md";
        for (std::size_t i : permutation(all.size(), seed)) f.fields.push_back(all[i]);
        f.body = std::move(b);
        f.crlf = crlf;
        f.bom = bom;
        return f;
      },
      curated, policy, gen::arbitrary<std::uint64_t>(), body, gen::arbitrary<bool>(), gen::arbitrary<bool>());
}

std::vector<std::size_t> permutation(std::size_t n, std::uint64_t seed) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  Rng rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[rng.below(i)]);
  return p;
}

void showValue(const FileSpec& f, std::ostream& os) {
  os << f.name << " (mtime " << format_instant(f.mtime) << "):\n";
  std::string t = render(f);
  for (char c : t) {
    if (c == '\r') os << "\\r";
    else os << c;
  }
}

void showValue(const CorpusSpec& c, std::ostream& os) {
  os << "now " << format_instant(c.now) << ", " << c.files.size() << " files\n";
  for (const auto& f : c.files) {
    showValue(f, os);
    os << "\n";
  }
}

}  // namespace memsim::props

namespace memsim {

void showValue(const Entry& e, std::ostream& os) {
  os << "{" << e.filename << " score=" << e.score << " created=" << format_date(e.created)
     << (e.pinned ? " pinned" : "") << (e.closed ? " closed" : "") << (e.contested ? " contested" : "")
     << " summary=" << e.summary.size() << "B}";
}

void showValue(const PolicyValues& v, std::ostream& os) {
  os << "{count=" << v.access_count << " la=" << (v.last_accessed ? format_instant(*v.last_accessed) : "-")
     << " lr=" << (v.last_reinforced ? format_instant(*v.last_reinforced) : "-") << " s=" << v.stability << "}";
}

}  // namespace memsim
