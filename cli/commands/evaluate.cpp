// memsim evaluate --home H: would each ranking have served your own sessions?
// Replays the home's journal session by session (docs/simulator.md) and prints
// the share of reads each variant's index would have listed, with intervals.
#include <filesystem>
#include <fstream>

#include "commands/context.h"
#include "memsim/sim/evaluate.h"

namespace memsim::cli {

Command register_evaluate(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("evaluate", "replay the home's journal: would each ranking have served each read?");
  add_common_options(sub, common);
  auto out = std::make_shared<std::string>();
  auto draws = std::make_shared<int>(2000);
  sub->add_option("--out", *out, "also write evaluate.md and evaluate.json into this directory");
  sub->add_option("--bootstrap", *draws, "bootstrap resamples (default 2000)")->check(CLI::Range(10, 100000));
  return {sub, [out, draws](Context& ctx) {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto r = sim::evaluate_home(ctx.fs, ctx.home, sim::default_evaluate_variants(*policy), *draws);
            if (!r.ok()) return ctx.fail(r.message());
            const std::string md = sim::evaluate_markdown(*r);
            if (!out->empty()) {
              std::error_code ec;
              std::filesystem::create_directories(*out, ec);
              for (const auto& [name, text] : {std::pair<std::string, std::string>{"evaluate.md", md},
                                               {"evaluate.json", sim::evaluate_json(*r).dump(1) + "\n"}}) {
                std::ofstream f(*out + "/" + name, std::ios::binary);
                f << text;
                if (!f) return ctx.fail(*out + "/" + name + ": cannot write");
              }
            }
            if (ctx.json) ctx.out << sim::evaluate_json(*r).dump(2) << "\n";
            else ctx.out << md;
            return 0;
          }};
}

}  // namespace memsim::cli
