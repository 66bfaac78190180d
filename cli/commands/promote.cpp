// memsim promote [--apply]: a dry run of the promotion pass, or staging of its
// proposals into staged/. Never touches a committed file (that is adopt).
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/json_io.h"
#include "memsim/promote.h"
#include "memsim/render.h"

namespace memsim::cli {

Command register_promote(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("promote", "show what would move up the ladder; --apply stages proposals");
  add_common_options(sub, common);
  struct Args {
    bool apply = false;
    std::string user_home;
  };
  auto args = std::make_shared<Args>();
  sub->add_flag("--apply", args->apply, "write the proposals to staged/ (default: dry run)");
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            const std::string user_dir = resolve_user_home(args->user_home);
            const Home user(user_dir);
            const Home* user_home = user_dir.empty() ? nullptr : &user;
            const Seconds now = ctx.clock->now();
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto plan = plan_promotions(ctx.fs, ctx.home, user_home, policy->gates, now);
            if (!plan.ok()) return ctx.fail(plan.message());
            if (args->apply) {
              auto n = stage_promotions(ctx.fs, ctx.home, user_home, *plan, now);
              if (!n.ok()) return ctx.fail(n.message());
            }
            nlohmann::json rows = nlohmann::json::array();
            for (const Proposal& p : *plan) {
              const auto& e = p.evidence;
              if (ctx.json) {
                rows.push_back({{"id", p.id},
                                {"claim", p.claim},
                                {"kind", p.kind},
                                {"quote", p.quote},
                                {"to", p.to},
                                {"moves", p.moves},
                                {"blocks", p.blocks},
                                {"sessions", e.sessions},
                                {"days", e.days},
                                {"projects", e.projects},
                                {"staged", p.moves && args->apply}});
                continue;
              }
              // Claims and quotes come from transcripts: shown inert, with their role and evidence.
              const std::string counts = " [" + render_line(p.kind, 40) + ", " + std::to_string(e.sessions) +
                                         " sessions, " + std::to_string(e.days) + " days, " +
                                         std::to_string(e.projects) + " projects]";
              const std::string claim = " \"" + render_line(p.claim, 400) + "\"";
              const std::string source = p.quote.empty() ? "" : "\n    source: \"" + render_line(p.quote, 300) + "\"";
              if (p.moves) {
                ctx.out << (args->apply ? "staged " : "would promote ") << p.id << " -> " << p.to << claim << counts
                        << source << "\n";
              } else {
                ctx.out << "blocked " << p.id << " -> " << p.to << claim << counts << ": ";
                for (size_t i = 0; i < p.blocks.size(); ++i) ctx.out << (i ? "; " : "") << p.blocks[i];
                ctx.out << source << "\n";
              }
            }
            if (ctx.json) ctx.out << dump_json(rows) << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
