// The trace hash: 64-bit FNV-1a over every event of a run and every outcome and
// index it produced, built from our own hash function only (no std::hash, whose
// values differ between standard libraries), so one seed prints one hash. A test
// pins the value smoke.yaml gives.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "memsim/hash.h"

namespace memsim::sim {

class TraceHash {
 public:
  // Each field is followed by a separator byte, so ("ab","c") and ("a","bc") differ.
  void mix(std::string_view s) { h_ = (fnv1a64(s, h_) ^ 0xff) * kFnvPrime; }
  void mix(long long v) { mix(std::to_string(v)); }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = kFnvOffset;
};

// "%016x" of a hash.
std::string hex_hash(std::uint64_t h);

}  // namespace memsim::sim
