// Write-back keeps curated text byte for byte (SPEC section 3).
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <set>

#include "generators.h"
#include "memsim/frontmatter.h"
#include "memsim/memory_file.h"

namespace memsim::props {
namespace {

const std::set<std::string> kWritten = {"access_count", "last_accessed", "last_reinforced", "stability"};

// The text with every line (and continuation) of the four policy keys removed.
std::string without_policy_lines(const std::string& text, const Frontmatter& fm) {
  std::string out;
  std::size_t at = 0;
  for (const Field& f : fm.fields)
    if (kWritten.count(f.key)) {
      out += text.substr(at, f.begin - at);
      at = f.end;
    }
  return out + text.substr(at);
}

}  // namespace

// rewrite_fields changes only the policy lines: with those lines taken out, the
// file before and after is the same bytes (comments, quoting, nesting, unknown
// keys, body, CRLF, BOM). The result re-parses to the written values, and every
// policy line it holds ends the way the file's lines end.
RC_GTEST_PROP(RewriteProps, CuratedTextSurvives, ()) {
  const Seconds now = *gen_now();
  const FileSpec f = *gen_curated_file(now);
  const PolicyValues v = *gen_policy_values(now);
  const std::string text = render(f);
  const Frontmatter fm = parse_frontmatter(text);
  RC_ASSERT(fm.state == FrontmatterState::kOk);
  const MemoryMeta before = read_memory_meta(text, fm, 14.0);

  const std::string out = rewrite_fields(text, fm, policy_lines(v));
  const Frontmatter fm2 = parse_frontmatter(out);
  RC_ASSERT(fm2.state == FrontmatterState::kOk);
  RC_ASSERT(fm2.bom == f.bom);
  RC_ASSERT(without_policy_lines(out, fm2) == without_policy_lines(text, fm));

  // policy_lines leaves out an absent instant; the file's own value then stays.
  PolicyValues expect = v;
  if (!expect.last_accessed) expect.last_accessed = before.policy.last_accessed;
  if (!expect.last_reinforced) expect.last_reinforced = before.policy.last_reinforced;
  RC_ASSERT(read_memory_meta(out, fm2, 14.0).policy == expect);

  const std::string eol = f.crlf ? "\r\n" : "\n";
  for (const Field& fd : fm2.fields)
    if (kWritten.count(fd.key)) {
      const std::string line = out.substr(fd.begin, fd.end - fd.begin);
      RC_ASSERT(line.size() >= eol.size());
      RC_ASSERT(line.substr(line.size() - eol.size()) == eol);
      if (!f.crlf) RC_ASSERT(line.find('\r') == std::string::npos);
    }
  RC_CLASSIFY(f.crlf, "CRLF");
  RC_CLASSIFY(f.bom, "BOM");
}

}  // namespace memsim::props
