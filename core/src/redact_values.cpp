// Judging a candidate value: placeholder, reference, word, digest, or secret.
// Every threshold here was set against fixtures/secrets/ (see docs/redaction.md):
// a looser one changes look-alikes, a stricter one lets secrets through.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "memsim/ascii.h"
#include "memsim/redact.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

using ascii::is_alnum;
using ascii::is_alpha;
using ascii::is_digit;
using ascii::is_lower;
using ascii::is_upper;
using ascii::lowered;

bool contains(std::string_view s, std::string_view w) { return s.find(w) != std::string_view::npos; }

bool starts_with_any(std::string_view s, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view p : prefixes)
    if (s.starts_with(p)) return true;
  return false;
}

struct Classes {
  int upper = 0, lower = 0, digit = 0, other = 0;
  int kinds() const { return (upper > 0) + (lower > 0) + (digit > 0) + (other > 0); }
};

Classes classes_of(std::string_view v) {
  Classes c;
  for (char ch : v) {
    if (is_upper(ch)) ++c.upper;
    else if (is_lower(ch)) ++c.lower;
    else if (is_digit(ch)) ++c.digit;
    else ++c.other;
  }
  return c;
}

// How often neighbouring letters and digits change class (upper, lower, digit):
// about 0.6 in a random base62 string, under 0.2 in camelCase words.
double class_changes(std::string_view v) {
  int n = 0, changes = 0;
  int prev = -1;
  for (char c : v) {
    if (!is_alnum(c)) continue;
    const int cls = is_upper(c) ? 0 : is_lower(c) ? 1 : 2;
    if (prev >= 0 && cls != prev) ++changes;
    prev = cls;
    ++n;
  }
  return n > 1 ? static_cast<double>(changes) / (n - 1) : 0.0;
}

bool is_base64_alphabet(std::string_view v) {
  size_t pad = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (c == '=') {
      ++pad;
      continue;
    }
    if (pad) return false;  // '=' only at the end
    if (!(is_alnum(c) || c == '+' || c == '/' || c == '-' || c == '_')) return false;
  }
  return pad <= 2;
}

// A run of one character, or two, or an ascending sequence: what people type
// where a key should go (xxxx, 0000, 1234567890abcdef). A date is none, however
// many of its digits repeat (a birth date of 17/11/1971).
bool is_filler(std::string_view v) {
  if (date_like(v)) return false;
  std::string s;
  for (char c : v)
    if (is_alnum(c)) s += c;
  if (s.size() < 6) return false;
  std::array<int, 128> n{};
  for (char c : s) ++n[static_cast<unsigned char>(c) & 127];
  const int most = *std::max_element(n.begin(), n.end());
  if (most * 10 >= static_cast<int>(s.size()) * 6) return true;
  int distinct = 0;
  for (int k : n) distinct += k > 0;
  if (distinct <= 2 && s.size() >= 8) return true;
  size_t sequential = 0;
  for (size_t i = 1; i < s.size(); ++i)
    if (s[i] == s[i - 1] + 1) ++sequential;
  if (sequential * 10 >= (s.size() - 1) * 8) return true;
  // Bytes in hex that count up by one or by 0x11, as standards' test vectors do
  // (FIPS-197's key 000102…0e0f, its plaintext 00112233…eeff).
  if (s.size() < 16 || s.size() % 2 != 0 || !is_hex(s)) return false;
  const auto byte = [&](size_t i) { return std::stoi(s.substr(2 * i, 2), nullptr, 16); };
  size_t by_one = 0, by_0x11 = 0;
  for (size_t i = 1; i < s.size() / 2; ++i) {
    by_one += byte(i) == byte(i - 1) + 1;
    by_0x11 += byte(i) == byte(i - 1) + 0x11;
  }
  return std::max(by_one, by_0x11) * 10 >= (s.size() / 2 - 1) * 8;
}

// English words and config values that follow "password is" or "token:" in
// prose and settings and are never the secret.
constexpr std::string_view kCommonWords[] = {
    "a",           "about",         "above",      "accepted",  "active",    "after",
    "again",       "all",           "also",       "always",    "an",        "and",
    "another",     "any",           "anything",   "are",       "as",        "at",
    "auth",        "authenticated", "auto",       "available", "bad",       "basic",
    "be",          "bearer",        "been",       "before",    "being",     "below",
    "blank",       "both",          "but",        "by",        "can",       "cannot",
    "case",        "changed",       "characters", "chars",     "check",     "client",
    "config",      "configured",    "correct",    "could",     "created",   "credential",
    "credentials", "current",       "default",    "defined",   "deleted",   "did",
    "different",   "disabled",      "do",         "does",      "done",      "each",
    "either",      "else",          "empty",      "enabled",   "encrypted", "entered",
    "env",         "environment",   "every",      "exactly",   "example",   "exists",
    "expired",     "expires",       "false",      "field",     "file",      "fine",
    "first",       "for",           "found",      "from",      "generated", "given",
    "good",        "had",           "has",        "hashed",    "have",      "header",
    "hidden",      "his",           "how",        "if",        "in",        "incorrect",
    "input",       "inside",        "instead",    "into",      "invalid",   "is",
    "it",          "its",           "just",       "kept",      "key",       "last",
    "later",       "least",         "left",       "length",    "like",      "listed",
    "local",       "locked",        "long",       "manager",   "masked",    "matches",
    "may",         "might",         "missing",    "more",      "most",      "must",
    "my",          "needed",        "never",      "new",       "next",      "nil",
    "no",          "none",          "not",        "nothing",   "now",       "null",
    "of",          "off",           "ok",         "old",       "on",        "once",
    "one",         "only",          "optional",   "or",        "other",     "our",
    "out",         "over",          "passed",     "password",  "plain",     "plaintext",
    "please",      "present",       "prompt",     "protected", "provided",  "public",
    "random",      "read",          "ready",      "redacted",  "rejected",  "removed",
    "required",    "reset",         "revoked",    "right",     "rotated",   "same",
    "saved",       "secret",        "secure",     "see",       "set",       "shared",
    "short",       "should",        "shown",      "so",        "some",      "somewhere",
    "still",       "stored",        "string",     "strong",    "such",      "supplied",
    "that",        "the",           "their",      "them",      "then",      "there",
    "these",       "they",          "this",       "those",     "through",   "to",
    "token",       "too",           "true",       "typed",     "undefined", "under",
    "unknown",     "unset",         "until",      "updated",   "used",      "user",
    "valid",       "value",         "vault",      "very",      "via",       "was",
    "weak",        "were",          "what",       "when",      "where",     "which",
    "will",        "with",          "without",    "works",     "would",     "wrong",
    "yes",         "you",           "your",
};

static_assert(std::is_sorted(std::begin(kCommonWords), std::end(kCommonWords)), "binary_search needs it sorted");

// When a thing happens, which is what follows "the password was rotated" as often
// as a password does ("rotated yesterday", "changed weekly"), sorted.
constexpr std::string_view kTimeWords[] = {"annually",  "automatically", "daily",     "earlier",   "hourly",
                                           "manually",  "monthly",       "nightly",   "overnight", "periodically",
                                           "quarterly", "recently",      "regularly", "today",     "tomorrow",
                                           "tonight",   "weekly",        "yearly",    "yesterday"};

static_assert(std::is_sorted(std::begin(kTimeWords), std::end(kTimeWords)), "binary_search needs it sorted");

// Password managers, named where a password would stand ("the password is in
// 1Password", "パスワードは1Passwordの…"); sorted, lower-cased.
constexpr std::string_view kPasswordManagers[] = {"1password", "bitwarden", "dashlane", "keepass",
                                                  "keepassxc", "keeper",    "lastpass", "vaultwarden"};

static_assert(std::is_sorted(std::begin(kPasswordManagers), std::end(kPasswordManagers)),
              "binary_search needs it sorted");

// English endings that mark a word rather than a chosen password.
bool has_word_ending(std::string_view w) {
  for (std::string_view e :
       {"ing", "ed", "tion", "ment", "ness", "able", "ible", "ly", "ies", "ful", "istic", "ous", "ive", "ity", "less"})
    if (w.size() > e.size() + 2 && w.ends_with(e)) return true;
  return false;
}

