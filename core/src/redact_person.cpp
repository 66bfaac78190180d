// A number that identifies a person, known by the person beside it. The labelled
// rules (redact_ids.cpp) know schemes by their labels and check digits; a scheme
// none of them knows still shows in how people write about it: a long number
// (8 to 18 digits, with the dashes or slashes a scheme prints, perhaps one or two
// capitals after, when 7 digits do) on the same line as a person's name ("Kristjan Tamm, isikukood
// 35710291948") or a word for a person a record is kept about ("a customer's Thai
// ID 6-3329-47813-65-7"). What such a line also holds for other reasons is left:
// a date, a year range, and a number the word before it names as something else
// (an order, a build, an ORCID, a project).
#include <algorithm>
#include <string>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

// One of the eight words before the number, in its clause, names it as something no person is
// identified by. ("code" is not one: "personal code" is how Lithuania's and
// Estonia's ids are named in English; "error code" is excluded by "error".)
bool named_as_other(std::string_view text, size_t at) {
  static constexpr std::string_view kOther[] = {
      "order", "invoice", "ticket", "issue", "build", "job", "run", "commit", "pr", "pull", "request", "version",
      "release", "port", "pid", "line", "row", "page", "tracking", "shipment", "transaction", "txn", "trace", "span",
      "zone", "cluster", "isbn", "issn", "orcid", "doi", "cusip", "isin", "vin", "sku", "batch", "lot", "case",
      "incident", "sprint", "epoch", "timestamp", "offset", "seq", "sequence", "block", "height", "nonce", "project",
      "account", "app", "build_id", "step", "item", "product", "part", "model", "serial", "error", "status", "bug",
      "task", "story", "ean", "gtin", "upc", "asin", "mpn", "receipt", "kundennummer", "kundennr",
      // A company's registration (France's SIREN and SIRET), a regulator's register of
      // firms (BaFin's id, the FCA's FRN), a legal entity's LEI, a D-U-N-S number.
      "siren", "siret", "bafin", "frn", "lei", "duns", "regon", "krs",
      // Spain's CIF, a company's tax code (a person's NIF is another word); the Czech
      // IČO and DIČ, Turkey's MERSİS, Denmark's CVR, the Netherlands' KvK, a VAT number
      // and a German register's HRB and HRA.
      "cif", "ičo", "dič", "mersis", "cvr", "kvk", "vat", "hrb", "hra",
      // A time in seconds: a token's claims (RFC 7519), a log's stamp.
      "iat", "exp", "nbf", "auth_time", "expires", "ts", "time"};
  size_t e = at;
  bool after_name = false;  // the word before one that names the number is the last looked at
  for (int words = 0; words < 8 && e > 0; ++words) {
    // A dash inside a word is read past ("BaFin-ID"); one with spaces ends the clause.
    // A key's closing quote before its colon is read past too ('iat': 1516239022).
    while (e > 0 && (std::string_view(" #:=(").find(text[e - 1]) != std::string_view::npos ||
                     ((text[e - 1] == '"' || text[e - 1] == '\'') && e < text.size() && text[e] == ':') ||
                     (text[e - 1] == '-' && e >= 2 && ascii::is_alnum(text[e - 2]) && e < text.size() &&
                      ascii::is_alnum(text[e]))))
      --e;
    size_t s = e;
    while (s > 0 &&
           (ascii::is_alnum(text[s - 1]) || text[s - 1] == '_' || static_cast<unsigned char>(text[s - 1]) >= 0x80))
      --s;
    // The clause the number ends, read back to its start: "order id in the shop is
    // 77...". Punctuation or another number ends it ("(order 551) has personal code ...").
    if (s == e || std::any_of(text.begin() + static_cast<std::ptrdiff_t>(s),
                              text.begin() + static_cast<std::ptrdiff_t>(e), ascii::is_digit))
      return false;
    std::string w = ascii::lowered(text.substr(s, e - s));
    // The capitals of the labels above beyond ASCII: Č, and Turkish's dotted İ.
    for (size_t k = w.find("\xc4\x8c"); k != std::string::npos; k = w.find("\xc4\x8c")) w.replace(k, 2, "\xc4\x8d");
    for (size_t k = w.find("\xc4\xb0"); k != std::string::npos; k = w.find("\xc4\xb0")) w.replace(k, 2, "i");
    for (std::string_view o : kOther)
      if (w == o || (w.size() == o.size() + 1 && w.starts_with(o) && w.back() == 's')) return true;
    // German compounds of an order, an invoice, a shipment, an article, a batch (Bestellnummer).
    for (std::string_view o : {"bestell", "auftrags", "rechnungs", "sendungs", "artikel", "chargen"})
      if (w.starts_with(o)) return true;
    // A word that names the number ("id", "number", "Krankenversichertennummer"): only
    // the word before it may still say what kind ("order id"); the clause before is other text.
    if (after_name) return false;
    after_name = w == "id" || w == "no" || w == "nr" || w == "num" || w == "code" || w.ends_with("number") ||
                 w.ends_with("nummer") || w.ends_with("numero");
    e = s;
  }
  return false;
}

