// memsim handoff --done ... --in-progress ... --next ... --decision ... --gotcha ...:
// writes memory/HANDOFF.md for the next session (core handoff.h); the next main
// session's start injects it once and marks it consumed.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/handoff.h"
#include "memsim/json_io.h"

namespace memsim::cli {

Command register_handoff(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("handoff", "write memory/HANDOFF.md for the next session (read once at its start)");
  add_common_options(sub, common);
  auto r = std::make_shared<HandoffRequest>();
  sub->add_option("--done", r->done, "what was done (repeat for each item)");
  sub->add_option("--in-progress", r->in_progress, "what is in progress, with its status");
  sub->add_option("--next", r->next, "the next steps");
  sub->add_option("--decision", r->decisions, "a decision made, and why");
  sub->add_option("--gotcha", r->gotchas, "a trap the next session should know");
  sub->add_option("--session", r->session, "the session writing it (default -)");
  return {sub, [r](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            Redactor redactor;
            auto res = write_handoff(ctx.fs, ctx.home, *ctx.clock, *policy, redactor, *r);
            if (!res.ok()) return ctx.fail(res.message());
            if (!res->redacted.empty())
              ctx.err << "memsim: " << res->redacted.size() << " secret(s) replaced by [REDACTED:<kind>]\n";
            if (ctx.json) {
              ctx.out << dump_json(nlohmann::json{{"written", "memory/HANDOFF.md"},
                                                  {"archived", res->archived.empty() ? nlohmann::json(nullptr)
                                                                                     : nlohmann::json(res->archived)},
                                                  {"redacted", res->redacted}})
                      << "\n";
              return 0;
            }
            if (!res->archived.empty()) ctx.out << "moved the earlier handoff to " << res->archived << "\n";
            ctx.out << "wrote memory/HANDOFF.md (the next session start reads it once):\n" << res->text << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
