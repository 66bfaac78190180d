// The frontmatter of a markdown file: lines of `key: value` between a first line
// `---` and the next line `---`. This reader understands the flat YAML that memory
// files, lenses and meditations use (plain, quoted and block scalars, one level of
// nesting) and keeps the byte position of every field, so that a writer can change
// one line and leave every other byte of the file as it was.
//
// It never fails: what it cannot read is reported in `problems` and treated as
// absent by the typed readers in memory_file.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memsim {

enum class FrontmatterState {
  kAbsent,  // the first line is not `---`
  kOk,
  kUnterminated,  // a first `---` and no closing one
  kSyntaxError,   // terminated, but a line could not be read; no field is trusted
};

struct Field {
  std::string key;
  // The scalar value with quotes and escapes undone and a trailing comment
  // dropped; nullopt for null, ~ or an empty value that has no nested lines.
  std::optional<std::string> value;
  bool scalar = true;           // false for a nested mapping, a list or a flow collection
  std::vector<Field> children;  // a nested mapping's `key: value` lines, one level deep
  std::size_t begin = 0;        // byte offset of the key line
  std::size_t end = 0;          // byte offset just past its last line (continuations included)
  std::size_t value_end = 0;    // single-line plain scalars: offset just past the value text
};

struct Frontmatter {
  FrontmatterState state = FrontmatterState::kAbsent;
  bool bom = false;                   // a UTF-8 byte order mark precedes the first `---`
  std::string eol = "\n";             // the line ending of the opening line
  std::size_t fields_begin = 0;       // offset of the first line after the opening `---`
  std::size_t close_begin = 0;        // offset of the closing `---` line (kOk, kSyntaxError)
  std::size_t body_begin = 0;         // offset of the first byte after the closing line
  std::vector<Field> fields;          // in file order; duplicates kept
  std::vector<std::string> problems;  // syntax errors and duplicate keys, one sentence each

  // The last occurrence of key (the one a YAML loader would keep), or nullptr.
  const Field* find(std::string_view key) const;
};

Frontmatter parse_frontmatter(std::string_view text);

// Returns text with `key: value` set for each (key, value) in `updates`: an existing
// key's line (its last occurrence) is replaced, keeping a trailing comment and the
// line ending; a missing key is appended just before the closing `---`. Every other
// byte is unchanged. Requires fm.state == kOk and fm parsed from text.
std::string rewrite_fields(std::string_view text, const Frontmatter& fm,
                           const std::vector<std::pair<std::string, std::string>>& updates);

// The text after a well-formed frontmatter (all of it when there is none),
// without leading and trailing white space.
std::string frontmatter_body(std::string_view text);

// A YAML scalar for one frontmatter line: plain when it is one safe word,
// double-quoted with escapes otherwise (newlines folded to spaces), so no value
// can break the frontmatter it is written into.
std::string yaml_line_scalar(std::string_view v);

}  // namespace memsim
