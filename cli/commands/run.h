// Shared by `run` and `replay`.
#pragma once

#include <cstdint>
#include <string>

#include "commands/context.h"

namespace memsim::cli {

struct RunArgs {
  std::string scenario;
  std::string out = "reports/out";
  std::uint64_t seed = 0;
  bool has_seed = false;
  bool check = false;
  bool keep = false;
  bool quiet = false;
};

// Runs the scenario (stopping after `until` events when >= 0), writes reports to
// out_dir unless it is empty, prints the summary. Exit code 0, 1 when an invariant
// was violated (with the line that reproduces it), 2 on a bad scenario.
int run_simulation(Context& ctx, const RunArgs& args, long long until, const std::string& out_dir);

}  // namespace memsim::cli
