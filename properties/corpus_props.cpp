// Properties of reindex() over generated corpora and journals written into
// temporary homes with PosixFileSystem.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>

#include "generators.h"
#include "memsim/reindex.h"
#include "temp_home.h"

namespace memsim::props {
namespace {

// Writes the corpus in the given file order and the journal, line by line in
// the given line order (a torn last line stays last).
void write_home(FileSystem& fs, const Home& home, const CorpusSpec& c, const std::vector<std::size_t>& order,
                const std::string& journal, std::uint64_t line_seed) {
  RC_ASSERT(fs.make_dir(home.memory_dir()).ok());
  RC_ASSERT(fs.make_dir(home.runtime_dir()).ok());
  for (std::size_t i : order) {
    const std::string path = home.memory_path(c.files[i].name);
    RC_ASSERT(fs.write_file(path, render(c.files[i])).ok());
    RC_ASSERT(fs.set_mtime(path, c.files[i].mtime).ok());
  }
  std::vector<std::string> lines;
  std::size_t p = 0;
  for (std::size_t nl; (nl = journal.find('\n', p)) != std::string::npos; p = nl + 1)
    lines.push_back(journal.substr(p, nl + 1 - p));
  std::string text;
  for (std::size_t i : permutation(lines.size(), line_seed)) text += lines[i];
  text += journal.substr(p);
  if (!text.empty()) RC_ASSERT(fs.write_file(home.journal_path(), text).ok());
}

ReindexReport run(FileSystem& fs, const Home& home, Seconds now) {
  FixedClock clock(now);
  auto r = reindex(fs, home, clock, Policy{});
  RC_ASSERT(r.ok());
  return std::move(*r);
}

std::map<std::string, std::string> snapshot(const Home& home) {
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(home.memory_dir()))
    files[e.path().filename().string()] = [&] {
      PosixFileSystem fs;
      auto t = fs.read_file(e.path().string());
      return t.ok() ? *t : std::string("<unreadable>");
    }();
  return files;
}

struct Generated {
  CorpusSpec corpus;
  std::string journal;
};

Generated generate_corpus_and_journal() {
  Generated g{*gen_corpus(), ""};
  g.journal = *gen_journal(g.corpus);
  return g;
}

void classify(const ReindexReport& rep) {
  RC_CLASSIFY(rep.written_back > 0, "written back");
  RC_CLASSIFY(rep.deferred_live > 0, "deferred as live");
  RC_CLASSIFY(rep.bad_journal_lines > 0, "bad journal lines");
  RC_CLASSIFY(!rep.ranked.conflicts.empty(), "key conflicts");
  RC_CLASSIFY(rep.index.rolled_off.rows > 0, "rolled off");
}

}  // namespace

// The same files and journal give the same MEMORY.md, MEMORY-archive.md and
// written-back files whatever order the files were created in and the journal
// lines were appended in.
RC_GTEST_PROP(CorpusProps, DeterministicAcrossCreationOrder, ()) {
  const Generated g = generate_corpus_and_journal();
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  PosixFileSystem fs;
  TempHome a, b;
  std::vector<std::size_t> identity;
  for (std::size_t i = 0; i < g.corpus.files.size(); ++i) identity.push_back(i);
  write_home(fs, a.home(), g.corpus, identity, g.journal, 0);
  write_home(fs, b.home(), g.corpus, permutation(g.corpus.files.size(), seed), g.journal, seed);
  classify(run(fs, a.home(), g.corpus.now));
  run(fs, b.home(), g.corpus.now);
  RC_ASSERT(snapshot(a.home()) == snapshot(b.home()));
}

// Every T2 file, and nothing else, is a row in exactly one of MEMORY.md and
// MEMORY-archive.md, exactly once.
RC_GTEST_PROP(CorpusProps, EveryT2FileExactlyOnce, ()) {
  const Generated g = generate_corpus_and_journal();
  PosixFileSystem fs;
  TempHome h;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < g.corpus.files.size(); ++i) order.push_back(i);
  write_home(fs, h.home(), g.corpus, order, g.journal, 1);
  classify(run(fs, h.home(), g.corpus.now));
  std::map<std::string, int> rows;
  for (const std::string& path : {h.home().index_path(), h.home().archive_path()}) {
    const std::string text = *fs.read_file(path);
    for (std::size_t p = 0, nl; (nl = text.find('\n', p)) != std::string::npos; p = nl + 1) {
      const std::string line = text.substr(p, nl - p);
      if (line.rfind("- ", 0) == 0) rows[line.substr(2, line.find(": ") - 2)] += 1;
    }
  }
  static const std::regex t2("[a-z]+_.+\\.md");
  std::size_t expected = 0;
  for (const FileSpec& f : g.corpus.files) {
    const bool is_t2 = std::regex_match(f.name, t2);
    expected += is_t2 ? 1 : 0;
    const auto it = rows.find(f.name);
    RC_ASSERT((it == rows.end() ? 0 : it->second) == (is_t2 ? 1 : 0));
  }
  RC_ASSERT(rows.size() == expected);
}

// Closed facts are archived at once, and only they: the Superseded list holds
// exactly the T2 files with readable frontmatter whose status starts with
// `superseded` or whose valid_until is today or earlier (read from the
// generated fields, not by the code under test).
RC_GTEST_PROP(CorpusProps, ClosedFactsAreArchived, ()) {
  const Generated g = generate_corpus_and_journal();
  PosixFileSystem fs;
  TempHome h;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < g.corpus.files.size(); ++i) order.push_back(i);
  write_home(fs, h.home(), g.corpus, order, g.journal, 3);
  run(fs, h.home(), g.corpus.now);
  const std::string archive = *fs.read_file(h.home().archive_path());
  const std::size_t from = archive.find("## Superseded\n"), to = archive.find("\n## Rolled off\n");
  RC_ASSERT(from != std::string::npos && to != std::string::npos);
  const std::string superseded = archive.substr(from, to - from);
  static const std::regex t2("[a-z]+_.+\\.md");
  bool closing_day = false;
  for (const FileSpec& f : g.corpus.files) {
    if (!std::regex_match(f.name, t2)) continue;
    std::optional<std::string> status, until;
    for (const auto& [k, v] : f.fields) {
      if (k == "status") status = v;
      if (k == "valid_until") until = v;
    }
    const Days today = day_of(g.corpus.now);
    const Days until_day = until ? parse_date(*until).value_or(today + 1) : today + 1;
    const bool closed =
        f.front == Front::kOk && ((status && status->rfind("superseded", 0) == 0) || until_day <= today);
    closing_day = closing_day || (f.front == Front::kOk && until_day == today);
    RC_ASSERT((superseded.find("\n- " + f.name + ": ") != std::string::npos) == closed);
  }
  RC_CLASSIFY(closing_day, "a window closing today");
}

// A second reindex at the same `now` writes nothing: no memory file, no derived
// file; every byte in memory/ stays as the first run left it.
RC_GTEST_PROP(CorpusProps, SecondReindexWritesNothing, ()) {
  const Generated g = generate_corpus_and_journal();
  PosixFileSystem fs;
  TempHome h;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < g.corpus.files.size(); ++i) order.push_back(i);
  write_home(fs, h.home(), g.corpus, order, g.journal, 2);
  classify(run(fs, h.home(), g.corpus.now));
  const auto first = snapshot(h.home());
  const ReindexReport again = run(fs, h.home(), g.corpus.now);
  RC_ASSERT(again.written_back == 0);
  RC_ASSERT(again.derived_written == 0);
  RC_ASSERT(snapshot(h.home()) == first);
}

}  // namespace memsim::props
