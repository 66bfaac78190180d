#include "memsim/redact.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace memsim {

namespace {

using Check = std::function<bool(std::string_view value, std::string_view text, size_t at)>;

bool is_placeholder(std::string_view v) {
  if (v.empty()) return true;
  if (v.starts_with("[REDACTED")) return true;
  if (v.front() == '$' || v.front() == '<' || v.front() == '%' || v.starts_with("{{") || v.starts_with("${"))
    return true;
  bool all_mask = true;
  for (char c : v)
    if (c != '*' && c != 'x' && c != 'X' && c != '.' && c != '-' && c != '_') all_mask = false;
  if (all_mask) return true;
  static constexpr std::array<std::string_view, 24> kWords = {
      "password", "passwd",  "pass",     "pwd",     "secret",  "token",   "changeme", "example",
      "redacted", "hidden",  "none",     "null",    "true",    "false",   "undefined", "string",
      "your_password", "your-password", "yourpassword", "your_token", "your_api_key", "placeholder",
      "required", "optional"};
  std::string lower;
  for (char c : v) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  for (std::string_view w : kWords)
    if (lower == w) return true;
  if (lower.starts_with("your") || lower.starts_with("my_") || lower.starts_with("process.env") ||
      lower.starts_with("os.environ") || lower.starts_with("env.") || lower.starts_with("env[") ||
      lower.starts_with("getenv") || lower.starts_with("secrets."))
    return true;
  return false;
}

bool looks_like_path(std::string_view v) {
  if (v.starts_with("/") || v.starts_with("~") || v.starts_with("./") || v.starts_with("../")) return true;
  if (v.size() > 2 && v[1] == ':' && (v[2] == '\\' || v[2] == '/')) return true;
  return false;
}

struct Classes {
  bool upper = false, lower = false, digit = false, other = false;
  int count() const { return int(upper) + int(lower) + int(digit) + int(other); }
};

Classes classes_of(std::string_view v) {
  Classes c;
  for (char ch : v) {
    if (ch >= 'A' && ch <= 'Z') c.upper = true;
    else if (ch >= 'a' && ch <= 'z') c.lower = true;
    else if (ch >= '0' && ch <= '9') c.digit = true;
    else c.other = true;
  }
  return c;
}

bool is_hex(std::string_view v) {
  for (char c : v)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return !v.empty();
}

bool is_uuid(std::string_view v) {
  if (v.size() != 36) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? v[i] != '-' : !is_hex(v.substr(i, 1))) return false;
  }
  return true;
}

// A version string, a dotted identifier or a plain word is not a secret.
bool looks_like_word_or_version(std::string_view v) {
  Classes c = classes_of(v);
  if (!c.digit && !c.upper && !c.other) return true;  // a lowercase word
  bool dotted_numbers = true;
  for (char ch : v)
    if (!((ch >= '0' && ch <= '9') || ch == '.' || ch == 'v' || ch == '-')) dotted_numbers = false;
  return dotted_numbers;
}

// How far before a value a check may read (redact_pass relies on it).
constexpr size_t kContext = 24;

// The words before `at` (up to kContext bytes) label the value as a hash or an id.
bool labelled_as_digest(std::string_view text, size_t at) {
  const size_t from = at > kContext ? at - kContext : 0;
  std::string before;
  for (char c : text.substr(from, at - from)) before += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  auto is_letter = [](char c) { return c >= 'a' && c <= 'z'; };
  for (std::string_view w : {"sha", "md5", "hash", "digest", "checksum", "commit", "uuid", "integrity",
                             "etag", "base64,", "revision", "rev "}) {
    // Whole words only: "sha256" and "sha-1" are labels, "SharedAccessKey" is not.
    for (size_t i = before.find(w); i != std::string::npos; i = before.find(w, i + 1)) {
      const bool starts = i == 0 || !is_letter(before[i - 1]);
      const size_t e = i + w.size();
      const bool ends = e >= before.size() || !is_letter(before[e]) || w == "commit";
      if (starts && ends) return true;
    }
  }
  return false;
}

// "sha256:...", "sha512-...", "md5:...": a digest that names its algorithm.
bool digest_with_algorithm(std::string_view v) {
  const size_t sep = v.find_first_of(":-");
  if (sep == std::string_view::npos || sep > 6) return false;
  std::string alg;
  for (char c : v.substr(0, sep)) alg += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return alg.starts_with("sha") || alg == "md5" || alg == "blake2b" || alg == "git";
}

bool any_value(std::string_view, std::string_view, size_t) { return true; }

