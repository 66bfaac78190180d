#include "memsim/install.h"

#include "hooks_json.h"
#include "matchers.h"

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "memsim/fs.h"
#include "memsim/json_io.h"

namespace memsim::install {

namespace {

using detail::dump;
using detail::Group;
using detail::installed_hooks;
using detail::is_word_list;
using detail::Json;
using detail::matcher_words;
using detail::merge_hooks;
using detail::parse_settings;
using detail::remove_hooks;
using detail::shell_word;

// The homes whose entries are ours: the spec's, and the absolute path an older
// install wrote.
std::vector<std::string> homes_of(const HookSpec& spec) {
  std::vector<std::string> homes{spec.home};
  if (!spec.home_path.empty() && spec.home_path != spec.home) homes.push_back(spec.home_path);
  return homes;
}

bool names_home(const Json& args, const std::vector<std::string>& homes) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--home" && args[i + 1].is_string() &&
        std::find(homes.begin(), homes.end(), args[i + 1].get<std::string>()) != homes.end())
      return true;
  return false;
}

bool is_ours(const Json& h, const std::vector<std::string>& homes) {
  if (!h.is_object() || h.value("type", "") != "command") return false;
  auto cmd = h.find("command");
  auto args = h.find("args");
  if (cmd == h.end() || !cmd->is_string() || !base_name(cmd->get<std::string>()).starts_with("memsim")) return false;
  if (args == h.end() || !args->is_array() || args->empty() || (*args)[0] != "hook") return false;
  return names_home(*args, homes);
}

Json handler(const HookSpec& spec, const char* event, int timeout) {
  Json h = {{"type", "command"}, {"command", spec.command}, {"args", {"hook", event, "--home", spec.home}}};
  if (timeout > 0) h["timeout"] = timeout;
  return h;
}

std::vector<Group> desired(const HookSpec& spec) {
  std::vector<Group> out;
  for (const std::string& m : pre_tool_use_matchers(spec))
    out.push_back({"PreToolUse", Json{{"matcher", m}, {"hooks", {handler(spec, "pre-tool-use", 5)}}}});
  out.push_back({"SessionStart", Json{{"hooks", {handler(spec, "session-start", 10)}}}});
  out.push_back({"UserPromptSubmit", Json{{"hooks", {handler(spec, "user-prompt-submit", 10)}}}});
  // No timeout: a settings timeout would raise the 1.5 s all SessionEnd hooks share.
  out.push_back({"SessionEnd", Json{{"hooks", {handler(spec, "session-end", 0)}}}});
  return out;
}

}  // namespace

std::vector<std::string> pre_tool_use_matchers(const HookSpec& spec) {
  std::vector<std::string> names = matcher_words(std::string(kTouchMatcher));
  std::vector<std::string> regexes;
  for (const std::string& m : spec.lens_tool_matches) {
    if (is_word_list(m)) {
      for (const std::string& n : matcher_words(m))
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    } else if (std::find(regexes.begin(), regexes.end(), m) == regexes.end()) {
      regexes.push_back(m);
    }
  }
  std::string joined;
  for (const std::string& n : names) joined += (joined.empty() ? "" : "|") + n;
  std::vector<std::string> out{joined};
  out.insert(out.end(), regexes.begin(), regexes.end());
  return out;
}

Result<std::string> merge_settings(std::string_view text, const HookSpec& spec, const std::string& origin) {
  const auto homes = homes_of(spec);
  return merge_hooks(
      text, desired(spec), [&](const Json& h) { return is_ours(h, homes); }, origin);
}

Result<std::string> remove_settings(std::string_view text, const HookSpec& spec, const std::string& origin) {
  const auto homes = homes_of(spec);
  return remove_hooks(
      text, [&](const Json& h) { return is_ours(h, homes); }, origin);
}

Result<std::vector<InstalledHook>> find_installed(std::string_view text, const std::string& home,
                                                  const std::string& origin) {
  return installed_hooks(
      text, [&](const Json& h) { return is_ours(h, {home}); }, origin);
}

namespace {

struct Block {
  std::size_t begin = std::string_view::npos, end = 0;  // [begin, end): whole lines
};

Block find_block(std::string_view text) {
  Block b;
  for (std::size_t p = 0; p < text.size();) {
    std::size_t nl = text.find('\n', p);
    std::size_t stop = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string_view line = text.substr(p, stop - p);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (b.begin == std::string_view::npos && line == kBlockBegin) b.begin = p;
    else if (b.begin != std::string_view::npos && line == kBlockEnd) {
      b.end = stop;
      return b;
    }
    p = stop;
  }
  return Block{};
}

}  // namespace

