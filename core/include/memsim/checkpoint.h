// The fold checkpoint of a shared home (docs/sharing.md): what keeps `memsim
// index` from rereading every month of every replica's journal.
//
// The fold is a left fold over each file's touches in time order (fold.h), so
// the values after every touch equal the values at a cutoff T, folded on over
// the touches from T. A checkpoint records, at T (the start of a month):
//   - the fold of every touch before T, for every file the baseline or a touch
//     names (whether or not the file exists today);
//   - the segments it covers (every journal/<replica>.log and every month
//     segment before T's month) with each one's size and FNV-1a hash, and the
//     baseline's;
//   - the touches in those segments at or after T (a legacy journal's later
//     lines), carried so their segments need not be read;
//   - the fold's policy (fold_fingerprint).
// It is a cache, never a source of truth: it lives in runtime/state/, is never
// committed, and is used only when it still describes the journals exactly:
// the same policy, a cutoff no later than now, the same baseline, exactly the
// covered segments present with the same bytes, and no touch before T in a
// segment it does not cover. A machine that was away and pushes an older
// month, a union merge that adds lines to a covered segment, a checkout of an
// older commit: each changes what it checked, and the fold reads every segment
// instead, then writes a new checkpoint. The values with a checkpoint are
// therefore always the values without one (properties/checkpoint_props.cpp).
//
//   runtime/state/fold-checkpoint.tsv, tab-separated, one record per line:
//     memsim fold checkpoint 1
//     policy    <fold_fingerprint>
//     cutoff    <YYYY-MM-DDTHH:MM:SSZ>
//     baseline  <size> <fnv1a64 hex> <bad lines>
//     segment   <size> <fnv1a64 hex> <bad lines> <path under journal/>
//     value     <access_count> <last_accessed|-> <last_reinforced|-> <stability> <filename>
//     carry     <position> <replica> <journal line>
//     end       <number of records before this one>
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/journal.h"
#include "memsim/policy.h"
#include "memsim/result.h"

namespace memsim {

// A journal file as a checkpoint names it.
struct SegmentDigest {
  std::int64_t size = -1;  // -1: missing
  std::uint64_t hash = 0;
  std::size_t bad_lines = 0;
  bool operator==(const SegmentDigest&) const = default;
};

struct FoldRead {
  // What read_journal returns for a shared home, but, when a checkpoint was
  // used, with baseline holding the checkpoint's values and touches only those
  // from its cutoff on; sessions then are only those of the segments read.
  JournalRead journal;
  std::optional<Seconds> checkpoint_cutoff;  // set when a checkpoint was used
  std::string checkpoint_unused;             // why the one on disk was not used; "" when it was, or none exists
  SegmentDigest baseline;
  std::vector<std::pair<Segment, SegmentDigest>> segments;  // every segment present, as list_segments orders them
};

// Reads a shared home's journals for the fold, through the checkpoint when it
// is valid (see above); never fails because of the checkpoint.
Result<FoldRead> read_for_fold(FileSystem& fs, const Home& home, const Policy& policy, Seconds now);

// Writes the checkpoint at the start of now's month from what read_for_fold
// returned, when that is later than the one used; the caller holds the home's
// lock. False when nothing was written: the one used is current, or a segment
// it would not cover holds a touch before the cutoff, or a name cannot be
// written on one line.
Result<bool> write_checkpoint(FileSystem& fs, const Home& home, const Policy& policy, Seconds now,
                              const FoldRead& read);

// The start (00:00:00Z) of the month t falls in.
Seconds month_start(Seconds t);

}  // namespace memsim
