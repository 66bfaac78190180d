#include "memsim/transcript.h"

#include <nlohmann/json.hpp>

#include <set>
#include <utility>

#include "memsim/json_io.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

using nlohmann::json;

std::string str_field(const json& j, const char* name) {
  auto it = j.find(name);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool true_field(const json& j, const char* name) {
  auto it = j.find(name);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

// Removes <system-reminder>...</system-reminder> blocks: the harness's and the
// hooks' injected text, ours included.
std::string strip_reminders(std::string s) {
  return without_blocks(std::move(s), "<system-reminder>", "</system-reminder>");
}

bool is_command_text(std::string_view s) {
  for (std::string_view tag :
       {"<command-name>", "<command-message>", "<local-command-stdout>", "<local-command-stderr>",
        "<task-notification>", "<command-args>", "<user-prompt-submit-hook>", "<bash-input>", "<bash-stdout>"})
    if (s.find(tag) != std::string_view::npos) return true;
  return s.starts_with("Caveat: ") || s.starts_with("[Request interrupted");
}

// Text blocks of a message's content: a string, or an array of {type:"text"} blocks.
std::vector<std::string> text_blocks(const json& content) {
  std::vector<std::string> out;
  if (content.is_string()) {
    out.push_back(content.get<std::string>());
  } else if (content.is_array()) {
    for (const json& b : content)
      if (b.is_object() && str_field(b, "type") == "text") out.push_back(str_field(b, "text"));
  }
  return out;
}

// Codex CLI sends the model these as user messages of its own making: the
// environment, AGENTS.md (where a project's instructions live) and the like.
bool is_codex_context(std::string_view s) {
  for (std::string_view head : {"<environment_context>", "<user_instructions>", "# AGENTS.md instructions",
                                "<INSTRUCTIONS>", "<turn_aborted>", "<user_shell_command>", "<skills_instructions>"})
    if (s.starts_with(head)) return true;
  return false;
}

// Codex CLI's rollout lines (docs/codex.md): session_meta names the session and
// its directory; a response_item message is the person's (role user, blocks of
// type input_text) or the assistant's (output_text). Developer messages are
// Codex's instructions and every hook's output, ours included: injected.
struct CodexSession {
  std::string id, cwd;
};

void scan_codex_item(const json& item, int line_no, Seconds time, const CodexSession& session,
                     std::set<std::string>& seen, TranscriptScan& scan) {
  if (!item.is_object() || str_field(item, "type") != "message") {
    ++scan.ignored;  // tool calls, their output, reasoning
    return;
  }
  const std::string role = str_field(item, "role");
  if (role != "user" && role != "assistant") {
    ++scan.injected;
    return;
  }
  const bool user = role == "user";
  auto content = item.find("content");
  if (content == item.end() || !content->is_array()) {
    ++scan.malformed;
    return;
  }
  bool any = false, context = false;
  for (const json& b : *content) {
    if (!b.is_object() || str_field(b, "type") != (user ? "input_text" : "output_text")) continue;
    std::string text = str_field(b, "text");
    if (text.empty()) continue;
    if (user && is_codex_context(text)) {
      context = true;
      continue;
    }
    if (!user && !seen.insert(str_field(item, "id") + "\n" + text).second) continue;
    scan.texts.push_back(TranscriptText{line_no, user, std::move(text), session.id, session.cwd, time});
    any = true;
  }
  if (!any) ++(context ? scan.injected : scan.ignored);
}

// Gemini CLI's chat JSONL (docs/gemini.md): a first line naming the session
// ({"sessionId", "kind", ...}, no type), "$set" lines that update it, and one
// line per message: type "user" with content parts ({"text"} or a function
// response), type "gemini" with its text as content. Gemini puts what hooks
// added into a user message as <hook_context> blocks, and its own environment
// as a <session_context> part: injected, never read.
void scan_gemini_message(const json& j, int line_no, Seconds time, const std::string& session,
                         std::set<std::string>& seen, TranscriptScan& scan) {
  const bool user = str_field(j, "type") == "user";
  const json& content = j["content"];
  std::vector<std::string> texts;
  bool injected = false;
  if (content.is_string()) texts.push_back(content.get<std::string>());
  else if (content.is_array())
    for (const json& part : content) {
      if (!part.is_object() || !part.contains("text") || !part["text"].is_string()) continue;
      std::string raw = part["text"].get<std::string>();
      if (raw.starts_with("<session_context>")) {
        injected = true;
        continue;
      }
      std::string text = without_hook_context(raw);
      injected = injected || text.size() != raw.size();
      if (!text.empty()) texts.push_back(std::move(text));
    }
  bool any = false;
  for (std::string& text : texts) {
    if (text.empty()) continue;
    if (!user && !seen.insert(str_field(j, "id") + "\n" + text).second) continue;
    scan.texts.push_back(TranscriptText{line_no, user, std::move(text), session, "", time});
    any = true;
  }
  if (!any) ++(injected ? scan.injected : scan.ignored);
}

}  // namespace

std::string without_hook_context(std::string text) {
  text = without_blocks(std::move(text), "<hook_context>", "</hook_context>");
  const size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : text.substr(first);
}

std::string without_blocks(std::string text, std::string_view open, std::string_view close) {
  for (size_t a = text.find(open); a != std::string::npos; a = text.find(open, a)) {
    const size_t b = text.find(close, a);
    text.erase(a, b == std::string::npos ? std::string::npos : b + close.size() - a);
  }
  return text;
}

TranscriptScan scan_transcript(std::string_view data) {
  TranscriptScan scan;
  static constexpr std::string_view kIgnoredTypes[] = {
      "system", "summary", "file-history-snapshot", "queue-operation", "progress", "custom-title",
      // Codex CLI's rollout
      "event_msg", "turn_context", "world_state", "token_usage_record", "compacted"};
  CodexSession codex;
  std::string gemini_session;
  std::set<std::string> seen_messages;  // one API response may span several lines
  int line_no = 0;
  size_t pos = 0;
  while (pos < data.size()) {
    size_t nl = data.find('\n', pos);
    if (nl == std::string_view::npos) nl = data.size();
    const std::string_view line = data.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    ++scan.lines;
    // Tool results are most of a transcript's bytes and hold no prose to learn;
    // their top-level "toolUseResult" key (escaped anywhere inside a string) lets
    // a whole line be skipped unparsed when it is at least shaped like an object.
    if (line.size() > 1024 && line.find("\"toolUseResult\":") != std::string_view::npos) {
      const size_t last = line.find_last_not_of(" \t\r");
      ++(line.front() == '{' && line[last] == '}' ? scan.ignored : scan.malformed);
      continue;
    }
    auto parsed = parse_json_input(line);
    if (!parsed.ok() || !parsed->is_object()) {
      ++scan.malformed;
      continue;
    }
    const json& j = *parsed;
    const std::string type = str_field(j, "type");
    if (type == "attachment") {
      ++scan.injected;
      continue;
    }
    if (type.empty() && j.contains("sessionId") && j.contains("kind")) {  // Gemini's first line
      gemini_session = str_field(j, "sessionId");
      ++scan.ignored;
      continue;
    }
    if (type.empty() && j.contains("$set")) {
      ++scan.ignored;
      continue;
    }
    if ((type == "user" || type == "gemini") && !j.contains("message") && j.contains("content")) {
      const auto t = parse_now(str_field(j, "timestamp"));
      scan_gemini_message(j, line_no, t ? *t : 0, gemini_session, seen_messages, scan);
      continue;
    }
    if (type == "info" || type == "warning" || type == "error") {
      ++scan.ignored;
      continue;
    }
    if (type == "session_meta" || type == "response_item") {
      auto payload = j.find("payload");
      if (payload == j.end() || !payload->is_object()) {
        ++scan.malformed;
        continue;
      }
      if (type == "session_meta") {
        codex = {str_field(*payload, "id"), str_field(*payload, "cwd")};
        ++scan.ignored;
        continue;
      }
      const auto t = parse_now(str_field(j, "timestamp"));
      scan_codex_item(*payload, line_no, t ? *t : 0, codex, seen_messages, scan);
      continue;
    }
    if (type != "user" && type != "assistant") {
      bool known = false;
      for (std::string_view t : kIgnoredTypes) known = known || t == type;
      ++(known ? scan.ignored : scan.unknown);
      continue;
    }
    auto msg = j.find("message");
    if (msg == j.end() || !msg->is_object() || !msg->contains("content")) {
      ++scan.malformed;
      continue;
    }
    const bool user = type == "user";
    if (true_field(j, "isMeta") || true_field(j, "isCompactSummary") || true_field(j, "isSidechain") ||
        true_field(j, "isVisibleInTranscriptOnly")) {
      ++scan.ignored;
      continue;
    }
    if (user) {
      auto origin = j.find("origin");
      if (origin != j.end() && origin->is_object() && str_field(*origin, "kind") != "human" &&
          !str_field(*origin, "kind").empty()) {
        ++scan.ignored;
        continue;
      }
      if (str_field(j, "promptSource") == "system") {
        ++scan.ignored;
        continue;
      }
    }
    std::vector<std::string> blocks = text_blocks((*msg)["content"]);
    if (blocks.empty()) {
      ++scan.ignored;
      continue;
    }
    const std::string msg_id = user ? std::string() : str_field(*msg, "id") + "/" + str_field(j, "requestId");
    const auto t = parse_now(str_field(j, "timestamp"));
    for (std::string& b : blocks) {
      std::string text = strip_reminders(std::move(b));
      if (text.empty() || (user && is_command_text(text))) continue;
      if (!user && msg_id != "/" && !seen_messages.insert(msg_id + "\n" + text).second) continue;
      scan.texts.push_back(
          TranscriptText{line_no, user, std::move(text), str_field(j, "sessionId"), str_field(j, "cwd"), t ? *t : 0});
    }
  }
  return scan;
}

}  // namespace memsim
