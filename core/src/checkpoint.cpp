#include "memsim/checkpoint.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "memsim/fold.h"
#include "memsim/hash.h"
#include "memsim/ranking.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

constexpr std::string_view kHeader = "memsim fold checkpoint 1";

SegmentDigest digest_of(std::string_view text, std::size_t bad_lines) {
  return {static_cast<std::int64_t>(text.size()), fnv1a64(text), bad_lines};
}

std::string hex16(std::uint64_t v) { return hex_prefix(v, 16); }

std::string exact(double d) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

std::vector<std::string_view> split_tabs(std::string_view line, std::size_t fields) {
  std::vector<std::string_view> out;
  while (out.size() + 1 < fields) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) break;
    out.push_back(line.substr(0, tab));
    line.remove_prefix(tab + 1);
  }
  out.push_back(line);
  return out;
}

std::optional<std::uint64_t> parse_u64(std::string_view s, int base) {
  if (s.empty() || s.size() > 20) return std::nullopt;
  const std::string copy(s);
  char* end = nullptr;
  const unsigned long long v = std::strtoull(copy.c_str(), &end, base);
  if (*end != '\0' || copy.front() == '-' || copy.front() == '+') return std::nullopt;
  return v;
}

std::optional<SegmentDigest> parse_digest(std::string_view size, std::string_view hash, std::string_view bad) {
  auto s = parse_u64(size, 10), h = parse_u64(hash, 16), b = parse_u64(bad, 10);
  if (!s || !h || !b || hash.size() != 16) return std::nullopt;
  return SegmentDigest{static_cast<std::int64_t>(*s), *h, static_cast<std::size_t>(*b)};
}

std::optional<Seconds> parse_optional_instant(std::string_view s, bool& ok) {
  if (s == "-") return std::nullopt;
  auto t = parse_instant(s);
  ok = ok && t.has_value();
  return t;
}

struct Checkpoint {
  std::string policy;
  Seconds cutoff = 0;
  SegmentDigest baseline;
  std::map<std::string, SegmentDigest> segments;
  std::map<std::string, PolicyValues> values;
  std::vector<Touch> carried;
};

// The checkpoint's records, or why they cannot be read.
Result<Checkpoint> parse_checkpoint(std::string_view text) {
  Checkpoint c;
  std::size_t records = 0;
  bool ended = false, have_cutoff = false, have_baseline = false;
  std::size_t p = 0;
  while (p < text.size()) {
    const std::size_t nl = text.find('\n', p);
    if (nl == std::string_view::npos) return Error{"its last line is torn"};
    const std::string_view line = text.substr(p, nl - p);
    p = nl + 1;
    if (ended) return Error{"it has records after its end"};
    if (records == 0) {
      if (line != kHeader) return Error{"it is not a checkpoint of this version"};
      ++records;
      continue;
    }
    const std::size_t tab = line.find('\t');
    const std::string_view kind = line.substr(0, tab);
    const std::string_view rest = tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1);
    bool ok = tab != std::string_view::npos;
    if (kind == "policy") {
      c.policy = std::string(rest);
    } else if (kind == "cutoff") {
      auto t = parse_instant(rest);
      ok = ok && t.has_value();
      c.cutoff = t.value_or(0);
      have_cutoff = true;
    } else if (kind == "baseline") {
      auto f = split_tabs(rest, 3);
      auto d = f.size() == 3 ? parse_digest(f[0], f[1], f[2]) : std::nullopt;
      ok = ok && d.has_value();
      c.baseline = d.value_or(SegmentDigest{});
      have_baseline = true;
    } else if (kind == "segment") {
      auto f = split_tabs(rest, 4);
      auto d = f.size() == 4 ? parse_digest(f[0], f[1], f[2]) : std::nullopt;
      ok = ok && d.has_value() && !f[3].empty();
      if (ok) c.segments[std::string(f[3])] = *d;
    } else if (kind == "value") {
      auto f = split_tabs(rest, 5);
      ok = ok && f.size() == 5 && !f[4].empty();
      PolicyValues v;
      if (ok) {
        auto count = parse_u64(f[0], 10);
        ok = count.has_value();
        v.access_count = static_cast<std::int64_t>(count.value_or(0));
        v.last_accessed = parse_optional_instant(f[1], ok);
        v.last_reinforced = parse_optional_instant(f[2], ok);
        const std::string s(f[3]);
        char* end = nullptr;
        v.stability = std::strtod(s.c_str(), &end);
        ok = ok && !s.empty() && *end == '\0';
      }
      if (ok) c.values[std::string(f[4])] = v;
    } else if (kind == "carry") {
      auto f = split_tabs(rest, 3);
      auto pos = f.size() == 3 ? parse_u64(f[0], 10) : std::nullopt;
      ok = ok && pos.has_value() && !f[1].empty();
      if (ok) {
        JournalRead one = parse_journal(std::string(f[2]) + "\n");
        ok = one.touches.size() == 1 && one.bad_lines == 0;
        if (ok) {
          Touch t = std::move(one.touches.front());
          t.replica = std::string(f[1]);
          t.line = static_cast<std::size_t>(*pos);
          c.carried.push_back(std::move(t));
        }
      }
    } else if (kind == "end") {
      auto n = parse_u64(rest, 10);
      ok = ok && n && *n == records;
      ended = true;
    } else {
      ok = false;
    }
    if (!ok) return Error{"record " + std::to_string(records + 1) + " is unreadable"};
    ++records;
  }
  if (!ended) return Error{"it has no end record"};
  if (!have_cutoff || !have_baseline) return Error{"it lacks its cutoff or its baseline"};
  return c;
}

