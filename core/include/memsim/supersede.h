// Changing a fact (SPEC section 6, seed 001): supersede, never delete.
//
// supersede() closes OLD's window (valid_until: today, every other byte kept)
// and writes NEW with `supersedes: <OLD stem>`, a fresh valid_from and OLD's key
// (OLD's stem when it has none, so that two successors of one fact conflict),
// under the home's lock, then regenerates the index. forget() is the only deletion, for a
// fact that should never have been written: it logs the time, file, sha256 of
// the removed text and the reason to runtime/forget.log before removing it.
//
// Both refuse (an Error, nothing changed) on bad input; a failure after the
// first write names what was and was not done.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/corpus.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"
#include "memsim/redact.h"
#include "memsim/reindex.h"
#include "memsim/result.h"

namespace memsim {

struct SupersedeRequest {
  std::string old_file;  // a memory file name, e.g. preference_voice.md
  // Empty: <old stem>-2.md, -3.md, ... the first free one; in a shared home
  // <old stem>-<n>-<first 6 digits of the replica id>.md, n one more than OLD's
  // (journal.h, docs/sharing.md). A successor suffix of OLD's is not repeated.
  std::string new_file;
  std::optional<std::string> summary;  // absent: OLD's summary, for the author to edit
  std::optional<std::string> type;     // absent: OLD's type
  std::string body;                    // absent: one line naming what it supersedes
  Confidence confidence = Confidence::kStated;
};

struct SupersedeResult {
  std::string old_file, new_file;
  std::string new_text;  // what was written to NEW
  ReindexReport index;   // the index regenerated after the change (written)
};

// The summary, body and NEW name pass gate_text (gate.h): one holding a secret
// is refused, as remember() refuses it, and nothing is written. The index is
// regenerated with `reuse` and `slots` (ReindexOptions) and returned.
Result<SupersedeResult> supersede(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                  const Redactor& redactor, const SupersedeRequest& request, Corpus* reuse = nullptr,
                                  SlotMemo* slots = nullptr);

// Settles a key conflict by hand (`memsim resolve KEY --keep FILE`): every other
// open fact whose key is KEY (white space folded) is closed as supersede closes
// OLD (`valid_until: <today>`, no other byte changed), and KEEP is left as it is,
// so the slot has one open fact and no successor is invented. Then the index is
// regenerated. Refused, nothing changed, when KEEP is not an open fact with that
// key, when no other open fact has it, or when one of them opens after today.
struct Settled {
  std::string key, kept;
  std::vector<std::string> closed;  // file names, bytewise order
};
Result<Settled> settle_key(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                           std::string_view key, std::string_view keep);

// The two steps of settle_key, for a caller that holds the home's lock and
// regenerates the index itself (adopt). The open facts whose key is `key`
// (white space folded) at now, in filename order:
std::vector<const Memory*> open_facts_with_key(const Corpus& corpus, std::string_view key, Seconds now);
// Closes each as supersede closes OLD; refused, nothing changed, when one opens
// after today. `closed` gets each file name as it is closed.
Status close_windows(FileSystem& fs, const Home& home, const std::vector<const Memory*>& facts, Seconds now,
                     std::vector<std::string>& closed);

// Removes a memory file, after appending "<ISO time>\t<file>\tsha256:<hex>\t<reason>\n"
// to runtime/forget.log (the reason redacted by gate_text and folded to one line).
// Requires a non-empty reason.
Status forget(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy, const Redactor& redactor,
              const std::string& file, std::string_view reason);

// The lowercase hex SHA-256 of data (FIPS 180-4).
std::string sha256_hex(std::string_view data);

// A memory file name from what a user typed: a name, a stem, or a path whose
// last component is one. Fails when the result is not a T2 file name.
Result<std::string> memory_name_from_arg(std::string_view arg);

}  // namespace memsim
