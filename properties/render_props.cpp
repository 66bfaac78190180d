// Properties of the context renderer (render.h) over hostile text: whatever is
// stored, what reaches a harness holds no import, no escape or control
// character, no hidden markup and no forged line, is valid UTF-8 and fits its cap.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "memsim/render.h"

namespace memsim::props {
namespace {

// Whether s is valid UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80                 ? 1
                            : c >= 0xC2 && c < 0xE0  ? 2
                            : c >= 0xE0 && c < 0xF0  ? 3
                            : c >= 0xF0 && c <= 0xF4 ? 4
                                                     : 0;
    if (len == 0 || i + len > s.size()) return false;
    char32_t cp = len == 1 ? c : c & (0xFFu >> (len + 1));
    for (std::size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += len;
  }
  return true;
}

void assert_inert(const std::string& out) {
  RC_ASSERT(out.find('@') == std::string::npos);
  RC_ASSERT(out.find("<!--") == std::string::npos);
  RC_ASSERT(out.find('\x1b') == std::string::npos);
  RC_ASSERT(out.find('\r') == std::string::npos);
  for (char c : out) RC_ASSERT(!(static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') && c != '\x7f');
  RC_ASSERT(valid_utf8(out));
  for (std::string_view bad : {"\xE2\x80\xAE", "\xE2\x80\x8B", "\xEF\xBB\xBF", "\xC2\x9B", "\xE2\x80\xA8"})
    RC_ASSERT(out.find(bad) == std::string::npos);
  RC_ASSERT(out.find("\xF3\xA0") == std::string::npos);  // the tag characters' lead bytes
}

RC_GTEST_PROP(RenderProps, ALineIsInertOneLineAndCapped, ()) {
  const std::string text = *gen_hostile_text();
  const std::size_t cap = *rc::gen::inRange<std::size_t>(3, 600);
  const std::string out = render_line(text, cap);
  assert_inert(out);
  RC_ASSERT(out.find('\n') == std::string::npos);
  RC_ASSERT(out.find('\t') == std::string::npos);
  RC_ASSERT(out.size() <= cap);
  RC_ASSERT(out.find("  ") == std::string::npos);
  RC_ASSERT(render_line(out, cap) == out);  // rendering twice changes nothing
  RC_CLASSIFY(out.ends_with("..."), "cut");
}

RC_GTEST_PROP(RenderProps, ABlockIsInertHasNoHeadingAndIsCapped, ()) {
  const std::string text = *gen_hostile_text();
  const std::size_t cap = *rc::gen::inRange<std::size_t>(4, 4000);
  const std::string out = render_block(text, cap);
  assert_inert(out);
  RC_ASSERT(out.size() <= cap);
  std::size_t p = 0;
  while (p <= out.size()) {
    std::size_t nl = out.find('\n', p);
    if (nl == std::string::npos) nl = out.size();
    const std::string_view line(out.data() + p, nl - p);
    const std::size_t lead = line.find_first_not_of(' ');
    RC_ASSERT(!(lead <= 3 && line[lead] == '#'));  // npos (a blank line) is larger
    p = nl + 1;
  }
  RC_ASSERT(render_block(out, cap) == out);
}

// Ordinary text (no character the renderer treats specially) comes out as it went in.
RC_GTEST_PROP(RenderProps, PlainTextIsUnchanged, ()) {
  const auto words = *rc::gen::container<std::vector<std::string>>(
      rc::gen::element<std::string>("deploy", "frozen", "Fridays", "é", "日本", "42", "a-b", "(x)", "1<2"));
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  RC_ASSERT(render_line(text, text.size() + 3) == text);
  RC_ASSERT(renders_as_written(text));
}

}  // namespace
}  // namespace memsim::props
