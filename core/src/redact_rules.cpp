// The rule table: what each kind of secret looks like and what in a match is
// secret. Provider formats come first (each from the provider's own description,
// cited in docs/redaction.md), then credentials known by their context (URLs,
// headers, command lines, assignments, prose), then tokens known only by a
// prefix and a random tail. Personal data is in redact_pii.cpp.
#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string>

#include <re2/re2.h>

#include "memsim/ascii.h"
#include "memsim/redact.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

using ascii::lowered;

// A prefixed token whose tail is random (so sk-learn-estimator is not one):
// letters and digits, or both cases changing often (Hugging Face's are letters only).
bool random_tail(std::string_view v) {
  bool digit = false, up = false, low = false;
  int changes = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    digit = digit || (c >= '0' && c <= '9');
    up = up || (c >= 'A' && c <= 'Z');
    low = low || (c >= 'a' && c <= 'z');
    if (i > 0 && (c >= 'A' && c <= 'Z') != (v[i - 1] >= 'A' && v[i - 1] <= 'Z')) ++changes;
  }
  const double h = shannon_entropy(v);
  if (digit && (up || low)) return h >= 3.0;
  return up && low && h >= 3.5 && changes * 100 >= static_cast<int>(v.size()) * 15;
}

bool not_reference(std::string_view v) { return !is_reference(v); }

bool one_of_words(std::string_view v, std::initializer_list<std::string_view> words) {
  const std::string low = lowered(v);
  return std::find(words.begin(), words.end(), low) != words.end();
}

bool assigned_credential(std::string_view v) { return credential_like(v, Context::kAssigned); }
bool assigned_password(std::string_view v) { return password_like(v, Context::kAssigned); }
// In prose with no "is" to say a value is given, a plain word is a word ("पासवर्ड policy").
bool prose_password(std::string_view v) { return !is_plain_word(v) && password_like(v, Context::kProse); }

// scheme://user:password@host: the password; scheme://TOKEN@host and
// https://TOKEN:x-oauth-basic@host: the token.
void pick_url_userinfo(const Hit& h, std::vector<Found>& out) {
  // A scheme before "://": a letter, then letters, digits, + . - (RFC 3986), at most 20.
  size_t s = h.at(h.groups[0]);
  const size_t colon = s;
  while (s > 0 && colon - s < 20 &&
         (std::isalnum(static_cast<unsigned char>(h.text[s - 1])) || h.text[s - 1] == '+' || h.text[s - 1] == '.' ||
          h.text[s - 1] == '-'))
    --s;
  if (s == colon || !std::isalpha(static_cast<unsigned char>(h.text[s]))) return;
  const std::string_view user = h.groups[1], pass = h.groups[2];
  // user:password@localhost in a template is a placeholder: a word like "password" is no password.
  if (!pass.empty() && pass != "x-oauth-basic" && !is_reference(pass) && !is_placeholder(pass) &&
      !is_common_word(pass) && !one_of_words(pass, {"pass", "passwd", "pwd", "pw"})) {
    add(out, h, pass, "password");
    return;
  }
  // A Sentry DSN's public key alone ("DSNs are safe to keep public", Sentry Docs).
  const std::string_view host = h.text.substr(h.end() - 1, 64);  // the match ends on the host's first byte
  if (pass.empty() && lowered(host.substr(0, host.find_first_of("/ \t\n\"'`"))).find("sentry") != std::string::npos)
    return;
  if (credential_like(user, Context::kAssigned) && user.size() >= 20) add(out, h, user, "url_token");
}

// Authorization: <scheme> <credentials>. After a scheme of RFC 7235's registry or
// in common use, any value that is not a reference or a word; after another
// scheme, or none, a value that looks like a credential (a UUID counts: Splunk's
// and Opsgenie's keys are UUIDs).
void pick_authorization(const Hit& h, std::vector<Found>& out) {
  std::string scheme = lowered(h.groups[1]);
  while (!scheme.empty() && (scheme.back() == ' ' || scheme.back() == '\t')) scheme.pop_back();
  const std::string_view v = h.groups[2];
  if (is_reference(v) || is_plain_word(v)) return;
  const bool registered = scheme.starts_with("aws4-hmac-sha256") ||
                          one_of(scheme, {"bearer", "basic", "token", "digest", "apikey", "api-key", "ssws", "key",
                                          "oauth", "sharedkey", "hmac", "negotiate", "ntlm"});
  if (registered || is_uuid(v) || credential_like(v, Context::kAssigned)) add(out, h, v);
}

// The path after a webhook's segment: all of it, when one of its segments (split
// at / and @) is a credential, a UUID or a long hex string; a page's slug or a
// numeric id is not (docs/webhooks/getting-started, settings/hooks/412345678).
void pick_webhook_path(const Hit& h, std::vector<Found>& out) {
  std::string_view tail = h.groups[1];
  while (!tail.empty() && std::string_view("/.,;:)").find(tail.back()) != std::string_view::npos) tail.remove_suffix(1);
  for (size_t b = 0; b < tail.size();) {
    const size_t e = std::min(tail.find_first_of("/@", b), tail.size());
    const std::string_view seg = tail.substr(b, e - b);
    if (is_uuid(seg) || (seg.size() >= 16 && is_hex(seg)) || credential_like(seg, Context::kAssigned)) {
      add(out, h, tail);
      return;
    }
    b = e + 1;
  }
}

// The second of a pair given to a client (groups[1] the callee, groups[2] the
// value). A constructor named for credentials takes an id and its secret; one
// whose name asks for them (getCredentials("prod", "us-east-1")) takes names.
void pick_credential_pair(const Hit& h, std::vector<Found>& out) {
  const std::string callee = lowered(h.groups[1]);
  const std::string_view v = h.groups[2];
  if (!callee.ends_with("credential") && !callee.ends_with("credentials")) {
    if (password_like(v, Context::kAssigned)) add(out, h, v);
    return;
  }
  for (std::string_view getter : {"get", "load", "fetch", "read", "find", "resolve", "lookup", "list"})
    if (callee.starts_with(getter)) return;
  if (chosen_password(v) && !is_slug(v)) add(out, h, v);
}

// A string given by position to a client, a connection or a login call that is a
// credential: long enough, random or chosen, and not a URL, path, word, slug,
// e-mail address, hex id or UUID (an id is often given beside its secret).
// A cloud region after a dot ends a host or an account's locator (ab12345.eu-central-1,
// bucket.s3.us-east-2): a place, not a secret.
bool ends_with_region(std::string_view v) {
  const size_t dot = v.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view r = v.substr(dot + 1);
  const size_t d1 = r.find('-'), d2 = r.rfind('-');
  return d1 == 2 && d2 > d1 + 1 && d2 + 1 < r.size() && std::all_of(r.begin(), r.begin() + 2, ascii::is_lower) &&
         std::all_of(r.begin() + d1 + 1, r.begin() + d2, ascii::is_lower) &&
         std::all_of(r.begin() + d2 + 1, r.end(), ascii::is_digit);
}

bool client_secret(std::string_view v) {
  if (v.size() < 12 || v.size() > 512 || is_hex(v) || is_uuid(v) || is_slug(v) || is_placeholder(v) ||
      ends_with_region(v))
    return false;
  if (v.find('@') != std::string_view::npos || v.find("://") != std::string_view::npos || after_scheme(v)) return false;
  return (credential_like(v, Context::kAssigned) || shaped_password(v)) && !is_plain_word(v);
}

}  // namespace

void for_each_literal(std::string_view t, size_t from, size_t end, const std::function<void(std::string_view)>& each) {
  for (size_t p = from; p < end; ++p) {
    const char q = t[p];
    if (q != '\'' && q != '"') continue;
    size_t e = p + 1;
    for (; e < end && !(t[e] == q && (e + 1 >= end || t[e + 1] != q)); ++e)
      if (t[e] == '\\' || t[e] == q) ++e;  // an escaped or doubled quote
    if (e >= end) return;
    each(t.substr(p + 1, e - p - 1));
    p = e;
  }
}

