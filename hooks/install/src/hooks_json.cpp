#include "hooks_json.h"

#include <algorithm>
#include <cctype>

#include "memsim/fs.h"
#include "memsim/json_io.h"

namespace memsim::install::detail {

namespace {

// The indentation the file already uses, so our rewrite changes only our lines.
int indent_of(std::string_view text) {
  const auto nl = text.find('\n');
  if (nl == std::string_view::npos) return 2;
  const auto first = text.find_first_not_of(' ', nl + 1);
  if (first == std::string_view::npos || text[first] == '\n') return 2;
  const int n = static_cast<int>(first - nl - 1);
  return n > 0 ? n : 2;
}

// Our groups as comparable strings: event, matcher, and our handlers only.
std::vector<std::string> ours_in(const Json& settings, const IsOurs& ours) {
  std::vector<std::string> out;
  if (!settings.contains("hooks")) return out;
  for (const auto& [event, groups] : settings["hooks"].items()) {
    if (!groups.is_array()) continue;
    for (const Json& g : groups) {
      if (!g.is_object() || !g.contains("hooks") || !g["hooks"].is_array()) continue;
      for (const Json& h : g["hooks"])
        if (ours(h)) out.push_back(event + "\t" + g.value("matcher", "") + "\t" + h.dump());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Removes our handlers; returns whether anything was removed.
bool strip(Json& settings, const IsOurs& ours) {
  if (!settings.contains("hooks")) return false;
  bool removed = false;
  Json& hooks = settings["hooks"];
  std::vector<std::string> empty_events;
  for (auto& [event, groups] : hooks.items()) {
    if (!groups.is_array()) continue;
    bool changed = false;
    for (std::size_t i = groups.size(); i-- > 0;) {
      Json& g = groups[i];
      if (!g.is_object() || !g.contains("hooks") || !g["hooks"].is_array()) continue;
      Json& hs = g["hooks"];
      const std::size_t before = hs.size();
      for (std::size_t k = hs.size(); k-- > 0;)
        if (ours(hs[k])) hs.erase(k);
      if (hs.size() == before) continue;
      changed = true;
      if (hs.empty()) groups.erase(i);
    }
    removed = removed || changed;
    if (changed && groups.empty()) empty_events.push_back(event);
  }
  for (const std::string& e : empty_events) hooks.erase(e);
  if (removed && hooks.empty()) settings.erase("hooks");
  return removed;
}

}  // namespace

Result<Json> parse_settings(std::string_view text, const std::string& origin) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return Json::object();
  auto parsed = parse_json_input<Json>(text);
  if (!parsed.ok()) return Error{origin + ": " + parsed.message() + " (fix or move it, then run again)"};
  Json j = std::move(*parsed);
  if (!j.is_object()) return Error{origin + ": not a JSON object"};
  if (j.contains("hooks") && !j["hooks"].is_object()) return Error{origin + ": \"hooks\" is not an object"};
  return j;
}

std::string dump(const Json& j, std::string_view original) {
  return j.dump(indent_of(original), ' ', false, Json::error_handler_t::replace) + "\n";
}

// A path as the shell reads it: bare when it holds only safe characters.
std::string shell_word(const std::string& s) {
  const bool bare = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' || c == '-' || c == '+';
  });
  if (bare) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Result<std::string> merge_hooks(std::string_view text, const std::vector<Group>& groups, const IsOurs& ours,
                                const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  Json& j = *parsed;
  Json want = Json::object();
  for (const Group& g : groups) want["hooks"][g.event].push_back(g.group);
  if (ours_in(j, ours) == ours_in(want, [](const Json&) { return true; })) return std::string(text);
  strip(j, ours);
  if (!j.contains("hooks")) j["hooks"] = Json::object();
  for (const Group& g : groups) j["hooks"][g.event].push_back(g.group);
  return dump(j, text);
}

Result<std::string> remove_hooks(std::string_view text, const IsOurs& ours, const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  if (!strip(*parsed, ours)) return std::string(text);
  return dump(*parsed, text);
}

Result<std::vector<InstalledHook>> installed_hooks(std::string_view text, const IsOurs& ours,
                                                   const std::string& origin) {
  auto parsed = parse_settings(text, origin);
  if (!parsed.ok()) return parsed.error();
  std::vector<InstalledHook> out;
  const Json& j = *parsed;
  if (!j.contains("hooks")) return out;
  for (const auto& [event, groups] : j["hooks"].items()) {
    if (!groups.is_array()) continue;
    for (const Json& g : groups) {
      if (!g.is_object() || !g.contains("hooks") || !g["hooks"].is_array()) continue;
      const std::string matcher =
          g.contains("matcher") && g["matcher"].is_string() ? g["matcher"].get<std::string>() : "";
      for (const Json& h : g["hooks"]) {
        if (!ours(h)) continue;
        InstalledHook ih{event, matcher, h["command"].get<std::string>(), {}};
        if (h.contains("args") && h["args"].is_array())
          for (const Json& a : h["args"]) ih.args.push_back(a.is_string() ? a.get<std::string>() : a.dump());
        out.push_back(std::move(ih));
      }
    }
  }
  return out;
}

namespace {

std::string marker_of(const ShellHarness& harness) { return " hook --harness " + std::string(harness.name) + " "; }

std::string home_argument(const ShellHarness& harness, const std::string& home) {
  const std::string placeholder(kProjectDirPlaceholder);
  if (home.starts_with(placeholder + "/"))
    return std::string(harness.root) + shell_word(home.substr(placeholder.size()));
  return shell_word(home);
}

// The program word of a command, single quotes and backslashes removed as sh would.
std::string program_of(const std::string& command, const std::string& marker) {
  const std::size_t end = command.find(marker);
  if (end == std::string::npos) return {};
  std::string word = command.substr(0, end), out;
  bool quoted = false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '\'') quoted = !quoted;
    else if (word[i] == '\\' && !quoted && i + 1 < word.size()) out += word[++i];
    else out += word[i];
  }
  return out;
}

IsOurs ours_for(const std::string& marker, std::vector<std::string> home_args) {
  return [marker, home_args = std::move(home_args)](const Json& h) {
    if (!h.is_object() || h.value("type", "") != "command") return false;
    auto cmd = h.find("command");
    if (cmd == h.end() || !cmd->is_string()) return false;
    const std::string c = cmd->get<std::string>();
    if (!base_name(program_of(c, marker)).starts_with("memsim")) return false;
    for (const std::string& home : home_args)
      if (c.ends_with(" --home " + home)) return true;
    return false;
  };
}

}  // namespace

