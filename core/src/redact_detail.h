// The redactor's internals, shared by its translation units: the rule table
// (redact_rules.cpp), the personal-data checks (redact_pii.cpp), the judgement of
// a candidate value (redact_values.cpp) and the engine that runs them (redact.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace memsim::redact_detail {

// Where `w` first stands in `hay` as a word, or npos: where `w` begins or ends with an
// ASCII letter, the byte beside that end is no ASCII letter ("orari" is not in
// "temporarily", "aes" is not in "maestro"). Scripts without spaces between words
// (株式会社ルモラ) have no such ends.
inline std::size_t find_word(std::string_view hay, std::string_view w) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t k = hay.find(w); k != std::string_view::npos; k = hay.find(w, k + 1)) {
    const bool starts = !letter(w.front()) || k == 0 || !letter(hay[k - 1]);
    const bool ends = !letter(w.back()) || k + w.size() == hay.size() || !letter(hay[k + w.size()]);
    if (starts && ends) return k;
  }
  return std::string_view::npos;
}

// Whether `w` stands in `hay` as a word (find_word).
inline bool has_word(std::string_view hay, std::string_view w) { return find_word(hay, w) != std::string_view::npos; }

// Whether `w` is one of `set`.
inline bool one_of(std::string_view w, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), w) != set.end();
}

// One match of a rule's pattern, as the engine hands it to the rule. `text` is
// what was searched (a run of whole lines, or the whole input for a block rule);
// groups[0] is the match and groups[1..3] its submatches, each a view into text
// (empty when a group did not take part).
struct Hit {
  std::string_view text;
  std::array<std::string_view, 4> groups;
  // Where the next search starts, when the rule sets it after the match's start:
  // past the match when the rule has looked past it, or inside it when part of
  // the match is unjudged (a certificate's block reaching to a key's END line).
  std::size_t* resume = nullptr;
  std::size_t at(std::string_view g) const { return static_cast<std::size_t>(g.data() - text.data()); }
  std::size_t end() const { return at(groups[0]) + groups[0].size(); }
};

// A secret a rule found: bytes [begin, end) of Hit::text, and its kind when it
// is not the rule's own (an assignment rule says "password" or "secret").
struct Found {
  std::size_t begin = 0, end = 0;
  std::string_view kind;
};

// Decides which parts of one match are secret and appends them to `out`.
using Pick = std::function<void(const Hit&, std::vector<Found>& out)>;

struct RuleSpec {
  std::string kind;
  std::string pattern;  // RE2 syntax, at most three capture groups
  Pick pick;
  bool whole_block = false;  // a key block: replaced whole, never judged a placeholder
  // What the set looks for, when cheaper than `pattern`: a literal or a shape
  // that every run of lines holding a finding of this rule contains (so the rule is
  // skipped only where it would find nothing). Most rules find on the trigger's own
  // line; a few read the lines around it (a label's next lines, a JSON object), and
  // so find nothing where the run was cut between the two. Counted repetitions that may
  // start anywhere multiply the set's automaton states; a trigger keeps the one
  // pass fast.
  std::string trigger = {};
  // For a block rule: a literal every match contains. The whole text is searched
  // for it (memchr fast) before the expression runs at all.
  std::string literal = {};
  // Run over every run of lines, outside the set: for words that are in most
  // text anyway (password, token, key) a place in the set costs more than the
  // rule's own pass.
  bool always = false;
  // A rule that is a loop over the bytes rather than an expression (always run):
  // where a table lookup per byte beats a regex match per word.
  std::function<void(std::string_view text, std::vector<Found>& out)> scan = {};
  // A rule whose findings are public by where they stand (a Firebase web app's
  // config, a sealed secret's encryptedData): they are never replaced, and no other
  // rule's finding that overlaps one is. A line rule, it reads the run of lines it
  // is given, so its context may span lines of that run.
  bool exempts = false;
};

inline void add(std::vector<Found>& out, const Hit& h, std::string_view v, std::string_view kind = {}) {
  if (!v.empty()) out.push_back({h.at(v), h.at(v) + v.size(), kind});
}

