// memsim inspect: what is remembered above L0, and what blocks each next step.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/json_io.h"
#include "memsim/promote.h"

namespace memsim::cli {

Command register_inspect(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("inspect", "list atoms by tier, contested or quarantined");
  add_common_options(sub, common);
  struct Args {
    std::string tier, user_home;
    bool contested = false, quarantined = false;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--tier", args->tier, "L1, L2 or L3")->check(CLI::IsMember({"L1", "L2", "L3"}));
  sub->add_flag("--contested", args->contested, "only claims with an open contradiction");
  sub->add_flag("--quarantined", args->quarantined, "only claims whose text redaction changed");
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            auto slots = load_slots(ctx.fs, ctx.home);
            if (!slots.ok()) return ctx.fail(slots.message());
            // L3 lives in the user-level home.
            if (args->tier == "L3") {
              const std::string user_dir = resolve_user_home(args->user_home);
              if (user_dir.empty()) return ctx.fail("inspect: no user-level home (give --user-home)");
              slots = load_slots(ctx.fs, Home(user_dir));
              if (!slots.ok()) return ctx.fail(slots.message());
            }
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            nlohmann::json rows = nlohmann::json::array();
            for (const Slot& slot : *slots)
              for (const Atom& a : slot.atoms) {
                const bool contested = slot.contested() && a.status != "rejected";
                if (!args->tier.empty() && (a.status == "adopted" ? a.tier : "L1") != args->tier) continue;
                if (args->contested && !contested) continue;
                if (args->quarantined && !a.quarantined) continue;
                const Evidence e = evidence_of(a);
                const Verdict v = judge(slot, a, policy->gates, ctx.clock->now(), false);
                if (ctx.json) {
                  rows.push_back({{"id", a.id},
                                  {"claim", a.claim},
                                  {"key", slot.key},
                                  {"kind", a.kind},
                                  {"tier", a.status == "adopted" ? a.tier : "L1"},
                                  {"status", a.status},
                                  {"contested", contested},
                                  {"quarantined", a.quarantined},
                                  {"sessions", e.sessions},
                                  {"days", e.days},
                                  {"projects", e.projects},
                                  {"blocks", v.blocks}});
                  continue;
                }
                ctx.out << a.id << " " << (a.status == "adopted" ? a.tier : "L1") << " " << a.status << " \"" << a.claim
                        << "\" (" << e.sessions << " sessions, " << e.days << " days)"
                        << (contested ? " [contested]" : "") << (a.quarantined ? " [quarantined]" : "") << "\n";
                if (a.status == "candidate" && !v.blocks.empty()) {
                  ctx.out << "  blocks:";
                  for (size_t i = 0; i < v.blocks.size(); ++i) ctx.out << (i ? ";" : "") << " " << v.blocks[i];
                  ctx.out << "\n";
                }
              }
            if (ctx.json) ctx.out << dump_json(rows) << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
