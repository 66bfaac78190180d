#include "memsim/budgets.h"

#include <algorithm>

#include "memsim/memory_file.h"
#include "memsim/notes.h"

namespace memsim {

namespace {

constexpr std::int64_t kKB = 1024;

void measure_text(const std::string& rel, std::string_view text, FileBudget& b) {
  FileSize s{rel, count_lines(text), static_cast<std::int64_t>(text.size())};
  ++b.files;
  if (b.files == 1 || s.bytes > b.largest.bytes || (s.bytes == b.largest.bytes && s.rel_path < b.largest.rel_path))
    b.largest = s;
  if (s.lines > b.max_lines || s.bytes > b.max_bytes) b.over.push_back(s);
}

void measure(FileSystem& fs, const Home& home, const std::string& rel, FileBudget& b) {
  auto text = fs.read_file(join_path(home.root(), rel));
  if (!text.ok()) return;  // gone or unreadable: lint and status say so elsewhere
  measure_text(rel, *text, b);
}

}  // namespace

int count_lines(std::string_view text) {
  const auto n = std::count(text.begin(), text.end(), '\n');
  return static_cast<int>(n) + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

Result<std::vector<FileBudget>> file_budgets(FileSystem& fs, const Home& home, const Corpus* corpus) {
  std::vector<FileBudget> out = {{"current state", 50, 2 * kKB, 0, {}, {}},
                                 {"index", 500, 25 * kKB, 0, {}, {}},
                                 {"T1 notes", 200, 10 * kKB, 0, {}, {}},
                                 {"topic files", 300, 15 * kKB, 0, {}, {}}};
  measure(fs, home, "memory/current-state.md", out[0]);
  measure(fs, home, "memory/MEMORY.md", out[1]);
  auto notes = list_dated_notes(fs, home);
  if (!notes.ok()) return notes.error();
  for (const DatedNote& n : *notes)
    if (n.rel_path.rfind("memory/short-term/", 0) == 0) measure(fs, home, n.rel_path, out[2]);
  if (corpus) {
    for (const Memory& m : corpus->memories)
      if (!m.text.empty() || m.info.size == 0) measure_text("memory/" + m.filename, m.text, out[3]);
  } else {
    auto entries = fs.list_dir(home.memory_dir());
    if (!entries.ok()) return entries.error();
    std::sort(entries->begin(), entries->end(), [](const DirEntry& a, const DirEntry& b) { return a.name < b.name; });
    for (const DirEntry& e : *entries)
      if (e.kind == FileKind::kRegular && is_memory_name(e.name)) measure(fs, home, "memory/" + e.name, out[3]);
  }
  for (FileBudget& b : out)
    std::sort(b.over.begin(), b.over.end(),
              [](const FileSize& x, const FileSize& y) { return x.rel_path < y.rel_path; });
  return out;
}

}  // namespace memsim
