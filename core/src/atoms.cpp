#include "memsim/atoms.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>

#include "memsim/hash.h"

namespace memsim {

namespace {

std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    // Keep redaction tokens and non-ASCII text inside words.
    if (std::isalnum(c) || c >= 0x80 || c == '_' || c == '\'' || c == '[' || c == ']' || c == ':') {
      cur += static_cast<char>(std::tolower(c));
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string join(const std::vector<std::string>& w) {
  std::string out;
  for (const std::string& s : w) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

std::string normalize_claim(std::string_view claim) { return join(words_of(claim)); }

std::string normalize_key(std::string_view claim) {
  std::vector<std::string> w = words_of(claim);
  // "X is Y": the slot is X, so "base branch is dev" and "base branch is main" meet.
  static constexpr std::string_view kCopulas[] = {"is", "are", "should", "must", "=", "equals"};
  for (size_t i = 1; i + 1 < w.size(); ++i) {
    bool copula = false;
    for (std::string_view c : kCopulas) copula = copula || w[i] == c;
    if (copula && i >= 2) {
      w.resize(i);
      break;
    }
  }
  static constexpr std::string_view kFiller[] = {"always", "never",  "don't",  "dont",   "do",  "not",   "no",
                                                 "please", "the",    "a",      "an",     "we",  "i",     "you",
                                                 "must",   "should", "prefer", "rather", "i'd", "would", "to"};
  std::vector<std::string> kept;
  for (std::string& s : w) {
    bool filler = false;
    for (std::string_view f : kFiller) filler = filler || s == f;
    if (!filler) kept.push_back(std::move(s));
  }
  return kept.empty() ? normalize_claim(claim) : join(kept);
}

std::string atom_id_for(std::string_view claim) { return hex_prefix(fnv1a64(normalize_claim(claim)), 12); }
std::string slot_file_for(std::string_view key) { return hex_prefix(fnv1a64(key), 16) + ".json"; }

bool Slot::contested() const {
  int live = 0;
  for (const Atom& a : atoms) live += a.status != "rejected";
  return live >= 2;
}

Atom* Slot::find(const std::string& id) {
  for (Atom& a : atoms)
    if (a.id == id) return &a;
  return nullptr;
}

bool may_hold_status(std::string_view slot_text, std::initializer_list<std::string_view> statuses) {
  if (slot_text.find("\\u") != std::string_view::npos) return true;
  // One pass over the quotes: what follows each is a status asked for, a status
  // key or a claim key. Slots run to tens of kilobytes and are filtered often.
  std::size_t status_keys = 0, claim_keys = 0;
  bool candidates = false;
  for (std::size_t q = slot_text.find('"'); q != std::string_view::npos; q = slot_text.find('"', q + 1)) {
    const std::string_view after = slot_text.substr(q + 1);
    for (std::string_view s : statuses) {
      if (after.starts_with(s) && after.substr(s.size()).starts_with('"')) return true;
      candidates = candidates || s == "candidate";
    }
    status_keys += after.starts_with("status\"") ? 1 : 0;
    claim_keys += after.starts_with("claim\"") ? 1 : 0;
  }
  return candidates && status_keys < claim_keys;  // an atom without a status is a candidate
}

namespace {

// The remembered answer for the text at `path` in this version, if any.
const SlotMemo::Answer* remembered(const SlotMemo::Answers* memo, const std::string& path, std::uint64_t version) {
  if (!memo || version == 0) return nullptr;
  auto it = memo->find(path);
  return it != memo->end() && it->second.version == version ? &it->second : nullptr;
}

void remember(SlotMemo::Answers* memo, const std::string& path, std::uint64_t version, bool passed) {
  if (memo && version != 0) (*memo)[path] = {version, passed};
}

}  // namespace

namespace {

// The normalized claims of the live atoms (candidate or staged) of the slot at
// `path`; none when it cannot be read.
std::vector<std::string> live_claims(FileSystem& fs, const std::string& path) {
  std::vector<std::string> out;
  auto text = fs.read_file(path);
  // An adopted rule's slot gathers an observation a session and is read at every
  // index: most hold no live atom, and the filter says so without the JSON reader.
  if (!text.ok() || !may_hold_status(*text, {"candidate", "staged"})) return out;
  auto slot = slot_from_json(*text, path);
  if (!slot.ok()) return out;
  for (const Atom& a : slot->atoms)
    if (a.status == "candidate" || a.status == "staged") out.push_back(normalize_claim(a.claim));
  return out;
}

}  // namespace

bool contested_by_candidates(FileSystem& fs, const Home& home, std::string_view key, std::string_view summary,
                             SlotMemo* memo) {
  const std::string slot_key = normalize_key(key);
  if (slot_key.empty()) return false;
  const std::string path = join_path(home.candidates_dir(), slot_file_for(slot_key));
  auto info = fs.stat(path);
  if (!info.ok() || info->kind != FileKind::kRegular) return false;
  std::vector<std::string> read;
  const std::vector<std::string>* claims = &read;
  if (memo && info->version != 0) {
    SlotMemo::LiveClaims& kept = memo->live[path];
    if (kept.version != info->version) kept = {info->version, live_claims(fs, path)};
    claims = &kept.claims;
  } else {
    read = live_claims(fs, path);
  }
  const std::string own = normalize_claim(summary);
  return std::any_of(claims->begin(), claims->end(), [&](const std::string& c) { return c != own; });
}

Result<std::vector<Slot>> load_slots(FileSystem& fs, const Home& home, std::vector<std::string>* problems,
                                     const std::function<bool(std::string_view)>& wanted, SlotMemo::Answers* memo) {
  std::vector<Slot> out;
  auto info = fs.stat(home.candidates_dir());
  if (!info.ok()) return info.error();
  if (info->kind != FileKind::kDirectory) return out;
  if (!wanted) memo = nullptr;
  // Versions only for a memo: elsewhere (hooks, commands) a listing spares a stat a slot.
  Result<std::vector<DirEntryInfo>> entries = std::vector<DirEntryInfo>{};
  if (memo) {
    entries = fs.stat_dir_from(home.candidates_dir(), "");
  } else if (auto listed = fs.list_dir(home.candidates_dir()); listed.ok()) {
    for (DirEntry& e : *listed) entries->push_back({std::move(e.name), FileInfo{.kind = e.kind}});
  } else {
    entries = listed.error();
  }
  if (!entries.ok()) return entries.error();
  for (const DirEntryInfo& e : *entries) {
    if (e.info.kind != FileKind::kRegular || !e.name.ends_with(".json")) continue;
    const std::string path = join_path(home.candidates_dir(), e.name);
    const SlotMemo::Answer* known = remembered(memo, path, e.info.version);
    if (known && !known->passed) continue;
    auto text = fs.read_file(path);
    if (text.ok() && wanted && !known) {
      const bool passed = wanted(*text);
      remember(memo, path, e.info.version, passed);
      if (!passed) continue;
    }
    Result<Slot> slot = text.ok() ? slot_from_json(*text, path) : Result<Slot>(text.error());
    if (!slot.ok()) {
      if (problems) problems->push_back(slot.message());
      continue;
    }
    out.push_back(std::move(*slot));
  }
  std::sort(out.begin(), out.end(), [](const Slot& a, const Slot& b) { return a.key < b.key; });
  return out;
}

Status save_slot(FileSystem& fs, const Home& home, const Slot& slot) {
  return replace_file(fs, join_path(home.candidates_dir(), slot_file_for(slot.key)), slot_to_json(slot));
}

}  // namespace memsim
