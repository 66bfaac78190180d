// memsim calibrate --home H [--out FILE]: a scenario fitted to the home's journal
// (workload measured, need process fitted; docs/simulator.md), so a person can
// simulate a world like their own with `memsim run FILE`.
#include <fstream>

#include "commands/context.h"
#include "memsim/sim/calibrate.h"

namespace memsim::cli {

Command register_calibrate(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("calibrate", "fit the simulator's world to the home's journal and write a scenario");
  add_common_options(sub, common);
  auto out = std::make_shared<std::string>();
  sub->add_option("--out", *out, "the scenario file to write (default: print it)");
  return {sub, [out](Context& ctx) {
            auto c = sim::calibrate_home(ctx.fs, ctx.home);
            if (!c.ok()) return ctx.fail(c.message());
            if (out->empty()) {
              ctx.out << c->yaml;
              return 0;
            }
            std::ofstream f(*out, std::ios::binary);
            f << c->yaml;
            if (!f) return ctx.fail(*out + ": cannot write the scenario");
            for (const std::string& n : c->notes) ctx.out << "- " << n << "\n";
            ctx.out << "wrote " << *out << " (memsim run " << *out << ")\n";
            return 0;
          }};
}

}  // namespace memsim::cli
