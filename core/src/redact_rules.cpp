// The rule table: what each kind of secret looks like and what in a match is
// secret. Provider formats come first (each from the provider's own description,
// cited in docs/redaction.md), then credentials known by their context (URLs,
// headers, command lines, assignments, prose), then tokens known only by a
// prefix and a random tail. Personal data is in redact_pii.cpp.
#include <algorithm>
#include <cctype>
#include <string>

#include "memsim/redact.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

std::string lowered(std::string_view v) {
  std::string s(v);
  for (char& c : s) c = lower(c);
  return s;
}

void add(std::vector<Found>& out, const Hit& h, std::string_view v, std::string_view kind = {}) {
  if (!v.empty()) out.push_back({h.at(v), h.at(v) + v.size(), kind});
}

void add_span(std::vector<Found>& out, ValueSpan s, std::string_view kind = {}) {
  if (s.end > s.begin) out.push_back({s.begin, s.end, kind});
}

// Group g whenever it matched.
Pick group(int g) {
  return [g](const Hit& h, std::vector<Found>& out) { add(out, h, h.groups[static_cast<size_t>(g)]); };
}

// Group g when `ok` accepts it.
Pick group_if(int g, bool (*ok)(std::string_view)) {
  return [g, ok](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[static_cast<size_t>(g)];
    if (ok(v)) add(out, h, v);
  };
}

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

bool assigned_credential(std::string_view v) { return credential_like(v, Context::kAssigned); }
bool assigned_password(std::string_view v) { return password_like(v, Context::kAssigned); }

std::string_view kind_for(NameClass c) {
  switch (c) {
    case NameClass::kPassword: return "password";
    case NameClass::kPin: return "pin";
    default: return "secret";
  }
}

bool pin_like(std::string_view v) {
  if (v.size() < 4 || v.size() > 12) return false;
  return std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Whether the value a secret-like name holds is a secret, by what the name says.
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

// NAME <sep> value, where the match ends where the value begins; groups[1] is the
// name and groups[2] an opening quote, if any.
void pick_assignment(const Hit& h, std::vector<Found>& out) {
  const size_t name_at = h.at(h.groups[1]);
  // Inside an ARN or a path (arn:aws:secretsmanager:...:secret:prod/db), not a name.
  if (name_at > 0 && (h.text[name_at - 1] == ':' || h.text[name_at - 1] == '/')) return;
  NameClass c = classify_name(h.groups[1]);
  // "public key: ...", "API key: ...": a bare word takes the word before it as its qualifier.
  if (name_at >= 2 && h.text[name_at - 1] == ' ' && h.groups[1].find_first_of("_-.") == std::string_view::npos) {
    size_t w = name_at - 1;
    while (w > 0 && ((h.text[w - 1] >= 'a' && h.text[w - 1] <= 'z') || (h.text[w - 1] >= 'A' && h.text[w - 1] <= 'Z')))
      --w;
    if (w < name_at - 1)
      c = classify_name(std::string(h.text.substr(w, name_at - 1 - w)) + "_" + std::string(h.groups[1]));
  }
  if (c == NameClass::kNone) return;
  // Where the line starts with the name (.env, YAML, shell), a bare value runs to
  // white space; in code it stops at a delimiter, in a query string at & or #.
  const size_t back = name_at > 16 ? name_at - 16 : 0;  // "export " and indentation at most
  const size_t nl = h.text.substr(back, name_at - back).rfind('\n');
  const bool at_line_start = nl != std::string_view::npos || back == 0;
  const size_t line_start = nl != std::string_view::npos ? back + nl + 1 : back;
  std::string_view lead = at_line_start ? h.text.substr(line_start, name_at - line_start) : std::string_view("?");
  while (!lead.empty() && (lead.front() == ' ' || lead.front() == '\t' || lead.front() == '-')) lead.remove_prefix(1);
  const bool line_style = lead.empty() || lead == "export " || lead == "set " || lead == "ENV " || lead == "env ";
  const bool query = name_at > 0 && (h.text[name_at - 1] == '?' || h.text[name_at - 1] == '&');
  const Bare bare = query ? Bare::kQuery : line_style ? Bare::kLine : Bare::kCode;
  const ValueSpan s = read_value(h.text, h.end(), h.groups[2], bare);
  const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
  if (h.groups[2].empty() && bare == Bare::kCode && s.end < h.text.size() && h.text[s.end] == '(') return;  // a call
  if (h.groups[2].empty() && v.ends_with("(")) return;
  if (value_fits(c, v, h.text, s.begin, Context::kAssigned)) add_span(out, s, kind_for(c));
}

// groups[1] names the value in groups[2] (<password>..</password>, key="ApiKey" value="..").
void pick_named_value(const Hit& h, std::vector<Found>& out) {
  const NameClass c = classify_name(h.groups[1]);
  const std::string_view v = h.groups[2];
  if (c != NameClass::kNone && value_fits(c, v, h.text, h.at(v), Context::kAssigned)) add(out, h, v, kind_for(c));
}

// A command-line flag (--db-password X, --token=X, -storepass X): groups[1] is
// its name, groups[2] an opening quote.
void pick_flag(const Hit& h, std::vector<Found>& out) {
  const std::string_view name = h.groups[1];
  if (name.starts_with("no-") || name.ends_with("-stdin") || name.ends_with("-file") || name.ends_with("-env"))
    return;
  const NameClass c = classify_name(name);
  if (c == NameClass::kNone) return;
  const size_t at = h.end();
  if (at < h.text.size() && h.text[at] == '-') return;  // the next flag, not a value
  const ValueSpan s = read_value(h.text, at, h.groups[2]);
  const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
  if (is_common_word(v)) return;
  if (value_fits(c, v, h.text, s.begin, Context::kAssigned)) add_span(out, s, kind_for(c));
}

// The value that a tool's short flag takes (mysql -pX, sshpass -p X, redis-cli -a X):
// groups[1] is an opening quote, the value follows the match.
Pick tool_password() {
  return [](const Hit& h, std::vector<Found>& out) {
    const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
    const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
    if (v.size() >= 3 && !v.starts_with("-") && !is_reference(v) && !is_placeholder(v) && !looks_like_path(v) &&
        !is_common_word(v))
      add_span(out, s, "password");
  };
}

bool one_of(std::string_view w, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), w) != set.end();
}