// A value assigned to a password-like name: anything but a placeholder or a path;
// in prose ("password: required") a plain word is not enough.
bool password_value(std::string_view v, std::string_view, size_t) {
  if (v.size() < 4 || is_placeholder(v) || looks_like_path(v)) return false;
  Classes c = classes_of(v);
  return c.count() >= 2 || v.size() >= 12;
}

// A value assigned to a token/key/secret name: needs the look of a credential.
bool credential_value(std::string_view v, std::string_view text, size_t at) {
  if (v.size() < 8 || is_placeholder(v) || looks_like_path(v) || looks_like_word_or_version(v)) return false;
  if (digest_with_algorithm(v)) return false;
  if (labelled_as_digest(text, at)) return false;
  Classes c = classes_of(v);
  if (c.count() < 2 && !(is_hex(v) && v.size() >= 16)) return false;
  return shannon_entropy(v) >= 2.5;
}

// A string next to a secret-looking word with no assignment: only when it is long
// and random, and not a hash, id or uuid someone named.
bool high_entropy_value(std::string_view v, std::string_view text, size_t at) {
  if (v.size() < 16 || is_placeholder(v) || looks_like_path(v) || is_uuid(v) || digest_with_algorithm(v)) return false;
  if (labelled_as_digest(text, at)) return false;
  Classes c = classes_of(v);
  if (!c.digit) return false;
  if (c.count() < 3 && !(is_hex(v) && v.size() >= 32)) return false;
  return shannon_entropy(v) >= 3.2;
}

// Prefixed tokens (sk-..., npm_...) must have a random tail, so "sk-learn-estimator" is spared.
bool random_tail(std::string_view v, std::string_view, size_t) {
  Classes c = classes_of(v);
  return c.digit && (c.upper || c.lower) && shannon_entropy(v) >= 3.0;
}

}  // namespace

struct Redactor::Rule {
  std::string kind;
  std::unique_ptr<RE2> re;
  int group = 0;  // the submatch replaced; 0 is the whole match
  Check check;
};

double shannon_entropy(std::string_view s) {
  if (s.empty()) return 0;
  std::array<int, 256> n{};
  for (unsigned char c : s) ++n[c];
  double h = 0;
  const double len = static_cast<double>(s.size());
  for (int k : n)
    if (k) {
      const double p = k / len;
      h -= p * std::log2(p);
    }
  return h;
}