namespace {

using ascii::is_digit;

// Whether the UTF-8 sequence at t[i] is a capital letter: ASCII, Latin-1,
// Latin Extended-A (its capitals are the even code points), Greek or Cyrillic.
// Sets n to the sequence's length.
bool capital_at(std::string_view t, size_t i, size_t& n) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(t[k]); };
  n = 1;
  if (b(i) >= 'A' && b(i) <= 'Z') return true;
  if (i + 1 >= t.size() || b(i) < 0xC3 || b(i) > 0xD4) return false;
  n = 2;
  const unsigned cp = ((b(i) & 0x1Fu) << 6) | (b(i + 1) & 0x3Fu);
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return true;  // À..Þ
  // Latin Extended-A pairs a capital with its small letter: Ā..ķ and Ŋ..ŷ put the
  // capital first on an even code point, Ĺ..ň and Ź..ž on an odd one.
  if ((cp >= 0x100 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177)) return cp % 2 == 0;
  if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) return cp % 2 == 1;
  if (cp == 0x178) return true;                 // Ÿ
  if (cp >= 0x391 && cp <= 0x3A9) return true;  // Greek
  if (cp >= 0x400 && cp <= 0x42F) return true;  // Cyrillic
  return false;
}

// A word written as a name: a capital, then at least one small letter and no
// capital (ASCII a-z or any letter beyond ASCII), perhaps with 's after it.
// Returns the end of the word, or npos.
size_t name_word_end(std::string_view t, size_t i) {
  size_t n = 0;
  if (i >= t.size() || !capital_at(t, i, n)) return std::string_view::npos;
  size_t e = i + n, small = 0;
  while (e < t.size()) {
    const unsigned char c = static_cast<unsigned char>(t[e]);
    size_t m = 0;
    if (c >= 'a' && c <= 'z') {
      ++e;
      ++small;
    } else if (c >= 0x80 && !capital_at(t, e, m)) {
      ++e;
      small += (c & 0xC0) != 0x80 ? 1 : 0;
    } else {
      break;
    }
  }
  if (small == 0) return std::string_view::npos;
  if (t.substr(e, 2) == "'s") e += 2;
  return e;
}

// Words that say the line is about a person a record is kept on.
bool names_a_role(std::string_view low) {
  static constexpr std::string_view kRoles[] = {
      "customer",  "patient",     "employee",     "applicant",  "driver",   "citizen",   "taxpayer",      "passenger",
      "claimant",  "beneficiary", "policyholder", "cardholder", "resident", "student",   "pupil",         "insured",
      "candidate", "tenant",      "member's",     "person's",   "client's", "recipient", "account holder"};
  for (std::string_view r : kRoles) {
    for (size_t at = low.find(r); at != std::string_view::npos; at = low.find(r, at + 1)) {
      const bool starts = at == 0 || !ascii::is_alpha(low[at - 1]);
      if (starts) return true;
    }
  }
  return false;
}

