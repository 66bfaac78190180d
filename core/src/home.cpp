#include "memsim/home.h"

namespace memsim {

Home::Home(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string Home::memory_dir() const { return join_path(root_, "memory"); }
std::string Home::memory_path(const std::string& f) const { return join_path(memory_dir(), f); }
std::string Home::index_path() const { return memory_path("MEMORY.md"); }
std::string Home::archive_path() const { return memory_path("MEMORY-archive.md"); }
std::string Home::current_state_path() const { return memory_path("current-state.md"); }
std::string Home::short_term_dir() const { return memory_path("short-term"); }
std::string Home::dream_journal_dir() const { return memory_path("dream-journal"); }
std::string Home::identity_path() const { return join_path(root_, "identity.md"); }
std::string Home::lenses_dir() const { return join_path(root_, "lenses"); }
std::string Home::meditations_dir() const { return join_path(root_, "meditations"); }
std::string Home::candidates_dir() const { return join_path(root_, "candidates"); }
std::string Home::staged_dir() const { return join_path(root_, "staged"); }
std::string Home::runtime_dir() const { return join_path(root_, "runtime"); }
std::string Home::state_dir() const { return join_path(runtime_dir(), "state"); }
std::string Home::journal_path() const { return join_path(runtime_dir(), "access.log"); }
std::string Home::journal_dir() const { return join_path(runtime_dir(), "journal"); }
std::string Home::journal_archive_dir() const { return join_path(journal_dir(), "archive"); }
std::string Home::shared_journal_dir() const { return join_path(root_, "journal"); }
std::string Home::baseline_path() const { return join_path(shared_journal_dir(), "baseline.log"); }
std::string Home::replica_id_path() const { return join_path(state_dir(), "replica"); }
std::string Home::checkpoint_path() const { return join_path(state_dir(), "fold-checkpoint.tsv"); }
std::string Home::gitattributes_path() const { return join_path(root_, ".gitattributes"); }
std::string Home::lock_path() const { return join_path(runtime_dir(), "lock"); }
std::string Home::policy_path() const { return join_path(root_, "policy.yaml"); }
std::string Home::gitignore_path() const { return join_path(root_, ".gitignore"); }
std::string Home::handoff_path() const { return memory_path("HANDOFF.md"); }
std::string Home::handoffs_dir() const { return memory_path("handoffs"); }
std::string Home::hook_errors_path() const { return join_path(runtime_dir(), "hook-errors.log"); }
std::string Home::forget_log_path() const { return join_path(runtime_dir(), "forget.log"); }
std::string Home::search_db_path() const { return join_path(runtime_dir(), "search.db"); }
std::string Home::sessions_dir() const { return join_path(runtime_dir(), "sessions"); }
std::string Home::backups_dir() const { return join_path(runtime_dir(), "backups"); }
std::string Home::cue_path() const { return join_path(state_dir(), "cue.json"); }
std::string Home::last_tick_path() const { return join_path(state_dir(), "last-tick.json"); }
std::string Home::install_record_path() const { return join_path(state_dir(), "install.json"); }
std::string Home::sits_path() const { return join_path(state_dir(), "sits.log"); }
std::string Home::tick_log_path() const { return join_path(runtime_dir(), "tick.log"); }
std::string Home::wake_log_path() const { return join_path(runtime_dir(), "wake.log"); }
std::string Home::detached_log_path() const { return join_path(runtime_dir(), "detached.log"); }

Status check_home(FileSystem& fs, const Home& home) {
  auto root = fs.stat(home.root());
  if (!root.ok()) return root.status();
  if (root->kind == FileKind::kMissing)
    return Error{home.root() + ": no such home (create one with `memsim init --apply`)", ErrorCode::kNotFound};
  auto mem = fs.stat(home.memory_dir());
  if (!mem.ok()) return mem.status();
  if (mem->kind != FileKind::kDirectory)
    return Error{home.root() + ": not a memsim home (no memory/ directory; see `memsim init`)", ErrorCode::kNotFound};
  return {};
}

Status check_user_home(FileSystem& fs, const Home& home) {
  auto root = fs.stat(home.root());
  if (!root.ok()) return root.status();
  if (root->kind != FileKind::kDirectory)
    return Error{home.root() + ": no user-level home (install-hooks --apply, a capture or an adopt makes one)",
                 ErrorCode::kNotFound};
  return {};
}

bool is_private_dir(const Home& home, const std::string& dir) {
  return dir == home.runtime_dir() || dir == home.candidates_dir() || dir == home.staged_dir();
}

Status make_home_dir(FileSystem& fs, const Home& home, const std::string& dir) {
  return is_private_dir(home, dir) ? fs.make_private_dir(dir) : fs.make_dir(dir);
}

Result<std::unique_ptr<FileLock>> lock_home(FileSystem& fs, const Home& home, int timeout_ms) {
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  // An older memsim, a copy or a checkout made candidates/ and staged/ with the
  // umask's bits: they are closed whenever the home is locked, so such a home
  // heals at its next write.
  for (const std::string& dir : {home.candidates_dir(), home.staged_dir()}) {
    auto info = fs.stat(dir);
    if (info.ok() && info->kind == FileKind::kDirectory && (info->mode & 077) != 0)
      MEMSIM_TRY(fs.make_private_dir(dir));
  }
  return fs.lock(home.lock_path(), timeout_ms);
}

}  // namespace memsim
