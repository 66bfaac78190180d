// Properties of build_index (SPEC section 5) over generated entries.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <map>

#include "generators.h"
#include "memsim/index.h"

namespace memsim::props {
namespace {

struct Built {
  Seconds now;
  std::vector<Entry> input;
  IndexOutput out;
};

Built generate_index() {
  const Seconds now = *gen_now();
  std::vector<Entry> entries = *gen_entries(now);
  RC_CLASSIFY(entries.size() > 100, "over 100 entries");
  IndexOutput out = build_index(entries, now, Policy{});
  RC_TAG(out.rolled_off.rows > 0 ? "cold overflowed" : "cold not full");
  return {now, std::move(entries), std::move(out)};
}

// The rows of each band, in the order they are written.
std::map<Band, std::vector<std::size_t>> band_lists(const IndexOutput& out) {
  std::map<Band, std::vector<std::size_t>> lists;
  for (std::size_t i = 0; i < out.entries.size(); ++i)
    if (out.bands[i] != Band::kNew) lists[out.bands[i]].push_back(i);
  std::vector<std::size_t>& fresh = lists[Band::kNew];
  for (std::size_t i = 0; i < out.entries.size(); ++i)
    if (out.bands[i] == Band::kNew) fresh.push_back(i);
  std::sort(fresh.begin(), fresh.end(), [&](std::size_t a, std::size_t b) {
    const Entry &x = out.entries[a], &y = out.entries[b];
    return x.created != y.created ? x.created > y.created : x.filename < y.filename;
  });
  return lists;
}

bool is_newborn(const Entry& e, Seconds now) { return day_of(now) - e.created <= Policy{}.newborn_days; }

std::size_t total(const IndexOutput& out, const std::vector<std::size_t>& rows) {
  std::size_t n = 0;
  for (std::size_t i : rows) n += out.rows[i].size();
  return n;
}

}  // namespace

// The same entries in any order give the same bytes.
RC_GTEST_PROP(IndexProps, DeterministicUnderPermutation, ()) {
  const Seconds now = *gen_now();
  const std::vector<Entry> entries = *gen_entries(now);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  std::vector<Entry> permuted;
  for (std::size_t i : permutation(entries.size(), seed)) permuted.push_back(entries[i]);
  const IndexOutput a = build_index(entries, now, Policy{});
  const IndexOutput b = build_index(permuted, now, Policy{});
  RC_ASSERT(a.memory_md == b.memory_md);
  RC_ASSERT(a.archive_md == b.archive_md);
  RC_ASSERT(a.current_state_md == b.current_state_md);
}

// Hot, Cold, Superseded and Rolled off are strictly (score desc, filename asc);
// New is strictly (created desc, filename asc). Filenames are unique, so every
// pair of neighbours is strictly ordered: the order is total.
RC_GTEST_PROP(IndexProps, TotalTieBreak, ()) {
  const Built b = generate_index();
  bool tie = false;
  for (const auto& [band, list] : band_lists(b.out))
    for (std::size_t k = 1; k < list.size(); ++k) {
      const Entry &x = b.out.entries[list[k - 1]], &y = b.out.entries[list[k]];
      if (band == Band::kNew) {
        RC_ASSERT(x.created > y.created || (x.created == y.created && x.filename < y.filename));
      } else {
        tie = tie || x.score == y.score;
        RC_ASSERT(x.score > y.score || (x.score == y.score && x.filename < y.filename));
      }
    }
  RC_CLASSIFY(tie, "score ties in a band");
}

// Every entry appears exactly once across MEMORY.md and MEMORY-archive.md, and
// the two files are exactly the fixed headings with the bands' rows in order.
RC_GTEST_PROP(IndexProps, NothingLostAndBytesAreTheBands, ()) {
  const Built b = generate_index();
  std::map<std::string, int> seen;
  for (const std::string* text : {&b.out.memory_md, &b.out.archive_md})
    for (std::size_t p = 0; p < text->size();) {
      std::size_t nl = text->find('\n', p);
      const std::string line = text->substr(p, nl - p);
      p = nl + 1;
      if (line.rfind("- ", 0) != 0) continue;
      const std::size_t colon = line.find(": ");
      RC_ASSERT(colon != std::string::npos);
      seen[line.substr(2, colon - 2)] += 1;
    }
  RC_ASSERT(seen.size() == b.input.size());
  for (const Entry& e : b.input) RC_ASSERT(seen[e.filename] == 1);

  auto lists = band_lists(b.out);
  auto rows = [&](Band band) {
    std::string s;
    for (std::size_t i : lists[band]) s += b.out.rows[i];
    return s;
  };
  RC_ASSERT(b.out.memory_md == "# Memory index\n\n## Hot\n" + rows(Band::kHot) + "\n## New\n" + rows(Band::kNew) +
                                   "\n## Cold\n" + rows(Band::kCold) + "\n## How to use\n" + std::string(kHowToUse));
  RC_ASSERT(b.out.archive_md == "# Memory archive\n\n## Superseded\n" + rows(Band::kSuperseded) + "\n## Rolled off\n" +
                                    rows(Band::kRolledOff));
  // Closed facts, and only they, are in Superseded.
  for (std::size_t i = 0; i < b.out.entries.size(); ++i)
    RC_ASSERT(b.out.entries[i].closed == (b.out.bands[i] == Band::kSuperseded));
}

// What parse_index reads back from MEMORY.md and the archive is exactly what
// build_index wrote: each band's rows in order, its bytes, and each row's file.
RC_GTEST_PROP(IndexProps, ReadBackIsWhatWasWritten, ()) {
  const Built b = generate_index();
  auto lists = band_lists(b.out);
  const ParsedIndex ix = parse_index(b.out.memory_md);
  const ParsedIndex ar = parse_index(b.out.archive_md);
  const std::pair<Band, const IndexBandRows*> bands[] = {{Band::kHot, &ix.hot},
                                                         {Band::kNew, &ix.fresh},
                                                         {Band::kCold, &ix.cold},
                                                         {Band::kSuperseded, &ar.superseded},
                                                         {Band::kRolledOff, &ar.rolled_off}};
  for (const auto& [band, read] : bands) {
    const std::vector<std::size_t>& want = lists[band];
    RC_ASSERT(read->rows.size() == want.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
      RC_ASSERT(read->rows[k] == b.out.rows[want[k]]);
      RC_ASSERT(row_filename(read->rows[k]) == b.out.entries[want[k]].filename);
    }
    RC_ASSERT(read->bytes == static_cast<long>(total(b.out, want)));
  }
  RC_ASSERT(ix.superseded.rows.empty() && ar.hot.rows.empty());
}

// A newborn crowded out of Hot is in New whenever, at its turn in birth order,
// New still has room for its cut row; and New holds nothing else.
RC_GTEST_PROP(IndexProps, BornVisible, ()) {
  const Built b = generate_index();
  const Policy policy;
  auto lists = band_lists(b.out);
  std::vector<std::size_t> waiting;  // newborns not in Hot, in birth order
  for (std::size_t i = 0; i < b.out.entries.size(); ++i) {
    const Entry& e = b.out.entries[i];
    const bool newborn_rest = !e.closed && b.out.bands[i] != Band::kHot && is_newborn(e, b.now);
    if (b.out.bands[i] == Band::kNew) RC_ASSERT(newborn_rest);
    if (newborn_rest) waiting.push_back(i);
  }
  std::sort(waiting.begin(), waiting.end(), [&](std::size_t a, std::size_t c) {
    const Entry &x = b.out.entries[a], &y = b.out.entries[c];
    return x.created != y.created ? x.created > y.created : x.filename < y.filename;
  });
  std::size_t used = 0;
  int crowded = 0;
  for (std::size_t i : waiting) {
    const std::size_t len = render_row(b.out.entries[i], policy.new_row_cap).size();
    const bool room = used + len <= static_cast<std::size_t>(policy.new_budget);
    RC_ASSERT((b.out.bands[i] == Band::kNew) == room);
    if (room) used += len;
    crowded += room ? 0 : 1;
  }
  RC_CLASSIFY(crowded > 0, "a newborn found New full");
  RC_CLASSIFY(!waiting.empty(), "newborns crowded out of Hot");
}

// Budgets, caps, and rows as rendered: pins go into Hot first, and Hot holds at
// most 12,000 bytes whatever is pinned; a pin that does not fit is listed in
// unfit_pins and ranked like any other row. New <= 2,500 with every row <= 160
// bytes, Hot and Cold rows <= row_cap (unless the name alone is longer), Cold <=
// 4,000; a row left out of Hot or Cold did not fit at its turn.
RC_GTEST_PROP(IndexProps, BoundedIndex, ()) {
  const Built b = generate_index();
  const Policy p;
  const IndexOutput& out = b.out;
  auto lists = band_lists(out);
  RC_ASSERT(total(out, lists[Band::kHot]) <= static_cast<std::size_t>(p.hot_budget));
  RC_ASSERT(total(out, lists[Band::kNew]) <= static_cast<std::size_t>(p.new_budget));
  RC_ASSERT(total(out, lists[Band::kCold]) <= static_cast<std::size_t>(p.cold_budget));
  auto bare = [](const Entry& e) {
    return "- " + e.filename + ": ..." + (e.pinned ? " [pinned]" : "") + (e.contested ? " [contested]" : "") + "\n";
  };
  // Pins first, in rank order: the bytes they take before any unpinned row.
  std::size_t pins = 0;
  std::vector<std::string> unfit;
  for (std::size_t i = 0; i < out.entries.size(); ++i) {
    const Entry& e = out.entries[i];
    if (!e.pinned || e.closed) continue;
    const std::size_t len = render_row(e, p.row_cap).size();
    const bool fits = pins + len <= static_cast<std::size_t>(p.hot_budget);
    RC_ASSERT((out.bands[i] == Band::kHot) == fits);
    if (fits) pins += len;
    else unfit.push_back(e.filename);
  }
  RC_ASSERT(out.unfit_pins == unfit);
  std::size_t hot = pins, cold = 0;
  for (std::size_t i = 0; i < out.entries.size(); ++i) {
    const Entry& e = out.entries[i];
    if (out.bands[i] == Band::kNew) {
      RC_ASSERT(out.rows[i] == render_row(e, p.new_row_cap));
      RC_ASSERT(out.rows[i].size() <= static_cast<std::size_t>(p.new_row_cap) || out.rows[i] == bare(e));
      continue;
    }
    RC_ASSERT(out.rows[i] == render_row(e, p.row_cap));
    RC_ASSERT(out.rows[i].size() <= static_cast<std::size_t>(p.row_cap) || out.rows[i] == bare(e));
    const std::size_t len = out.rows[i].size();
    if (e.closed || (e.pinned && out.bands[i] == Band::kHot)) continue;
    if (out.bands[i] == Band::kHot) {
      hot += len;
      RC_ASSERT(hot <= static_cast<std::size_t>(p.hot_budget));
    } else {
      RC_ASSERT(hot + len > static_cast<std::size_t>(p.hot_budget));
      if (out.bands[i] == Band::kCold) {
        cold += len;
      } else {
        // Rolled off: it did not fit in what Cold had left at its turn.
        RC_ASSERT(out.bands[i] == Band::kRolledOff);
        RC_ASSERT(cold + len > static_cast<std::size_t>(p.cold_budget));
      }
    }
  }
  RC_CLASSIFY(!unfit.empty(), "a pin did not fit");
}

}  // namespace memsim::props