namespace {

// Every string argument of the call (to its closing parenthesis on the line,
// through nested calls: Some("..."), Secret::new("...")) that client_secret takes.
// `hex_too`: where the callee names a secret (a setter's), 32 hex digits or more are
// one too, judged as a random tail is (a random key's 32 hex often spread less than
// looks_random asks); given to a client by position they are as often an id.
// `password`: where the callee names a password (set_session_password), a chosen
// password of any length is one too.
void pick_client_literals(const Hit& h, std::vector<Found>& out, bool hex_too, bool password = false) {
  const std::string callee = lowered(h.groups[1]);
  for (std::string_view getter : {"get", "load", "fetch", "read", "find", "resolve", "lookup", "list"})
    if (callee.starts_with(getter)) return;
  const std::string_view t = h.text;
  // Through the arguments to the closing parenthesis, lines included when the call
  // opens its line's last parenthesis (Go's and Rust's one argument to a line), at
  // most 400 bytes.
  const size_t line_end = std::min(t.find('\n', h.end()), t.size());
  const bool to_next_lines = t.substr(h.end(), line_end - h.end()).find_first_of("()") == std::string_view::npos;
  const size_t limit = to_next_lines ? std::min(t.size(), h.end() + 400) : line_end;
  for (size_t p = h.end(), depth = 1; p < limit && depth > 0; ++p) {
    if (t[p] == '(') ++depth;
    if (t[p] == ')') --depth;
    if (t[p] != '"' && t[p] != '\'') continue;
    const size_t e = t.find(t[p], p + 1);
    if (e == std::string_view::npos || t.substr(p, e - p).find('\n') != std::string_view::npos) return;
    if (const std::string_view v = t.substr(p + 1, e - p - 1);
        client_secret(v) || (hex_too && v.size() >= 32 && is_hex(v) && random_tail(v)))
      add(out, h, v, "secret");
    else if (password && chosen_password(v) && !is_placeholder(v)) add(out, h, v, "password");
    p = e;
  }
}

// The string literals of an INSERT's rows to the line's end: each shaped as a chosen
// password (small letters, digits, and a symbol or a capital inside; not a slug). A
// login, a postcode, a locale, a time zone or a phone number has no such shape.
void pick_account_fields(const Hit& h, std::vector<Found>& out) {
  for_each_literal(h.text, h.end(), std::min(h.text.find('\n', h.end()), h.text.size()), [&](std::string_view v) {
    if (shaped_password(v) && !is_slug(v)) add(out, h, v);
  });
}

// A run of [A-Za-z0-9_-] of 31 bytes or more at text[at]: up to three short
// segments (ghp, sk_live, acme-io), then a random tail of 30 or more.
void prefixed_run(std::string_view text, size_t at, size_t len, std::vector<Found>& out) {
  const std::string_view run = text.substr(at, len);
  if (!std::isalpha(static_cast<unsigned char>(run[0]))) return;
  size_t cut = std::string_view::npos;
  for (size_t i = 0, segments = 0, start = 0; i < run.size() && segments < 3; ++i) {
    if (run[i] != '_' && run[i] != '-') continue;
    const size_t seg = i - start;
    if (seg == 0 || seg > 12 || (segments == 0 && seg < 2)) break;
    if (run.size() - (i + 1) >= 30) cut = i + 1;
    ++segments;
    start = i + 1;
  }
  if (cut == std::string_view::npos) return;
  const std::string prefix = lowered(run.substr(0, cut));
  const std::string_view tail = run.substr(cut);
  // Identifiers with random tails that are not credentials: Stripe's checkout
  // sessions, digests that name their algorithm, build and cache names.
  // (Stripe's other object ids and API message ids have tails under 30.)
  for (std::string_view p :
       {"cs_", "sha", "md5", "blake", "git-", "commit", "build", "tmp", "temp", "cache", "session-", "uuid"})
    if (prefix.starts_with(p)) return;
  if (is_hex(tail) || is_slug(tail) || !looks_random(tail) || labelled_as_digest(text, at)) return;
  // A member of a JWK ({"kty": ...}): base64url whose random pieces may fall between
  // "_" and "-" like a prefix. The key-material family judges JWKs (redact_keys.cpp):
  // the private members go, a public key's coordinates stay.
  // The object may span lines, as jq prints it: its brace is the last one before the
  // run with no closing brace between (within 2 KB), and it ends at its next brace, an
  // object nested after the run being another's.
  const size_t from = at > 2048 ? at - 2048 : 0;
  const size_t open = text.substr(from, at - from).rfind('{');
  if (open != std::string_view::npos) {
    const std::string_view object = text.substr(from + open, text.find_first_of("{}", at) - from - open);
    if (object.find('}') == std::string_view::npos && object.find("\"kty\"") != std::string_view::npos) return;
  }
  out.push_back({at, at + len, {}});
}

// A private key in Wallet Import Format (Bitcoin wiki "Wallet import format"): 51
// characters of base58 after 5H, 5J or 5K, or 52 after K or L, random.
bool wif_shaped(std::string_view run) {
  static constexpr std::string_view kBase58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const bool uncompressed = run.size() == 51 && run[0] == '5' && (run[1] == 'H' || run[1] == 'J' || run[1] == 'K');
  const bool compressed = run.size() == 52 && (run[0] == 'K' || run[0] == 'L');
  return (uncompressed || compressed) && run.find_first_not_of(kBase58) == std::string_view::npos && looks_random(run);
}

// The apiKey of a config whose key is public by the provider's design, after the
// name that says so: within the object that opens within 40 bytes (to its closing
// brace, lines included, at most 1,000 bytes), else on the same line. `shaped`
// says what that provider's key looks like.
void pick_public_api_key(const Hit& h, std::vector<Found>& out, bool (*shaped)(std::string_view)) {
  const std::string_view t = h.text;
  size_t from = h.end(), to = std::min(t.find('\n', h.end()), t.size());
  // The object the match opens, or the first one within 40 bytes after it.
  const size_t look = t[h.end() - 1] == '{' ? h.end() - 1 : h.end();
  if (const size_t open = t.find('{', look); open != std::string_view::npos && open <= h.end() + 40) {
    const size_t close = t.find('}', open);
    if (close == std::string_view::npos || close > open + 1000) return;
    from = open;
    to = close;
  }
  for (size_t at = t.find("apiKey", from); at < to; at = t.find("apiKey", at + 6)) {
    size_t b = at + 6;
    while (b < to && b < at + 12 && std::string_view("\"': \t=").find(t[b]) != std::string_view::npos) ++b;
    size_t e = b;
    while (e < to && (ascii::is_alnum(t[e]) || t[e] == '_' || t[e] == '-')) ++e;
    if (e > b && shaped(t.substr(b, e - b))) out.push_back({b, e, {}});
  }
}

// A Firebase web app's config (firebaseConfig = {...}, initializeApp({...})): its
// apiKey names the project and is shipped to every browser ("API keys for Firebase
// services are not secret", Firebase documentation, "Learn about using and managing
// API keys for Firebase"). A Google API key: AIza and 35 more.
bool google_api_key_shaped(std::string_view v) { return v.size() == 39 && v.starts_with("AIza"); }

// Algolia DocSearch's config: DocSearch takes the search-only key, "the public API
// key to use in your frontend code" (Algolia documentation, "API keys"): 32 hex.
bool algolia_key_shaped(std::string_view v) { return v.size() == 32 && is_hex(v); }

// The app key in the client's config object the match stands in: the quoted value of
// its `key:`, 20 hex digits as Pusher issues them, before the object closes.
void pick_client_key(const Hit& h, std::vector<Found>& out) {
  const size_t close = h.text.find('}', h.end());
  const std::string_view t = h.text.substr(
      h.end(), std::min<size_t>(300, (close == std::string_view::npos ? h.text.size() : close) - h.end()));
  for (size_t k = t.find("key:"); k != std::string_view::npos; k = t.find("key:", k + 4)) {
    if (k > 0 && t[k - 1] != ' ' && t[k - 1] != '\t' && t[k - 1] != '\n' && t[k - 1] != ',' && t[k - 1] != '{')
      continue;
    const size_t q = t.find_first_not_of(" \t", k + 4);
    if (q == std::string_view::npos || (t[q] != '\'' && t[q] != '"')) return;
    const size_t end = t.find(t[q], q + 1);
    if (end == std::string_view::npos) return;
    const std::string_view v = t.substr(q + 1, end - q - 1);
    if (v.size() == 20 && is_hex(v)) add(out, h, v);
    return;
  }
}

// Group 1, hex key material, when a cipher's word stands before it on its line and the
// literal is inside that call's parentheses, and no IV or nonce names it.
void pick_cipher_key(const Hit& h, std::vector<Found>& out) {
  const size_t at = h.at(h.groups[1]);
  const std::string_view line = line_around(h.text, at);
  const std::string before = ascii::lowered(line.substr(0, at - h.at(line)));
  size_t word = std::string::npos;
  for (std::string_view w : {"symmetrickey", "secretkeyspec", "aes", "chacha", "secretbox", "cipher"})
    word = std::min(word, find_word(before, w));
  if (word == std::string::npos) return;
  int depth = 0;
  for (size_t i = word; i < before.size(); ++i) depth += before[i] == '(' ? 1 : before[i] == ')' ? -1 : 0;
  const std::string_view near = std::string_view(before).substr(before.size() > 24 ? before.size() - 24 : 0);
  if (depth > 0 && near.find("iv") == std::string_view::npos && near.find("nonce") == std::string_view::npos)
    add(out, h, h.groups[1]);
}

// The challenge's token (group 1) and, wherever the text serves it, the key
// authorization: the token, a dot and the account key's thumbprint.
void pick_acme_key_authorization(const Hit& h, std::vector<Found>& out) {
  const std::string_view token = h.groups[1];
  add(out, h, token);
  const std::string needle = std::string(token) + ".";
  for (size_t k = h.text.find(needle); k != std::string_view::npos; k = h.text.find(needle, k + 1)) {
    size_t e = k + needle.size();
    while (e < h.text.size() && (ascii::is_alnum(h.text[e]) || h.text[e] == '_' || h.text[e] == '-')) ++e;
    out.push_back({k, e, {}});
  }
}

// A SealedSecret's encryptedData: each value is ciphertext only the controller's
// private key opens (Bitnami sealed-secrets), committed by design. The values are
// those in braces on the same line, or on the lines indented under it.
void pick_sealed_values(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  const size_t indent = h.at(h.groups[0]) - h.at(line_around(t, h.at(h.groups[0])));
  auto value_after_colon = [&](size_t from, size_t to) {
    const size_t colon = t.find(':', from);
    if (colon == std::string_view::npos || colon >= to) return;
    size_t b = colon + 1;
    while (b < to && (t[b] == ' ' || t[b] == '\t' || t[b] == '"' || t[b] == '\'')) ++b;
    size_t e = b;
    while (e < to && !std::isspace(static_cast<unsigned char>(t[e])) && t[e] != ',' && t[e] != '}' && t[e] != '"' &&
           t[e] != '\'')
      ++e;
    if (e > b) out.push_back({b, e, {}});
  };
  size_t p = h.end();
  while (p < t.size() && (t[p] == ' ' || t[p] == '\t')) ++p;
  if (p < t.size() && t[p] == '{') {  // encryptedData: {a: X, b: Y}
    const size_t close = std::min(t.find_first_of("}\n", p), t.size());
    for (size_t item = p + 1; item < close;) {
      const size_t comma = std::min(t.find(',', item), close);
      value_after_colon(item, comma);
      item = comma + 1;
    }
    return;
  }
  // The lines below, while they are indented deeper than the line that opened it.
  for (size_t line = std::min(t.find('\n', h.end()), t.size()) + 1; line < t.size();) {
    const size_t end = std::min(t.find('\n', line), t.size());
    size_t first = line;
    while (first < end && (t[first] == ' ' || t[first] == '\t')) ++first;
    if (first == end || first - line <= indent) break;
    value_after_colon(first, end);
    line = end + 1;
  }
}

// A product key of five groups of five capitals and digits (Windows', Office's, many
// vendors' licence keys), with digits and capitals both: not a word in capitals.
bool product_key_shaped(std::string_view run) {
  if (run.size() != 29) return false;
  int digits = 0;
  for (size_t i = 0; i < run.size(); ++i) {
    if (i % 6 == 5) {
      if (run[i] != '-') return false;
    } else if (ascii::is_digit(run[i])) {
      ++digits;
    } else if (!ascii::is_upper(run[i])) {
      return false;
    }
  }
  return digits >= 3 && digits <= 20;
}

// A BitLocker recovery password: eight groups of six digits, each a multiple of 11
// below 720896 (a 16-bit block times 11, Microsoft's "BitLocker recovery guide").
bool bitlocker_recovery_password(std::string_view run) {
  if (run.size() != 55) return false;
  for (size_t g = 0; g < 8; ++g) {
    if (g > 0 && run[g * 7 - 1] != '-') return false;
    int value = 0;
    for (size_t i = g * 7; i < g * 7 + 6; ++i) {
      if (!ascii::is_digit(run[i])) return false;
      value = value * 10 + (run[i] - '0');
    }
    if (value % 11 != 0 || value >= 720896) return false;
  }
  return true;
}

// A UK driving licence number (DVLA): five letters of the surname (9s pad it), the
// birth date's digits (decade, month, plus 5 for a woman, day, year), two initials,
// a digit and two check characters. It has no published check, so it needs
// "licence" or "license" before it on its line.
bool uk_driving_licence(std::string_view t, size_t at, size_t len) {
  if (len != 16) return false;
  const std::string_view v = t.substr(at, len);
  auto letter9 = [](char c) { return ascii::is_upper(c) || c == '9'; };
  for (size_t i = 0; i < 16; ++i) {
    const bool ok = i < 5 || i == 11 || i == 12 ? letter9(v[i])
                    : i == 13                   ? ascii::is_digit(v[i])
                    : i >= 14                   ? ascii::is_upper(v[i]) || ascii::is_digit(v[i])
                                                : ascii::is_digit(v[i]);
    if (!ok) return false;
  }
  if (std::string_view("0156").find(v[6]) == std::string_view::npos || v[8] > '3') return false;
  const std::string before = lowered_before(t, at, 48);
  return before.find("licence") != std::string::npos || before.find("license") != std::string::npos;
}

// A NATS nkey seed (nats-io/nkeys): S, the key's type (User, Account, Operator,
// server (N), Cluster, curve (X)), then base32 to 58 characters. Its public keys
// start U, A, O, N, C or X.
bool nats_seed_shaped(std::string_view run) {
  return run.size() == 58 && run[0] == 'S' && std::string_view("UAONCX").find(run[1]) != std::string_view::npos &&
         run.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") == std::string_view::npos;
}

// Every run of letters, digits, _ and - read once: wallet keys, NATS seeds, product keys,
// BitLocker recovery passwords and licence numbers by their shapes, and any other prefix_ with a long random tail,
// how most providers shape their keys (gsk_, xai-, tvly-, pcsk_, r8_, HRKU-, ...).
void scan_long_tokens(std::string_view t, std::vector<Found>& out) {
  static constexpr auto kTokenByte = [] {
    std::array<bool, 256> b{};
    for (int c = 0; c < 256; ++c)
      b[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    return b;
  }();
  const auto* p = reinterpret_cast<const unsigned char*>(t.data());
  for (size_t i = 0; i < t.size();) {
    if (!kTokenByte[p[i]]) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < t.size() && kTokenByte[p[i]]) ++i;
    const std::string_view run = t.substr(start, i - start);
    if (wif_shaped(run)) out.push_back({start, i, "crypto_private_key"});
    else if (nats_seed_shaped(run)) out.push_back({start, i, "nats_seed"});
    else if (product_key_shaped(run)) out.push_back({start, i, "product_key"});
    else if (bitlocker_recovery_password(run)) out.push_back({start, i, "recovery_code"});
    else if (uk_driving_licence(t, start, run.size())) out.push_back({start, i, "uk_driving_licence"});
    else if (run.size() >= 31) prefixed_run(t, start, run.size(), out);
  }
}

struct Token {
  const char* kind;
  const char* pattern;       // group 1 is the token
  bool random;               // require a random tail (a word with the prefix is not a token)
  const char* trigger = "";  // for the set, where the pattern has no literal to start from
};

// Provider tokens by their published shapes (docs/redaction.md cites each).
constexpr Token kTokens[] = {
    {"aws_access_key", R"(\b((?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA|APKA)[A-Z0-9]{16})\b)",
     false},
    {"github_token", R"(\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}))", false},
    {"github_token", R"(\b(github_pat_[A-Za-z0-9_]{50,}))", false},
    {"gitlab_token", R"(\b(gl(?:pat|ptt|dt|rt|rtr|cbt|imt|ft|oas|soat|agent|ffct|wt|ct)-[A-Za-z0-9_.-]{20,}))", false},
    {"gitlab_token", R"(\b(GR1348941[A-Za-z0-9_-]{20,}))", false},
    {"slack_token", R"(\b(xox[abposrce]-[A-Za-z0-9-]{10,}))", true},
    {"slack_token", R"(\b(xoxe\.xox[bp]-\d-[A-Za-z0-9-]{20,}))", false},
    {"slack_token", R"(\b(xapp-\d-[A-Za-z0-9-]{10,}))", true},
    {"slack_webhook", R"((https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}))", false},
    {"discord_webhook", R"((https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}))",
     false},
    // (pk_live_ and pk_test_ are publishable keys, public by design: Stripe Docs "API keys".)
    {"stripe_key", R"(\b((?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}))", false},
    {"stripe_key", R"(\b(whsec_[A-Za-z0-9]{20,}))", false},
    {"google_api_key", R"(\b(AIza[0-9A-Za-z_-]{35}))", false},
    {"google_oauth", R"(\b(GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[0-9A-Za-z_-]{20,}|1//0[0-9A-Za-z_-]{30,}))", false},
    {"anthropic_key", R"(\b(sk-ant-[A-Za-z0-9_-]{20,}))", false},
    {"openai_key", R"(\b(sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}))", true},
    {"openai_key", R"(\b(sk-[A-Za-z0-9_-]{20,}))", true},
    {"perplexity_key", R"(\b(pplx-[A-Za-z0-9]{32,}))", true},
    {"groq_key", R"(\b(gsk_[A-Za-z0-9]{40,}))", true},
    {"xai_key", R"(\b(xai-[A-Za-z0-9]{40,}))", true},
    {"replicate_token", R"(\b(r8_[A-Za-z0-9]{30,}))", true},
    {"huggingface_token", R"(\b(hf_[A-Za-z0-9]{30,}))", true},
    {"huggingface_token", R"(\b(api_org_[A-Za-z0-9]{30,}))", true},
    {"npm_token", R"(\b(npm_[A-Za-z0-9]{36,}))", false},
    {"pypi_token", R"(\b(pypi-[A-Za-z0-9_-]{40,}))", false},
    {"rubygems_token", R"(\b(rubygems_[a-f0-9]{40,}))", false},
    {"nuget_key", R"(\b(oy2[a-z0-9]{43}))", true},
    {"docker_token", R"(\b(dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}))", false},
    // An API key's SID (SK); an account SID (AC) names an account ("Your Account SID acts
    // as a username", Twilio Docs) and is left alone, but not the auth token beside it.
    {"twilio_key", R"(\b(SK[0-9a-f]{32})\b)", false, R"(SK[0-9a-f]{32})"},
    // The auth token given beside its account SID: Client("AC...", "<token>"), twilio("AC...", "<token>").
    {"twilio_key", R"(\bAC[0-9a-f]{32}["']?[ \t]*,[ \t]*["']([0-9a-f]{32})["'])", false,
     R"(AC[0-9a-f]{32}["']?[ \t]*,)"},
    // PagerDuty's Events API v2 integration key, 32 characters under routing_key (a message
    // broker's routing_key is a name, never 32 hex).
    {"pagerduty_key", R"(\brouting_key\\?["']?[ \t]*[:=][ \t]*\\?["']?([0-9a-f]{32})\b)", false, R"(routing_key)"},
    // Agora's app certificate, the 32-hex secret its tokens are signed with (not a certificate).
    {"agora_certificate", R"((?i)\bapp_?certificate\\?["']?[ \t]*[:=][ \t]*\\?["']?([0-9a-f]{32})\b)", false,
     R"((?i)app_?certificate)"},
    // Przelewy24's CRC key, 16 hex that sign every payment (P24 REST, "CRC key"): under
    // P24_CRC, or under a name with "crc" on a line that names Przelewy24 (a CRC
    // elsewhere is a checksum).
    {"przelewy24_key",
     R"re((?i)(?:\bp24_?crc\w*|\b(?:p24|przelewy24)\b[^\n]*?\bcrc\w*)\\?["']?[ \t]*(?:=>|[:=])[ \t]*\\?["']?)re"
     R"re(([0-9a-f]{16})\b)re",
     false, R"((?i)p24|przelewy24)"},
    // SF Express's API secret, its "checkword" (顺丰 open platform), beside the partner id.
    {"sf_express_checkword", R"re((?i)\bcheck_?word\\?["']?[ \t]*[:=][ \t]*\\?["']?([A-Za-z0-9]{16,64})\b)re", true,
     R"((?i)check_?word)"},
    // Roblox's .ROBLOSECURITY session cookie, which opens with its own warning (the
    // warning is the same in every cookie; the hex after it is the secret).
    {"roblox_cookie", R"(_\|WARNING:-DO-NOT-SHARE-THIS\.[^|\n]*\|_([0-9A-F]{64,}))", false,
     R"(_\|WARNING:-DO-NOT-SHARE-THIS)"},
    {"sendgrid_key", R"(\b(SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}))", false},
    {"mailgun_key", R"(\b(key-[0-9a-zA-Z]{32}))", true},
    // Mailgun's private API keys since 2023: 32 hex, then two groups of 8.
    {"mailgun_key", R"(\b([0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}))", false, R"([0-9a-f]{32}-[0-9a-f]{8}-)"},
    {"mailchimp_key", R"(\b([0-9a-f]{32}-us\d{1,2})\b)", false},
    {"digitalocean_token", R"(\b(do[opr]_v1_[a-f0-9]{64}))", false},
    {"shopify_token", R"(\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}))", false},
    {"square_token", R"(\b(sq0(?:atp|csp)-[0-9A-Za-z_-]{22,}|EAAA[A-Za-z0-9_-]{60,}))", false},
    {"databricks_token", R"(\b(dapi[a-f0-9]{32}(?:-\d)?))", false},
    {"vault_token", R"(\b(hv[sbr]\.[A-Za-z0-9_-]{24,}))", false},
    {"postman_key", R"(\b(PMAK-[a-f0-9]{24}-[a-f0-9]{34}))", false},
    // New Relic's license key: 40 characters, the last four NRAL ("License keys").
    {"newrelic_key", R"(\b([A-Za-z0-9]{36}NRAL)\b)", false, "NRAL"},
    // Porkbun's secret API key (sk1_ and 64 hex; its pk1_ key is the other half).
    {"porkbun_key", R"(\b(sk1_[0-9a-f]{64})\b)", false},
    // A blockchain node provider's endpoint carries the project's key in its path:
    // after the API's version (Alchemy /v2/, Infura /v3/), after the host (QuickNode)
    // or after the chain's name (Ankr).
    {"node_provider_key", R"(\.(?:alchemy\.com/v2|infura\.io/(?:ws/)?v3)/([A-Za-z0-9_-]{20,}))", true},
    {"node_provider_key", R"(\.quiknode\.pro/([0-9a-f]{32,}))", false},
    {"node_provider_key", R"(\brpc\.ankr\.com/[a-z0-9_]+/([0-9a-f]{32,}))", false},
    {"render_key", R"(\b(rnd_[A-Za-z0-9]{20,}))", true},
    {"grafana_token", R"(\b(gl(?:c|sa)_[A-Za-z0-9_=+/-]{30,}))", false},
    {"newrelic_key", R"(\b(NR(?:AK|AA|II|JS)-[A-Z0-9]{20,}))", false},
    {"sentry_token", R"(\b(sntr[ysu]_[A-Za-z0-9_=+/-]{30,}))", false},
    {"linear_key", R"(\b(lin_(?:api|oauth)_[A-Za-z0-9]{30,}))", false},
    {"atlassian_token", R"(\b(ATATT3[A-Za-z0-9_=-]{30,}))", false},
    {"bitbucket_token", R"(\b(ATBB[A-Za-z0-9_=-]{28,}))", true},
    {"planetscale_token", R"(\b(pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{30,}))", false},
    {"doppler_token", R"(\b(dp\.(?:pt|st|ct|scim|audit|sa)\.[A-Za-z0-9]{30,}))", false},
    {"telegram_token", R"((?:^|[^0-9A-Za-z]|bot)(\d{6,12}:[A-Za-z0-9_-]{35})\b)", true, R"(\d:[A-Za-z0-9_-]{35})"},
    {"discord_token", R"(\b([MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}))", true,
     R"(\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27})"},
    {"alibaba_key", R"(\b(LTAI[A-Za-z0-9]{12,24})\b)", true},
    {"tencent_secret_id", R"(\b(AKID[A-Za-z0-9]{32})\b)", true},
    {"azure_client_secret", R"((?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}))", false,
     R"(\dQ~)"},
    {"firebase_key", R"(\b(AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}))", false},
    {"age_secret_key", R"(\b(AGE-SECRET-KEY-1[0-9A-Z]{50,}))", false},
    // An eSIM's activation code (GSMA SGP.22, "LPA:1$<SM-DP+ address>$<matching id>"):
    // the matching id downloads the profile once.
    {"esim_activation_code", R"(\bLPA:1\$[A-Za-z0-9.-]+\$([A-Za-z0-9-]{8,}))", false, R"(LPA:1\$)"},
    // Wallet keys: BIP-32's extended private keys (xprv, tprv, yprv, zprv + 107 of
    // base58) and NIP-19's nsec1 (bech32, 58); WIF has no prefix and is found by the
    // long-token scan (wif_shaped). The public forms (xpub, npub) are left.
    {"crypto_private_key", R"(\b([xtyzuv]prv[1-9A-HJ-NP-Za-km-z]{107,108}|nsec1[02-9ac-hj-np-z]{58})\b)", true,
     R"([xtyzuv]prv[1-9A-HJ-NP-Za-km-z]|nsec1[02-9ac-hj-np-z])"},
    {"heroku_key", R"(\b(HRKU-[A-Za-z0-9_-]{30,}))", false},
    {"supabase_token", R"(\b(sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,}))", false},
    {"notion_token", R"(\b(ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}))", true},
    {"airtable_token", R"(\b(pat[A-Za-z0-9]{14}\.[a-f0-9]{64}))", false},
    {"figma_token", R"(\b(figd_[A-Za-z0-9_-]{40,}))", false},
    {"pulumi_token", R"(\b(pul-[a-f0-9]{40}))", false},
    {"terraform_token", R"(\b([A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}))", false, R"(\.atlasv1\.)"},
    {"buildkite_token", R"(\b(bkua_[a-f0-9]{40}))", false},
    {"contentful_token", R"(\b(CFPAT-[A-Za-z0-9_-]{43}))", false},
    {"dynatrace_token", R"(\b(dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}))", false},
    {"mapbox_token", R"(\b((?:sk|tk)\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}))", false},
    {"facebook_token", R"(\b(EAA[A-Za-z0-9]{90,}))", true},
    {"twitter_bearer", R"(\b(AAAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{30,}))", false},
    {"onepassword_token", R"(\b(ops_eyJ[A-Za-z0-9_-]{50,}))", false},
    {"sonarqube_token", R"(\b(sq[apu]_[a-f0-9]{40}))", false},
    {"prefect_key", R"(\b(pnu_[A-Za-z0-9]{36}))", true},
    {"jfrog_token", R"(\b(AKCp[A-Za-z0-9]{60,}|cmVmdGtu[A-Za-z0-9]{50,}))", true},
    {"shippo_token", R"(\b(shippo_(?:live|test)_[a-f0-9]{40}))", false},
    {"flutterwave_key", R"(\b(FLWSECK(?:_TEST)?-[a-f0-9]{32}-X))", false},
    // Mercado Pago's access token: APP_USR- (TEST- in its sandbox), the application's
    // 16 digits, a date's 6, 32 hex and the user's id ("Credenciales").
    {"mercadopago_token", R"(\b((?:APP_USR|TEST)-\d{16}-\d{6}-[0-9a-f]{32}-\d{6,12})\b)", false,
     R"((?:APP_USR|TEST)-\d{16}-)"},
    {"langsmith_key", R"(\b(lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}))", false},
    {"cloudflare_ca_key", R"(\b(v1\.0-[a-f0-9]{24}-[a-f0-9]{146}))", false},
    {"braintree_token", R"(\b(access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}))", false},
    // Password hashes: crackable offline, so as secret as the password (crypt(3)'s
    // modular format, bcrypt, the PHC string format of argon2 and scrypt, Django's pbkdf2).
    {"password_hash", R"((\$2[abxy]?\$[0-9]{2}\$[./A-Za-z0-9]{53}))", false, R"(\$2[abxy]?\$[0-9]{2}\$)"},
    {"password_hash",
     R"((\$(?:argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha(?:1|256|512))?|balloon)\$[A-Za-z0-9=,.+/$-]*\$[A-Za-z0-9+/.]{16,}))",
     false, R"(\$(?:argon2|scrypt\$|pbkdf2))"},
    {"password_hash", R"((\$(?:1|5|6|apr1|md5|sha1)\$(?:rounds=[0-9]+\$)?[./A-Za-z0-9]{1,64}\$[./A-Za-z0-9]{22,86}))",
     false, R"(\$(?:1|5|6|apr1|md5|sha1)\$)"},
    {"password_hash", R"((\$(?:y|gy|7)\$[./A-Za-z0-9]+\$[./A-Za-z0-9]+\$[./A-Za-z0-9]{43}))", false,
     R"(\$(?:y|gy|7)\$)"},
    // ... and as Docker Compose files write them, each $ doubled.
    {"password_hash", R"((\$\$2[abxy]?\$\$[0-9]{2}\$\$[./A-Za-z0-9]{53}))", false, R"(\$\$2[abxy]?\$\$)"},
    {"password_hash", R"((\$\$apr1\$\$[./A-Za-z0-9]{1,8}\$\$[./A-Za-z0-9]{22}))", false, R"(\$\$apr1\$\$)"},
    // An Ethereum private key in a Hardhat or Foundry network's accounts list (an
    // address is 40 hex, a transaction hash 64 but never under accounts).
    {"crypto_private_key", R"(\baccounts["']?[ \t]*[:=][ \t]*\[[ \t]*["'](0x[0-9a-fA-F]{64})["'])", false,
     R"(accounts["']?[ \t]*[:=][ \t]*\[)"},
    {"password_hash", R"(\b(pbkdf2_sha(?:1|256|512)\$[0-9]{4,7}\$[A-Za-z0-9./+]{4,}\$[A-Za-z0-9./+=]{20,}))", false},
};

