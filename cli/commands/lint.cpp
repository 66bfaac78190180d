// memsim lint: hygiene findings. Exit 1 when any error or warning is found.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/lint.h"
#include "memsim/reindex.h"

namespace memsim::cli {

Command register_lint(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("lint", "report missing or bad metadata, names, vague summaries, conflicts");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy, {.write = false});
            if (!rep.ok()) return ctx.fail(rep.message());
            auto findings = lint(rep->ranked, rep->bad_journal_lines);
            int serious = 0;
            nlohmann::json arr = nlohmann::json::array();
            for (const Finding& f : findings) {
              if (f.severity != Severity::kInfo) ++serious;
              if (ctx.json) {
                arr.push_back({{"file", f.file}, {"code", f.code},
                               {"severity", severity_name(f.severity)}, {"message", f.message}});
              } else {
                ctx.out << f.file << ": " << severity_name(f.severity) << ": " << f.code << ": " << f.message
                        << "\n";
              }
              if (f.severity == Severity::kError) ctx.err << "memsim: " << f.file << ": " << f.message << "\n";
            }
            if (ctx.json) {
              ctx.out << nlohmann::json{{"findings", arr}, {"problems", serious}}.dump(2) << "\n";
            } else {
              ctx.out << rep->ranked.corpus.memories.size() << " memories checked, " << serious
                      << " problem(s)\n";
            }
            return serious > 0 ? 1 : 0;
          }};
}

}  // namespace memsim::cli