bool is_url(std::string_view v) {
  const size_t s = v.find("://");
  if (s == std::string_view::npos || s == 0 || s > 12) return false;
  for (size_t i = 0; i < s; ++i)
    if (!(is_alnum(v[i]) || v[i] == '+' || v[i] == '.' || v[i] == '-')) return false;
  return true;
}

// ClearTextPassword, UserServiceFactory: capitalised words of three letters or
// more run together. A random run of letters breaks the pattern within a few bytes.
bool is_pascal_words(std::string_view v) {
  size_t i = 0;
  while (i < v.size()) {
    if (!is_upper(v[i])) return false;
    size_t e = i + 1;
    while (e < v.size() && is_lower(v[e])) ++e;
    if (e - i < 3) return false;
    i = e;
  }
  return !v.empty();
}

// fooBar, foo_bar, foo.bar.baz: a name in code, not a value.
bool is_code_identifier(std::string_view v) {
  if (v.empty() || !(is_lower(v[0]) || v[0] == '_')) return false;
  bool digit = false, sep = false, camel = false;
  for (size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (is_digit(c)) digit = true;
    else if (c == '_' || c == '.') sep = true;
    else if (is_upper(c)) camel = true;
    else if (!is_lower(c)) return false;
  }
  if (digit) return false;
  if (camel) {  // lowerCamelCase: single capitals between lower-case runs
    for (size_t i = 1; i < v.size(); ++i)
      if (is_upper(v[i]) && is_upper(v[i - 1])) return false;
    return true;
  }
  return sep;
}

// !vault, !Ref, !GetAtt, !Base64, !!binary: a YAML tag is a word after one or two
// "!"s, in small letters or capitalised words, perhaps with digits at its end; a
// password that starts with "!" has other characters in it (!r^qL9..., !M9XPBm4...).
bool is_yaml_tag(std::string_view v) {
  size_t i = 0;
  while (i < v.size() && i < 2 && v[i] == '!') ++i;
  if (i == 0 || i >= v.size() || !is_alpha(v[i])) return false;
  // The tag alone, or a lookup's tag and the name it looks up (Home Assistant's and
  // ESPHome's "!secret wifi_password", "!env_var TOKEN"); after another tag ("!unsafe
  // …", "!!binary …") the value is the text itself.
  std::string_view word = v.substr(i);
  if (const size_t space = v.find(' '); space != std::string_view::npos) {
    word = v.substr(i, space - i);
    const std::string_view arg = v.substr(space + 1);
    return one_of(word, {"secret", "env_var", "env", "include", "input"}) && i == 1 && !arg.empty() &&
           std::all_of(arg.begin(), arg.end(), [](char c) { return is_alnum(c) || c == '_' || c == '.' || c == '-'; });
  }
  while (!word.empty() && is_digit(word.back())) word.remove_suffix(1);
  const bool small = std::all_of(word.begin(), word.end(), [](char c) { return is_lower(c) || is_digit(c); });
  bool capitalised = is_upper(word.front());
  for (size_t k = 1; capitalised && k < word.size(); ++k)
    capitalised = is_lower(word[k]) || (is_upper(word[k]) && is_lower(word[k - 1]));
  return small || capitalised;
}

// Names joined by dots (env.TOKEN, Release.Namespace): letters, digits, _ and .
bool dotted_names(std::string_view v) {
  return std::all_of(v.begin(), v.end(), [](char c) { return is_alnum(c) || c == '_' || c == '.'; });
}

// A setting's name before its "=" (ACCESS_TOKEN_TTL, connect.sid,
// refreshTokenExpiresAt): names and dots. A random run with an "=" in it
// (H1Nqv_eTusFWkrTDJ=4J, a password) changes case at every other letter and mixes
// in digits; a name's case changes where its words start.
bool setting_name(std::string_view v) {
  if (!dotted_names(v)) return false;
  int changes = 0;
  for (size_t i = 1; i < v.size(); ++i)
    changes += (is_lower(v[i - 1]) && is_upper(v[i])) || (is_upper(v[i - 1]) && is_lower(v[i])) ? 1 : 0;
  const bool digit = std::any_of(v.begin(), v.end(), is_digit);
  return changes < (digit ? 5 : 8);
}

// {env.UPSTREAM_TOKEN}, {vars.api_key}: a template's reference in braces (Caddy,
// Nomad, Serilog), cut at its closing brace by the reader of a value.
bool is_brace_reference(std::string_view v) {
  if (v.size() < 4 || v.front() != '{' || !(is_alpha(v[1]) || v[1] == '_')) return false;
  std::string_view inner = v.substr(1);
  if (inner.back() == '}') inner.remove_suffix(1);
  return inner.find('.') != std::string_view::npos && dotted_names(inner);
}

// $P$B..., $9$..., $1$salt$hash: crypt(3)'s modular format, a hash and never a
// shell variable. The scheme's id is short (1, 2b, P, 9) or lower-case (apr1,
// argon2id); a variable's name ($API_KEY) is neither.
bool is_modular_crypt(std::string_view v) {
  if (v.size() < 20 || v[0] != '$') return false;
  const size_t id_end = v.find('$', 1);
  if (id_end == std::string_view::npos || id_end == 1 || id_end > 11) return false;
  const std::string_view id = v.substr(1, id_end - 1);
  const bool short_id = id.size() <= 2 && std::all_of(id.begin(), id.end(), is_alnum);
  const bool lower_id =
      std::all_of(id.begin(), id.end(), [](char c) { return is_lower(c) || is_digit(c) || c == '-'; });
  const std::string_view rest = v.substr(id_end + 1);
  return (short_id || lower_id) && rest.size() >= 16 && rest.find_first_of(" {}()") == std::string_view::npos;
}

// .Release.Namespace, .Values.db.password: a Go template's field (Helm), a dot
// and then dotted names, the first a capital's.
bool is_template_field(std::string_view v) { return v.size() > 2 && v[0] == '.' && is_upper(v[1]) && dotted_names(v); }

// Keys their publishers document for development and tests, the same on every
// machine: Azurite's (and the Storage Emulator's) account key for devstoreaccount1
// (Microsoft Learn, "Use the Azurite emulator"), and the private key of Hardhat's
// and Anvil's first funded test account (Hardhat Network docs).
constexpr std::string_view kDocumentedDevelopmentKeys[] = {
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    // The sample secret key of Stripe's API reference, printed in its every example.
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    // The passkey of Safaricom's Daraja sandbox (shortcode 174379), in its every example.
    "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
    // RFC 7636's example code_verifier (Appendix B).
    "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    // reCAPTCHA v2's test site key and secret, which always pass (reCAPTCHA FAQ).
    "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
    "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
    // The token of the Telegram Bot API's documentation ("looks something like ...").
    "ABC-DEF1234ghIkl-zyx57W2v1u123ew11",
};

