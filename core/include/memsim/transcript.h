// Reading a session's transcript (L0) and finding the explicit markers that
// make L1 atoms (seed 004, SPEC section 7). Three formats, told apart line by
// line: Claude Code's transcript, Codex CLI's rollout (docs/codex.md), whose
// developer messages (its instructions, every hook's output) count as injected,
// and Gemini CLI's chat JSONL (docs/gemini.md), whose <hook_context> blocks do.
//
// The transcript format is internal to Claude Code and changes between versions
// (claude-code-hooks.md section 4), so the reader is defensive: a line that is
// not JSON, is truncated, or has a type it does not know is skipped and counted,
// never an error. Only human prose and the assistant's own text are read:
// tool results, meta and compact-summary lines, sidechain (subagent) prompts,
// command expansions and every `attachment` line are skipped. The memory
// system's own injected context comes back as `attachment` lines of type
// hook_additional_context / hook_success, and as <system-reminder> blocks; it
// is never read, so capture never learns its own output again.
//
// Markers favour precision over recall: a sentence must open with an explicit
// form ("Always ...", "Never ...", "I prefer ...", "No, ...", "Lesson: ...",
// "Repro: ...", "Verified: ...") to count. Questions never count.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/memory_file.h"

namespace memsim {

// One piece of prose from the transcript.
struct TranscriptText {
  int line = 0;            // 1-based line number in the file
  bool from_user = false;  // human prompt; otherwise the assistant's text
  std::string text;
  std::string session;  // sessionId, or empty when the line has none
  std::string cwd;      // the line's working directory, when given
  Seconds time = 0;     // the line's timestamp; 0 when absent or unreadable
};

struct TranscriptScan {
  std::vector<TranscriptText> texts;
  int lines = 0;      // non-empty lines seen
  int malformed = 0;  // not JSON, truncated, or not an object
  int unknown = 0;    // a `type` this reader does not know
  int injected = 0;   // attachment lines: hook output, ours included
  int ignored = 0;    // known lines with no prose to read (tool results, meta, system, ...)
};

TranscriptScan scan_transcript(std::string_view data);

// `text` without every block from `open` to the next `close` (to the end when
// none follows): the tags harnesses wrap injected text in.
std::string without_blocks(std::string text, std::string_view open, std::string_view close);

// `text` without the <hook_context> blocks Gemini CLI wraps hooks' output in
// (docs/gemini.md), leading white space dropped: what the person wrote.
std::string without_hook_context(std::string text);

enum class MarkerKind { kDirective, kCorrection, kPreference, kLesson, kFailure };
const char* marker_kind_name(MarkerKind k);

// How the claim was made (Confidence of memory_file.h): stated outright by the
// human, observed (the assistant's named lesson, a reported failure), or verified
// (the human says it was checked). Markers never yield kInferred.

struct Marker {
  MarkerKind kind;
  Confidence confidence;
  std::string claim;  // the rule's text, trimmed, not yet redacted
  std::string quote;  // the whole sentence it came from, not yet redacted
};

// The markers in one piece of prose, in order.
std::vector<Marker> find_markers(const TranscriptText& t);

}  // namespace memsim
