// memsim lint: hygiene findings. Exit 1 when any error or warning is found.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/lint.h"
#include "memsim/reindex.h"
#include "memsim/render.h"

namespace memsim::cli {

Command register_lint(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("lint", "report missing or bad metadata, names, vague summaries, conflicts");
  add_common_options(sub, common);
  return {
      sub, [](Context& ctx) -> int {
        auto policy = ctx.policy();
        if (!policy.ok()) return ctx.fail(policy.message());
        auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy, {.write = false});
        if (!rep.ok()) return ctx.fail(rep.message());
        auto findings = lint(rep->ranked, rep->bad_journal_lines, rep->index.unfit_pins);
        int serious = 0;
        nlohmann::json arr = nlohmann::json::array();
        for (const Finding& f : findings) {
          if (f.severity != Severity::kInfo) ++serious;
          if (ctx.json) {
            arr.push_back(
                {{"file", f.file}, {"code", f.code}, {"severity", severity_name(f.severity)}, {"message", f.message}});
          } else {
            ctx.out << render_name(f.file, 400) << ": " << severity_name(f.severity) << ": " << f.code << ": "
                    << f.message << "\n";
          }
          if (f.severity == Severity::kError)
            ctx.err << "memsim: " << render_name(f.file, 400) << ": " << f.message << "\n";
        }
        if (ctx.json) {
          ctx.out << dump_json(nlohmann::json{{"findings", arr}, {"problems", serious}}, 2) << "\n";
        } else {
          ctx.out << rep->ranked.corpus.memories.size() << " memories checked, " << serious << " problem(s)\n";
        }
        return serious > 0 ? 1 : 0;
      }};
}

}  // namespace memsim::cli
