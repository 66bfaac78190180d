#include "memsim/timefmt.h"

#include <cstdio>
#include <ctime>

namespace memsim {

Seconds SystemClock::now() const { return static_cast<Seconds>(std::time(nullptr)); }

// Howard Hinnant's days_from_civil.
Days days_from_civil(int y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return static_cast<Days>(era) * 146097 + static_cast<Days>(doe) - 719468;
}

namespace {

void civil_from_days(Days z, int& y, unsigned& m, unsigned& d) {
  z += 719468;
  const Days era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<int>(static_cast<Days>(yoe) + era * 400 + (m <= 2));
}

bool digits(std::string_view s, size_t pos, size_t n, int& out) {
  if (pos + n > s.size()) return false;
  int v = 0;
  for (size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  out = v;
  return true;
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

std::optional<Days> date_prefix(std::string_view s) {
  int y, m, d;
  if (s.size() < 10 || !digits(s, 0, 4, y) || s[4] != '-' || !digits(s, 5, 2, m) || s[7] != '-' || !digits(s, 8, 2, d))
    return std::nullopt;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m < 1 || m > 12 || d < 1) return std::nullopt;
  if (d > kDays[m - 1] + (m == 2 && leap(y) ? 1 : 0)) return std::nullopt;
  return days_from_civil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
}

}  // namespace

std::optional<Days> parse_date(std::string_view s) {
  if (s.size() != 10) return std::nullopt;
  return date_prefix(s);
}

std::optional<Seconds> parse_instant(std::string_view s) {
  if (s.size() != 20 || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z') return std::nullopt;
  auto day = date_prefix(s);
  int hh, mm, ss;
  if (!day || !digits(s, 11, 2, hh) || !digits(s, 14, 2, mm) || !digits(s, 17, 2, ss) || hh > 23 || mm > 59 || ss > 59)
    return std::nullopt;
  return *day * kSecondsPerDay + hh * 3600 + mm * 60 + ss;
}

std::optional<Seconds> parse_now(std::string_view s) {
  auto day = date_prefix(s);
  if (!day) return std::nullopt;
  if (s.size() == 10) return *day * kSecondsPerDay;
  if (s[10] != 'T' && s[10] != ' ') return std::nullopt;
  int hh, mm, ss = 0;
  if (!digits(s, 11, 2, hh) || s.size() < 16 || s[13] != ':' || !digits(s, 14, 2, mm)) return std::nullopt;
  size_t pos = 16;
  if (pos < s.size() && s[pos] == ':') {
    if (!digits(s, pos + 1, 2, ss)) return std::nullopt;
    pos += 3;
    if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
      ++pos;
      while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
    }
  }
  if (hh > 23 || mm > 59 || ss > 60) return std::nullopt;
  Seconds offset = 0;
  if (pos < s.size()) {
    std::string_view tz = s.substr(pos);
    int oh, om;
    if (tz == "Z" || tz == "z") {
    } else if (tz.size() == 6 && (tz[0] == '+' || tz[0] == '-') && digits(tz, 1, 2, oh) && tz[3] == ':' &&
               digits(tz, 4, 2, om)) {
      offset = (oh * 3600 + om * 60) * (tz[0] == '+' ? 1 : -1);
    } else {
      return std::nullopt;
    }
  }
  return *day * kSecondsPerDay + hh * 3600 + mm * 60 + ss - offset;
}

std::string format_date(Days d) {
  int y;
  unsigned m, dd;
  civil_from_days(d, y, m, dd);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", y, m, dd);
  return buf;
}

std::string format_instant(Seconds t) {
  const Days d = day_of(t);
  const Seconds r = t - d * kSecondsPerDay;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%sT%02lld:%02lld:%02lldZ", format_date(d).c_str(), static_cast<long long>(r / 3600),
                static_cast<long long>(r / 60 % 60), static_cast<long long>(r % 60));
  return buf;
}

std::string format_instant_compact(Seconds t) {
  std::string s;
  for (char c : format_instant(t))
    if (c != '-' && c != ':') s += c;
  return s;
}

}  // namespace memsim
