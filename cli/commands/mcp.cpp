// memsim mcp: the MCP server on standard input and output (docs/mcp.md). Claude
// Code starts it from the project's .mcp.json (install-hooks --mcp).
#include "memsim/mcp.h"
#include "commands/context.h"

namespace memsim::cli {

Command register_mcp(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("mcp", "serve the memory tools over MCP (JSON-RPC on stdin/stdout)");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            // The home is checked per tool call: a server that exited at once would
            // only show the person "failed to connect" without the reason.
            mcp::Server server(ctx.fs, *ctx.clock, ctx.home);
            mcp::serve(server, ctx.in, ctx.out);
            return 0;
          }};
}

}  // namespace memsim::cli
