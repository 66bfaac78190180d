#include "memsim/notes.h"

#include <algorithm>

namespace memsim {

std::optional<Days> note_day(std::string_view name) {
  if (name.size() < 11 || name[6] != '-' || name.substr(name.size() - 3) != ".md") return std::nullopt;
  for (std::size_t i = 0; i < 6; ++i)
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
  const std::string date = "20" + std::string(name.substr(0, 2)) + "-" + std::string(name.substr(2, 2)) + "-" +
                           std::string(name.substr(4, 2));
  return parse_date(date);
}

std::string note_day_prefix(Days day) {
  const std::string iso = format_date(day);  // YYYY-MM-DD
  return iso.substr(2, 2) + iso.substr(5, 2) + iso.substr(8, 2);
}

bool is_debrief_note(std::string_view rel_path) {
  constexpr std::string_view kDir = "memory/short-term/";
  return rel_path.starts_with(kDir) && rel_path.substr(kDir.size()).size() > 13 &&
         rel_path.substr(kDir.size() + 6).starts_with("-session");
}

Result<std::vector<DatedNote>> list_dated_notes(FileSystem& fs, const Home& home, Days from_day) {
  std::vector<DatedNote> out;
  // A name of a day from from_day on sorts at or after that day's YYMMDD
  // (within 2000-2099, the years a note name can carry).
  const bool bounded = from_day >= *parse_date("2000-01-01") && from_day <= *parse_date("2099-12-31");
  const std::string first = bounded ? note_day_prefix(from_day) : "";
  for (const auto& [dir, rel] : {std::pair{home.short_term_dir(), std::string("memory/short-term/")},
                                 std::pair{home.dream_journal_dir(), std::string("memory/dream-journal/")}}) {
    auto info = fs.stat(dir);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kDirectory) continue;
    auto entries = fs.stat_dir_from(dir, first);
    if (!entries.ok()) return entries.error();
    for (const DirEntryInfo& e : *entries) {
      auto day = note_day(e.name);
      if (!day || *day < from_day || e.info.kind != FileKind::kRegular) continue;
      out.push_back({rel + e.name, *day, e.info});
    }
  }
  std::sort(out.begin(), out.end(), [](const DatedNote& a, const DatedNote& b) {
    if (a.day != b.day) return a.day > b.day;
    return a.rel_path < b.rel_path;
  });
  return out;
}

}  // namespace memsim