std::string format_checkpoint(const Checkpoint& c) {
  std::string out(kHeader);
  out += "\n";
  std::size_t records = 1;
  auto add = [&](const std::string& line) {
    out += line;
    out += "\n";
    ++records;
  };
  auto digest = [](const SegmentDigest& d) {
    return std::to_string(d.size) + "\t" + hex16(d.hash) + "\t" + std::to_string(d.bad_lines);
  };
  add("policy\t" + c.policy);
  add("cutoff\t" + format_instant(c.cutoff));
  add("baseline\t" + digest(c.baseline));
  for (const auto& [path, d] : c.segments) add("segment\t" + digest(d) + "\t" + path);
  for (const auto& [name, v] : c.values)
    add("value\t" + std::to_string(v.access_count) + "\t" + (v.last_accessed ? format_instant(*v.last_accessed) : "-") +
        "\t" + (v.last_reinforced ? format_instant(*v.last_reinforced) : "-") + "\t" + exact(v.stability) + "\t" +
        name);
  for (const Touch& t : c.carried) {
    auto line = format_touch(t);  // read from a journal line, so it formats
    if (line.ok())
      add("carry\t" + std::to_string(t.line) + "\t" + t.replica + "\t" + line->substr(0, line->size() - 1));
  }
  out += "end\t" + std::to_string(records) + "\n";
  return out;
}

bool covers(std::uint64_t rank, Seconds cutoff) { return rank == 0 || rank < month_segment_rank(cutoff); }

// The fold's read through checkpoint `c`, or why it cannot be used. `texts`
// caches what was read, so a fallback reads no file twice.
Result<FoldRead> read_through(FileSystem& fs, const Home& home, const std::vector<Segment>& segments,
                              const Checkpoint& c, const SegmentDigest& baseline, const Policy& policy, Seconds now,
                              std::map<std::string, std::string>& texts) {
  if (c.policy != fold_fingerprint(policy)) return Error{"it was made under another policy"};
  if (c.cutoff > now) return Error{"its cutoff is later than now"};
  if (!(c.baseline == baseline)) return Error{"journal/baseline.log changed"};
  FoldRead out;
  out.baseline = baseline;
  out.checkpoint_cutoff = c.cutoff;
  std::size_t covered = 0, bad = baseline.bad_lines;
  for (const Segment& seg : segments) {
    auto text = fs.read_file(join_path(home.shared_journal_dir(), seg.path));
    if (!text.ok()) return text.error();
    std::string& kept = texts[seg.path] = std::move(*text);
    if (covers(seg.rank, c.cutoff)) {
      auto it = c.segments.find(seg.path);
      if (it == c.segments.end()) return Error{"journal/" + seg.path + " is new"};
      const SegmentDigest d{static_cast<std::int64_t>(kept.size()), fnv1a64(kept), it->second.bad_lines};
      if (!(d == it->second)) return Error{"journal/" + seg.path + " changed"};
      out.segments.emplace_back(seg, d);
      bad += d.bad_lines;
      ++covered;
      continue;
    }
    JournalRead part = parse_segment(kept, seg);
    for (const Touch& t : part.touches)
      if (t.time < c.cutoff) return Error{"journal/" + seg.path + " holds a touch before its cutoff"};
    out.segments.emplace_back(seg, digest_of(kept, part.bad_lines));
    append_read(out.journal, std::move(part));
  }
  if (covered != c.segments.size()) return Error{"a segment it covers is gone"};
  out.journal.bad_lines += bad;
  out.journal.baseline = c.values;
  for (const Touch& t : c.carried) out.journal.touches.push_back(t);
  return out;
}

}  // namespace