// Group g whenever it matched.
inline Pick group(int g) {
  return [g](const Hit& h, std::vector<Found>& out) { add(out, h, h.groups[static_cast<std::size_t>(g)]); };
}

// Group g when `ok` accepts it.
inline Pick group_if(int g, bool (*ok)(std::string_view)) {
  return [g, ok](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[static_cast<std::size_t>(g)];
    if (ok(v)) add(out, h, v);
  };
}

// Rules whose secrets span lines (key blocks); run first, over the whole input.
std::vector<RuleSpec> block_rules();
// Key material in any armour (redact_keys.cpp): the first of the block rules.
std::vector<RuleSpec> key_block_rules();
// Rules that never look past the end of a line, most specific first: where two
// findings overlap, the earlier rule's wins.
std::vector<RuleSpec> line_rules();
// Passwords and keys given to commands by flag or position (redact_commands.cpp);
// line_rules() holds them after the headers and cookies.
std::vector<RuleSpec> command_rules();
// A password named in any language, found by its value's shape
// (redact_languages.cpp); line_rules() holds it before the keyword rule.
std::vector<RuleSpec> password_word_rules();
// Personal data (cards, national ids): line rules too, run after the others.
std::vector<RuleSpec> pii_rules();
// Personal identifiers known by their label and check digits (redact_ids.cpp),
// in pii_rules() after the shapes.
std::vector<RuleSpec> labelled_id_rules();
// Whether a label of that table stands in the 48 bytes before text[at] on its
// line: the number there is judged by its scheme's check digits, and by nothing
// else. The test holds its compiled expression; a rule table builds one.
using IdLabelTest = std::function<bool(std::string_view text, std::size_t at)>;
IdLabelTest id_label_test();
// A table's column named by a label of that table, as a whole name ("nric",
// "個人番号", "national_id", "Tax File Number"): the scheme of a valid value in
// it, or empty (no such label, or the value fails the scheme's check).
std::string_view id_in_column(std::string_view column, std::string_view value);
bool names_an_id_column(std::string_view column);
// One of the eight words before text[at], in its clause, names the number there as
// something no person is identified by: an order, a build, an invoice, a product.
bool named_as_other(std::string_view text, std::size_t at);
// Whether text[at] is a business's own published detail (an address, a telephone, an
// account, a tax number): in a legal notice or a site's footer, beside a company's
// legal form, or on a contact line (redact_pii.cpp).
bool business_detail(std::string_view text, std::size_t at);

// A long number on a line that names a person (redact_person.cpp), the last of
// pii_rules(): for the schemes no label or check digit names.
std::vector<RuleSpec> person_number_rules();

// --- Judging a value (redact_values.cpp) ---

// Never a secret, whatever rule found it: an already-redacted marker, a
// documented example key, a run of one repeated character, a template or a
// placeholder phrase (CHANGE_ME, <your-token>, ${VAR}, {{ secrets.X }}, ...).
// The engine applies it to every finding.
bool is_placeholder(std::string_view v);

// A key its provider documents as public, whose secret half has another shape:
// Stripe's publishable keys, Mapbox's pk. tokens, PostHog's project keys,
// Razorpay's key ids, a JWT whose role is "anon", an elliptic-curve public point.
// The engine applies it to every finding, as it does is_placeholder.
bool is_public_by_design(std::string_view v);

// Whether v is a UI label that names a password: letters and spaces only (then
// perhaps ? : . !) holding the word for password in one of the languages of
// redact_languages.cpp ("Mot de passe", "Passwort vergessen?"). A password with a
// digit or a symbol in it is no label. The test holds its compiled expression; the
// engine applies one to every finding, as it does is_placeholder, and the keyword
// rule one to the quoted text around its word.
using PasswordLabelTest = std::function<bool(std::string_view v)>;
PasswordLabelTest password_label_test();

// A name that says its value is public: one of its words is public or publishable
// and none is secret, private or password (NEXT_PUBLIC_MAPS_TOKEN, publicAccessToken),
// or the Push API's applicationServerKey (a VAPID public key by definition).
bool names_public_value(std::string_view name);

