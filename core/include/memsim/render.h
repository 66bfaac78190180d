// The one way out: everything memsim writes into an agent's context (index rows,
// current state, session-start text, lenses, the handoff, prompt-time recall,
// `recall`, `status` and `lint` output that slash commands hand to the model, MCP
// results) passes through these functions, so that no stored text can act on the
// harness that reads it. Authored files are never changed by this; only what is
// rendered from them.
//
// What a harness treats specially, and what is done about it:
//   - Imports. Claude Code loads `@path` wherever `@` starts the text or follows
//     white space, recursively inside imported files (CLAUDE.md imports MEMORY.md),
//     and Gemini CLI loads `@path` in GEMINI.md the same way. Every `@` is rendered
//     as U+FF20 FULLWIDTH COMMERCIAL AT ("＠"), which no harness reads as an import
//     and a person still reads as an at sign.
//   - Markup that hides text from a person. Claude Code strips HTML comments from
//     CLAUDE.md, and a markdown viewer hides comments and tags: a `<` that could open
//     a comment, a tag or a processing instruction (followed by `!`, `/`, `?` or a
//     letter) is rendered as "&lt;".
//   - Terminal and invisible characters. ANSI escape sequences (ESC[8m hides text)
//     are removed whole; every other control character but tab and newline is
//     removed; so are the characters that hide or reorder text (zero-width space,
//     the bidirectional overrides and isolates, word joiners, the byte order mark,
//     U+180E, and the Unicode tag characters U+E0000..U+E007F, which smuggle ASCII
//     past a reader). Line and paragraph separators become newlines; bytes that are
//     not UTF-8 become U+FFFD.
//   - Structure. A line cannot forge a row or a heading: `render_line` folds every
//     run of white space, newlines included, into one space; `render_block` keeps
//     lines but escapes a leading `#` as "\#", so a body's headings never pose as
//     memsim's own sections.
//
// Every result is capped in bytes, cut on a UTF-8 boundary; a cut line ends in
// "...", a cut block in "\n...". The rules are the union of what Claude Code,
// Codex CLI and Gemini CLI treat specially, so one rendering is safe for all three.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace memsim {

// The rendering of `@`, U+FF20 in UTF-8.
inline constexpr std::string_view kInertAt = "\xEF\xBC\xA0";

// One line: inert, white space folded, trimmed, at most max_bytes (>= 3).
std::string render_line(std::string_view text, std::size_t max_bytes);

// Lines: inert, "\r\n" and lone "\r" as "\n", trailing white space of each line
// and blank lines at either end dropped, a leading `#` escaped; at most max_bytes
// (>= 4).
std::string render_block(std::string_view text, std::size_t max_bytes);

// A file name on one line: inert like render_line, but its spaces kept as written
// (a tab or line break is one space), so an ordinary name is shown exactly as the
// agent must type it to open the file; at most max_bytes (>= 3).
std::string render_name(std::string_view name, std::size_t max_bytes);

// Whether render_name shows a name exactly as written: lint reports the names it
// does not, since the index cannot show them.
bool renders_as_written(std::string_view name);

// The longest prefix of s of at most n bytes that ends on a UTF-8 boundary.
std::string_view utf8_prefix(std::string_view s, std::size_t n);

}  // namespace memsim