// A word that makes two name words an institution's name ("Chase Bank", "Banco
// Galicia"): its numbers (a routing number, a branch code) are published.
bool institution_word(std::string_view w) {
  static constexpr std::string_view kWords[] = {"Bank",      "Banco",     "Banque",         "Bancorp",
                                                "Sparkasse", "Volksbank", "Raiffeisenbank", "Credit",
                                                "Trust",     "Savings",   "Federal",        "Reserve"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

// Whether a company's legal form (Ltd, GmbH, Inc, Oy, ...) follows line[p], after at
// most two more capitalised words: the words before it are the company's name
// ("Orchard Analytics Ltd", "Northwind Labelling Services Ltd"), not a person's.
bool company_form_follows(std::string_view line, size_t p) {
  static constexpr std::string_view kForms[] = {"Ltd",  "Limited", "GmbH", "Inc", "LLC", "PLC",  "plc", "AG",  "SAS",
                                                "SARL", "SRL",     "BV",   "NV",  "Pty", "Pte",  "Pvt", "Oy",  "AB",
                                                "S.A.", "B.V.",    "Corp", "KK",  "LLP", "S.L.", "SpA", "A/S", "ApS"};
  for (int words = 0; words < 3 && p < line.size() && line[p] == ' '; ++words) {
    const std::string_view rest = line.substr(p + 1);
    for (std::string_view f : kForms)
      if (rest.starts_with(f) && (rest.size() == f.size() || !ascii::is_alnum(rest[f.size()]))) return true;
    const size_t e = name_word_end(line, p + 1);
    if (e == std::string_view::npos) return false;
    p = e;
  }
  return false;
}

// Two name words side by side ("Kristjan Tamm", "Fatima Al Mansoori") that are no
// institution's or company's name, or a word for a person, on the line.
bool names_a_person(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (i > 0 && (ascii::is_alnum(line[i - 1]) || static_cast<unsigned char>(line[i - 1]) >= 0x80)) continue;
    const size_t e = name_word_end(line, i);
    if (e == std::string_view::npos || e >= line.size() || line[e] != ' ') continue;
    if (line.substr(i, e - i).ends_with("'s")) continue;  // "Acme's Build" is no name
    const size_t second = name_word_end(line, e + 1);
    // Two name words a colon ends, their value aligned in a column as a tool prints its
    // fields (three blanks or a tab), or dot leaders (four dots), are a field's label
    // ("Bytes Transferred:     1839204847616", "Transaction Identifier ......... [83075…]").
    if (second != std::string_view::npos &&
        (line.substr(second).starts_with(":   ") || line.substr(second).starts_with(":\t") ||
         line.substr(second).starts_with(" ....")))
      continue;
    if (second != std::string_view::npos && !institution_word(line.substr(i, e - i)) &&
        !institution_word(line.substr(e + 1, second - e - 1)) && !company_form_follows(line, e) &&
        !company_form_follows(line, second))
      return true;
  }
  return names_a_role(ascii::lowered(line));
}

// A person on the line, or a row that names one in fields of its own ("(55812,
// Ingrid, Haugen, …)": two fields side by side, each a name word).
bool names_fields(std::string_view line) {
  if (names_a_person(line)) return true;
  bool previous = false;
  for (size_t from = 0; from <= line.size();) {
    const size_t comma = std::min(line.find(',', from), line.size());
    const std::string_view field = ascii::trim(line.substr(from, comma - from));
    const bool name = !field.empty() && name_word_end(field, 0) == field.size();
    if (name && previous) return true;
    previous = name;
    from = comma + 1;
  }
  return false;
}

}  // namespace

