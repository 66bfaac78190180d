#include "commands/report.h"

#include <fmt/format.h>

namespace memsim::cli {

std::string thousands(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

nlohmann::json bands_json(const IndexOutput& ix, const Policy& p) {
  auto band = [](const BandStats& s, int budget) {
    nlohmann::json j{{"rows", s.rows}, {"bytes", s.bytes}};
    if (budget >= 0) j["budget"] = budget;
    return j;
  };
  return {{"hot", band(ix.hot, p.hot_budget)},       {"new", band(ix.fresh, p.new_budget)},
          {"cold", band(ix.cold, p.cold_budget)},    {"superseded", band(ix.superseded, -1)},
          {"rolled_off", band(ix.rolled_off, -1)},   {"memory_md_bytes", ix.memory_md.size()},
          {"archive_md_bytes", ix.archive_md.size()}};
}

std::string bands_text(const IndexOutput& ix, const Policy& p) {
  std::string out;
  auto line = [&](const char* name, const BandStats& s, int budget) {
    out += fmt::format("  {:<11} {:>6} rows {:>9} / {} bytes\n", name, s.rows, thousands(s.bytes), thousands(budget));
  };
  line("hot", ix.hot, p.hot_budget);
  line("new", ix.fresh, p.new_budget);
  line("cold", ix.cold, p.cold_budget);
  out += fmt::format("  {:<11} {:>6} rows {:>9} bytes (archive)\n", "superseded", ix.superseded.rows,
                     thousands(ix.superseded.bytes));
  out += fmt::format("  {:<11} {:>6} rows {:>9} bytes (archive)\n", "rolled off", ix.rolled_off.rows,
                     thousands(ix.rolled_off.bytes));
  out += fmt::format("  MEMORY.md {} bytes, MEMORY-archive.md {} bytes\n",
                     thousands(static_cast<long long>(ix.memory_md.size())),
                     thousands(static_cast<long long>(ix.archive_md.size())));
  return out;
}

}  // namespace memsim::cli
