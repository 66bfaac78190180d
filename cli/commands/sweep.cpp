// memsim sweep SCENARIO [--knob K --values a,b,c]: where the verdict flips. Runs
// the scenario's sweep: section (or the one knob given) and writes sweep.md,
// sweep.html and sweep.json to --out.
#include <fmt/format.h>

#include "commands/context.h"
#include "commands/run.h"
#include "memsim/sim/sweep.h"

namespace memsim::cli {

Command register_sweep(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("sweep", "vary one world knob at a time and chart which policy wins where");
  (void)common;
  auto args = std::make_shared<RunArgs>();
  auto knob = std::make_shared<std::string>();
  auto values = std::make_shared<std::vector<double>>();
  sub->add_option("scenario", args->scenario, "the scenario file")->required();
  sub->add_option("--knob", *knob, "the knob to vary (instead of the scenario's sweep: section)");
  sub->add_option("--values", *values, "its values, comma separated")->delimiter(',');
  sub->add_option("--out", args->out, "where the reports go (default reports/out)");
  sub->add_option("--seed", args->seed, "the first seed")->each([args](const std::string&) { args->has_seed = true; });
  sub->add_option("--seeds", args->seeds, "seeds per point (default: the sweep's, else the scenario's)")
      ->check(CLI::Range(1, 10000));
  sub->add_option("--jobs", args->jobs, "threads (default: every core)")->check(CLI::Range(1, 1024));
  sub->add_flag("--quiet", args->quiet, "no progress bar");
  return {sub, [args, knob, values](Context& ctx) {
            auto sc = sim::load_scenario(args->scenario);
            if (!sc.ok()) return ctx.fail(sc.message());
            if (!knob->empty() || !values->empty()) {
              if (knob->empty() || values->empty()) return ctx.fail("--knob and --values go together");
              if (!sim::is_sweep_knob(*knob))
                return ctx.fail("--knob: unknown knob '" + *knob + "' (" + sim::sweep_knob_names() + ")");
              sc->sweep.axes = {{*knob, *values}};
            }
            SignalGuard guard;
            sim::BatchOptions o;
            if (args->has_seed) o.first_seed = args->seed;
            o.seeds = args->seeds;
            o.jobs = args->jobs;
            o.stop = guard.flag();
            auto bar = progress_bar(ctx.err, args->quiet, "points");
            auto r = sim::run_sweep(*sc, o, bar);
            if (bar) ctx.err << "\r" << std::string(50, ' ') << "\r";
            if (!r.ok()) {
              const int code = ctx.fail(r.message());
              guard.reraise();
              return code;
            }
            if (Status s = sim::write_sweep_reports(*sc, *r, args->out); !s.ok()) return ctx.fail(s.message());
            ctx.out << sim::sweep_markdown(*sc, *r) << "reports in " << args->out
                    << "/ (sweep.md, sweep.html, sweep.json)\n";
            return 0;
          }};
}

}  // namespace memsim::cli
