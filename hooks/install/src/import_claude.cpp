#include "memsim/import_claude.h"

#include <algorithm>

#include "memsim/ascii.h"
#include "memsim/frontmatter.h"
#include "memsim/hash.h"
#include "memsim/limits.h"
#include "memsim/memory_file.h"
#include "memsim/reindex.h"
#include "memsim/remember.h"
#include "memsim/render.h"
#include "memsim/timefmt.h"

namespace memsim::install {

namespace {

// A topic name longer than this is cut: a file name is not a summary.
constexpr std::size_t kMaxTopicBytes = 80;

std::string scalar(const Frontmatter& fm, std::string_view key) {
  const Field* f = fm.find(key);
  return f && f->scalar && f->value ? *f->value : std::string();
}

// "Testing_Notes (v2)" -> "testing-notes-v2": the kebab topic remember() takes.
std::string kebab(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (ascii::is_alnum(c)) out += ascii::to_lower(c);
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out.size() > kMaxTopicBytes) {
    out.resize(kMaxTopicBytes);
    while (!out.empty() && out.back() == '-') out.pop_back();
  }
  return out;
}

// A name with no letter or digit in ASCII (one written in another script) still
// needs a topic: one derived from its bytes, the same on every run.
std::string topic_of(const std::string& name, const std::string& type) {
  std::string t = kebab(name);
  if (t.starts_with(type + "-")) t = t.substr(type.size() + 1);
  if (!t.empty()) return t;
  return "note-" + hex_prefix(fnv1a64(name), 8);
}

// The description, else the body's first line of text (a heading's words, a list
// item's), folded to one line and cut to what an index row holds.
std::string summary_of(const Frontmatter& fm, std::string_view body) {
  std::string s = fold_whitespace(scalar(fm, "description"));
  for (std::size_t at = 0; s.empty() && at < body.size();) {
    const std::size_t end = std::min(body.find('\n', at), body.size());
    std::string_view line = ascii::trim(body.substr(at, end - at));
    while (!line.empty() && (line.front() == '#' || line.front() == '-' || line.front() == '*' || line.front() == '>'))
      line = ascii::trim(line.substr(1));
    s = fold_whitespace(line);
    at = end + 1;
  }
  return std::string(utf8_prefix(s, kRememberMaxSummaryBytes));
}

}  // namespace

std::string auto_memory_dir(FileSystem& fs, const std::string& project_dir, const std::string& user_home) {
  std::string root = project_dir;
  for (std::string d = project_dir; !d.empty();) {
    if (auto git = fs.stat(join_path(d, ".git")); git.ok() && git->kind != FileKind::kMissing) {
      root = d;
      break;
    }
    const std::size_t slash = d.rfind('/');
    if (slash == std::string::npos || d == "/") break;
    d = slash == 0 ? "/" : d.substr(0, slash);
  }
  std::string slug;
  for (char c : root) slug += ascii::is_alnum(c) ? c : '-';
  return join_path(join_path(join_path(user_home, ".claude/projects"), slug), "memory");
}

Result<ImportReport> import_auto_memory(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                        const Redactor& redactor, const std::string& dir, bool apply) {
  MEMSIM_TRY(check_home(fs, home));
  auto entries = fs.list_dir(dir);
  if (!entries.ok()) return Error{dir + ": " + entries.message()};
  std::sort(entries->begin(), entries->end(), [](const DirEntry& a, const DirEntry& b) { return a.name < b.name; });
  ImportReport report;
  bool imported = false;
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || !e.name.ends_with(".md") || e.name == "MEMORY.md" || e.name.front() == '.')
      continue;
    ImportedFile out{e.name, "", ImportedFile::Outcome::kSkipped, ""};
    const std::string path = join_path(dir, e.name);
    auto info = fs.stat(path);
    auto text = read_file_capped(fs, path, kMaxMemoryBytes);
    if (!info.ok() || !text.ok()) {
      out.reason = info.ok() ? text.message() : info.message();
      report.files.push_back(std::move(out));
      continue;
    }
    const Frontmatter fm = parse_frontmatter(*text);
    const std::string body(ascii::trim(frontmatter_body(*text)));
    const std::string stem = e.name.substr(0, e.name.size() - 3);
    std::string type = scalar(fm, "type");
    if (!is_known_type(type)) type = stem.substr(0, stem.find('_'));
    if (!is_known_type(type)) type = "reference";
    const std::string named = scalar(fm, "name");
    RememberRequest req;
    req.type = type;
    req.name = topic_of(named.empty() ? stem : named, type);
    req.summary = summary_of(fm, body);
    req.body = body;
    req.confidence = Confidence::kInferred;
    req.created = day_of(info->mtime);
    req.reindex = false;
    out.file = type + "_" + req.name + ".md";
    if (req.summary.empty()) {
      out.reason = "nothing to summarise it by (no description and no text)";
    } else if (body.size() > kRememberMaxBodyBytes) {
      out.reason = "longer than " + std::to_string(kRememberMaxBodyBytes) + " bytes; split it into facts by hand";
    } else if (auto there = fs.stat(home.memory_path(out.file)); there.ok() && there->kind != FileKind::kMissing) {
      out.outcome = ImportedFile::Outcome::kExists;
    } else if (!apply) {
      out.outcome = ImportedFile::Outcome::kWouldImport;
    } else if (auto r = remember(fs, home, clock, policy, redactor, req); r.ok()) {
      out.outcome = ImportedFile::Outcome::kImported;
      imported = true;
    } else {
      out.reason = r.message();
    }
    report.files.push_back(std::move(out));
  }
  if (imported)
    if (auto rep = reindex(fs, home, clock, policy); !rep.ok())
      report.warning = "the index was not regenerated: " + rep.message();
  return report;
}

}  // namespace memsim::install
