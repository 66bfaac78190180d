// Running another program without a shell (argv as given), capturing its output.
#pragma once

#include <string>
#include <vector>

namespace memsim::cli {

struct ProcessResult {
  int exit_code = -1;  // -1 when it could not be started or was killed
  std::string output;  // standard output and standard error, interleaved
};

ProcessResult run_process(const std::vector<std::string>& argv);

}  // namespace memsim::cli