bool looks_like_email(std::string_view v) {
  const size_t at = v.find('@');
  return at != std::string_view::npos && at > 0 && v.find('.', at) != std::string_view::npos;
}

// After a word such as "password" or "api key" in prose, the value it is given:
// "the staging password is Tr0ub4dor&3", "passphrase: walnut-rocket-staple-meadow92",
// "Unseal Key 1: 3Kd...". A value counts only where the sentence gives it one:
// right after the word, after "is", ":", "=", "set to", or in quotes; "for the
// admin" or "in the vault" names something else.
// A word as words are written (Summer, staging, re-used), not a chosen password.
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

// "admin/Adm1nP4ss!", "bob:Xy12!abc": the password half of a login pair.
bool pick_login_pair(std::string_view t, ValueSpan s, std::vector<Found>& out) {
  const std::string_view tok = t.substr(s.begin, s.end - s.begin);
  const size_t sep = tok.find_first_of("/:");
  if (sep == std::string_view::npos || sep == 0 || sep + 1 >= tok.size()) return false;
  if (tok.find_first_of("/:", sep + 1) != std::string_view::npos) return false;  // a path or a URL
  const std::string_view pass = tok.substr(sep + 1);
  if (!password_like(pass, Context::kAssigned) || is_plain_word(pass)) return false;
  add_span(out, {s.begin + sep + 1, s.end}, "password");
  return true;
}