std::string shell_hook_command(const ShellHarness& harness, const HookSpec& spec, std::string_view event) {
  return shell_word(spec.command) + marker_of(harness) + std::string(event) + " --home " +
         home_argument(harness, spec.home);
}

IsOurs shell_handler_ours(const ShellHarness& harness, const HookSpec& spec) {
  std::vector<std::string> args{home_argument(harness, spec.home)};
  if (!spec.home_path.empty() && spec.home_path != spec.home) args.push_back(home_argument(harness, spec.home_path));
  return ours_for(marker_of(harness), std::move(args));
}

Result<std::vector<InstalledHook>> shell_installed(const ShellHarness& harness, std::string_view text,
                                                   const HookSpec& spec, const std::string& origin) {
  const std::string marker = marker_of(harness), home = home_argument(harness, spec.home);
  auto found = installed_hooks(text, ours_for(marker, {home}), origin);
  if (!found.ok()) return found;
  for (InstalledHook& h : *found) {
    const std::string& c = h.command;
    const std::size_t at = c.find(marker) + marker.size();
    const std::string event = c.substr(at, c.find(' ', at) - at);
    h.command = program_of(c, marker);
    h.args = {"hook", event, "--home", home, "--harness", std::string(harness.name)};
  }
  return found;
}

}  // namespace memsim::install::detail
