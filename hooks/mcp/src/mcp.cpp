// The protocol half of the MCP server: framing, JSON-RPC 2.0 and MCP's lifecycle.
#include "memsim/mcp.h"

#include <exception>
#include <istream>
#include <ostream>
#include <streambuf>

#include <nlohmann/json.hpp>

#include "mcp_tools.h"
#include "memsim/json_io.h"

namespace memsim::mcp {

namespace {

using Json = nlohmann::json;

constexpr int kParseError = -32700, kInvalidRequest = -32600, kMethodNotFound = -32601, kInvalidParams = -32602,
              kInternalError = -32603;

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string error_response(const Json& id, int code, const std::string& message) {
  return dump(Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

std::string result_response(const Json& id, Json result) {
  return dump(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

Json initialize_result(const Json& params) {
  std::string version(kProtocolVersions[0]);
  if (auto it = params.find("protocolVersion"); it != params.end() && it->is_string())
    for (std::string_view v : kProtocolVersions)
      if (*it == v) version = v;
  return Json{{"protocolVersion", version},
              {"capabilities", {{"tools", {{"listChanged", false}}}}},
              {"serverInfo", {{"name", "memsim"}, {"title", "memsim memory"}, {"version", "0.1.0"}}},
              {"instructions",
               "Long-term memory of this project, kept as markdown files. memory_search finds memories by "
               "words (it never counts as a use); memory_get reads one (that counts as a use and keeps it "
               "fresh); memory_remember writes a fact the user stated; memory_supersede replaces a fact that "
               "stopped holding; memory_status reports the system's health."}};
}

}  // namespace

Server::Server(FileSystem& fs, const Clock& clock, Home home, std::string session)
    : fs_(fs), clock_(clock), home_(std::move(home)), session_(session.empty() ? "mcp" : std::move(session)) {}

Server::~Server() = default;

std::string Server::handle(std::string_view line) {
  if (line.find_first_not_of(" \t\r\n") == std::string_view::npos) return {};
  auto parsed = parse_json_input(line);
  if (!parsed.ok()) return error_response(nullptr, kParseError, "parse error: " + parsed.message());
  Json msg = std::move(*parsed);
  if (!msg.is_object())
    return error_response(nullptr, kInvalidRequest,
                          msg.is_array() ? "invalid request: batches are not supported"
                                         : "invalid request: not an object");
  const bool has_id = msg.contains("id");
  Json id = has_id ? msg["id"] : Json(nullptr);
  if (has_id && !id.is_string() && !id.is_number_integer())
    return error_response(nullptr, kInvalidRequest, "invalid request: id must be a string or an integer");
  auto method_it = msg.find("method");
  if (method_it == msg.end()) {
    // A response to a request of ours; this server sends none, so it is dropped.
    if (msg.contains("result") || msg.contains("error")) return {};
    return has_id ? error_response(id, kInvalidRequest, "invalid request: no method") : std::string();
  }
  if (msg.value("jsonrpc", Json()) != "2.0" || !method_it->is_string())
    return has_id
               ? error_response(id, kInvalidRequest, "invalid request: needs \"jsonrpc\": \"2.0\" and a string method")
               : std::string();
  const std::string method = *method_it;
  Json params = msg.contains("params") ? msg["params"] : Json::object();
  if (!has_id) {
    if (method == "notifications/initialized") initialized_ = true;
    return {};  // notifications/cancelled and the rest need nothing from a server that answers at once
  }
  if (!params.is_object()) return error_response(id, kInvalidParams, "invalid params: params must be an object");

  try {
    if (method == "initialize") return result_response(id, initialize_result(params));
    if (method == "ping") return result_response(id, Json::object());
    if (method == "tools/list") return result_response(id, Json{{"tools", detail::tool_list()}});
    if (method == "tools/call") {
      auto name = params.find("name");
      if (name == params.end() || !name->is_string())
        return error_response(id, kInvalidParams, "invalid params: tools/call needs a string \"name\"");
      Json args = params.contains("arguments") ? params["arguments"] : Json::object();
      if (args.is_null()) args = Json::object();
      if (!args.is_object()) return error_response(id, kInvalidParams, "invalid params: arguments must be an object");
      detail::ToolEnv env{fs_, clock_, home_, session_, [this]() -> const Redactor& {
                            if (!redactor_) redactor_ = std::make_unique<Redactor>();
                            return *redactor_;
                          }};
      auto result = detail::call_tool(env, *name, args);
      if (!result.ok()) return error_response(id, kInvalidParams, result.message());
      return result_response(id, std::move(*result));
    }
  } catch (const std::exception& e) {
    return error_response(id, kInternalError, std::string("internal error: ") + e.what());
  }
  return error_response(id, kMethodNotFound, "method not found: " + method.substr(0, 100));
}

void serve(Server& server, std::istream& in, std::ostream& out) {
  std::streambuf* sb = in.rdbuf();
  std::string line;
  bool too_long = false;
  auto finish = [&] {
    std::string response =
        too_long ? error_response(nullptr, kInvalidRequest,
                                  "invalid request: message longer than " + std::to_string(kMaxLineBytes) + " bytes")
                 : server.handle(line);
    if (!response.empty()) out << response << '\n' << std::flush;
    line.clear();
    too_long = false;
  };
  for (int c; (c = sb->sbumpc()) != std::char_traits<char>::eof();) {
    if (c == '\n') {
      finish();
    } else if (!too_long) {
      if (line.size() >= kMaxLineBytes) {
        too_long = true;
        line.clear();
        line.shrink_to_fit();
      } else {
        line += static_cast<char>(c);
      }
    }
  }
  if (!line.empty() || too_long) finish();
}

}  // namespace memsim::mcp
