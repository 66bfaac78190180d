// Running a child process: the tick's git commit, the installer's crontab(1),
// verify-install (it runs the very command the settings name) and the live
// harness wait for theirs (run_process); the session-end hook leaves its work
// to a detached one (start_detached) and returns.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/result.h"

namespace memsim {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out, err;
};

struct ProcessOptions {
  std::string cwd;          // the child's working directory; "" keeps ours
  int timeout_seconds = 0;  // 0: wait for ever; else kill the child (SIGKILL) and fail
};

// Runs argv[0] (a path, or a name looked up on PATH) with `input` on standard
// input and `env` added to the environment (a variable set to "" is removed);
// scratch_dir holds the temporaries. Fails when the program cannot be started
// at all, or outlives the timeout.
Result<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  const std::vector<std::pair<std::string, std::string>>& env,
                                  const std::string& scratch_dir, const ProcessOptions& options = {});

// Starts argv[0] (a path) in a session of its own, so it outlives the caller's
// process group, and does not wait for it. Standard input and output are
// /dev/null; standard error is appended to log_path (created 0600) or goes to
// /dev/null when log_path is "". Fails only when the program cannot be started.
Status start_detached(const std::vector<std::string>& argv, const std::string& log_path);

// The absolute path of `name` as a shell would find it on `path` (a $PATH value:
// directories joined by ':', an empty one meaning "."), or "" when no directory
// holds an executable file of that name. A name holding '/' is returned as given
// when it is executable.
std::string find_program(const std::string& name, const std::string& path);

}  // namespace memsim