namespace {

std::string merge_block(std::string_view text, const std::string& line) {
  const std::string block = std::string(kBlockBegin) + "\n" + line + "\n" + std::string(kBlockEnd) + "\n";
  Block b = find_block(text);
  if (b.begin != std::string_view::npos) {
    std::string out(text);
    out.replace(b.begin, b.end - b.begin, block);
    return out;
  }
  if (text.empty()) return block;
  std::string out(text);
  if (out.back() != '\n') out += '\n';
  return out + "\n" + block;
}

}  // namespace

std::string merge_claude_md(std::string_view text, const std::string& import_path) {
  return merge_block(text, std::string(kImportFraming) + "\n@" + import_path);
}

std::string merge_claude_md_shared(std::string_view text) { return merge_block(text, std::string(kSharedBlockLine)); }

Result<std::string> set_profile_env(std::string_view text, bool shared, const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  if (j.contains("env") && !j["env"].is_object()) return Error{origin + ": \"env\" is not an object"};
  if (settings_shared(text) == shared) return std::string(text);
  if (shared) {
    j["env"]["MEMSIM_PROFILE"] = "shared";
  } else {
    j["env"].erase("MEMSIM_PROFILE");
    if (j["env"].empty()) j.erase("env");
  }
  return dump(j, text);
}

std::optional<bool> auto_memory_setting(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("autoMemoryEnabled") || !j["autoMemoryEnabled"].is_boolean()) return std::nullopt;
  return j["autoMemoryEnabled"].get<bool>();
}

bool has_auto_memory_key(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  return j.is_object() && j.contains("autoMemoryEnabled");
}

Result<std::string> set_auto_memory(std::string_view text, std::optional<bool> value, const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  const bool has = j.contains("autoMemoryEnabled");
  if (!value && !has) return std::string(text);
  if (value && has && j["autoMemoryEnabled"] == *value) return std::string(text);
  if (value) j["autoMemoryEnabled"] = *value;
  else j.erase("autoMemoryEnabled");
  return dump(j, text);
}

bool settings_shared(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  return j.is_object() && j.contains("env") && j["env"].is_object() && j["env"].contains("MEMSIM_PROFILE") &&
         j["env"]["MEMSIM_PROFILE"] == "shared";
}

std::string remove_claude_md(std::string_view text) {
  Block b = find_block(text);
  if (b.begin == std::string_view::npos) return std::string(text);
  std::size_t begin = b.begin;
  // Install put one blank line before a block it appended at the end.
  if (b.end == text.size() && begin >= 2 && text.substr(begin - 2, 2) == "\n\n") --begin;
  std::string out(text);
  out.erase(begin, b.end - begin);
  return out;
}

std::string claude_md_import(std::string_view text) {
  Block b = find_block(text);
  if (b.begin == std::string_view::npos) return {};
  std::string_view inner = text.substr(b.begin, b.end - b.begin);
  for (std::size_t p = 0; p < inner.size();) {
    std::size_t nl = inner.find('\n', p);
    std::string_view line = inner.substr(p, (nl == std::string_view::npos ? inner.size() : nl) - p);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.starts_with("@")) return std::string(line.substr(1));
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  return {};
}

Result<Targets> resolve_targets(const std::string& scope, const std::string& settings, const std::string& claude_md,
                                const std::string& project_dir, const std::string& user_home,
                                const std::string& index_path) {
  if (scope != "project" && scope != "user") return Error{"--scope: '" + scope + "' is not project or user"};
  std::string base;
  if (scope == "user") {
    if (user_home.empty()) return Error{"--scope user: HOME is not set (give --settings and --claude-md)"};
    base = join_path(user_home, ".claude");
  }
  Targets t;
  t.settings = !settings.empty() ? settings
               : scope == "user" ? join_path(base, "settings.json")
                                 : join_path(join_path(project_dir, ".claude"), "settings.json");
  t.claude_md = !claude_md.empty() ? claude_md
                : scope == "user"  ? join_path(base, "CLAUDE.md")
                                   : join_path(project_dir, "CLAUDE.md");
  const std::string settings_dir = t.settings.substr(0, t.settings.rfind('/') + 1);
  t.commands_dir = join_path(settings_dir.empty() ? "." : settings_dir, "commands");
  if (scope == "project") t.mcp_json = join_path(project_dir, ".mcp.json");
  const std::string dir = t.claude_md.substr(0, t.claude_md.rfind('/') + 1);
  t.import_path =
      !dir.empty() && dir.front() == '/' && index_path.starts_with(dir) ? index_path.substr(dir.size()) : index_path;
  return t;
}

