#include "memsim/supersede.h"

#include <algorithm>
#include <charconv>

#include "memsim/conflicts.h"
#include "memsim/corpus.h"
#include "memsim/gate.h"
#include "memsim/journal.h"
#include "memsim/ranking.h"
#include "memsim/reindex.h"

namespace memsim {

namespace {

std::string stem_of(const std::string& name) { return name.substr(0, name.size() - 3); }

constexpr std::size_t kSuccessorReplicaDigits = 6;
constexpr std::string_view kDigits = "0123456789", kHexDigits = "0123456789abcdef";

bool all_of_set(std::string_view s, std::string_view set) {
  return !s.empty() && s.find_first_not_of(set) == std::string_view::npos;
}

// "<head>-<tail>" split at the last dash; false when there is none.
bool split_last_dash(std::string_view s, std::string_view& head, std::string_view& tail) {
  const std::size_t dash = s.rfind('-');
  if (dash == std::string_view::npos) return false;
  head = s.substr(0, dash);
  tail = s.substr(dash + 1);
  return true;
}

// The successor's name: <base>-<n>.md, the first free n from 2, where base is
// OLD's stem without a successor suffix of its own. In a shared home the name
// also carries the first digits of this clone's replica id, <base>-<n>-<r>.md,
// with n one more than OLD's: two machines that supersede one fact write two
// names, so the merge adds both (two open facts under one key, a conflict lint
// reports) instead of an add/add conflict on one (docs/sharing.md).
Result<std::string> next_free_name(FileSystem& fs, const Home& home, const std::string& old) {
  const std::string stem = stem_of(old);
  std::string_view base = stem, head, tail, generation;
  if (split_last_dash(base, head, tail) && tail.size() == kSuccessorReplicaDigits && all_of_set(tail, kHexDigits) &&
      split_last_dash(head, base, generation) && all_of_set(generation, kDigits))
    base = head;  // <base>-<n>-<r>: keep <base>-<n> for the next step
  else base = stem;
  int n = 2;
  if (split_last_dash(base, head, tail) && all_of_set(tail, kDigits)) {
    base = head;
    int was = 0;
    if (std::from_chars(tail.data(), tail.data() + tail.size(), was).ec == std::errc() && was < 9999)
      n = std::max(n, was + 1);
  }
  std::string replica;
  if (is_shared(fs, home)) {
    auto id = replica_id(fs, home);
    if (!id.ok()) return id.error();
    replica = "-" + id->substr(0, kSuccessorReplicaDigits);
  } else {
    n = 2;  // the first free one: a home of one machine names successors as it always has
  }
  for (; n < 10000; ++n) {
    const std::string name = std::string(base) + "-" + std::to_string(n) + replica + ".md";
    auto info = fs.stat(home.memory_path(name));
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kMissing) return name;
  }
  return Error{"memory/" + old + ": no free name for its successor"};
}

// Regenerates the index after a change; the change itself stands if this fails.
std::string reindex_warning(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy) {
  auto rep = reindex(fs, home, clock, policy);
  return rep.ok() ? "" : "index not regenerated: " + rep.message();
}

}  // namespace

Result<std::string> memory_name_from_arg(std::string_view arg) {
  std::string name = base_name(arg);
  if (name.size() < 3 || name.substr(name.size() - 3) != ".md") name += ".md";
  if (!is_memory_name(name)) return Error{std::string(arg) + ": not a memory file name (<type>_<topic>.md)"};
  return name;
}

