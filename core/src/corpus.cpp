#include "memsim/corpus.h"

#include <algorithm>

namespace memsim {

namespace {

bool looks_like_memory(const std::string& name) {
  // A markdown file with a type-like prefix that the pattern rejects, e.g.
  // "Feedback_x.md", "feedback-x.md" or "feedback_.md".
  if (name.size() < 4 || name.substr(name.size() - 3) != ".md") return false;
  if (name[0] == '.') return false;
  return true;
}

}  // namespace

bool is_derived_name(const std::string& name) {
  return name == "MEMORY.md" || name == "MEMORY-archive.md" || name == "current-state.md" || name == "HANDOFF.md" ||
         (name.size() > 11 && name[0] == '.' && name.substr(name.size() - 11) == ".memsim-tmp");
}

Memory load_memory(FileSystem& fs, const Home& home, const std::string& filename, const FileInfo& info,
                   const Policy& policy) {
  Memory m;
  m.filename = filename;
  m.info = info;
  if (info.size > kMaxMemoryBytes) {
    m.problems.push_back("file is " + std::to_string(info.size) + " bytes, over the 1 MiB a memory may hold; not read");
  } else {
    auto text = fs.read_file(home.memory_path(filename));
    if (!text.ok()) {
      m.problems.push_back("cannot be read: " + text.message());
    } else if (text->substr(0, 8192).find('\0') != std::string::npos) {
      m.problems.push_back("binary content; not read");
    } else {
      m.text = std::move(*text);
    }
  }
  m.fm = parse_frontmatter(m.text);
  switch (m.fm.state) {
    case FrontmatterState::kAbsent:
      if (!m.text.empty()) m.problems.push_back("no frontmatter");
      break;
    case FrontmatterState::kUnterminated:
      m.problems.push_back("unterminated frontmatter (no closing ---); metadata ignored");
      break;
    case FrontmatterState::kSyntaxError: m.problems.push_back("frontmatter does not parse; metadata ignored"); break;
    case FrontmatterState::kOk: break;
  }
  m.meta = read_memory_meta(m.text, m.fm, policy.initial_stability);
  return m;
}

Days window_opens(const Memory& m) { return m.meta.valid_from.value_or(m.meta.created.value_or(day_of(m.info.mtime))); }

namespace {

// The memory of `reuse` that still holds what the file at `info` holds, or null.
// Both lists are sorted by name, so one cursor walks `reuse` once per load.
Memory* reusable(Corpus* reuse, std::size_t& cursor, const std::string& name, const FileInfo& info,
                 const Policy& policy) {
  if (!reuse || info.version == 0 || reuse->initial_stability != policy.initial_stability) return nullptr;
  std::vector<Memory>& old = reuse->memories;
  while (cursor < old.size() && old[cursor].filename < name) ++cursor;
  if (cursor == old.size() || old[cursor].filename != name) return nullptr;
  Memory& m = old[cursor];
  if (m.info.version != info.version || m.info.size != info.size || m.info.mtime != info.mtime) return nullptr;
  m.info.version = 0;  // moved from below: never again a match
  return &m;
}

}  // namespace

Result<Corpus> load_corpus(FileSystem& fs, const Home& home, const Policy& policy, Corpus* reuse) {
  auto entries = fs.stat_dir_from(home.memory_dir(), "");
  if (!entries.ok()) return entries.error();
  std::sort(entries->begin(), entries->end(),
            [](const DirEntryInfo& a, const DirEntryInfo& b) { return a.name < b.name; });
  Corpus c;
  c.initial_stability = policy.initial_stability;
  std::size_t cursor = 0;
  for (const DirEntryInfo& e : *entries) {
    if (is_derived_name(e.name)) continue;
    const bool named = is_memory_name(e.name);
    if (e.info.kind == FileKind::kDirectory) {
      if (named) c.strays.push_back({e.name, "a directory named like a memory; not ranked"});
      continue;
    }
    if (e.info.kind == FileKind::kSymlink) {
      if (named || looks_like_memory(e.name))
        c.strays.push_back({e.name, "a symbolic link; links in memory/ are not followed"});
      continue;
    }
    if (!named) {
      if (looks_like_memory(e.name))
        c.strays.push_back({e.name, "markdown file whose name does not match <type>_<topic>.md; not ranked"});
      continue;
    }
    if (e.info.kind != FileKind::kRegular) {
      c.strays.push_back({e.name, "not a regular file; not ranked"});
      continue;
    }
    if (Memory* kept = reusable(reuse, cursor, e.name, e.info, policy)) {
      c.memories.push_back(std::move(*kept));
      c.memories.back().info = e.info;
    } else {
      c.memories.push_back(load_memory(fs, home, e.name, e.info, policy));
    }
  }
  return c;
}

}  // namespace memsim