// The line that holds text[at], without its line break.
std::string_view line_around(std::string_view text, std::size_t at);
// Up to n bytes before text[at] on its line, lower-cased: where a label stands.
std::string lowered_before(std::string_view text, std::size_t at, std::size_t n);
// The name assigned the value that starts at text[at] ("key" of key: [...], "k" = ...,
// "k": ...), or empty when no name and : or = stand just before it on its line.
std::string_view name_before(std::string_view text, std::size_t at);

// A reference to where a secret lives rather than the secret: $VAR, env
// lookups, vault and cloud secret-manager paths, SCREAMING_SNAKE names.
bool is_reference(std::string_view v);
bool looks_like_path(std::string_view v);
bool looks_like_version_or_date(std::string_view v);
bool is_hex(std::string_view v);
// Three or more pieces between hyphens or underscores, each lower-case letters
// then digits (registry, 405, r18, rc1, x86): how file names, branches and
// builds are named. A generated key mixes cases or puts digits first.
bool is_slug(std::string_view v);
bool is_uuid(std::string_view v);
// Standard or URL-safe base64 whose bytes are mostly printable text.
bool decodes_to_text(std::string_view v);
// Decodes base64 (either alphabet, padding and line breaks ignored); stops at
// `limit` bytes of output.
std::string base64_decode(std::string_view v, std::size_t limit);
// A word or config value that is never a password (required, stored, none, ...).
bool is_common_word(std::string_view v);
// A word as words are written (Summer, staging, re-used, café), not a chosen password.
bool is_plain_word(std::string_view v);

// Where a value stands. Assigned: the value of a secret-like name in code,
// config or a command line (`DB_PASSWORD=...`). Prose: after a word such as
// "password" in a sentence, where plain words are far more often just words.
enum class Context { kAssigned, kProse };

// A password, passphrase or PIN: anything that is not a placeholder, a
// reference, a path, a version or a common word.
bool password_like(std::string_view v, Context c);
// A password given as a value that is not a word as words are written: password_like
// (assigned) and not is_plain_word ("ls" "-la", "Summer", "staging" are words).
bool chosen_password(std::string_view v);
// A chosen password standing alone in a sentence or an argument list: 8 to 64
// printable ASCII characters with small letters, digits and a symbol or a capital
// inside (not a name's shape: 1Password, Office365), that no other reading
// explains (a path, a URL, a version, a variable, an e-mail address, a digest, a
// flag, key=value).
bool shaped_password(std::string_view v);
// A scheme's name before a colon: jdbc:h2:mem:test, urn:isbn:..., mailto:...
bool after_scheme(std::string_view v);
// A token or key: long, random-looking, not a digest, id, path or encoded text.
bool credential_like(std::string_view v, Context c);
// Random enough to be a generated secret on its own (no name next to it).
bool looks_random(std::string_view v);

// The words just before text[at] on its line name it as a hash or an id
// ("sha256", "commit", "checksum", "fingerprint", "request id", ...).
bool labelled_as_digest(std::string_view text, std::size_t at);

// What a name says about its value: DB_PASSWORD, apiKey, x-auth-token,
// aws_secret_access_key. kKey is a bare "key" (strict: only random values).
enum class NameClass { kNone, kPassword, kPin, kSecret, kKey };
NameClass classify_name(std::string_view name);

// A name under which hex bytes are a key: classify_name takes it as a secret or a key, or
// one of its words ends in "key" or "keys" (NWKSKEY, UPDATE_KEY_USER1, securityKeys) or is
// psk, and none says the bytes are something else (public, a hash or digest, an id, an
// index, a length, a certificate, a code table, a table's or a cache's key).
bool names_key_bytes(std::string_view name);

// --- Credentials known by their context (redact_context.cpp) ---

// A word such as password, token, key or secret, matched by kKeywords: the
// name it is part of and what stands after it decide whether it is assigned a
// value (NAME=..., "name": ..., --flag ...) or given one in prose.
inline constexpr const char* kKeywords =
    "(?i)(?:pass|pwd|psw|pw|secret|token|key|auth|cred|salt|seed|mnemonic|psk|sas|cookie|jwt|hmac|pin|puk|pat|bearer|"
    "unseal|recovery|backup|plaintext|otp|login|identified|mdp|senha|parola|contrasena|contraseña|kennwort|"
    "wachtwoord|chave|chiave|clé|ticket)";
