// RapidCheck generators for the property suites: corpora of T2 memory files,
// access journals, index entries and policy values. They are weighted so that
// the edges come up in most runs rather than once in a blue moon: ties in every
// policy value, pins, superseded and closed facts, newborns, `key:` conflicts,
// unreadable values, missing or broken frontmatter, CRLF, BOM, unicode and long
// names, and summaries that straddle the 160-byte New cap and the 2,500 /
// 4,000 / 12,000-byte band budgets. Journals mix massed reads minutes apart,
// spaced reads 20 h or more apart, reads exactly at the gate, duplicate
// instants, touches after `now`, and torn or garbage lines.
//
// Long text is built from a (length, seed) pair with memsim::Rng, so a failing
// case shrinks by its length rather than character by character.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fold.h"
#include "memsim/index.h"
#include "memsim/memory_file.h"
#include "memsim/timefmt.h"

namespace memsim::props {

enum class Front { kOk, kAbsent, kUnterminated };

// One file in memory/. A field with an empty key is a raw line (a comment, a
// nested mapping, a block scalar) written as it is.
struct FileSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<std::string> body;  // lines, without line endings
  Front front = Front::kOk;
  bool crlf = false;
  bool bom = false;
  Seconds mtime = 0;
};

struct CorpusSpec {
  Seconds now = 0;
  std::vector<FileSpec> files;  // unique names; strays (names that are not T2) included
};

// The file's bytes.
std::string render(const FileSpec& f);

// A `now` somewhere in mid 2026, at any second of its day.
rc::Gen<Seconds> gen_now();

// Filenames: mostly T2 names ([a-z]+_.+\.md) with ascii, unicode, spaced or
// long topics; sometimes a stray that only looks like one.
rc::Gen<std::string> gen_memory_name();

// Summary-like text of a length class (empty, short, around the New cap, around
// each band budget), with unicode and runs of white space. No ':' or '#'.
rc::Gen<std::string> gen_summary();

// Hostile text: pieces an attacker would plant (`@` imports written every way,
// HTML comments and tags, ANSI escapes, control and invisible characters,
// invalid UTF-8, CR and Unicode line breaks, headings) mixed with ordinary words,
// unicode and white space; sometimes long.
rc::Gen<std::string> gen_hostile_text();

// A corpus: 0..60 files, half of them sharing one set of policy values (ties).
rc::Gen<CorpusSpec> gen_corpus();

// Journal text for the files of a corpus: touch lines in no particular order,
// with garbage, short and torn lines mixed in.
rc::Gen<std::string> gen_journal(const CorpusSpec& corpus);

// Touch instants for one file, unsorted: massed, spaced, at the gate, repeated,
// before `start`, after `now`.
rc::Gen<std::vector<Seconds>> gen_touch_times(Seconds now);

// Policy values as a file may hold them after earlier folds (last_accessed
// possibly later than some touches, last_reinforced absent or older).
rc::Gen<PolicyValues> gen_policy_values(Seconds now);

// Index entries with unique filenames: scores drawn from a few values (ties),
// created dates around the newborn edge, pins, closed and contested facts,
// summaries of every length class.
rc::Gen<std::vector<Entry>> gen_entries(Seconds now);

// A well-formed frontmatter file for write-back: comments, quoted values,
// trailing comments, nested mappings, block scalars, duplicate keys, the
// policy keys present, absent, malformed or repeated; CRLF and BOM.
rc::Gen<FileSpec> gen_curated_file(Seconds now);

// A permutation of 0..n-1 from a seed (Fisher-Yates over memsim::Rng).
std::vector<std::size_t> permutation(std::size_t n, std::uint64_t seed);

// Printers, so a counterexample shows the generated files, not "<?>".
void showValue(const FileSpec& f, std::ostream& os);
void showValue(const CorpusSpec& c, std::ostream& os);

}  // namespace memsim::props

namespace memsim {
void showValue(const Entry& e, std::ostream& os);
void showValue(const PolicyValues& v, std::ostream& os);
}  // namespace memsim
