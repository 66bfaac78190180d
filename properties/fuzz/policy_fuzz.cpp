// policy.yaml over arbitrary bytes: an error value or a policy, never a throw.
#include <cstdint>
#include <string>

#include "fuzz_check.h"
#include "memsim/policy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  memsim::Policy policy;
  const memsim::Status s = memsim::apply_policy_yaml(policy, text, "policy.yaml");
  if (!s.ok()) FUZZ_CHECK(s.message().find("policy.yaml") != std::string::npos);
  return 0;
}
