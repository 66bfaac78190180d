// Key material in any armour, found over the whole text (a key spans lines):
// any BEGIN/END block whose label names a private or secret key (RFC 7468's PEM,
// OpenVPN's static keys, the SSH2 format of RFC 4716), also JSON-escaped, cut
// short, or in base64; PuTTY key files; a JWK's private members; a Tink keyset's
// key data; a signify or minisign secret key file. Public keys, certificates,
// signatures and requests, in the same armour, are left alone.
#include <algorithm>
#include <string>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

using ascii::lowered;

// Whether an armour's label names secret material: PRIVATE or SECRET, or a KEY
// that is not PUBLIC ("OpenVPN Static key V1"). CERTIFICATE, CERTIFICATE REQUEST,
// PUBLIC KEY, PGP SIGNATURE, PGP MESSAGE and X509 CRL are public or not keys.
bool names_secret_key(std::string_view label) {
  const std::string low = lowered(label);
  auto has = [&](std::string_view w) { return low.find(w) != std::string::npos; };
  if (has("private") || has("secret")) return true;
  return has("key") && !has("public");
}

// A BEGIN ... block: its label in groups[1]; the whole block is the secret. A
// public block cut short may reach to a key's END line: the search goes on from
// its label, so the key's own BEGIN is read.
void pick_armoured_key(const Hit& h, std::vector<Found>& out) {
  if (names_secret_key(h.groups[1])) add(out, h, h.groups[0]);
  else if (h.resume) *h.resume = h.at(h.groups[1]) + h.groups[1].size();
}

// The armour around a label ("-----BEGIN X-----" in RFC 7468, "---- BEGIN X ----"
// in RFC 4716), then the block to its END line or, cut short, the base64 lines
// and the headers (Proc-Type, DEK-Info, Comment, Version) after it; line breaks
// may be JSON-escaped. A block's body is base64, blanks, escapes and its
// headers' punctuation: the search for END stops at any other byte ('{', '`',
// '!', ...), so a header cut short never reaches, through pages of transcript,
// the END line of another block.
std::string armour(std::string_view dashes, std::string_view gap) {
  const std::string open = std::string(dashes) + std::string(gap), close = std::string(gap) + std::string(dashes);
  return open + R"(BEGIN ([A-Za-z0-9 ]{1,60}?))" + close + R"re((?:[A-Za-z0-9+/=\s\\:,.()"'@_-]*?)re" + open +
         R"(END [A-Za-z0-9 ]{1,60}?)" + close +
         R"(|(?:(?:\r?\n|(?:\\r)?\\n|[ \t])+)"
         R"((?:[A-Za-z0-9+/]{8,}={0,2}|[A-Za-z0-9+/]{1,7}={1,2}|(?:Proc-Type|DEK-Info|Comment|Version):[^\n\\]*))*))";
}

// The string value of member `name` inside obj[from, to), JSON or JSON-escaped:
// "name": "value". Empty when absent.
std::string_view member(std::string_view obj, std::string_view name) {
  for (size_t at = obj.find(name); at != std::string_view::npos; at = obj.find(name, at + 1)) {
    if (at == 0 || obj[at - 1] != '"' || at + name.size() >= obj.size() || obj[at + name.size()] != '"') continue;
    size_t p = at + name.size() + 1;
    if (p < obj.size() && obj[p] == '\\') ++p;  // \"name\"
    while (p < obj.size() && (obj[p] == ' ' || obj[p] == '\t' || obj[p] == '\n' || obj[p] == '\r')) ++p;
    if (p >= obj.size() || obj[p] != ':') continue;
    ++p;
    while (p < obj.size() && (obj[p] == ' ' || obj[p] == '\t' || obj[p] == '\n' || obj[p] == '\r')) ++p;
    if (p < obj.size() && obj[p] == '\\') ++p;
    if (p >= obj.size() || obj[p] != '"') continue;
    const size_t begin = p + 1;
    const size_t end = obj.find_first_of("\"\\", begin);
    if (end == std::string_view::npos) return {};
    return obj.substr(begin, end - begin);
  }
  return {};
}

