// Properties of the redactor (memsim::Redactor) over generated text that mixes
// fake secrets, placeholders, redaction markers, hashes, unicode and hostile
// bytes: redacting twice equals redacting once; markers already in the text
// survive; a placeholder alone on its line is left alone; a provider token
// among plain words is always caught; and runs of lines are redacted
// independently, so where the engine cuts the text changes nothing.
//
// Each piece is drawn as a (kind, seed) pair and built with memsim::Rng, so a
// failing case shrinks by whole pieces rather than byte by byte.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include "memsim/redact.h"
#include "memsim/rng.h"

namespace memsim::props {
namespace {

const Redactor& redactor() {
  static const Redactor r;  // immutable: no state carries from one case to the next
  return r;
}

std::string draw(Rng& rng, std::string_view alphabet, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += alphabet[rng.below(alphabet.size())];
  return s;
}

template <class T>
const T& one_of(Rng& rng, const std::vector<T>& v) {
  return v[rng.below(v.size())];
}

constexpr std::string_view kAlnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
constexpr std::string_view kHex = "0123456789abcdef";

// A provider token with a random tail: always a secret.
std::string provider_token(Rng& rng) {
  switch (rng.below(8)) {
    case 0: return "ghp_" + draw(rng, kAlnum, 36);
    case 1: return "AKIA" + draw(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16);
    case 2:
      return "xoxb-" + draw(rng, "0123456789", 12) + "-" + draw(rng, "0123456789", 13) + "-" + draw(rng, kAlnum, 24);
    case 3: return "sk_live_" + draw(rng, kAlnum, 24);
    case 4: return "hf_" + draw(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 34);
    case 5: return "glpat-" + draw(rng, kAlnum, 20);
    case 6: return "sk-ant-api03-" + draw(rng, kAlnum, 93) + "AA";
    default: return "npm_" + draw(rng, kAlnum, 36);
  }
}

// A credential known by its context.
std::string contextual_secret(Rng& rng) {
  const std::string pw = draw(rng, kAlnum, 6 + rng.below(10)) + "!" + draw(rng, "0123456789", 2);
  switch (rng.below(7)) {
    case 0: return "password=" + pw;
    case 1: return "mysql -u root -p" + pw + " shop";
    case 2: return "postgres://app:" + pw + "@db.internal:5432/app";
    case 3: return "The staging password is " + pw + ".";
    case 4: return "curl -u admin:" + pw + " https://ci.example.dev";
    case 5: return "API_KEY=" + draw(rng, kAlnum, 32);
    default: return "Authorization: Bearer " + draw(rng, kAlnum, 40);
  }
}

// Never a secret on its own line.
std::string placeholder(Rng& rng) {
  const std::size_t n = 8 + rng.below(40);
  switch (rng.below(12)) {
    case 0: return "AKIAIOSFODNN7EXAMPLE";
    case 1: return "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    case 2:
      return one_of<std::string>(rng, {"ghp_", "sk_test_", "sk-proj-", "xoxb-", "hf_", "AKIA", "npm_"}) +
             std::string(n, one_of<char>(rng, {'x', 'X', '0', '*'}));
    case 3: return "SECRET_KEY=" + one_of<std::string>(rng, {"CHANGE_ME", "REPLACE_WITH_YOUR_KEY", "changeme", "TODO"});
    case 4: return "token: <your-" + draw(rng, "abcdefghijklmnopqrstuvwxyz", 3 + rng.below(8)) + ">";
    case 5: return "password=${" + draw(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_", 4 + rng.below(10)) + "}";
    case 6: return "api_key: {{ secrets." + draw(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_", 4 + rng.below(10)) + " }}";
    case 7: return "OPENAI_API_KEY=sk-proj-[REDACTED]";
    case 8: return "Fixed in commit " + draw(rng, kHex, 40) + " on main.";
    case 9:
      return "request " + draw(rng, kHex, 8) + "-" + draw(rng, kHex, 4) + "-4" + draw(rng, kHex, 3) + "-a" +
             draw(rng, kHex, 3) + "-" + draw(rng, kHex, 12) + " failed";
    case 10: return "sha256: " + draw(rng, kHex, 64);
    default: return "push with [REDACTED:" + draw(rng, "abcdefghijklmnopqrstuvwxyz_", 3 + rng.below(12)) + "]";
  }
}

// A secret as a redactor leaves it: ours writes [REDACTED:kind] in its place,
// others keep the prefix (sk-proj-[REDACTED], ghp_[REDACTED], password=***).
std::string redacted_secret(Rng& rng) {
  const std::string marker =
      rng.below(2)
          ? "[REDACTED]"
          : "[REDACTED:" + one_of<std::string>(rng, {"secret", "password", "github_token", "openai_key", "jwt"}) + "]";
  switch (rng.below(9)) {
    case 0: return "OPENAI_API_KEY=sk-proj-" + marker;
    case 1: return "ghp_" + marker;
    case 2: return "AKIA" + marker;
    case 3: return "password=" + marker;
    case 4: return "postgres://app:" + marker + "@db.internal:5432/app";
    case 5: return "mysql -u root -p" + marker + " shop";
    case 6: return "Authorization: Bearer " + marker;
    case 7: return "The staging password is " + marker + ".";
    default: return "token: " + marker;
  }
}

std::string word(Rng& rng) {
  static const std::vector<std::string> words = {"the",
                                                 "parser",
                                                 "is",
                                                 "slow",
                                                 "deploy",
                                                 "build",
                                                 "naïve",
                                                 "日本語",
                                                 "🙂",
                                                 "Straße",
                                                 "token",
                                                 "password",
                                                 "key",
                                                 "secret",
                                                 "api",
                                                 "=",
                                                 ":",
                                                 "is",
                                                 "for",
                                                 "the",
                                                 "staging",
                                                 "database",
                                                 "commit",
                                                 "sha256",
                                                 "-p",
                                                 "--password",
                                                 "export",
                                                 "curl",
                                                 "-u",
                                                 "Bearer",
                                                 "Authorization:",
                                                 "passphrase",
                                                 "PIN",
                                                 "unseal",
                                                 "mysql",
                                                 "sshpass"};
  return one_of(rng, words);
}

// Bytes meant to trip the engine: cut markers, stray brackets, NUL, invalid
// UTF-8, long runs, key block headers without an end, lone quotes.
std::string hostile(Rng& rng) {
  switch (rng.below(12)) {
    case 0: return "[REDACTED";
    case 1: return "[REDACTED:";
    case 2: return "]]";
    case 3: return std::string(1, '\0');
    case 4: return "\xff\xfe\xc3";
    case 5: return std::string(1 + rng.below(3000), one_of<char>(rng, {'a', '=', ' ', '"', ':', '\n'}));
    case 6: return "-----BEGIN RSA PRIVATE KEY-----";
    case 7: return draw(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 20 + rng.below(200));
    case 8: return "\"";
    case 9: return "\\\"password\\\": \\\"";
    case 10: return "\r\n";
    default: return "LS0tLS1CRUdJTi";
  }
}

struct Part {
  int kind = 0;  // 0 provider, 1 contextual, 2 placeholder, 3 word, 4 hostile, 5 already redacted
  std::uint64_t seed = 0;
  int sep = 0;
};

std::string piece(const Part& p) {
  Rng rng(p.seed);
  switch (p.kind) {
    case 0: return provider_token(rng);
    case 1: return contextual_secret(rng);
    case 2: return placeholder(rng);
    case 3: return word(rng);
    case 4: return hostile(rng);
    default: return redacted_secret(rng);
  }
}

// So a counterexample shows the text, not "<???>".
void showValue(const Part& p, std::ostream& os) { os << "kind " << p.kind << " sep " << p.sep << ": " << piece(p); }

std::string render(const std::vector<Part>& parts) {
  static const std::vector<std::string> seps = {" ", "\n", "", "=", ": ", "\t", "\r\n", "\"", "'", ", ", "\\n"};
  std::string text;
  for (const Part& p : parts) text += piece(p) + seps[static_cast<std::size_t>(p.sep) % seps.size()];
  return text;
}

rc::Gen<Part> gen_part(rc::Gen<int> kinds) {
  return rc::gen::apply(
      [](int kind, std::uint64_t seed, int sep) {
        Part p;
        p.kind = kind;
        p.seed = seed;
        p.sep = sep;
        return p;
      },
      kinds, rc::gen::arbitrary<std::uint64_t>(), rc::gen::inRange(0, 11));
}

// Mostly words, with secrets, placeholders and hostile bytes among them.
rc::Gen<std::vector<Part>> gen_text() {
  const auto kind = rc::gen::weightedElement<int>({{2, 0}, {2, 1}, {3, 2}, {6, 3}, {3, 4}, {2, 5}});
  return rc::gen::container<std::vector<Part>>(gen_part(kind));
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// The markers in text: "[REDACTED]" and "[REDACTED:kind]".
std::vector<std::string> markers_in(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = text.find("[REDACTED"); at != std::string::npos; at = text.find("[REDACTED", at + 1)) {
    std::size_t end = at + 9;
    auto name_char = [&](std::size_t i) { return std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'; };
    if (end < text.size() && text[end] == ':') {
      ++end;
      while (end < text.size() && name_char(end)) ++end;
    }
    if (end < text.size() && text[end] == ']') out.push_back(text.substr(at, end + 1 - at));
  }
  return out;
}

}  // namespace

RC_GTEST_PROP(RedactProps, RedactingTwiceEqualsRedactingOnce, ()) {
  const std::string text = render(*gen_text());
  const RedactResult once = redactor().redact(text);
  if (!once.changed()) RC_ASSERT(once.text == text);
  const RedactResult twice = redactor().redact(once.text);
  RC_ASSERT(twice.text == once.text);
  RC_ASSERT(!twice.changed());
}

// Idempotence where it is easiest to break: text that was already redacted,
// by memsim or by a tool that keeps the prefix, among words and placeholders.
// (Joined by spaces or line breaks only, so that no piece becomes the value of
// the one before: "passphrase=" then "mysql" would be a new secret.)
RC_GTEST_PROP(RedactProps, AlreadyRedactedTextIsLeftAsItIs, ()) {
  const auto parts = *rc::gen::container<std::vector<Part>>(gen_part(rc::gen::weightedElement<int>({{1, 2}, {2, 5}})));
  std::string text;
  for (const Part& p : parts) text += piece(p) + (p.sep % 2 ? "\n" : " ");
  RC_ASSERT(redactor().redact(text).text == text);
}

RC_GTEST_PROP(RedactProps, MarkersAlreadyInTheTextSurvive, ()) {
  const std::string text = render(*gen_text());
  const RedactResult out = redactor().redact(text);
  for (const std::string& m : markers_in(text)) RC_ASSERT(count(out.text, m) >= count(text, m));
}

RC_GTEST_PROP(RedactProps, APlaceholderAloneOnItsLineIsLeftAlone, ()) {
  const auto parts = *rc::gen::container<std::vector<Part>>(gen_part(rc::gen::just(2)));
  std::string text;
  for (const Part& p : parts) text += piece(p) + "\n";
  RC_ASSERT(redactor().redact(text).text == text);
}

RC_GTEST_PROP(RedactProps, AProviderTokenAmongWordsIsAlwaysCaught, ()) {
  Part secret;
  secret.seed = *rc::gen::arbitrary<std::uint64_t>();
  const std::string token = piece(secret);
  const auto before = *rc::gen::container<std::vector<Part>>(gen_part(rc::gen::just(3)));
  const auto after = *rc::gen::container<std::vector<Part>>(gen_part(rc::gen::just(3)));
  const std::string text = render(before) + " " + token + " " + render(after);
  RC_LOG() << text << "\n";
  RC_ASSERT(redactor().redact(text).text.find(token) == std::string::npos);
}

// Runs of lines are independent: redacting two texts joined at a line break is
// redacting each (key blocks, Kubernetes name/value pairs, codes under their heading,
// a table's secret columns under its header (a CSV's, a printed table's, a COPY
// block's), a HAR's cookie pair, a JSON key/value pair, a call's arguments one to a
// line, and the places that make a value public, a Firebase config and a sealed
// secret's encryptedData, which span lines, aside).
RC_GTEST_PROP(RedactProps, LinesAreRedactedIndependently, ()) {
  // Mostly words and contextual secrets, so that names, flags and prose meet line breaks.
  const auto kind = rc::gen::weightedElement<int>({{1, 0}, {3, 1}, {1, 2}, {8, 3}, {1, 4}, {1, 5}});
  const std::string a = render(*rc::gen::container<std::vector<Part>>(gen_part(kind))) + "\n";
  // What opens the second text opens a line in the first: a flag, a name, a word.
  const std::string opening = *rc::gen::element<std::string>("", "--password ", "--api-key=", "-storepass ",
                                                             "password ", "token: ", "export API_KEY=");
  const std::string b = opening + render(*rc::gen::container<std::vector<Part>>(gen_part(kind)));
  for (const std::string& t : {a, b})
    RC_PRE(t.find("-----BEGIN") == std::string::npos && t.find("LS0tLS1CRUdJTi") == std::string::npos &&
           t.find("name:") == std::string::npos && t.find("Private-Lines:") == std::string::npos &&
           t.find("firebaseConfig") == std::string::npos && t.find("initializeApp(") == std::string::npos &&
           t.find("encryptedData:") == std::string::npos);
  // A header that ends the first text would rule the second's rows: a CSV's, with a
  // comma, or a printed table's, with a "|".
  const size_t last_line = a.rfind('\n', a.size() - 2);
  RC_PRE(a.find_first_of(",|", last_line == std::string::npos ? 0 : last_line) == std::string::npos);
  RC_ASSERT(redactor().redact(a + b).text == redactor().redact(a).text + redactor().redact(b).text);
}

}  // namespace memsim::props
