// The handoff (seed 003, "Context overflow protocol"): a session about to run out
// of context writes what the next one needs, and the next session reads it once.
//
//   memory/HANDOFF.md          the handoff: frontmatter (created, session,
//                              consumed, consumed_by) and the sections Done, In
//                              progress, Next steps, Decisions, Gotchas, then the
//                              current state and today's T1 notes as pointers
//   memory/handoffs/<stamp>.md every earlier HANDOFF.md, copied aside when a new
//                              one is written (stamp: its created time); the new
//                              one replaces it by a rename only once it is whole
//
// A handoff is never deleted: consuming one sets `consumed: <time>` in its
// frontmatter. A HANDOFF.md written by hand (no frontmatter) counts as pending.
// Text passes the redactor before it reaches disk; what it replaced is reported.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim {

constexpr std::size_t kHandoffMaxItemBytes = 2000;
constexpr std::size_t kHandoffMaxItems = 50;

struct HandoffRequest {
  std::vector<std::string> done, in_progress, next, decisions, gotchas;
  std::string session;  // who wrote it; "" when unknown
};

struct HandoffResult {
  std::string text;                   // what memory/HANDOFF.md now holds
  std::string archived;               // the earlier handoff's new path (relative to the home), or ""
  std::vector<std::string> redacted;  // kinds of secret replaced, one per replacement
};

// Writes memory/HANDOFF.md under the home's lock (moving an earlier one aside
// first). Refuses a request with nothing in it, or items past the caps.
Result<HandoffResult> write_handoff(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                    const Redactor& redactor, const HandoffRequest& request);

// The pending handoff's body, marked consumed by `session` at now in the same
// locked step, so two sessions starting together never both get it. nullopt when
// there is none pending. Fails when the lock is not had within timeout_ms or the
// file cannot be read or rewritten (the handoff then stays pending).
Result<std::optional<std::string>> consume_handoff(FileSystem& fs, const Home& home, const Clock& clock, int timeout_ms,
                                                   std::string_view session);

}  // namespace memsim