// A cookie header's name=value pairs in text [p, end): the values of session-like names.
void pick_cookie_pairs(const Hit& h, size_t p, size_t end, std::vector<Found>& out) {
  while (p < end) {
    const size_t eq = h.text.find('=', p);
    if (eq == std::string_view::npos || eq >= end) break;
    // A value ends at white space, a comma, a backquote or a backslash too
    // (RFC 6265's cookie-octets exclude them): there the header has ended.
    size_t stop = h.text.find_first_of("; \t,`\\", eq);
    if (stop == std::string_view::npos || stop > end) stop = end;
    if (stop < end && h.text[stop] != ';') end = stop;
    const std::string name = lowered(h.text.substr(p, eq - p));
    if (name.find_first_of(" \t") != std::string::npos) break;  // not a cookie's name: "-b main"
    const std::string_view v = h.text.substr(eq + 1, stop - eq - 1);
    bool session = false;
    for (std::string_view w :
         {"sess", "sid", "auth", "token", "jwt", "login", "logged_in", "remember", "secret", "key", "csrf", "xsrf"})
      session = session || name.find(w) != std::string::npos;
    if (session && credential_like(v, Context::kAssigned)) add(out, h, v);
    p = stop + 1;
    while (p < end && h.text[p] == ' ') ++p;
  }
}

