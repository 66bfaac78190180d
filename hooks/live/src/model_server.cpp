#include "memsim/model_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

namespace memsim::live {

struct ModelServer::State {
  int listen_fd = -1;
  int port = 0;
  std::atomic<bool> stopping{false};
  std::thread acceptor;
  mutable std::mutex mu;  // guards everything below
  std::vector<ScriptedTurn> script;
  std::size_t next_turn = 0;
  std::vector<ModelRequest> requests;
  std::vector<std::thread> connections;

  void serve();
  void handle(int fd);
  std::string respond(const std::string& path, const std::string& body);
};

namespace {

constexpr std::size_t kMaxRequest = 64u << 20;  // Claude Code's requests are tens of KB
constexpr int kPollMs = 100;

// Reads until `want` bytes are buffered, the peer closes, or the server stops.
bool read_more(int fd, std::string& buf, const std::atomic<bool>& stopping) {
  char chunk[65536];
  while (!stopping) {
    pollfd p{fd, POLLIN, 0};
    const int r = ::poll(&p, 1, kPollMs);
    if (r < 0 && errno != EINTR) return false;
    if (r <= 0) continue;
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    buf.append(chunk, static_cast<std::size_t>(n));
    return true;
  }
  return false;
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string sse(const std::string& event, const nlohmann::json& data) {
  return "event: " + event + "\ndata: " + data.dump() + "\n\n";
}

// One assistant message in the streaming format: message_start, one content
// block (tool_use with its input as a single JSON delta, or text), the stop.
std::string stream_turn(const ScriptedTurn& turn, std::size_t n, const std::string& model) {
  const std::string id = "msg_memsim_" + std::to_string(n);
  std::string out = sse("message_start", {{"type", "message_start"},
                                          {"message",
                                           {{"id", id},
                                            {"type", "message"},
                                            {"role", "assistant"},
                                            {"model", model},
                                            {"content", nlohmann::json::array()},
                                            {"stop_reason", nullptr},
                                            {"stop_sequence", nullptr},
                                            {"usage", {{"input_tokens", 1}, {"output_tokens", 1}}}}}});
  nlohmann::json block, delta;
  if (!turn.tool.empty()) {
    block = {{"type", "tool_use"},
             {"id", "toolu_memsim_" + std::to_string(n)},
             {"name", turn.tool},
             {"input", nlohmann::json::object()}};
    delta = {{"type", "input_json_delta"}, {"partial_json", turn.input.dump()}};
  } else {
    block = {{"type", "text"}, {"text", ""}};
    delta = {{"type", "text_delta"}, {"text", turn.text}};
  }
  out += sse("content_block_start", {{"type", "content_block_start"}, {"index", 0}, {"content_block", block}});
  out += sse("content_block_delta", {{"type", "content_block_delta"}, {"index", 0}, {"delta", delta}});
  out += sse("content_block_stop", {{"type", "content_block_stop"}, {"index", 0}});
  out += sse("message_delta",
             {{"type", "message_delta"},
              {"delta", {{"stop_reason", turn.tool.empty() ? "end_turn" : "tool_use"}, {"stop_sequence", nullptr}}},
              {"usage", {{"output_tokens", 1}}}});
  out += sse("message_stop", {{"type", "message_stop"}});
  return out;
}

// The same turn in the OpenAI Responses API's streaming format, as Codex CLI
// reads it: the response created, one output item done (a function_call with its
// arguments as one JSON string, or an assistant message), the response completed.
std::string stream_response(const ScriptedTurn& turn, std::size_t n) {
  const std::string id = "resp_memsim_" + std::to_string(n);
  nlohmann::json item;
  if (!turn.tool.empty())
    item = {{"type", "function_call"},
            {"id", "fc_memsim_" + std::to_string(n)},
            {"call_id", "call_memsim_" + std::to_string(n)},
            {"name", turn.tool},
            {"arguments", turn.input.dump()}};
  else
    item = {{"type", "message"},
            {"id", "msg_memsim_" + std::to_string(n)},
            {"role", "assistant"},
            {"content", {{{"type", "output_text"}, {"text", turn.text}, {"annotations", nlohmann::json::array()}}}}};
  const nlohmann::json usage = {{"input_tokens", 1},
                                {"output_tokens", 1},
                                {"total_tokens", 2},
                                {"input_tokens_details", {{"cached_tokens", 0}}},
                                {"output_tokens_details", {{"reasoning_tokens", 0}}}};
  return sse("response.created", {{"type", "response.created"}, {"response", {{"id", id}}}}) +
         sse("response.output_item.done",
             {{"type", "response.output_item.done"}, {"output_index", 0}, {"item", item}}) +
         sse("response.completed", {{"type", "response.completed"}, {"response", {{"id", id}, {"usage", usage}}}});
}

// The same turn as the Gemini API answers it, as Gemini CLI reads it: one
// candidate whose content is a functionCall part or a text part.
nlohmann::json gemini_response(const ScriptedTurn& turn) {
  const nlohmann::json part = !turn.tool.empty()
                                  ? nlohmann::json{{"functionCall", {{"name", turn.tool}, {"args", turn.input}}}}
                                  : nlohmann::json{{"text", turn.text}};
  return {{"candidates",
           {{{"content", {{"parts", {part}}, {"role", "model"}}}, {"finishReason", "STOP"}, {"index", 0}}}},
          {"usageMetadata", {{"promptTokenCount", 1}, {"candidatesTokenCount", 1}, {"totalTokenCount", 2}}}};
}

std::string http_response(const std::string& status, const std::string& type, const std::string& body) {
  return "HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

}  // namespace

std::string ModelServer::State::respond(const std::string& path, const std::string& raw) {
  nlohmann::json body = nlohmann::json::parse(raw, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) body = nullptr;
  const std::string route = path.substr(0, path.find('?'));
  if (route == "/v1/messages/count_tokens")
    return http_response("200 OK", "application/json", nlohmann::json{{"input_tokens", raw.size() / 4}}.dump());
  const bool responses = route == "/v1/responses";
  // The Gemini API: /v1beta/models/<model>:<method>.
  const std::size_t colon = route.rfind(':');
  const std::string gemini =
      route.starts_with("/v1beta/models/") && colon != std::string::npos ? route.substr(colon + 1) : "";
  if (gemini == "countTokens")
    return http_response("200 OK", "application/json", nlohmann::json{{"totalTokens", raw.size() / 4}}.dump());
  const bool gemini_turn = gemini == "streamGenerateContent" || gemini == "generateContent";
  if ((route != "/v1/messages" && !responses && !gemini_turn) || !body.is_object())
    return http_response(
        "404 Not Found", "application/json",
        R"({"type":"error","error":{"type":"not_found_error","message":"scripted model: no such route"}})");
  const bool conversation = body.contains("tools") && body["tools"].is_array() && !body["tools"].empty();
  ScriptedTurn turn = ScriptedTurn::say(conversation ? "done" : "ok");
  std::size_t n = 0;
  {
    std::lock_guard lock(mu);
    if (conversation && next_turn < script.size()) turn = script[next_turn++];
    n = requests.size() + 1;
    requests.push_back({path, body, conversation});
  }
  if (gemini == "generateContent") return http_response("200 OK", "application/json", gemini_response(turn).dump());
  if (gemini_turn)
    return http_response("200 OK", "text/event-stream", "data: " + gemini_response(turn).dump() + "\r\n\r\n");
  const std::string model =
      body.contains("model") && body["model"].is_string() ? body["model"].get<std::string>() : std::string("scripted");
  return http_response("200 OK", "text/event-stream",
                       responses ? stream_response(turn, n) : stream_turn(turn, n, model));
}

void ModelServer::State::handle(int fd) {
  std::string buf;
  std::size_t head_end;
  while ((head_end = buf.find("\r\n\r\n")) == std::string::npos)
    if (buf.size() > kMaxRequest || !read_more(fd, buf, stopping)) return;
  const std::string head = buf.substr(0, head_end);
  buf.erase(0, head_end + 4);
  const std::size_t sp1 = head.find(' '), sp2 = head.find(' ', sp1 + 1);
  const std::string method = head.substr(0, sp1), path = head.substr(sp1 + 1, sp2 - sp1 - 1);
  std::size_t length = 0;
  bool chunked = false;
  for (std::size_t p = head.find("\r\n"); p != std::string::npos;) {
    const std::size_t e = head.find("\r\n", p + 2);
    const std::string line = lower(head.substr(p + 2, e == std::string::npos ? std::string::npos : e - p - 2));
    if (line.starts_with("content-length:")) length = std::strtoull(line.c_str() + 15, nullptr, 10);
    if (line.starts_with("transfer-encoding:") && line.find("chunked") != std::string::npos) chunked = true;
    p = e;
  }
  std::string body;
  if (chunked) {  // size line, data, CRLF ... until a zero size
    for (;;) {
      std::size_t eol;
      while ((eol = buf.find("\r\n")) == std::string::npos)
        if (!read_more(fd, buf, stopping)) return;
      const std::size_t size = std::strtoull(buf.c_str(), nullptr, 16);
      while (buf.size() < eol + 2 + size + 2)
        if (buf.size() > kMaxRequest || !read_more(fd, buf, stopping)) return;
      body.append(buf, eol + 2, size);
      buf.erase(0, eol + 2 + size + 2);
      if (size == 0) break;
    }
  } else {
    if (length > kMaxRequest) return;
    while (buf.size() < length)
      if (!read_more(fd, buf, stopping)) return;
    body = buf.substr(0, length);
  }
  const std::string reply =
      method == "POST" ? respond(path, body) : http_response("404 Not Found", "text/plain", "scripted model\n");
  write_all(fd, reply);
}

void ModelServer::State::serve() {
  while (!stopping) {
    pollfd p{listen_fd, POLLIN, 0};
    if (::poll(&p, 1, kPollMs) <= 0) continue;
    // Close-on-exec: the claude this server answers must not inherit its sockets.
    const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    std::lock_guard lock(mu);
    connections.emplace_back([this, fd] {
      handle(fd);
      ::shutdown(fd, SHUT_RDWR);
      ::close(fd);
    });
  }
}

Result<std::unique_ptr<ModelServer>> ModelServer::start(std::vector<ScriptedTurn> script) {
  auto state = std::make_unique<State>();
  state->script = std::move(script);
  state->listen_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (state->listen_fd < 0) return Error{std::string("scripted model: socket: ") + std::strerror(errno)};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(state->listen_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(state->listen_fd, 16) != 0 ||
      ::getsockname(state->listen_fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    const std::string why = std::strerror(errno);
    ::close(state->listen_fd);
    return Error{"scripted model: cannot listen on 127.0.0.1: " + why};
  }
  state->port = ntohs(addr.sin_port);
  State* s = state.get();
  state->acceptor = std::thread([s] { s->serve(); });
  return std::unique_ptr<ModelServer>(new ModelServer(std::move(state)));
}

ModelServer::ModelServer(std::unique_ptr<State> state) : state_(std::move(state)) {}

ModelServer::~ModelServer() {
  state_->stopping = true;
  state_->acceptor.join();
  // No new connection threads after the acceptor is gone; each ends within a poll.
  for (std::thread& t : state_->connections) t.join();
  ::close(state_->listen_fd);
}

std::string ModelServer::base_url() const { return "http://127.0.0.1:" + std::to_string(state_->port); }

std::vector<ModelRequest> ModelServer::requests() const {
  std::lock_guard lock(state_->mu);
  return state_->requests;
}

std::vector<nlohmann::json> ModelServer::conversation() const {
  std::vector<nlohmann::json> out;
  for (ModelRequest& r : requests())
    if (r.conversation) out.push_back(std::move(r.body));
  return out;
}

namespace {

void append_text(const nlohmann::json& content, std::string& out) {
  if (content.is_string()) {
    out += content.get<std::string>();
    out += '\n';
  } else if (content.is_array()) {
    for (const auto& block : content) append_text(block, out);
  } else if (content.is_object()) {
    if (content.contains("text")) append_text(content["text"], out);
    if (content.contains("content")) append_text(content["content"], out);
    if (content.contains("input")) out += content["input"].dump() + "\n";
  }
}

}  // namespace

std::string request_text(const nlohmann::json& body) {
  std::string out;
  if (!body.is_object()) return out;
  if (body.contains("system")) append_text(body["system"], out);
  if (body.contains("messages")) append_text(body["messages"], out);
  // The Gemini API: the system instruction's parts, then each content's parts
  // (text, a function call's arguments, a function response).
  for (const char* key : {"systemInstruction", "contents"}) {
    if (!body.contains(key)) continue;
    const nlohmann::json& v = body[key];
    for (const auto& content : v.is_array() ? v : nlohmann::json::array({v})) {
      if (!content.is_object() || !content.contains("parts") || !content["parts"].is_array()) continue;
      for (const auto& part : content["parts"]) {
        if (!part.is_object()) continue;
        if (part.contains("text")) append_text(part["text"], out);
        if (part.contains("functionCall")) out += part["functionCall"].value("args", nlohmann::json()).dump() + "\n";
        if (part.contains("functionResponse")) {
          const auto& response = part["functionResponse"].value("response", nlohmann::json());
          if (response.is_object() && response.contains("output")) append_text(response["output"], out);
          else out += response.dump() + "\n";
        }
      }
    }
  }
  // The Responses API: instructions, then input items (messages, calls, outputs).
  if (body.contains("instructions")) append_text(body["instructions"], out);
  if (body.contains("input") && body["input"].is_array())
    for (const auto& item : body["input"]) {
      if (!item.is_object()) continue;
      if (item.contains("content")) append_text(item["content"], out);
      if (item.contains("arguments") && item["arguments"].is_string())
        out += item["arguments"].get<std::string>() + "\n";
      if (item.contains("output")) append_text(item["output"], out);
    }
  return out;
}

std::vector<std::string> system_messages(const nlohmann::json& body) {
  std::vector<std::string> out;
  if (!body.is_object() || !body.contains("messages") || !body["messages"].is_array()) return out;
  for (const auto& m : body["messages"]) {
    if (!m.is_object() || !m.contains("role") || m["role"] != "system" || !m.contains("content")) continue;
    std::string text;
    append_text(m["content"], text);
    if (!text.empty() && text.back() == '\n') text.pop_back();
    out.push_back(std::move(text));
  }
  return out;
}

}  // namespace memsim::live
