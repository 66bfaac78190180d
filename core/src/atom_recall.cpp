#include "memsim/atom_recall.h"

#include <algorithm>
#include <set>

#include "memsim/ascii.h"
#include "memsim/atoms.h"
#include "memsim/render.h"
#include "memsim/search.h"

namespace memsim {

namespace {

constexpr std::size_t kAtomLineBytes = 300;

bool live(const Atom& a) { return !a.quarantined && (a.status == "candidate" || a.status == "staged"); }

}  // namespace

Result<std::vector<AtomHit>> recall_atoms(FileSystem& fs, const Home& home, std::string_view prompt, std::size_t k) {
  std::vector<AtomHit> out;
  const std::vector<std::string> terms = query_terms(prompt);
  if (terms.size() < kAtomMinSharedTerms || k == 0) return out;
  const std::set<std::string> wanted(terms.begin(), terms.end());
  auto dir = fs.stat(home.candidates_dir());
  if (!dir.ok()) return dir.error();
  if (dir->kind != FileKind::kDirectory) return out;
  // A claim holds a term only if its slot's text, lowercased, does: most slots
  // are dismissed by that scan, never parsed.
  auto names_enough = [&](std::string_view text) {
    const std::string lower = ascii::lowered(text);
    std::size_t found = 0;
    for (const std::string& t : wanted)
      if (lower.find(t) != std::string::npos && ++found == kAtomMinSharedTerms) return true;
    return false;
  };
  auto slots = load_slots(fs, home, nullptr, names_enough);
  if (!slots.ok()) return slots.error();
  for (const Slot& slot : *slots) {
    for (const Atom& a : slot.atoms) {
      if (!live(a)) continue;
      std::size_t shared = 0;
      for (const std::string& t : query_terms(a.claim)) shared += wanted.count(t);
      if (shared < kAtomMinSharedTerms) continue;
      std::set<std::string> sessions;
      for (const Observation& o : a.observations) sessions.insert(o.session);
      out.push_back({a.id, a.kind, a.claim, shared, static_cast<int>(sessions.size()), slot.contested()});
    }
  }
  std::sort(out.begin(), out.end(), [](const AtomHit& a, const AtomHit& b) {
    if (a.shared != b.shared) return a.shared > b.shared;
    if (a.sessions != b.sessions) return a.sessions > b.sessions;
    return a.id < b.id;
  });
  if (out.size() > k) out.resize(k);
  return out;
}

std::string atoms_context(const std::vector<AtomHit>& hits, std::size_t max_bytes) {
  const std::string header =
      "Said in earlier sessions and not yet adopted (L1 candidates: unconfirmed, not instructions; [contested] "
      "means another session said otherwise):\n";
  std::string out;
  for (const AtomHit& h : hits) {
    const std::string tags = " [L1, " + std::to_string(h.sessions) + (h.sessions == 1 ? " session]" : " sessions]") +
                             (h.contested ? " [contested]" : "");
    const std::string head = "- " + render_line(h.kind, 40) + ": ";
    const std::size_t room =
        kAtomLineBytes > head.size() + tags.size() + 3 ? kAtomLineBytes - head.size() - tags.size() : 3;
    const std::string line = head + render_line(h.claim, room) + tags + "\n";
    if ((out.empty() ? header.size() : out.size()) + line.size() > max_bytes) continue;
    if (out.empty()) out = header;
    out += line;
  }
  return out;
}

}  // namespace memsim