namespace {

Result<Json> parse_object(std::string_view text, const std::string& origin) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return Json::object();
  auto parsed = parse_json_input<Json>(text);
  if (!parsed.ok()) return Error{origin + ": " + parsed.message() + " (fix or move it, then run again)"};
  if (!parsed->is_object()) return Error{origin + ": not a JSON object"};
  return std::move(*parsed);
}

Json mcp_entry(const HookSpec& spec) {
  return Json{{"command", spec.command}, {"args", {"mcp", "--home", spec.home}}, {"env", Json::object()}};
}

bool is_our_server(const Json& s, const std::vector<std::string>& homes) {
  if (!s.is_object()) return false;
  auto cmd = s.find("command");
  auto args = s.find("args");
  if (cmd == s.end() || !cmd->is_string() || !base_name(cmd->get<std::string>()).starts_with("memsim")) return false;
  if (args == s.end() || !args->is_array()) return false;
  return names_home(*args, homes);
}

}  // namespace

Result<std::string> merge_mcp_json(std::string_view text, const HookSpec& spec, const std::string& origin) {
  auto parsed = parse_object(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  if (j.contains("mcpServers") && !j["mcpServers"].is_object())
    return Error{origin + ": \"mcpServers\" is not an object"};
  const std::string name(kMcpServerName);
  const Json want = mcp_entry(spec);
  if (j.contains("mcpServers") && j["mcpServers"].contains(name)) {
    const Json& have = j["mcpServers"][name];
    if (!is_our_server(have, homes_of(spec)))
      return Error{origin + ": an MCP server named \"" + name +
                   "\" is already there and is not this home's; rename or remove it, then run again"};
    if (have == want) return std::string(text);
  }
  j["mcpServers"][name] = want;
  return dump(j, text);
}

Result<std::string> remove_mcp_json(std::string_view text, const HookSpec& spec, const std::string& origin) {
  auto parsed = parse_object(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  const std::string name(kMcpServerName);
  if (!j.contains("mcpServers") || !j["mcpServers"].is_object() || !j["mcpServers"].contains(name) ||
      !is_our_server(j["mcpServers"][name], homes_of(spec)))
    return std::string(text);
  j["mcpServers"].erase(name);
  if (j["mcpServers"].empty()) j.erase("mcpServers");
  return dump(j, text);
}

Result<std::string> approve_mcp_server(std::string_view text, const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  Json& list = j["enabledMcpjsonServers"];
  if (list.is_null()) list = Json::array();
  if (!list.is_array()) return Error{origin + ": \"enabledMcpjsonServers\" is not a list"};
  const std::string name(kMcpServerName);
  for (const Json& n : list)
    if (n == name) return std::string(text);
  list.push_back(name);
  return dump(j, text);
}

Result<std::string> unapprove_mcp_server(std::string_view text, const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  if (!j.contains("enabledMcpjsonServers") || !j["enabledMcpjsonServers"].is_array()) return std::string(text);
  Json& list = j["enabledMcpjsonServers"];
  const std::size_t before = list.size();
  for (std::size_t i = list.size(); i-- > 0;)
    if (list[i] == std::string(kMcpServerName)) list.erase(i);
  if (list.size() == before) return std::string(text);
  if (list.empty()) j.erase("enabledMcpjsonServers");
  return dump(j, text);
}

std::vector<CommandFile> slash_commands(const HookSpec& spec) {
  const std::string c = shell_word(spec.command), h = shell_word(spec.home);
  auto run = [&](const std::string& sub) { return c + " " + sub + " --home " + h; };
  auto allow = [&](std::initializer_list<const char*> subs) {
    std::string out;
    for (const char* s : subs) out += (out.empty() ? "" : ", ") + std::string("Bash(") + c + " " + s + ":*)";
    return out;
  };
  return {
      {"memory-status.md",
       "---\ndescription: Memory health - sizes against budgets, staleness, lint, maintenance due (memsim status)\n"
       "allowed-tools: " +
           allow({"status"}) +
           "\n---\n"
           "The memory system's status:\n\n!`" +
           run("status") +
           "`\n\n"
           "Summarize it for me in a few lines: what is over budget, stale, in conflict or flagged by lint, and what "
           "maintenance is due. Change nothing.\n"},
      {"remember.md",
       "---\ndescription: Remember a fact for future sessions (memsim remember)\nargument-hint: <the fact>\n"
       "allowed-tools: " +
           allow({"remember", "supersede"}) +
           "\n---\n"
           "Remember this for future sessions: $ARGUMENTS\n\n"
           "Write it as one memory: run `" +
           run("remember") +
           " <topic> --type <type> --summary \"<one line>\"` "
           "(add `--body \"<details>\"` when one line is not enough), where <topic> is a short kebab-case name and "
           "<type> one of feedback, project, reference, user, process, preference, decision, person. If memsim says "
           "the name exists, the fact changed: run `" +
           run("supersede") +
           " <that file> --summary \"<the new fact>\"` "
           "instead. Never write a secret into a memory. Then tell me in one line what was written.\n"},
      {"handoff.md",
       "---\ndescription: Write HANDOFF.md so a fresh session picks up where this one stops (memsim handoff)\n"
       "argument-hint: [what to stress]\n"
       "allowed-tools: " +
           allow({"handoff"}) +
           "\n---\n"
           "Hand this session's work over to the next session. $ARGUMENTS\n\n"
           "Run `" +
           run("handoff") +
           "` with one flag per item, each one line: `--done \"...\"` for what was "
           "finished, `--in-progress \"...\"` for work under way and its status, `--next \"...\"` for the next "
           "steps, `--decision \"...\"` for decisions and why, `--gotcha \"...\"` for traps. The next session "
           "start reads it once. Then say that the handoff is written.\n"},
      {"memory-review.md",
       "---\ndescription: Weekly memory review - what status, lint and the tick's cue say needs a human\n"
       "allowed-tools: " +
           allow({"status", "lint", "recall"}) +
           "\n---\n"
           "Weekly memory review. Run `" +
           run("status") + "` and `" + run("lint") +
           "` (lint exits 1 when it finds "
           "errors; that is expected). From what they report, list for me what needs a human decision: conflicts "
           "(two open facts with one key: which one holds?), lint errors and warnings worth fixing, files over "
           "their budget, the items of the tick's cue (" +
           h +
           "/runtime/state/cue.json, when status counts some), "
           "and facts that look stale. Propose one concrete change "
           "for each and make none until I agree.\n"},
      // Seed 003's search, prune/lint, active context, today's notes and debug, in this
      // design's terms. (Its topic create is /remember: a topic is one memory file.)
      {"memory-search.md",
       "---\ndescription: Search the memory for what bears on a question (memsim recall)\nargument-hint: <question>\n"
       "allowed-tools: " +
           allow({"recall"}) +
           "\n---\n"
           "Search the memory for: $ARGUMENTS\n\n"
           "Run `" +
           run("recall") +
           " \"<a few words of the question>\"` (add `--as-of YYYY-MM-DD` to ask what held on a day, "
           "`--include-archived` for closed facts too). Read the files of the hits that bear on the question, and "
           "answer from them, naming each file you used. Remembered facts may be out of date: say when one is.\n"},
      {"memory-lint.md",
       "---\ndescription: Find what to tidy in the memory, and tidy it without deleting (memsim lint)\n"
       "allowed-tools: " +
           allow({"lint", "supersede", "resolve"}) +
           "\n---\n"
           "Run `" +
           run("lint") +
           "` (it exits 1 when it finds errors; that is expected). For each finding propose a fix: "
           "a fact that changed is superseded (`" +
           run("supersede") + " <file> --summary \"...\"`), two open facts with one key are settled with `" +
           run("resolve") + " <key> --keep <file>`. Nothing is ever deleted. Make no change until I agree.\n"},
      {"memory-context.md",
       "---\ndescription: What the memory puts in front of you now: the index's bands and the current state\n"
       "allowed-tools: " +
           allow({"status"}) +
           "\n---\n"
           "Read " +
           h + "/memory/MEMORY.md and " + h + "/memory/current-state.md, and run `" + run("status") +
           "`. Then tell me in a few lines what the active context is: the Hot rows, what is new, the current "
           "state, and anything contested or over budget. Change nothing.\n"},
      {"memory-today.md",
       "---\ndescription: Today's notes - the short-term notes and dream-journal entries of today\n"
       "---\n"
       "List the files in " +
           h + "/memory/short-term/ and " + h +
           "/memory/dream-journal/ whose names start with today's date as YYMMDD, read them, and summarize "
           "them for me. If there are none, say so. Change nothing.\n"},
      {"memory-debug.md",
       "---\ndescription: Why memory is not doing what I expect - the install check and the hooks' errors\n"
       "allowed-tools: " +
           allow({"verify-install", "status"}) +
           "\n---\n"
           "Run `" +
           run("verify-install") + "` and `" + run("status") + "`, and read " + h +
           "/runtime/hook-errors.log if it exists (the hooks never fail a session; they log here instead). "
           "Tell me what is wrong, if anything, and the one command that would fix each problem. Change "
           "nothing.\n"},
  };
}

std::string unified_diff(std::string_view before, std::string_view after, const std::string& label) {
  if (before == after) return {};
  auto lines = [](std::string_view t) {
    std::vector<std::string> v;
    for (std::size_t p = 0; p < t.size();) {
      std::size_t nl = t.find('\n', p);
      std::size_t stop = nl == std::string_view::npos ? t.size() : nl + 1;
      v.emplace_back(t.substr(p, stop - p));
      p = stop;
    }
    return v;
  };
  const std::vector<std::string> a = lines(before), b = lines(after);
  const std::size_t n = a.size(), m = b.size();
  // Longest common subsequence, from the end; settings and CLAUDE.md are small.
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t k = m; k-- > 0;)
      lcs[i][k] = a[i] == b[k] ? lcs[i + 1][k + 1] + 1 : std::max(lcs[i + 1][k], lcs[i][k + 1]);
  struct Op {
    char kind;
    std::size_t ai, bi;  // line numbers (0-based) in a and b at this op
    const std::string* line;
  };
  std::vector<Op> ops;
  std::size_t i = 0, k = 0;
  while (i < n || k < m) {
    if (i < n && k < m && a[i] == b[k]) ops.push_back({' ', i, k, &a[i]}), ++i, ++k;
    else if (i < n && (k == m || lcs[i + 1][k] >= lcs[i][k + 1])) ops.push_back({'-', i, k, &a[i]}), ++i;
    else ops.push_back({'+', i, k, &b[k]}), ++k;
  }
  std::string out = "--- " + label + "\n+++ " + label + " (after)\n";
  constexpr std::size_t kContext = 3;
  for (std::size_t p = 0; p < ops.size();) {
    if (ops[p].kind == ' ') {
      ++p;
      continue;
    }
    std::size_t start = p >= kContext ? p - kContext : 0;
    std::size_t end = p;  // extend while changes are within 2*context of each other
    for (std::size_t q = p; q < ops.size(); ++q) {
      if (ops[q].kind != ' ') end = q + 1;
      else if (q - end >= 2 * kContext) break;
    }
    end = std::min(ops.size(), end + kContext);
    std::size_t a_len = 0, b_len = 0;
    for (std::size_t q = start; q < end; ++q) {
      if (ops[q].kind != '+') ++a_len;
      if (ops[q].kind != '-') ++b_len;
    }
    const std::size_t a_start = ops[start].ai + (a_len ? 1 : 0), b_start = ops[start].bi + (b_len ? 1 : 0);
    out += "@@ -" + std::to_string(a_start) + "," + std::to_string(a_len) + " +" + std::to_string(b_start) + "," +
           std::to_string(b_len) + " @@\n";
    for (std::size_t q = start; q < end; ++q) {
      out += ops[q].kind;
      out += *ops[q].line;
      if (!ops[q].line->ends_with('\n')) out += "\n\\ No newline at end of file\n";
    }
    p = end;
  }
  return out;
}

std::string expand_project_dir(std::string_view home, std::string_view project_dir) {
  if (!home.starts_with(kProjectDirPlaceholder)) return std::string(home);
  home.remove_prefix(kProjectDirPlaceholder.size());
  return std::string(project_dir.empty() ? "." : project_dir) + std::string(home);
}

}  // namespace memsim::install
