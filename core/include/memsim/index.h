// The bounded index (SPEC section 5): a pure function of the ranked entries and
// `now`. It never reads its own previous output.
//
//   MEMORY.md          "# Memory index\n\n## Hot\n" rows "\n## New\n" rows
//                      "\n## Cold\n" rows "\n## How to use\n" kHowToUse
//   MEMORY-archive.md  "# Memory archive\n\n## Superseded\n" rows "\n## Rolled off\n" rows
//   current-state.md   "# Current state\n\n" then "- <filename>: <state>\n" per live
//                      in-flight file, by filename
//
// A row is "- <filename>: <summary>[ [pinned]][ [contested]]\n", the name and the
// summary rendered inert (render.h) and the row cut to a cap: policy.row_cap in
// Hot and Cold, policy.new_row_cap in New. Its length is its UTF-8 byte count.
// Every entry lands in exactly one band, and every band within its budget: pins
// go into Hot first, and a pin that does not fit is listed in `unfit_pins` and
// ranked like any other row.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"
#include "memsim/timefmt.h"

namespace memsim {

extern const std::string_view kHowToUse;

// One memory as the index sees it, every default already resolved.
struct Entry {
  std::string filename;
  std::string summary;  // folded to one line
  double score = 0;
  Days created = 0;  // the created date, or the file's modification date
  bool pinned = false;
  bool closed = false;     // status superseded*, or valid_until <= today
  bool contested = false;  // open, and sharing its key with another open fact or contested from below (atoms.h)
  bool in_flight = false;
  std::string state;  // the in-flight status line
};

// (score descending, filename ascending bytewise): the total order of every list.
bool ranks_before(const Entry& a, const Entry& b);

enum class Band { kHot, kNew, kCold, kSuperseded, kRolledOff };

struct BandStats {
  int rows = 0;
  int bytes = 0;
};

struct IndexOutput {
  std::vector<Entry> entries;     // in the total order
  std::vector<Band> bands;        // bands[i] is where entries[i] went
  std::vector<std::string> rows;  // rows[i] as rendered in its band
  BandStats hot, fresh, cold, superseded, rolled_off;
  std::vector<std::string> unfit_pins;  // pinned files whose rows did not fit in Hot, in rank order
  std::string memory_md, archive_md, current_state_md;
};

// The row of an entry in at most `cap` bytes: the summary is cut on a UTF-8
// boundary and ends in "...", the tags and newline are kept; only a name longer
// than the cap makes a longer row ("- <name>: ...<tags>\n").
std::string render_row(const Entry& e, int cap);

// Bands, rows and the three files. `entries` may come in any order.
IndexOutput build_index(std::vector<Entry> entries, Seconds now, const Policy& policy);

// MEMORY.md or MEMORY-archive.md read back (what verify-install checks, what
// prompt-time recall skips): the "- " rows under each band's heading, each with its
// newline, and each band's bytes. A row outside those bands, or a file that is not
// an index, gives no rows; nothing here fails.
struct IndexBandRows {
  std::vector<std::string> rows;
  long bytes = 0;
};
struct ParsedIndex {
  IndexBandRows hot, fresh, cold;        // MEMORY.md
  IndexBandRows superseded, rolled_off;  // MEMORY-archive.md
};
ParsedIndex parse_index(std::string_view memory_md);

// The file a row names ("- <filename>: <summary>..."), or "" when it names none.
std::string row_filename(std::string_view row);

}  // namespace memsim