// The fields of a table's row, split at `sep`; in a CSV (sep ',') a comma between
// double quotes is part of its field.
std::vector<std::string_view> fields_of(std::string_view row, char sep) {
  std::vector<std::string_view> fields;
  bool quoted = false;
  size_t from = 0;
  for (size_t i = 0; i <= row.size(); ++i) {
    if (sep == ',' && i < row.size() && row[i] == '"') quoted = !quoted;
    if (i == row.size() || (row[i] == sep && !quoted)) {
      fields.push_back(row.substr(from, i - from));
      from = i + 1;
    }
  }
  return fields;
}

// What a table's column name says of its fields: what any name says, and a SIM
// card's keys (3GPP TS 35.206's Ki and OPc, as an operator's batch file names them).
NameClass column_class(std::string_view name) {
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t' || name.front() == '"')) name.remove_prefix(1);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t' || name.back() == '"')) name.remove_suffix(1);
  if (one_of(lowered(name), {"ki", "opc"})) return NameClass::kSecret;
  return classify_name(name);
}

// Whether a column's name, as its letters in small case, names a birth date (dob,
// date_of_birth, spbpers_birth_date, Geburtsdatum, fecha_nacimiento).
bool names_birth_date(std::string_view letters) {
  return one_of(letters, {"dob", "birthday", "geburtsdatum", "fechanacimiento", "fechadenacimiento", "datanascimento",
                          "datadenascimento", "datenaissance", "datedenaissance", "geboortedatum", "födelsedatum"}) ||
         letters.ends_with("dateofbirth") || letters.ends_with("birthdate");
}

// The rows of a table from text[from] on, under its column names (a CSV export's
// header, a SQL dump's COPY column list): each field in a column named as a secret,
// when it fits the name. The table ends at a row of another width, which is what
// prose after a header-like line is (and COPY's end mark); a field with a space is a
// sentence unless the CSV quotes it.
void pick_secret_columns(const Hit& h, const std::vector<std::string_view>& names, size_t from, char sep,
                         std::vector<Found>& out) {
  std::vector<NameClass> classes;
  std::vector<bool> passport;   // a column of passport numbers (passport_no, "Passport number")
  std::vector<bool> bare;       // a column named by the word alone: "Token", "Key", "Password"
  std::vector<bool> id;         // a column a personal id's label names ("nric", "個人番号")
  std::vector<bool> diagnosis;  // a column of diagnoses, in a table about patients
  std::vector<bool> birth;      // a column of birth dates
  bool patients = false;
  for (std::string_view name : names) {
    classes.push_back(column_class(name));
    std::string letters;
    for (char c : name)
      if (ascii::is_alnum(c)) letters += ascii::to_lower(c);
    passport.push_back(one_of(letters, {"passport", "passportno", "passportnr", "passportnum", "passportnumber"}));
    bare.push_back(one_of(letters, {"token", "key", "secret", "password", "pass", "passwd", "pwd"}));
    id.push_back(names_an_id_column(ascii::trim(name)));
    diagnosis.push_back(letters.starts_with("diagnosis") || letters.starts_with("diagnoses") ||
                        letters.ends_with("diagnosis") || one_of(letters, {"diagnose", "diagnostico", "icd10"}));
    birth.push_back(names_birth_date(letters));
    for (std::string_view p : {"patient", "mrn", "insured"})
      patients = patients || letters.find(p) != std::string::npos;
  }
  if (!patients) diagnosis.assign(diagnosis.size(), false);
  auto any = [](const std::vector<bool>& v) { return std::find(v.begin(), v.end(), true) != v.end(); };
  if (std::all_of(classes.begin(), classes.end(), [](NameClass c) { return c == NameClass::kNone; }) &&
      !any(passport) && !any(id) && !any(diagnosis) && !any(birth))
    return;
  const std::string_view t = h.text;
  for (size_t line = from; line < t.size();) {
    const size_t end = std::min(t.find('\n', line), t.size());
    std::string_view row = t.substr(line, end - line);
    while (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    const std::vector<std::string_view> fields = fields_of(row, sep);
    if (fields.size() != names.size()) break;  // the table has ended
    for (size_t c = 0; c < fields.size(); ++c) {
      std::string_view v = ascii::trim(fields[c]);  // a printed table pads its cells
      const bool quoted = v.size() >= 2 && v.front() == '"' && v.back() == '"';
      if (quoted) v = v.substr(1, v.size() - 2);
      // A printed table in a document names its columns with bare words (a design
      // token's name, a key to press, a flag's effect): there only a credential's or a
      // chosen password's shape counts, and a slug is a name.
      const bool weak =
          sep == '|' && bare[c] && (is_slug(v) || (!credential_like(v, Context::kProse) && !shaped_password(v)));
      if (classes[c] != NameClass::kNone && v.size() >= 4 && (quoted || v.find(' ') == std::string_view::npos) &&
          !weak && value_fits(classes[c], v, t, h.at(v), Context::kAssigned))
        add(out, h, v, kind_for(classes[c]));
      else if (passport[c] && passport_number_shaped(v)) add(out, h, v, "passport_number");
      else if (const std::string_view scheme = id[c] ? id_in_column(names[c], v) : ""; !scheme.empty())
        add(out, h, v, scheme);
      else if (birth[c] && date_like(v)) add(out, h, v, "date_of_birth");
      else if (diagnosis[c] && std::any_of(v.begin(), v.end(), ascii::is_alpha) &&
               !one_of(ascii::lowered(v), {"null", "none", "n/a", "unknown", "pending"}))
        add(out, h, v, "health_data");
    }
    line = end + 1;
  }
}

// A CSV header's bytes: letters, spaces, underscores, quotes and commas.
bool csv_header_bytes(std::string_view line) {
  static constexpr auto kHeaderByte = [] {
    std::array<bool, 256> b{};
    for (int c = 0; c < 256; ++c)
      b[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ' ' || c == '\t' || c == '"' ||
             c == ',' || c == '\r';
    return b;
  }();
  return std::all_of(line.begin(), line.end(), [](char c) { return kHeaderByte[static_cast<unsigned char>(c)]; }) &&
         line.find(',') != std::string_view::npos;
}

// A CSV header, in any language, with a column of a person's id or diagnosis: short
// names without a digit, one of them a label of a personal id or "diagnosis". Each
// field is short, so that a line of prose fails on its first long clause.
bool person_csv_header(std::string_view line) {
  if (line.size() > 400 || line.find(',') == std::string_view::npos ||
      std::any_of(line.begin(), line.end(), ascii::is_digit))
    return false;
  const std::vector<std::string_view> names = fields_of(line, ',');
  if (std::any_of(names.begin(), names.end(), [](std::string_view n) { return n.size() > 32; })) return false;
  return std::any_of(names.begin(), names.end(), [](std::string_view n) {
    n = ascii::trim(n);
    std::string letters;
    for (char c : n)
      if (ascii::is_alnum(c)) letters += ascii::to_lower(c);
    return names_an_id_column(n) || letters.find("diagnos") != std::string::npos || names_birth_date(letters);
  });
}

// A rule line under a printed table's column names: Markdown's and csvlook's
// "| --- | --- |", psql's "----+----", mysql's "+----+----+".
bool table_rule_line(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || std::string_view("-+|").find(line[first]) == std::string_view::npos)
    return false;
  return line.find_first_not_of("-+|: \t\r") == std::string_view::npos &&
         std::count(line.begin(), line.end(), '-') >= 3 && line.find_first_of("|+") != std::string_view::npos;
}

// The tables in t with a column named as a secret, and their secret fields: a CSV
// export under its header (`csv_header`, a whole line without its break, group 1
// the columns), and a table printed with its column names (Markdown, csvlook, psql,
// mysql), which are the line right above a rule line. Each line is judged by its
// bytes before any expression runs: a transcript's lines fail at their first "{".
// (One pass of the header's expression over 10 MB of text cost 15 ms.)
void scan_tables(const RE2& csv_header, std::string_view t, std::vector<Found>& out) {
  size_t above = std::string_view::npos;  // where the line above starts
  for (size_t b = 0; b < t.size();) {
    const size_t e = std::min(t.find('\n', b), t.size());
    const std::string_view line = t.substr(b, e - b);
    re2::StringPiece columns;
    if (e < t.size() && csv_header_bytes(line) &&  // a header has a row after it
        RE2::FullMatch(re2::StringPiece(line.data(), line.size()), csv_header, &columns)) {
      const Hit h{t, {t.substr(b, e + 1 - b), std::string_view(columns.data(), columns.size())}};
      pick_secret_columns(h, fields_of(h.groups[1], ','), h.end(), ',', out);
    } else if (e < t.size() && person_csv_header(line)) {
      const Hit h{t, {t.substr(b, e + 1 - b)}};
      pick_secret_columns(h, fields_of(line, ','), h.end(), ',', out);
    } else if (above != std::string_view::npos && table_rule_line(line)) {
      const std::string_view names = ascii::trim(t.substr(above, b - 1 - above));
      if (names.find('|') != std::string_view::npos) {
        const Hit h{t, {t.substr(above, e - above)}};
        pick_secret_columns(h, fields_of(names, '|'), std::min(e + 1, t.size()), '|', out);
      }
    }
    above = b;
    b = e + 1;
  }
}

// The codes under a heading (groups[1], one to a line): each line's code that holds
// a digit and is 6 bytes or more.
void pick_codes_one_to_a_line(const Hit& h, std::vector<Found>& out) {
  const std::string_view body = h.groups[1];
  for (size_t p = 0; p < body.size();) {
    const size_t e = std::min(body.find('\n', p), body.size());
    size_t b = p;
    while (b < e && (body[b] == ' ' || body[b] == '\t')) ++b;
    size_t q = e;
    while (q > b && (body[q - 1] == ' ' || body[q - 1] == '\t' || body[q - 1] == '\r')) --q;
    const std::string_view code = body.substr(b, q - b);
    if (code.size() >= 6 && std::any_of(code.begin(), code.end(), ascii::is_digit)) add(out, h, code);
    p = e + 1;
  }
}

}  // namespace