// A date (2024-11-02, 02/11/2024, 1791-12-26, 20241102) or a range of years (2019-2024).
bool date_like(std::string_view v) {
  std::vector<std::string_view> groups;
  size_t s = 0;
  for (size_t i = 0; i <= v.size(); ++i)
    if (i == v.size() || v[i] == '-' || v[i] == '/') {
      groups.push_back(v.substr(s, i - s));
      s = i + 1;
    }
  auto year = [](std::string_view g) { return g.size() == 4 && (g.starts_with("19") || g.starts_with("20")); };
  if (groups.size() == 1 && v.size() == 8 && year(v.substr(0, 4))) {
    const int month = (v[4] - '0') * 10 + (v[5] - '0'), day = (v[6] - '0') * 10 + (v[7] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  if (groups.size() == 2 && year(groups[0]) && year(groups[1])) return true;
  if (groups.size() != 3) return false;
  // Written with its parts, a date may be of any year since 1000: four digits, and a
  // month and a day (either first, as countries write them) of one or two.
  auto any_year = [](std::string_view g) { return g.size() == 4 && (g[0] == '1' || g.starts_with("20")); };
  auto number = [](std::string_view g) {
    return !g.empty() && g.size() <= 2 && std::all_of(g.begin(), g.end(), is_digit) ? std::stoi(std::string(g)) : 0;
  };
  auto month_and_day = [&](std::string_view a, std::string_view b) {
    const int x = number(a), y = number(b);
    return x >= 1 && y >= 1 && ((x <= 12 && y <= 31) || (y <= 12 && x <= 31));
  };
  return (any_year(groups[0]) && month_and_day(groups[1], groups[2])) ||
         (any_year(groups[2]) && month_and_day(groups[0], groups[1]));
}

namespace {

// Whether the CSV column of text[at] is named for a time: the header is the first of
// the lines above with as many commas as the number's line (event,ts,device).
bool csv_column_names_time(std::string_view t, size_t at) {
  const std::string_view line = line_around(t, at);
  const auto commas = std::count(line.begin(), line.end(), ',');
  if (commas == 0) return false;
  const size_t start = static_cast<size_t>(line.data() - t.data());
  const auto column = std::count(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(at - start), ',');
  std::string_view header = line;
  for (int up = 0; up < 200 && header.data() > t.data(); ++up) {
    const size_t here = static_cast<size_t>(header.data() - t.data());
    const std::string_view above = line_around(t, here - 1);
    if (std::count(above.begin(), above.end(), ',') != commas) break;
    header = above;
  }
  size_t from = 0;
  for (long c = 0; c < column; ++c) from = header.find(',', from) + 1;
  const std::string name = ascii::lowered(header.substr(from, header.find(',', from) - from));
  for (std::string_view w : {"time", "ts", "date", "_at", "epoch", "created", "updated", "stamp"})
    if (name.find(w) != std::string::npos) return true;
  return false;
}

// A number that is a book's ISBN-13 (978 or 979 and EAN-13's check digit), or a time in
// seconds or milliseconds since 1970 (ten or thirteen digits from 1) in a column named
// for a time: no person's.
bool product_or_time(std::string_view t, size_t at, std::string_view v) {
  if (!std::all_of(v.begin(), v.end(), is_digit)) return false;
  if (v.size() == 13 && (v.starts_with("978") || v.starts_with("979"))) {
    int sum = 0;
    for (size_t i = 0; i < 12; ++i) sum += (v[i] - '0') * (i % 2 == 0 ? 1 : 3);
    if ((10 - sum % 10) % 10 == v[12] - '0') return true;
  }
  return (v.size() == 10 || v.size() == 13) && v[0] == '1' && csv_column_names_time(t, at);
}

// A North American toll-free number (1-800, 888, 877, 866, 855, 844, 833) written in
// groups: a business's line, whoever's name stands beside it ("call Acme Support at 1-800-...").
bool north_american_toll_free(std::string_view v) {
  // Written as a telephone is, in groups: an id of ten digits run together is no number to call.
  if (std::all_of(v.begin(), v.end(), is_digit)) return false;
  std::string d;
  for (char c : v)
    if (is_digit(c)) d += c;
  if (d.size() == 11 && d[0] == '1') d.erase(0, 1);
  return d.size() == 10 && d[0] == '8' && d[1] == d[2] && (d[1] == '0' || (d[1] >= '3' && d[1] <= '8'));
}

// Whether t[i] follows a GS1 application identifier, two to four digits in
// parentheses ((01)09506000134352: a product's GTIN, (21) a serial).
bool after_gs1_identifier(std::string_view t, size_t i) {
  if (i < 4 || t[i - 1] != ')') return false;
  size_t open = i - 2;
  while (open > 0 && is_digit(t[open])) --open;
  const size_t digits = i - 2 - open;
  return t[open] == '(' && digits >= 2 && digits <= 4;
}

// A number's own shape and the words before it: cheap, so judged first.
bool number_could_name_a_person(std::string_view t, size_t at, size_t end) {
  const std::string_view v = t.substr(at, end - at);
  const auto digits = static_cast<size_t>(std::count_if(v.begin(), v.end(), is_digit));
  // 987-65-4320 to 4329: the SSA's numbers for advertisements, never issued.
  if (digits == 9 && digits_of(v).starts_with("98765432")) return false;
  // Seven digits are enough with letters after them (Ireland's PPSN: 1234567TW).
  const size_t least = ascii::is_upper(v.back()) && is_digit(v.front()) ? 7 : 8;
  // A time in seconds and its zone, as git writes a commit's or a tag's (1717488000 +0200).
  const std::string_view after = t.substr(end, 6);
  const bool git_time = after.size() == 6 && after[0] == ' ' && (after[1] == '+' || after[1] == '-') &&
                        std::all_of(after.begin() + 2, after.end(), is_digit);
  // A file's or a case's number and its year (UR-Nr. 1183/2024, expediente 1187/2024).
  if (const size_t slash = v.find('/');
      slash <= 6 && v.size() == slash + 5 && (v.substr(slash + 1, 2) == "19" || v.substr(slash + 1, 2) == "20"))
    return false;
  return digits >= least && digits <= 18 && !git_time && !date_like(v) && !product_or_time(t, at, v) &&
         !north_american_toll_free(v) && !named_as_other(t, at);
}

// Digits in groups joined by - or /, one or two capitals perhaps before or after them, that
// are no piece of a longer token (a path, a version, a hash, a URL, an e-mail
// address, a timestamp): a loop over the bytes, since a transcript's every line
// holds digits and an expression for this shape costs the set its speed. Whether
// a line names a person is read once per line, and only for a number that could
// be an id.
void scan_person_numbers(std::string_view t, const IdLabelTest& after_id_label, std::vector<Found>& out) {
  auto joins = [](char c) {
    return ascii::is_alnum(c) || std::string_view("_#./:@+-").find(c) != std::string_view::npos;
  };
  size_t line_start = 0, line_end = 0;
  bool person = false;
  for (size_t i = 0; i < t.size(); ++i) {
    // Digits, or one or two capitals right before them (Q204518736).
    size_t e = i;
    while (e < t.size() && e - i < 2 && ascii::is_upper(t[e])) ++e;
    if (e >= t.size() || !is_digit(t[e]) || (i > 0 && joins(t[i - 1])) || after_gs1_identifier(t, i)) continue;
    while (e < t.size() && (is_digit(t[e]) || ((t[e] == '-' || t[e] == '/') && e + 1 < t.size() && is_digit(t[e + 1]))))
      ++e;
    size_t letters = 0;
    while (e + letters < t.size() && letters < 2 && ascii::is_upper(t[e + letters])) ++letters;
    const size_t end = e + letters;
    const bool bounded = end >= t.size() || !joins(t[end]) ||
                         (t[end] == '.' && (end + 1 >= t.size() || t[end + 1] == ' ' || t[end + 1] == '\n'));
    // Norway's birth number needs no person beside it: a date and two check digits
    // leave one random run of eleven digits in some thousands.
    if (bounded && end - i == 11 && is_no_fodselsnummer(t.substr(i, 11)) && !named_as_other(t, i) &&
        names_fields(line_around(t, i))) {
      out.push_back({i, end, "no_fodselsnummer"});
    } else if (bounded && end - i >= 7 && number_could_name_a_person(t, i, end)) {
      if (i >= line_end) {
        const size_t nl = t.rfind('\n', i);
        line_start = nl == std::string_view::npos ? 0 : nl + 1;
        line_end = std::min(t.find('\n', i), t.size());
        person = names_a_person(t.substr(line_start, line_end - line_start));
      }
      if (person && !after_id_label(t, i) && !business_detail(t, i)) out.push_back({i, end, "personal_id"});
    }
    i = end;
  }
}

}  // namespace

std::vector<RuleSpec> person_number_rules() {
  RuleSpec spec{"personal_id", "", nullptr};
  spec.scan = [after_id_label = id_label_test()](std::string_view t, std::vector<Found>& out) {
    scan_person_numbers(t, after_id_label, out);
  };
  // A record's date of birth: a full date whose next field is a sex (M, F, X, male,
  // female), in a row that names a person ("Marta Lindqvist";"1984-02-29";"F").
  RuleSpec birth{"date_of_birth",
                 R"re((?:^|[",;|\t])[ \t]*"?((?:19|20)\d\d-\d\d-\d\d|\d\d[./]\d\d[./](?:19|20)\d\d)"?[ \t]*[,;|\t])re"
                 R"re([ \t]*"?(?:[MFXmfx]|[Mm]ale|[Ff]emale)"?(?:[ \t]*[,;|\t]|[ \t]*$))re",
                 [](const Hit& h, std::vector<Found>& out) {
                   if (names_a_person(line_around(h.text, h.at(h.groups[1])))) add(out, h, h.groups[1]);
                 }};
  birth.trigger = R"re([,;|\t][ \t]*"?(?:[MFXmfx]|[Mm]ale|[Ff]emale)"?[ \t]*(?:[,;|\t]|$))re";
  return {spec, birth};
}

}  // namespace memsim::redact_detail
