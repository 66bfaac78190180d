// Hygiene checks a linter can answer for free (seed 000 section 09): metadata
// that is missing, unreadable or inconsistent, names that do not match their
// stems, vague summaries, conflicts, and entries that look like memories but are
// not ranked. Lint reads; it never changes a file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/ranking.h"

namespace memsim {

struct NearDuplicateMemo;  // search.h

enum class Severity { kError, kWarning, kInfo };
std::string_view severity_name(Severity s);

struct Finding {
  std::string file;  // relative to the home, e.g. "memory/feedback_x.md"
  std::string code;  // stable identifier, e.g. "name-mismatch"
  Severity severity = Severity::kWarning;
  std::string message;
  std::string other;  // the other file of a pair ("near-duplicate"), relative to the home; else ""
};

// Why a summary is too vague to trigger recognition, or "" when it is fine.
std::string vague_summary_reason(std::string_view summary, std::string_view stem);

// Findings in a stable order: by file, then code, then message. `unfit_pins` are
// the pinned files whose rows did not fit in Hot (IndexOutput::unfit_pins): each
// is an error, since a pin promises a place it did not get. A memo (search.h)
// spares a caller that lints many homes of the same facts the near-duplicate join.
std::vector<Finding> lint(const Ranked& ranked, std::size_t bad_journal_lines,
                          const std::vector<std::string>& unfit_pins = {}, NearDuplicateMemo* memo = nullptr);

}  // namespace memsim
