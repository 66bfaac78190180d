// memsim redact: standard input to standard output through the same filter that
// capture uses, so anyone can test what would reach disk.
#include <string>

#include "commands/context.h"
#include "memsim/redact.h"

namespace memsim::cli {

Command register_redact(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("redact", "filter standard input to standard output, replacing secrets");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            // In blocks: a character at a time through a stdio-synced stream costs
            // more than the redaction itself.
            std::string input;
            char block[1 << 16];
            while (ctx.in.read(block, sizeof block) || ctx.in.gcount() > 0)
              input.append(block, static_cast<std::size_t>(ctx.in.gcount()));
            Redactor redactor;
            RedactResult r = redactor.redact(input);
            ctx.out << r.text;
            return 0;
          }};
}

}  // namespace memsim::cli
