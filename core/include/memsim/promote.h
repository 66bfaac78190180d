// The promotion ladder above L1 (SPEC section 7): the gates, the dry run, the
// proposals in staged/, adopt, resolve and why.
//
// Gates, with the defaults of SPEC section 9:
//   L1 -> L2  >= 3 distinct sessions on >= 2 distinct calendar days; or >= 2
//             sessions where the claim was stated outright, on >= 2 days; or one
//             verified observation (the only path exempt from the day rule).
//   L2 -> L3  the L2 evidence, and >= 2 distinct projects, first seen >= 30 days
//             before now, never contested; judged in the user-level home, whose
//             candidates/ every project's capture also feeds.
// Refusals come first: a quarantined atom (redaction changed its text) never
// promotes on evidence, a contested slot stays at L1 until `resolve`, and a
// rejected claim never moves.
//
// Nothing here edits a committed file except adopt, which backs identity.md up
// in runtime/backups/ first and closes the windows of the facts it supersedes. Committed text carries no back-pointer
// and no path under a user's home directory: every claim, quote and key passes gate_text (gate.h).
#pragma once

#include <string>
#include <vector>

#include "memsim/atoms.h"
#include "memsim/clock.h"
#include "memsim/corpus.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/result.h"

namespace memsim {

struct Evidence {
  int sessions = 0, days = 0, stated_sessions = 0, stated_days = 0, verified = 0, projects = 0;
  Seconds first_seen = 0;
};
Evidence evidence_of(const Atom& atom);

struct Verdict {
  bool to_l2 = false;               // passes the L1 -> L2 gate
  bool to_l3 = false;               // passes the L2 -> L3 gate too
  std::vector<std::string> blocks;  // why the next step is refused, one reason each
};
// Judges one atom of `slot`. `for_l3` asks about the L3 step as well.
Verdict judge(const Slot& slot, const Atom& atom, const GateRules& rules, Seconds now, bool for_l3);

// One line of the dry run: an atom that would move, or a near miss and its blocks.
struct Proposal {
  std::string id, claim, kind, key;
  std::string to;  // "L2" or "L3"
  bool moves = false;
  std::vector<std::string> blocks;
  Evidence evidence;
  std::string confidence;  // verified | stated | observed: the strongest observation
  std::string quote;       // the latest observation's source sentence (redacted)
};

// Every atom not yet staged, adopted or rejected, judged for L2 in `home`, and, when
// user_home is given, for L3 in the user-level home. `memo` (atoms.h) spares a
// caller that plans day after day the slots that did not change.
Result<std::vector<Proposal>> plan_promotions(FileSystem& fs, const Home& home, const Home* user_home,
                                              const GateRules& rules, Seconds now, SlotMemo* memo = nullptr);

// Writes staged/<id>.md for each moving proposal (L2 into home, L3 into user_home)
// and marks the atoms staged. Returns the number written.
Result<int> stage_promotions(FileSystem& fs, const Home& home, const Home* user_home, const std::vector<Proposal>& plan,
                             Seconds now);

// What adopt did, and what it adopted, for the person who ran it to read.
struct Adopted {
  std::string path;                     // the file written
  std::string kept;                     // a file that had the claim's name, left as it was ("" when none)
  std::vector<std::string> superseded;  // open facts with the claim's key, now closed (file names)
  std::string to, kind, claim, quote;
  int sessions = 0, days = 0;
};

// Adopts the staged proposal `id` (looked up in home, then user_home): L2 writes a
// new memory/<type>_<topic>.md, L3 adds a line to the persona section of the
// user-level identity.md (backed up first). A file that already has the L2 name is
// never overwritten, whoever wrote it: the claim takes the next free name
// (<topic>-2, -3, ...) and `kept` names the file left alone. An adopted claim
// replaces the open facts that hold its key as supersede would: the new file is
// written first with `supersedes:` and `valid_from: today`, then each incumbent's
// window closes today (valid_until, no other byte changed), so its body stays
// readable with --as-of. The caller regenerates the index. An L2 adoption reads
// the corpus with `reuse` (load_corpus) and leaves it there for the next caller.
Result<Adopted> adopt(FileSystem& fs, const Home& home, const Home* user_home, const std::string& id,
                      const Policy& policy, Seconds now, Corpus* reuse = nullptr);
// The ids waiting in staged/ of home and user_home.
Result<std::vector<std::string>> staged_ids(FileSystem& fs, const Home& home, const Home* user_home);

// Picks `id` as the claim of its slot: the others are rejected (kept, never deleted).
Status resolve(FileSystem& fs, const Home& home, const std::string& id);

// The atom a claim (or an id) means: an exact id, else the one atom whose
// normalized claim equals the query, else the one whose claim contains it or
// whose key equals its key. Empty when none or more than one could be meant.
struct Found {
  Slot slot;
  Atom atom;
};
Result<std::vector<Found>> find_atoms(FileSystem& fs, const Home& home, const std::string& query);

}  // namespace memsim
