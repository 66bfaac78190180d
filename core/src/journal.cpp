#include "memsim/journal.h"

#include <algorithm>
#include <random>

#include "memsim/timefmt.h"

namespace memsim {

namespace {

bool has_space_or_newline(std::string_view s) { return s.find_first_of(" \t\r\n") != std::string_view::npos; }

// What keeps these fields from making a journal line, or nullptr. The reader
// applies the same test, so it accepts exactly the lines the writer can write
// (a forged line naming "../x.md" is garbage, not a touch).
const char* field_problem(std::string_view tool, std::string_view filename, std::string_view session) {
  if (tool.empty() || has_space_or_newline(tool)) return "bad tool name";
  if (has_space_or_newline(session)) return "bad session id";
  if (filename.empty() || filename.find_first_of("\r\n/") != std::string_view::npos || filename.front() == ' ' ||
      filename.back() == ' ')
    return "bad file name";
  return nullptr;
}

}  // namespace

Result<std::string> format_touch(const Touch& t) {
  const std::string session = t.session.empty() ? "-" : t.session;
  if (const char* problem = field_problem(t.tool, t.filename, session)) {
    const bool name = std::string_view(problem) == "bad file name";
    return Error{std::string("journal: ") + problem + (name ? " '" + t.filename + "'" : std::string())};
  }
  return format_instant(t.time) + " " + t.tool + " " + t.filename + " " + session + "\n";
}

Result<std::string> format_session_start(const SessionStart& s) {
  return format_touch(
      Touch{s.time, std::string(kSessionStartTool), s.source.empty() ? "-" : s.source, s.session, {}, 0});
}

JournalRead parse_journal(std::string_view text, std::string_view only_session) {
  JournalRead out;
  std::size_t p = 0;
  std::size_t line_no = 0;
  while (p < text.size()) {
    ++line_no;
    std::size_t nl = text.find('\n', p);
    const bool complete = nl != std::string_view::npos;
    std::string_view line = text.substr(p, complete ? nl - p : std::string_view::npos);
    p = complete ? nl + 1 : text.size();
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    if (!only_session.empty() && !(line.size() > only_session.size() && line.ends_with(only_session) &&
                                   line[line.size() - only_session.size() - 1] == ' '))
      continue;
    // A last line without its newline may still be being written: torn.
    auto s1 = line.find(' ');
    auto s2 = s1 == std::string_view::npos ? s1 : line.find(' ', s1 + 1);
    auto s3 = line.rfind(' ');
    std::optional<Seconds> time;
    if (complete && s2 != std::string_view::npos && s3 > s2 + 1 && s3 + 1 < line.size())
      time = parse_instant(line.substr(0, s1));
    if (!time || s2 == s1 + 1 ||
        field_problem(line.substr(s1 + 1, s2 - s1 - 1), line.substr(s2 + 1, s3 - s2 - 1), line.substr(s3 + 1))) {
      ++out.bad_lines;
      continue;
    }
    const std::string_view tool = line.substr(s1 + 1, s2 - s1 - 1);
    if (tool == kSessionStartTool) {
      out.sessions.push_back(
          SessionStart{*time, std::string(line.substr(s2 + 1, s3 - s2 - 1)), std::string(line.substr(s3 + 1))});
      continue;
    }
    out.touches.push_back(Touch{*time,
                                std::string(tool),
                                std::string(line.substr(s2 + 1, s3 - s2 - 1)),
                                std::string(line.substr(s3 + 1)),
                                {},
                                line_no});
  }
  return out;
}

namespace {

// The pending segments, oldest first (their stamps sort by time).
Result<std::vector<std::string>> pending_segments(FileSystem& fs, const Home& home) {
  std::vector<std::string> out;
  auto info = fs.stat(home.journal_dir());
  if (!info.ok()) return info.error();
  if (info->kind != FileKind::kDirectory) return out;
  auto entries = fs.list_dir(home.journal_dir());
  if (!entries.ok()) return entries.error();
  for (const DirEntry& e : *entries)
    if (e.kind == FileKind::kRegular && e.name.starts_with("pending-") && e.name.ends_with(".log"))
      out.push_back(join_path(home.journal_dir(), e.name));
  std::sort(out.begin(), out.end());
  return out;
}

Status read_into(FileSystem& fs, const std::string& path, JournalRead& out, std::string_view only_session) {
  auto text = fs.read_file(path);
  if (!text.ok()) return text.code() == ErrorCode::kNotFound ? Status() : text.status();
  append_read(out, parse_journal(*text, only_session));
  return {};
}

constexpr std::string_view kBaselineName = "baseline.log";

// The rank of a month segment's name, YYYY-MM.log; 0 when it is not one.
std::uint64_t month_rank_of_name(std::string_view name) {
  if (name.size() != 11 || !name.ends_with(".log") || name[4] != '-') return 0;
  std::uint64_t year = 0, month = 0;
  for (int i = 0; i < 7; ++i) {
    if (i == 4) continue;
    if (name[i] < '0' || name[i] > '9') return 0;
    (i < 4 ? year : month) = (i < 4 ? year : month) * 10 + static_cast<std::uint64_t>(name[i] - '0');
  }
  return month >= 1 && month <= 12 ? year * 12 + month : 0;
}

// A shared home's journals: the baseline, then each segment.
Result<JournalRead> read_shared_journal(FileSystem& fs, const Home& home, std::string_view only_session) {
  JournalRead out;
  std::size_t bad = 0;
  auto text = fs.read_file(home.baseline_path());
  if (!text.ok() && text.code() != ErrorCode::kNotFound) return text.error();
  out.baseline = text.ok() ? parse_baseline(*text, bad) : std::map<std::string, PolicyValues>{};
  out.bad_lines += bad;
  auto segments = list_segments(fs, home);
  if (!segments.ok()) return segments.error();
  for (const Segment& seg : *segments) {
    auto body = fs.read_file(join_path(home.shared_journal_dir(), seg.path));
    if (!body.ok()) {
      if (body.code() == ErrorCode::kNotFound) continue;
      return body.error();
    }
    append_read(out, parse_segment(*body, seg, only_session));
  }
  return out;
}

bool is_replica_id(std::string_view s) {
  return s.size() == 12 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// Where this home's touches at time t go: runtime/access.log, or this
// replica's segment of t's month.
Result<std::string> journal_for_append(FileSystem& fs, const Home& home, Seconds t) {
  if (!is_shared(fs, home)) {
    MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
    return home.journal_path();
  }
  auto id = replica_id(fs, home);
  if (!id.ok()) return id.error();
  return join_path(join_path(home.shared_journal_dir(), *id), format_instant(t).substr(0, 7) + ".log");
}

// One line appended; a replica's first line of a shared home makes its directory.
Status append_line(FileSystem& fs, const std::string& path, const std::string& line) {
  Status s = fs.append_file(path, line);
  if (s.code() != ErrorCode::kNotFound) return s;
  MEMSIM_TRY(fs.make_dir(path.substr(0, path.rfind('/'))));
  return fs.append_file(path, line);
}

}  // namespace

bool touch_order(const Touch& a, const Touch& b) {
  if (a.time != b.time) return a.time < b.time;
  if (a.replica != b.replica) return a.replica < b.replica;
  return a.line < b.line;
}

std::uint64_t month_segment_rank(Seconds t) { return month_rank_of_name(format_instant(t).substr(0, 7) + ".log"); }

Result<std::vector<Segment>> list_segments(FileSystem& fs, const Home& home) {
  std::vector<Segment> out;
  auto entries = fs.list_dir(home.shared_journal_dir());
  if (!entries.ok()) return entries.error();
  for (const DirEntry& e : *entries) {
    if (e.name.empty() || e.name.front() == '.') continue;
    if (e.kind == FileKind::kRegular && e.name.ends_with(".log") && e.name != kBaselineName && e.name.size() > 4)
      out.push_back({e.name.substr(0, e.name.size() - 4), e.name, 0});
    if (e.kind != FileKind::kDirectory) continue;
    auto inside = fs.list_dir(join_path(home.shared_journal_dir(), e.name));
    if (!inside.ok()) return inside.error();
    for (const DirEntry& f : *inside)
      if (const std::uint64_t rank = month_rank_of_name(f.name); f.kind == FileKind::kRegular && rank > 0)
        out.push_back({e.name, e.name + "/" + f.name, rank});
  }
  std::sort(out.begin(), out.end(), [](const Segment& a, const Segment& b) {
    return a.replica != b.replica ? a.replica < b.replica : a.rank < b.rank;
  });
  return out;
}

void append_read(JournalRead& into, JournalRead part) {
  into.bad_lines += part.bad_lines;
  for (Touch& t : part.touches) into.touches.push_back(std::move(t));
  for (SessionStart& s : part.sessions) into.sessions.push_back(std::move(s));
}

JournalRead parse_segment(std::string_view text, const Segment& segment, std::string_view only_session) {
  JournalRead out = parse_journal(text, only_session);
  for (Touch& t : out.touches) {
    t.replica = segment.replica;
    t.line = segment_position(segment.rank, t.line);
  }
  return out;
}

bool is_shared(FileSystem& fs, const Home& home) {
  auto info = fs.stat(home.shared_journal_dir());
  return info.ok() && info->kind == FileKind::kDirectory;
}

Result<std::string> replica_id(FileSystem& fs, const Home& home) {
  if (auto text = fs.read_file(home.replica_id_path()); text.ok()) {
    std::string_view id = *text;
    while (!id.empty() && (id.back() == '\n' || id.back() == '\r')) id.remove_suffix(1);
    if (is_replica_id(id)) return std::string(id);
  }
  // Two first hooks racing here each make an id; the one renamed last stays,
  // and the other's journal is still this clone's and still read by everyone.
  std::random_device rd;
  std::uniform_int_distribution<int> digit(0, 15);
  std::string id;
  for (int i = 0; i < 12; ++i) id.push_back("0123456789abcdef"[digit(rd)]);
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(fs, home, home.state_dir()));
  MEMSIM_TRY(replace_file(fs, home.replica_id_path(), id + "\n"));
  return id;
}

std::string format_baseline(const std::map<std::string, PolicyValues>& values) {
  std::string out;
  for (const auto& [name, v] : values) {
    out += name + "\t" + std::to_string(v.access_count) + "\t" +
           (v.last_accessed ? format_instant(*v.last_accessed) : "-") + "\t" +
           (v.last_reinforced ? format_instant(*v.last_reinforced) : "-") + "\t" + format_stability(v.stability) + "\n";
  }
  return out;
}

std::map<std::string, PolicyValues> parse_baseline(std::string_view text, std::size_t& bad_lines) {
  std::map<std::string, PolicyValues> out;
  std::size_t p = 0;
  while (p < text.size()) {
    const std::size_t nl = text.find('\n', p);
    std::string_view line = text.substr(p, nl == std::string_view::npos ? std::string_view::npos : nl - p);
    p = nl == std::string_view::npos ? text.size() : nl + 1;
    if (line.empty()) continue;
    std::vector<std::string_view> f;
    for (std::size_t b = 0;;) {
      const std::size_t tab = line.find('\t', b);
      f.push_back(line.substr(b, tab == std::string_view::npos ? std::string_view::npos : tab - b));
      if (tab == std::string_view::npos) break;
      b = tab + 1;
    }
    PolicyValues v;
    bool ok = f.size() == 5 && is_memory_name(f[0]);
    if (ok) {
      const std::string count(f[1]), stability(f[4]);
      char* end = nullptr;
      v.access_count = std::strtoll(count.c_str(), &end, 10);
      ok = !count.empty() && *end == '\0' && v.access_count >= 0;
      v.stability = std::strtod(stability.c_str(), &end);
      ok = ok && !stability.empty() && *end == '\0' && v.stability > 0;
      if (f[2] != "-") v.last_accessed = parse_instant(f[2]);
      if (f[3] != "-") v.last_reinforced = parse_instant(f[3]);
      ok = ok && (f[2] == "-" || v.last_accessed) && (f[3] == "-" || v.last_reinforced);
    }
    if (!ok) {
      ++bad_lines;
      continue;
    }
    out[std::string(f[0])] = v;
  }
  return out;
}

Result<JournalRead> read_journal(FileSystem& fs, const Home& home, std::string_view only_session) {
  if (is_shared(fs, home)) return read_shared_journal(fs, home, only_session);
  JournalRead out;
  auto segments = pending_segments(fs, home);
  if (!segments.ok()) return segments.error();
  for (const std::string& s : *segments) MEMSIM_TRY(read_into(fs, s, out, only_session));
  MEMSIM_TRY(read_into(fs, home.journal_path(), out, only_session));
  return out;
}

Result<Compaction> compact_journal(FileSystem& fs, const Home& home, Seconds now,
                                   const std::function<bool(const Touch&)>& absorbed) {
  Compaction c;
  auto segments = pending_segments(fs, home);
  if (!segments.ok()) return segments.error();
  for (const std::string& path : *segments) {
    auto text = fs.read_file(path);
    if (!text.ok()) return text.error();
    const JournalRead r = parse_journal(*text);
    if (!std::all_of(r.touches.begin(), r.touches.end(), absorbed)) continue;
    // Appended whole, then removed: a crash between the two leaves the lines
    // twice in the archive, never nowhere.
    const std::string name = base_name(path);  // pending-YYYYMMDDT...
    const std::string month = name.size() >= 14 ? name.substr(8, 4) + "-" + name.substr(12, 2) : "unknown";
    MEMSIM_TRY(make_home_dir(fs, home, home.journal_archive_dir()));
    MEMSIM_TRY(fs.append_file(join_path(home.journal_archive_dir(), month + ".log"), *text));
    MEMSIM_TRY(fs.remove(path));
    ++c.archived;
  }
  auto info = fs.stat(home.journal_path());
  if (!info.ok()) return info.error();
  if (info->kind == FileKind::kRegular && info->size > kJournalRotateBytes) {
    MEMSIM_TRY(make_home_dir(fs, home, home.journal_dir()));
    std::string target = join_path(home.journal_dir(), "pending-" + format_instant_compact(now) + ".log");
    for (int n = 2;; ++n) {
      auto there = fs.stat(target);
      if (!there.ok()) return there.error();
      if (there->kind == FileKind::kMissing) break;
      target =
          join_path(home.journal_dir(), "pending-" + format_instant_compact(now) + "-" + std::to_string(n) + ".log");
    }
    MEMSIM_TRY(fs.rename(home.journal_path(), target));
    c.rotated = true;
  }
  return c;
}

Status append_touch(FileSystem& fs, const Home& home, const Touch& t) {
  auto line = format_touch(t);
  if (!line.ok()) return line.status();
  auto path = journal_for_append(fs, home, t.time);
  if (!path.ok()) return path.status();
  return append_line(fs, *path, *line);
}

Status append_session_start(FileSystem& fs, const Home& home, const SessionStart& s) {
  auto line = format_session_start(s);
  if (!line.ok()) return line.status();
  auto path = journal_for_append(fs, home, s.time);
  if (!path.ok()) return path.status();
  return append_line(fs, *path, *line);
}

std::unordered_map<std::string, std::vector<Seconds>> touches_by_file(const std::vector<Touch>& touches) {
  std::unordered_map<std::string, std::vector<Seconds>> out;
  for (const Touch& t : touches) out[t.filename].push_back(t.time);
  for (auto& [name, times] : out) std::sort(times.begin(), times.end());
  return out;
}

}  // namespace memsim
