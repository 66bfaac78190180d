// Redaction: the filter every piece of captured text passes before it reaches
// disk (seed 004, hard rule 1). Each secret found is replaced in place by
// "[REDACTED:<kind>]"; the text around it is kept byte for byte.
//
// What it finds: provider keys and tokens by their published shapes (AWS, GitHub,
// GitLab, Slack, Stripe, Google, OpenAI, Anthropic, npm, PyPI, Twilio, SendGrid,
// Azure and more), private key blocks, JWTs, passwords in URLs and connection
// strings, values assigned to secret-looking names (password=, token:, ...),
// Authorization headers, and high-entropy strings next to a secret-looking word.
// What it must leave alone: git hashes, UUIDs, hashes labelled as such, ordinary
// base64, file paths, version strings. A false alarm is a bug like a miss.
//
// Every rule is an RE2 expression or a check on its match, so the cost is linear
// in the input. A Redactor holds compiled expressions only; it is immutable after
// construction and safe to share between threads.
//
//   Redactor r;
//   RedactResult out = r.redact("key AKIAIOSFODNN7EXAMPLE");
//   // out.text == "key [REDACTED:aws_access_key]", out.changed() == true
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/result.h"

namespace memsim {

struct RedactResult {
  std::string text;
  std::vector<std::string> kinds;  // one entry per replacement, in rule order
  bool changed() const { return !kinds.empty(); }
};

class Redactor {
 public:
  Redactor();
  ~Redactor();
  Redactor(const Redactor&) = delete;
  Redactor& operator=(const Redactor&) = delete;

  RedactResult redact(std::string_view text) const;

  struct Rule;  // one compiled pattern and its check (redact.cpp)

 private:
  std::vector<std::unique_ptr<Rule>> rules_;
};

// For text memsim is asked to write as a memory (remember, supersede): an Error
// naming `field` and the kinds of secret found, never the secret, when
// redaction would change `text`; nothing is written then.
Status refuse_secret(const Redactor& redactor, std::string_view field, std::string_view text);

// Shannon entropy of s in bits per byte (0 for an empty string).
double shannon_entropy(std::string_view s);

}  // namespace memsim