Seconds month_start(Seconds t) {
  const std::uint64_t rank = month_segment_rank(t);  // year * 12 + month
  return days_from_civil(static_cast<int>((rank - 1) / 12), static_cast<unsigned>((rank - 1) % 12 + 1), 1) *
         kSecondsPerDay;
}

Result<FoldRead> read_for_fold(FileSystem& fs, const Home& home, const Policy& policy, Seconds now) {
  auto baseline_text = fs.read_file(home.baseline_path());
  if (!baseline_text.ok() && baseline_text.code() != ErrorCode::kNotFound) return baseline_text.error();
  std::size_t baseline_bad = 0;
  std::map<std::string, PolicyValues> baseline =
      baseline_text.ok() ? parse_baseline(*baseline_text, baseline_bad) : std::map<std::string, PolicyValues>{};
  const SegmentDigest baseline_digest = baseline_text.ok() ? digest_of(*baseline_text, baseline_bad) : SegmentDigest{};
  auto segments = list_segments(fs, home);
  if (!segments.ok()) return segments.error();

  std::map<std::string, std::string> texts;
  std::string unused;
  if (auto cp_text = fs.read_file(home.checkpoint_path()); cp_text.ok()) {
    auto cp = parse_checkpoint(*cp_text);
    auto through = cp.ok() ? read_through(fs, home, *segments, *cp, baseline_digest, policy, now, texts)
                           : Result<FoldRead>(cp.error());
    if (through.ok()) return through;
    unused = through.message();
  }
  FoldRead out;
  out.checkpoint_unused = unused;
  out.baseline = baseline_digest;
  out.journal.baseline = std::move(baseline);
  out.journal.bad_lines = baseline_bad;
  for (const Segment& seg : *segments) {
    auto it = texts.find(seg.path);
    if (it == texts.end()) {
      auto text = fs.read_file(join_path(home.shared_journal_dir(), seg.path));
      if (!text.ok()) {
        if (text.code() == ErrorCode::kNotFound) continue;
        return text.error();
      }
      it = texts.emplace(seg.path, std::move(*text)).first;
    }
    JournalRead part = parse_segment(it->second, seg);
    out.segments.emplace_back(seg, digest_of(it->second, part.bad_lines));
    append_read(out.journal, std::move(part));
  }
  return out;
}

Result<bool> write_checkpoint(FileSystem& fs, const Home& home, const Policy& policy, Seconds now,
                              const FoldRead& read) {
  const Seconds cutoff = month_start(now);
  if (read.checkpoint_cutoff && *read.checkpoint_cutoff >= cutoff) return false;
  Checkpoint c;
  c.policy = fold_fingerprint(policy);
  c.cutoff = cutoff;
  c.baseline = read.baseline;
  for (const auto& [seg, d] : read.segments) {
    if (seg.path.find_first_of("\t\r\n") != std::string::npos) return false;
    if (covers(seg.rank, cutoff)) c.segments[seg.path] = d;
  }
  for (const Touch& t : read.journal.touches) {
    const bool covered = covers(segment_rank_of(t), cutoff);
    if (!covered && t.time < cutoff) return false;
    if (covered && t.time >= cutoff) {
      if (t.replica.find_first_of("\t\r\n") != std::string::npos || t.replica.empty()) return false;
      c.carried.push_back(t);
    }
  }
  std::sort(c.carried.begin(), c.carried.end(), touch_order);
  c.values = fold_before(read.journal, cutoff, policy);
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(fs, home, home.state_dir()));
  MEMSIM_TRY(replace_file(fs, home.checkpoint_path(), format_checkpoint(c)));
  return true;
}

}  // namespace memsim
