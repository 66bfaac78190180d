// The MCP server's tools (docs/mcp.md); mcp.cpp speaks the protocol around them.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim::mcp::detail {

struct ToolEnv {
  FileSystem& fs;
  const Clock& clock;
  const Home& home;
  const std::string& session;
  std::function<const Redactor&()> redactor;
};

// The tools/list "tools" array: name, title, description, inputSchema, annotations.
nlohmann::json tool_list();

// The tools/call result ({"content":[{"type":"text","text":...}],"isError":...}):
// isError for arguments that break the tool's schema ("invalid arguments: ...")
// and for a tool that ran and failed. An Error only when the tool is unknown
// (the caller answers -32602 with the message).
Result<nlohmann::json> call_tool(ToolEnv& env, const std::string& name, const nlohmann::json& arguments);

}  // namespace memsim::mcp::detail
