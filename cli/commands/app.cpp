#include "commands/app.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string_view>
#include <utility>

#include "commands/context.h"
#include "memsim/install.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

Result<Policy> Context::policy() { return load_policy(fs, home.root()); }

std::string resolve_home(const std::string& flag) {
  const char* env = std::getenv("MEMSIM_HOME");
  const std::string home = !flag.empty() ? flag : env && *env ? env : ".memsim";
  const char* project = std::getenv("CLAUDE_PROJECT_DIR");
  return install::expand_project_dir(home, project ? project : "");
}

int Context::fail(const std::string& message) {
  err << "memsim: " << message << "\n";
  return 2;
}

std::string current_dir() {
  char buf[4096];
  return ::getcwd(buf, sizeof buf) ? std::string(buf) : std::string(".");
}

void add_common_options(CLI::App* sub, CommonOptions& common) {
  sub->add_option("--home", common.home, "the agent's home directory (default $MEMSIM_HOME, else ./.memsim)");
  sub->add_option("--now", common.now, "fix the clock: YYYY-MM-DD[THH:MM:SSZ] (default $MEMSIM_NOW, else now)");
  sub->add_flag("--json", common.json, "print JSON");
}

namespace {

// Every command, by the name its register function gives its subcommand.
using Register = Command (*)(CLI::App&, CommonOptions&);
constexpr std::pair<std::string_view, Register> kCommands[] = {
    {"init", register_init},
    {"index", register_index},
    {"touch", register_touch},
    {"status", register_status},
    {"lint", register_lint},
    {"tick", register_tick},
    {"meditation", register_meditation},
    {"hook", register_hook},
    {"install-hooks", register_install_hooks},
    {"verify-install", register_verify_install},
    {"recall", register_recall},
    {"supersede", register_supersede},
    {"forget", register_forget},
    {"run", register_run},
    {"replay", register_replay},
    {"sweep", register_sweep},
    {"evaluate", register_evaluate},
    {"calibrate", register_calibrate},
    {"redact", register_redact},
    {"capture", register_capture},
    {"promote", register_promote},
    {"adopt", register_adopt},
    {"why", register_why},
    {"inspect", register_inspect},
    {"resolve", register_resolve},
    {"share", register_share},
    {"merge-file", register_merge_file},
    {"sync", register_sync},
    {"mcp", register_mcp},
    {"remember", register_remember},
    {"import-claude-memory", register_import_claude_memory},
    {"handoff", register_handoff},
};

std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

}  // namespace

int run(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"memsim: memory for coding agents, kept in markdown files"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "memsim 0.1.0");
  CommonOptions common;
  // Building CLI11's tree for every command was half of a hook's instructions, and a
  // hook runs on every tool call: when argv names a command, only that one is built.
  std::vector<Command> commands;
  const std::string first = argc > 1 ? argv[1] : "";
  for (const auto& [name, add] : kCommands)
    if (first == name) commands.push_back(add(app, common));
  if (commands.empty())
    for (const auto& [name, add] : kCommands) commands.push_back(add(app, common));
  // A hook must never fail the session that runs it (settings written by a newer
  // memsim, a stray environment variable): its usage errors are logged, not shown.
  const bool hook = first == "hook";
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    out << app.help();
    return 0;
  } catch (const CLI::CallForVersion& e) {
    out << e.what() << "\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    // A subcommand's own --help lands here too.
    if (e.get_exit_code() == 0) {
      for (const Command& c : commands)
        if (c.sub->parsed()) out << c.sub->help();
      return 0;
    }
    if (hook) return hook_usage_failure(common.home, argc > 2 ? argv[2] : "", e.what());
    err << "memsim: " << e.what() << "\n";
    return 2;
  }

  PosixFileSystem fs;
  std::unique_ptr<Clock> clock;
  const std::string now_text = common.now.empty() ? env_or("MEMSIM_NOW", "") : common.now;
  if (!now_text.empty()) {
    auto t = parse_now(now_text);
    if (!t && hook) {
      // The session goes on with the real clock; the log says why the time was not fixed.
      (void)hook_usage_failure(common.home, argc > 2 ? argv[2] : "",
                               "--now/MEMSIM_NOW '" + now_text.substr(0, 40) +
                                   "' is not a time; the system clock was used");
      clock = std::make_unique<SystemClock>();
    } else if (!t) {
      err << "memsim: --now: '" << now_text << "' is not a time (use YYYY-MM-DDTHH:MM:SSZ)\n";
      return 2;
    } else {
      clock = std::make_unique<FixedClock>(*t);
    }
  } else {
    clock = std::make_unique<SystemClock>();
  }
  Context ctx{fs, Home(resolve_home(common.home)), std::move(clock), common.json, in, out, err};
  for (const Command& c : commands)
    if (c.sub->parsed()) return c.action(ctx);
  return ctx.fail("no command given (see memsim --help)");
}

}  // namespace memsim::cli
