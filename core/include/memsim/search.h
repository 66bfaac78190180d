// Recall (SPEC section 6 and 10): ranked memories for a natural-language query.
//
// The search index is derived and disposable: an SQLite FTS5 database at
// runtime/search.db with three columns (summary, name, body), tokenized with
// 'porter unicode61'. Each call brings it up to date from the memory files'
// modification times and sizes (a fingerprint of every (name, mtime, size) lets
// an unchanged directory skip the per-file comparison), and rebuilds it from
// scratch when it is missing, corrupt or of another schema. SQLite opens the
// database itself, outside the FileSystem interface; the memory files are read
// through it.
//
// Recall never reinforces: it appends nothing to the journal and never touches
// a memory file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/query_time.h"
#include "memsim/result.h"
#include "memsim/timefmt.h"

namespace memsim {

// Column weights of bm25(): the summary is the index row, so it counts most.
constexpr double kSummaryWeight = 3.0;
constexpr double kNameWeight = 2.0;
constexpr double kBodyWeight = 1.0;

// The search terms of free text: lowercased ASCII words and runs of non-ASCII
// bytes, split on everything else, English stopwords and one-letter words
// dropped, duplicates dropped, at most 64, in order of first appearance.
std::vector<std::string> query_terms(std::string_view text);

// The FTS5 MATCH expression for free text: every term double-quoted (so no
// character of the input is ever FTS5 syntax), joined by OR. Empty when the
// text has no terms.
std::string fts_match_expression(std::string_view text);

struct RecallOptions {
  std::optional<Days> as_of;  // facts whose window holds this day; default: open at now
  int k = 10;
  bool include_archived = false;  // closed facts too, as history
  double min_score = 0;           // hits scoring less are left out
  std::vector<std::string> skip;  // files left out (sorted), not counted in k
};

struct Hit {
  std::string file;     // memory file name
  double score = 0;     // -bm25(): higher is better
  std::string summary;  // the index row's text
  Days valid_from = 0;  // valid_from, else created, else the modification day
  std::optional<Days> valid_until;
  bool closed = false;  // closed at now (status superseded*, or valid_until <= today)
  bool pinned = false;
  bool contested = false;  // open, and sharing its key with another open fact or contested from below (atoms.h)
  // A closed fact's successor: the newest open fact under its key, and the day
  // its window opened. Empty when the fact has no key or nothing open replaced it.
  std::string replaced_by;
  std::optional<Days> replaced_on;
};

// How a hit is tagged after its summary wherever recall is shown (the CLI, the
// MCP server): " [pinned]", " [contested]", then history_tag's.
std::string hit_tags(const Hit& h);
// A closed hit's " [history, until YYYY-MM-DD; replaced by FILE from YYYY-MM-DD]"
// (the until and replaced parts when known); "" for an open one.
std::string history_tag(const Hit& h);

// A hit as recall shows it, inert (render.h): "<file><note>: <summary><tags>",
// the summary cut so the line fits in max_bytes.
std::string hit_line(const Hit& h, std::size_t max_bytes, std::string_view note = {});

// Hits in rank order (score descending, then filename). A query without terms
// finds nothing. Fails only when the home is missing or the database cannot be
// created even from scratch.
Result<std::vector<Hit>> recall(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                std::string_view query, const RecallOptions& options = {});

// The day a query asks about: the one its calendar words name (query_time.h,
// query_day), else the day before an event it names ("before the migration",
// query_event) as the memory about that event dates it: the first YYYY-MM-DD
// in the summary of the best recall hit (closed facts included) whose summary
// holds every word of the event, else the day that memory's window opens.
// nullopt when the query names neither, or no memory names the event. Used by
// recall's callers (the CLI, the MCP server, the prompt hook) alike.
std::optional<QueryDay> asked_day(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                  std::string_view query);

// What the user-prompt-submit hook prints: up to kPromptMaxRows memories most
// relevant to the prompt that are not in the Hot band of the current MEMORY.md
// (as of the day the prompt names, query_time.h, closed ones tagged as history),
// each as its index row (rendered, cut to policy.row_cap bytes), under one header
// line, in at most kPromptContextBytes (limits.h). Only hits scoring at least
// kPromptMinScore count (see docs/recall.md for why). Then, in the room left, up
// to kPromptMaxAtoms L1 atoms the prompt names (atom_recall.h), contested ones
// tagged. Empty when nothing qualifies or anything fails.
constexpr int kPromptMaxRows = 5;
constexpr double kPromptMinScore = 3.0;
std::string prompt_context(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                           std::string_view prompt);

// The file names listed in the Hot section of MEMORY.md text.
std::vector<std::string> hot_files(std::string_view memory_md);

// Groups of summaries that are near-duplicates: two summaries are near-duplicates
// when the Jaccard similarity of their term sets (query_terms) is at least
// kNearDuplicate, with at least 3 terms each, and a group is a connected set of
// them (so A ~ B ~ C is one group even when A and C differ more). Each group holds
// indices into `summaries`, ascending; groups are ordered by their first member.
// Near-linear in practice, even when every summary repeats every other.
constexpr double kNearDuplicate = 0.7;
std::vector<std::vector<std::size_t>> near_duplicate_groups(const std::vector<std::string>& summaries);

// The last summaries grouped and their groups, kept by a caller that lints many
// homes holding the same summaries (the simulator's variants differ in their
// policy lines, not in what their facts say), so equal summaries are grouped once.
struct NearDuplicateMemo {
  std::vector<std::string> summaries;
  std::vector<std::vector<std::size_t>> groups;
};
// near_duplicate_groups(summaries), from the memo when it holds these summaries;
// the memo then holds them.
std::vector<std::vector<std::size_t>> near_duplicate_groups(std::vector<std::string> summaries,
                                                            NearDuplicateMemo& memo);

// The search database path: runtime/search.db.

}  // namespace memsim
