// load_corpus's reuse (corpus.h) never changes what is loaded: over a home that
// is rewritten, appended to, renamed, trimmed, indexed (which writes policy values
// back) and reloaded under another policy, in any order, a load that takes what it
// can from the last corpus equals a load from scratch, memory by memory and field
// by field. The file system is the simulator's (sim_fs.h), whose versions are
// what reuse trusts; a rewrite that keeps a file's size and mtime is among the
// operations, since only the version tells that one.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "generators.h"
#include "memsim/corpus.h"
#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/sim/sim_fs.h"
#include "temp_home.h"

namespace memsim::props {
namespace {

void describe(std::ostream& out, const Field& f) {
  out << f.key << '=' << f.value.value_or("<null>") << ' ' << f.scalar << ' ' << f.begin << ' ' << f.end << ' '
      << f.value_end << " {";
  for (const Field& c : f.children) describe(out, c);
  out << "}\n";
}

// Every field of a memory, as text: two loads are equal when their texts are.
std::string describe(const Corpus& c) {
  std::ostringstream out;
  out.precision(17);
  for (const Memory& m : c.memories) {
    const FileInfo& i = m.info;
    out << m.filename << ' ' << static_cast<int>(i.kind) << ' ' << i.size << ' ' << i.mtime << ' ' << i.mode << '\n'
        << m.text << "\n--\n";
    for (const std::string& p : m.problems) out << "problem " << p << '\n';
    const Frontmatter& fm = m.fm;
    out << static_cast<int>(fm.state) << fm.bom << fm.eol << fm.fields_begin << ' ' << fm.close_begin << ' '
        << fm.body_begin << '\n';
    for (const Field& f : fm.fields) describe(out, f);
    for (const std::string& p : fm.problems) out << "fm problem " << p << '\n';
    const MemoryMeta& t = m.meta;
    for (const auto* s : {&t.name, &t.type, &t.summary, &t.description, &t.status, &t.state, &t.key, &t.supersedes})
      out << s->value_or("<none>") << '|';
    for (const auto* d : {&t.created, &t.last_updated, &t.valid_from, &t.valid_until}) out << d->value_or(-1) << '|';
    out << (t.confidence ? static_cast<int>(*t.confidence) : -1) << ' ' << t.importance << ' ' << t.pin << ' '
        << t.in_flight << ' ' << t.policy.access_count << ' ' << t.policy.last_accessed.value_or(-1) << ' '
        << t.policy.last_reinforced.value_or(-1) << ' ' << t.policy.stability << ' ' << t.first_body_line << '\n';
    for (const std::string& p : t.problems) out << "meta problem " << p << '\n';
  }
  for (const Stray& s : c.strays) out << "stray " << s.name << ' ' << s.problem << '\n';
  return out.str();
}

enum class Op { kRewriteSameSizeAndTime, kRewrite, kAppend, kRemove, kRename, kAdd, kTouchTime, kIndex, kPolicy };

RC_GTEST_PROP(CorpusReuseProps, ALoadThatReusesEqualsALoadFromScratch, ()) {
  const CorpusSpec corpus = *gen_corpus();
  const auto ops = *rc::gen::container<std::vector<std::pair<Op, std::size_t>>>(
      rc::gen::pair(rc::gen::element(Op::kRewriteSameSizeAndTime, Op::kRewrite, Op::kAppend, Op::kRemove, Op::kRename,
                                     Op::kAdd, Op::kTouchTime, Op::kIndex, Op::kPolicy),
                    rc::gen::inRange<std::size_t>(0, 1000)));
  TempHome dir;
  FixedClock clock(corpus.now);
  PosixFileSystem posix;
  sim::SimFileSystem fs(posix, clock);
  const Home home = dir.home();
  RC_ASSERT(fs.make_dir(home.memory_dir()).ok());
  RC_ASSERT(fs.make_dir(home.runtime_dir()).ok());
  for (const FileSpec& f : corpus.files) {
    RC_ASSERT(fs.write_file(home.memory_path(f.name), render(f)).ok());
    RC_ASSERT(fs.set_mtime(home.memory_path(f.name), f.mtime).ok());
  }
  Policy policy;
  auto first = load_corpus(fs, home, policy);
  RC_ASSERT(first.ok());
  Corpus carried = std::move(*first);
  int reused = 0;
  for (const auto& [op, pick] : ops) {
    auto names = fs.list_dir(home.memory_dir());
    RC_ASSERT(names.ok());
    const std::string name = names->empty() ? "" : (*names)[pick % names->size()].name;
    const std::string path = home.memory_path(name);
    auto info = fs.stat(path);
    const bool file = !name.empty() && info.ok() && info->kind == FileKind::kRegular;
    switch (op) {
      case Op::kRewriteSameSizeAndTime:
        if (file) {  // one byte of the text changed: nothing but the version says so
          std::string text = *fs.read_file(path);
          if (text.empty()) break;
          char& c = text[pick % text.size()];
          c = c == 'x' ? 'y' : 'x';
          RC_ASSERT(fs.write_file(path, text).ok());
          RC_ASSERT(fs.set_mtime(path, info->mtime).ok());
        }
        break;
      case Op::kRewrite:
        if (file && !corpus.files.empty())
          RC_ASSERT(fs.write_file(path, render(corpus.files[pick % corpus.files.size()])).ok());
        break;
      case Op::kAppend:
        if (file) RC_ASSERT(fs.append_file(path, "more body\n").ok());
        break;
      case Op::kRemove:
        if (!name.empty()) RC_ASSERT(fs.remove(path).ok());
        break;
      case Op::kRename:
        if (file) RC_ASSERT(fs.rename(path, home.memory_path("feedback_renamed-" + std::to_string(pick) + ".md")).ok());
        break;
      case Op::kAdd: {  // a file a person wrote, with no policy lines: its values are the policy's defaults
        const std::string added = home.memory_path("project_added-" + std::to_string(pick) + ".md");
        RC_ASSERT(fs.write_file(added, "---\nsummary: added by hand\n---\nbody " + std::to_string(pick) + "\n").ok());
        break;
      }
      case Op::kTouchTime:
        if (file) RC_ASSERT(fs.set_mtime(path, info->mtime - 3600).ok());
        break;
      case Op::kIndex: {  // reads the journal a hook wrote, writes values back: the report's corpus is carried
        if (file) {
          auto line = format_touch({clock.now() - 60, "Read", name, "s1"});
          RC_ASSERT(line.ok() && fs.append_file(home.journal_path(), *line).ok());
        }
        auto rep = reindex(fs, home, clock, policy, {.reuse = &carried});
        RC_ASSERT(rep.ok());
        carried = std::move(rep->ranked.corpus);
        break;
      }
      case Op::kPolicy: policy.initial_stability = policy.initial_stability == 14.0 ? 3.5 : 14.0; break;
    }
    auto fresh = load_corpus(fs, home, policy);
    const std::size_t before = carried.memories.size();
    auto taken = load_corpus(fs, home, policy, &carried);
    RC_ASSERT(fresh.ok() && taken.ok());
    RC_ASSERT(describe(*taken) == describe(*fresh));
    // What a load took is gone from the corpus it took it from: a second load from
    // the same one (a caller whose run failed halfway) reads those files again.
    auto again = load_corpus(fs, home, policy, &carried);
    RC_ASSERT(again.ok());
    RC_ASSERT(describe(*again) == describe(*fresh));
    for (const Memory& m : carried.memories) reused += m.info.version == 0 && before > 0 ? 1 : 0;
    carried = std::move(*taken);
  }
  RC_CLASSIFY(reused > 0, "memories reused");
}

}  // namespace
}  // namespace memsim::props
