// L1 atoms: what capture writes under <home>/candidates/ (SPEC section 7).
//
// One JSON file per key, candidates/<16 hex of the key's hash>.json, holds every
// claim ever made for that key. Two live claims under one key are a
// contradiction: both stay at L1, tagged contested, until `resolve` picks one;
// neither replaces the other silently. Each atom keeps, per observation, its
// session, calendar day, project and back-pointer (transcript path and line).
// Back-pointers live only here: candidates/ is never committed.
//
// Every claim and quote passes the Redactor before it reaches disk; an atom
// whose text redaction changed is quarantined and never promotes on evidence.
// Files are replaced whole (replace_file) under the home's lock.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/debrief.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/result.h"
#include "memsim/transcript.h"

namespace memsim {

struct Observation {
  std::string session;
  std::string day;  // YYYY-MM-DD (UTC)
  Seconds time = 0;
  std::string project;
  std::string transcript;  // back-pointer: transcript path ...
  int line = 0;            // ... and 1-based line
  std::string quote;       // the redacted source sentence
  std::string confidence;  // observed | stated | verified
};

struct Atom {
  std::string id;     // 12 hex of the hash of the normalized claim
  std::string claim;  // redacted
  std::string kind;   // directive | correction | preference | lesson | failure
  bool quarantined = false;
  std::vector<std::string> redactions;  // kinds found, when quarantined
  std::string status = "candidate";     // candidate | staged | adopted | rejected
  std::string tier = "L1";              // L1, or the tier it was adopted at
  std::vector<Observation> observations;
};

// Every atom sharing one key.
struct Slot {
  std::string key;
  std::vector<Atom> atoms;
  std::string resolved;         // the id `resolve` chose, or empty
  bool ever_contested = false;  // L3 requires a key that was never contested

  // Two or more claims not rejected by `resolve`.
  bool contested() const;
  Atom* find(const std::string& id);
};

// Lowercase, punctuation to spaces, runs of space folded, polarity and filler
// words dropped, and for "X is Y" forms only the subject X: the slot a claim fills,
// so "Always use tabs" and "Never use tabs" share the key "use tabs".
std::string normalize_key(std::string_view claim);
// Lowercase, runs of space folded, trailing punctuation dropped: equal claims
// differ only in case and spacing.
std::string normalize_claim(std::string_view claim);
std::string atom_id_for(std::string_view claim);
std::string slot_file_for(std::string_view key);  // "<16 hex>.json"

std::string slot_to_json(const Slot& slot);
// Fails naming `origin` when the text is not a slot.
Result<Slot> slot_from_json(const std::string& text, const std::string& origin);

// What the slot filters below said of each slot's text, by file version
// (FileInfo::version), for a caller that reads the same home's slots day after
// day (the simulator): a slot whose version has not changed is neither read nor
// scanned again. A real disk gives no versions (fs.h), so there nothing is kept.
struct SlotMemo {
  struct Answer {
    std::uint64_t version = 0;
    bool passed = false;
  };
  using Answers = std::unordered_map<std::string, Answer>;  // by the slot's path
  Answers candidates;                                       // may_hold_status(text, {"candidate"}): promotion plans
  // For contests: the normalized claims of a slot version's live atoms
  // (candidate or staged), by the slot's path.
  struct LiveClaims {
    std::uint64_t version = 0;
    std::vector<std::string> claims;
  };
  std::unordered_map<std::string, LiveClaims> live;
};

// Every slot in <home>/candidates/, sorted by key. An unreadable file is skipped
// and its message appended to *problems (when given). A file whose text
// `wanted` rejects is skipped unparsed: a cheap filter before the JSON reader.
// `memo` holds `wanted`'s earlier answers (SlotMemo), when given.
Result<std::vector<Slot>> load_slots(FileSystem& fs, const Home& home, std::vector<std::string>* problems = nullptr,
                                     const std::function<bool(std::string_view)>& wanted = nullptr,
                                     SlotMemo::Answers* memo = nullptr);
// A filter for load_slots' `wanted` and for a single slot's text: false only
// when the text certainly holds no atom of these statuses, so the JSON reader
// need not run. slot_to_json writes every status as a JSON string with nothing
// to escape; an atom without a status reads as "candidate"; a text with a \u
// escape anywhere (written by hand) is always passed.
bool may_hold_status(std::string_view slot_text, std::initializer_list<std::string_view> statuses);

// Writes one slot (caller holds the home's lock).
Status save_slot(FileSystem& fs, const Home& home, const Slot& slot);

// Whether a T2 fact is contested from below: the L1 slot of its `key`
// (normalize_key) holds a live claim (candidate or staged, quarantined or not)
// that is not the fact's own `summary` (normalize_claim). The fact is then
// tagged [contested] wherever it is shown and counted by `status`, until
// `resolve` settles the slot. Reads one file; a missing or unreadable slot is
// no contest.
bool contested_by_candidates(FileSystem& fs, const Home& home, std::string_view key, std::string_view summary,
                             SlotMemo* memo = nullptr);

struct CaptureStats {
  int lines = 0, malformed = 0, unknown = 0, injected = 0, ignored = 0;
  int markers = 0;           // markers found
  int new_observations = 0;  // observations not seen before
  int new_atoms = 0;
  int quarantined = 0;    // markers whose text redaction changed
  bool deferred = false;  // more slots than max_slots, or the lock was busy: nothing written
  // Each distinct claim found, in transcript order, as the gate left it: what
  // the session debrief lists (debrief.h). Filled even when deferred.
  std::vector<CapturedClaim> claims;
};

// Captures one transcript into <home>/candidates/, creating candidates/ and
// runtime/ when missing (a user-level home may be fresh). `project` names the
// project; empty means the last component of the transcript's cwd. Capturing
// the same transcript again adds nothing and writes nothing. Fails only when the
// transcript cannot be read or a file cannot be written. Each slot is a file
// written and synced (about 0.65 ms here), so a caller with a deadline passes
// max_slots: when the transcript fills more slots than that, nothing is written
// and stats->deferred says so (scanning is cheap: 10 MB in about 0.2 s).
// `redactor` may be one the caller keeps across captures (building one compiles
// every rule); null builds one for this call.
// A caller with a deadline (max_slots >= 0) that cannot have the home's lock
// within lock_timeout_ms gets stats->deferred too, and nothing is written.
Status capture_transcript(FileSystem& fs, const Home& home, const Clock& clock, const std::string& transcript_path,
                          const std::string& project, CaptureStats* stats, int max_slots = -1,
                          const Redactor* redactor = nullptr, int lock_timeout_ms = 5000);

}  // namespace memsim