// Microsoft's Generic Volume License Keys, the KMS client setup keys every volume
// edition of Windows installs (Microsoft Learn, "Key Management Services (KMS) client
// activation and product keys"), for the editions still in service; sorted.
constexpr std::string_view kGenericVolumeLicenseKeys[] = {
    "2WH4N-8QGBV-H22JP-CT43Q-MDWWJ", "44RPN-FTY23-9VTTB-MP9BX-T84FV", "6TP4R-GNPTD-KYYHQ-7B7DP-J447Y",
    "92NFX-8DJQP-P6BBQ-THF9C-7CG2H", "9FNHH-K3HBT-3W4TD-6383H-6XYWF", "CB7KF-BWN84-R7R2Y-793K2-8XDDG",
    "D764K-2NDRG-47T6Q-P8T8W-YP6DF", "DCPHK-NFMTC-H88MJ-PFHPY-QJ4BJ", "DPH2V-TTNVB-4X9Q3-TJR4H-KHJW4",
    "JCKRF-N37P4-C2D82-9YXRT-4M63B", "KBN8V-HFGQ4-MGXVD-347P6-PDQGT", "M7XTQ-FN8P6-TTKYV-9D4CC-J462D",
    "MH37W-N47XK-V7XM9-C7227-GCQG9", "N69G4-B89J2-4G8F4-WWYCC-J464C", "NPPR9-FWDCX-D2C8J-H872K-2YT43",
    "NRG8B-VKK3Q-CXVCJ-9G2XF-6Q84J", "NTBV8-9K7Q8-V27C6-M2BTV-KHMXV", "NW6C2-QMPVW-D7KKK-3GKT6-VCFB2",
    "QFFDN-GRT3P-VKWWX-X7T3R-8B639", "TVRH6-WHNXV-R9WG3-9XRFY-MY832", "VDYBN-27WPP-V4HQT-9VMD4-VMK7H",
    "W269N-WFGWX-YVC9B-4J6C9-T83GX", "WC2BQ-8NRM3-FDDYY-2BFGV-KHKQY", "WMDGN-G9PQG-XVVXX-R3X43-63DFG",
    "WVDHN-86M7X-466P6-VHXV7-YY726", "WX4NM-KYWYW-QJJR4-XV3QB-6VM33", "XGN3F-F394H-FD2MY-PP6FD-8MCRC",
    "YVWGF-BXNMC-HTQYQ-CPQ99-66QFC", "YYVX9-NTFWV-6MDM3-9PT4T-4M68B",
};

static_assert(std::is_sorted(std::begin(kGenericVolumeLicenseKeys), std::end(kGenericVolumeLicenseKeys)),
              "binary_search needs it sorted");

// Identifiers their publishers document as examples, and default passwords
// documented as the same on every install: Skatteverket's test person Tolvan
// Tolvansson, the PESEL and henkilötunnus examples of their format descriptions;
// the JDK's cacerts password (keytool documentation), Android's debug keystore
// password ("Sign your app", Android Developers), RabbitMQ's default user, who may
// log in from localhost only ("Access Control"), MinIO's default root login, and
// the password of Epic's public sandbox's test patients (open.epic, "Test Data"); and
// standards' test keys, in every implementation's tests (compared in small letters).
constexpr std::string_view kDocumentedExampleValues[] = {
    "19121212-1212", "121212-1212", "191212121212", "44051401359", "131052-308T",
    "changeit",      "android",     "guest",        "minioadmin",  "epicepic1",
};
constexpr std::string_view kDocumentedTestKeys[] = {
    "0123456789abcdeffedcba9876543210",  // ANSI X9.24's DUKPT test BDK
    // 3GPP TS 35.208's Milenage test set 1: K, OP and OPc.
    "465b5ce8b199b49faa5f0a2ee238a6bc", "cdc202d5123e20f62b6d676ac72cb318", "cd63cb71954a9f4e48a5994e37a02baf",
    // FIPS-197's example AES-128 key (Appendix A.1; SP 800-38A's too).
    "2b7e151628aed2a6abf7158809cf4f3c",
    // SP 800-38A's example AES-192 and AES-256 keys (F.1.3, F.1.5).
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    // RFC 8032's first Ed25519 test vector's secret key (7.1, TEST 1).
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    // The Bluetooth Core Specification's LE Secure Connections debug private key (Vol 3,
    // Part H, 2.3.5.6.1), which sniffers use to decrypt test links.
    "3f49f6d4a3c55f3874c9b3e3d2103f504aff607beb40b7995899b8a6cd3c1abd"};

// A value encrypted in place, which is safe to commit: sops writes
// ENC[AES256_GCM,data:...,iv:...,tag:...,type:str], jasypt ENC(...), Spring Cloud
// Config's server {cipher}<hex or base64>, Shopify's ejson EJ[1:...].
bool is_encrypted_envelope(std::string_view v) {
  return v.starts_with("ENC[") || v.starts_with("ENC(") || v.starts_with("EJ[1:") ||
         (v.starts_with("{cipher}") && v.size() > 24);
}

}  // namespace

bool is_hex(std::string_view v) {
  if (v.empty()) return false;
  for (char c : v)
    if (!(is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return true;
}

bool is_slug(std::string_view v) {
  int pieces = 0;
  for (std::size_t at = 0; at <= v.size();) {
    const std::size_t end = std::min(v.find_first_of("-_", at), v.size());
    const std::string_view piece = v.substr(at, end - at);
    std::size_t letters = 0;
    while (letters < piece.size() && is_lower(piece[letters])) ++letters;
    std::size_t digits = letters;
    while (digits < piece.size() && is_digit(piece[digits])) ++digits;
    if (piece.empty() || piece.size() > 12 || digits != piece.size()) return false;
    ++pieces;
    at = end + 1;
  }
  return pieces >= 3;
}

bool is_uuid(std::string_view v) {
  if (v.size() != 36) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? v[i] != '-' : !is_hex(v.substr(i, 1))) return false;
  }
  return true;
}

bool is_placeholder(std::string_view v) {
  if (v.empty()) return true;
  const std::string low = lowered(v);
  // Already redacted, here or by another tool; masked.
  // (*SENSITIVE*DATA*DELETED* is what Windows Setup leaves in an answer file in place of its passwords.)
  if (contains(low, "redacted") || contains(low, "[filtered]") || contains(v, "***") || contains(v, "\xe2\x80\xa2") ||
      contains(low, "*sensitive*data*deleted*"))
    return true;
  // A prompt's mask: one character beyond ASCII, repeated (getpass's ········, ●●●●).
  if (static_cast<unsigned char>(v.front()) >= 0xC0) {
    size_t n = 1;
    while (n < v.size() && (static_cast<unsigned char>(v[n]) & 0xC0) == 0x80) ++n;
    bool repeated = v.size() >= 3 * n && v.size() % n == 0;
    for (size_t i = n; repeated && i < v.size(); i += n) repeated = v.substr(i, n) == v.substr(0, n);
    if (repeated) return true;
  }
  // Templates and angle-bracket placeholders.
  for (std::string_view t : {"${", "{{", "<%", "%(", "#{", "$(", "[[", "((", "<your", "<insert", "<replace"})
    if (contains(low, t)) return true;
  if (v.front() == '<' && v.back() == '>') return true;
  // ASP.NET's machineKey asks the server to make its keys: AutoGenerate[,IsolateApps].
  if (low.starts_with("autogenerate")) return true;
  // A word in parentheses where a value would stand: Terraform's "(sensitive value)",
  // "(known after apply)"; read up to a space, "(sensitive".
  if (v.size() >= 4 && v.front() == '(' &&
      std::all_of(v.begin() + 1, v.end(), [](char c) { return ascii::is_lower(c) || c == ')'; }))
    return true;
  // ({AQAAAB...} is Jenkins' hudson.util.Secret, which the controller's own key
  // decrypts: it travels with JENKINS_HOME, so it is a secret, not a template.)
  if (v.front() == '{' && v.back() == '}' && !v.starts_with("{AQAAAB")) return true;
  // Documented examples (AWS's AKIAIOSFODNN7EXAMPLE, wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY;
  // jwt.io's sample token, whose payload is {"sub":"1234567890","name":"John Doe","iat":1516239022}).
  // The demo seed of Google Authenticator's key URI documentation.
  if (contains(low, "example") || v == "JBSWY3DPEHPK3PXP" ||
      contains(v, "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"))
    return true;
  // Keys documented for development, and values encrypted in place.
  for (std::string_view key : kDocumentedDevelopmentKeys)
    if (contains(v, key)) return true;
  for (std::string_view example : kDocumentedExampleValues)
    if (v == example) return true;
  for (std::string_view key : kDocumentedTestKeys)
    if (low == key) return true;
  if (is_encrypted_envelope(v)) return true;
  std::string words = low;
  for (char& c : words)
    if (c == '-' || c == ' ' || c == '.') c = '_';
  for (std::string_view p :
       {"change_me",    "changeme",   "change_this", "changethis", "replace_me", "replaceme",    "replace_with",
        "replace_this", "your_",      "yourkey",     "yourtoken",  "yoursecret", "yourpassword", "yourapikey",
        "_here",        "insert_",    "placeholder", "fill_in",    "fillme",     "put_your",     "not_a_real",
        "notareal",     "goes_here",  "sample_",     "_sample",    "censored",   "secret_value", "my_secret",
        "mysecret",     "test_token", "test_key",    "foo_bar"})
    if (contains(words, p)) return true;
  // Short words only as words: a random token holds "todo", "xxxx" or "foobar"
  // now and then (a 93-character Anthropic key held "...HIFoOBaRo...").
  for (std::string_view p : {"dummy", "todo", "fixme", "lorem", "xxxx", "tbd", "foobar"})
    for (size_t at = words.find(p); at != std::string::npos; at = words.find(p, at + 1)) {
      const bool starts = at == 0 || !is_alnum(words[at - 1]);
      const size_t end = at + p.size();
      if (starts && (end >= words.size() || !is_alnum(words[end]) || p == "xxxx")) return true;
    }
  if (contains(v, "xxxxx") || contains(v, "XXXXX")) return true;
  return is_filler(v);
}

