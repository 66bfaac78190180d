// The home: one directory per agent (SPEC section 2). Home names every file and
// directory memsim keeps under it, here and nowhere else (as LevelDB's filename.h
// names every file of a database); it holds no state beyond its root.
//
//   identity.md  policy.yaml  .gitignore  .gitattributes
//   journal/     <replica>/<YYYY-MM>.log  <replica>.log  baseline.log   (a shared home only: docs/sharing.md)
//   memory/      <type>_<topic>.md  MEMORY.md  MEMORY-archive.md  current-state.md
//                HANDOFF.md  handoffs/  short-term/  dream-journal/
//   lenses/  meditations/  candidates/  staged/
//   runtime/     lock  access.log  journal/{pending-*.log, archive/}  hook-errors.log
//                forget.log  search.db  sessions/<id>.{lenses,lock}  backups/
//                state/{cue.json, last-tick.json, sits.log, replica, fold-checkpoint.tsv}  tick.log  wake.log
//                detached.log
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
  std::string memory_dir() const;  // <home>/memory
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
  std::string state_dir() const;            // runtime/state
  std::string journal_path() const;         // runtime/access.log
  std::string journal_dir() const;          // runtime/journal: pending segments
  std::string journal_archive_dir() const;  // runtime/journal/archive
  std::string lock_path() const;            // runtime/lock
  // A shared home's committed journals (journal.h): journal/<replica>/<YYYY-MM>.log,
  // a segment per clone and month, and journal/baseline.log, the values every
  // file started sharing from.
  std::string shared_journal_dir() const;   // journal
  std::string baseline_path() const;        // journal/baseline.log
  std::string replica_id_path() const;      // runtime/state/replica: this clone's id, never committed
  std::string checkpoint_path() const;      // runtime/state/fold-checkpoint.tsv (checkpoint.h), never committed
  std::string gitattributes_path() const;   // .gitattributes: the merge driver's patterns
  std::string policy_path() const;          // policy.yaml
  std::string gitignore_path() const;       // .gitignore
  std::string handoff_path() const;         // memory/HANDOFF.md
  std::string handoffs_dir() const;         // memory/handoffs
  std::string hook_errors_path() const;     // runtime/hook-errors.log
  std::string forget_log_path() const;      // runtime/forget.log
  std::string search_db_path() const;       // runtime/search.db
  std::string sessions_dir() const;         // runtime/sessions: per-session lens state
  std::string backups_dir() const;          // runtime/backups
  std::string cue_path() const;             // runtime/state/cue.json
  std::string last_tick_path() const;       // runtime/state/last-tick.json
  std::string install_record_path() const;  // runtime/state/install.json
  std::string sits_path() const;            // runtime/state/sits.log
  std::string tick_log_path() const;        // runtime/tick.log (cron)
  std::string wake_log_path() const;        // runtime/wake.log (cron)
  std::string detached_log_path() const;    // runtime/detached.log (the session-end hook's index)

 private:
  std::string root_;
};

// Fails with a message naming the directory when root is not an existing home
// (a directory with a memory/ directory inside).
Status check_home(FileSystem& fs, const Home& home);

// Fails when root is not an existing directory. The user-level home of the
// ladder (promotion.md) needs no memory/: install-hooks makes it empty, capture
// makes its candidates/ and adopt its identity.md, so the directory existing is
// what makes it one.
Status check_user_home(FileSystem& fs, const Home& home);

// candidates/ and staged/ hold what transcripts said before anyone reviewed it;
// runtime/ what the harness sent, the logs and the backups. They are the owner's
// alone: 0700, and what is made in them 0600 (FileSystem::make_private_dir).
// Every directory of the home is created through make_home_dir, which applies it.
bool is_private_dir(const Home& home, const std::string& dir);
Status make_home_dir(FileSystem& fs, const Home& home, const std::string& dir);

// The home's single-writer lock. Every derived file and every write-back of
// policy values happens while one is held.
Result<std::unique_ptr<FileLock>> lock_home(FileSystem& fs, const Home& home, int timeout_ms);

}  // namespace memsim
