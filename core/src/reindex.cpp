#include "memsim/reindex.h"

#include <unordered_map>

#include "memsim/atoms.h"
#include "memsim/checkpoint.h"

namespace memsim {

namespace {

// How long the touches of a file that cannot hold them stay in the fold.
constexpr Seconds kJournalKeepDays = 30;

// Writes path only when its bytes differ, so an unchanged index keeps its mtime.
Result<bool> write_if_changed(FileSystem& fs, const std::string& path, const std::string& data) {
  auto info = fs.stat(path);
  if (!info.ok()) return info.error();
  if (info->kind == FileKind::kRegular && info->size == static_cast<std::int64_t>(data.size())) {
    auto old = fs.read_file(path);
    if (old.ok() && *old == data) return false;
  }
  MEMSIM_TRY(replace_file(fs, path, data));
  return true;
}

}  // namespace

bool recently_changed(Seconds mtime, Seconds now, const Policy& policy) {
  return mtime <= now && now - mtime < policy.live_guard;
}

Result<ReindexReport> reindex(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                              ReindexOptions options) {
  MEMSIM_TRY(check_home(fs, home));
  std::unique_ptr<FileLock> lock;
  if (options.write && !options.locked) {
    auto l = lock_home(fs, home, policy.lock_timeout_ms);
    if (!l.ok()) return l.error();
    lock = std::move(*l);
  }
  const Seconds now = clock.now();
  if (options.write) {
    // Every writer of memory/ holds the lock, so any temporary left there now
    // belongs to a run that died before its rename.
    if (auto entries = fs.list_dir(home.memory_dir()); entries.ok())
      for (const DirEntry& e : *entries)
        if (e.name.front() == '.' && e.name.ends_with(".memsim-tmp")) (void)fs.remove(home.memory_path(e.name));
  }
  auto corpus = load_corpus(fs, home, policy, options.reuse);
  if (!corpus.ok()) return corpus.error();
  // A shared home's journals are read through the fold checkpoint (checkpoint.h).
  std::optional<FoldRead> shared;
  JournalRead own;
  if (is_shared(fs, home)) {
    auto read = read_for_fold(fs, home, policy, now);
    if (!read.ok()) return read.error();
    shared = std::move(*read);
  } else {
    auto read = read_journal(fs, home);
    if (!read.ok()) return read.error();
    own = std::move(*read);
  }
  const JournalRead& journal = shared ? shared->journal : own;

  ReindexReport rep;
  rep.bad_journal_lines = journal.bad_lines;
  rep.shared = shared.has_value();
  rep.fold_touches = journal.touches.size();
  if (shared) {
    rep.fold_checkpoint = shared->checkpoint_cutoff;
    rep.fold_checkpoint_unused = shared->checkpoint_unused;
  }
  if (journal.bad_lines > 0)
    rep.warnings.push_back((journal.baseline ? home.shared_journal_dir() : home.journal_path()) + ": " +
                           std::to_string(journal.bad_lines) + " torn or unreadable line(s) skipped");
  for (const Stray& s : corpus->strays) rep.warnings.push_back("memory/" + s.name + ": " + s.problem);
  for (const Memory& m : corpus->memories) {
    for (const auto& p : m.problems) rep.warnings.push_back("memory/" + m.filename + ": " + p);
    if (m.fm.state == FrontmatterState::kOk)
      for (const auto& p : m.meta.problems) rep.warnings.push_back("memory/" + m.filename + ": " + p);
  }

  rep.ranked = rank_with_journal(std::move(*corpus), journal, now, policy);
  Ranked& r = rep.ranked;
  // A fact contested from below is tagged as a key conflict is (atoms.h).
  for (std::size_t i = 0; i < r.entries.size(); ++i) {
    const Memory& m = r.corpus.memories[i];
    if (r.entries[i].closed || !m.meta.key ||
        !contested_by_candidates(fs, home, *m.meta.key, r.entries[i].summary, options.slots))
      continue;
    r.entries[i].contested = true;
    rep.contested_by_candidates.push_back(m.filename);
  }

  for (std::size_t i = 0; options.write && i < r.corpus.memories.size(); ++i) {
    Memory& m = r.corpus.memories[i];
    if (r.folded[i] == m.meta.policy || m.fm.state != FrontmatterState::kOk) continue;
    if (!options.after_merge && recently_changed(m.info.mtime, now, policy)) {
      ++rep.deferred_live;
      continue;
    }
    const std::string path = home.memory_path(m.filename);
    std::string text = rewrite_fields(m.text, m.fm, policy_lines(r.folded[i]));
    // The agent may have rewritten the file since we read it: check again just
    // before the rename and leave it for the next run if so. What remains is
    // the window between this stat and the rename (microseconds).
    const std::string tmp = temp_path_for(path);
    Status s = fs.write_file(tmp, text);
    if (s.ok()) {
      auto again = fs.stat(path);
      if (!again.ok() || again->mtime != m.info.mtime || again->size != m.info.size) {
        (void)fs.remove(tmp);
        ++rep.deferred_live;
        continue;
      }
      s = fs.rename(tmp, path);
    }
    if (!s.ok()) {
      (void)fs.remove(tmp);
      rep.warnings.push_back("memory/" + m.filename + ": policy values not written back: " + s.message());
      continue;
    }
    (void)fs.set_mtime(path, m.info.mtime);  // bookkeeping is not an author's edit
    m.text = std::move(text);
    m.fm = parse_frontmatter(m.text);
    m.meta.policy = r.folded[i];
    ++rep.written_back;
    rep.written.push_back("memory/" + m.filename);
  }

  rep.index = build_index(r.entries, now, policy);
  if (!options.write) return rep;

  // The journal's folded lines go to its archive (journal.h). A touch is in the
  // files once the file on disk records it; a file that cannot hold policy lines
  // (or is gone) keeps its touches in the fold for the 30 days SPEC asks for.
  std::unordered_map<std::string, const Memory*> by_name;
  for (const Memory& m : r.corpus.memories) by_name[m.filename] = &m;
  auto absorbed = [&](const Touch& t) {
    auto it = by_name.find(t.filename);
    if (it == by_name.end() || it->second->fm.state != FrontmatterState::kOk)
      return t.time < now - kJournalKeepDays * kSecondsPerDay;
    const auto& last = it->second->meta.policy.last_accessed;
    return last && *last >= t.time;
  };
  // A shared home's journals are committed and never rewritten (journal.h): its
  // fold checkpoint moves on instead. A home of one machine compacts its own.
  if (shared) {
    if (auto wrote = write_checkpoint(fs, home, policy, now, *shared); !wrote.ok())
      rep.warnings.push_back("fold checkpoint not written: " + wrote.message());
  } else if (auto compacted = compact_journal(fs, home, now, absorbed); !compacted.ok()) {
    rep.warnings.push_back("journal not compacted: " + compacted.message());
  }
  const std::pair<std::string, const std::string*> outputs[] = {
      {"MEMORY.md", &rep.index.memory_md},
      {"MEMORY-archive.md", &rep.index.archive_md},
      {"current-state.md", &rep.index.current_state_md},
  };
  for (const auto& [name, data] : outputs) {
    auto wrote = write_if_changed(fs, home.memory_path(name), *data);
    if (!wrote.ok()) return wrote.error();
    if (*wrote) {
      ++rep.derived_written;
      rep.written.push_back("memory/" + name);
    }
  }
  return rep;
}

}  // namespace memsim
