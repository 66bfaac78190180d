// memsim forget FILE --reason "...": the only deletion, for a fact that should
// never have been written (SPEC section 6). The reason and the removed text's
// sha256 go to runtime/forget.log first.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/supersede.h"

namespace memsim::cli {

Command register_forget(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("forget", "delete a fact that should never have been written, logging why");
  add_common_options(sub, common);
  struct Args {
    std::string file, reason;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("FILE", args->file, "the memory file to remove")->required();
  sub->add_option("--reason", args->reason, "why it should never have been written (logged)")->required();
  return {sub, [args](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            if (Status s = forget(ctx.fs, ctx.home, *ctx.clock, *policy, Redactor(), args->file, args->reason); !s.ok())
              return ctx.fail(s.message());
            auto name = memory_name_from_arg(args->file);
            if (ctx.json) {
              ctx.out << dump_json(nlohmann::json{{"forgotten", *name}, {"log", ctx.home.forget_log_path()}}) << "\n";
            } else {
              ctx.out << "forgot memory/" << *name << "; reason logged in " << ctx.home.forget_log_path() << "\n";
            }
            return 0;
          }};
}

}  // namespace memsim::cli
