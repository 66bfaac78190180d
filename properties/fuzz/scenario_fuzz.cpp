// The scenario reader over arbitrary bytes: an error naming the file, or a
// scenario, never a throw or a crash.
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "memsim/sim/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto sc = memsim::sim::parse_scenario(text, "fuzz.yaml");
  if (!sc.ok()) FUZZ_CHECK(!sc.message().empty());
  return 0;
}
