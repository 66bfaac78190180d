// The transcript reader over arbitrary bytes: never throws, accounts for every
// line it saw, and finds markers in what it read without crashing.
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "memsim/transcript.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const memsim::TranscriptScan scan = memsim::scan_transcript(text);
  FUZZ_CHECK(scan.lines >= 0 && scan.malformed >= 0 && scan.unknown >= 0);
  FUZZ_CHECK(scan.malformed + scan.unknown + scan.injected <= scan.lines);
  for (const memsim::TranscriptText& t : scan.texts) {
    FUZZ_CHECK(t.line >= 1 && t.line <= scan.lines);
    for (const memsim::Marker& m : memsim::find_markers(t)) {
      FUZZ_CHECK(!m.claim.empty());
    }
  }
  return 0;
}
