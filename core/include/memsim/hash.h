// FNV-1a over 64 bits: ids, file names and fingerprints that must come out the
// same on every compiler and standard library, which std::hash does not promise.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace memsim {

inline constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;
inline constexpr std::uint64_t kFnvPrime = 1099511628211ull;

// FNV-1a of the bytes, continuing from h.
inline std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = kFnvOffset) {
  for (unsigned char c : bytes) h = (h ^ c) * kFnvPrime;
  return h;
}

// The first `digits` (1 to 16) of v's 16 lower-case hex digits.
inline std::string hex_prefix(std::uint64_t v, int digits) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return std::string(buf, static_cast<std::size_t>(digits));
}

}  // namespace memsim
