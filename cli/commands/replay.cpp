// memsim replay SCENARIO --seed S --until N: the line a failed run prints. The
// same run as `memsim run`, stopped after event N, with every invariant checked.
#include "commands/context.h"
#include "commands/run.h"

namespace memsim::cli {

Command register_replay(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("replay", "rerun a scenario up to event N with every invariant checked");
  auto args = std::make_shared<RunArgs>();
  auto until = std::make_shared<long long>(-1);
  sub->add_option("scenario", args->scenario, "the scenario file")->required();
  sub->add_option("--seed", args->seed, "the seed the failing run printed")->each([args](const std::string&) { args->has_seed = true; });
  sub->add_option("--until", *until, "stop after this many events")->required();
  sub->add_flag("--keep", args->keep, "keep the temporary homes and print where they are");
  sub->add_flag("--json", common.json, "print report.json instead of the summary");
  return {sub, [args, until](Context& ctx) {
            RunArgs a = *args;
            a.check = true;
            a.quiet = true;
            return run_simulation(ctx, a, *until, "");
          }};
}

}  // namespace memsim::cli