void scan_prose(const Hit& h, NameClass c, std::string_view kind, bool login, std::vector<Found>& out) {
  const std::string_view t = h.text;
  size_t p = h.end();
  // "password-hasher", "tokens?limit=": part of a longer word, not a word before a value.
  if (p < t.size() && t[p] != ' ' && t[p] != '\t' && t[p] != ':' && t[p] != '=' && t[p] != '"' && t[p] != '\'' &&
      t[p] != '`' && t[p] != ';' && t[p] != ',')
    return;
  size_t line_end = std::min(t.size(), p + 120 + kMaxValue);
  if (const size_t nl = t.substr(p, line_end - p).find('\n'); nl != std::string_view::npos) line_end = p + nl;
  const size_t limit = std::min(line_end, p + 120);
  bool armed = true, explicit_marker = false;
  std::string last;
  for (int tokens = 0; tokens < 10 && p < limit; ++tokens) {
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
    std::string_view quote;
    if (ch == '"' || ch == '\'' || ch == '`') quote = t.substr(p, 1);
    else if (ch == '\\' && p + 1 < line_end && t[p + 1] == '"') quote = t.substr(p, 2);
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
    const bool label = quote.empty() && (raw.ends_with(":") || (tok.size() > 1 && tok.ends_with("=") &&
                                                                is_plain_word(tok.substr(0, tok.size() - 1))));
    const bool sentence_end = quote.empty() && raw.ends_with(".") && (raw_end >= line_end || t[raw_end] == ' ');
    p = raw_end > p ? raw_end : p + 1;
    if (tok.empty()) {
      if (raw.empty() && p < line_end && (t[p - 1] == ';' || t[p - 1] == ',')) {  // "passphrase; it is ..."
        armed = false;
        continue;
      }
      if (raw.empty() || (raw.find_first_not_of(",;)]}>") == std::string_view::npos)) break;  // end of clause
      continue;
    }
    if (tok.starts_with("[REDACTED") || tok.ends_with("(")) return;  // already done, or code
    const std::string w = lowered(tok);
    const bool quoted = !quote.empty();
    if (!quoted && one_of(w, {"is", "was", "are", "were", "be", "been", "becomes", "became", "equals", "reads",
                               "=", "->"})) {
      armed = explicit_marker = true;
    } else if (!quoted && w == "to" &&
               one_of(last, {"", "set", "changed", "reset", "updated", "rotated", "it", "back"})) {
      armed = explicit_marker = true;
    } else if (!quoted && one_of(w, {"for", "on", "in", "at", "of", "from", "by", "via", "under", "behind", "about",
                                     "inside", "and", "or", "but", "if", "when", "that", "which", "field", "prompt",
                                     "manager", "policy", "hash", "length", "file", "reset", "rotation", "change",
                                     "expiry", "id", "name", "type", "scope", "scopes", "count", "limit"})) {
      armed = false;
    } else if (!quoted && one_of(w, {"the", "a", "an", "our", "my", "new", "old", "current", "same", "still", "also",
                                     "actually", "just", "simply", "now", "here", "literally", "temporary",
                                     "temporarily", "default", "initial", "set", "changed", "updated", "rotated", "it",
                                     "back", "then", "again", "always", "probably", "should", "must", "will",
                                     "would", "stays", "remains", "you", "we", "i"})) {
      // keeps the sentence's state
    } else if (label && !quoted && tok.ends_with("=")) {
      armed = explicit_marker = true;  // "password token=": the value comes after the next word
    } else if (first && !quoted && is_plain_word(tok) && !label) {
      return;  // "password hint", "token bucket": the word names something else
    } else if (armed || quoted) {
      if (login && pick_login_pair(t, s, out)) return;
      bool ok = false;
      // Without "is", ":" or quotes, a plain word next to "password" is just a word.
      const bool given = quoted || explicit_marker || !is_plain_word(tok);
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

NameClass prose_class(std::string_view keyword) {
  const std::string k = lowered(keyword);
  if (k.starts_with("pin")) return NameClass::kPin;
  if (k.starts_with("pass") || k == "pw" || k == "pwd" || k == "identified by") return NameClass::kPassword;
  return NameClass::kSecret;
}

void pick_prose(const Hit& h, std::vector<Found>& out) {
  const NameClass c = prose_class(h.groups[1]);
  const std::string k = lowered(h.groups[1]);
  const bool login = k == "login" || k.starts_with("cred");
  std::string_view kind = c == NameClass::kPassword ? (k.starts_with("passp") || k.starts_with("pass p")
                                                           ? std::string_view("passphrase")
                                                           : std::string_view("password"))
                          : c == NameClass::kPin ? std::string_view("pin")
                                                 : std::string_view("secret");
  scan_prose(h, c, kind, login, out);
}

// "the deepgram key 3a0f...": a key named after its provider. The name must be
// a word of its own (not "the", "cache" or "public") and the value long and random.
void pick_named_key(const Hit& h, std::vector<Found>& out) {
  const std::string_view word = h.groups[1];
  if (is_common_word(word) || word.size() < 3) return;
  if (classify_name(std::string(word) + "_key") == NameClass::kNone) return;
  scan_prose(h, NameClass::kKey, "secret", false, out);
}

// scheme://user:password@host: the password; scheme://TOKEN@host and
// https://TOKEN:x-oauth-basic@host: the token.
void pick_url_userinfo(const Hit& h, std::vector<Found>& out) {
  const std::string_view user = h.groups[1], pass = h.groups[2];
  if (!pass.empty() && pass != "x-oauth-basic" && !is_reference(pass) && !is_placeholder(pass)) {
    add(out, h, pass, "password");
    return;
  }
  if (credential_like(user, Context::kAssigned) && user.size() >= 20) add(out, h, user, "url_token");
}

// A token whose prefix is not in the table but whose tail is random: how
// most providers shape their keys (gsk_, xai-, tvly-, pcsk_, r8_, HRKU-, ...).
void pick_prefixed(const Hit& h, std::vector<Found>& out) {
  const std::string prefix = lowered(h.groups[1]);
  std::string_view tail = h.groups[2];
  // Identifiers with random tails that are not credentials: Stripe's object ids,
  // API message and request ids, digests that name their algorithm.
  for (std::string_view p : {"cs_", "pi_", "ch_", "cus_", "evt_", "pm_", "seti_", "sub_", "in_", "prod_", "price_",
                             "acct_", "txn_", "po_", "tr_", "re_", "req_", "msg_", "run_", "thread_", "asst_", "file-",
                             "file_", "batch_", "toolu_", "chatcmpl-", "call_", "resp_", "sha", "md5", "blake",
                             "git-", "commit", "build", "tmp", "temp", "cache", "session-", "uuid", "v1-", "v2-"})
    if (prefix.starts_with(p)) return;
  if (is_hex(tail) || !looks_random(tail) || labelled_as_digest(h.text, h.at(h.groups[0]))) return;
  add(out, h, h.groups[0]);
}

struct Token {
  const char* kind;
  const char* pattern;  // group 1 is the token
  bool random;          // require a random tail (a word with the prefix is not a token)
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
    {"stripe_key", R"(\b((?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}))", false},
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
    {"twilio_key", R"(\b((?:SK|AC)[0-9a-f]{32})\b)", false},
    {"sendgrid_key", R"(\b(SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}))", false},
    {"mailgun_key", R"(\b(key-[0-9a-zA-Z]{32}))", true},
    {"mailchimp_key", R"(\b([0-9a-f]{32}-us\d{1,2})\b)", false},
    {"digitalocean_token", R"(\b(do[opr]_v1_[a-f0-9]{64}))", false},
    {"shopify_token", R"(\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}))", false},
    {"square_token", R"(\b(sq0(?:atp|csp)-[0-9A-Za-z_-]{22,}|EAAA[A-Za-z0-9_-]{60,}))", false},
    {"databricks_token", R"(\b(dapi[a-f0-9]{32}(?:-\d)?))", false},
    {"vault_token", R"(\b(hv[sbr]\.[A-Za-z0-9_-]{24,}))", false},
    {"postman_key", R"(\b(PMAK-[a-f0-9]{24}-[a-f0-9]{34}))", false},
    {"grafana_token", R"(\b(gl(?:c|sa)_[A-Za-z0-9_=+/-]{30,}))", false},
    {"newrelic_key", R"(\b(NR(?:AK|AA|II|JS)-[A-Z0-9]{20,}))", false},
    {"sentry_token", R"(\b(sntr[ysu]_[A-Za-z0-9_=+/-]{30,}))", false},
    {"linear_key", R"(\b(lin_(?:api|oauth)_[A-Za-z0-9]{30,}))", false},
    {"atlassian_token", R"(\b(ATATT3[A-Za-z0-9_=-]{30,}))", false},
    {"bitbucket_token", R"(\b(ATBB[A-Za-z0-9_=-]{28,}))", true},
    {"planetscale_token", R"(\b(pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{30,}))", false},
    {"doppler_token", R"(\b(dp\.(?:pt|st|ct|scim|audit|sa)\.[A-Za-z0-9]{30,}))", false},
    {"telegram_token", R"((?:^|[^0-9A-Za-z]|bot)(\d{6,12}:[A-Za-z0-9_-]{35})\b)", true},
    {"discord_token", R"(\b([MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}))", true},
    {"alibaba_key", R"(\b(LTAI[A-Za-z0-9]{12,24})\b)", true},
    {"azure_client_secret", R"((?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}))", false},
    {"firebase_key", R"(\b(AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}))", false},
    {"age_secret_key", R"(\b(AGE-SECRET-KEY-1[0-9A-Z]{50,}))", false},
    {"heroku_key", R"(\b(HRKU-[A-Za-z0-9_-]{30,}))", false},
    {"supabase_token", R"(\b(sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,}))", false},
    {"notion_token", R"(\b(ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}))", true},
    {"airtable_token", R"(\b(pat[A-Za-z0-9]{14}\.[a-f0-9]{64}))", false},
    {"figma_token", R"(\b(figd_[A-Za-z0-9_-]{40,}))", false},
    {"pulumi_token", R"(\b(pul-[a-f0-9]{40}))", false},
    {"terraform_token", R"(\b([A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}))", false},
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
    {"langsmith_key", R"(\b(lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}))", false},
    {"cloudflare_ca_key", R"(\b(v1\.0-[a-f0-9]{24}-[a-f0-9]{146}))", false},
    {"braintree_token", R"(\b(access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}))", false},
};

}  // namespace

std::vector<RuleSpec> block_rules() {
  std::vector<RuleSpec> r;
  // PEM private keys (RFC 7468): the whole block, also JSON-escaped; cut short, the
  // header and the base64 lines after it.
  r.push_back({"private_key",
               R"((?s)-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----)"
                   R"((?:.*?-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----|(?:(?:\r?\n|\\r?\\n|[ \t])+)"
                   R"((?:[A-Za-z0-9+/]{8,}={0,2}|[A-Za-z0-9+/]{1,7}={1,2}|Proc-Type:[^\n\\]*|DEK-Info:[^\n\\]*))*))",
               group(0), true});
  r.push_back({"private_key", R"((?s)PuTTY-User-Key-File-[23]: .*?Private-MAC: *[0-9a-fA-F]+)", group(0), true});
  // A PEM file in base64 (Kubernetes secrets, CI variables): base64 of "-----BEGIN " starts with LS0tLS1CRUdJTi.
  r.push_back({"private_key", R"((LS0tLS1CRUdJTi[A-Za-z0-9+/=]*(?:(?:\r?\n|\\n)[ \t]*[A-Za-z0-9+/=]{4,})*))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string head = base64_decode(h.groups[1], 120);
                 if (head.find("PRIVATE KEY") != std::string::npos) add(out, h, h.groups[1]);
               },
               true});
  // Kubernetes env entries: "- name: DB_PASSWORD" and on the next line "value: ...".
  r.push_back({"secret",
               R"((?i)\bname:[ \t]*["']?([A-Za-z0-9_.-]+)["']?[ \t]*\r?\n[ \t]*(?:-[ \t]*)?value:[ \t]*(["']?))",
               pick_assignment});
  return r;
}

std::vector<RuleSpec> line_rules() {
  std::vector<RuleSpec> r;
  r.push_back({"jwt",
               R"(\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*|)"
                   R"(eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}))",
               group(1)});
  // A private key's DER body in base64 without its PEM lines (PKCS#1, PKCS#8, SEC1, OpenSSH).
  r.push_back({"private_key",
               R"(\b((?:MII[A-Za-z0-9+/]{2}(?:AIBAAK|QIBADAN|gIBAAK|wIBAAK)|MHcCAQEE|MC4CAQAwBQYDK2Vw|)"
                   R"(MIG[HT]AgEAMBMGByqGSM49|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/=]{40,}))",
               group(1)});
  for (const Token& t : kTokens) r.push_back({t.kind, t.pattern, t.random ? group_if(1, random_tail) : group(1)});

  // URLs and connection strings.
  r.push_back({"password",
               R"(\b[A-Za-z][A-Za-z0-9+.-]{1,20}://([^\s:/@'"<>]*)(?::([^\s@/'"<>]*))?@[A-Za-z0-9\[])",
               pick_url_userinfo});
  r.push_back({"azure_key",
               R"((?i)\b(?:AccountKey|SharedAccessKey|SharedSecretValue|AccessKey|PrimaryKey|)"
                   R"(SecondaryKey)[ \t]*=[ \t]*([A-Za-z0-9+/=%_-]{16,}))",
               group_if(1, assigned_credential)});
  r.push_back({"azure_sas", R"([?&;]sig=([A-Za-z0-9%+/=]{20,}))", group(1)});
  r.push_back({"password", R"((?i)(?:^|[;\s"'])(?:password|pwd)[ \t]*=[ \t]*([^;\s"']{3,}))",
               group_if(1, assigned_password)});
  // HTTP headers.
  r.push_back({"bearer_token",
               R"((?i)\bauthori[sz]ation["']?[ \t]*[:=][ \t]*["']?)"
                   R"((?:bearer|basic|token|digest|apikey|api-key|ssws|key|oauth|sharedkey|hmac|negotiate|ntlm|)"
                   R"(aws4-hmac-sha256[ \t]+credential=[^\s,]*,[ \t]*signedheaders=[^\s,]*,[ \t]*signature=))"
                   R"([ \t]*([A-Za-z0-9._~+/=:-]{8,}))",
               group_if(1, not_reference)});
  r.push_back({"bearer_token", R"((?i)\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[1];
                 if (credential_like(v, Context::kProse)) add(out, h, v);
               }});
  r.push_back({"cookie", R"((?i)\b(?:set-)?cookie["']?[ \t]*:[ \t]*["']?)", [](const Hit& h, std::vector<Found>& out) {
                 // name=value pairs up to the end of the header; session-like names only.
                 size_t p = h.end();
                 size_t end = std::min(h.text.size(), p + kMaxValue);
                 if (const size_t e = h.text.substr(p, end - p).find_first_of("\n\"'"); e != std::string_view::npos)
                   end = p + e;
                 while (p < end) {
                   const size_t eq = h.text.find('=', p);
                   if (eq == std::string_view::npos || eq >= end) break;
                   size_t stop = h.text.find(';', eq);
                   if (stop == std::string_view::npos || stop > end) stop = end;
                   const std::string name = lowered(h.text.substr(p, eq - p));
                   const std::string_view v = h.text.substr(eq + 1, stop - eq - 1);
                   bool session = false;
                   for (std::string_view w : {"sess", "sid", "auth", "token", "jwt", "login", "remember", "secret",
                                              "key", "csrf", "xsrf"})
                     session = session || name.find(w) != std::string::npos;
                   if (session && credential_like(v, Context::kAssigned)) add(out, h, v);
                   p = stop + 1;
                   while (p < end && h.text[p] == ' ') ++p;
                 }
               }});

  // Passwords given to tools on the command line.
  r.push_back({"password",
               R"(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlpump|mysqlcheck|mariadb|)"
                   R"(mariadb-dump)\b[^\n|;&]*?[ \t]-p(["']?)[^\s"'-])",
               [](const Hit& h, std::vector<Found>& out) {
                 // The value starts at the last byte of the match.
                 const size_t at = h.end() - 1;
                 const ValueSpan s = read_value(h.text, at, h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 3 && !is_reference(v) && !is_placeholder(v)) add_span(out, s, "password");
               }});
  r.push_back({"password", R"(\bsshpass\b[^\n|;&]*?[ \t]-p[ \t]*(["']?))", tool_password()});
  r.push_back({"password", R"(\bredis-cli\b[^\n|;&]*?[ \t](?:-a|--pass)[ \t]+(["']?))", tool_password()});
  r.push_back({"password",
               R"(\b(?:docker|podman|helm|buildah|skopeo|oras|nerdctl|crane|cf|oc|az)\b)"
                   R"([^\n|;&]*?\blogin\b[^\n|;&]*?[ \t]-p[ \t]*(["']?))",
               tool_password()});
  r.push_back({"password", R"(\b(?:sqlcmd|bcp|osql|isql|ipmitool)\b[^\n|;&]*?[ \t]-P[ \t]*(["']?))",
               tool_password()});
  r.push_back({"password",
               R"(\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]*?[ \t]-w[ \t]+(["']?))",
               tool_password()});
  r.push_back({"password",
               R"(\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b[^\n|;&]*?[ \t]-p[ \t]+(["']?))",
               tool_password()});
  r.push_back({"password", R"(\b(?:zip|unzip|7z|7za|rar|unrar)\b[^\n|;&]*?[ \t]-[Pp][ \t]*(["']?))",
               tool_password()});
  r.push_back({"password", R"(\bssh-keygen\b[^\n|;&]*?[ \t]-[NP][ \t]+(["']?))", tool_password()});
  r.push_back({"password", R"(\b(?:xfreerdp|wlfreerdp|sdl-freerdp)\b[^\n]*?[ \t]/p:(["']?))", tool_password()});
  r.push_back({"password", R"(\bpass:(["']?))", tool_password()});  // openssl -passin pass:X
  r.push_back({"password",
               R"(\b(?:smbclient|rpcclient|smbmap|crackmapexec|nxc|winexe)\b[^\n|;&]*?-U[ \t]*["']?[^\s%'"]+%(["']?))",
               tool_password()});
  r.push_back({"password",
               R"(\b(?:curl|wget|http|https|xh|lftp)\b[^\n|;&]*?[ \t](?:-u|--user|--proxy-user|-U|-a|)"
                   R"(--auth)[ \t=]*["']?[^\s:,'"$]+[:,](["']?))",
               tool_password()});
  // htpasswd -b FILE USER PASSWORD (the password on the command line only with -b).
  r.push_back({"password", R"(\bhtpasswd((?:[ \t]+-[a-zA-Z]+)+)[ \t]+\S+[ \t]+\S+[ \t]+(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1].find('b') == std::string_view::npos) return;
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[2]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 3 && !is_reference(v)) add_span(out, s, "password");
               }});
  r.push_back({"password", R"(\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+(["']?))",
               tool_password()});
  r.push_back({"password",
               R"(\b(?:echo|printf)[ \t]+(?:-n[ \t]+|-e[ \t]+|'%s\\?n?'[ \t]+|"%s\\?n?"[ \t]+)?)"
                   R"(["']?([^\s'"|]+)["']?[ \t]*\|[^\n]*?)"
                   R"((?:--password-stdin|sudo[ \t]+-S|chpasswd|passwd[ \t]+--stdin|login[ \t]+[^\n]*-u))",
               [](const Hit& h, std::vector<Found>& out) {
                 std::string_view v = h.groups[1];
                 const size_t colon = v.find(':');  // chpasswd reads user:password
                 if (colon != std::string_view::npos && h.groups[0].find("chpasswd") != std::string_view::npos)
                   v = v.substr(colon + 1);
                 if (v.size() >= 3 && !is_reference(v) && !is_placeholder(v)) add(out, h, v, "password");
               }});
  r.push_back({"secret", R"(\bvault[ \t]+(?:operator[ \t]+unseal|login)[ \t]+(?:-[a-z]+=\S+[ \t]+)*(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (credential_like(v, Context::kAssigned)) add_span(out, s);
               }});
  r.push_back({"secret", R"(\bdoctl\b[^\n|;&]*?[ \t]-t[ \t]+(["']?))", [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 if (credential_like(h.text.substr(s.begin, s.end - s.begin), Context::kAssigned)) add_span(out, s);
               }});
  r.push_back({"secret",
               R"(\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add))"
                   R"([ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+["']?([^\s'"]+))",
               group_if(1, assigned_credential)});
  r.push_back({"secret", R"(\bsecret[ \t]+set[ \t]+[A-Za-z0-9_]+[ \t]+(?:--body|-b)[ \t=]*(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 4 && !is_reference(v)) add_span(out, s);
               }});

  // A .pgpass line: host:port:database:user:password.
  r.push_back({"password",
               R"(^[ \t]*[A-Za-z0-9.*_-]*[A-Za-z*][A-Za-z0-9.*_-]*:(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:(\S+)[ \t]*$)",
               group_if(1, assigned_password)});
  // A name and its value side by side.
  r.push_back({"secret", R"(<([A-Za-z][A-Za-z0-9_:.-]*)>([^<\n]+)</([A-Za-z][A-Za-z0-9_:.-]*)>)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1] == h.groups[3]) pick_named_value(h, out);
               }});
  r.push_back({"secret",
               R"((?i)\b(?:key|name)[ \t]*=[ \t]*\\?"([^"\n]+)\\?"[ \t]+value[ \t]*=[ \t]*\\?"([^"\\\n]+))",
               pick_named_value});
  r.push_back({"secret",
               R"((?i)\\?"(?:name|key|Name|Key)\\?"[ \t]*:[ \t]*\\?"([^"\\\n]+)\\?"[ \t]*,[ \t]*\\?"(?:value|)"
                   R"(Value)\\?"[ \t]*:[ \t]*\\?"([^"\\\n]+))",
               pick_named_value});
  r.push_back({"secret",
               R"(\b(?:config(?:ure)?[ \t]+set|setx|setenv|set[ \t]+-[gxU]+|ENV|ARG)[ \t]+([^\s=]{2,})[ \t=]+(["']?))",
               pick_assignment});
  // --db-password X, --token=X, -storepass X (single-dash long flags, as keytool and openssl use).
  r.push_back({"secret", R"((?:^|[\s"'(])--?([A-Za-z][A-Za-z0-9_-]{2,})(?:[ \t]+|=)(["']?))", pick_flag});
  // NAME=value, NAME: value, "name": "value", name := "value", name => 'value'.
  r.push_back({"secret",
               R"re((?i)(?:^|[^A-Za-z0-9_.\-])([A-Za-z0-9_.\-]*(?:pass|pwd|psw|pw|secret|token|key|auth|cred|salt|)re"
                   R"re(seed|mnemonic|psk|sas|cookie|jwt|hmac|pin|bearer|mdp|senha|parola|)re"
                   R"re(contrasena)[A-Za-z0-9_\-]*)(?:\\?["'])?\]?[ \t]*(?:=|:=|=>|:|->|\+=)[ \t]*(\\?["'`]|))re",
               pick_assignment});
  // In prose: "the password is ...", "passphrase: ...", "Unseal Key 1: ...".
  r.push_back({"secret",
               R"((?i)\b(passwords?|passwd|passphrases?|pass phrase|passcodes?|pins?|pin codes?|pin numbers?|)"
                   R"(unseal keys?(?: \d+)?|recovery (?:keys?|codes?)|root tokens?|(?:api|access|secret|private|)"
                   R"(signing|master|encryption|license|admin|service|account|app|client|bot|auth|deploy|webhook|)"
                   R"(storage|subscription|personal access|integration|ingest|write|read) ?(?:keys?|tokens?|)"
                   R"(secrets?)|tokens?|secrets?|credentials?|creds|login|pw|pwd|pat|otp|seed|seed phrase|mnemonic|)"
                   R"(identified by)\b)",
               pick_prose});
  r.push_back({"secret", R"((?i)\b([A-Za-z][A-Za-z0-9]+)[ _-]keys?\b)", pick_named_key});
  // Any other prefix_ with a long random tail.
  r.push_back({"prefixed_token",
               R"(\b([A-Za-z][A-Za-z0-9]{1,11}(?:[_-][A-Za-z0-9]{1,11}){0,2}[_-])([A-Za-z0-9_-]{30,}))",
               pick_prefixed});
  return r;
}

std::vector<RuleSpec> pii_rules() {
  std::vector<RuleSpec> r;
  // Not a piece of a longer dashed or dotted token (a UUID, a version, a date).
  auto card = [](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[1];
    const size_t at = h.at(v), end = at + v.size();
    auto alnum = [&](size_t i) { return i < h.text.size() && std::isalnum(static_cast<unsigned char>(h.text[i])); };
    auto joins = [&](size_t i) { return h.text[i] == '-' || h.text[i] == '.' || h.text[i] == '/'; };
    if ((at > 1 && joins(at - 1) && alnum(at - 2)) || (end < h.text.size() && joins(end) && alnum(end + 1))) return;
    if (is_card_number(v)) add(out, h, v);
  };
  r.push_back({"card_number", R"(\b(\d{4}(?:[ -]?\d{2,7}){2,4})\b)", card});
  r.push_back({"card_number", R"(\b(\d{13,19})\b)", card});
  r.push_back({"us_ssn", R"(\b(\d{3}-\d{2}-\d{4})\b)", group_if(1, is_us_ssn)});
  r.push_back({"us_ssn", R"((?i)\b(?:ssn|social security(?: number| no\.?|)"
      R"( #)?)\b[^\n\d]{0,20}(\d{3}[ -]?\d{2}[ -]?\d{4})\b)",
               group_if(1, is_us_ssn)});
  r.push_back({"uk_nino", R"(\b([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])\b)", group_if(1, is_uk_nino)});
  r.push_back({"iban", R"(\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b)", group_if(1, is_iban)});
  r.push_back({"ca_sin", R"(\b(\d{3}[ -]\d{3}[ -]\d{3})\b)", group_if(1, is_ca_sin)});
  r.push_back({"br_cpf", R"(\b(\d{3}\.\d{3}\.\d{3}-\d{2})\b)", group_if(1, is_br_cpf)});
  r.push_back({"es_dni", R"(\b([XYZ]?\d{7,8}-?[A-Z])\b)", group_if(1, is_es_dni)});
  r.push_back({"in_aadhaar", R"(\b([2-9]\d{3}[ -]\d{4}[ -]\d{4})\b)", group_if(1, is_in_aadhaar)});
  r.push_back({"in_pan", R"(\b([A-Z]{5}\d{4}[A-Z])\b)", group_if(1, is_in_pan)});
  return r;
}

}  // namespace memsim::redact_detail