Redactor::Redactor() {
  auto add = [this](std::string kind, const char* pattern, int group, Check check) {
    RE2::Options o;
    o.set_log_errors(false);
    o.set_max_mem(64 << 20);
    auto rule = std::make_unique<Rule>();
    rule->kind = std::move(kind);
    rule->re = std::make_unique<RE2>(pattern, o);
    rule->group = group;
    rule->check = std::move(check);
    rules_.push_back(std::move(rule));
  };
  // Blocks first: they swallow whatever else lies inside them.
  add("private_key",
      R"((?s)-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----(?:.*?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\:,-]*))",
      0, any_value);
  add("jwt", R"(\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})", 0, any_value);
  add("age_secret_key", R"(\bAGE-SECRET-KEY-1[0-9A-Z]{50,})", 0, any_value);
  // Provider tokens with published prefixes.
  add("aws_access_key", R"(\b((?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16})\b)", 1, any_value);
  add("github_token", R"(\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,255}))", 1, any_value);
  add("github_token", R"(\b(github_pat_[A-Za-z0-9_]{22,255}))", 1, any_value);
  add("gitlab_token", R"(\b(gl(?:pat|ptt|dt|rt|cbt|imt|ft|oas|soat|agent)-[A-Za-z0-9_-]{20,}))", 1, any_value);
  add("gitlab_token", R"(\b(GR1348941[A-Za-z0-9_-]{20,}))", 1, any_value);
  add("slack_token", R"(\b(xox[abposrec]-[A-Za-z0-9-]{10,}))", 1, any_value);
  add("slack_token", R"(\b(xapp-\d-[A-Za-z0-9-]{10,}))", 1, any_value);
  add("slack_webhook", R"((https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}))", 1,
      any_value);
  add("discord_webhook", R"((https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}))", 1,
      any_value);
  add("stripe_key", R"(\b((?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}))", 1, any_value);
  add("stripe_key", R"(\b(whsec_[A-Za-z0-9]{20,}))", 1, any_value);
  add("google_api_key", R"(\b(AIza[0-9A-Za-z_-]{30,}))", 1, any_value);
  add("google_oauth", R"(\b(GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[0-9A-Za-z_-]{20,}|1//0[0-9A-Za-z_-]{30,}))", 1, any_value);
  add("anthropic_key", R"(\b(sk-ant-[A-Za-z0-9_-]{20,}))", 1, any_value);
  add("openai_key", R"(\b(sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}))", 1, random_tail);
  add("npm_token", R"(\b(npm_[A-Za-z0-9]{30,}))", 1, any_value);
  add("pypi_token", R"(\b(pypi-[A-Za-z0-9_-]{40,}))", 1, any_value);
  add("rubygems_token", R"(\b(rubygems_[a-f0-9]{40,}))", 1, any_value);
  add("nuget_key", R"(\b(oy2[a-z0-9]{43}))", 1, random_tail);
  add("docker_token", R"(\b(dckr_pat_[A-Za-z0-9_-]{20,}))", 1, any_value);
  add("huggingface_token", R"(\b(hf_[A-Za-z0-9]{30,}))", 1, random_tail);
  add("twilio_key", R"(\b((?:SK|AC)[0-9a-f]{32})\b)", 1, any_value);
  add("sendgrid_key", R"(\b(SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}))", 1, any_value);
  add("mailgun_key", R"(\b(key-[0-9a-zA-Z]{32}))", 1, random_tail);
  add("mailchimp_key", R"(\b([0-9a-f]{32}-us\d{1,2})\b)", 1, any_value);
  add("digitalocean_token", R"(\b(do[opr]_v1_[a-f0-9]{64}))", 1, any_value);
  add("shopify_token", R"(\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}))", 1, any_value);
  add("square_token", R"(\b(sq0(?:atp|csp)-[0-9A-Za-z_-]{22,}|EAAA[A-Za-z0-9_-]{60,}))", 1, any_value);
  add("databricks_token", R"(\b(dapi[a-f0-9]{32}(?:-\d)?))", 1, any_value);
  add("vault_token", R"(\b(hv[sbr]\.[A-Za-z0-9_-]{24,}))", 1, any_value);
  add("postman_key", R"(\b(PMAK-[a-f0-9]{24}-[a-f0-9]{34}))", 1, any_value);
  add("grafana_token", R"(\b(gl(?:c|sa)_[A-Za-z0-9_=+/-]{30,}))", 1, any_value);
  add("newrelic_key", R"(\b(NR(?:AK|AA|II|JS)-[A-Z0-9]{20,}))", 1, any_value);
  add("sentry_token", R"(\b(sntr[ysu]_[A-Za-z0-9_=+/-]{30,}))", 1, any_value);
  add("linear_key", R"(\b(lin_(?:api|oauth)_[A-Za-z0-9]{30,}))", 1, any_value);
  add("atlassian_token", R"(\b(ATATT3[A-Za-z0-9_=-]{30,}))", 1, any_value);
  add("planetscale_token", R"(\b(pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{30,}))", 1, any_value);
  add("doppler_token", R"(\b(dp\.(?:pt|st|ct|scim|audit)\.[A-Za-z0-9]{30,}))", 1, any_value);
  add("telegram_token", R"(\b(\d{8,10}:AA[A-Za-z0-9_-]{33}))", 1, any_value);
  add("discord_token", R"(\b([MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}))", 1, random_tail);
  add("alibaba_key", R"(\b(LTAI[A-Za-z0-9]{12,24})\b)", 1, random_tail);
  add("azure_client_secret", R"((?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}))", 1, any_value);
  add("firebase_key", R"(\b(AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}))", 1, any_value);
  // Connection strings and URLs.
  add("azure_key",
      R"((?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|SharedSecretValue|AccessKey)\s*=\s*([A-Za-z0-9+/=%_-]{16,}))",
      1, credential_value);
  add("azure_sas", R"([?&]sig=([A-Za-z0-9%+/=]{20,}))", 1, any_value);
  add("password", R"(\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@'"]{0,64}:([^\s@/'"]{1,128})@)", 1,
      [](std::string_view v, std::string_view, size_t) { return !is_placeholder(v); });
  add("password", R"((?i)(?:^|[;\s"'])(?:password|pwd)\s*=\s*([^;\s"']{3,}))", 1, password_value);
  // Headers.
  add("bearer_token", R"((?i)\bauthorization\s*:\s*(?:bearer|basic|token|digest)\s+([A-Za-z0-9._~+/=-]{12,}))", 1,
      [](std::string_view v, std::string_view, size_t) { return !is_placeholder(v); });
  add("bearer_token", R"((?i)\bbearer\s+([A-Za-z0-9._~+/-]{20,}=*))", 1, credential_value);
  add("api_key_header", R"((?i)\b(?:x-api-key|api-key|x-auth-token|x-access-token|private-token)\s*:\s*([A-Za-z0-9._~+/=-]{12,}))",
      1, credential_value);
  // Values assigned to secret-looking names, in code, config, env files and JSON.
  add("password",
      R"((?i)\b[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd)[A-Za-z0-9_.-]*["']?\s*(?:=|:=|=>|:)\s*["'`]?([^\s"'`,;)}\]]{4,}))",
      1, password_value);
  add("secret",
      R"((?i)\b[A-Za-z0-9_.-]*(?:secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?|signing[_-]?key|encryption[_-]?key|master[_-]?key|session[_-]?key)[A-Za-z0-9_.-]*["']?\s*(?:=|:=|=>|:)\s*["'`]?([^\s"'`,;)}\]]{8,}))",
      1, credential_value);
  // A random string next to a secret-looking word, in prose.
  add("high_entropy_secret",
      R"((?i)\b(?:secret|token|api[ _-]?key|access[ _-]?key|auth[ _-]?key|password|passphrase|credentials?|private[ _-]?key)s?\b[^\n.]{0,24}?[\s:=("'`]([A-Za-z0-9+/_~-]{16,}={0,2}))",
      1, high_entropy_value);
}

