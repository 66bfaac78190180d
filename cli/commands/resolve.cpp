// memsim resolve: a human settles a contradiction.
//   resolve ID               picks one candidate claim of a contested L1 slot; the
//                            others are kept, marked rejected, never deleted.
//   resolve KEY --keep FILE  settles open memory facts that share KEY: the others
//                            are closed (valid_until today), their bodies kept.
#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/promote.h"
#include "memsim/supersede.h"

namespace memsim::cli {

namespace {

int settle(Context& ctx, const std::string& key, const std::string& keep) {
  auto policy = ctx.policy();
  if (!policy.ok()) return ctx.fail(policy.message());
  auto settled = settle_key(ctx.fs, ctx.home, *ctx.clock, *policy, key, keep);
  if (!settled.ok()) return ctx.fail(settled.message());
  ctx.out << "resolved key '" << settled->key << "': memory/" << settled->kept << " holds\n";
  for (const std::string& f : settled->closed)
    ctx.out << "closed: memory/" << f << " (valid_until " << format_date(day_of(ctx.clock->now()))
            << "; its body and history kept)\n";
  return 0;
}

}  // namespace

Command register_resolve(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("resolve", "settle a contested key: choose one claim, or keep one memory file");
  add_common_options(sub, common);
  struct Args {
    std::string id, keep, user_home;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("ID", args->id, "the id of the claim that holds; with --keep, the key of the memory files")
      ->required();
  sub->add_option("--keep", args->keep,
                  "the memory file that holds for key ID; every other open fact with that key is closed");
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            if (!args->keep.empty()) return settle(ctx, args->id, args->keep);
            Status here = resolve(ctx.fs, ctx.home, args->id);
            const std::string user_dir = resolve_user_home(args->user_home);
            Status there = user_dir.empty() ? Status(Error{"no user home"}) : resolve(ctx.fs, Home(user_dir), args->id);
            if (!here.ok() && !there.ok()) return ctx.fail(here.message());
            ctx.out << "resolved: " << args->id << " holds; the other claims for its key are rejected\n";
            return 0;
          }};
}

}  // namespace memsim::cli
