// Running a child process, for verify-install (it runs the very command the
// settings name). Not used by the hooks themselves.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/result.h"

namespace memsim::hooks {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out, err;
};

// Runs argv[0] (a path, or a name looked up on PATH) with `input` on standard
// input and `env` added to the environment; scratch_dir holds the temporaries.
// Fails when the program cannot be started at all.
Result<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  const std::vector<std::pair<std::string, std::string>>& env,
                                  const std::string& scratch_dir);

}  // namespace memsim::hooks
