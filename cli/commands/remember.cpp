// memsim remember NAME --type T --summary "..." [--body ...] [--key K]: direct
// teaching; writes one T2 file with confidence stated (core remember.h).
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/remember.h"

namespace memsim::cli {

Command register_remember(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("remember", "write a fact the user stated as a memory file (confidence stated)");
  add_common_options(sub, common);
  struct Args {
    RememberRequest r;
    std::string key;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("NAME", args->r.name, "kebab-case topic, or <type>_<topic>")->required();
  sub->add_option("--type", args->r.type,
                  "feedback, project, reference, user, process, handoff, preference, decision, person")
      ->required();
  sub->add_option("--summary", args->r.summary, "one line: the index row")->required();
  sub->add_option("--body", args->r.body, "details (default: the summary)");
  auto* key = sub->add_option("--key", args->key, "a slot two conflicting facts share");
  return {sub, [args, key](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            RememberRequest r = args->r;
            if (key->count() > 0) r.key = args->key;
            Redactor redactor;
            auto res = remember(ctx.fs, ctx.home, *ctx.clock, *policy, redactor, r);
            if (!res.ok()) return ctx.fail(res.message());
            if (!res->warning.empty()) ctx.err << "memsim: " << res->warning << "\n";
            if (ctx.json) ctx.out << dump_json(nlohmann::json{{"written", res->file}}) << "\n";
            else ctx.out << "wrote memory/" << res->file << ":\n" << res->text;
            return 0;
          }};
}

}  // namespace memsim::cli
