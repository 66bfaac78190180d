// Shared by `run`, `replay` and `sweep`.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "commands/context.h"

namespace memsim::cli {

struct RunArgs {
  std::string scenario;
  std::string out = "reports/out";
  std::uint64_t seed = 0;
  bool has_seed = false;
  int seeds = 0;  // 0: the scenario's
  int jobs = 0;   // 0: every core
  bool check = false;
  bool keep = false;
  bool quiet = false;
};

// Runs the scenario's seeds, writes reports to out_dir unless it is empty, prints
// the summary. Exit code 0, 1 when an invariant was violated (with the line that
// reproduces it), 2 on a bad scenario; interrupted by a signal, it removes its
// homes and dies of that signal.
int run_simulation(Context& ctx, const RunArgs& args, const std::string& out_dir);

// SIGINT, SIGTERM and SIGHUP set the flag this returns while the guard lives;
// when it ends after a signal, the process dies of that signal (the homes are
// gone by then: the runs stopped at their next event and unwound).
class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;
  const std::atomic<bool>* flag() const;
  // Re-raises the signal received, if any (call once the work has unwound).
  void reraise() const;
};

// A progress bar on a terminal, nothing otherwise.
std::function<void(int, int)> progress_bar(std::ostream& err, bool quiet, const char* unit);

}  // namespace memsim::cli