// The flat JSON object around text[at]: from the last "{" before it to the first
// "}" after it, at most 4 KB each way (a JWK's and a Tink keyData's members are
// strings and numbers).
std::string_view object_around(std::string_view t, size_t at) {
  constexpr size_t kReach = 4096;
  const size_t lo = at > kReach ? at - kReach : 0;
  const size_t open = t.substr(lo, at - lo).rfind('{');
  if (open == std::string_view::npos) return {};
  const size_t close = t.substr(at, kReach).find('}');
  if (close == std::string_view::npos) return {};
  return t.substr(lo + open, at + close + 1 - (lo + open));
}

bool base64url_body(std::string_view v) {
  return v.size() >= 16 && std::all_of(v.begin(), v.end(), [](char c) {
           return ascii::is_alnum(c) || c == '-' || c == '_' || c == '+' || c == '/' || c == '=';
         });
}

// A JWK's private members (RFC 7518 section 6.2.2 for EC and 6.3.2 for RSA, RFC
// 8037 for OKP: "d", "p", "q", "dp", "dq", "qi"; section 6.4 for symmetric: "k").
void pick_jwk_private_members(const Hit& h, std::vector<Found>& out) {
  const std::string_view obj = object_around(h.text, h.at(h.groups[0]));
  for (std::string_view name : {"d", "p", "q", "dp", "dq", "qi", "k"}) {
    const std::string_view v = member(obj, name);
    if (base64url_body(v)) add(out, h, v);
  }
}

// A Tink keyset in JSON: each keyData's "value" is the serialized key, secret
// unless its keyMaterialType says ASYMMETRIC_PUBLIC or REMOTE (a key held in a KMS).
void pick_tink_key_data(const Hit& h, std::vector<Found>& out) {
  const std::string_view obj = object_around(h.text, h.end());
  const std::string_view type = member(obj, "keyMaterialType");
  if (type.empty() || type == "ASYMMETRIC_PUBLIC" || type == "REMOTE") return;
  const std::string_view v = member(obj, "value");
  if (base64url_body(v)) add(out, h, v);
}

// signify and minisign key files: "untrusted comment: ... secret key" and the
// base64 key on the next line (signify(1); minisign's "Key format").
void pick_signify_secret_key(const Hit& h, std::vector<Found>& out) {
  const std::string comment = lowered(h.groups[1]);
  if (comment.find("secret key") != std::string::npos || comment.find("private key") != std::string::npos)
    add(out, h, h.groups[2]);
}

// A key file in base64 (groups[1]), judged by its decoded header: `open`, then the
// label up to `close`, which `secret` reads.
void pick_base64_armour(const Hit& h, std::vector<Found>& out, std::string_view open, std::string_view close,
                        bool (*secret)(std::string_view)) {
  const std::string head = base64_decode(h.groups[1], 120);
  const size_t end = head.find(close, open.size());
  if (head.starts_with(open) && end != std::string::npos &&
      secret(std::string_view(head).substr(open.size(), end - open.size())))
    add(out, h, h.groups[1]);
}

}  // namespace

