// The session debrief (seed 000 section 07, "session debrief"): when a session
// ends, what it left behind is written as a dated T1 note,
//   memory/short-term/YYMMDD-session-<first 8 of the session id>.md
// so the next sessions of the week see it (notes.h: visible for
// policy.short_term_days, kept forever). It holds the claims capture found in
// the transcript (kind and claim, already through the gate) and the memory files
// the session touched (from the journal), nothing else.
//
// A quarantined claim (one that held a secret) is never listed, even redacted:
// short-term/ is committed, candidates/ is not. Every line is rendered inert and
// capped (render.h), and the whole note passes gate_text once more.
//
// A note is memsim's own only when its frontmatter says `debrief_of: <session>`:
// the same session ending again (a resume) replaces its own note, and a file of
// that name written by anyone else is left alone (the note takes -2, -3, ...).
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim {

struct CapturedClaim {
  std::string kind;   // directive, correction, preference, lesson, failure
  std::string claim;  // as the gate left it
  bool quarantined = false;
};

struct DebriefRequest {
  std::string session;  // sanitized ([A-Za-z0-9_-]); "-" when unknown
  std::vector<CapturedClaim> claims;
};

// At most this many claims and touched files are listed; the rest are counted.
constexpr std::size_t kDebriefMaxItems = 30;

struct DebriefResult {
  std::string rel_path;  // relative to the home; "" when there was nothing to write
  std::size_t claims = 0, touched = 0, left_out = 0;
};

// Writes the debrief under the home's lock (waiting at most lock_timeout_ms).
// The touched files are the journal's touches of `session` (none when it is
// "-"). Writes nothing, and returns an empty rel_path, when the session left
// neither a claim nor a touch. `redactor` may be one the caller keeps; null
// builds one, only when there is something to write.
Result<DebriefResult> write_debrief(FileSystem& fs, const Home& home, const Clock& clock, const Redactor* redactor,
                                    const DebriefRequest& request, int lock_timeout_ms);

}  // namespace memsim
