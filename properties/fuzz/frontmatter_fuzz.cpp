// The frontmatter reader over arbitrary bytes: never crashes, keeps every offset
// inside the text and in order, and an empty rewrite returns the text byte for byte.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "memsim/frontmatter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const memsim::Frontmatter fm = memsim::parse_frontmatter(text);
  if (fm.state == memsim::FrontmatterState::kAbsent) return 0;
  FUZZ_CHECK(fm.body_begin <= size);
  for (const memsim::Field& f : fm.fields) {
    FUZZ_CHECK(f.begin <= f.end && f.end <= size);
    FUZZ_CHECK(f.begin >= fm.fields_begin);
  }
  if (fm.state != memsim::FrontmatterState::kOk) return 0;
  FUZZ_CHECK(fm.fields_begin <= fm.close_begin && fm.close_begin <= fm.body_begin);
  FUZZ_CHECK(memsim::rewrite_fields(text, fm, {}) == text);
  // Setting a field keeps the body byte for byte and reads back as set.
  const std::string out = memsim::rewrite_fields(text, fm, {{"last_accessed", "2026-11-30"}});
  const memsim::Frontmatter again = memsim::parse_frontmatter(out);
  FUZZ_CHECK(again.state == memsim::FrontmatterState::kOk);
  FUZZ_CHECK(out.substr(again.body_begin) == text.substr(fm.body_begin));
  const memsim::Field* f = again.find("last_accessed");
  FUZZ_CHECK(f != nullptr && f->value == std::string("2026-11-30"));
  return 0;
}
