#include "memsim/gate.h"

namespace memsim {

std::string scrub_home_paths(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t skip = 0;
    for (std::string_view p : {"/home/", "/Users/", "C:\\Users\\", "/root"}) {
      if (text.substr(i, p.size()) != p) continue;
      if (i > 0 && text[i - 1] != ' ' && text[i - 1] != '`' && text[i - 1] != '"' && text[i - 1] != '\'' &&
          text[i - 1] != '(' && text[i - 1] != '=' && text[i - 1] != '\n' && text[i - 1] != ':')
        continue;
      size_t j = i + p.size();
      if (p != "/root")
        while (j < text.size() && text[j] != '/' && text[j] != '\\' && text[j] != ' ' && text[j] != '\n') ++j;
      else if (j < text.size() && text[j] != '/' && text[j] != ' ') continue;
      skip = j - i;
      break;
    }
    if (skip) {
      out += '~';
      i += skip;
    } else {
      out += text[i++];
    }
  }
  return out;
}

Result<RedactResult> gate_text(const Redactor& redactor, std::string_view field, std::string_view text,
                               OnSecret on_secret) {
  RedactResult r = redactor.redact(text);
  if (r.changed() && on_secret == OnSecret::kRefuse) {
    std::string kinds;
    for (const std::string& k : r.kinds)
      if (kinds.find(k) == std::string::npos) kinds += (kinds.empty() ? "" : ", ") + k;
    return Error{std::string(field) + ": looks like it holds a secret (" + kinds +
                 "); nothing written. Store where the secret lives, never the secret"};
  }
  r.text = scrub_home_paths(r.text);
  return r;
}

}  // namespace memsim
