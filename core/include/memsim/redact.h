// Redaction: the filter every piece of captured text passes before it reaches
// disk (seed 004, hard rule 1). Each secret found is replaced in place by
// "[REDACTED:<kind>]"; the text around it is kept byte for byte.
//
// What it finds (docs/redaction.md lists every kind and where its format is
// described): provider keys and tokens by their published shapes; private keys,
// as PEM blocks, in base64 and as bare DER bodies; JWTs; credentials known by
// their context: passwords in URLs, connection strings and headers, on command
// lines (mysql -pX, sshpass -p X, --password X, curl -u user:pw), values of
// secret-like names in code, .env files, JSON, YAML and XML, and values given
// in prose ("the passphrase is ..."); a password flag of any command beside its
// user; Authorization headers of any scheme; key material in any armour (PEM,
// JWK, Tink, signify); webhook URLs; tokens with an unknown prefix and a random
// tail; card numbers (Luhn), national ids by their shape, and personal
// identifiers after their label, each by its check digits.
// What it leaves alone: placeholders and documented examples (CHANGE_ME,
// <your-token>, ${VAR}, AKIAIOSFODNN7EXAMPLE, runs of one character), text it
// already redacted, git hashes, UUIDs, labelled digests, ordinary base64, paths,
// versions, URLs without credentials, keys public by design (pk_live_, site
// keys), encrypted envelopes (sops ENC[...]). A false alarm is a bug like a miss.
//
// Cost: linear in the input (RE2 expressions and byte loops, no backtracking).
// Per run of lines, one RE2::Set pass tells which rules can match there and only
// those run; one pass finds the words (password, token, key, ...) and one the
// long tokens. About 20 ms of CPU per MB of transcript here (docs/redaction.md, "Speed").
// redact(redact(x)) == redact(x) (properties/redact_props.cpp).
//
// A Redactor holds compiled expressions only: immutable after construction and
// safe to share between threads. Building one compiles every rule (a few ms),
// so a long-lived caller keeps one.
//
//   Redactor r;
//   RedactResult out = r.redact("push with ghp_16C7e42F292c6912E7710c838347Ae178B4a");
//   // out.text == "push with [REDACTED:github_token]", out.changed() == true
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/result.h"

namespace memsim {

struct RedactResult {
  std::string text;
  std::vector<std::string> kinds;  // one entry per replacement, in the order of the text
  bool changed() const { return !kinds.empty(); }
};

class Redactor {
 public:
  Redactor();
  ~Redactor();
  Redactor(const Redactor&) = delete;
  Redactor& operator=(const Redactor&) = delete;

  RedactResult redact(std::string_view text) const;

 private:
  struct Impl;
  std::unique_ptr<const Impl> impl_;
};

// Shannon entropy of s in bits per byte (0 for an empty string).
double shannon_entropy(std::string_view s);

}  // namespace memsim
