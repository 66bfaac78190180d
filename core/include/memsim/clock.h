// Time enters core only through a Clock. The CLI passes a FixedClock when
// --now or MEMSIM_NOW is given and a SystemClock otherwise; the simulator passes
// its virtual clock. Times are whole seconds since the Unix epoch, UTC.
#pragma once

#include <cstdint>

namespace memsim {

using Seconds = std::int64_t;  // seconds since 1970-01-01T00:00:00Z

class Clock {
 public:
  virtual ~Clock() = default;
  virtual Seconds now() const = 0;
};

class FixedClock final : public Clock {
 public:
  explicit FixedClock(Seconds t) : t_(t) {}
  Seconds now() const override { return t_; }
  void set(Seconds t) { t_ = t; }

 private:
  Seconds t_;
};

// Reads the operating system's real-time clock.
class SystemClock final : public Clock {
 public:
  Seconds now() const override;
};

}  // namespace memsim
