// memsim meditation next [--record]: which object the nightly sit takes next.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/meditation.h"

namespace memsim::cli {

Command register_meditation(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("meditation", "the meditation rotation");
  auto* next = sub->add_subcommand("next", "pick the next object; --record marks it used");
  sub->require_subcommand(1);
  add_common_options(next, common);
  auto record = std::make_shared<bool>(false);
  next->add_flag("--record", *record, "mark the picked object used now");
  return {sub, [record](Context& ctx) -> int {
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto objects = load_meditations(ctx.fs, ctx.home);
            if (!objects.ok()) return ctx.fail(objects.message());
            auto sits = read_sits(ctx.fs, ctx.home);
            if (!sits.ok()) return ctx.fail(sits.message());
            const Seconds now = ctx.clock->now();
            auto pick = pick_meditation(*objects, *sits, now);
            if (!pick) return ctx.fail(ctx.home.meditations_dir() + ": no eligible meditation object");
            const MeditationObject& o = (*objects)[pick->index];
            if (*record) {
              if (Status s = record_sit(ctx.fs, ctx.home, o, now, policy->lock_timeout_ms); !s.ok())
                return ctx.fail(s.message());
            }
            const char* shelf = o.shelf == Shelf::kAwareness ? "awareness" : "instrumental";
            if (ctx.json) {
              ctx.out << dump_json(nlohmann::json{{"name", o.name},
                                                  {"shelf", shelf},
                                                  {"score", pick->score},
                                                  {"floor_applied", pick->floor_applied},
                                                  {"recorded", *record}})
                      << "\n";
            } else {
              ctx.out << o.name << " (" << shelf << (pick->floor_applied ? ", awareness floor" : "") << ")"
                      << (*record ? ", recorded" : "") << "\n";
            }
            return 0;
          }};
}

}  // namespace memsim::cli
