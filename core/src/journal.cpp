#include "memsim/journal.h"

#include <algorithm>

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
  return format_touch(Touch{s.time, std::string(kSessionStartTool), s.source.empty() ? "-" : s.source, s.session});
}

JournalRead parse_journal(std::string_view text, std::string_view only_session) {
  JournalRead out;
  std::size_t p = 0;
  while (p < text.size()) {
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
    out.touches.push_back(Touch{*time, std::string(tool), std::string(line.substr(s2 + 1, s3 - s2 - 1)),
                                std::string(line.substr(s3 + 1))});
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
  JournalRead part = parse_journal(*text, only_session);
  out.bad_lines += part.bad_lines;
  for (Touch& t : part.touches) out.touches.push_back(std::move(t));
  return {};
}

}  // namespace

Result<JournalRead> read_journal(FileSystem& fs, const Home& home, std::string_view only_session) {
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
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  return fs.append_file(home.journal_path(), *line);
}

Status append_session_start(FileSystem& fs, const Home& home, const SessionStart& s) {
  auto line = format_session_start(s);
  if (!line.ok()) return line.status();
  if (Status st = make_home_dir(fs, home, home.runtime_dir()); !st.ok()) return st;
  return fs.append_file(home.journal_path(), *line);
}

std::unordered_map<std::string, std::vector<Seconds>> touches_by_file(const std::vector<Touch>& touches) {
  std::unordered_map<std::string, std::vector<Seconds>> out;
  for (const Touch& t : touches) out[t.filename].push_back(t.time);
  for (auto& [name, times] : out) std::sort(times.begin(), times.end());
  return out;
}

}  // namespace memsim
