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
std::string Home::lock_path() const { return join_path(runtime_dir(), "lock"); }

Status check_home(FileSystem& fs, const Home& home) {
  auto root = fs.stat(home.root());
  if (!root.ok()) return root.status();
  if (root->kind == FileKind::kMissing)
    return Error{home.root() + ": no such home (create one with `memsim init --apply`)"};
  auto mem = fs.stat(home.memory_dir());
  if (!mem.ok()) return mem.status();
  if (mem->kind != FileKind::kDirectory)
    return Error{home.root() + ": not a memsim home (no memory/ directory; see `memsim init`)"};
  return {};
}

Result<std::unique_ptr<FileLock>> lock_home(FileSystem& fs, const Home& home, int timeout_ms) {
  if (Status s = fs.make_dir(home.runtime_dir()); !s.ok()) return s.error();
  return fs.lock(home.lock_path(), timeout_ms);
}

}  // namespace memsim