Result<SupersedeResult> supersede(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                  const Redactor& redactor, const SupersedeRequest& request, Corpus* reuse,
                                  SlotMemo* slots) {
  MEMSIM_TRY(check_home(fs, home));
  // Every field through the gate first: a secret is refused, a user's home path becomes ~.
  SupersedeRequest req = request;
  std::string* given_summary = req.summary ? &*req.summary : nullptr;
  for (auto [field, text] : {std::pair<std::string_view, std::string*>{"summary", given_summary},
                             {"body", &req.body},
                             {"new name", &req.new_file}}) {
    if (!text) continue;
    MEMSIM_ASSIGN_OR_RETURN(RedactResult gated, gate_text(redactor, field, *text, OnSecret::kRefuse));
    *text = std::move(gated.text);
  }
  if (req.type && !is_known_type(*req.type))
    return Error{"type: '" + req.type->substr(0, 40) + "' is not a memory type (" + known_types_list() + ")"};
  auto old = memory_name_from_arg(req.old_file);
  if (!old.ok()) return old.error();
  const std::string old_rel = "memory/" + *old;
  SupersedeResult out;
  {
    auto lock = lock_home(fs, home, policy.lock_timeout_ms);
    if (!lock.ok()) return lock.error();
    const Seconds now = clock.now();
    const std::string today = format_date(day_of(now));
    auto info = fs.stat(home.memory_path(*old));
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular) return Error{old_rel + ": no such memory file"};
    const Memory m = load_memory(fs, home, *old, *info, policy);
    if (!m.problems.empty()) return Error{old_rel + ": cannot supersede: " + m.problems.front()};
    if (m.fm.state != FrontmatterState::kOk) return Error{old_rel + ": cannot supersede: no frontmatter to close"};
    const MemoryMeta& meta = m.meta;
    if (is_closed(meta, now))
      return Error{old_rel + ": already closed (" +
                   (meta.valid_until ? "valid_until " + format_date(*meta.valid_until) : "status " + *meta.status) +
                   "); supersede its successor instead"};
    const Days from = window_opens(m);
    if (from > day_of(now))
      return Error{old_rel + ": valid_from " + format_date(from) + " is after today; closing it today would leave " +
                   "an empty window"};
    const Confidence old_conf = meta.confidence.value_or(Confidence::kInferred);
    if (req.confidence == Confidence::kInferred && old_conf >= Confidence::kStated)
      return Error{old_rel + ": is " + std::string(confidence_name(old_conf)) +
                   "; an inferred fact never overrides it (give --confidence stated if the user said so)"};

    std::string fresh;
    if (req.new_file.empty()) {
      auto n = next_free_name(fs, home, *old);
      if (!n.ok()) return n.error();
      fresh = *n;
    } else {
      auto n = memory_name_from_arg(req.new_file);
      if (!n.ok()) return n.error();
      fresh = *n;
    }
    const std::string new_path = home.memory_path(fresh);
    auto new_info = fs.stat(new_path);
    if (!new_info.ok()) return new_info.error();
    if (new_info->kind != FileKind::kMissing) return Error{"memory/" + fresh + ": already exists; nothing changed"};

    const std::string summary = fold_whitespace(req.summary.value_or(effective_summary(meta)));
    if (summary.empty()) return Error{"memory/" + fresh + ": the summary is empty"};
    const std::optional<std::string> type = req.type ? req.type : meta.type;
    std::string text = "---\nname: " + yaml_line_scalar(stem_of(fresh)) + "\n";
    if (type) text += "type: " + yaml_line_scalar(*type) + "\n";
    text += "summary: " + yaml_line_scalar(summary) + "\nconfidence: " + std::string(confidence_name(req.confidence)) +
            "\ncreated: " + today + "\nvalid_from: " + today +
            "\nvalid_until: null\nsupersedes: " + yaml_line_scalar(stem_of(*old)) + "\n";
    // OLD's key (conflicts.h, fact_key: its stem when it has none): a second
    // successor of OLD, made on another machine, is then an open fact of the
    // same key, a conflict.
    text += "key: " + yaml_line_scalar(fact_key(m)) + "\n";
    text += "---\n";
    std::string body =
        req.body.empty() ? summary + "\n\nSupersedes [[" + stem_of(*old) + "]] from " + today + ".\n" : req.body;
    if (body.back() != '\n') body += '\n';
    text += body;

    // NEW first: a crash between the two writes leaves two open facts (a
    // conflict lint reports), never a closed fact with no successor.
    MEMSIM_TRY(replace_file(fs, new_path, text));
    const std::string closed = rewrite_fields(m.text, m.fm, {{"valid_until", today}});
    if (Status s = replace_file(fs, home.memory_path(*old), closed); !s.ok()) {
      (void)fs.remove(new_path);
      return Error{old_rel + ": not closed, nothing changed: " + s.message()};
    }
    out.old_file = *old;
    out.new_file = fresh;
    out.new_text = std::move(text);
  }
  auto index = reindex(fs, home, clock, policy, {.reuse = reuse, .slots = slots});
  if (!index.ok())
    return Error{"superseded " + old_rel + " by memory/" + out.new_file +
                 ", but the index not regenerated: " + index.message()};
  out.index = std::move(*index);
  return out;
}

