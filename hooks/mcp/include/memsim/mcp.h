// `memsim mcp`: a Model Context Protocol server over standard input and output.
//
// Transport: JSON-RPC 2.0, one message per line (UTF-8, no embedded newline), as
// MCP's stdio transport says. Methods: initialize, ping, tools/list, tools/call;
// notifications (messages without an id) are read and never answered. Tools:
// memory_search, memory_get, memory_remember, memory_supersede, memory_status
// (docs/mcp.md). The same core functions as the commands run underneath.
//
// Errors never end the server: a line that is not JSON answers -32700, a message
// that is not a request -32600, an unknown method -32601, arguments that do not
// fit the tool's schema -32602; a tool that ran and failed (no such file, a name
// taken, a secret refused) answers a result with isError: true. A line longer
// than kMaxLineBytes is skipped without being held in memory, answered -32600.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"

namespace memsim::mcp {

constexpr std::size_t kMaxLineBytes = 16u << 20;
// The protocol revisions this server speaks; it answers the client's when listed,
// else the newest.
constexpr std::string_view kProtocolVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

class Server {
 public:
  // fs, clock and home are the server's for its whole life; the session names
  // the journal lines memory_get writes ("mcp" when empty).
  Server(FileSystem& fs, const Clock& clock, Home home, std::string session = "mcp");
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // One message in; the response line (no trailing newline), or "" when the
  // message gets none (a notification, a blank line, a client's response).
  std::string handle(std::string_view line);

 private:
  FileSystem& fs_;
  const Clock& clock_;
  Home home_;
  std::string session_;
  std::unique_ptr<Redactor> redactor_;  // built on the first call that needs it
  bool initialized_ = false;
};

// Serves until end of input: each response is written with a newline and flushed.
void serve(Server& server, std::istream& in, std::ostream& out);

}  // namespace memsim::mcp
