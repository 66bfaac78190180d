// The MCP tools: each validates its arguments against its schema, then runs the
// core function the matching command runs. Arguments that break the schema and
// a failure of the core are both results with isError (MCP 2025-11-25, SEP-1303),
// so the model reads the reason and tries again; only an unknown tool is -32602.
#include "mcp_tools.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <span>

#include "memsim/handoff.h"
#include "memsim/journal.h"
#include "memsim/limits.h"
#include "memsim/lint.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"
#include "memsim/reindex.h"
#include "memsim/remember.h"
#include "memsim/render.h"
#include "memsim/search.h"
#include "memsim/supersede.h"
#include "memsim/touch.h"

namespace memsim::mcp::detail {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxQueryBytes = 10000;
constexpr std::size_t kMaxFileArgBytes = 300;
constexpr int kMaxK = 50;

constexpr const auto& kTypes = kMemoryTypes;
constexpr const auto& kConfidences = kConfidenceNames;

Json json_list(std::span<const std::string_view> items) {
  Json out = Json::array();
  for (std::string_view v : items) out.push_back(std::string(v));
  return out;
}

// Every result the model reads passes the renderer, so a stored text can never
// act on the client (render.h); a result past kToolResultBytes is cut with a note.
Json text_result(const std::string& text, bool is_error = false) {
  std::string shown = render_block(text, kToolResultBytes);
  if (shown.size() < text.size() && shown.ends_with("\n..."))
    shown += "\n(cut at " + std::to_string(kToolResultBytes) + " bytes; memory_get from_line/to_line reads the rest)";
  return Json{{"content", Json::array({Json{{"type", "text"}, {"text", shown}}})}, {"isError", is_error}};
}

// Reads one tool's arguments against its schema; the first problem wins.
class Args {
 public:
  Args(const Json& j, std::string tool) : j_(j), tool_(std::move(tool)) {}

  std::optional<std::string> str(const char* key, bool required, std::size_t max_bytes) {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) {
      if (required) fail(std::string("missing required argument \"") + key + "\"");
      return std::nullopt;
    }
    if (!it->is_string()) return fail(std::string("\"") + key + "\" must be a string"), std::nullopt;
    const std::string& s = it->get_ref<const std::string&>();
    if (s.size() > max_bytes)
      return fail(std::string("\"") + key + "\" is longer than " + std::to_string(max_bytes) + " bytes"), std::nullopt;
    return s;
  }
  std::optional<std::string> one_of(const char* key, std::span<const std::string_view> allowed, bool required) {
    auto s = str(key, required, 40);
    if (!s) return s;
    for (std::string_view a : allowed)
      if (*s == a) return s;
    std::string list;
    for (std::string_view a : allowed) (list += list.empty() ? "" : ", ") += a;
    fail(std::string("\"") + key + "\" must be one of " + list);
    return std::nullopt;
  }
  std::optional<long long> integer(const char* key, long long min, long long max) {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) return std::nullopt;
    // 3.0 is an integer in JSON Schema; 3.5 and "3" are not.
    if (it->is_number_float()) {
      const double d = it->get<double>();
      // In range first: casting 1e300 would be undefined.
      if (d >= static_cast<double>(min) && d <= static_cast<double>(max) && d == std::floor(d))
        return static_cast<long long>(d);
    } else if (it->is_number_unsigned()) {
      const auto v = it->get<unsigned long long>();
      if (v <= static_cast<unsigned long long>(max) && static_cast<long long>(v) >= min)
        return static_cast<long long>(v);
    } else if (it->is_number_integer()) {
      const auto v = it->get<long long>();
      if (v >= min && v <= max) return v;
    }
    fail(std::string("\"") + key + "\" must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
    return std::nullopt;
  }
  bool boolean(const char* key) {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) return false;
    if (!it->is_boolean()) return fail(std::string("\"") + key + "\" must be true or false"), false;
    return it->get<bool>();
  }
  // Keys the schema does not name: a typo would otherwise be ignored silently.
  void only(std::initializer_list<const char*> keys) {
    for (const auto& [k, v] : j_.items()) {
      bool known = false;
      for (const char* key : keys) known = known || k == key;
      if (!known) fail("unknown argument \"" + k.substr(0, 60) + "\"");
    }
  }
  void fail(const std::string& why) {
    if (error_.empty()) error_ = "invalid arguments: " + tool_ + ": " + render_line(why, 300);
  }
  const std::string& error() const { return error_; }
  // The answer to arguments that break the schema: a tool error naming the first problem.
  Json refusal() const { return text_result(error_, true); }

 private:
  const Json& j_;
  std::string tool_;
  std::string error_;
};