// `label` says whether the quoted text around the word is a UI label (password_label_test).
void pick_keyword(const Hit& h, std::vector<Found>& out, const PasswordLabelTest& label);
// groups[1] names the value in groups[2] (<password>..</password>, key="ApiKey" value="..").
void pick_named_value(const Hit& h, std::vector<Found>& out);
// A code that opens something (a door's, an alarm's, a terminal's admin code), as a
// sentence gives it after the match: "is 482913", ": 7730".
void pick_code_in_prose(const Hit& h, std::vector<Found>& out);
// A wallet's mnemonic (BIP-39) as the string that starts where the match ends.
void pick_phrase_argument(const Hit& h, std::vector<Found>& out);
// The quoted string literals ('…' or "…", a backslash or a doubled quote escaping a
// quote inside) that start in text[from, end), each without its quotes; a literal
// left open at `end` ends the walk.
void for_each_literal(std::string_view text, std::size_t from, std::size_t end,
                      const std::function<void(std::string_view)>& each);
// groups[1] is a name whose value starts where the match ends (setx NAME value).
void pick_name_then_value(const Hit& h, std::vector<Found>& out);
// The kind a redaction marker names for a value of class c: password, pin or secret.
std::string_view kind_for(NameClass c);
// Whether the value a name of class c holds is a secret.
bool value_fits(NameClass c, std::string_view v, std::string_view text, std::size_t at, Context ctx);

// Reads the value that starts at text[at] on its line: inside quotes when
// `quote` opened it (a JSON-escaped \" too); else up to white space, and in
// code also up to a delimiter (, ; ) } ] < >) and in a query string up to & or #.
// Returns [begin, end) within text.
struct ValueSpan {
  std::size_t begin = 0, end = 0;
};
enum class Bare { kCode, kQuery, kLine };
constexpr std::size_t kMaxValue = 8192;
ValueSpan read_value(std::string_view text, std::size_t at, std::string_view quote, Bare bare = Bare::kCode);
inline void add_span(std::vector<Found>& out, ValueSpan s, std::string_view kind = {}) {
  if (s.end > s.begin) out.push_back({s.begin, s.end, kind});
}

// --- Personal data checks (redact_pii.cpp) ---
// The digits of v, in order, without what stands between them.
std::string digits_of(std::string_view v);
bool luhn_ok(std::string_view digits);
bool is_card_number(std::string_view v);
bool is_us_ssn(std::string_view v);
// Capitals and digits only (an empty string too).
bool capitals_and_digits(std::string_view v);
// What ICAO 9303 allows a passport number, 6 to 9 capitals and digits, with a digit.
bool passport_number_shaped(std::string_view v);
bool is_uk_nino(std::string_view v);
bool is_iban(std::string_view v);
bool is_ca_sin(std::string_view v);
bool is_br_cpf(std::string_view v);
bool is_es_dni(std::string_view v);
bool is_in_aadhaar(std::string_view v);
bool is_in_pan(std::string_view v);
bool is_nl_bsn(std::string_view v);
bool is_cn_resident_id(std::string_view v);
bool is_se_personnummer(std::string_view v);
bool is_pl_pesel(std::string_view v);
bool is_fi_hetu(std::string_view v);
bool is_it_codice_fiscale(std::string_view v);
bool is_za_id(std::string_view v);
bool is_no_fodselsnummer(std::string_view v);
// A date (2024-11-02, 02/11/2024, 1791-12-26, 20241102) or a range of years (2019-2024).
bool date_like(std::string_view v);
bool is_be_national_number(std::string_view v);
// A number set aside for fiction and examples (NANPA's 555-01xx, Ofcom's drama ranges,
// Twilio's test numbers).
bool is_fictional_phone(std::string_view digits);

}  // namespace memsim::redact_detail