std::vector<RuleSpec> block_rules() {
  std::vector<RuleSpec> r;
  // Key material in any armour (redact_keys.cpp).
  for (RuleSpec& spec : key_block_rules()) r.push_back(std::move(spec));
  // Kubernetes env entries: "- name: DB_PASSWORD" and on the next line "value: ...".
  r.push_back({"secret",
               R"((?i)\bname:[ \t]*["']?([A-Za-z0-9_.-]+)["']?[ \t]*\r?\n[ \t]*(?:-[ \t]*)?value:[ \t]*)",
               pick_name_then_value,
               false,
               {},
               "alue:"});
  // The same pair in JSON: {"key"|"name"|"type": "client_secret", "value": "..."}, on
  // one line or two (Keycloak's, Azure's and many APIs' key/value lists).
  r.push_back(
      {"secret",
       R"re((?i)"(?:key|name|type)"[ \t]*:[ \t]*"([A-Za-z0-9_.-]+)"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"value"[ \t]*:[ \t]*)re",
       pick_name_then_value,
       false,
       {},
       "\"value\""});
  // Recovery or backup codes one to a line under their heading ("... recovery codes
  // for the bot:", "... my backup codes. Which are still valid?" and then the codes):
  // each line of one code that holds a digit (Google's and Duo's are two groups of four
  // digits). One rule per heading word, so that each runs only where its word is.
  const std::string codes = R"([ -]codes?\b[^\n]{0,80}[:?.][ \t]*\r?\n)"
                            R"(((?:[ \t]*(?:[A-Za-z0-9]{3,12}(?:-[A-Za-z0-9]{3,12})?|\d{4} \d{4})[ \t]*(?:\r?\n|$))+))";
  // The expression ignores case; a literal, found by memchr, cannot: one rule per
  // case a heading is written in (both run only where both cases are).
  for (const auto& [word, literal] : {std::pair<std::string, std::string>{"recovery", "ecovery"},
                                      {"recovery", "ECOVERY"},
                                      {"backup", "ackup"},
                                      {"backup", "ACKUP"},
                                      {"(?:2fa|mfa)", "FA code"},
                                      {"(?:2fa|mfa)", "FA Code"},
                                      {"(?:2fa|mfa)", "FA CODE"}})
    r.push_back({"recovery_code", "(?i)\\b" + word + codes, pick_codes_one_to_a_line, false, {}, literal});
  // A table's secret columns (scan_tables): under a CSV export's header
  // (name,url,username,password,...; iccid,imsi,ki,opc), which is two columns or
  // more, each one to three words (quoted or not), and one of them a secret's name;
  // or under the names a printed table shows above its rule line.
  const std::string column = "[ \\t]*\"?[A-Za-z_]+(?: [A-Za-z_]+){0,2}\"?[ \\t]*";
  const std::string secret =
      "[ \\t]*\"?(?:[A-Za-z_]+ ){0,2}(?:[A-Za-z_]*(?:password|passwd|pwd|secret|token|key)|ki|opc)\"?[ \\t]*";
  const auto header = std::make_shared<const RE2>("(?i)[ \\t]*((?:" + column + ",)+" + secret + "(?:," + column +
                                                  ")*|" + secret + "(?:," + column + ")+)\\r?");
  RuleSpec tables{"secret", {}, {}};
  tables.scan = [header](std::string_view t, std::vector<Found>& out) { scan_tables(*header, t, out); };
  r.push_back(std::move(tables));
  // A SQL dump's COPY block (pg_dump): the column list, then rows of tab-separated
  // fields to the line "\\.".
  r.push_back({"secret",
               R"((?i)\bCOPY[ \t]+[^\s(]+[ \t]*\(([^)\n]+)\)[ \t]+FROM[ \t]+stdin\b[^\n]*\n)",
               [](const Hit& h, std::vector<Found>& out) {
                 pick_secret_columns(h, fields_of(h.groups[1], ','), h.end(), '\t', out);
               },
               false,
               {},
               "FROM stdin"});
  // A HAR's header as a name/value pair: {"name": "Cookie", "value": "a=b; sessionid=..."},
  // on one line or two.
  r.push_back({"cookie",
               R"re((?i)"name"[ \t]*:[ \t]*"cookie"[ \t]*,[ \t]*\r?\n?[ \t]*"value"[ \t]*:[ \t]*")re",
               [](const Hit& h, std::vector<Found>& out) {
                 const size_t end = std::min({h.text.find('"', h.end()), h.text.find('\n', h.end()), h.text.size()});
                 pick_cookie_pairs(h, h.end(), end, out);
               },
               false,
               {},
               "ookie"});
  return r;
}

namespace {

// Whether a matched <key>X</key> is a property list's: the element after it is one of
// the plist's value types, and X is the name of that value, not a value.
bool plist_key(const Hit& h) {
  if (h.groups[1] != "key") return false;
  const size_t next = h.text.find_first_not_of(" \t\r\n", h.end());
  if (next == std::string_view::npos || h.text[next] != '<') return false;
  const std::string_view rest = h.text.substr(next + 1);
  for (std::string_view type : {"string", "integer", "real", "true", "false", "dict", "array", "data", "date"})
    if (rest.starts_with(type) && rest.size() > type.size() && (rest[type.size()] == '>' || rest[type.size()] == '/'))
      return true;
  return false;
}

// The passwords of Orthanc's RegisteredUsers (the key in its file, or a jq query that
// prints it): the string values of the first object within the next three lines, to
// its closing brace.
void pick_registered_users(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  size_t open = h.end();
  for (int lines = 0; open < t.size() && t[open] != '{'; ++open)
    if (t[open] == '\n' && ++lines > 3) return;
  const size_t close = std::min(t.find('}', open), std::min(t.size(), open + 4096));
  // Quoted strings in turn: a user's name, then after its colon the password.
  bool after_colon = false;
  for (size_t p = open; p < close; ++p) {
    if (t[p] == ':') after_colon = true;
    if (t[p] == ',' || t[p] == '\n') after_colon = false;
    if (t[p] != '"') continue;
    const size_t e = t.find('"', p + 1);
    if (e == std::string_view::npos || e >= close) return;
    if (const std::string_view v = t.substr(p + 1, e - p - 1);
        after_colon && v.find('\n') == std::string_view::npos && password_like(v, Context::kAssigned))
      out.push_back({p + 1, e, "password"});
    p = e;
  }
}

// The <string> after a property list's <key> (the next element, whatever blank lines
// stand between), judged by the key's name.
void pick_plist_value(const Hit& h, std::vector<Found>& out) {
  constexpr std::string_view kOpen = "<string>";
  const size_t open = h.text.find_first_not_of(" \t\r\n", h.end());
  if (open == std::string_view::npos || h.text.substr(open, kOpen.size()) != kOpen) return;
  const size_t begin = open + kOpen.size(), end = h.text.find_first_of("<\n", begin);
  if (end == std::string_view::npos || h.text[end] != '<') return;
  const NameClass c = classify_name(h.groups[1]);
  if (c != NameClass::kNone && value_fits(c, h.text.substr(begin, end - begin), h.text, begin, Context::kAssigned))
    out.push_back({begin, end, kind_for(c)});
}

// A .pgpass line's password (group 1), unless the line is a fingerprint's hex pairs
// (BC:44:D0:87:AB:52:…: an X.509 key identifier as openssl prints it).
void pgpass_password(const Hit& h, std::vector<Found>& out) {
  const std::string_view line = ascii::trim(h.groups[0]);
  const bool pairs =
      line.size() >= 14 &&
      std::all_of(line.begin(), line.end(),
                  [&](char c) {
                    return ascii::is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f') || c == ':';
                  }) &&
      line[2] == ':';
  if (!pairs && assigned_password(h.groups[1])) add(out, h, h.groups[1]);
}

}  // namespace

