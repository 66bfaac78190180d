// The event heap: a min-heap on (time, sequence). The sequence number is the
// order of scheduling, so equal times keep a total, reproducible order.
#pragma once

#include <cstdint>
#include <queue>
#include <vector>

#include "memsim/clock.h"

namespace memsim::sim {

enum class EventKind {
  kDay,
  kSessionStart,
  kPrompt,
  kToolCall,
  kNeed,
  kReread,
  kSessionEnd,
  kTeach,
  kContradict,
  kResolve,
  kSecret,
  kTick,
  kWake,
  kAdopt
};

inline const char* event_name(EventKind k) {
  constexpr const char* names[] = {"day",   "session-start", "prompt",  "tool-call", "need", "reread", "session-end",
                                   "teach", "contradict",    "resolve", "secret",    "tick", "wake",   "adopt"};
  return names[static_cast<int>(k)];
}

struct Event {
  Seconds time = 0;
  std::uint64_t seq = 0;
  EventKind kind = EventKind::kDay;
  int session = -1;  // the session's id (day events: the day)
  int item = -1;     // the prompt, call or need within its session; the fact of a resolve
  int other = -1;    // the successor of a resolve
};

class EventQueue {
 public:
  void push(Event e) {
    e.seq = next_seq_++;
    heap_.push(e);
  }
  bool empty() const { return heap_.empty(); }
  Event pop() {
    Event e = heap_.top();
    heap_.pop();
    return e;
  }

 private:
  struct Later {
    bool operator()(const Event& a, const Event& b) const { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  };
  std::priority_queue<Event, std::vector<Event>, Later> heap_;
  std::uint64_t next_seq_ = 0;
};

}  // namespace memsim::sim
