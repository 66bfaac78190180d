// memsim adopt ID | --all: the human step. Writes a new T2 file (L2; an existing
// file is never overwritten, an open fact with the same key is superseded) or the
// persona line of the user-level identity.md (L3, after a backup), and shows what
// was adopted.
#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/promote.h"
#include "memsim/reindex.h"
#include "memsim/render.h"

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
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            for (const std::string& id : ids) {
              auto a = adopt(ctx.fs, ctx.home, user_home, id, *policy, ctx.clock->now());
              if (!a.ok()) return ctx.fail(a.message());
              // What was adopted, shown inert: the claim came from a transcript.
              ctx.out << "adopted " << id << " -> " << render_name(a->path, 400) << ": " << a->to << " ["
                      << render_line(a->kind, 40) << ", " << a->sessions << " sessions, " << a->days << " days] \""
                      << render_line(a->claim, 400) << "\"";
              if (!a->quote.empty()) ctx.out << " (source: \"" << render_line(a->quote, 300) << "\")";
              ctx.out << "\n";
              if (!a->kept.empty())
                ctx.out << "  " << render_name(a->kept, 400) << " already exists and was left as it was; the claim "
                        << "went to a new file beside it (supersede one of them if they disagree)\n";
              for (const std::string& f : a->superseded)
                ctx.out << "  supersedes memory/" << render_name(f, 400)
                        << ": its window closes today and its text stays readable with recall --as-of\n";
            }
            // The next session loads what was adopted: the index is rebuilt now, as
            // remember and supersede do, not left to the next index run.
            if (ids.empty()) return 0;
            auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy);
            if (!rep.ok()) ctx.err << "memsim: adopted, but the index was not regenerated: " << rep.message() << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
