#include "memsim/render.h"

#include <cstdint>

namespace memsim {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// Decodes one UTF-8 sequence at s[i]; a malformed or overlong one, a surrogate or a
// value past U+10FFFF reads as one byte of U+FFFD, so decoding always advances.
char32_t decode(std::string_view s, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) {
    ++i;
    return c;
  }
  const std::size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  char32_t cp = c & (0xFFu >> (len + 1));
  bool ok = len != 0 && i + len <= s.size();
  for (std::size_t k = 1; ok && k < len; ++k) {
    ok = (byte(i + k) & 0xC0) == 0x80;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  const char32_t min = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
  if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++i;
    return kReplacement;
  }
  i += len;
  return cp;
}

// Characters that hide or reorder text without showing themselves.
bool invisible(char32_t cp) {
  return cp == 0x200B || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF || cp == 0x180E ||
         (cp >= 0xE0000 && cp <= 0xE007F);
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool renders_as_itself(char c) { return c > ' ' && c < 0x7F && c != '@' && c != '<'; }

// Skips an escape sequence that starts at s[i] (ESC, or the C1 CSI and OSC
// introducers): CSI parameters and intermediates up to a final byte, OSC and
// the other string sequences up to BEL or ST, or ESC and one more character.
void skip_escape(std::string_view s, std::size_t& i, char32_t introducer) {
  char kind = 0;
  if (introducer == 0x9B) kind = '[';
  else if (introducer == 0x9D) kind = ']';
  else if (i < s.size()) kind = s[i++];
  if (kind == '[') {
    while (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x20 && static_cast<unsigned char>(s[i]) <= 0x3F) ++i;
    if (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x40 && static_cast<unsigned char>(s[i]) <= 0x7E) ++i;
  } else if (kind == ']' || kind == 'P' || kind == 'X' || kind == '^' || kind == '_') {
    while (i < s.size()) {
      if (s[i] == '\a') {
        ++i;
        return;
      }
      if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '\\') {
        i += 2;
        return;
      }
      ++i;
    }
  }
}

// Calls emit(piece) with the inert rendering of s, piece by piece, "\n" for every
// line break, until emit returns false: a caller that has enough stops reading,
// so the cost follows the cap, not the input.
template <class Emit>
void for_each_inert(std::string_view s, Emit emit) {
  // A '<' waits for the next character that is rendered, since what it opens
  // depends on that one, not on a control character removed in between.
  bool lt = false;
  auto put = [&](std::string_view piece) {
    if (lt) {
      lt = false;
      const char c = piece.empty() ? ' ' : piece[0];
      if (!emit(c == '!' || c == '/' || c == '?' || is_letter(c) ? std::string_view("&lt;") : "<")) return false;
    }
    return emit(piece);
  };
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t at = i;
    // A run of printable ASCII that renders as written (no space, '@' or '<',
    // which the callers and the rules below treat one at a time) is one piece:
    // most stored text is such runs, and a piece per byte was most of the cost.
    if (renders_as_itself(s[i])) {
      while (++i < s.size() && renders_as_itself(s[i])) {
      }
      if (!put(s.substr(at, i - at))) return;
      continue;
    }
    const char32_t cp = decode(s, i);
    std::string_view piece;
    if (cp == 0x1B || cp == 0x9B || cp == 0x9D) {
      skip_escape(s, i, cp);
      continue;
    }
    if (cp == '\r') {
      if (i < s.size() && s[i] == '\n') ++i;
      piece = "\n";
    } else if (cp == '\n' || cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
      piece = "\n";
    } else if (cp == '\t') {
      piece = "\t";
    } else if (cp == '\v' || cp == '\f') {
      piece = " ";
    } else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || invisible(cp)) {
      continue;
    } else if (cp == '@') {
      piece = kInertAt;
    } else if (cp == '<') {
      if (lt && !emit("<")) return;  // "<<": the first is followed by a '<', so it opens nothing
      lt = true;
      continue;
    } else if (cp == kReplacement) {
      piece = "\xEF\xBF\xBD";
    } else {
      piece = s.substr(at, i - at);
    }
    if (!put(piece)) return;
  }
  if (lt) emit("<");
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

std::string cut(std::string text, std::size_t max_bytes, std::string_view marker) {
  if (text.size() <= max_bytes) return text;
  const std::size_t room = max_bytes > marker.size() ? max_bytes - marker.size() : 0;
  std::string head(utf8_prefix(text, room));
  while (!head.empty() && space(head.back())) head.pop_back();
  // A block's marker stands on a line of its own, unless nothing comes before it.
  if (head.empty() && marker.front() == '\n') marker.remove_prefix(1);
  return head + std::string(marker);
}

// A line of a block: trailing white space dropped, a leading '#' (after at most
// three spaces, where markdown still reads a heading) escaped.
void add_block_line(std::string_view line, std::string& out) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  const std::size_t lead = line.find_first_not_of(' ');
  if (lead <= 3 && line[lead] == '#') {  // npos (a blank line) is larger
    out.append(line.substr(0, lead));
    out += '\\';
    line.remove_prefix(lead);
  }
  out.append(line);
}

}  // namespace

std::string_view utf8_prefix(std::string_view s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

namespace {

// One line of inert text; `fold` folds and trims white space, else every tab and
// line break is one space and spaces stay as written.
std::string one_line(std::string_view text, std::size_t max_bytes, bool fold) {
  std::string out;
  bool pending_space = false;
  for_each_inert(text, [&](std::string_view piece) {
    const bool blank = piece.size() == 1 && space(piece[0]);
    if (blank && fold) {
      pending_space = !out.empty();
      return true;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out.append(blank ? std::string_view(" ") : piece);
    return out.size() <= max_bytes;
  });
  if (fold) return cut(std::move(out), max_bytes, "...");
  if (out.size() <= max_bytes) return out;
  const std::size_t room = max_bytes > 3 ? max_bytes - 3 : 0;
  return std::string(utf8_prefix(out, room)) + "...";
}

}  // namespace

std::string render_line(std::string_view text, std::size_t max_bytes) { return one_line(text, max_bytes, true); }

std::string render_name(std::string_view name, std::size_t max_bytes) { return one_line(name, max_bytes, false); }

std::string render_block(std::string_view text, std::size_t max_bytes) {
  std::string out, line, trailing;  // trailing: the line's white space not yet followed by text
  std::size_t blank_lines = 0;      // held back until a later line shows they are inside
  auto end_line = [&] {
    trailing.clear();
    if (line.empty()) {
      blank_lines += out.empty() ? 0 : 1;
      return;
    }
    if (!out.empty()) out.append(blank_lines + 1, '\n');
    blank_lines = 0;
    add_block_line(line, out);
    line.clear();
  };
  for_each_inert(text, [&](std::string_view piece) {
    if (piece == "\n") {
      end_line();
    } else if (piece == " " || piece == "\t") {
      // White space that no text follows is dropped, so past the cap it need not be kept.
      if (trailing.size() <= max_bytes) trailing.append(piece);
    } else {
      line += trailing;
      trailing.clear();
      line.append(piece);
    }
    return out.size() + blank_lines + 1 + line.size() <= max_bytes + 1;
  });
  end_line();
  return cut(std::move(out), max_bytes, "\n...");
}

bool renders_as_written(std::string_view name) { return render_name(name, name.size() + 3) == name; }

}  // namespace memsim