bool is_reference(std::string_view v) {
  if (v.empty()) return true;
  if ((v.front() == '$' && !is_modular_crypt(v)) || is_yaml_tag(v)) return true;  // $VAR, YAML tags (!vault, !Ref)
  if (is_brace_reference(v) || is_template_field(v)) return true;                 // {env.TOKEN}, .Release.Namespace
  if (v.size() > 2 && v.front() == '%' && v.back() == '%') return true;           // %VAR% on Windows
  const std::string low = lowered(v);
  // (@keychain: and @env: are altool's: an item in the keychain, a variable.)
  if (starts_with_any(low, {"env:",           "env.",           "env[",
                            "env(",           "vault:",         "vault://",
                            "op://",          "arn:",           "projects/",
                            "sm://",          "ssm:",           "ssm://",
                            "secretsmanager", "keyvault",       "@microsoft.keyvault",
                            "file:",          "process.env",    "os.environ",
                            "os.getenv",      "getenv",         "system.getenv",
                            "environment.",   "secrets.",       "secret.",
                            "vars.",          "inputs.",        "!ref",
                            "!sub",           "!getatt",        "lookup(",
                            "var.",           "local.",         "data.",
                            "config.",        "settings.",      "import.meta",
                            "context.",       "self.",          "this.",
                            "req.",           "request.",       "params.",
                            "args.",          "opts.",          "options.",
                            "ctx.",           "props.",         "window.",
                            "globalthis.",    "azure-keyvault", "gcp-secret",
                            "k8s:",           "kubernetes:",    "aws-secretsmanager",
                            "@keychain:",     "@env:"}))
    return true;
  // A call: read_secret("db"), os.getenv('X'), or the start of one: a name with a
  // word of three letters or more in it, then "(" (a salt may hold "g4(...)").
  if (const size_t paren = v.find('(');
      paren != std::string_view::npos && paren >= 3 && (v.back() == ')' || paren + 1 == v.size())) {
    bool callee = is_alpha(v[0]) || v[0] == '_';
    size_t run = 0, longest = 0;
    for (size_t i = 0; callee && i < paren; ++i) {
      callee = is_alnum(v[i]) || v[i] == '_' || v[i] == '.';
      run = is_lower(v[i]) ? run + 1 : 0;
      longest = std::max(longest, run);
    }
    if (callee && longest >= 3) return true;
  }
  // SCREAMING_SNAKE_CASE: the name of a variable holding it.
  bool snake = is_upper(v.front()) && contains(v, "_");
  for (char c : v)
    if (!(is_upper(c) || is_digit(c) || c == '_')) snake = false;
  if (snake) return true;
  return is_code_identifier(v);
}

bool looks_like_path(std::string_view v) {
  // Base64 has '/' too: padding, or a long random run between slashes, is not a path.
  if (v.ends_with("=")) return false;
  for (size_t begin = 0; begin < v.size();) {
    size_t end = v.find_first_of("/\\", begin);
    if (end == std::string_view::npos) end = v.size();
    const Classes k = classes_of(v.substr(begin, end - begin));
    if (end - begin >= 24 && k.upper && k.lower && k.digit) return false;
    begin = end + 1;
  }
  if (starts_with_any(v, {"/", "~/", "~\\", "./", "../", ".\\", "..\\", "\\\\"})) return true;
  if (v.size() > 2 && is_alpha(v[0]) && v[1] == ':' && (v[2] == '\\' || v[2] == '/')) return true;
  const bool slash = contains(v, "/") || contains(v, "\\");
  if (!slash) return false;
  // dir/file.ext
  const size_t dot = v.rfind('.');
  if (dot != std::string_view::npos && dot + 1 < v.size() && v.size() - dot <= 6) {
    bool ext = true;
    for (char c : v.substr(dot + 1)) ext = ext && is_alnum(c);
    if (ext && v.find_last_of("/\\") < dot) return true;
  }
  // secret/data/prod: lower-case words between slashes (a store path, not base64).
  bool words = true;
  for (char c : v) words = words && (is_lower(c) || is_digit(c) || c == '/' || c == '-' || c == '_' || c == '.');
  return words && classes_of(v).digit * 4 < static_cast<int>(v.size());
}

bool looks_like_version_or_date(std::string_view v) {
  std::string_view s = v;
  if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) s.remove_prefix(1);
  if (s.empty() || !is_digit(s.front())) return false;
  // 1.2.3, 2.10.0-rc.1, 2024-01-15, 2024-01-15T09:00:00Z, 12:30:00
  int seps = 0;
  bool letters_after = false;
  for (char c : s) {
    if (c == '.' || c == '-' || c == ':' || c == '+' || c == 'T' || c == 'Z') ++seps;
    else if (is_alpha(c)) letters_after = true;
    else if (!is_digit(c)) return false;
  }
  if (seps == 0) return false;
  if (!letters_after) return true;
  // A pre-release or build tag after a dotted number: 1.2.3-beta.2 (but not
  // 8x.LQ+NV..., whose letters come before the + and make it a password).
  const size_t dash = s.find_first_of("-+");
  if (dash == std::string_view::npos) return false;
  const std::string_view number = s.substr(0, dash);
  return number.find('.') != std::string_view::npos &&
         std::all_of(number.begin(), number.end(), [](char c) { return is_digit(c) || c == '.'; });
}

std::string base64_decode(std::string_view v, size_t limit) {
  auto value = [](char c) -> int {
    if (is_upper(c)) return c - 'A';
    if (is_lower(c)) return c - 'a' + 26;
    if (is_digit(c)) return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
  };
  std::string out;
  unsigned bits = 0;
  int n = 0;
  for (size_t i = 0; i < v.size() && out.size() < limit; ++i) {
    const char c = v[i];
    if (c == '\\' && i + 1 < v.size() && v[i + 1] == 'n') {  // a JSON-escaped line break
      ++i;
      continue;
    }
    const int x = value(c);
    if (x < 0) continue;
    bits = (bits << 6) | static_cast<unsigned>(x);
    n += 6;
    if (n >= 8) {
      n -= 8;
      out += static_cast<char>((bits >> n) & 0xff);
    }
  }
  return out;
}

bool decodes_to_text(std::string_view v) {
  if (v.size() < 8 || !is_base64_alphabet(v)) return false;
  const std::string d = base64_decode(v, 4096);
  if (d.size() < 6) return false;
  size_t printable = 0, spaces = 0;
  for (unsigned char c : d) {
    if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t' || c == '\r' || c >= 0xc2) ++printable;
    if (c == ' ' || c == '\n') ++spaces;
  }
  if (printable * 100 < d.size() * 95) return false;
  // JSON (a settings cookie, a status blob) is text, unless it holds credentials
  // (a .dockerconfigjson's "auths", a service account's "private_key").
  if ((d.front() == '{' || d.front() == '[') && d.find('"') != std::string::npos) {
    const std::string low = lowered(d);
    for (std::string_view w : {"auth", "pass", "token", "secret", "key", "cred", "session"})
      if (low.find(w) != std::string::npos) return false;
    return true;
  }
  // user:password decodes to text too, and is a credential (HTTP Basic, docker's "auth").
  const size_t colon = d.find(':');
  if (spaces == 0 && colon != std::string::npos && colon > 0 && colon + 1 < d.size()) return false;
  // So is a random token, base64'd as a Kubernetes Secret's data holds it; a digest or
  // an id in hex is no secret however it is encoded.
  if (spaces == 0 && !is_hex(d) && !is_uuid(d) && looks_random(d)) return false;
  return true;
}

