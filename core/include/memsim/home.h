// The home: one directory per agent (SPEC section 2). Home only names paths; it
// holds no state beyond its root.
#pragma once

#include <memory>
#include <string>

#include "memsim/fs.h"
#include "memsim/result.h"

namespace memsim {

class Home {
 public:
  explicit Home(std::string root);

  const std::string& root() const { return root_; }
  std::string memory_dir() const;          // <home>/memory
  std::string memory_path(const std::string& filename) const;
  std::string index_path() const;          // memory/MEMORY.md
  std::string archive_path() const;        // memory/MEMORY-archive.md
  std::string current_state_path() const;  // memory/current-state.md
  std::string short_term_dir() const;      // memory/short-term
  std::string dream_journal_dir() const;   // memory/dream-journal
  std::string identity_path() const;       // identity.md
  std::string lenses_dir() const;
  std::string meditations_dir() const;
  std::string candidates_dir() const;
  std::string staged_dir() const;
  std::string runtime_dir() const;
  std::string state_dir() const;           // runtime/state
  std::string journal_path() const;        // runtime/access.log
  std::string lock_path() const;           // runtime/lock

 private:
  std::string root_;
};

// Fails with a message naming the directory when root is not an existing home
// (a directory with a memory/ directory inside).
Status check_home(FileSystem& fs, const Home& home);

// The home's single-writer lock. Every derived file and every write-back of
// policy values happens while one is held.
Result<std::unique_ptr<FileLock>> lock_home(FileSystem& fs, const Home& home, int timeout_ms);

}  // namespace memsim
