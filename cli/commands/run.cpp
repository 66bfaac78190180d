// memsim run SCENARIO: the simulator over the scenario's seeds (10 by default),
// in parallel over the cores. Prints the verdict and a row per variant; writes
// report.json, report.md and report.html to --out.
#include <signal.h>
#include <unistd.h>

#include <csignal>

#include <fmt/format.h>

#include "commands/context.h"
#include "commands/run.h"
#include "memsim/json_io.h"
#include "memsim/sim/batch.h"
#include "memsim/sim/report.h"
#include "memsim/sim/summary.h"

namespace memsim::cli {

namespace {

// The one piece of process-wide state: what a signal handler may touch.
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void on_signal(int sig) {
  g_signal = sig;
  g_stop.store(true);
}

}  // namespace

SignalGuard::SignalGuard() {
  g_stop.store(false);
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int s : kSignals) ::sigaction(s, &sa, nullptr);
}

SignalGuard::~SignalGuard() {
  for (int s : kSignals) std::signal(s, SIG_DFL);
}

const std::atomic<bool>* SignalGuard::flag() const { return &g_stop; }

void SignalGuard::reraise() const {
  if (g_signal == 0) return;
  const int sig = g_signal;
  std::signal(sig, SIG_DFL);
  ::raise(sig);
}

std::function<void(int, int)> progress_bar(std::ostream& err, bool quiet, const char* unit) {
  if (quiet || !::isatty(STDERR_FILENO)) return {};
  return [&err, unit](int done, int total) {
    const int filled = total > 0 ? done * 30 / total : 0;
    err << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
        << std::string(static_cast<std::size_t>(30 - filled), ' ') << "] " << done << "/" << total << " " << unit
        << std::flush;
  };
}

int run_simulation(Context& ctx, const RunArgs& a, const std::string& out_dir) {
  auto sc = sim::load_scenario(a.scenario);
  if (!sc.ok()) return ctx.fail(sc.message());
  SignalGuard guard;
  sim::BatchOptions o;
  if (a.has_seed) o.first_seed = a.seed;
  o.seeds = a.seeds;
  o.jobs = a.jobs;
  o.check = a.check;
  o.keep = a.keep;
  o.stop = guard.flag();
  o.progress = progress_bar(ctx.err, a.quiet, "seeds");
  auto b = sim::run_batch(*sc, o);
  if (o.progress) ctx.err << "\r" << std::string(50, ' ') << "\r";
  if (!b.ok()) {
    const int code = ctx.fail(b.message());
    guard.reraise();
    return code;
  }
  const sim::Summary s = sim::summarize(*sc, *b);
  if (!out_dir.empty())
    if (Status st = sim::write_reports(*sc, s, *b, out_dir); !st.ok()) return ctx.fail(st.message());
  if (ctx.json) {
    ctx.out << dump_json(sim::report_json(*sc, s, *b), 2) << "\n";
  } else {
    ctx.out << sim::terminal_summary(*sc, s);
    if (!out_dir.empty()) ctx.out << "reports in " << out_dir << "/ (report.md, report.html, report.json)\n";
    for (const sim::RunResult& r : b->runs)
      if (!r.run_dir.empty()) ctx.out << "homes of seed " << r.seed << " kept in " << r.run_dir << "\n";
  }
  int code = 0;
  for (const sim::RunResult& r : b->runs)
    if (r.failure) {
      ctx.err << "memsim: invariant violated: seed " << r.seed << ": " << *r.failure << "\n"
              << "reproduce: memsim replay " << a.scenario << " --seed " << r.seed << " --until " << r.failure_event
              << "\n";
      code = 1;
    }
  return code;
}

Command register_run(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("run", "run a simulator scenario (scenarios/*.yaml) over its seeds and write reports");
  auto args = std::make_shared<RunArgs>();
  sub->add_option("scenario", args->scenario, "the scenario file")->required();
  sub->add_option("--out", args->out, "where the reports go (default reports/out)");
  sub->add_option("--seed", args->seed, "the first seed (default: the scenario's)")->each([args](const std::string&) {
    args->has_seed = true;
  });
  sub->add_option("--seeds", args->seeds, "how many seeds (default: the scenario's seeds:, else 10)")
      ->check(CLI::Range(1, 10000));
  sub->add_option("--jobs", args->jobs, "threads (default: every core)")->check(CLI::Range(1, 1024));
  sub->add_flag("--check", args->check, "check the invariants after every event");
  sub->add_flag("--keep", args->keep, "keep the temporary homes and print where they are");
  sub->add_flag("--quiet", args->quiet, "no progress bar");
  sub->add_flag("--json", common.json, "print report.json instead of the summary");
  return {sub, [args](Context& ctx) { return run_simulation(ctx, *args, args->out); }};
}

}  // namespace memsim::cli
