// memsim run SCENARIO: the simulator (issue 7). Prints a short summary and the
// trace hash; writes report.json, report.md and report.html to --out.
#include <unistd.h>

#include <fmt/format.h>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "commands/run.h"
#include "memsim/sim/engine.h"
#include "memsim/sim/report.h"

namespace memsim::cli {

namespace {

// A progress bar on a terminal, nothing otherwise.
std::function<void(double)> progress_bar(std::ostream& err, bool quiet) {
  if (quiet || !::isatty(STDERR_FILENO)) return {};
  return [&err](double f) {
    const int filled = static_cast<int>(f * 30);
    err << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(30 - filled), ' ')
        << "] " << static_cast<int>(f * 100) << "%" << std::flush;
  };
}

}  // namespace

// Shared by run and replay: runs, reports a violation with its reproduction line.
int run_simulation(Context& ctx, const RunArgs& a, long long until, const std::string& out_dir) {
  auto sc = sim::load_scenario(a.scenario);
  if (!sc.ok()) return ctx.fail(sc.message());
  sim::RunOptions o;
  if (a.has_seed) o.seed = a.seed;
  o.until = until;
  o.check = a.check;
  o.keep = a.keep;
  o.progress = progress_bar(ctx.err, a.quiet);
  auto r = sim::run_scenario(*sc, o);
  if (o.progress) ctx.err << "\r" << std::string(40, ' ') << "\r";
  if (!r.ok()) return ctx.fail(r.message());
  if (!out_dir.empty()) {
    if (Status s = sim::write_reports(*sc, *r, out_dir); !s.ok()) return ctx.fail(s.message());
  }
  if (ctx.json) {
    ctx.out << dump_json(sim::report_json(*sc, *r), 2) << "\n";
  } else {
    ctx.out << sim::terminal_summary(*sc, *r);
    if (!out_dir.empty()) ctx.out << "reports in " << out_dir << "/ (report.md, report.html, report.json)\n";
    if (!r->run_dir.empty()) ctx.out << "homes kept in " << r->run_dir << "\n";
  }
  if (r->failure) {
    ctx.err << "memsim: invariant violated: " << *r->failure << "\n"
            << "reproduce: memsim replay " << a.scenario << " --seed " << r->seed << " --until " << r->failure_event << "\n";
    return 1;
  }
  return 0;
}

Command register_run(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("run", "run a simulator scenario (scenarios/*.yaml) and write reports");
  auto args = std::make_shared<RunArgs>();
  sub->add_option("scenario", args->scenario, "the scenario file")->required();
  sub->add_option("--out", args->out, "where the reports go (default reports/out)");
  sub->add_option("--seed", args->seed, "override the scenario's seed")->each([args](const std::string&) { args->has_seed = true; });
  sub->add_flag("--check", args->check, "check the invariants after every event");
  sub->add_flag("--keep", args->keep, "keep the temporary homes and print where they are");
  sub->add_flag("--quiet", args->quiet, "no progress bar");
  sub->add_flag("--json", common.json, "print report.json instead of the summary");
  return {sub, [args](Context& ctx) { return run_simulation(ctx, *args, -1, args->out); }};
}

}  // namespace memsim::cli
