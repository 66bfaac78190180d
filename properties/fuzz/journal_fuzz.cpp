// The journal reader over arbitrary bytes: never fails, and every touch it reads
// formats back to a line that parses to the same touch.
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "memsim/journal.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const memsim::JournalRead j = memsim::parse_journal(text);
  for (const memsim::Touch& t : j.touches) {
    auto line = memsim::format_touch(t);
    FUZZ_CHECK(line.ok());
    const memsim::JournalRead back = memsim::parse_journal(*line);
    FUZZ_CHECK(back.bad_lines == 0 && back.touches.size() == 1);
    const memsim::Touch& u = back.touches[0];
    FUZZ_CHECK(u.time == t.time && u.tool == t.tool && u.filename == t.filename && u.session == t.session);
  }
  return 0;
}