namespace {

// The payload of a JWT (header.payload.signature, base64url), decoded; empty
// when v has not that shape.
std::string jwt_payload(std::string_view v) {
  const size_t a = v.find('.');
  const size_t b = a == std::string_view::npos ? a : v.find('.', a + 1);
  if (b == std::string_view::npos || v.find('.', b + 1) != std::string_view::npos) return {};
  const std::string_view payload = v.substr(a + 1, b - a - 1);
  return is_base64_alphabet(payload) ? base64_decode(payload, 2048) : std::string();
}

}  // namespace

bool is_public_by_design(std::string_view v) {
  // Prefixes of public keys: Stripe's publishable keys ("API keys", Stripe Docs),
  // Mapbox's public tokens ("Access tokens": pk. public, sk. secret), PostHog's
  // project API key ("safe to use in public apps"), PubNub's publish and subscribe
  // keys (its sec-c- key is the server's secret).
  // Flutterwave's public keys (FLWPUBK-, FLWPUBK_TEST-; FLWSECK- is the secret one).
  // Xendit's public keys and Toss Payments' client keys (ck; the secret keys are sk).
  if (starts_with_any(v, {"pk_live_", "pk_test_", "pk.eyJ", "phc_", "pub-c-", "sub-c-", "FLWPUBK-", "FLWPUBK_TEST-",
                          "xnd_public_", "live_ck_", "test_ck_", "live_gck_", "test_gck_"}))
    return true;
  // Supabase's publishable key (sb_publishable_; sb_secret_ is the server's), RevenueCat's
  // public SDK keys for the App Store, Google Play and Amazon (appl_, goog_, amzn_; its
  // secret keys are sk_), Branch's live and test keys, which every app embeds: each
  // prefix with a tail of letters and digits of the lengths issued.
  auto tail_after = [&](std::string_view prefix, size_t least, size_t most) {
    const std::string_view tail = v.substr(std::min(v.size(), prefix.size()));
    return v.starts_with(prefix) && tail.size() >= least && tail.size() <= most &&
           std::all_of(tail.begin(), tail.end(), is_alnum);
  };
  if (tail_after("sb_publishable_", 20, 40) || tail_after("appl_", 20, 40) || tail_after("goog_", 20, 40) ||
      tail_after("amzn_", 20, 40) || tail_after("key_live_", 30, 34) || tail_after("key_test_", 30, 34))
    return true;
  // Mercado Pago's public key, APP_USR- or TEST- and a UUID, which its browser SDK takes
  // ("Credenciales": the access token is APP_USR- and digits, hex and digits).
  for (std::string_view prefix : {"APP_USR-", "TEST-"})
    if (v.starts_with(prefix) && is_uuid(v.substr(prefix.size()))) return true;
  // LaunchDarkly's mobile key (mob- and a UUID): "not a secret", shipped in apps.
  if (v.starts_with("mob-") && is_uuid(v.substr(4))) return true;
  // A Datadog client token (pub and 32 hex), which browser RUM and logs SDKs carry.
  if (v.size() == 35 && v.starts_with("pub") && is_hex(v.substr(3))) return true;
  // Razorpay's key id, 14 letters and digits after its prefix (the key secret is a
  // separate value without one).
  if ((v.starts_with("rzp_live_") || v.starts_with("rzp_test_")) && v.size() == 23 &&
      std::all_of(v.begin() + 9, v.end(), is_alnum))
    return true;
  // A JWT whose role claim is "anon": Supabase's anon key, for browsers behind
  // row-level security; its service_role key is the secret one.
  if (v.starts_with("eyJ")) {
    std::string payload = jwt_payload(v);
    std::erase(payload, ' ');
    if (contains(payload, "\"role\":\"anon\"")) return true;
  }
  // A KMS client setup key, published for every volume edition of Windows.
  if (std::binary_search(std::begin(kGenericVolumeLicenseKeys), std::end(kGenericVolumeLicenseKeys), v)) return true;
  // A sealed-secrets ciphertext: a 2-byte length, the RSA-encrypted session key of
  // that length (256 or 512 bytes), then the data: only the controller's private key
  // opens it, so it is committed by design. No password or key of 160 characters
  // or more starts so by chance but once in 30,000.
  if (v.size() >= 160 && v.starts_with("A") && is_base64_alphabet(v)) {
    const std::string d = base64_decode(v, 2);
    if (d.size() == 2 && (d[0] == 0x01 || d[0] == 0x02) && d[1] == 0x00) return true;
  }
  // An uncompressed elliptic-curve public point (SEC 1, 2.3.3: 0x04, then X and Y
  // of 32 bytes each): a P-256 public key, as Web Push's VAPID keys are given.
  if (v.size() >= 86 && v.size() <= 88 && is_base64_alphabet(v)) {
    const std::string d = base64_decode(v, 66);
    if (d.size() == 65 && d[0] == 0x04) return true;
  }
  return false;
}

// What follows "is" about a password in the other languages the prose keywords
// cover ("la contraseña es obligatoria", "das Passwort ist falsch"), sorted.
constexpr std::string_view kOtherLanguageWords[] = {
    "correcta",    "correcte",   "correcto",   "correta",      "correto",     "corta",       "courte",
    "curta",       "debil",      "demasiado",  "erforderlich", "faible",      "falsch",      "forte",
    "fraca",       "fuerte",     "geheim",     "gespeichert",  "incorrecta",  "incorrecte",  "incorrecto",
    "incorreta",   "incorreto",  "invalida",   "invalide",     "invalido",    "kurz",        "lang",
    "larga",       "leer",       "longa",      "longue",       "muito",       "necesaria",   "necesario",
    "necessaire",  "necessaria", "necessario", "notwendig",    "nouveau",     "nouvelle",    "nova",
    "novo",        "nueva",      "nuevo",      "obligatoire",  "obligatoria", "obligatorio", "obrigatoria",
    "obrigatorio", "requerida",  "requerido",  "requis",       "requise",     "richtig",     "schwach",
    "secreta",     "secrete",    "secreto",    "segura",       "seguro",      "sehr",        "sicher",
    "stark",       "trop",       "vacia",      "valida",       "valide",      "valido",      "vazia",
    "vide"};

namespace {

// A password manager's name leading a compound of words ("im 1Password-Tresor", "the
// Bitwarden-vault"), not a password that starts with one ("Keeper-9fK2xQ!").
bool names_password_manager_compound(std::string_view low) {
  const size_t dash = low.find('-');
  if (dash == std::string_view::npos) return false;
  const std::string_view rest = low.substr(dash + 1);
  return std::binary_search(std::begin(kPasswordManagers), std::end(kPasswordManagers), low.substr(0, dash)) &&
         !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return is_alpha(c) || c == '-'; });
}

}  // namespace

bool is_common_word(std::string_view v) {
  const std::string low = lowered(v);
  return std::binary_search(std::begin(kCommonWords), std::end(kCommonWords), std::string_view(low)) ||
         std::binary_search(std::begin(kTimeWords), std::end(kTimeWords), std::string_view(low)) ||
         std::binary_search(std::begin(kPasswordManagers), std::end(kPasswordManagers), std::string_view(low)) ||
         names_password_manager_compound(low) ||
         std::binary_search(std::begin(kOtherLanguageWords), std::end(kOtherLanguageWords), std::string_view(low));
}

