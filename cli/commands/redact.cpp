// memsim redact: standard input to standard output through the same filter that
// capture uses, so anyone can test what would reach disk.
#include <iterator>

#include "commands/context.h"
#include "memsim/redact.h"

namespace memsim::cli {

Command register_redact(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("redact", "filter standard input to standard output, replacing secrets");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            std::string input((std::istreambuf_iterator<char>(ctx.in)), std::istreambuf_iterator<char>());
            Redactor redactor;
            RedactResult r = redactor.redact(input);
            ctx.out << r.text;
            return 0;
          }};
}

}  // namespace memsim::cli
