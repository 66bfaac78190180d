#include "memsim/remember.h"

#include "memsim/gate.h"

#include "memsim/lint.h"
#include "memsim/memory_file.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

bool is_kebab(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// The file name for a request, or why there is none.
Result<std::string> file_name(const RememberRequest& r) {
  if (!is_known_type(r.type)) return Error{"type: '" + r.type.substr(0, 40) + "' is not one of " + known_types_list()};
  if (r.name.size() > kRememberMaxNameBytes)
    return Error{"name: longer than " + std::to_string(kRememberMaxNameBytes) + " bytes"};
  std::string stem = r.name;
  if (stem.ends_with(".md")) stem.resize(stem.size() - 3);
  const std::string prefix = r.type + "_";
  const std::string topic = stem.starts_with(prefix) ? stem.substr(prefix.size()) : stem;
  if (!is_kebab(topic))
    return Error{"name: '" + r.name + "' is not a kebab-case topic (a-z, 0-9 and inner dashes), optionally after '" +
                 prefix + "'"};
  return prefix + topic + ".md";
}

}  // namespace

Result<RememberResult> remember(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                const Redactor& redactor, const RememberRequest& request) {
  MEMSIM_TRY(check_home(fs, home));
  // Every field through the gate first: a secret is refused, a user's home path becomes ~.
  RememberRequest req = request;
  for (auto [field, text] : {std::pair<std::string_view, std::string*>{"name", &req.name},
                             {"summary", &req.summary},
                             {"body", &req.body},
                             {"key", req.key ? &*req.key : nullptr}}) {
    if (!text) continue;
    MEMSIM_ASSIGN_OR_RETURN(RedactResult gated, gate_text(redactor, field, *text, OnSecret::kRefuse));
    *text = std::move(gated.text);
  }
  auto file = file_name(req);
  if (!file.ok()) return file.error();
  if (req.summary.size() > kRememberMaxSummaryBytes)
    return Error{"summary: longer than " + std::to_string(kRememberMaxSummaryBytes) +
                 " bytes (one line: the index row)"};
  const std::string summary = fold_whitespace(req.summary);
  if (summary.empty()) return Error{"summary: empty"};
  if (req.body.size() > kRememberMaxBodyBytes)
    return Error{"body: longer than " + std::to_string(kRememberMaxBodyBytes) + " bytes (split it into several facts)"};
  if (req.key && (req.key->empty() || req.key->size() > kRememberMaxNameBytes))
    return Error{"key: empty or longer than " + std::to_string(kRememberMaxNameBytes) + " bytes"};
  RememberResult out;
  out.file = *file;
  const std::string rel = "memory/" + out.file;
  {
    auto lock = lock_home(fs, home, policy.lock_timeout_ms);
    if (!lock.ok()) return lock.error();
    auto info = fs.stat(home.memory_path(out.file));
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kMissing)
      return Error{rel + ": already exists; nothing written (supersede it to change the fact)"};
    const std::string day = format_date(req.created.value_or(day_of(clock.now())));
    std::string text = "---\nname: " + yaml_line_scalar(out.file.substr(0, out.file.size() - 3)) +
                       "\ntype: " + req.type + "\nsummary: " + yaml_line_scalar(summary) +
                       "\nconfidence: " + std::string(confidence_name(req.confidence)) + "\ncreated: " + day +
                       "\nvalid_from: " + day + "\n";
    if (req.key) text += "key: " + yaml_line_scalar(*req.key) + "\n";
    std::string body = req.body.find_first_not_of(" \t\r\n") == std::string::npos ? summary : req.body;
    if (!body.ends_with('\n')) body += '\n';
    text += "---\n" + body;
    MEMSIM_TRY(replace_file(fs, home.memory_path(out.file), text));
    out.text = std::move(text);
  }
  if (!req.reindex) return out;
  if (auto rep = reindex(fs, home, clock, policy); !rep.ok())
    out.warning = "wrote " + rel + ", but the index was not regenerated: " + rep.message();
  return out;
}

}  // namespace memsim