bool password_like(std::string_view v, Context c) {
  if (v.size() < 4 || v.size() > 256) return false;
  if (is_reference(v) || looks_like_path(v) || looks_like_version_or_date(v) || is_url(v)) return false;
  if (is_common_word(v)) return false;
  const Classes k = classes_of(v);
  if (k.digit == static_cast<int>(v.size())) return true;  // a PIN or a numeric password
  // Letters only, or words joined by hyphens: a word unless it looks chosen.
  size_t segments = 1;
  bool wordish = k.digit == 0, accented = false;
  for (char ch : v) {
    if (ch == '-' || ch == '_') ++segments;
    else if (static_cast<unsigned char>(ch) >= 0x80) accented = true;  // a letter of UTF-8 text
    else if (!is_alpha(ch)) wordish = false;
  }
  // "est stocké dans 1Password", "é armazenada": in prose, a word with an accent is a word.
  if (wordish && accented && c == Context::kProse) return false;
  if (wordish && !accented) {
    if (segments >= 3) return true;  // a passphrase: walnut-rocket-staple
    const bool inner_capital = std::any_of(v.begin() + 1, v.end(), [](char ch) { return is_upper(ch); });
    if (c == Context::kAssigned) return true;
    if (inner_capital && k.lower > 0) return true;
    const std::string low = lowered(v);
    return low.size() >= 6 && !has_word_ending(low) && segments == 1;
  }
  return true;
}

bool chosen_password(std::string_view v) { return password_like(v, Context::kAssigned) && !is_plain_word(v); }

namespace {

// Words of letters joined by encoded spaces (WP%20Cookie%20check): a sentence. A
// random run beside one (Bearer%20Zq81…, Zq81…%20) is none.
bool encoded_words(std::string_view v) {
  if (v.find("%20") == std::string_view::npos) return false;
  for (size_t from = 0; from <= v.size();) {
    const size_t to = std::min(v.find("%20", from), v.size());
    const std::string_view word = v.substr(from, to - from);
    if (word.empty() || word.size() > 12 || !std::all_of(word.begin(), word.end(), ascii::is_alpha)) return false;
    from = to + 3;
  }
  return true;
}

}  // namespace

bool credential_like(std::string_view v, Context c) {
  const size_t min = c == Context::kAssigned ? 8 : 16;
  if (v.size() < min || v.size() > 8192) return false;
  // A sentence in quotes, or in a URL's or a cookie's encoding (WP%20Cookie%20check):
  // no key has a space.
  if (v.find(' ') != std::string_view::npos || encoded_words(v)) return false;
  // ACCESS_TOKEN_TTL=15m, ui=eyJsYW5n...: a setting given as name=value is judged by its
  // name: a value named as no secret (nor as a session's) is none, whatever its shape.
  if (const size_t eq = v.find('='); eq != std::string_view::npos && eq > 0 && eq + 1 < v.size() && v[eq + 1] != '=' &&
                                     setting_name(v.substr(0, eq))) {
    const std::string_view name = v.substr(0, eq), value = v.substr(eq + 1);
    const std::string low = lowered(name);
    bool session = false;  // a session cookie's names (connect.sid, PHPSESSID, remember_me)
    for (std::string_view w : {"sess", "sid", "jwt", "login", "remember"}) session = session || contains(low, w);
    if (decodes_to_text(value) || (!session && classify_name(name) == NameClass::kNone)) return false;
    return credential_like(value, c);
  }
  if (is_reference(v) || looks_like_path(v) || looks_like_version_or_date(v) || is_url(v)) return false;
  if (is_common_word(v)) return false;
  if (is_uuid(v)) return c == Context::kAssigned;
  // A digest that names its algorithm: sha256:..., sha512-..., h1:... (go.sum), and
  // Vault's audit log's hmac-sha256:... (it hashes every secret it logs).
  const size_t sep = v.find_first_of(":-");
  if (sep <= 7) {  // npos (no separator) is larger
    const std::string alg = lowered(v.substr(0, sep));
    if (alg.starts_with("sha") || alg == "md5" || alg.starts_with("blake") || alg == "h1" || alg == "git" ||
        alg == "hmac")
      return false;
  }
  const Classes k = classes_of(v);
  const int n = static_cast<int>(v.size());
  if (k.digit == n) return false;
  if (is_hex(v)) return v.size() >= 16;
  if (decodes_to_text(v)) return false;
  if (k.upper + k.lower == 0) return false;
  const double h = shannon_entropy(v);
  if (k.digit == 0 && k.other == 0) {
    // Letters of one case only: a generated token when long and spread over the alphabet
    // (no word runs to 32 letters; VTEX's app tokens are 128 capitals).
    if (v.size() >= 32 && (k.upper == 0 || k.lower == 0)) return h >= 4.0;
    // Letters only: a word, or random if both cases change often; but words run
    // together (ClearTextPassword, AdministratorPassword) name something.
    return k.upper > 0 && k.lower > 0 && class_changes(v) >= 0.2 && h >= 3.5 && !is_pascal_words(v);
  }
  // Words joined by separators (my-app-token, deploy_key_prod) are names, not keys.
  if (k.digit == 0 && k.upper == 0) {
    bool sep_words = true;
    for (char ch : v) sep_words = sep_words && (is_lower(ch) || ch == '-' || ch == '_' || ch == '.');
    if (sep_words) return false;
  }
  if (h < (v.size() >= 16 ? 3.0 : 2.7)) return false;
  // Base32 (TOTP seeds, some provider keys): capitals and a few digits 2-7.
  if (k.upper > 0 && k.digit > 0 && k.lower == 0 && k.other == 0 && v.size() >= 16 && h >= 3.8) return true;
  return k.kinds() >= 3 || class_changes(v) >= 0.15;
}

bool looks_random(std::string_view v) {
  if (v.size() < 20) return false;
  const Classes k = classes_of(v);
  if (k.upper + k.lower == 0) return false;
  if (k.digit == 0 && !(k.upper > 0 && k.lower > 0)) return false;
  if (class_changes(v) < 0.25) return false;
  if (shannon_entropy(v) < 3.5) return false;
  return !decodes_to_text(v);
}

std::string_view line_around(std::string_view text, size_t at) {
  const size_t begin = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // npos + 1 == 0
  const size_t end = std::min(text.find('\n', at), text.size());
  return text.substr(begin, end - begin);
}

std::string lowered_before(std::string_view text, size_t at, size_t n) {
  size_t from = at > n ? at - n : 0;
  if (const size_t nl = text.substr(from, at - from).rfind('\n'); nl != std::string_view::npos) from += nl + 1;
  return lowered(text.substr(from, at - from));
}

std::string_view name_before(std::string_view text, size_t at) {
  auto blank = [&](size_t i) { return text[i] == ' ' || text[i] == '\t'; };
  size_t p = at;
  while (p > 0 && blank(p - 1)) --p;
  if (p == 0 || (text[p - 1] != ':' && text[p - 1] != '=')) return {};
  --p;
  while (p > 0 && (blank(p - 1) || text[p - 1] == '"' || text[p - 1] == '\'')) --p;
  const size_t end = p;
  while (p > 0 && (is_alnum(text[p - 1]) || text[p - 1] == '_' || text[p - 1] == '-' || text[p - 1] == '.')) --p;
  return text.substr(p, end - p);
}

bool labelled_as_digest(std::string_view text, size_t at) {
  const std::string before = lowered_before(text, at, 40);
  for (std::string_view w :
       {"sha",       "sha1",       "sha256",    "sha512",    "sha384",      "md5",       "hash",
        "hashes",    "digest",     "checksum",  "commit",    "commits",     "rev",       "revision",
        "uuid",      "guid",       "etag",      "integrity", "fingerprint", "key id",    "keyid",
        "kid",       "request id", "trace id",  "span id",   "build id",    "object id", "session id",
        "tenant id", "account id", "client id", "user id",   "project id",  "blob",      "tree",
        "sum",       "nonce",      "crc",       "crc32",     "hmac of",     "hashed",    "challenge"}) {
    for (size_t i = before.find(w); i != std::string::npos; i = before.find(w, i + 1)) {
      const bool starts = i == 0 || !is_alpha(before[i - 1]);
      const size_t e = i + w.size();
      // "sha256:" and "sha-1" are labels; "SharedAccessKey" and "identity" are not.
      const bool ends = e >= before.size() || !is_alpha(before[e]) || w == "sha" || w == "commit";
      if (starts && ends) return true;
    }
  }
  return false;
}

