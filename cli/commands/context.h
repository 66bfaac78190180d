// What every command receives: the resolved home, clock, policy and streams.
// Commands return an exit code; they never call exit().
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"

namespace memsim::cli {

// The options every command takes (SPEC section 10).
struct CommonOptions {
  std::string home;  // --home, else $MEMSIM_HOME, else ./.memsim
  std::string now;   // --now, else $MEMSIM_NOW, else the system clock
  bool json = false;
};

struct Context {
  FileSystem& fs;
  Home home;
  std::unique_ptr<Clock> clock;
  bool json = false;
  std::istream& in;
  std::ostream& out;
  std::ostream& err;

  // policy.yaml of the home, or defaults. Errors name the file and the key.
  Result<Policy> policy();
  // Prints "memsim: <message>" on err and returns 2.
  int fail(const std::string& message);
};

// A command: registers its subcommand and options on `app` and returns the
// action to run once parsing succeeded.
using Action = std::function<int(Context&)>;
struct Command {
  CLI::App* sub;
  Action action;
};

// The process's working directory ("." when it cannot be had).
std::string current_dir();

// The home a command works on: `flag` (--home), else $MEMSIM_HOME, else ./.memsim.
// A leading ${CLAUDE_PROJECT_DIR}, as install-hooks writes it into a project's
// files, becomes $CLAUDE_PROJECT_DIR (or "." when that is unset).
std::string resolve_home(const std::string& flag);

// Adds --home, --now and --json to a subcommand.
void add_common_options(CLI::App* sub, CommonOptions& common);

// What `memsim hook` does with a usage error (an unknown flag's value, a bad
// --now): a line in the home's runtime/hook-errors.log (home: --home, else
// $MEMSIM_HOME, else ./.memsim), nothing printed, exit code 0.
int hook_usage_failure(const std::string& home, const std::string& event, const std::string& reason);

// Each command file defines one of these; app.cpp lists them.
Command register_init(CLI::App& app, CommonOptions& common);
Command register_index(CLI::App& app, CommonOptions& common);
Command register_touch(CLI::App& app, CommonOptions& common);
Command register_status(CLI::App& app, CommonOptions& common);
Command register_lint(CLI::App& app, CommonOptions& common);
Command register_tick(CLI::App& app, CommonOptions& common);
Command register_meditation(CLI::App& app, CommonOptions& common);
Command register_hook(CLI::App& app, CommonOptions& common);
Command register_install_hooks(CLI::App& app, CommonOptions& common);
Command register_verify_install(CLI::App& app, CommonOptions& common);
Command register_recall(CLI::App& app, CommonOptions& common);
Command register_supersede(CLI::App& app, CommonOptions& common);
Command register_forget(CLI::App& app, CommonOptions& common);
Command register_run(CLI::App& app, CommonOptions& common);
Command register_replay(CLI::App& app, CommonOptions& common);
Command register_sweep(CLI::App& app, CommonOptions& common);
Command register_evaluate(CLI::App& app, CommonOptions& common);
Command register_calibrate(CLI::App& app, CommonOptions& common);
Command register_redact(CLI::App& app, CommonOptions& common);
Command register_capture(CLI::App& app, CommonOptions& common);
Command register_promote(CLI::App& app, CommonOptions& common);
Command register_adopt(CLI::App& app, CommonOptions& common);
Command register_why(CLI::App& app, CommonOptions& common);
Command register_inspect(CLI::App& app, CommonOptions& common);
Command register_resolve(CLI::App& app, CommonOptions& common);
Command register_share(CLI::App& app, CommonOptions& common);
Command register_merge_file(CLI::App& app, CommonOptions& common);
Command register_sync(CLI::App& app, CommonOptions& common);
Command register_mcp(CLI::App& app, CommonOptions& common);
Command register_remember(CLI::App& app, CommonOptions& common);
Command register_import_claude_memory(CLI::App& app, CommonOptions& common);
Command register_handoff(CLI::App& app, CommonOptions& common);

}  // namespace memsim::cli
