// A password named in any language. The keyword rule (redact_context.cpp) reads
// a sentence in the languages whose little words it knows ("is", "ist", "est",
// "för"); a sentence in any other language is read here, by the value's shape
// alone: after the word for password, the first token of the same sentence that
// is shaped as a chosen password (see shaped_password) is one. Plain words,
// lengths, names, paths, URLs and variables have no such shape, so a sentence
// about a password that gives none keeps every word.
#include <algorithm>
#include <memory>
#include <string>

#include <re2/re2.h>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

// The word for password (or passphrase, passcode) in the languages of the EU, of
// the countries of the largest software workforces, and their neighbours; each
// as a stem, so inflected forms match ("lösenordet", "hasła", "jelszava",
// "Adgangskoden"). English and the languages the keyword rule reads are here too:
// the keyword rule needs a little word the sentence may not have ("für den
// Wartungszugang X", "dell'utente admin è X").
constexpr const char* kPasswordWords =
    "(?i)(?:password|passwort|passwd|kennwort|wachtwoord|wagwoord|mot de passe|contrase[ñn]a|contrasenya|"
    "contrasinal|senha|palavra-passe|parola|parolă|heslo|hesla|has[łl]|jelsz[óo]|jelszav|parool|parole|"
    "slapta[žz]od|geslo|lozink|лозинк|парол|şifre|sifre|kata sandi|kata laluan|m[ậa]t kh[ẩa]u|"
    "salasan|l[öo]senord|adgangskode|passord|lykilor[ðd]|fjal[ëe]kalim|nenosiri|pasahitz|"
    "κωδικ[όο]|συνθηματικ|كلمة المرور|كلمة السر|رمز عبور|گذرواژه|סיסמ|"
    "पासवर्ड|পাসওয়ার্ড|கடவுச்சொல்|รหัสผ่าน|パスワード|密码|密碼|비밀번호|գաղտնաբառ|პაროლ|"
    // ... and where a script's words for an API key, a token or a secret key stand
    // as "password" does (the keyword rule reads the English ones).
    "APIキー|アクセストークン|シークレットキー|秘密鍵|API ?密钥|访问令牌|API ?金鑰|API ?키|액세스 토큰)";

// What quotes, brackets and the sentence's punctuation put around a token.
std::string_view trimmed(std::string_view w) {
  auto framing = [](char c) { return std::string_view("\"'`([{<").find(c) != std::string_view::npos; };
  // (A question mark ends a question, "Passwort vergessen?", and seldom a password.)
  auto closing = [](char c) { return std::string_view("\"'`)]}>,;:.?").find(c) != std::string_view::npos; };
  while (!w.empty() && framing(w.front())) w.remove_prefix(1);
  while (!w.empty() && closing(w.back())) w.remove_suffix(1);
  return w;
}

// From the end of the word to the end of its sentence (at most 12 tokens, 200
// bytes): the first shaped token, if any.
void pick_shaped_after_word(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  // The rest of the word (an inflection: "lösenordet", "Adgangskoden").
  size_t p = h.end();
  while (p < t.size() && (ascii::is_alnum(t[p]) || static_cast<unsigned char>(t[p]) >= 0x80)) ++p;
  const size_t start = h.at(h.groups[0]);
  // Part of a name (DB_PASSWORD, ${APP_PASSWORD}) or of a URL or path: the keyword rule's.
  const bool inside_token =
      (start > 0 &&
       (ascii::is_alnum(t[start - 1]) || std::string_view("_-.$:/@{").find(t[start - 1]) != std::string_view::npos)) ||
      (p < t.size() && !blank(t[p]) && std::string_view("\"'`)]},;:=.!?").find(t[p]) == std::string_view::npos);
  if (inside_token) {
    while (p < t.size() && !blank(t[p])) ++p;  // user:password@host, DB_PASSWORD=X: a name inside a token
  } else if (p + 1 < t.size() && (t[p] == ':' || t[p] == '=') && !blank(t[p + 1])) {
    ++p;  // "hasło:X", "parola=X": the value glued to the word
  }
  const size_t limit = std::min(t.size(), p + 200);
  for (int tokens = 0; p < limit && tokens < 12; ++tokens) {
    while (p < limit && (t[p] == ' ' || t[p] == '\t')) ++p;
    if (p >= limit || t[p] == '\n' || t[p] == '\r') return;
    size_t e = p;
    while (e < t.size() && t[e] != ' ' && t[e] != '\t' && t[e] != '\n' && t[e] != '\r') ++e;
    const std::string_view raw = t.substr(p, e - p);
    const std::string_view w = trimmed(raw);
    if (shaped_password(w)) {
      add(out, h, w, "password");
      return;
    }
    // A sentence ends at ". ", "? ", "! " (a token that ends so but is no value)
    // and at the full stops of other scripts.
    if (raw.ends_with(".") || raw.ends_with("?") || raw.ends_with("!") || raw.ends_with("。") || raw.ends_with("।") ||
        raw.ends_with("؟"))
      return;
    p = e;
  }
}

}  // namespace

PasswordLabelTest password_label_test() {
  auto word = std::make_shared<const RE2>(kPasswordWords);
  return [word](std::string_view v) {
    // Letters (of any script), spaces and apostrophes, then perhaps "?", ":", "." or "!".
    std::string_view words = v;
    while (!words.empty() && std::string_view("?:.!").find(words.back()) != std::string_view::npos)
      words.remove_suffix(1);
    bool letter = false;
    for (char c : words) {
      const bool other_script = static_cast<unsigned char>(c) >= 0x80;
      if (!(ascii::is_alpha(c) || other_script || c == ' ' || c == '\'')) return false;
      letter = letter || ascii::is_alpha(c) || other_script;
    }
    return letter && RE2::PartialMatch(re2::StringPiece(words.data(), words.size()), *word);
  };
}

std::vector<RuleSpec> password_word_rules() {
  RuleSpec spec{"password", kPasswordWords, pick_shaped_after_word};
  return {spec};
}

}  // namespace memsim::redact_detail