namespace {

// DB_PASSWORD -> db password; apiKey -> api key; X-Auth-Token -> x auth token.
// Lower-cased into a buffer of its own, without allocating: a name is looked at
// for every "token" in a transcript.
struct NameParts {
  std::array<char, 128> buf{};
  std::array<std::string_view, 24> parts{};
  size_t n = 0;
};

bool name_parts(std::string_view name, NameParts& out) {
  if (name.size() > out.buf.size()) return false;
  size_t begin = 0;
  auto flush = [&](size_t end) {
    if (end > begin && out.n < out.parts.size())
      out.parts[out.n++] = std::string_view(out.buf.data() + begin, end - begin);
  };
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    out.buf[i] = ascii::to_lower(c);
    if (!is_alnum(c)) {
      flush(i);
      begin = i + 1;
      continue;
    }
    if (i > begin) {
      const char p = name[i - 1];
      const bool camel = is_lower(p) && is_upper(c);
      const bool acronym_end = is_upper(p) && is_upper(c) && i + 1 < name.size() && is_lower(name[i + 1]);
      if (camel || acronym_end) {
        flush(i);
        begin = i;
      }
    }
  }
  flush(name.size());
  return true;
}

}  // namespace

bool names_public_value(std::string_view name) {
  NameParts np;
  if (!name_parts(name, np)) return false;
  bool says_public = false, says_secret = false;
  for (size_t i = 0; i < np.n; ++i) {
    says_public = says_public || one_of(np.parts[i], {"public", "publishable"});
    says_secret = says_secret || one_of(np.parts[i], {"secret", "private", "password", "priv"});
  }
  auto ends_with = [&np](std::string_view a, std::string_view b, std::string_view c) {
    return np.n >= 3 && np.parts[np.n - 3] == a && np.parts[np.n - 2] == b && np.parts[np.n - 1] == c;
  };
  // The Push API's applicationServerKey; Meta's app client token, which apps embed
  // ("Client tokens aren't meant to be secret identifiers", Meta for Developers,
  // "Access Tokens"): FacebookClientToken, facebook_client_token.
  return (says_public && !says_secret) || ends_with("application", "server", "key") ||
         ends_with("facebook", "client", "token");
}

namespace {

// A word before "key" that makes it a key of something else: a public key's, a table's,
// a cache's, a map's, a keyboard's (public key, sort key, hotkey, dedup_key).
bool names_other_key(std::string_view w) {
  return one_of(w, {"public",    "pub",     "cache", "sort",     "partition",   "primary",  "foreign",   "idempotency",
                    "routing",   "object",  "s3",    "bucket",   "dedup",       "dedupe",   "index",     "lookup",
                    "map",       "dict",    "group", "i18n",     "translation", "unique",   "composite", "shard",
                    "row",       "column",  "hot",   "keyboard", "short",       "shortcut", "hash",      "range",
                    "kms",       "ssh",     "gpg",   "pgp",      "registry",    "tracking", "order",     "search",
                    "rsa",       "dsa",     "ecdsa", "ed25519",  "eddsa",       "ed448",    "host",      "query",
                    "config",    "setting", "state", "react",    "list",        "item",     "metric",    "label",
                    "attribute", "field",   "lock",  "cursor",   "event",       "message",  "json",      "yaml",
                    "incident"});
}

}  // namespace

bool names_key_bytes(std::string_view name) {
  if (names_public_value(name)) return false;
  const NameClass c = classify_name(name);
  if (c == NameClass::kSecret || c == NameClass::kKey) return true;
  NameParts np;
  if (!name_parts(name, np)) return false;
  bool key = false;
  for (size_t i = 0; i < np.n; ++i) {
    const std::string_view w = np.parts[i];
    const std::string_view head = w.substr(0, w.size() - (w.ends_with("keys") ? 4 : w.ends_with("key") ? 3 : 0));
    if (names_other_key(w) || (head.size() < w.size() && names_other_key(head)) ||
        one_of(w, {"id",           "ids",       "kid",        "identifier", "digest", "digests",  "fingerprint",
                   "fingerprints", "fp",        "thumbprint", "kcv",        "check",  "checksum", "checksums",
                   "crc",          "iv",        "nonce",      "idx",        "len",    "length",   "size",
                   "count",        "type",      "name",       "path",       "file",   "cert",     "certificate",
                   "sig",          "signature", "uuid",       "serial",     "eui",    "addr",     "address",
                   "hashes",       "sha1",      "sha256",     "sha512",     "md5",    "code",     "codes"}))
      return false;
    key = key || w.ends_with("key") || w.ends_with("keys") || one_of(w, {"psk", "pskc", "secret", "secrets"});
  }
  return key;
}

NameClass classify_name(std::string_view name) {
  if (lowered(name) == "1password") return NameClass::kNone;  // the password manager
  NameParts np;
  if (!name_parts(name, np)) return NameClass::kNone;
  // AWS KMS GenerateDataKey's "Plaintext": the data key itself, in base64.
  if (np.n == 1 && np.parts[0] == "plaintext") return NameClass::kSecret;
  if (names_public_value(name)) return NameClass::kNone;
  // Words after the keyword that keep its meaning: SECRET_KEY_BASE, TOKEN_VALUE, PASSWORD_B64.
  size_t n = np.n;
  while (n > 0 && (one_of(np.parts[n - 1], {"value",   "val",  "b64",        "base64",   "hex",     "raw",       "str",
                                            "string",  "text", "data",       "base",     "plain",   "plaintext", "enc",
                                            "encoded", "prod", "production", "dev",      "staging", "test",      "live",
                                            "new",     "old",  "current",    "override", "primary", "secondary"}) ||
                   (np.parts[n - 1].size() == 1 && is_digit(np.parts[n - 1][0]))))
    --n;
  if (n == 0) return NameClass::kNone;
  const std::string_view w = np.parts[n - 1];
  const std::string_view prev = n > 1 ? np.parts[n - 2] : std::string_view();
  auto ends = [&](std::string_view s) { return w.ends_with(s); };
  if (ends("password") || ends("passwd") || ends("passphrase") || ends("passcode") || ends("passwort") || ends("pwd") ||
      one_of(w, {"pass", "pw", "pswd", "psw", "mdp", "contrasena", "senha", "parola"}))
    return NameClass::kPassword;
  if (one_of(w, {"requirepass", "masterauth"})) return NameClass::kPassword;  // redis.conf
  if (w == "authtok") return NameClass::kPassword;                   // SSSD's ldap_default_authtok, krb5's authtok
  if (w == "phrase" && prev == "pass") return NameClass::kPassword;  // pass_phrase (OCI's config)
  if (one_of(w, {"kennwort", "wachtwoord"})) return NameClass::kPassword;
  if (one_of(w, {"chave", "chiave"})) return NameClass::kSecret;
  // A login's ticket: a session's (PlayFab's SessionTicket), Perforce's, Kerberos' service ticket.
  if ((w == "ticket" && one_of(prev, {"session", "auth", "login", "service", "p4", "kerberos", "tgt"})) ||
      one_of(w, {"sessionticket", "authticket", "p4ticket"}))
    return NameClass::kSecret;
  if (ends("pass")) {  // dbpass, storepass, srcstorepass; not bypass or compass
    const std::string_view head = w.substr(0, w.size() - 4);
    for (std::string_view word : {"db",  "pg",  "my",    "root", "admin",  "user", "sql",   "smtp",  "mail",
                                  "ftp", "ssh", "redis", "ldap", "bind",   "key",  "store", "trust", "wifi",
                                  "vnc", "web", "proxy", "http", "rabbit", "mq",   "amqp",  "sa",    "sudo"})
      if (head.ends_with(word)) return NameClass::kPassword;
  }
  // A SIM's PUK unblocks its PIN: a PIN's kin.
  if (one_of(w, {"pin", "pincode", "puk", "puk1", "puk2"}) || (w == "code" && prev == "pin")) return NameClass::kPin;
  // A token called an id: Vault AppRole's secret_id, Consul's SecretID.
  if ((w == "id" && prev == "secret") || w == "secretid") return NameClass::kSecret;
  if (ends("secret") ||
      one_of(w, {"secrets", "credential", "credentials", "creds", "cred", "auth", "authorization", "bearer", "salt",
                 "seed", "mnemonic", "psk", "sas", "cookie", "jwt", "hmac", "pat", "passkey"}))
    return NameClass::kSecret;
  if (ends("token")) {
    if (one_of(prev, {"page",   "next",    "continuation", "pagination", "cursor", "sync",  "resume", "max",  "input",
                      "output", "total",   "cancellation", "cancel",     "lexer",  "parse", "design", "stop", "end",
                      "start",  "special", "pad",          "eos",        "bos",    "unk",   "mask",   "sep",  "cls"}) ||
        one_of(w, {"pagetoken", "nexttoken", "cancellationtoken"}))
      return NameClass::kNone;
    return NameClass::kSecret;
  }
  if (ends("key") && w != "key") {
    if (one_of(w, {"apikey", "accesskey", "secretkey", "privatekey", "authkey", "masterkey", "signingkey", "privkey",
                   "encryptionkey", "licensekey", "hmackey", "appkey", "clientkey", "sessionkey", "subscriptionkey",
                   "accountkey", "storagekey", "webhookkey", "adminkey", "servicekey", "apikey", "writekey", "readkey",
                   "ingestkey", "deploykey", "sharedkey", "cryptokey", "aeskey", "jwtkey", "otpkey", "totpkey",
                   // Duo's secret key (its integration key, ikey, is an id).
                   "skey"}))
      return NameClass::kSecret;
    return NameClass::kNone;  // monkey, hotkey, turkey, sortkey
  }
  if (w == "key") {
    if (one_of(prev,
               {"api",     "access",     "secret",  "private", "priv",    "auth",         "master",   "signing",
                "sign",    "encryption", "encrypt", "license", "licence", "client",       "app",      "application",
                "service", "account",    "admin",   "deploy",  "storage", "subscription", "shared",   "webhook",
                "hmac",    "aes",        "crypto",  "cipher",  "session", "cookie",       "jwt",      "token",
                "otp",     "totp",       "mfa",     "write",   "read",    "ingest",       "consumer", "server",
                "root",    "live",       "prod",    "test",    "unseal",  "recovery",     "network",  "x"}))
      return NameClass::kSecret;
    // Public by design: a public key, a site key (reCAPTCHA's, Turnstile's, served
    // in the page's HTML), a publishable key (Stripe's, for the browser).
    if (one_of(prev, {"site", "publishable"})) return NameClass::kNone;
    if (names_other_key(prev)) return NameClass::kNone;
    return NameClass::kKey;
  }
  return NameClass::kNone;
}

