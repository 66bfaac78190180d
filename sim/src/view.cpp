#include "view.h"

#include <algorithm>

#include "memsim/sim/trace.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

namespace {

constexpr std::size_t kNotesLines = 200;
// A row as a plain notes file holds it, whole (no cap).
constexpr int kUncut = 1 << 30;

Entry entry_of(const Fact& f) {
  Entry e;
  e.filename = f.filename;
  e.summary = f.summary;
  e.created = day_of(f.written);
  e.pinned = f.pinned;
  e.closed = f.archived_in_files;
  return e;
}

}  // namespace

void View::add(int fact, bool is_cut) {
  if (fact < 0) return;
  const auto k = static_cast<std::size_t>(fact);
  if (row.size() <= k) row.resize(k + 1, 0);
  if (row[k] == 0) facts.push_back(fact);
  row[k] = is_cut ? 2 : 1;
}

View index_view(const IndexOutput& ix, const World& world, bool keep_text) {
  View v;
  for (std::size_t i = 0; i < ix.entries.size(); ++i) {
    const Band b = ix.bands[i];
    if (b == Band::kHot || b == Band::kNew || b == Band::kCold)
      v.add(world.index_of(ix.entries[i].filename), b == Band::kNew && ix.rows[i] != render_row(ix.entries[i], kUncut));
  }
  v.bytes = static_cast<long long>(ix.memory_md.size());
  v.hot = ix.hot.bytes;
  v.fresh = ix.fresh.bytes;
  v.cold = ix.cold.bytes;
  v.archive = static_cast<int>(ix.archive_md.size());
  v.hash = fnv1a64(ix.memory_md);
  if (keep_text) v.text = ix.memory_md;
  return v;
}

IndexOutput oracle_index(const World& world, Seconds now, const Policy& policy) {
  std::vector<Entry> entries;
  for (int i = 0; i < world.size(); ++i) {
    const Fact& f = world.fact(i);
    if (f.filename.empty()) continue;
    Entry e = entry_of(f);
    e.score = world.intensity(i, now) + policy.importance_weight * f.importance;
    entries.push_back(std::move(e));
  }
  return build_index(std::move(entries), now, policy);
}

View notes_view(const World& world, bool keep_text) {
  std::vector<int> order;
  for (int i = 0; i < world.size(); ++i)
    if (!world.fact(i).filename.empty()) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const Fact &x = world.fact(a), &y = world.fact(b);
    return x.written != y.written ? x.written < y.written : x.filename < y.filename;
  });
  View v;
  std::string text;
  long long all = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    Entry e = entry_of(world.fact(order[k]));
    const std::string row = render_row(e, kUncut);
    all += static_cast<long long>(row.size());
    if (k >= kNotesLines) continue;
    v.add(order[k], false);
    v.hot += static_cast<int>(row.size());
    text += row;
  }
  v.bytes = static_cast<long long>(text.size());
  v.archive = static_cast<int>(all - v.bytes);
  v.hash = fnv1a64(text);
  if (keep_text) v.text = std::move(text);
  return v;
}

}  // namespace memsim::sim
