// Dated notes: T1 short-term facts (memory/short-term/) and reflection residue
// (memory/dream-journal/), named YYMMDD-<slug>.md. They are kept forever and are
// visible for policy.short_term_days days from their date; nothing here deletes
// or moves one.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/timefmt.h"

namespace memsim {

struct DatedNote {
  std::string rel_path;  // relative to the home, e.g. memory/short-term/260729-deploy.md
  Days day = 0;          // from the name
  FileInfo info;
};

// The day a YYMMDD-<slug>.md name carries (20YY), or nullopt.
std::optional<Days> note_day(std::string_view name);
// The YYMMDD a note of `day` is named with: note_day's inverse (years 2000-2099).
std::string note_day_prefix(Days day);

// Regular files of short-term/ and dream-journal/ with a dated name, sorted by
// (day descending, path ascending). Missing directories are empty. Notes dated
// before from_day are not even looked at: notes are never deleted, so a caller
// that wants the last days pays for those, not for every year kept.
Result<std::vector<DatedNote>> list_dated_notes(FileSystem& fs, const Home& home,
                                                Days from_day = std::numeric_limits<Days>::min());

// Whether a note is a session debrief (debrief.h) by its name: memory/short-term/YYMMDD-session...
bool is_debrief_note(std::string_view rel_path);

// Whether a note dated `day` is visible on `today`: today - day < window.
inline bool note_visible(Days day, Days today, int window) { return today >= day && today - day < window; }

}  // namespace memsim