ValueSpan read_value(std::string_view text, size_t at, std::string_view quote, Bare bare) {
  // A value is at most kMaxValue bytes: a line of megabytes must not make each read linear in it.
  size_t line_end = std::min(text.size(), at + kMaxValue);
  const size_t nl = text.substr(at, line_end - at).find('\n');
  if (nl != std::string_view::npos) line_end = at + nl;
  if (!quote.empty()) {
    const char q = quote.back();
    const bool escaped = quote.size() == 2;  // \" inside a JSON string
    for (size_t i = at; i < line_end; ++i) {
      if (escaped) {
        if (text[i] == '\\' && i + 1 < line_end && text[i + 1] == q) return {at, i};
      } else if (text[i] == q && (i == at || text[i - 1] != '\\')) {
        return {at, i};
      }
    }
  }
  // A phrase in angle brackets is one value (kubectl's "<set to the key 'password' in
  // secret 'db'>", "<your token here>"), which is_placeholder then reads whole.
  if (at < line_end && text[at] == '<')
    if (const size_t gt = text.substr(at, line_end - at).find('>'); gt != std::string_view::npos)
      return {at, at + gt + 1};
  size_t i = at;
  for (; i < line_end; ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r') break;
    if (bare != Bare::kLine && (c == '"' || c == '\'' || c == '`' || c == ',' || c == ';' || c == ')' || c == '}' ||
                                c == ']' || c == '>' || c == '<'))
      break;
    if (bare == Bare::kQuery && (c == '&' || c == '#')) break;
    if (c == '\\' && i + 1 < line_end && contains("nrt\"'\\", std::string_view(&text[i + 1], 1))) break;
    // The comma and full stop of Arabic and of Chinese and Japanese text end a value as
    // a space does ("هو 602731، لا", "改成 X，别外传").
    if (static_cast<unsigned char>(c) >= 0xD8) {
      const std::string_view rest = text.substr(i, 3);
      if (rest.starts_with("\u060C") || rest.starts_with("\u061B") || rest == "\uFF0C" || rest == "\u3002" ||
          rest == "\u3001")
        break;
    }
  }
  size_t end = i;
  while (end > at && (text[end - 1] == '.' || text[end - 1] == ':')) --end;
  return {at, end};
}

bool after_scheme(std::string_view v) {
  const size_t colon = v.find(':');
  return colon != std::string_view::npos && colon >= 3 &&
         std::all_of(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(colon),
                     [](char c) { return c >= 'a' && c <= 'z'; });
}

bool shaped_password(std::string_view v) {
  if (v.size() < 8 || v.size() > 64 || v.front() == '-' || v.front() == '$' || v.starts_with("[REDACTED")) return false;
  bool lower = false, upper = false, digit = false, symbol = false;
  for (char c : v) {
    if (c <= ' ' || c >= 0x7f) return false;
    lower = lower || (c >= 'a' && c <= 'z');
    upper = upper || (c >= 'A' && c <= 'Z');
    digit = digit || ascii::is_digit(c);
    symbol = symbol || (c > ' ' && c < 0x7f && !ascii::is_alnum(c));
  }
  // Lower-case letters too: an issue key (OPS-2231) or a code in capitals is named, not chosen.
  if (!digit || !lower || !(symbol || upper)) return false;
  // Small letters and digits joined by - _ . only: a name (redis2-creds, db01_staging.env, web-3).
  if (!upper && std::all_of(v.begin(), v.end(), [](char c) {
        return ascii::is_lower(c) || ascii::is_digit(c) || c == '-' || c == '_' || c == '.';
      }))
    return false;
  // Without a symbol, a name's shape: one capital at the start of its letters,
  // digits before or after them (1Password, Office365, Auth2).
  if (!symbol) {
    std::string_view letters = v;
    while (!letters.empty() && ascii::is_digit(letters.front())) letters.remove_prefix(1);
    while (!letters.empty() && ascii::is_digit(letters.back())) letters.remove_suffix(1);
    const bool one_word = !letters.empty() &&
                          std::all_of(letters.begin() + 1, letters.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (one_word) return false;
  }
  if (v.find('@') != std::string_view::npos && v.find('.', v.find('@')) != std::string_view::npos) return false;
  if (v.find('=') != std::string_view::npos || v.find("://") != std::string_view::npos) return false;
  // A call's shape, a name then its arguments: length(12), passwordHistory(5), hours(24),
  // hashAlgorithm(pbkdf2-sha512).
  if (const size_t open = v.find('(');
      open != std::string_view::npos && open > 0 && std::all_of(v.begin(), v.begin() + open, ascii::is_alpha) &&
      std::all_of(v.begin() + open + 1, v.end(),
                  [](char c) { return ascii::is_alnum(c) || c == ')' || c == '-' || c == '_' || c == '.'; }))
    return false;
  // A method called on what came before it, 16).hex() or x).decode("utf-8"): the tail
  // of a line of code.
  if (const size_t close = v.find(")."); close != std::string_view::npos && v.substr(0, close).find('(') == v.npos) {
    size_t e = close + 2;
    while (e < v.size() && (ascii::is_alnum(v[e]) || v[e] == '_')) ++e;
    if (e > close + 2 && e < v.size() && v[e] == '(') return false;
  }
  if (after_scheme(v)) return false;
  return password_like(v, Context::kAssigned) && !is_placeholder(v) && !is_reference(v) && !looks_like_path(v) &&
         !looks_like_version_or_date(v) && !is_uuid(v) && !is_hex(v) && !is_slug(v);
}

}  // namespace memsim::redact_detail
