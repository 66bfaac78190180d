#include "memsim/share.h"

#include <algorithm>
#include <map>

#include "memsim/journal.h"
#include "memsim/ranking.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

bool is_policy_key(std::string_view key) {
  return std::find(kPolicyKeys.begin(), kPolicyKeys.end(), key) != kPolicyKeys.end();
}

}  // namespace

std::string_view shared_gitattributes() {
  return "# memsim (docs/sharing.md): a memory file merges its authored lines and has its\n"
         "# policy lines recomputed from the journals; MEMORY.md, MEMORY-archive.md and\n"
         "# current-state.md are regenerated; each journal has one writer, so its lines\n"
         "# are the union of both sides'. The driver is registered per clone by\n"
         "# `memsim share`; without it git merges these files as text.\n"
         "memory/*.md merge=memsim\n"
         "journal/*.log merge=union\n"
         "journal/*/*.log merge=union\n";
}

Result<SharingStart> start_sharing(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy) {
  MEMSIM_TRY(check_home(fs, home));
  SharingStart out;
  if (is_shared(fs, home)) {
    out.already = true;
    // A home shared before month segments lists only journal/*.log: the line
    // for the segments goes in beside it.
    auto attrs = fs.read_file(home.gitattributes_path());
    constexpr std::string_view kOld = "journal/*.log merge=union\n", kNew = "journal/*/*.log merge=union\n";
    if (attrs.ok() && attrs->find(kNew) == std::string::npos)
      if (const std::size_t at = attrs->find(kOld); at != std::string::npos) {
        auto lock = lock_home(fs, home, policy.lock_timeout_ms);
        if (!lock.ok()) return lock.error();
        MEMSIM_TRY(replace_file(fs, home.gitattributes_path(), attrs->insert(at + kOld.size(), kNew)));
        out.wrote_gitattributes = true;
      }
    return out;
  }
  auto lock = lock_home(fs, home, policy.lock_timeout_ms);
  if (!lock.ok()) return lock.error();
  auto rep = reindex(fs, home, clock, policy, {.locked = true});
  if (!rep.ok()) return rep.error();
  std::map<std::string, PolicyValues> baseline;
  const PolicyValues defaults = untouched_values(policy);
  for (std::size_t i = 0; i < rep->ranked.corpus.memories.size(); ++i)
    if (!(rep->ranked.folded[i] == defaults)) baseline[rep->ranked.corpus.memories[i].filename] = rep->ranked.folded[i];
  out.baselined = static_cast<int>(baseline.size());
  // The baseline is written before journal/ exists under its name, so no
  // reader ever sees a shared home without one.
  const std::string staging = home.shared_journal_dir() + ".memsim-tmp";
  MEMSIM_TRY(fs.make_dir(staging));
  MEMSIM_TRY(replace_file(fs, join_path(staging, "baseline.log"), format_baseline(baseline)));
  MEMSIM_TRY(fs.rename(staging, home.shared_journal_dir()));
  auto attrs = fs.stat(home.gitattributes_path());
  if (!attrs.ok()) return attrs.error();
  if (attrs->kind == FileKind::kMissing) {
    MEMSIM_TRY(replace_file(fs, home.gitattributes_path(), shared_gitattributes()));
    out.wrote_gitattributes = true;
  }
  return out;
}

MergeKind merge_kind(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::string_view dir = slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
  if (!(dir == "memory" || dir.ends_with("/memory"))) return MergeKind::kText;
  if (name == "MEMORY.md" || name == "MEMORY-archive.md" || name == "current-state.md") return MergeKind::kDerived;
  return is_memory_name(name) ? MergeKind::kMemory : MergeKind::kText;
}

std::string without_policy_lines(std::string_view text) {
  const Frontmatter fm = parse_frontmatter(text);
  if (fm.state != FrontmatterState::kOk) return std::string(text);
  std::string out;
  std::size_t from = 0;
  for (const Field& f : fm.fields) {
    if (!is_policy_key(f.key)) continue;
    out.append(text.substr(from, f.begin - from));
    from = f.end;
  }
  out.append(text.substr(from));
  return out;
}

std::string with_earliest_close(std::string_view side, std::string_view base, std::string_view other) {
  const Frontmatter side_fm = parse_frontmatter(side), base_fm = parse_frontmatter(base),
                    other_fm = parse_frontmatter(other);
  for (const Frontmatter* fm : {&side_fm, &base_fm, &other_fm})
    if (fm->state != FrontmatterState::kOk) return std::string(side);
  auto closed_on = [](const Frontmatter& fm) -> std::optional<Days> {
    const Field* f = fm.find("valid_until");
    return f && f->value ? parse_date(*f->value) : std::nullopt;
  };
  const Field* was = base_fm.find("valid_until");
  if (was && was->value) return std::string(side);  // closed in the base already: git merges a change as text
  const std::optional<Days> mine = closed_on(side_fm), theirs = closed_on(other_fm);
  if (!mine || !theirs || *theirs >= *mine) return std::string(side);
  return rewrite_fields(side, side_fm, {{"valid_until", format_date(*theirs)}});
}

std::string with_policy_lines_of(std::string_view merged, std::string_view ours) {
  const Frontmatter ours_fm = parse_frontmatter(ours);
  const Frontmatter merged_fm = parse_frontmatter(merged);
  if (ours_fm.state != FrontmatterState::kOk || merged_fm.state != FrontmatterState::kOk) return std::string(merged);
  std::vector<std::pair<std::string, std::string>> lines;
  for (std::string_view key : kPolicyKeys)
    if (const Field* f = ours_fm.find(key); f && f->value) lines.emplace_back(std::string(key), *f->value);
  return lines.empty() ? std::string(merged) : rewrite_fields(merged, merged_fm, lines);
}

}  // namespace memsim
