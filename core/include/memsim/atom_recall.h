// L1 atoms at prompt time (seed 004: "UserPromptSubmit recalls relevant L1
// atoms", contested ones tagged): what earlier sessions said and no one has
// adopted yet, shown with the prompt's memories so the model can use it and can
// see that it is unconfirmed. The prompt hook adds them after the T2 rows
// (search.h prompt_context), within the same byte budget.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/result.h"

namespace memsim {

struct AtomHit {
  std::string id, kind, claim;
  std::size_t shared = 0;  // distinct search terms of the prompt the claim holds
  int sessions = 0;        // distinct sessions that said it
  bool contested = false;  // its slot holds another live claim
};

// A claim must hold this many of the prompt's search terms to count: one word
// in common is chance (every claim says "use" or "run").
constexpr std::size_t kAtomMinSharedTerms = 2;
constexpr std::size_t kPromptMaxAtoms = 3;

// The live atoms (candidate or staged) of `home` holding at least
// kAtomMinSharedTerms distinct search terms (search.h query_terms) of `prompt`,
// best first: more shared terms, then more sessions, then the smaller id; at
// most k. Never a quarantined atom (its text held a secret), a rejected one, or
// an adopted one (a T2 file now, which the prompt's recall finds). A missing
// candidates/ is no atoms; an unreadable slot is skipped.
Result<std::vector<AtomHit>> recall_atoms(FileSystem& fs, const Home& home, std::string_view prompt, std::size_t k);

// The prompt hook's lines for them: a header, then one line per atom,
// "- <kind>: <claim> [L1, <n> session(s)][ [contested]]", each rendered inert
// (render.h), all within max_bytes (whole lines only). "" when none fits.
std::string atoms_context(const std::vector<AtomHit>& hits, std::size_t max_bytes);

}  // namespace memsim
