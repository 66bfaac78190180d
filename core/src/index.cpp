#include "memsim/index.h"

#include <algorithm>

namespace memsim {

const std::string_view kHowToUse =
    "Each row names a memory file in this directory and gives its one-line summary. When a "
    "summary bears on the task at hand, Read that file: reading is what keeps a memory in this "
    "index. Hot rows are the most used, New rows the most recently written, Cold rows are "
    "fading. Everything else is listed in MEMORY-archive.md, and a text search over this "
    "directory finds the rest. Nothing here is ever deleted; [contested] marks a fact that "
    "disagrees with another open fact, so check it before relying on it.\n";

bool ranks_before(const Entry& a, const Entry& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.filename < b.filename;
}

std::string_view band_name(Band b) {
  switch (b) {
    case Band::kHot: return "hot";
    case Band::kNew: return "new";
    case Band::kCold: return "cold";
    case Band::kSuperseded: return "superseded";
    case Band::kRolledOff: return "rolled_off";
  }
  return "";
}

namespace {

std::string tags(const Entry& e) {
  std::string t;
  if (e.pinned) t += " [pinned]";
  if (e.contested) t += " [contested]";
  return t;
}

// The longest prefix of s of at most n bytes that ends on a UTF-8 boundary.
std::string_view utf8_prefix(std::string_view s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

}  // namespace

std::string render_row(const Entry& e) {
  return "- " + e.filename + ": " + e.summary + tags(e) + "\n";
}

std::string cut_row(const Entry& e, int cap) {
  std::string row = render_row(e);
  if (row.size() <= static_cast<std::size_t>(cap)) return row;
  const std::string head = "- " + e.filename + ": ";
  const std::string tail = "..." + tags(e) + "\n";
  const std::ptrdiff_t room = static_cast<std::ptrdiff_t>(cap) -
                              static_cast<std::ptrdiff_t>(head.size() + tail.size());
  return head + std::string(utf8_prefix(e.summary, room > 0 ? static_cast<std::size_t>(room) : 0)) + tail;
}

IndexOutput build_index(std::vector<Entry> entries, Seconds now, const Policy& policy) {
  IndexOutput out;
  std::sort(entries.begin(), entries.end(), ranks_before);
  const std::size_t n = entries.size();
  out.bands.assign(n, Band::kRolledOff);
  out.rows.resize(n);
  std::vector<bool> placed(n, false);
  for (std::size_t i = 0; i < n; ++i) out.rows[i] = render_row(entries[i]);

  // 1. Closed facts never occupy a band.
  for (std::size_t i = 0; i < n; ++i)
    if (entries[i].closed) {
      out.bands[i] = Band::kSuperseded;
      placed[i] = true;
    }

  // 2. Hot, by score; pins always fit; a row is never cut to fit.
  long used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (placed[i]) continue;
    const long len = static_cast<long>(out.rows[i].size());
    if (entries[i].pinned || used + len <= policy.hot_budget) {
      out.bands[i] = Band::kHot;
      placed[i] = true;
      used += len;
    }
  }

  // 3. New, by birth: created descending, then filename.
  const Days today = day_of(now);
  std::vector<std::size_t> newborns;
  for (std::size_t i = 0; i < n; ++i)
    if (!placed[i] && today - entries[i].created <= policy.newborn_days) newborns.push_back(i);
  std::sort(newborns.begin(), newborns.end(), [&](std::size_t a, std::size_t b) {
    if (entries[a].created != entries[b].created) return entries[a].created > entries[b].created;
    return entries[a].filename < entries[b].filename;
  });
  used = 0;
  for (std::size_t i : newborns) {
    std::string row = cut_row(entries[i], policy.new_row_cap);
    const long len = static_cast<long>(row.size());
    if (used + len <= policy.new_budget) {
      out.bands[i] = Band::kNew;
      out.rows[i] = std::move(row);
      placed[i] = true;
      used += len;
    }
  }

  // 4. Cold, by score; what does not fit rolls off into the archive.
  used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (placed[i]) continue;
    const long len = static_cast<long>(out.rows[i].size());
    if (used + len <= policy.cold_budget) {
      out.bands[i] = Band::kCold;
      used += len;
    }
    placed[i] = true;  // kCold, or kRolledOff as initialised
  }

  std::string hot, fresh, cold, superseded, rolled;
  auto add = [&](std::string& text, BandStats& st, std::size_t i) {
    text += out.rows[i];
    st.rows += 1;
    st.bytes += static_cast<int>(out.rows[i].size());
  };
  for (std::size_t i = 0; i < n; ++i) {
    switch (out.bands[i]) {
      case Band::kHot: add(hot, out.hot, i); break;
      case Band::kNew: break;  // birth order, below
      case Band::kCold: add(cold, out.cold, i); break;
      case Band::kSuperseded: add(superseded, out.superseded, i); break;
      case Band::kRolledOff: add(rolled, out.rolled_off, i); break;
    }
  }
  for (std::size_t i : newborns)
    if (out.bands[i] == Band::kNew) add(fresh, out.fresh, i);

  out.memory_md = "# Memory index\n\n## Hot\n" + hot + "\n## New\n" + fresh + "\n## Cold\n" + cold +
                  "\n## How to use\n" + std::string(kHowToUse);
  out.archive_md = "# Memory archive\n\n## Superseded\n" + superseded + "\n## Rolled off\n" + rolled;

  std::vector<std::size_t> flight;
  for (std::size_t i = 0; i < n; ++i)
    if (entries[i].in_flight && !entries[i].closed) flight.push_back(i);
  std::sort(flight.begin(), flight.end(),
            [&](std::size_t a, std::size_t b) { return entries[a].filename < entries[b].filename; });
  out.current_state_md = "# Current state\n\n";
  for (std::size_t i : flight) {
    const std::string& st = entries[i].state;
    out.current_state_md += "- " + entries[i].filename + ": " + (st.empty() ? "(no state)" : st) + "\n";
  }
  out.entries = std::move(entries);
  return out;
}

}  // namespace memsim