Json schema(Json properties, std::vector<std::string> required) {
  Json s{{"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
  if (!required.empty()) s["required"] = std::move(required);
  return s;
}

Json str_prop(const std::string& description, std::size_t max = 0) {
  Json p{{"type", "string"}, {"description", description}};
  if (max) p["maxLength"] = max;
  return p;
}

Result<Policy> policy_of(ToolEnv& env) { return load_policy(env.fs, env.home.root()); }

std::string fmt_score(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

Result<Json> search(ToolEnv& env, const Json& a) {
  Args args(a, "memory_search");
  args.only({"query", "k", "as_of", "include_archived"});
  auto query = args.str("query", true, kMaxQueryBytes);
  auto k = args.integer("k", 1, kMaxK);
  auto as_of_text = args.str("as_of", false, 10);
  const bool archived = args.boolean("include_archived");
  RecallOptions o;
  o.k = static_cast<int>(k.value_or(10));
  o.include_archived = archived;
  if (as_of_text) {
    o.as_of = parse_date(*as_of_text);
    if (!o.as_of) args.fail("\"as_of\" must be a date YYYY-MM-DD");
  }
  if (!args.error().empty()) return args.refusal();
  auto policy = policy_of(env);
  if (!policy.ok()) return text_result(policy.message(), true);
  std::string said_day;
  // The query's own day ("had it changed by June?"), read as `memsim recall` reads it.
  if (auto asked = as_of_text ? std::nullopt : asked_day(env.fs, env.home, env.clock, *policy, *query)) {
    o.as_of = asked->day;
    said_day = "As of " + format_date(asked->day) + " (\"" + render_line(asked->phrase, 80) + "\" in the query" +
               (asked->source.empty() ? "" : ", dated by " + render_name(asked->source, 200)) +
               "; pass as_of to override).\n";
  }
  auto hits = recall(env.fs, env.home, env.clock, *policy, *query, o);
  if (!hits.ok()) return text_result(hits.message(), true);
  if (hits->empty()) return text_result(said_day + "No memory matches that query.");
  std::string text = said_day + std::to_string(hits->size()) + " memor" + (hits->size() == 1 ? "y" : "ies") +
                     ", best first (file, score, summary); read one with memory_get:\n";
  for (const Hit& h : *hits) {
    text += "- " + hit_line(h, static_cast<std::size_t>(policy->row_cap), " (" + fmt_score(h.score) + ")") + "\n";
  }
  return text_result(text);
}

Result<Json> get(ToolEnv& env, const Json& a) {
  Args args(a, "memory_get");
  args.only({"file", "from_line", "to_line"});
  auto file = args.str("file", true, kMaxFileArgBytes);
  auto from = args.integer("from_line", 1, 1000000000);
  auto to = args.integer("to_line", 1, 1000000000);
  if (from && to && *to < *from) args.fail("\"to_line\" is before \"from_line\"");
  if (!args.error().empty()) return args.refusal();
  auto name = memory_name_from_arg(*file);
  if (!name.ok()) return text_result(name.message() + "; give a file name memory_search returned", true);
  if (Status s = check_home(env.fs, env.home); !s.ok()) return text_result(s.message(), true);
  const std::string rel = "memory/" + *name;
  // The rule every touch follows (touch.h): a link is never followed, so nothing
  // outside the home is ever read.
  auto memory = memory_file_of(env.fs, env.home, env.home.memory_path(*name), "", false);
  if (!memory.ok()) return text_result(memory.message(), true);
  if (memory->empty()) return text_result(rel + ": no such memory file", true);
  auto text = read_file_capped(env.fs, env.home.memory_path(*name), kMaxMemoryBytes);
  if (!text.ok()) return text_result(text.message(), true);
  // A deliberate read: journaled like the Read tool's, so it reinforces.
  auto journal = [&]() -> std::string {
    Status s = append_touch(env.fs, env.home, Touch{env.clock.now(), "memory_get", *name, env.session});
    return s.ok() ? "" : "\n(note: the read was not journaled: " + s.message() + ")";
  };
  if (!from && !to) return text_result(*text + journal());
  std::vector<std::string_view> lines;
  std::string_view t = *text;
  for (std::size_t p = 0; p < t.size();) {
    std::size_t nl = t.find('\n', p);
    std::size_t stop = nl == std::string_view::npos ? t.size() : nl + 1;
    lines.push_back(t.substr(p, stop - p));
    p = stop;
  }
  const auto n = static_cast<long long>(lines.size());
  const long long first = from.value_or(1), last = std::min(to.value_or(n), n);
  if (first > n)
    return text_result(
        rel + " has " + std::to_string(n) + " lines; from_line " + std::to_string(first) + " is past its end", true);
  std::string out;
  for (long long i = first; i <= last; ++i) out += lines[static_cast<std::size_t>(i - 1)];
  return text_result(out + journal());
}

Result<Json> remember_tool(ToolEnv& env, const Json& a) {
  Args args(a, "memory_remember");
  args.only({"name", "type", "summary", "body", "key"});
  RememberRequest r;
  auto name = args.str("name", true, kRememberMaxNameBytes);
  auto type = args.one_of("type", kTypes, true);
  auto summary = args.str("summary", true, kRememberMaxSummaryBytes);
  auto body = args.str("body", false, kRememberMaxBodyBytes);
  r.key = args.str("key", false, kRememberMaxNameBytes);
  if (!args.error().empty()) return args.refusal();
  r.name = *name;
  r.type = *type;
  r.summary = *summary;
  r.body = body.value_or("");
  auto policy = policy_of(env);
  if (!policy.ok()) return text_result(policy.message(), true);
  auto res = remember(env.fs, env.home, env.clock, *policy, env.redactor(), r);
  if (!res.ok()) return text_result(res.message(), true);
  std::string text = "wrote memory/" + res->file + " (confidence: stated):\n" + res->text;
  if (!res->warning.empty()) text += "\nwarning: " + res->warning;
  return text_result(text);
}

Result<Json> supersede_tool(ToolEnv& env, const Json& a) {
  Args args(a, "memory_supersede");
  args.only({"old", "new_name", "summary", "body", "type", "confidence"});
  auto old = args.str("old", true, kMaxFileArgBytes);
  auto fresh = args.str("new_name", false, kRememberMaxNameBytes);
  auto summary = args.str("summary", false, kRememberMaxSummaryBytes);
  auto body = args.str("body", false, kRememberMaxBodyBytes);
  auto type = args.one_of("type", kTypes, false);
  auto conf = args.one_of("confidence", kConfidences, false);
  if (args.error().empty() && !fresh && !summary) args.fail("give \"summary\" (the new fact) or \"new_name\"");
  if (!args.error().empty()) return args.refusal();
  SupersedeRequest r;
  r.old_file = *old;
  r.new_file = fresh.value_or("");
  r.summary = summary;
  r.type = type;
  r.body = body.value_or("");
  r.confidence = parse_confidence(conf.value_or("stated")).value_or(Confidence::kStated);
  auto policy = policy_of(env);
  if (!policy.ok()) return text_result(policy.message(), true);
  auto res = supersede(env.fs, env.home, env.clock, *policy, env.redactor(), r);
  if (!res.ok()) return text_result(res.message(), true);
  return text_result("closed memory/" + res->old_file + " (valid_until today); wrote memory/" + res->new_file + ":\n" +
                     res->new_text);
}

Result<Json> status_tool(ToolEnv& env, const Json& a) {
  Args args(a, "memory_status");
  args.only({});
  if (!args.error().empty()) return args.refusal();
  auto policy = policy_of(env);
  if (!policy.ok()) return text_result(policy.message(), true);
  auto rep = reindex(env.fs, env.home, env.clock, *policy, {.write = false});
  if (!rep.ok()) return text_result(rep.message(), true);
  const IndexOutput& idx = rep->index;
  auto current = env.fs.read_file(env.home.index_path());
  const std::string state = !current.ok()               ? "missing"
                            : *current == idx.memory_md ? "current"
                                                        : "stale (run memsim index)";
  std::map<std::string, int> severities, codes;
  for (const Finding& f : lint(rep->ranked, rep->bad_journal_lines, rep->index.unfit_pins)) {
    severities[std::string(severity_name(f.severity))]++;
    if (f.severity != Severity::kInfo) codes[f.code]++;
  }
  std::string text = "home " + env.home.root() + ": " + std::to_string(rep->ranked.corpus.memories.size()) +
                     " memories; MEMORY.md is " + state + "\n";
  auto band = [](const char* name, const BandStats& b, int budget) {
    return std::string("  ") + name + ": " + std::to_string(b.rows) + " rows, " + std::to_string(b.bytes) +
           (budget ? " / " + std::to_string(budget) : std::string()) + " bytes\n";
  };
  text += band("hot", idx.hot, policy->hot_budget) + band("new", idx.fresh, policy->new_budget) +
          band("cold", idx.cold, policy->cold_budget) + band("superseded", idx.superseded, 0) +
          band("rolled off", idx.rolled_off, 0);
  text += "conflicts: " + std::to_string(rep->ranked.conflicts.size()) + "\n";
  for (const Conflict& c : rep->ranked.conflicts) {
    text += "  key '" + c.key + "':";
    for (const auto& f : c.files) text += " " + f;
    text += "; winner " + c.winner + "\n";
  }
  text += "lint: " + std::to_string(severities["error"]) + " error(s), " + std::to_string(severities["warning"]) +
          " warning(s)";
  for (const auto& [code, n] : codes)
    text += (code == codes.begin()->first ? " (" : ", ") + code + " " + std::to_string(n);
  text += codes.empty() ? "\n" : ")\n";
  auto handoff = env.fs.stat(env.home.handoff_path());
  text += std::string("handoff: ") +
          (handoff.ok() && handoff->kind == FileKind::kRegular ? "memory/HANDOFF.md exists" : "none") + "\n";
  return text_result(text);
}

}  // namespace

Json tool_list() {
  const Json types = json_list(kTypes);
  const Json read_only{{"readOnlyHint", true}, {"openWorldHint", false}};
  return Json::array({
      Json{{"name", "memory_search"},
           {"title", "Search memory"},
           {"description",
            "Find memories by words (BM25 over summaries, names and bodies), best first. Returns file names and "
            "one-line summaries; read a file with memory_get. Searching never counts as using a memory."},
           {"inputSchema",
            schema({{"query", str_prop("what to look for, in plain words", kMaxQueryBytes)},
                    {"k",
                     {{"type", "integer"},
                      {"minimum", 1},
                      {"maximum", kMaxK},
                      {"default", 10},
                      {"description", "how many results"}}},
                    {"as_of",
                     {{"type", "string"},
                      {"pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                      {"description",
                       "facts that held on this day (YYYY-MM-DD); default the day the query names, else today"}}},
                    {"include_archived", {{"type", "boolean"}, {"description", "closed facts too, as history"}}}},
                   {"query"})},
           {"annotations", read_only}},
      Json{{"name", "memory_get"},
           {"title", "Read a memory"},
           {"description",
            "The text of one memory file (a name memory_search returned), or lines from_line..to_line of it "
            "(1-based, inclusive). Reading a memory counts as using it: it stays fresh in the index."},
           {"inputSchema", schema({{"file", str_prop("the memory file, e.g. preference_tabs.md", kMaxFileArgBytes)},
                                   {"from_line", {{"type", "integer"}, {"minimum", 1}}},
                                   {"to_line", {{"type", "integer"}, {"minimum", 1}}}},
                                  {"file"})},
           {"annotations", {{"readOnlyHint", false}, {"destructiveHint", false}, {"openWorldHint", false}}}},
      Json{
          {"name", "memory_remember"},
          {"title", "Remember a fact"},
          {"description",
           "Write one fact the user stated, at once, as memory/<type>_<name>.md with confidence stated. "
           "Refuses a name that exists (use memory_supersede) and any text holding a secret."},
          {"inputSchema", schema({{"name", str_prop("kebab-case topic, e.g. indent-with-tabs (the type is prefixed)",
                                                    kRememberMaxNameBytes)},
                                  {"type", {{"type", "string"}, {"enum", types}}},
                                  {"summary", str_prop("one line: what to remember", kRememberMaxSummaryBytes)},
                                  {"body", str_prop("details, markdown (default: the summary)", kRememberMaxBodyBytes)},
                                  {"key", str_prop("optional slot: two open facts with the same key conflict",
                                                   kRememberMaxNameBytes)}},
                                 {"name", "type", "summary"})},
          {"annotations",
           {{"readOnlyHint", false}, {"destructiveHint", false}, {"idempotentHint", false}, {"openWorldHint", false}}}},
      Json{{"name", "memory_supersede"},
           {"title", "Replace a fact"},
           {"description",
            "A fact stopped holding: close the old memory's window (valid_until today; its text is kept) and "
            "write the fact that replaces it. Give the new summary, or the new file's name."},
           {"inputSchema",
            schema({{"old", str_prop("the memory file that stopped holding", kMaxFileArgBytes)},
                    {"new_name", str_prop("the new file's name (default <old>-2.md)", kRememberMaxNameBytes)},
                    {"summary", str_prop("the new fact, one line", kRememberMaxSummaryBytes)},
                    {"body", str_prop("the new fact's body", kRememberMaxBodyBytes)},
                    {"type", {{"type", "string"}, {"enum", types}}},
                    {"confidence", {{"type", "string"}, {"enum", json_list(kConfidences)}, {"default", "stated"}}}},
                   {"old"})},
           {"annotations", {{"readOnlyHint", false}, {"destructiveHint", false}, {"openWorldHint", false}}}},
      Json{{"name", "memory_status"},
           {"title", "Memory health"},
           {"description", "Health of the memory system: memories, index bands against budgets, conflicts, lint."},
           {"inputSchema", schema(Json::object(), {})},
           {"annotations", read_only}},
  });
}

Result<Json> call_tool(ToolEnv& env, const std::string& name, const Json& arguments) {
  if (name == "memory_search") return search(env, arguments);
  if (name == "memory_get") return get(env, arguments);
  if (name == "memory_remember") return remember_tool(env, arguments);
  if (name == "memory_supersede") return supersede_tool(env, arguments);
  if (name == "memory_status") return status_tool(env, arguments);
  return Error{"invalid params: unknown tool \"" + name.substr(0, 100) + "\""};
}

}  // namespace memsim::mcp::detail
