// The one gate for authored text on its way to disk. Everything a person, an
// agent or a transcript supplies and memsim writes down passes here: captured
// claims and quotes; remember's and supersede's names, summaries, bodies and
// keys (the CLI, the MCP tools and the slash commands all reach those two);
// handoff items; forget's reason; and what promote and adopt derive from a
// proposal (its claim, quote and key, and the file name made from the key).
//
// Two things happen to the text:
// - Secrets. kRedact replaces each with "[REDACTED:<kind>]" (capture, handoff,
//   forget's log, promotion). kRefuse writes nothing and returns an Error naming
//   the field and the kinds found, never the secret: a fact the user states is
//   refused rather than stored redacted, since a redacted fact is a false one
//   (seed 001: store where the secret lives, never the secret).
// - Users. A home directory in a path (/home/<user>, /Users/<user>,
//   C:\Users\<user>, /root) becomes "~", so nothing memsim writes, and nothing
//   it later commits or derives a key or a file name from, names a user.
//
// cli/tests/writers_test.cpp runs every command and MCP tool with a secret and
// a home path and searches the disk for both; a command or tool it does not
// know fails that test, so a new writer cannot skip the gate unnoticed.
#pragma once

#include <string>
#include <string_view>

#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim {

enum class OnSecret { kRedact, kRefuse };

// The text as it may be written, with what was redacted (kinds is empty for
// kRefuse, which fails instead).
Result<RedactResult> gate_text(const Redactor& redactor, std::string_view field, std::string_view text,
                               OnSecret on_secret);

// The path part of the gate alone: each user's home directory becomes "~".
// "/opt/home/x" and "/rooted" are left as they are.
std::string scrub_home_paths(std::string_view text);

}  // namespace memsim