Redactor::~Redactor() = default;

namespace {

// One pass of every rule, in order, over the text.
RedactResult redact_pass(const std::vector<std::unique_ptr<Redactor::Rule>>& rules, std::string_view input) {
  RedactResult result;
  std::string text(input);
  for (const auto& rule : rules) {
    if (!rule->re->ok()) continue;
    const int n = rule->group + 1;
    std::vector<re2::StringPiece> m(static_cast<size_t>(n));
    std::string out;
    size_t pos = 0, copied = 0;
    bool any = false;
    const re2::StringPiece whole(text);
    while (pos <= text.size() &&
           rule->re->Match(whole, pos, text.size(), RE2::UNANCHORED, m.data(), n)) {
      const re2::StringPiece& g = m[static_cast<size_t>(rule->group)];
      const size_t end = static_cast<size_t>(m[0].data() - text.data()) + m[0].size();
      if (g.data() != nullptr && !g.empty()) {
        const size_t at = static_cast<size_t>(g.data() - text.data());
        const std::string_view value(g.data(), g.size());
        // A check reads at most kContext bytes before the value; when a secret
        // replaced earlier in this pass lies within them, it reads the text as
        // rewritten, so a label inside that secret cannot vouch for this value.
        std::string rewritten;
        std::string_view seen = text;
        size_t seen_at = at;
        if (any && at - copied < kContext) {
          rewritten = out.substr(out.size() - std::min(out.size(), kContext)) + text.substr(copied, end - copied);
          seen = rewritten;
          seen_at = rewritten.size() - (end - at);
        }
        if (rule->check(value, seen, seen_at)) {
          out.append(text, copied, at - copied);
          out += "[REDACTED:" + rule->kind + "]";
          copied = at + g.size();
          result.kinds.push_back(rule->kind);
          any = true;
        }
      }
      pos = end > pos ? end : pos + 1;
    }
    if (any) {
      out.append(text, copied, std::string::npos);
      text = std::move(out);
    }
  }
  result.text = std::move(text);
  return result;
}

}  // namespace

RedactResult Redactor::redact(std::string_view input) const {
  // A value's check reads the words before it (a "rev " label, say), and a later
  // rule may replace a secret holding them. Passes repeat until one changes
  // nothing, so redact(redact(x)) == redact(x) (properties/fuzz/redact_fuzz.cpp
  // found it). The bound only guards the loop.
  RedactResult result = redact_pass(rules_, input);
  for (int i = 0; i < 8 && result.changed(); ++i) {
    RedactResult more = redact_pass(rules_, result.text);
    if (!more.changed()) break;
    result.text = std::move(more.text);
    result.kinds.insert(result.kinds.end(), more.kinds.begin(), more.kinds.end());
  }
  return result;
}

Status refuse_secret(const Redactor& redactor, std::string_view field, std::string_view text) {
  RedactResult r = redactor.redact(text);
  if (!r.changed()) return {};
  std::string kinds;
  for (const std::string& k : r.kinds)
    if (kinds.find(k) == std::string::npos) kinds += (kinds.empty() ? "" : ", ") + k;
  return Error{std::string(field) + ": looks like it holds a secret (" + kinds +
               "); nothing written. Store where the secret lives, never the secret"};
}

}  // namespace memsim
