#include "commands/app.h"

#include <cstdlib>
#include <iostream>

#include "commands/context.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

Result<Policy> Context::policy() { return load_policy(fs, home.root()); }

int Context::fail(const std::string& message) {
  err << "memsim: " << message << "\n";
  return 2;
}

void add_common_options(CLI::App* sub, CommonOptions& common) {
  sub->add_option("--home", common.home, "the agent's home directory (default $MEMSIM_HOME, else ./.memsim)");
  sub->add_option("--now", common.now, "fix the clock: YYYY-MM-DD[THH:MM:SSZ] (default $MEMSIM_NOW, else now)");
  sub->add_flag("--json", common.json, "print JSON");
}

namespace {

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
  std::vector<Command> commands = {
      register_init(app, common),   register_index(app, common), register_touch(app, common),
      register_status(app, common), register_lint(app, common),
      register_tick(app, common),   register_meditation(app, common),
      register_hook(app, common), register_install_hooks(app, common), register_verify_install(app, common),
      register_recall(app, common),  register_supersede(app, common), register_forget(app, common),
      register_run(app, common),    register_replay(app, common),
      register_redact(app, common), register_capture(app, common), register_promote(app, common),
      register_adopt(app, common),  register_why(app, common),     register_inspect(app, common),
      register_resolve(app, common),
  };
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
    err << "memsim: " << e.what() << "\n";
    return 2;
  }

  PosixFileSystem fs;
  std::unique_ptr<Clock> clock;
  const std::string now_text = common.now.empty() ? env_or("MEMSIM_NOW", "") : common.now;
  if (!now_text.empty()) {
    auto t = parse_now(now_text);
    if (!t) {
      err << "memsim: --now: '" << now_text << "' is not a time (use YYYY-MM-DDTHH:MM:SSZ)\n";
      return 2;
    }
    clock = std::make_unique<FixedClock>(*t);
  } else {
    clock = std::make_unique<SystemClock>();
  }
  Context ctx{fs, Home(common.home.empty() ? env_or("MEMSIM_HOME", ".memsim") : common.home),
              std::move(clock), common.json, in, out, err};
  for (const Command& c : commands)
    if (c.sub->parsed()) return c.action(ctx);
  return ctx.fail("no command given (see memsim --help)");
}

}  // namespace memsim::cli
