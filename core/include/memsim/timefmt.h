// Calendar arithmetic and the two textual forms the files use:
//   dates      YYYY-MM-DD
//   instants   YYYY-MM-DDTHH:MM:SSZ   (UTC, whole seconds)
// Parsing is strict: anything else is "unreadable" and yields nullopt.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "memsim/clock.h"

namespace memsim {

using Days = std::int64_t;  // days since 1970-01-01

constexpr Seconds kSecondsPerDay = 86400;

// Days since the epoch for a proleptic Gregorian date; no range check.
Days days_from_civil(int year, unsigned month, unsigned day);

// The UTC calendar day holding instant t.
inline Days day_of(Seconds t) { return (t >= 0 ? t : t - (kSecondsPerDay - 1)) / kSecondsPerDay; }

std::optional<Days> parse_date(std::string_view s);        // YYYY-MM-DD
std::optional<Seconds> parse_instant(std::string_view s);  // YYYY-MM-DDTHH:MM:SSZ

// Lenient form for --now and MEMSIM_NOW: YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS[.frac]]
// followed by Z, +HH:MM or -HH:MM (or nothing, meaning UTC). Fractions are dropped.
std::optional<Seconds> parse_now(std::string_view s);

std::string format_date(Days d);
std::string format_instant(Seconds t);
// The instant without its separators, "20261201T031500Z", for file names.
std::string format_instant_compact(Seconds t);

// Elapsed days from a to b as a double; negative spans count as zero.
inline double days_between(Seconds a, Seconds b) { return b > a ? static_cast<double>(b - a) / 86400.0 : 0.0; }

}  // namespace memsim
