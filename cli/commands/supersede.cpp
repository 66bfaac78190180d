// memsim supersede OLD [--with NEW] [--summary "..."]: close OLD's window and
// write its successor (SPEC section 6). OLD's body is never touched.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/supersede.h"

namespace memsim::cli {

Command register_supersede(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("supersede", "close a fact's window and write the fact that replaces it");
  add_common_options(sub, common);
  struct Args {
    std::string old_file, new_file, summary, type, body, confidence = "stated";
  };
  auto args = std::make_shared<Args>();
  sub->add_option("OLD", args->old_file, "the memory file that stopped holding today")->required();
  auto* with = sub->add_option("--with", args->new_file, "the new memory file's name (default <old>-2.md)");
  auto* summary = sub->add_option("--summary", args->summary, "the new fact's summary (default OLD's, to edit)");
  sub->add_option("--type", args->type, "the new fact's type (default OLD's)");
  sub->add_option("--body", args->body, "the new fact's body (default: the summary and what it supersedes)");
  sub->add_option("--confidence", args->confidence, "stated, observed, inferred or verified (default stated)")
      ->check(CLI::IsMember({"stated", "observed", "inferred", "verified"}));
  return {sub, [args, with, summary](Context& ctx) -> int {
            if (with->count() == 0 && summary->count() == 0) return ctx.fail("supersede: give --with NEW or --summary");
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            SupersedeRequest r;
            r.old_file = args->old_file;
            r.new_file = args->new_file;
            if (summary->count() > 0) r.summary = args->summary;
            if (!args->type.empty()) r.type = args->type;
            r.body = args->body;
            r.confidence = parse_confidence(args->confidence).value_or(Confidence::kStated);
            Redactor redactor;
            auto res = supersede(ctx.fs, ctx.home, *ctx.clock, *policy, redactor, r);
            if (!res.ok()) return ctx.fail(res.message());
            if (ctx.json) {
              ctx.out << dump_json(nlohmann::json{{"closed", res->old_file}, {"written", res->new_file}}) << "\n";
            } else {
              ctx.out << "closed memory/" << res->old_file << " (valid_until today); wrote memory/" << res->new_file
                      << ":\n"
                      << res->new_text;
            }
            return 0;
          }};
}

}  // namespace memsim::cli
