// Credentials known by the words around them: a secret-like name and its value
// (DB_PASSWORD=..., "apiKey": "...", --token X, -storepass X) and a value given
// in prose ("the staging password is ...", "Unseal Key 1: ...", "the deepgram key
// ..."). One RE2 expression finds the words (password, token, key, secret, ...);
// what stands around each one decides which of these it is, so the text is
// scanned once for all of them.
#include <algorithm>
#include <array>
#include <string>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

bool is_plain_word(std::string_view v) {
  bool inner_upper = false, lower_seen = false;
  for (size_t i = 0; i < v.size(); ++i) {
    const char ch = v[i];
    const bool up = ch >= 'A' && ch <= 'Z', low = ch >= 'a' && ch <= 'z';
    if (!up && !low && ch != '-' && !(static_cast<unsigned char>(ch) >= 0x80)) return false;
    if (up && i > 0 && lower_seen) inner_upper = true;
    lower_seen = lower_seen || low;
  }
  return !inner_upper;
}

std::string_view kind_for(NameClass c) {
  switch (c) {
    case NameClass::kPassword: return "password";
    case NameClass::kPin: return "pin";
    default: return "secret";
  }
}

namespace {

using ascii::is_alnum;
using ascii::is_alpha;
using ascii::lowered;

bool pin_like(std::string_view v) {
  if (v.size() < 4 || v.size() > 12) return false;
  return std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool looks_like_email(std::string_view v) {
  const size_t at = v.find('@');
  return at != std::string_view::npos && at > 0 && v.find('.', at) != std::string_view::npos;
}

// "admin/Adm1nP4ss!", "bob:Xy12!abc": the password half of a login pair.
bool pick_login_pair(std::string_view t, ValueSpan s, std::vector<Found>& out) {
  const std::string_view tok = t.substr(s.begin, s.end - s.begin);
  const size_t sep = tok.find_first_of("/:");
  if (sep == std::string_view::npos || sep == 0 || sep + 1 >= tok.size()) return false;
  if (tok.find_first_of("/:", sep + 1) != std::string_view::npos) return false;  // a path or a URL
  if (tok[sep + 1] == '\\') return false;                                        // C:\Users\...: a path
  const std::string_view pass = tok.substr(sep + 1);
  if (!password_like(pass, Context::kAssigned) || is_plain_word(pass)) return false;
  add_span(out, {s.begin + sep + 1, s.end}, "password");
  return true;
}

// The opening quote at text[at], if any: ", ', ` or a JSON-escaped \".
std::string_view quote_at(std::string_view t, size_t at) {
  if (at < t.size() && (t[at] == '"' || t[at] == '\'' || t[at] == '`')) return t.substr(at, 1);
  if (at + 1 < t.size() && t[at] == '\\' && t[at + 1] == '"') return t.substr(at, 2);
  return {};
}

// A quote at t[p] that ends the string before it: it follows a character of that
// string, not a blank, an operator or a bracket that would open a value.
bool closes_string(std::string_view t, size_t p) {
  if (p == 0 || p >= t.size() || (t[p] != '"' && t[p] != '\'' && t[p] != '`')) return false;
  const char before = t[p - 1];
  return before != ' ' && before != '\t' && before != '\n' && before != '=' && before != ':' && before != '(' &&
         before != '[' && before != '{' && before != ',' && before != '\\';
}

size_t skip_blanks(std::string_view t, size_t p) {
  while (p < t.size() && (t[p] == ' ' || t[p] == '\t')) ++p;
  return p;
}

// A wallet's mnemonic (BIP-39: 12 to 24 lower-case words of 3 to 8 letters,
// one space apart) at the start of v: its length in bytes, or 0 when fewer than
// 12 such words start v.
size_t mnemonic_words(std::string_view v) {
  size_t q = 0, words = 0, last_end = 0;
  while (q < v.size() && words < 24) {
    size_t e = q;
    while (e < v.size() && v[e] >= 'a' && v[e] <= 'z') ++e;
    if (e - q < 3 || e - q > 8) break;
    ++words;
    last_end = e;
    if (e >= v.size() || v[e] != ' ') break;
    q = e + 1;
  }
  return words >= 12 ? last_end : 0;
}

// Whether a flow mapping or list starts at t[at]: {name: ..., {"key": ..., [", [{, [].
bool opens_structure(std::string_view t, size_t at) {
  if (at >= t.size() || (t[at] != '{' && t[at] != '[')) return false;
  size_t p = skip_blanks(t, at + 1);
  if (p >= t.size()) return false;
  if (t[p] == '"' || t[p] == '\'' || (t[at] == '[' && (t[p] == '{' || t[p] == ']'))) return true;
  if (t[at] != '{') return false;
  while (p < t.size() && (is_alnum(t[p]) || t[p] == '_' || t[p] == '-')) ++p;
  p = skip_blanks(t, p);
  return p > at + 1 && p < t.size() && t[p] == ':';
}

// Key bytes written in code at t[at] (see key_bytes_at): their span, and whether they are
// a standard's test key (is_placeholder's documented ones), which no name makes secret.
struct KeyBytes {
  ValueSpan span;
  bool documented = false;
};

// The byte of two hex digits at t[p], or -1.
int hex_byte(std::string_view t, size_t p) {
  if (p + 2 > t.size() || !is_hex(t.substr(p, 2))) return -1;
  return std::stoi(std::string(t.substr(p, 2)), nullptr, 16);
}

// Key bytes written in code at t[at]: an array of 16 to 132 hex bytes ({ 0x3B, 0x91, … }
// or [0x3b, …], on one line or many); C strings of \x escapes, one after another
// ("\x3f\x49…" "\x4a…"); or 32 to 264 hex digits, quoted or given to a call that
// decodes hex (hex!("…"), bytes.fromhex('…'), unhexlify(b"…")). Filler and counting bytes
// (one byte repeated, 00 01 02 …) and documented test keys are no key (is_placeholder).
KeyBytes key_bytes_at(std::string_view t, size_t at) {
  if (at >= t.size()) return {};
  std::vector<unsigned> bytes;
  size_t first = 0, last = 0;
  const size_t end = std::min(t.size(), at + 1600);
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  if (t[at] == '{' || t[at] == '[') {
    const char close = t[at] == '{' ? '}' : ']';
    size_t p = at + 1;
    for (; p < end && t[p] != close; ++p) {
      if (blank(t[p]) || t[p] == ',') continue;
      const int b = t.substr(p, 2) == "0x" || t.substr(p, 2) == "0X" ? hex_byte(t, p + 2) : -1;
      if (b < 0 || (p + 4 < t.size() && is_alnum(t[p + 4]))) return {};
      if (bytes.empty()) first = p;
      bytes.push_back(static_cast<unsigned>(b));
      p += 3;
      last = p + 1;
    }
    if (p >= end || bytes.size() < 16 || bytes.size() > 132) return {};
  } else if (t[at] == '"' && t.substr(at + 1, 2) == "\\x") {
    size_t p = at;
    first = at + 1;
    while (p < end && t[p] == '"') {
      size_t q = p + 1;
      for (int b; t.substr(q, 2) == "\\x" && (b = hex_byte(t, q + 2)) >= 0; q += 4)
        bytes.push_back(static_cast<unsigned>(b));
      if (q >= t.size() || t[q] != '"' || q == p + 1) return {};
      last = q;
      p = q + 1;
      while (p < end && blank(t[p])) ++p;
    }
    if (bytes.size() < 16 || bytes.size() > 132) return {};
  } else {
    size_t p = at;
    if (is_alpha(t[p])) {  // a call that decodes hex
      size_t q = p;
      while (q < end && q < p + 40 && (is_alnum(t[q]) || t[q] == '_' || t[q] == '.' || t[q] == ':' || t[q] == '!')) ++q;
      if (q >= end || t[q] != '(' || lowered(t.substr(p, q - p)).find("hex") == std::string::npos) return {};
      p = skip_blanks(t, q + 1);
      if (p < t.size() && t[p] == 'b') ++p;  // Python's bytes literal
    }
    if (quote_at(t, p).size() != 1) return {};
    size_t e = p + 1;
    for (int b; e < p + 266 && (b = hex_byte(t, e)) >= 0; e += 2) bytes.push_back(static_cast<unsigned>(b));
    if (e >= t.size() || t[e] != t[p] || bytes.size() < 16 || bytes.size() > 132) return {};
    first = p + 1;
    last = e;
  }
  std::string hex;
  for (const unsigned b : bytes) {
    hex += "0123456789abcdef"[b >> 4 & 15];
    hex += "0123456789abcdef"[b & 15];
  }
  return {{first, last}, is_placeholder(hex)};
}

// The name [ns, ne) is given the value at `value_at` (after `=`, `:`, ...).
void assign(std::string_view t, size_t ns, size_t ne, size_t value_at, std::vector<Found>& out) {
  const std::string_view name = t.substr(ns, ne - ns);
  // A command's --primary-key=… is an account's key (see flag()).
  NameClass c = one_of(lowered(name), {"--primary-key", "--secondary-key"}) ? NameClass::kKey : classify_name(name);
  // "public key: ...", "API key: ...": a bare word takes the word before it as its qualifier.
  if (ns >= 2 && t[ns - 1] == ' ' && name.find_first_of("_-.") == std::string_view::npos) {
    size_t w = ns - 1;
    while (w > 0 && is_alpha(t[w - 1])) --w;
    if (w < ns - 1) c = classify_name(std::string(t.substr(w, ns - 1 - w)) + "_" + std::string(name));
  }
  // A literal converted where it is given (Go's []byte("…"), Node's Buffer.from("…"),
  // Rust's String::from("…"), C++'s std::string("…")): the literal is the value.
  for (std::string_view wrap :
       {"[]byte(", "Buffer.from(", "String::from(", "std::string(", "SecretStr(", "SecretString::new(", "Secret::new("})
    if (t.substr(value_at, wrap.size()) == wrap) {
      value_at += wrap.size();
      break;
    }
  // Key bytes under a key's name (NWKSKEY[16] = { 0x.. }, UPDATE_KEY_USER1: [u8; 32] = hex!("…")),
  // which the name's class alone may not take: a compound word or a qualifier after "key".
  if (const KeyBytes k = key_bytes_at(t, value_at); k.span.end > k.span.begin) {
    if (k.documented) return;  // a standard's test key
    if (names_key_bytes(name)) {
      add_span(out, k.span, "secret");
      return;
    }
  }
  // A structure named for keys ("securityKeys": { "S2_AccessControl": "A5D6…" }): its
  // values that are key bytes, whatever their own names.
  if (value_at < t.size() && t[value_at] == '{' && names_key_bytes(name)) {
    const size_t end = std::min(t.size(), value_at + 2000);
    int depth = 1;
    for (size_t p = value_at + 1; p < end && depth > 0; ++p) {
      depth += t[p] == '{' ? 1 : t[p] == '}' ? -1 : 0;
      if (t[p] != ':') continue;
      if (const KeyBytes k = key_bytes_at(t, skip_blanks(t, p + 1)); k.span.end > k.span.begin)
        add_span(out, k.span, "secret");
    }
  }
  if (c == NameClass::kNone) return;
  // secretKeyRef: {name: db, key: password}: a structure whose own names are looked at
  // (but ODBC's Pwd={...} is one value in braces).
  if (opens_structure(t, value_at)) return;
  // Where the line starts with the name (.env, YAML, shell), a bare value runs to
  // white space; in code it stops at a delimiter, in a query string at & or #.
  const size_t back = ns > 16 ? ns - 16 : 0;  // "export " and indentation at most
  const size_t nl = t.substr(back, ns - back).rfind('\n');
  const bool at_line_start = nl != std::string_view::npos || back == 0;
  const size_t line_start = nl != std::string_view::npos ? back + nl + 1 : back;
  std::string_view lead = at_line_start ? t.substr(line_start, ns - line_start) : std::string_view("?");
  while (!lead.empty() && (lead.front() == ' ' || lead.front() == '\t' || lead.front() == '-')) lead.remove_prefix(1);
  const bool line_style = lead.empty() || lead == "export " || lead == "set " || lead == "ENV " || lead == "env ";
  const bool query = ns > 0 && (t[ns - 1] == '?' || t[ns - 1] == '&');
  const Bare bare = query ? Bare::kQuery : line_style ? Bare::kLine : Bare::kCode;
  std::string_view quote = quote_at(t, value_at);
  ValueSpan s = read_value(t, value_at + quote.size(), quote, bare);
  // A value tagged as plain text (Ansible's !unsafe, YAML's !!str and !!binary): the
  // value is what follows the tag.
  if (quote.empty() && one_of(t.substr(s.begin, s.end - s.begin), {"!unsafe", "!!str", "!!binary"})) {
    const size_t after = skip_blanks(t, s.end);
    quote = quote_at(t, after);
    s = read_value(t, after + quote.size(), quote, bare);
  }
  const std::string_view v = t.substr(s.begin, s.end - s.begin);
  const std::string low_name = lowered(name);
  // A random generator's seed given as a number (seed=0x3B91C40E5AD7621F, seed: 1234567):
  // a world's or a test's, shared to replay it; a key's seed is longer.
  if (low_name.ends_with("seed") && v.size() <= 18 &&
      (std::all_of(v.begin(), v.end(), ascii::is_digit) || (v.starts_with("0x") && is_hex(v.substr(2)))))
    return;
  // "pass" alone is as often a pass of work ("loc pass: store"): a word is no password there.
  if (low_name == "pass" && is_plain_word(v)) return;
  // "Cookie: a=b; c=d" is a header of pairs: the cookie rule judges each value by its name.
  if (v.find('=') != std::string_view::npos && low_name.ends_with("cookie")) return;
  // A call, not a value: read_secret(...), getpass.getpass(), input("Password: ").
  if (quote.empty() && bare == Bare::kCode && s.end < t.size() && t[s.end] == '(') return;
  if (quote.empty()) {
    const size_t paren = v.find('(');
    bool callee = paren != std::string_view::npos && paren > 0;
    for (size_t i = 0; callee && i < paren; ++i) callee = is_alnum(v[i]) || v[i] == '_' || v[i] == '.';
    if (callee) return;
  }
  // MNEMONIC="marble wagon tunnel ...", mnemonic: marble wagon tunnel ...
  if (c == NameClass::kSecret) {
    const size_t n = mnemonic_words(t.substr(s.begin, quote.empty() ? kMaxValue : v.size()));
    if (n > 0 && (quote.empty() || n == v.size())) {
      out.push_back({s.begin, s.begin + n, "seed_phrase"});
      return;
    }
  }
  if (value_fits(c, v, t, s.begin, Context::kAssigned)) add_span(out, s, kind_for(c));
}

// A command-line flag and the value after it: --db-password X, -storepass X.
void flag(std::string_view t, size_t ns, size_t ne, std::vector<Found>& out) {
  std::string_view name = t.substr(ns, ne - ns);
  while (name.starts_with("-")) name.remove_prefix(1);
  if (name.size() < 2 || name.starts_with("no-") || name.ends_with("-stdin")) return;
  // A command's primary or secondary key is an account's key (Azure's CLI: az iot hub
  // device-identity create --primary-key), not a table's: a key, judged strictly.
  const NameClass c = one_of(lowered(name), {"primary-key", "secondary-key"}) ? NameClass::kKey : classify_name(name);
  if (c == NameClass::kNone) return;
  const size_t at = skip_blanks(t, ne);
  if (at >= t.size() || t[at] == '-' || t[at] == '\n') return;  // the next flag, not a value
  const std::string_view quote = quote_at(t, at);
  const ValueSpan s = read_value(t, at + quote.size(), quote);
  const std::string_view v = t.substr(s.begin, s.end - s.begin);
  if (is_common_word(v)) return;
  if (value_fits(c, v, t, s.begin, Context::kAssigned)) add_span(out, s, kind_for(c));
}

// After a word such as "password" or "api key" in prose, the value it is given.
// A value counts only where the sentence gives it one: right after the word,
// after "is", ":", "=", "set to", or in quotes; "for the admin" or "in the vault"
// names something else.
void scan_prose(std::string_view t, size_t p, NameClass c, std::string_view kind, bool login, std::vector<Found>& out) {
  // "password-hasher", "tokens?limit=": part of a longer word, not a word before a value.
  if (p < t.size() && t[p] != ' ' && t[p] != '\t' && t[p] != ':' && t[p] != '=' && t[p] != '"' && t[p] != '\'' &&
      t[p] != '`' && t[p] != ';' && t[p] != ',')
    return;
  size_t line_end = std::min(t.size(), p + 120 + kMaxValue);
  if (const size_t nl = t.substr(p, line_end - p).find('\n'); nl != std::string_view::npos) line_end = p + nl;
  const size_t limit = std::min(line_end, p + 120);
  bool armed = true, explicit_marker = false, past = false;
  bool after_comma = false;  // a clause ended: "password=pwd, authenticator=..." names another value next
  std::string last;
  for (int tokens = 0; tokens < 12 && p < limit; ++tokens) {
    const bool first = tokens == 0;
    while (p < line_end && (t[p] == ' ' || t[p] == '\t' || t[p] == '*' || t[p] == '(')) ++p;
    if (p >= line_end) break;
    const char ch = t[p];
    if (ch == ':' || ch == '=') {
      armed = explicit_marker = true;
      ++p;
      continue;
    }
    if (ch == '-' && p + 1 < line_end && (t[p + 1] == ' ' || t[p + 1] == '>')) {  // "password - X", "->"
      p += 2;
      continue;
    }
    // A dash gives the value as a colon would ("app password — X", "password – X"), unless
    // a second one closes an aside ("the password — unlike the user name — is ...").
    if (t.substr(p, 4) == "\u2014 " || t.substr(p, 4) == "\u2013 ") {
      const std::string_view rest = t.substr(p + 4, line_end - p - 4);
      armed = true;
      explicit_marker = rest.find("\u2014") == std::string_view::npos && rest.find("\u2013") == std::string_view::npos;
      p += 4;
      continue;
    }
    // A quote right after a word closes a string ("Mot de passe", `NAME ?= X`): it
    // opens no value, and what follows it up to the next quote is other text.
    if (closes_string(t, p)) {
      ++p;
      continue;
    }
    const std::string_view quote = quote_at(t, p);
    ValueSpan s = read_value(t, p + quote.size(), quote);
    size_t raw_end = s.end;
    if (!quote.empty()) {
      if (raw_end < line_end && t.substr(raw_end, quote.size()) == quote) raw_end += quote.size();
    } else {
      while (raw_end < line_end && (t[raw_end] == '.' || t[raw_end] == ':')) ++raw_end;
    }
    const std::string_view tok = t.substr(s.begin, s.end - s.begin);
    const std::string_view raw = t.substr(p, raw_end - p);
    // "password:" labels what follows; so does "token=" (a word and an equals sign).
    const bool label =
        quote.empty() &&
        (raw.ends_with(":") || (tok.size() > 1 && tok.ends_with("=") && is_plain_word(tok.substr(0, tok.size() - 1))));
    const bool sentence_end = quote.empty() && raw.ends_with(".") && (raw_end >= line_end || t[raw_end] == ' ');
    p = raw_end > p ? raw_end : p + 1;
    if (tok.empty()) {
      if (raw.empty() && p < line_end && (t[p - 1] == ';' || t[p - 1] == ',')) {  // "passphrase; it is ..."
        armed = false;
        after_comma = true;
        continue;
      }
      if (raw.empty() || (raw.find_first_not_of(",;)]}>") == std::string_view::npos)) break;  // end of clause
      continue;
    }
    if (tok.starts_with("[REDACTED") || tok.ends_with("(")) return;  // already done, or code
    if (tok.starts_with("\\") || opens_structure(t, s.begin))
      return;  // "credentials from \\fs01\...": a path; "secretKeyRef: {name: ...}": a structure
    const std::string w = lowered(tok);
    const bool quoted = !quote.empty();
    if (!quoted &&
        one_of(w, {"is", "was", "are", "were", "be", "been", "becomes", "became", "equals", "reads", "=", "->",
                   // ... and the same in the languages the keywords cover
                   "ist", "lautet", "est", "es", "é", "è", "är", "jest", "adalah", "هو", "هي", "er", "je", "είναι",
                   "הוא", "היא"})) {
      armed = explicit_marker = true;
    } else if (!quoted &&
               one_of(w, {"era", "eram", "foi", "fue", "war", "était", "etait", "var", "byl", "była", "este"})) {
      // "was" ("O PIN que eu cadastrei era 508317", "Mein Passwort war Vq3…"), which a
      // participle follows as often ("a senha não foi enviada"), and Romanian's "is", which
      // is Spanish's and Portuguese's "this" ("la contraseña de este usuario"): no word as
      // words are written, and no year ("der PIN war 2019 noch vierstellig").
      armed = explicit_marker = past = true;
    } else if (!quoted && w == "to" &&
               one_of(last, {"", "set", "changed", "reset", "updated", "rotated", "it", "back"})) {
      armed = explicit_marker = true;
    } else if (!quoted && one_of(w, {"a", "para", "en"}) &&
               one_of(last, {"reseteado", "cambiado", "restablecido", "puesto", "configurado", "establecido",
                             "alterado", "alterada", "mudado", "mudada", "redefinido", "redefinida", "definido",
                             "definida", "cambiato", "impostato", "reimpostato"})) {
      // "se lo he reseteado a 1969", "alterada para 4821", "impostato a 5512": set to.
      armed = explicit_marker = true;
    } else if (!quoted &&
               one_of(w, {"for", "on", "in", "at", "of", "from", "by", "via", "under", "behind", "about", "inside",
                          "and", "or", "but", "if", "when", "that", "which", "field", "prompt", "manager", "policy",
                          "hash", "length", "file", "reset", "rotation", "change", "expiry", "id", "name", "type",
                          "scope", "scopes", "count", "limit", "für", "pour", "para", "per", "voor", "för", "dla",
                          // "le mot de passe du serveur est ...", "la contraseña del panel es ..."
                          "du", "de", "des", "del", "della", "da", "do", "dos", "das", "di", "der", "van", "av",
                          // Indonesian's "from", "for" ("PUK1 dari sistem: …"), Romanian's "for", and
                          // the relative pronouns after which a clause tells the value ("que eu
                          // cadastrei era …")
                          "dari", "untuk", "pentru", "que", "qui", "che", "dass"})) {
      armed = false;
    } else if (!quoted &&
               one_of(w, {"the", "a", "an", "our", "my", "new", "old", "current", "same", "still", "also", "actually",
                          "just", "simply", "now", "here", "literally", "temporary", "temporarily", "default",
                          "initial", "set", "changed", "updated", "rotated", "it", "back", "then", "again", "always",
                          "probably", "should", "must", "will", "would", "stays", "remains", "you", "we", "i",
                          // ... and the adjectives that follow the word in the Romance languages, or
                          // precede it in the others ("a senha certa é", "das neue Passwort ist")
                          "certa", "correta", "correcta", "correcto", "corretta", "correcte", "nova", "nueva", "nuova",
                          "nouveau", "nouvelle", "neue", "neues", "nieuwe", "atual", "actual", "attuale", "actuelle",
                          "aktuelle", "huidige", "provisória", "provisoria", "temporária", "temporal", "temporaire",
                          "temporanea", "tijdelijke", "inicial", "iniziale", "initiale", "richtige", "juiste"})) {
      // keeps the sentence's state
    } else if (label && !quoted && tok.ends_with("=")) {
      if (after_comma) return;         // the next argument's own name and value
      armed = explicit_marker = true;  // "password token=": the value comes after the next word
    } else if (first && !quoted && is_plain_word(tok) && !label &&
               std::all_of(tok.begin(), tok.end(), [](char b) { return static_cast<unsigned char>(b) < 0x80; })) {
      // "password hint", "token bucket": the word names something else. (A word of
      // another script may be the sentence's own: "PIN الخاص بالحساب هو …".)
      return;
    } else if (armed || (quoted && tok.find(' ') == std::string_view::npos)) {
      // (A quoted phrase the sentence does not give as the value, "... and `"hint": "12
      // characters"`", is other text: a passphrase with spaces needs "is" or ":".)
      if (login && pick_login_pair(t, s, out)) return;
      bool ok = false;
      // Without "is", ":" or quotes, a plain word next to "password" is just a word; and a
      // quoted word after a word for where secrets are kept names the place ("is in the
      // vault entry "smtp"").
      const bool names_place = quoted && is_plain_word(tok) &&
                               one_of(last, {"entry", "item", "vault", "safe", "folder", "record", "note", "named",
                                             "called", "titled", "labelled", "labeled"});
      const bool year = tok.size() == 4 && (tok.starts_with("19") || tok.starts_with("20")) && pin_like(tok);
      const bool given =
          (quoted || explicit_marker || !is_plain_word(tok)) && !names_place && !(past && (is_plain_word(tok) || year));
      if (!looks_like_email(tok) && given) {
        if (c == NameClass::kPin) ok = explicit_marker && pin_like(tok);
        else if (c == NameClass::kPassword) ok = password_like(tok, quoted ? Context::kAssigned : Context::kProse);
        else if (c == NameClass::kKey)
          ok = tok.size() >= 20 && !is_uuid(tok) && credential_like(tok, Context::kProse) &&
               !labelled_as_digest(t, s.begin);
        else if (!login) ok = credential_like(tok, Context::kProse) && !labelled_as_digest(t, s.begin);
      }
      if (ok) {
        add_span(out, s, kind);
        return;
      }
      armed = label;
    } else {
      if (login && pick_login_pair(t, s, out)) return;
      armed = label;
    }
    last = w;
    if (label) armed = explicit_marker = true;
    if (sentence_end) return;
  }
}

// Where the value of a list-like secret starts: after ":", "=", "is" or "are"
// within a short clause from p ("the recovery codes for the admin account are
// ..."), or npos. The clause ends at a sentence's end or the line's.
size_t list_start(std::string_view t, size_t p) {
  const size_t end = std::min(t.size(), p + 60);
  for (size_t i = p; i < end && t[i] != '\n'; ++i) {
    if (t[i] == '.' && (i + 1 >= t.size() || t[i + 1] == ' ')) return std::string_view::npos;
    if (t[i] == ':' || t[i] == '=') return skip_blanks(t, i + 1);
    if (t[i] == ' ' && i + 4 <= t.size()) {
      const std::string w = lowered(t.substr(i + 1, 4));
      if (w == "are " || w.starts_with("is ")) return skip_blanks(t, i + (w == "are " ? 4 : 3));
    }
  }
  return std::string_view::npos;
}

// "mnemonic: marble wagon tunnel ...", "the seed phrase is ...": the words
// together are the secret.
// A phrase with fewer distinct words than half its words is a pattern, as a run of
// one repeated character is: BIP-39's test vectors from patterned entropy
// ("abandon abandon ... about", "zoo zoo ... wrong"). A generated phrase repeats
// a word seldom.
bool repeats_its_words(std::string_view phrase) {
  std::vector<std::string_view> words;
  for (size_t i = 0; i < phrase.size();) {
    const size_t e = std::min(phrase.find(' ', i), phrase.size());
    if (e > i) words.push_back(phrase.substr(i, e - i));
    i = e + 1;
  }
  std::sort(words.begin(), words.end());
  const auto distinct = static_cast<size_t>(std::unique(words.begin(), words.end()) - words.begin());
  return distinct * 2 < words.size();
}

void scan_phrase(std::string_view t, size_t p, std::vector<Found>& out) {
  // After ":", "=", "is" or "are"; or quoted right after the word ("seed phrase "...").
  const size_t quoted = skip_blanks(t, p);
  size_t at = quoted < t.size() && (t[quoted] == '"' || t[quoted] == '\'') ? quoted : list_start(t, p);
  if (at == std::string_view::npos) return;
  if (at < t.size() && (t[at] == '"' || t[at] == '\'' || t[at] == '`')) ++at;
  const size_t n = mnemonic_words(t.substr(at));
  if (n > 0 && !repeats_its_words(t.substr(at, n))) out.push_back({at, at + n, "seed_phrase"});
}

// One-time recovery or backup codes: "... are 4d303-2d30f 07f55-5111f ...": each
// code of letters and digits (one hyphen at most) that holds a digit.
void scan_codes(std::string_view t, size_t p, std::vector<Found>& out) {
  size_t q = list_start(t, p);
  if (q == std::string_view::npos) return;
  std::vector<Found> codes;
  while (q < t.size() && codes.size() < 32) {
    size_t e = q, hyphens = 0;
    bool digit = false;
    for (; e < t.size() && (is_alnum(t[e]) || (t[e] == '-' && hyphens++ == 0)); ++e)
      digit = digit || ascii::is_digit(t[e]);
    const size_t len = e - q;
    if (len < 6 || len > 24 || !digit || t[e - 1] == '-') break;
    codes.push_back({q, e, "recovery_code"});
    while (e < t.size() && (t[e] == ' ' || t[e] == ',')) ++e;
    q = e;
  }
  out.insert(out.end(), codes.begin(), codes.end());
}

// The word ending just before `at` (skipping one space), lower-cased.
std::string word_before(std::string_view t, size_t at) {
  if (at == 0 || (t[at - 1] != ' ' && t[at - 1] != '_' && t[at - 1] != '-')) return {};
  size_t w = at - 1;
  while (w > 0 && is_alnum(t[w - 1])) --w;
  return lowered(t.substr(w, at - 1 - w));
}

// If t[p..] continues with one of `words` (after one space), the position after it.
size_t continued(std::string_view t, size_t p, std::initializer_list<std::string_view> words) {
  if (p >= t.size() || t[p] != ' ') return std::string_view::npos;
  for (std::string_view w : words) {
    if (p + 1 + w.size() > t.size()) continue;
    const std::string next = lowered(t.substr(p + 1, w.size()));
    const size_t e = p + 1 + w.size();
    if (next == w && (e >= t.size() || !is_alnum(t[e]))) return e;
  }
  return std::string_view::npos;
}

// A keyword standing as a word in a sentence: what it calls for, and where its
// phrase ends ("pass phrase", "pin code", "unseal key 1", "identified by").
// False when `word` is not one of these words.
bool prose(std::string_view t, std::string_view word, size_t ks, size_t ke, std::vector<Found>& out) {
  std::string k = lowered(word);
  if (k.ends_with("-ul")) k.resize(k.size() - 3);  // Romanian's article on the word: "PIN-ul"
  const std::string prev = word_before(t, ks);
  size_t p = ke;
  auto then = [&](std::initializer_list<std::string_view> words) {
    const size_t e = continued(t, p, words);
    if (e == std::string_view::npos) return false;
    p = e;
    return true;
  };
  if (one_of(k, {"password", "passwords", "passwd", "pwd", "pw", "mdp", "senha", "parola", "contrasena", "contraseña",
                 "passwort", "kennwort", "wachtwoord"}) ||
      (k == "passe" && prev == "de")) {  // "mot de passe"
    scan_prose(t, p, NameClass::kPassword, "password", false, out);
  } else if (one_of(k, {"passphrase", "passphrases"}) || (k == "pass" && then({"phrase"}))) {
    scan_prose(t, p, NameClass::kPassword, "passphrase", false, out);
  } else if (one_of(k, {"passcode", "passcodes"}) || (k == "identified" && then({"by"}))) {
    scan_prose(t, p, NameClass::kPassword, "password", false, out);
  } else if (k == "pin" || k == "pins") {
    then({"codes", "code", "numbers", "number"});
    scan_prose(t, p, NameClass::kPin, "pin", false, out);
  } else if ((k == "recovery" || k == "backup") && then({"codes", "code"})) {
    const size_t before = out.size();
    scan_codes(t, p, out);
    if (out.size() == before) scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (k == "mnemonic" || ((k == "seed" || k == "recovery") && then({"phrase", "words"}))) {
    const size_t before = out.size();
    scan_phrase(t, p, out);
    if (out.size() == before) scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (k == "auth" || k == "authtoken") {
    // `snyk auth <token>`, `ngrok authtoken <token>`: a command given its credential.
    const size_t before = out.size();
    if (p + 1 < t.size() && t[p] == ' ') {
      const ValueSpan s = read_value(t, p + 1, {});
      const std::string_view v = t.substr(s.begin, s.end - s.begin);
      if (!is_plain_word(v) && (is_uuid(v) || credential_like(v, Context::kAssigned))) add_span(out, s, "secret");
    }
    if (out.size() == before) scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if ((k == "unseal" || k == "recovery") && then({"keys", "key", "codes", "code", "phrase"})) {
    if (p + 1 < t.size() && t[p] == ' ' && t[p + 1] >= '0' && t[p + 1] <= '9') {  // "Unseal Key 1:"
      ++p;
      while (p < t.size() && t[p] >= '0' && t[p] <= '9') ++p;
    }
    scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (k == "seed") {
    then({"phrase"});
    scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (one_of(k, {"chave", "chiave", "clé"})) {
    // Portuguese's, Italian's and French's word for a key ("a chave é sk_…"). (Spanish's
    // clave is as often a keyword's or a tracking number's: "palabras clave", "clave de rastreo".)
    scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (one_of(k, {"credential", "credentials", "creds", "cred", "login"})) {
    scan_prose(t, p, NameClass::kSecret, "secret", true, out);
  } else if (one_of(k, {"token", "tokens", "secret", "secrets", "otp", "jwt", "salt", "pat", "pats"})) {
    // "the next page token", "max tokens": the word before says it is no credential.
    if ((k == "token" || k == "tokens") && !prev.empty() && classify_name(prev + "_token") == NameClass::kNone)
      return true;
    scan_prose(t, p, NameClass::kSecret, "secret", false, out);
  } else if (k == "key" || k == "keys") {
    // "the API key is ...": the word before says what key; "the key", "cache key" say nothing of a secret.
    if (prev.size() < 2 || is_common_word(prev)) return true;
    const NameClass c = classify_name(prev + "_key");
    if (c != NameClass::kNone)
      scan_prose(t, p, c == NameClass::kSecret ? NameClass::kSecret : NameClass::kKey, "secret", false, out);
  } else {
    return false;
  }
  return true;
}

}  // namespace

bool value_fits(NameClass c, std::string_view v, std::string_view text, size_t at, Context ctx) {
  switch (c) {
    case NameClass::kPassword: return password_like(v, ctx);
    case NameClass::kPin: return pin_like(v) || password_like(v, ctx);
    // A name says what its value is; in prose the words before it may say it is a digest.
    case NameClass::kSecret:
      return credential_like(v, ctx) && (ctx == Context::kAssigned || !labelled_as_digest(text, at));
    case NameClass::kKey:
      return v.size() >= 16 && credential_like(v, ctx) && !is_uuid(v) &&
             (ctx == Context::kAssigned || !labelled_as_digest(text, at));
    case NameClass::kNone: return false;
  }
  return false;
}

void pick_named_value(const Hit& h, std::vector<Found>& out) {
  const NameClass c = classify_name(h.groups[1]);
  const std::string_view v = h.groups[2];
  if (c != NameClass::kNone && value_fits(c, v, h.text, h.at(v), Context::kAssigned)) add(out, h, v, kind_for(c));
}

void pick_code_in_prose(const Hit& h, std::vector<Found>& out) {
  scan_prose(h.text, h.end(), NameClass::kPin, "pin", false, out);
}

void pick_phrase_argument(const Hit& h, std::vector<Found>& out) {
  const std::string_view rest = h.text.substr(h.end());
  const size_t n = mnemonic_words(rest);
  if (n > 0 && n < rest.size() && (rest[n] == '"' || rest[n] == '\'' || rest[n] == '`') &&
      !repeats_its_words(rest.substr(0, n)))
    out.push_back({h.end(), h.end() + n, "seed_phrase"});
}

void pick_name_then_value(const Hit& h, std::vector<Found>& out) {
  const size_t ns = h.at(h.groups[1]);
  assign(h.text, ns, ns + h.groups[1].size(), h.end(), out);
}

namespace {

// A declaration's type at t[p], and then "=": where the value starts past them, or
// npos. Kotlin, Scala and Swift write `val name: String = ...`, TypeScript
// `const name: string = ...`, Rust `const NAME: &'static str = ...`, Go
// `var name Type = ...`.
size_t past_type(std::string_view t, size_t p) {
  if (p >= t.size() || !(is_alpha(t[p]) || t[p] == '&' || t[p] == '[')) return std::string_view::npos;
  const size_t end = std::min(t.size(), p + 48);
  size_t q = p;
  // (A ; only inside brackets, Rust's [u8; 32]: outside them it ends the statement.)
  for (int depth = 0;
       q < end && (is_alnum(t[q]) || std::string_view("_.<>[]&'?* \t").find(t[q]) != std::string_view::npos ||
                   (t[q] == ';' && depth > 0));
       ++q)
    depth += t[q] == '[' ? 1 : t[q] == ']' ? -1 : 0;
  // " = ", as declarations are written: base64's padding ("password: SEMt...Q=") is none.
  if (q >= end || t[q] != '=' || (t[q - 1] != ' ' && t[q - 1] != '\t')) return std::string_view::npos;
  return skip_blanks(t, q + 1);
}

// Whether the name at t[ns] is declared there: after a declaration's keyword (val,
// let, const, private, ...) or in a parameter list, where a default follows the type
// (Kotlin's `fun connect(password: String = "…")`). YAML's `password: a = b` is none.
bool declared(std::string_view t, size_t ns) {
  size_t e = ns;
  while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\t')) --e;
  if (e > 0 && (t[e - 1] == '(' || t[e - 1] == ',')) return true;
  size_t s = e;
  while (s > 0 && is_alpha(t[s - 1])) --s;
  return one_of(t.substr(s, e - s), {"val", "var", "let", "const", "static", "mut", "readonly", "private", "public",
                                     "protected", "internal", "lazy", "override", "final", "export"});
}

// A byte of a name: letters, digits, _ - and the dots of a dotted path.
bool name_char(char c) { return is_alnum(c) || c == '_' || c == '-' || c == '.'; }

// The identifier [ns, ne) holds a keyword starting at ks.
void identifier(std::string_view t, size_t ns, size_t ne, size_t ks, std::vector<Found>& out) {
  // An HTML form field's name or id (<input name="pass" autocomplete="new-password">):
  // the field's value is its value attribute; without one, or with an empty one, the
  // other attributes are no value.
  for (std::string_view attribute : {"name=\"", "id=\"", "for=\""})
    if (ns >= attribute.size() + 1 && t.substr(ns - attribute.size(), attribute.size()) == attribute &&
        t[ns - attribute.size() - 1] == ' ' && t.substr(ne, 1) == "\"") {
      // A tag with a value attribute that holds something is read as before.
      const size_t close = std::min(t.find('>', ne), t.find('\n', ne));
      const std::string_view tag = t.substr(ne, close == std::string_view::npos ? std::string_view::npos : close - ne);
      const size_t value = tag.find(" value=\"");
      if (value == std::string_view::npos || tag.substr(value + 8, 1) == "\"") return;
    }
  // A random run that holds a keyword by chance (Stripe's ch_3P8LS2…B0ePW) is a value,
  // not a name. A name changes case too (X-Postmark-Server-Token, x509PrivateKeyPassword),
  // but is mostly words: runs of three small letters or more, with their capital.
  if (const std::string_view name = t.substr(ns, ne - ns);
      std::any_of(name.begin(), name.end(), ascii::is_digit) && looks_random(name)) {
    size_t in_words = 0;
    for (size_t i = 0; i < name.size();) {
      size_t e = i;
      while (e < name.size() && ascii::is_lower(name[e])) ++e;
      if (e - i >= 3) in_words += e - i + (i > 0 && ascii::is_upper(name[i - 1]) ? 1 : 0);
      i = e > i ? e : i + 1;
    }
    if (in_words * 2 < name.size()) return;
  }
  // Inside an ARN, a URL or a path (arn:aws:...:secret:prod/db), not a name; but
  // grep -n and compilers put "path:LINE:" or "LINE:" before a line, and that line
  // starts here. (A line number has at most 6 digits; an ARN's account id has 12.)
  auto after_line_number = [&] {
    size_t d = ns - 1;
    while (d > 0 && ascii::is_digit(t[d - 1])) --d;
    const bool line_start = d == 0 || t[d - 1] == '\n' || t[d - 1] == ' ' || t[d - 1] == '\t';
    return d < ns - 1 && ns - 1 - d <= 6 && (line_start || t[d - 1] == ':');
  };
  // A setting's key that is itself a path, alone before its = (Godot's and QSettings'
  // keystore/release_password="..."; .NET's configuration keys as `dotnet user-secrets
  // list` prints them, Datev:ClientSecret = ...), is a name like any other.
  auto settings_path = [&] {
    size_t b = ns - 1;
    while (b > 0 && (name_char(t[b - 1]) || t[b - 1] == '/' || t[b - 1] == ':')) --b;
    const bool starts = b == 0 || t[b - 1] == '\n' || t[b - 1] == ' ' || t[b - 1] == '\t';
    const size_t eq = t[ns - 1] == ':' ? skip_blanks(t, ne) : ne;
    return starts && b < ns - 1 && t[b] != '/' && t[b] != ':' && eq < t.size() && t[eq] == '=' &&
           t.substr(eq, 2) != "==";
  };
  if (ns > 0 &&
      ((t[ns - 1] == '/' && !settings_path()) || (t[ns - 1] == ':' && !after_line_number() && !settings_path())))
    return;
  // ${DB_PASSWORD:?set it in .env}: the shell's message when the variable is unset.
  if (ns >= 2 && t[ns - 2] == '$' && t[ns - 1] == '{' && (t.substr(ne, 2) == ":?" || t.substr(ne, 1) == "?")) return;
  // NAME = value, NAME: value, "name": "value", name := value, name => 'value', $x["name"] = ...
  size_t p = ne;
  if (p < t.size() && (t[p] == '"' || t[p] == '\'')) ++p;
  else if (p + 1 < t.size() && t[p] == '\\' && t[p + 1] == '"') p += 2;
  if (p < t.size() && t[p] == ']') ++p;
  // A C array's length (NWKSKEY[16] = {...}, key[KEY_LEN] = {...}).
  if (p == ne && p < t.size() && t[p] == '[') {
    size_t q = p + 1;
    while (q < t.size() && q < p + 24 && (is_alnum(t[q]) || t[q] == '_' || t[q] == ' ' || t[q] == '*')) ++q;
    if (q < t.size() && t[q] == ']') p = q + 1;
  }
  const size_t after_name = p;  // past a closing quote: a quote that ends the name opens no value
  p = skip_blanks(t, p);
  // HCL: variable "db_password" { type = string, default = "..." }
  if (after_name > ne && p < t.size() && t[p] == '{') {
    const std::string_view block = t.substr(p, std::min<size_t>(t.substr(p).find_first_of("}\n"), 400));
    for (size_t d = block.find("default"); d != std::string_view::npos; d = block.find("default", d + 7)) {
      const size_t eq = skip_blanks(t, p + d + 7);
      if (eq < t.size() && t[eq] == '=') {
        assign(t, ns, ne, skip_blanks(t, eq + 1), out);
        break;
      }
    }
    return;
  }
  // (?= is Make's "set if not set": REGISTRY_PASSWORD ?= ...)
  for (std::string_view sep : {":=", "=>", "->", "+=", "?=", "==", "=", ":"}) {
    if (t.substr(p, sep.size()) != sep) continue;
    if (sep == ":" && p + 1 < t.size() && t[p + 1] == ':') break;  // a C++ scope, not an assignment
    const size_t value_at = skip_blanks(t, p + sep.size());
    const size_t typed = sep == ":" && declared(t, ns) ? past_type(t, value_at) : std::string_view::npos;
    assign(t, ns, ne, typed != std::string_view::npos ? typed : value_at, out);
    return;
  }
  // Go's `var name Type = value`, `const name Type = value`.
  const std::string_view before = t.substr(0, ns);
  if (before.ends_with("var ") || before.ends_with("const ")) {
    if (const size_t typed = past_type(t, p); typed != std::string_view::npos) {
      assign(t, ns, ne, typed, out);
      return;
    }
  }
  // --token X, -storepass X
  if (t[ns] == '-' && (ns == 0 || t[ns - 1] == ' ' || t[ns - 1] == '\t' || t[ns - 1] == '\n' || t[ns - 1] == '"' ||
                       t[ns - 1] == '\'' || t[ns - 1] == '(')) {
    if (ne < t.size() && (t[ne] == ' ' || t[ne] == '\t')) flag(t, ns, ne, out);
    return;
  }
  // A variable's use ("$UNITY_PASSWORD" -logFile, ${DB_PASSWORD}, %API_KEY%), not given a
  // value here: what follows it is the command's next word.
  if (ns > 0 && (t[ns - 1] == '$' || t[ns - 1] == '{' || t[ns - 1] == '%')) return;
  // In prose: the word on its own ("the password is ..."), or a secret-like name
  // as the subject ("GITHUB_TOKEN is ...").
  const std::string_view word = t.substr(ns, ne - ns);
  if (ns == ks && prose(t, word, ns, ne, out)) return;
  const NameClass c = classify_name(word);
  if (c == NameClass::kNone) return;
  // A quoted name and its value one argument to a line, as in an environment getter's
  // default: os.environ.get(
  //     "DJANGO_SECRET_KEY",
  //     "<default>",
  // ) is read as on one line, where the quoted value follows the name's ", ".
  if (after_name > ne && t.substr(after_name, 1) == ",") {
    const size_t end = skip_blanks(t, after_name + 1);
    const size_t next = t.substr(end, 1) == "\n" ? end + 1 : t.substr(end, 2) == "\r\n" ? end + 2 : 0;
    if (next > 0) {
      scan_prose(t, next, c, kind_for(c), false, out);
      return;
    }
  }
  scan_prose(t, after_name, c, kind_for(c), false, out);
}

}  // namespace

namespace {

// Whether [ns, ne) stands in a quoted UI label that names a password ("Passwort
// vergessen?", 'Mot de passe'): what follows the word there is the label's text.
bool in_password_label(std::string_view t, size_t ns, size_t ne, const PasswordLabelTest& label) {
  auto label_char = [](char c) {
    return ascii::is_alpha(c) || static_cast<unsigned char>(c) >= 0x80 || c == ' ' || c == '?' || c == '!';
  };
  size_t open = ns;
  while (open > 0 && ns - open < 40 && label_char(t[open - 1])) --open;
  if (open == 0 || (t[open - 1] != '"' && t[open - 1] != '\'')) return false;
  size_t close = ne;
  while (close < t.size() && close - ne < 60 && label_char(t[close])) ++close;
  if (close >= t.size() || t[close] != t[open - 1]) return false;
  // A key ("password": "…", 'password' => '…') names a value; a label is one.
  const size_t after = skip_blanks(t, close + 1);
  if (after < t.size() && (t[after] == ':' || t.substr(after, 2) == "=>")) return false;
  return label(t.substr(open, close - open));
}

}  // namespace

void pick_keyword(const Hit& h, std::vector<Found>& out, const PasswordLabelTest& label) {
  const std::string_view t = h.text;
  const size_t ks = h.at(h.groups[0]);
  // The identifier the word is part of: DB_PASSWORD, x-api-key, --db-password,
  // cfg.db.password (through dots before the word, not after it).
  size_t ns = ks, ne = ks + h.groups[0].size();
  while (ns > 0 && name_char(t[ns - 1])) --ns;
  while (ne < t.size() && name_char(t[ne]) && t[ne] != '.') ++ne;
  // "-----BEGIN PUBLIC KEY-----": the dashes frame the word, they are not part of a name.
  while (ne > ks + h.groups[0].size() && t[ne - 1] == '-') --ne;
  if (h.resume) *h.resume = ne;  // one look per identifier, however many keywords it holds
  if (in_password_label(t, ns, ne, label)) return;
  identifier(t, ns, ne, ks, out);
}

}  // namespace memsim::redact_detail