std::vector<const Memory*> open_facts_with_key(const Corpus& corpus, std::string_view key, Seconds now) {
  const std::string folded = fold_whitespace(key);
  std::vector<const Memory*> out;
  for (const Memory& m : corpus.memories)
    if (m.fm.state == FrontmatterState::kOk && fact_key(m) == folded && !is_closed(m.meta, now)) out.push_back(&m);
  return out;
}

Status close_windows(FileSystem& fs, const Home& home, const std::vector<const Memory*>& facts, Seconds now,
                     std::vector<std::string>& closed) {
  const Days today = day_of(now);
  for (const Memory* m : facts)
    if (const Days from = window_opens(*m); from > today)
      return Error{"memory/" + m->filename + ": valid_from " + format_date(from) +
                   " is after today; closing it today would leave an empty window; nothing changed"};
  for (const Memory* m : facts) {
    const std::string text = rewrite_fields(m->text, m->fm, {{"valid_until", format_date(today)}});
    if (Status s = replace_file(fs, home.memory_path(m->filename), text); !s.ok()) {
      std::string done;
      for (const std::string& f : closed) done += " memory/" + f;
      return Error{"memory/" + m->filename + ": not closed: " + s.message() +
                   (done.empty() ? "; nothing changed" : "; closed before it:" + done)};
    }
    closed.push_back(m->filename);
  }
  return Status::Ok();
}

Result<Settled> settle_key(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                           std::string_view key, std::string_view keep) {
  MEMSIM_TRY(check_home(fs, home));
  Settled out;
  out.key = fold_whitespace(key);
  if (out.key.empty()) return Error{"resolve: the key is empty; nothing changed"};
  auto kept = memory_name_from_arg(keep);
  if (!kept.ok()) return Error{kept.message() + "; nothing changed"};
  out.kept = *kept;
  {
    auto lock = lock_home(fs, home, policy.lock_timeout_ms);
    if (!lock.ok()) return lock.error();
    const Seconds now = clock.now();
    auto corpus = load_corpus(fs, home, policy);
    if (!corpus.ok()) return corpus.error();
    std::vector<const Memory*> others = open_facts_with_key(*corpus, out.key, now);
    const auto keep_it =
        std::find_if(others.begin(), others.end(), [&](const Memory* m) { return m->filename == out.kept; });
    if (keep_it == others.end())
      return Error{"memory/" + out.kept + ": not an open fact with key '" + out.key + "'; nothing changed"};
    others.erase(keep_it);
    if (others.empty())
      return Error{"key '" + out.key + "': memory/" + out.kept + " is its only open fact; nothing to settle"};
    MEMSIM_TRY(close_windows(fs, home, others, now, out.closed));
  }
  if (std::string w = reindex_warning(fs, home, clock, policy); !w.empty())
    return Error{"settled key '" + out.key + "' on memory/" + out.kept + ", but the " + w};
  return out;
}

Status forget(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy, const Redactor& redactor,
              const std::string& file, std::string_view reason) {
  MEMSIM_TRY(check_home(fs, home));
  auto name = memory_name_from_arg(file);
  if (!name.ok()) return name.error();
  // The log is not committed, but it is kept: a reason passes the gate like any text.
  MEMSIM_ASSIGN_OR_RETURN(RedactResult gated, gate_text(redactor, "reason", reason, OnSecret::kRedact));
  const std::string why = fold_whitespace(gated.text);
  if (why.empty()) return Error{"memory/" + *name + ": forget needs a reason; nothing removed"};
  {
    auto lock = lock_home(fs, home, policy.lock_timeout_ms);
    if (!lock.ok()) return lock.error();
    const std::string path = home.memory_path(*name);
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular) return Error{"memory/" + *name + ": no such memory file"};
    auto text = fs.read_file(path);
    if (!text.ok()) return text.error();
    // Logged before it is removed: a removal is never unrecorded.
    const std::string line =
        format_instant(clock.now()) + "\t" + *name + "\tsha256:" + sha256_hex(*text) + "\t" + why + "\n";
    MEMSIM_TRY(fs.append_file(home.forget_log_path(), line));
    MEMSIM_TRY(fs.remove(path));
  }
  if (std::string w = reindex_warning(fs, home, clock, policy); !w.empty())
    return Error{"forgot memory/" + *name + ", but the " + w};
  return {};
}

}  // namespace memsim
