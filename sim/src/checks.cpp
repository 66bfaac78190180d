#include "checks.h"

#include <unordered_map>
#include <unordered_set>

#include "memsim/sim/trace.h"

namespace memsim::sim {

std::vector<std::string> check_home_state(FileSystem& fs, const Home& home, const World& world, const View& view) {
  std::vector<std::string> bad;
  if (!lock_home(fs, home, 0).ok()) bad.push_back("one lock holder: the home's lock is still held after the event");
  auto entries = fs.list_dir(home.memory_dir());
  if (!entries.ok()) return {entries.message()};
  std::unordered_set<std::string> names;
  for (const DirEntry& d : *entries) {
    if (d.name.ends_with(".memsim-tmp")) bad.push_back("no torn file: temporary " + d.name + " left behind");
    names.insert(d.name);
  }
  for (const Fact& f : world.facts())
    if (!f.filename.empty() && !names.count(f.filename)) bad.push_back("nothing lost: " + f.filename + " is gone");
  auto ix = fs.read_file(home.index_path());
  if (!ix.ok() || !ix->starts_with("# Memory index\n\n## Hot\n") || !ix->ends_with(kHowToUse))
    bad.push_back("no torn file: MEMORY.md is not whole");
  else if (fnv1a64(*ix) != view.hash)
    bad.push_back("the view is MEMORY.md: the file on disk is not the index the variant loaded");
  auto ar = fs.read_file(home.archive_path());
  if (!ar.ok() || !ar->starts_with("# Memory archive\n\n## Superseded\n"))
    bad.push_back("no torn file: MEMORY-archive.md is not whole");
  return bad;
}

std::vector<std::string> check_index(FileSystem& fs, const Home& home, const ReindexReport& rep, const Policy& p,
                                     const World& world, Seconds now, bool written, bool recompute) {
  std::vector<std::string> bad;
  const IndexOutput& ix = rep.index;
  std::unordered_map<std::string, int> seen;
  for (const Entry& e : ix.entries) ++seen[e.filename];
  for (const Fact& f : world.facts())
    if (!f.filename.empty() && seen[f.filename] != 1)
      bad.push_back("nothing lost: " + f.filename + " is in " + std::to_string(seen[f.filename]) + " bands");
  int pinned_bytes = 0;
  for (std::size_t i = 0; i < ix.entries.size(); ++i)
    if (ix.bands[i] == Band::kHot && ix.entries[i].pinned) pinned_bytes += static_cast<int>(ix.rows[i].size());
  if (ix.hot.bytes > p.hot_budget + pinned_bytes || ix.fresh.bytes > p.new_budget || ix.cold.bytes > p.cold_budget)
    bad.push_back("bounded index: a band is over budget");
  for (std::size_t i = 1; i < ix.entries.size(); ++i)
    if (!ranks_before(ix.entries[i - 1], ix.entries[i]))
      bad.push_back("total order broken at " + ix.entries[i].filename);
  if (!written) return bad;
  auto disk = fs.read_file(home.index_path());
  if (!disk.ok() || *disk != rep.index.memory_md)
    bad.push_back("no torn file: MEMORY.md differs from what was written");
  else if (recompute && *disk != build_index(rep.ranked.entries, now, p).memory_md)
    bad.push_back("no torn file: MEMORY.md differs from its recomputation");
  return bad;
}

}  // namespace memsim::sim
