// The redactor over arbitrary text: never crashes, and its output holds no match
// of its own rules, so redacting twice changes nothing: redact(redact(x)) == redact(x).
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "memsim/redact.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const memsim::Redactor redactor;  // compiled once; immutable, so no state carries over
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const memsim::RedactResult once = redactor.redact(text);
  if (!once.changed()) FUZZ_CHECK(once.text == text);
  const memsim::RedactResult twice = redactor.redact(once.text);
  FUZZ_CHECK(!twice.changed());
  FUZZ_CHECK(twice.text == once.text);
  return 0;
}
