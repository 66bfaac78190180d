// memsim replay SCENARIO --seed S --until N: the line a failed run prints. The
// same seed as `memsim run`, stopped after event N, with every invariant checked.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/run.h"
#include "memsim/sim/engine.h"

namespace memsim::cli {

Command register_replay(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("replay", "rerun one seed of a scenario up to event N with every invariant checked");
  auto args = std::make_shared<RunArgs>();
  auto until = std::make_shared<long long>(-1);
  sub->add_option("scenario", args->scenario, "the scenario file")->required();
  sub->add_option("--seed", args->seed, "the seed the failing run printed")->each([args](const std::string&) {
    args->has_seed = true;
  });
  sub->add_option("--until", *until, "stop after this many events")->required();
  sub->add_flag("--keep", args->keep, "keep the temporary homes and print where they are");
  sub->add_flag("--json", common.json, "print the run as JSON");
  return {sub, [args, until](Context& ctx) {
            auto sc = sim::load_scenario(args->scenario);
            if (!sc.ok()) return ctx.fail(sc.message());
            SignalGuard guard;
            sim::RunOptions o;
            if (args->has_seed) o.seed = args->seed;
            o.until = *until;
            o.check = true;
            o.keep = args->keep;
            o.stop = guard.flag();
            auto r = sim::run_scenario(*sc, o);
            if (!r.ok()) {
              const int code = ctx.fail(r.message());
              guard.reraise();
              return code;
            }
            if (ctx.json) {
              nlohmann::json j{{"seed", r->seed},
                               {"events", r->events},
                               {"trace_hash", sim::hex_hash(r->trace_hash)},
                               {"failure", r->failure ? nlohmann::json(*r->failure) : nlohmann::json()}};
              ctx.out << j.dump(2) << "\n";
            } else {
              ctx.out << fmt::format("seed {}: {} events, trace hash {}\n", r->seed, r->events,
                                     sim::hex_hash(r->trace_hash));
              if (!r->run_dir.empty()) ctx.out << "homes kept in " << r->run_dir << "\n";
            }
            if (r->failure) {
              ctx.err << "memsim: invariant violated: " << *r->failure << "\n";
              return 1;
            }
            return 0;
          }};
}

}  // namespace memsim::cli
