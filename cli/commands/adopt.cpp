// memsim adopt ID | --all: the human step. Writes the T2 file (L2) or the persona
// line of the user-level identity.md (L3), after a backup.
#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/promote.h"

namespace memsim::cli {

Command register_adopt(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("adopt", "adopt a staged proposal into a committed file");
  add_common_options(sub, common);
  struct Args {
    std::string id, user_home;
    bool all = false;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("ID", args->id, "the proposal's id (see memsim promote)");
  sub->add_flag("--all", args->all, "adopt every staged proposal");
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            if (args->id.empty() == !args->all) return ctx.fail("adopt: give one ID or --all");
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            const std::string user_dir = resolve_user_home(args->user_home);
            const Home user(user_dir);
            const Home* user_home = user_dir.empty() ? nullptr : &user;
            std::vector<std::string> ids = {args->id};
            if (args->all) {
              auto staged = staged_ids(ctx.fs, ctx.home, user_home);
              if (!staged.ok()) return ctx.fail(staged.message());
              ids = *staged;
            }
            for (const std::string& id : ids) {
              auto path = adopt(ctx.fs, ctx.home, user_home, id, ctx.clock->now());
              if (!path.ok()) return ctx.fail(path.message());
              ctx.out << "adopted " << id << " -> " << *path << "\n";
            }
            return 0;
          }};
}

}  // namespace memsim::cli
