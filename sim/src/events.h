// The event heap: a min-heap on (time, sequence). The sequence number is the
// order of scheduling, so equal times keep a total, reproducible order.
#pragma once

#include <cstdint>
#include <queue>
#include <string>
#include <vector>

#include "memsim/clock.h"

namespace memsim::sim {

enum class EventKind {
  kDay, kSessionStart, kPrompt, kToolCall, kNeed, kSessionEnd, kTeach, kContradict, kResolve, kSecret,
  kTick, kWake, kAdopt
};

inline const char* event_name(EventKind k) {
  constexpr const char* names[] = {"day", "session-start", "prompt", "tool-call", "need", "session-end", "teach",
                                   "contradict", "resolve", "secret", "tick", "wake", "adopt"};
  return names[static_cast<int>(k)];
}

struct Event {
  Seconds time = 0;
  std::uint64_t seq = 0;
  EventKind kind = EventKind::kDay;
  int session = -1;
  int fact = -1;   // need, contradict (old), resolve (old)
  int other = -1;  // resolve (new)
  // Draws shared by every variant (common random numbers): recognise, search, reread, edit.
  double u[4] = {0, 0, 0, 0};
  std::string tool, path, text;
};

class EventQueue {
 public:
  void push(Event e) {
    e.seq = next_seq_++;
    heap_.push(std::move(e));
  }
  bool empty() const { return heap_.empty(); }
  Event pop() {
    Event e = heap_.top();
    heap_.pop();
    return e;
  }

 private:
  struct Later {
    bool operator()(const Event& a, const Event& b) const {
      return a.time != b.time ? a.time > b.time : a.seq > b.seq;
    }
  };
  std::priority_queue<Event, std::vector<Event>, Later> heap_;
  std::uint64_t next_seq_ = 0;
};

}  // namespace memsim::sim
