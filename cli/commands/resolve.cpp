// memsim resolve ID: a human settles a contradiction. The chosen claim stays a
// candidate; the others are kept, marked rejected, never deleted.
#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/promote.h"

namespace memsim::cli {

Command register_resolve(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("resolve", "settle a contested key by choosing one claim");
  add_common_options(sub, common);
  struct Args {
    std::string id, user_home;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("ID", args->id, "the id of the claim that holds")->required();
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            Status here = resolve(ctx.fs, ctx.home, args->id);
            const std::string user_dir = resolve_user_home(args->user_home);
            Status there = user_dir.empty() ? Status(Error{"no user home"}) : resolve(ctx.fs, Home(user_dir), args->id);
            if (!here.ok() && !there.ok()) return ctx.fail(here.message());
            ctx.out << "resolved: " << args->id << " holds; the other claims for its key are rejected\n";
            return 0;
          }};
}

}  // namespace memsim::cli