std::vector<RuleSpec> line_rules() {
  std::vector<RuleSpec> r;
  // Values public by where they stand (RuleSpec::exempts): a Firebase web app's
  // config and a sealed secret's encryptedData. Keys of the same shape elsewhere
  // (a Gemini key is an AIza key too) are still judged by the rules below.
  auto exempt = [&r](RuleSpec spec) {
    spec.exempts = true;
    r.push_back(std::move(spec));
  };
  exempt({"public", R"(\bfirebaseConfig\b|\binitializeApp\()",
          [](const Hit& h, std::vector<Found>& out) { pick_public_api_key(h, out, google_api_key_shaped); }});
  exempt({"public", R"re((?i)\bdocsearch\b|\balgolia:[ \t]*\{|\bprovider:[ \t]*["']algolia["'])re",
          [](const Hit& h, std::vector<Found>& out) { pick_public_api_key(h, out, algolia_key_shaped); }});
  exempt({"public", R"re("current_key"[ \t]*:[ \t]*"(AIza[0-9A-Za-z_-]{35})")re", group(1), false, "current_key"});
  exempt({"public", R"(\bencryptedData:)", pick_sealed_values, false, "encryptedData:"});
  // A JWT that is public by design (Supabase's anon key): no piece of it is taken either.
  exempt({"public", R"(\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*))",
          group_if(1, is_public_by_design), false, "eyJ"});
  // Laravel Echo's or a Pusher client's app key: public (Pusher: "app key ... is not
  // secret"; the app secret stays on the server).
  exempt({"public", R"re((?i)\bbroadcaster:[ \t]*['"](?:pusher|reverb)['"])re", pick_client_key, false,
          R"((?i)broadcaster:)"});
  // An ACME HTTP-01 challenge: the token in the well-known path and the key
  // authorization served for it (RFC 8555, 8.3) are public for the validation.
  exempt({"public", R"(/\.well-known/acme-challenge/([A-Za-z0-9_-]{16,}))", pick_acme_key_authorization, false,
          "acme-challenge/"});
  // Mixpanel's project token, which every client SDK is initialised with ("Project
  // Token": not a secret; the API secret is another value), and a 32-hex key (Algolia's
  // shape) on a line that calls it search-only and says nothing against it.
  exempt({"public", R"re((?i)\bmixpanel\.init(?:ialize)?\([ \t]*(?:token:[ \t]*)?["']([0-9a-f]{32})["'])re", group(1),
          false, R"((?i)mixpanel\.init)"});
  exempt({"public", R"re((?i)["']([0-9a-f]{32})["'][^\n]*\bsearch[ _-]?only\b)re",
          [](const Hit& h, std::vector<Found>& out) {
            // "… NOT the search-only one", "TODO swap for the search-only key": not this one.
            const std::string line = ascii::lowered(line_around(h.text, h.at(h.groups[1])));
            for (std::string_view w : {"not", "admin", "todo", "swap", "replace", "instead"})
              if (has_word(line, w)) return;
            add(out, h, h.groups[1]);
          },
          false, R"((?i)search[ _-]?only)"});
  // A Maps JavaScript API key in the script's URL: every visitor's browser loads it,
  // and Google's console restricts it by referrer ("Use API keys", Maps JavaScript API).
  exempt({"public",
          R"(maps\.googleapis\.com/maps/(?:api/js|embed/v1/[a-z]+)\?(?:[^\s"'<>&]*&)*key=(AIza[0-9A-Za-z_-]{35}))",
          group(1), false, "maps.googleapis.com/maps/"});
  // The value of a name that says public (VAPID_PUBLIC_KEY=..., publicAccessToken: '...')
  // or of the Push API's applicationServerKey, whatever its shape.
  exempt({"public",
          R"re(\b([A-Za-z0-9_]*(?i:public)[A-Za-z0-9_]*|applicationServerKey)["']?[ \t]*[:=][ \t]*["'`]?)re"
          R"re(([A-Za-z0-9_+/=.-]{16,}))re",
          [](const Hit& h, std::vector<Found>& out) {
            if (names_public_value(h.groups[1])) add(out, h, h.groups[2]);
          },
          false, R"((?i)public\w*["']?[ \t]*[:=]|applicationServerKey)"});
  // A SIM's keys (3GPP TS 35.205, Milenage): the subscriber key K or Ki and the
  // operator's OP or OPc, 128 bits in hex, as an HSS's database or a SIM
  // programmer's file holds them (a JWK's "k" is a symmetric key too).
  r.push_back({"secret", R"re((?i)(?:^|[\s{,])["']?(?:ki|k|opc|op)["']?[ \t]*[:=][ \t]*["']?([0-9a-f]{32})\b)re",
               group_if(1, [](std::string_view v) { return !is_placeholder(v); }), false,
               R"re((?i)\b(?:ki|k|opc|op)["']?[ \t]*[:=][ \t]*["']?[0-9a-f]{32})re"});
  r.push_back({"jwt",
               R"(\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*|)"
               R"(eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}))",
               group(1)});
  // A private key's DER body in base64 without its PEM lines (PKCS#1, PKCS#8, SEC1, OpenSSH).
  r.push_back({"private_key",
               R"(\b((?:MII[A-Za-z0-9+/]{2}(?:AIBAAK|QIBADAN|gIBAAK|wIBAAK)|MHcCAQEE|MC4CAQAwBQYDK2Vw|)"
               R"(MIG[HT]AgEAMBMGByqGSM49|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/=]{40,}))",
               group(1)});
  // Key material in hex, 128, 192 or 256 bits, quoted inside the parentheses of a call
  // that gives it to a cipher (SymmetricKey(data: Data(hex: "..")), SecretKeySpec(.., "AES"),
  // AES.new(bytes.fromhex(".."), …)); not an IV or a nonce.
  r.push_back({"encryption_key", R"(["']((?:[0-9a-fA-F]{16}){2,4})["'])", pick_cipher_key, false,
               R"((?i)SymmetricKey|SecretKeySpec|AES|ChaCha|secretbox|cipher)"});
  for (const Token& t : kTokens)
    r.push_back({t.kind, t.pattern, t.random ? group_if(1, random_tail) : group(1), false, t.trigger});

  // URLs and connection strings.
  r.push_back({"password", R"(://([^\s:/@'"<>]*)(?::([^\s@/'"<>]*))?@[A-Za-z0-9\[])", pick_url_userinfo});
  r.push_back({"azure_key",
               R"((?i)\b(?:AccountKey|SharedAccessKey|SharedSecretValue|AccessKey|PrimaryKey|)"
               R"(SecondaryKey)[ \t]*=[ \t]*([A-Za-z0-9+/=%_-]{16,}))",
               group_if(1, assigned_credential)});
  r.push_back({"azure_sas", R"([?&;]sig=([A-Za-z0-9%+/=]{20,}))", group(1)});
  // A webhook's URL carries its credential in the path (Teams' webhookb2/...,
  // Mattermost's hooks/<key>, Zapier's hooks/catch/<id>/<key>, IFTTT's trigger/...).
  r.push_back({"webhook_url",
               R"((?i)https?://[^\s/"'<>`]+(?:/[^\s/"'<>?#`]*)*?/(?:webhooks?|hooks?|webhookb2|)"
               R"(incomingwebhook|triggers?)/([^\s"'<>?#`]+))",
               pick_webhook_path, false,
               R"((?i)https?://\S*/(?:webhooks?|hooks?|webhookb2|incomingwebhook|triggers?)/)"});
  // Signed URLs: the signature (S3, GCS, CloudFront) and a session token in the query.
  r.push_back({"url_signature",
               R"((?i)[?&](?:X-Amz-Signature|X-Goog-Signature|Signature|X-Amz-Security-Token|X-Goog-Credential)=)"
               R"(([A-Za-z0-9%+/=_~.-]{16,}))",
               group(1), false, R"((?i)[?&](?:X-Amz-S|X-Goog-|Signature=))"});
  // An app password after its name: Google's sixteen small letters, shown in four
  // groups of four; Apple's app-specific password, four groups joined by hyphens.
  // (Sixteen letters run together may be a word: "nondeterministic".)
  r.push_back({"password",
               R"((?i:\bapp(?:lication)?(?:-specific)?[ _-]?passwords?)\b[^\n]{0,40}?[\s(`'":])"
               R"(([a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}|[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4})\b)",
               group(1), false, R"((?i)app(?:lication)?(?:-specific)?[ _-]?password)"});
  // A stream's key, the last segment of its RTMP ingest URL (rtmp://…/live2/<key>, …/app/<key>):
  // whoever holds it broadcasts on the channel. It is random, or in YouTube's groups of
  // four (xxxx-xxxx-xxxx-xxxx-xxxx); a stream's name (cam1-frontdoor, stream_1080p60) and
  // a variable are none.
  r.push_back({"secret", R"((?i)\brtmps?://[^\s/"'<>]+(?:/[^\s/"'<>]+)*/([^\s/"'<>?#]{12,}))",
               group_if(1,
                        [](std::string_view v) {
                          bool groups =
                              v.size() >= 19 && v.size() % 5 == 4 && std::any_of(v.begin(), v.end(), ascii::is_digit);
                          for (size_t i = 0; groups && i < v.size(); ++i)
                            groups = i % 5 == 4 ? v[i] == '-' : ascii::is_alnum(v[i]);
                          return !is_reference(v) && !is_placeholder(v) && (groups || looks_random(v));
                        }),
               false, R"((?i)rtmps?://)"});
  // A game server's login token (Valve's GSLT, "Steam Game Server Account Management"),
  // given at launch: +sv_setsteamaccount <32 hex>.
  r.push_back(
      {"secret", R"(\+sv_setsteamaccount[ \t]+["']?([0-9A-Fa-f]{32})\b)", group(1), false, R"(\+sv_setsteamaccount)"});
  // SteamCMD's login: +login <user> <password>, quoted when it holds a space (anonymous
  // takes none; the next command starts with +).
  r.push_back({"password", R"re(\+login[ \t]+[^\s+]+[ \t]+(?:"([^"\n]+)"|([^\s+"][^\s]*)))re",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[1].empty() ? h.groups[2] : h.groups[1];
                 if (assigned_password(v)) add(out, h, v);
               },
               false, R"(\+login[ \t])"});
  // A Wi-Fi profile's key as `netsh wlan show profile … key=clear` prints it, in English,
  // French, German and Spanish.
  r.push_back({"password",
               R"((?:Key Content|Contenu de la clé|Schlüsselinhalt|Contenido de la clave)[ \t]*:[ \t]*([^\r\n]*[^\s]))",
               group_if(1, [](std::string_view v) { return !is_placeholder(v); }), false,
               R"(Key Content|Contenu de la clé|Schlüsselinhalt|Contenido de la clave)"});
  // Fio banka's API token, in the path of every request (Fio's "API Bankovnictví": 64 characters).
  r.push_back({"secret", R"(\bfioapi\.fio\.cz/v1/rest/[a-z-]+/([A-Za-z0-9]{64})\b)", group(1), false, "fioapi.fio.cz"});
  // A wallet's recovery phrase given to a call named for one (Wallet.fromPhrase("..."),
  // mnemonicToSeedSync('...')).
  r.push_back({"seed_phrase", R"((?i)\b\w*(?:phrase|mnemonic)\w*\([ \t]*["'`])", pick_phrase_argument, false,
               R"((?i)(?:phrase|mnemonic)\w*\([ \t]*["'`])"});
  // A Wi-Fi network's QR payload: WIFI:S:<ssid>;T:WPA;P:<the key>;;
  r.push_back({"password", R"(WIFI:[^\n]*?\bP:((?:\\;|[^;\n])+);)", group_if(1, not_reference), false, "WIFI:"});
  // The rest of a private key's body on the line of its (already redacted) header:
  // "-----BEGIN PGP PRIVATE KEY BLOCK----- followed by lQdGBGZ...".
  r.push_back({"private_key", R"(\[REDACTED:private_key\])", [](const Hit& h, std::vector<Found>& out) {
                 size_t p = h.end();
                 const size_t end = std::min(h.text.size(), p + kMaxValue);
                 while (p < end && h.text[p] != '\n') {
                   if (h.text.substr(p, 5) == "-----") return;  // its END line
                   size_t q = p;
                   while (q < end && (std::isalnum(static_cast<unsigned char>(h.text[q])) || h.text[q] == '+' ||
                                      h.text[q] == '/' || h.text[q] == '='))
                     ++q;
                   if (q - p >= 40) out.push_back({p, q, {}});
                   p = q > p ? q : p + 1;
                 }
               }});
  // HTTP headers: Authorization: <scheme> <credentials> (RFC 9110 section 11.6.2), of
  // any scheme, registered or a vendor's own (Splunk, GenieKey, SSWS, ...), or a
  // bare token with no scheme.
  r.push_back({"bearer_token",
               R"((?i)\bauthori[sz]ation["']?(?:[ \t]*[:=][ \t]*|[ \t]+)["']?)"
               R"((aws4-hmac-sha256[ \t]+credential=[^\s,]*,[ \t]*signedheaders=[^\s,]*,[ \t]*signature=|)"
               R"([A-Za-z][A-Za-z0-9._-]{0,30}[ \t]+|))"
               R"(([A-Za-z0-9._~+/=:-]{8,}))",
               pick_authorization, false, R"((?i)authori[sz]ation)"});
  // The same header as a JSON name/value pair (Postman, Insomnia, a HAR's headers).
  r.push_back({"bearer_token",
               R"re((?i)"(?:key|name)"[ \t]*:[ \t]*"(?:proxy-)?authori[sz]ation"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?)re"
               R"re("value"[ \t]*:[ \t]*"([A-Za-z][A-Za-z0-9._-]{0,30}[ \t]+|)([A-Za-z0-9._~+/=:-]{8,}))re",
               pick_authorization, false, R"((?i)authori[sz]ation)"});
  r.push_back(
      {"bearer_token", R"((?i)\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*))", [](const Hit& h, std::vector<Found>& out) {
         const std::string_view v = h.groups[1];
         if (credential_like(v, Context::kProse)) add(out, h, v);
       }});
  // A Cookie header ("Cookie: ...", "the Cookie header from devtools: ...") or a
  // cookie given to curl (-b, --cookie): the values of session-like names.
  r.push_back(
      {"cookie",
       R"((?i)(?:\b(?:set-)?cookie["']?[ \t]*:|\bcookie header\b[^:\n]{0,40}:|[ \t](?:-b|--cookie)[ \t]+)[ \t]*["']?)",
       [](const Hit& h, std::vector<Found>& out) {
         size_t end = std::min(h.text.size(), h.end() + kMaxValue);
         if (const size_t e = h.text.substr(h.end(), end - h.end()).find_first_of("\n\"'"); e != std::string_view::npos)
           end = h.end() + e;
         pick_cookie_pairs(h, h.end(), end, out);
       }});

  // Passwords and keys given to commands, by flag or by position (redact_commands.cpp).
  for (RuleSpec& spec : command_rules()) r.push_back(std::move(spec));

  // A user and a password given to a client in code: requests' auth=("u", "p"),
  // HTTPBasicAuth('u', 'p'), basic_auth(...); and an id and its secret given to
  // any credentials constructor (.NET's NetworkCredential("u", "p"), Java's
  // BasicAWSCredentials("AKIA...", "..."), Tencent's credential.Credential(...)).
  r.push_back({"password",
               R"((?i)\b((?:auth|basic_auth|basicauth|httpbasicauth|httpdigestauth|setbasicauth|withbasicauth)|)"
               R"([A-Za-z_]*credentials?)[ \t]*[=(][ \t]*\(?[ \t]*)"
               R"(["'][^"'\n]+["'][ \t]*,[ \t]*["']([^"'\n]{3,})["'])",
               pick_credential_pair, false, R"((?i)(?:auth|credentials?)[ \t]*[=(][ \t]*\(?[ \t]*["'])"});
  // A secret given by position to a client's constructor, a connection or a login:
  // CohereClient("…"), Client::new(url, Some("…")), Cluster.connect(url, "u", "…").
  r.push_back({"secret",
               R"((?i)\b([A-Za-z0-9_]*(?:client|connect|auth|credentials?|login|signin)[A-Za-z0-9_]*)"
               R"((?:::new|\.new|\.create)?)[ \t]*\()",
               [](const Hit& h, std::vector<Found>& out) { pick_client_literals(h, out, false); }, false,
               R"((?i)(?:client|connect|auth|credential|login|signin)\w*(?:::new)?[ \t]*\()"});
  // A secret given beside the id of its key pair, to any call: the id's shape is its
  // provider's (Razorpay's key id, an AWS access key id, a Twilio account SID, Alibaba's
  // and Tencent's ids), and the string after it is the pair's secret.
  r.push_back({"secret",
               R"re(["'](?:rzp_(?:live|test)_[A-Za-z0-9]{14}|(?:AKIA|ASIA)[A-Z0-9]{16}|AC[0-9a-f]{32}|)re"
               R"re(LTAI[A-Za-z0-9]{12,24}|AKID[A-Za-z0-9]{32})["'][ \t]*,[ \t]*["']([^"'\n]{8,})["'])re",
               [](const Hit& h, std::vector<Found>& out) {
                 // Twilio's resource ids (SM…, MG…, PN…: two capitals and 32 hex) name a message.
                 const std::string_view v = h.groups[1];
                 const bool resource =
                     v.size() == 34 && ascii::is_upper(v[0]) && ascii::is_upper(v[1]) && is_hex(v.substr(2));
                 if (v.size() <= 128 && !resource && credential_like(v, Context::kAssigned)) add(out, h, v);
               },
               false, R"re(["'](?:rzp_(?:live|test)_|AKIA|ASIA|LTAI|AKID|AC[0-9a-f]{32}["']))re"});
  // A secret given to a setter or a builder's method named for it: setAccessToken("…"),
  // set_secret('…'), .keyStorePassword("…".toCharArray()), .withApiKey("…"); the name
  // is judged as any name is (setIdempotencyKey, setSiteKey and setPublishableKey name
  // no secret), and a getter's argument is a name (.getPassword("db")).
  r.push_back({"secret",
               R"((?i)(?:\bset_?|\.(?:with_?)?)([A-Za-z0-9_]*(?:token|secret|password|passwd|passphrase|key|)"
               R"(tokenauth))[ \t]*\()",
               [](const Hit& h, std::vector<Found>& out) {
                 // Matomo's token_auth is its API's secret (setTokenAuth).
                 const NameClass c = classify_name(h.groups[1]);
                 const std::string callee = ascii::lowered(h.groups[1]);
                 // A method of another object (.key("…"), .deleteKey("…")) names a key's
                 // name as often; and a reset or a reminder is given the account's name.
                 if (h.groups[0].front() == '.' && (c == NameClass::kKey || c == NameClass::kNone)) return;
                 for (std::string_view verb : {"reset", "forgot", "recover", "send", "request", "expire", "remind"})
                   if (callee.starts_with(verb)) return;
                 if (c != NameClass::kNone || callee.ends_with("tokenauth"))
                   pick_client_literals(h, out, true, c == NameClass::kPassword);
               },
               false, R"((?i)(?:set_?|\.)\w*(?:token|secret|passw(?:or)?d|passphrase|key|tokenauth)[ \t]*\()"});
  // A .pgpass line, host:port:database:user:password; quoted after other words
  // only where the line names the file (JSON lines hold many colons). A fingerprint's hex
  // pairs (BC:44:D0:87:AB:52:…) are no such line.
  r.push_back({"password",
               R"(^[ \t]*[A-Za-z0-9.*_-]*[A-Za-z*][A-Za-z0-9.*_-]*:(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:(\S+)[ \t]*$)",
               pgpass_password});
  r.push_back({"password",
               R"([ \t][A-Za-z0-9.*_-]*[A-Za-z*][A-Za-z0-9.*_-]*:(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:(\S+)[ \t]*$)",
               pgpass_password, false, R"(pgpass)"});
  // A dump's INSERT without a column list into a table of accounts (users, members,
  // wp_users, auth_user; not user_sessions): the field that is a chosen password. With
  // no column's name to go by, only a table named for people's accounts is read.
  r.push_back({"password",
               R"re((?i)\bINSERT[ \t]+INTO[ \t]+[`"]?(?:\w+[`"]?\.[`"]?)?)re"
               R"re(\w*(?:user|account|member|admin|login|credential|operator|staff|employee|customer|subscriber))re"
               R"re(s?[`"]?[ \t]+VALUES[ \t]*\()re",
               pick_account_fields, false, R"((?i)\bINSERT[ \t]+INTO\b)"});
  // PgBouncer's userlist.txt (also Odyssey's and PgCat's): "user" "password" alone
  // on a line; quoted after other words only where the line names the file.
  // The user is a role's name: a letter in it, no ':' or '[' (a game server's admin
  // list pairs a Steam id with flags the same way).
  auto userlist_pair = [](const Hit& h, std::vector<Found>& out) {
    const std::string_view user = h.groups[1];
    if (std::any_of(user.begin(), user.end(), ascii::is_alpha) && user.find_first_of(":[") == std::string_view::npos &&
        chosen_password(h.groups[2]))
      add(out, h, h.groups[2]);
  };
  r.push_back({"password", R"re(^[ \t]*"([^"\s]+)"[ \t]+"([^"\n]+)"[ \t]*$)re", userlist_pair, false,
               R"(^[ \t]*"[^"\s]+"[ \t]+")"});
  r.push_back({"password", R"re([ \t`'(]"([^"\s]+)"[ \t]+"([^"\n]+)")re", userlist_pair, false, R"(userlist)"});
  // Oracle's user/password@database: sqlplus, its tools, and the thin JDBC URL.
  r.push_back(
      {"password",
       R"((?i)(?:\b(?:sqlplus|sqlldr|expdp|impdp|exp|imp|dgmgrl)(?:[ \t]+-[a-z]+)*|\brman[ \t]+target[ \t=]*)"
       R"(|\bjdbc:oracle:(?:thin|oci8?):)[ \t]*["']?[A-Za-z][\w$#]{0,29}/([^\s/@'"]{3,64})@)",
       group_if(1, assigned_password), false,
       R"((?i)sqlplus|sqlldr|expdp|impdp|dgmgrl|rman[ \t]+target|jdbc:oracle|\b(?:exp|imp)[ \t]+["']?[A-Za-z][\w$#]*/)"});
  // Windows: net use \\server\share PASSWORD /user:NAME (either order).
  r.push_back({"password", R"((?i)\bnet[ \t]+use\b[^\n]*?[ \t](?:/user:\S+[ \t]+)?([^\s/*][^\s]*)[ \t]+/(?:user|u):)",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[1];
                 if (!v.starts_with("\\\\") && !(v.size() == 2 && v[1] == ':') && password_like(v, Context::kAssigned))
                   add(out, h, v, "password");
               },
               false, R"((?i)net[ \t]+use)"});
  r.push_back({"password", R"((?i)\bnet[ \t]+use\b[^\n]*?/(?:user|u):\S+[ \t]+([^\s/*][^\s]*))",
               group_if(1, assigned_password), false, R"((?i)net[ \t]+use)"});
  // Windows: net user NAME PASSWORD /add (or /domain, /y, at the line's end); "*" asks
  // for the password, and a switch is no password (net user guest /active:no).
  r.push_back({"password",
               R"re((?i)\bnet(?:\.exe)?[ \t]+user[ \t]+[^\s/"]+[ \t]+(?:"([^"\n]+)"|([^\s/*"'][^\s"']*)))re"
               R"((?:[ \t]+/|[ \t]*\r?$))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[1].empty() ? h.groups[2] : h.groups[1];
                 if (password_like(v, Context::kAssigned)) add(out, h, v, "password");
               },
               false, R"((?i)net(?:\.exe)?[ \t]+user[ \t])"});
  // A PuTTY key file's private lines, quoted after their header.
  r.push_back({"private_key", R"(\bPrivate-Lines:[ \t]*\d+\b[^\n]{0,40}?([A-Za-z0-9+/]{40,}={0,2}))", group(1), false,
               R"(Private-Lines:)"});
  // PowerShell: ConvertTo-SecureString 'plain' -AsPlainText.
  r.push_back({"password",
               R"((?i)\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?["']([^"'\n]{3,})["'][ \t]+-AsPlainText)",
               group_if(1, assigned_password), false, R"((?i)ConvertTo-SecureString)"});
  // A Fernet key given inline: Fernet(b'<43 characters of url-safe base64>=').
  r.push_back({"secret", R"(\bFernet\([ \t]*b?["']([A-Za-z0-9_-]{43}=)["'])", group(1), false, R"(Fernet\()"});
  // A key written into its file: echo <value> > config/master.key, ... > .vault-pass.
  r.push_back({"secret",
               R"((?i)\becho[ \t]+(?:-n[ \t]+)?["']?([A-Za-z0-9+/=_-]{16,})["']?[ \t]*>>?[ \t]*)"
               R"(\S*(?:master\.key|\.key|\.pem|secret\S*|token\S*|passw\S*|\.vault-pass\S*)(?:\s|$))",
               group(1), false, R"((?i)master\.key|\.key\b|\.pem\b|vault-pass|>[ \t]*\S*(?:secret|token|passw))"});
  // A password given in Japanese, Chinese, Korean or Russian, where no space
  // separates the word from what follows: パスワードは「...」, 密码是..., пароль: ...
  r.push_back({"password",
               R"((?:パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|[Пп]ароль)[^\n]{0,24}?)"
               R"((?:「|『|"|'|：|:|=|は|是|为|為|成|는|은|—|-)[ \t]*(?:「|『)?)",
               [](const Hit& h, std::vector<Found>& out) {
                 size_t e = h.end();
                 const size_t end = std::min(h.text.size(), e + 64);
                 while (e < end && h.text[e] > ' ' && h.text[e] < 0x7f && h.text[e] != '"' && h.text[e] != '\'' &&
                        h.text[e] != '`')
                   ++e;
                 while (e > h.end() && std::string_view(".,;:)").find(h.text[e - 1]) != std::string_view::npos)
                   --e;  // the sentence's: "пароль — X."
                 const std::string_view v = h.text.substr(h.end(), e - h.end());
                 // After 成 ("changed to", but also "hashed into", "converted to") only a
                 // chosen password's shape: not SHA-256, UTF-8, VARCHAR(255).
                 const bool into = ascii::trim(h.groups[0]).ends_with("成");
                 if (password_like(v, Context::kAssigned) && !is_placeholder(v) && (!into || shaped_password(v)))
                   add(out, h, v, "password");
               },
               false, R"(パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|[Пп]ароль)"});
  // A code that opens something, told as a PIN is: a door's, a gate's, an alarm's, a
  // keypad's, a safe's, a garage's, an alarm panel's installer or engineer code, and
  // Dutch and German compounds (a terminal's beheerderscode), Italian's and French's
  // codes (codice installatore, code portail). Not "thread-safe code", "admin code",
  // "entry code": code's other sense.
  r.push_back(
      {"pin",
       R"((?i)(?:^|[^A-Za-z0-9_-])(?:(?:door|gate|alarm|keypad|safe|garage|installer|engineer)[ _]?code|)"
       R"((?:beheerders|toegangs|deur|alarm|kluis|t[üu]r|zugangs|tresor|errichter|uitschakel|inschakel)code|)"
       R"(codice[ \t]+(?:installatore|allarme|antifurto|cancello|porta)|)"
       R"(code[ \t]+(?:installateur|alarme|portail|porte|d'accès))\b)",
       pick_code_in_prose, false,
       R"((?i)(?:door|gate|alarm|keypad|safe|garage|installer|engineer|beheerders|toegangs|deur|kluis|t[üu]r|)"
       R"(zugangs|tresor|errichter|uitschakel|inschakel)[ _]?code|codice[ \t]+[ainpc]|code[ \t]+(?:i|al|po|d'))"});
  // ... and in Polish, where "to" is "is" after what the code or PIN is for ("kod do
  // drzwi serwerowni to 613609#", "PIN do karty DKV … to 3926"); a keypad's # goes too.
  // (English's "PIN do you …" is no such clause.)
  r.push_back({"pin", R"((?i)\b(?:kod|pin)[ \t]+do[ \t]+(\w*)[^\n.,;:]{0,60}?[ \t]to[ \t]+(\d{4,8}#?)(?:[^\w#]|$))",
               [](const Hit& h, std::vector<Found>& out) {
                 if (!one_of(ascii::lowered(h.groups[1]), {"you", "we", "i", "they", "not"})) add(out, h, h.groups[2]);
               },
               false, R"((?i)(?:kod|pin)[ \t]+do[ \t])"});
  // A PIN in parentheses after the word, a few words on ("seine PIN gesagt (68418)",
  // "her PIN (4821)"): written in capitals, as the card's PIN is. A PIN's length,
  // tries or timeout is a setting.
  r.push_back({"pin", R"(\bPIN\b([^\n\d().]{0,40})\((\d{4,8})\))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string between = ascii::lowered(h.groups[1]);
                 for (std::string_view w : {"length", "size", "digit", "retr", "tries", "attempt", "timeout", "bit",
                                            "max", "min", "count", "limit", "länge", "stellen"})
                   if (between.find(w) != std::string::npos) return;
                 // A year in parentheses is a date ("Chip and PIN (2006)").
                 const std::string_view v = h.groups[2];
                 if (v.size() == 4 && (v.starts_with("19") || v.starts_with("20"))) return;
                 add(out, h, v);
               },
               false, R"(PIN\b[^\n\d().]{0,40}\(\d)"});
  // ... and in Hindi, between its word and the verb: पिन 4821 है, and a code (कोड) on a
  // line about a door, a lock, a locker or an alarm (दरवाज़े का कोड 482913 है; an error's
  // code is no PIN).
  r.push_back({"pin", R"((कोड|पिन)[ \t]*[:：]?[ \t]*(\d{4,8})[ \t]*(?:है|था))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view line = line_around(h.text, h.at(h.groups[2]));
                 bool opens = h.groups[1] == "पिन";
                 for (std::string_view w : {"दरवाज़", "दरवाज", "ताला", "ताले", "लॉकर", "अलार्म", "तिजोरी"})
                   opens = opens || line.find(w) != std::string_view::npos;
                 if (opens) add(out, h, h.groups[2]);
               },
               false, R"(कोड|पिन)"});
  // A library's self-check protocol (3M's SIP2): the login message's password (93…CN
  // user|CO password|), and on a patron's message (it names the institution, AO, and
  // the patron, |AA) the terminal's password (AC) and the patron's (AD).
  r.push_back({"password", R"((?:^|[^0-9A-Za-z])93[0-9]{2}CN[^|\n]*\|CO([^|\n]+)\|)", group(1), false, R"(93\d\dCN)"});
  r.push_back({"password", R"(\|A[CD]([^|\n]{1,40}))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view line = line_around(h.text, h.at(h.groups[1]));
                 if (line.find("AO") != std::string_view::npos && line.find("|AA") != std::string_view::npos &&
                     !is_placeholder(h.groups[1]))
                   add(out, h, h.groups[1]);
               },
               false, R"(\|A[CD][^|\n])"});
  // A printer's Set-Get-Do command (Zebra's SGD): setvar "NAME" "VALUE", judged by the
  // name's last dotted part (wlan.wpa.psk, wlan.wep.key1).
  r.push_back({"secret", R"re(\bsetvar[ \t]+"([^"\n]+)"[ \t]+"([^"\n]+)")re", pick_named_value, false, "setvar"});
  // Orthanc's RegisteredUsers: an object of user names and their passwords, given in
  // the file or printed by a query of the key.
  r.push_back({"password", R"re("RegisteredUsers"[ \t]*:|\bjq\b[^\n]*\.RegisteredUsers\b)re", pick_registered_users,
               false, "RegisteredUsers"});
  // In Hindi the value comes between the word and the verb: पासवर्ड X है, पासवर्ड: X.
  r.push_back({"password", R"((?:पासवर्ड|कूटशब्द)[ \t]*(?::|=|है)?[ \t]*["'“]?([!-~]{4,64}?)["'”]?(?:[ \t]|$|,|।))",
               group_if(1, prose_password), false, R"(पासवर्ड|कूटशब्द)"});
  // A name and its value side by side. In XML the name is the element's
  // (<password>X</password>), its parent's when the value is a <Value> child
  // (Windows answer files: <AdministratorPassword><Value>X</Value>), or its
  // key or name attribute's (<setting name="SmtpPassword"><value>X</value>).
  r.push_back({"secret", R"(<([A-Za-z][A-Za-z0-9_:.-]*)>([^<\n]+)</([A-Za-z][A-Za-z0-9_:.-]*)>)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1] == h.groups[3] && !plist_key(h)) pick_named_value(h, out);
               },
               false, "</[A-Za-z]"});
  // ... or a CDATA section's text (Magento's local.xml: <password><![CDATA[…]]></password>).
  r.push_back({"secret", R"(<([A-Za-z][A-Za-z0-9_:.-]*)><!\[CDATA\[([^\]\n]+)\]\]></([A-Za-z][A-Za-z0-9_:.-]*)>)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1] == h.groups[3]) pick_named_value(h, out);
               },
               false, R"(<!\[CDATA\[)"});
  // ... or a property list's <string>, named by the <key> before it (an Info.plist's
  // StripeSecretKey); plist_key above keeps the name itself from being read as a value.
  r.push_back({"secret", R"(<key>([^<\n]+)</key>)", pick_plist_value, false, "</key>"});
  // A settings table's row as a database shell prints it: | NAME | value |
  // (PrestaShop's ps_configuration, WordPress's wp_options, Magento's core_config_data).
  r.push_back({"secret", R"(^\|[ \t]*([A-Za-z][A-Za-z0-9_.-]*)[ \t]*\|[ \t]*([^|\s][^|\n]*?)[ \t]*\|)",
               pick_named_value, false, R"((?i)^\|[ \t]*\w*(?:key|secret|token|pass)\w*[ \t]*\|)"});
  // Dovecot's passwd-file: a user's line whose password is kept in a plaintext scheme.
  r.push_back({"password", R"(^[ \t]*[^\s:{}$]+:\{(?:PLAIN|CLEAR|CLEARTEXT|PLAIN-TRUNC)\}([^:\s]+))", group(1), false,
               R"(:\{(?:PLAIN|CLEAR|CLEARTEXT|PLAIN-TRUNC)\})"});
  r.push_back({"secret", R"(<([A-Za-z][A-Za-z0-9_:.-]*)>[ \t]*<(?:[Vv]alue|VALUE|string)>([^<\n]+)</)",
               pick_named_value, false, R"(>[ \t]*<(?:[Vv]alue|VALUE|string)>)"});
  r.push_back({"secret",
               R"((?i)<[A-Za-z][A-Za-z0-9_:.-]*[ \t]+(?:key|name)[ \t]*=[ \t]*\\?"([^"\n]+)\\?"[^<>\n]*>)"
               R"((?:[ \t]*<value>)?([^<\n]+)<)",
               pick_named_value, false, "</"});
  // PHP: define('AUTH_KEY', '...'), as wp-config.php holds its salts.
  r.push_back({"secret", R"(\bdefine\([ \t]*['"]([A-Za-z0-9_]+)['"][ \t]*,[ \t]*)", pick_name_then_value});
  r.push_back({"secret", R"((?i)\b(?:key|name)[ \t]*=[ \t]*\\?"([^"\n]+)\\?"[ \t]+value[ \t]*=[ \t]*\\?"([^"\\\n]+))",
               pick_named_value, false, R"((?i)value[ \t]*=)"});
  r.push_back({"secret",
               R"((?i)\\?"(?:name|key|Name|Key)\\?"[ \t]*:[ \t]*\\?"([^"\\\n]+)\\?"[ \t]*,[ \t]*\\?"(?:value|)"
               R"(Value)\\?"[ \t]*:[ \t]*\\?"([^"\\\n]+))",
               pick_named_value, false, R"((?i)value\\?"[ \t]*:)"});
  // A setting given its value by a command: config set, setx, Dockerfile's ENV and ARG,
  // and a device's shell (Zephyr's settings write, a device SDK's settings set, U-Boot's
  // fw_setenv).
  r.push_back({"secret",
               R"(\b(?:config(?:ure)?[ \t]+set|setx|setenv|set[ \t]+-[gxU]+|ENV|ARG|settings[ \t]+(?:set|write)|)"
               R"(fw_setenv)[ \t]+([^\s=]{2,})[ \t]+)",
               pick_name_then_value});
  // A secret-like name and its value (NAME=..., "apiKey": ..., --token X), or a
  // value given in prose ("the staging password is ..."): redact_context.cpp.
  for (RuleSpec& spec : password_word_rules()) r.push_back(std::move(spec));
  RuleSpec keywords{"secret", kKeywords, [label = password_label_test()](const Hit& h, std::vector<Found>& out) {
                      pick_keyword(h, out, label);
                    }};
  keywords.always = true;
  r.push_back(std::move(keywords));
  // Runs of letters and digits judged by their shapes (scan_long_tokens).
  RuleSpec prefixed{"prefixed_token", "", nullptr};
  prefixed.scan = scan_long_tokens;
  r.push_back(std::move(prefixed));
  return r;
}

}  // namespace memsim::redact_detail