std::vector<RuleSpec> key_block_rules() {
  std::vector<RuleSpec> r;
  r.push_back({"private_key", armour("-----", ""), pick_armoured_key, true, {}, "-----BEGIN "});
  r.push_back({"private_key", armour("----", " "), pick_armoured_key, true, {}, "---- BEGIN "});
  r.push_back({"private_key",
               R"((?s)PuTTY-User-Key-File-[23]: .*?Private-MAC: *[0-9a-fA-F]+)",
               group(0),
               true,
               {},
               "PuTTY-User-Key-File"});
  // PuTTY's private lines cut from their file: the lines of base64 after
  // "Private-Lines: N" (PuTTY's "PPK file format"), however the file was quoted.
  r.push_back({"private_key",
               R"(Private-Lines:[ \t]*\d+[ \t]*\r?\n((?:[ \t]*[A-Za-z0-9+/]{4,}={0,2}[ \t]*(?:\r?\n|$))+))",
               [](const Hit& h, std::vector<Found>& out) {
                 std::string_view body = h.groups[1];
                 while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
                 add(out, h, body);
               },
               true,
               {},
               "Private-Lines:"});
  // An armoured file in base64 (Kubernetes secrets, CI variables): base64 of
  // "-----BEGIN " starts with LS0tLS1CRUdJTi; its label decides, as above.
  r.push_back({"private_key",
               R"((LS0tLS1CRUdJTi[A-Za-z0-9+/=]*(?:(?:\r?\n|\\n)[ \t]*[A-Za-z0-9+/=]{4,})*))",
               [](const Hit& h, std::vector<Found>& out) {
                 pick_base64_armour(h, out, "-----BEGIN ", "-----", names_secret_key);
               },
               true,
               {},
               "LS0tLS1CRUdJTi"});
  // Tor's key files in base64 ("== ed25519v1-secret: type0 ==" and its kin): the
  // header names a secret or a public key.
  r.push_back({"private_key",
               R"((PT0g[A-Za-z0-9+/]{20,}={0,2}))",
               [](const Hit& h, std::vector<Found>& out) {
                 pick_base64_armour(h, out, "== ", " ==", [](std::string_view label) {
                   return label.find("secret") != std::string_view::npos;
                 });
               },
               false,
               {},
               "PT0g"});
  // A Kerberos keytab in base64 (a Kubernetes secret's data): the file starts with
  // version bytes 0x05 0x02 and the first entry's 32-bit length (MIT krb5's keytab
  // format), so its base64 starts BQIAAA. Every entry holds a key.
  r.push_back({"private_key", R"((BQIAAA[A-Za-z0-9+/]{40,}={0,2}))", group(1), false, {}, "BQIAAA"});
  // A private key as a JSON array of its 64 bytes (Solana's keypair file, the
  // secret key and then the public one). 32 bytes are as often a public key, so
  // 16, 24 or 32 bytes (an AES or network key: Zigbee's network_key) are taken
  // only under a name that says secret, and not when every byte is the same.
  r.push_back({"crypto_private_key",
               R"(\[[ \t]*\d{1,3}[ \t]*,)",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view t = h.text;
                 const size_t begin = h.at(h.groups[0]) + 1;
                 size_t p = begin;
                 int count = 0, first = -1;
                 bool all_same = true;
                 while (p < t.size() && count <= 64) {
                   while (p < t.size() && (t[p] == ' ' || t[p] == '\t')) ++p;
                   const size_t digits = p;
                   int value = 0;
                   while (p < t.size() && ascii::is_digit(t[p]) && p - digits < 3) value = value * 10 + (t[p++] - '0');
                   if (p == digits || value > 255 || (p < t.size() && ascii::is_digit(t[p]))) return;
                   if (first < 0) first = value;
                   all_same = all_same && value == first;
                   ++count;
                   while (p < t.size() && (t[p] == ' ' || t[p] == '\t')) ++p;
                   if (p < t.size() && t[p] == ']') break;
                   if (p >= t.size() || t[p] != ',') return;
                   ++p;
                 }
                 if (h.resume) *h.resume = p;
                 if (p >= t.size() || t[p] != ']') return;
                 if (count == 64 || (!all_same && (count == 16 || count == 24 || count == 32) &&
                                     classify_name(name_before(t, begin - 1)) != NameClass::kNone))
                   out.push_back({begin, p, {}});
               },
               false,
               {},
               "["});
  r.push_back({"private_key", R"(\\?"kty\\?"[ \t]*:)", pick_jwk_private_members, false, {}, "kty"});
  r.push_back({"private_key", R"(\\?"keyData\\?"[ \t]*:[ \t]*\{)", pick_tink_key_data, false, {}, "keyData"});
  r.push_back({"private_key",
               R"(untrusted comment:([^\n]*)\r?\n[ \t]*([A-Za-z0-9+/]{40,}={0,2}))",
               pick_signify_secret_key,
               false,
               {},
               "untrusted comment:"});
  return r;
}

}  // namespace memsim::redact_detail
