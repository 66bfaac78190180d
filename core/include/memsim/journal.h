// The access journal, runtime/access.log (SPEC section 4): one line per touch,
//   <YYYY-MM-DDTHH:MM:SSZ> <tool> <filename> <session>
// and, since sessions are what `memsim evaluate` replays, one line per session
// start, written by the session-start hook in the same four fields:
//   <YYYY-MM-DDTHH:MM:SSZ> SessionStart <source> <session>
// where source is the harness's (startup, resume, clear, compact) or "-". The
// extension is compatible both ways: every old line still parses, and a reader
// that predates it takes a session line for a touch of a file named <source>,
// which is never a memory file name, so no fold or ranking changes.
// Appending needs no lock: each line goes out in one O_APPEND write. Reading is
// forgiving: a torn or garbage line is skipped and counted, never fatal.
//
// Compaction keeps the journal small without losing a line:
//   runtime/access.log                     where hooks append
//   runtime/journal/pending-<stamp>.log    access.log renamed aside once it passed
//                                          kJournalRotateBytes; still read by the fold
//   runtime/journal/archive/<YYYY-MM>.log  segments whose every touch is in the
//                                          memory files: kept forever, never read
// A hook that opened access.log just before the rename appends to the pending
// segment, which the fold still reads, so no touch is lost to the race; a segment
// is archived only in a later run, once every touch in it has been folded.
//
// A shared home (docs/sharing.md) is one with a journal/ directory, committed
// with the rest of the home. Each clone is a replica with an id of its own
// (runtime/state/replica, made on first use and never committed) and alone
// appends to its segments, one per month by the touch's UTC time:
//   journal/<replica>/<YYYY-MM>.log
// so git merges every journal without a conflict, and a month's segment is
// closed once the month is over: nothing rewrites or removes it. (A home shared
// before segments holds journal/<replica>.log, read as that replica's first
// segment and no longer appended to.) The fold of a shared home takes every
// replica's touches in one total order (time, then replica, then segment, then
// line) from each file's baseline: the values journal/baseline.log recorded
// when the home started sharing, or the defaults for a file made since. The
// policy values are then a function of the committed journals alone, and every
// clone with the same commits computes the same bytes. runtime/access.log is
// not read in a shared home. (checkpoint.h keeps the fold from rereading the
// closed months.)
//   journal/baseline.log: <filename>\t<access_count>\t<last_accessed|->\t<last_reinforced|->\t<stability>
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/memory_file.h"
#include "memsim/result.h"

namespace memsim {

struct Touch {
  Seconds time = 0;
  std::string tool;      // Read, Edit, Write, MultiEdit, or Touch for `memsim touch`
  std::string filename;  // the memory file's name, e.g. feedback_x.md (may hold spaces)
  std::string session;   // "-" when unknown
  // Where it was read: the replica whose journal holds it ("" for runtime/'s)
  // and its place in that replica's journal, segment_position(segment, line);
  // the total order's tie-breaks.
  std::string replica{};
  std::size_t line = 0;
};

// The total order of a shared home's touches: time, then replica, then line.
bool touch_order(const Touch& a, const Touch& b);

// A replica's segments in order: 0 for journal/<replica>.log, then one per
// month, year * 12 + month. A touch's place is its segment's rank, then its
// line (from 1) in the segment, so the order needs no segment to be read but
// its own.
std::uint64_t month_segment_rank(Seconds t);
inline std::size_t segment_position(std::uint64_t rank, std::size_t line) {
  return static_cast<std::size_t>(rank << 32) | line;
}
inline std::uint64_t segment_rank_of(const Touch& t) { return static_cast<std::uint64_t>(t.line) >> 32; }

// A session's start as the journal records it.
struct SessionStart {
  Seconds time = 0;
  std::string source;   // startup, resume, clear, compact; "-" when unknown
  std::string session;  // "-" when unknown
};

inline constexpr std::string_view kSessionStartTool = "SessionStart";

// The line for a touch, newline included. Fails when a field would break the
// line format (a newline anywhere, a space in tool or session, an empty field).
Result<std::string> format_touch(const Touch& t);

// The line for a session start; the same rules as format_touch.
Result<std::string> format_session_start(const SessionStart& s);

struct JournalRead {
  std::vector<Touch> touches;          // in file order
  std::vector<SessionStart> sessions;  // in file order
  std::size_t bad_lines = 0;           // torn, garbage, or unparseable lines skipped
  // Set for a shared home: the values each file started sharing from, by name.
  std::optional<std::map<std::string, PolicyValues>> baseline;
};

// With only_session, the lines of every other session are skipped unparsed and
// uncounted: a caller that wants one session's touches (the debrief) pays no
// more than a scan for them.
JournalRead parse_journal(std::string_view text, std::string_view only_session = {});

// Appends `part`'s touches, sessions and unreadable-line count to `into`.
void append_read(JournalRead& into, JournalRead part);

// One file of a shared home's journals, named relative to journal/.
struct Segment {
  std::string replica;
  std::string path;  // <replica>.log or <replica>/<YYYY-MM>.log
  std::uint64_t rank = 0;
};

// Every segment of a shared home, by replica, then rank.
Result<std::vector<Segment>> list_segments(FileSystem& fs, const Home& home);

// The touches and session starts of one segment's text, placed in the total
// order (Touch::replica and Touch::line set).
JournalRead parse_segment(std::string_view text, const Segment& segment, std::string_view only_session = {});

// Reads the home's journal: the pending segments (oldest first), then access.log;
// for a shared home, the baseline and every segment instead, by
// replica id. A missing journal is empty.
Result<JournalRead> read_journal(FileSystem& fs, const Home& home, std::string_view only_session = {});

constexpr std::int64_t kJournalRotateBytes = 256 << 10;

struct Compaction {
  int archived = 0;      // pending segments moved into the archive
  bool rotated = false;  // access.log renamed into a pending segment
};

// One compaction step; the caller holds the home's lock and has just folded and
// written back. `absorbed` says whether a touch's effect is in the files on disk;
// a segment moves to the archive only when it is true for every touch in it.
Result<Compaction> compact_journal(FileSystem& fs, const Home& home, Seconds now,
                                   const std::function<bool(const Touch&)>& absorbed);

// Whether the home shares its journal through git: it has a journal/ directory.
bool is_shared(FileSystem& fs, const Home& home);

// This clone's replica id (12 lowercase hex digits), made and kept in
// runtime/state/replica on first use.
Result<std::string> replica_id(FileSystem& fs, const Home& home);

// The baseline file's text for these values, one line per file, by name; and
// its reader, which skips (and counts) a line it cannot read.
std::string format_baseline(const std::map<std::string, PolicyValues>& values);
std::map<std::string, PolicyValues> parse_baseline(std::string_view text, std::size_t& bad_lines);

// Appends one touch (creating runtime/ if needed); in a shared home, to this
// replica's segment of the touch's month (creating journal/<replica>/).
Status append_touch(FileSystem& fs, const Home& home, const Touch& t);
// Appends one session start, where append_touch would put a touch at its time.
Status append_session_start(FileSystem& fs, const Home& home, const SessionStart& s);

// Touch times per filename, each list sorted ascending.
std::unordered_map<std::string, std::vector<Seconds>> touches_by_file(const std::vector<Touch>& touches);

}  // namespace memsim
