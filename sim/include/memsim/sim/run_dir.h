// Where a run keeps its homes, and the promise that it leaves nothing behind: a
// RunDir is removed when it goes out of scope, on success, on error and on an
// exception; a run interrupted by SIGINT, SIGTERM or SIGHUP stops at the next
// event (RunOptions::stop, which the CLI's handlers set) and so unwinds the same
// way. Only SIGKILL (or a power cut) can leave one: each directory is named
// memsim-run-<pid>-XXXXXX, and the next run removes those whose process is gone
// (except those kept on purpose, which hold a file named `kept`).
#pragma once

#include <string>

#include "memsim/result.h"

namespace memsim::sim {

class RunDir {
 public:
  // Creates <root>/memsim-run-<pid>-XXXXXX, first removing any left by dead runs.
  static Result<RunDir> create(const std::string& root);
  RunDir(RunDir&& other) noexcept;
  RunDir& operator=(RunDir&&) = delete;
  RunDir(const RunDir&) = delete;
  ~RunDir();

  const std::string& path() const { return path_; }
  void keep();  // --keep: leave it to inspect (and to the reaper)

 private:
  explicit RunDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
  bool keep_ = false;
};

// $TMPDIR, else /dev/shm (no disk cost), else /tmp; `given` wins when not empty.
std::string pick_tmp_root(const std::string& given);

// Removes <root>/memsim-run-<pid>-* of this user whose process no longer runs;
// returns how many.
int reap_stale_run_dirs(const std::string& root);

}  // namespace memsim::sim
