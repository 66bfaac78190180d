// Personal data seed 001 names: payment card numbers and national ids, each
// recognised by its published structure and check digits, so that an order
// number or a timestamp of the same length is left alone (docs/redaction.md
// cites each scheme).
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

std::string digits_of(std::string_view v) {
  std::string d;
  for (char c : v)
    if (is_digit(c)) d += c;
  return d;
}

std::string without_spaces(std::string_view v) {
  std::string s;
  for (char c : v)
    if (c != ' ' && c != '-') s += c;
  return s;
}

int prefix_value(const std::string& d, size_t n) { return d.size() >= n ? std::stoi(d.substr(0, n)) : -1; }

// One separator throughout (or none): "4111 1111 1111 1111", "4111-1111-...".
bool consistent_separators(std::string_view v) {
  char sep = 0;
  for (char c : v) {
    if (is_digit(c)) continue;
    if (sep && c != sep) return false;
    sep = c;
  }
  return true;
}

}  // namespace

bool luhn_ok(std::string_view digits) {
  int sum = 0;
  bool twice = false;
  for (size_t i = digits.size(); i-- > 0;) {
    int d = digits[i] - '0';
    if (twice) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    twice = !twice;
  }
  return !digits.empty() && sum % 10 == 0;
}

// Where separators split a card number, they do it as cards are printed:
// 4-4-4-4(-3), or 4-6-5 and 4-6-4 (American Express, Diners).
bool card_groups(std::string_view v) {
  std::vector<size_t> groups{0};
  for (char c : v) {
    if (is_digit(c)) ++groups.back();
    else groups.push_back(0);
  }
  if (groups.size() == 1) return true;
  if (groups.size() == 3 && groups[0] == 4 && groups[1] == 6 && (groups[2] == 5 || groups[2] == 4)) return true;
  for (size_t i = 0; i + 1 < groups.size(); ++i)
    if (groups[i] != 4) return false;
  return groups.back() >= 1 && groups.back() <= 4;
}

bool is_card_number(std::string_view v) {
  if (!consistent_separators(v) || !card_groups(v)) return false;
  const std::string d = digits_of(v);
  const size_t n = d.size();
  if (n < 13 || n > 19 || !luhn_ok(d)) return false;
  // Issuer ranges (ISO/IEC 7812 IINs as the networks publish them): Visa 4; Mastercard
  // 51-55 and 2221-2720; Amex 34, 37; Discover 6011, 644-649, 65; JCB 3528-3589;
  // Diners 300-305, 36, 38, 39; UnionPay 62.
  const int p2 = prefix_value(d, 2), p3 = prefix_value(d, 3), p4 = prefix_value(d, 4);
  bool issuer = false;
  if (d[0] == '4') issuer = n == 13 || n == 16 || n == 19;
  else if (p2 >= 51 && p2 <= 55) issuer = n == 16;
  else if (p4 >= 2221 && p4 <= 2720) issuer = n == 16;
  else if (p2 == 34 || p2 == 37) issuer = n == 15;
  else if (p4 == 6011 || (p3 >= 644 && p3 <= 649) || p2 == 65) issuer = n >= 16;
  else if (p4 >= 3528 && p4 <= 3589) issuer = n >= 16;
  else if ((p3 >= 300 && p3 <= 305) || p2 == 36 || p2 == 38 || p2 == 39) issuer = n >= 14 && n <= 19;
  else if (p2 == 62) issuer = n >= 16;
  if (!issuer) return false;
  // The networks' and processors' published test numbers are examples, not cards.
  for (std::string_view test :
       {"4242424242424242", "4111111111111111", "4000056655665556", "5555555555554444", "5200828282828210",
        "5105105105105100", "378282246310005",  "371449635398431",  "6011111111111117", "6011000990139424",
        "3056930009020004", "36227206271667",   "3566002020360505", "6200000000000005", "4012888888881881",
        "4222222222222",    "5431111111111111", "6011601160116611", "4000000000000002", "4000000000009995"})
    if (d == test) return false;
  return true;
}

bool is_us_ssn(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 9) return false;
  const int area = std::stoi(d.substr(0, 3)), group = std::stoi(d.substr(3, 2)), serial = std::stoi(d.substr(5));
  // Never issued (SSA): area 000, 666 or 900-999, group 00, serial 0000.
  if (area == 0 || area == 666 || area >= 900 || group == 0 || serial == 0) return false;
  // Published examples: the Woolworth wallet card, the SSA's own advertisement, 123-45-6789.
  return d != "078051120" && d != "219099999" && d != "123456789";
}

bool is_uk_nino(std::string_view v) {
  const std::string s = without_spaces(v);
  if (s.size() != 9) return false;
  const char a = s[0], b = s[1];
  // HMRC (NIM39110): first letter not D, F, I, Q, U, V; second not D, F, I, O, Q, U, V;
  // prefixes BG, GB, KN, NK, NT, TN and ZZ are not allocated; suffix A-D.
  if (!is_upper(a) || !is_upper(b)) return false;
  for (char bad : std::string_view("DFIQUV"))
    if (a == bad) return false;
  for (char bad : std::string_view("DFIOQUV"))
    if (b == bad) return false;
  const std::string pre = s.substr(0, 2);
  for (std::string_view bad : {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})
    if (pre == bad) return false;
  for (size_t i = 2; i < 8; ++i)
    if (!is_digit(s[i])) return false;
  return s[8] >= 'A' && s[8] <= 'D';
}

bool is_iban(std::string_view v) {
  const std::string s = without_spaces(v);
  // Lengths from the SWIFT IBAN registry, for the countries whose IBANs are most common.
  struct Country {
    const char* code;
    size_t length;
  };
  static constexpr std::array<Country, 40> kLengths = {{
      {"AD", 24}, {"AE", 23}, {"AT", 20}, {"BA", 20}, {"BE", 16}, {"BG", 22}, {"BH", 22}, {"BR", 29},
      {"CH", 21}, {"CY", 28}, {"CZ", 24}, {"DE", 22}, {"DK", 18}, {"EE", 20}, {"ES", 24}, {"FI", 18},
      {"FR", 27}, {"GB", 22}, {"GR", 27}, {"HR", 21}, {"HU", 28}, {"IE", 22}, {"IL", 23}, {"IS", 26},
      {"IT", 27}, {"LT", 20}, {"LU", 20}, {"LV", 21}, {"MT", 31}, {"NL", 18}, {"NO", 15}, {"PL", 28},
      {"PT", 25}, {"RO", 24}, {"RS", 22}, {"SA", 24}, {"SE", 24}, {"SI", 19}, {"SK", 24}, {"TR", 26},
  }};
  bool known = false;
  for (const Country& c : kLengths)
    if (s.size() == c.length && s.compare(0, 2, c.code) == 0) known = true;
  if (!known) return false;
  // The registry's own examples stand for the format in documentation.
  if (s == "GB82WEST12345698765432" || s == "DE89370400440532013000" || s == "GB29NWBK60161331926819") return false;
  // ISO 13616 check: move the first four characters to the end, letters to 10..35, mod 97 == 1.
  int rem = 0;
  const std::string r = s.substr(4) + s.substr(0, 4);
  for (char c : r) {
    if (is_digit(c)) rem = (rem * 10 + (c - '0')) % 97;
    else if (is_upper(c)) rem = (rem * 100 + (c - 'A' + 10)) % 97;
    else return false;
  }
  return rem == 1;
}

bool is_ca_sin(std::string_view v) {
  const std::string d = digits_of(v);
  // Service Canada: nine digits, Luhn; none start with 0 or 8. 046 454 286 is its published example.
  return d.size() == 9 && d[0] != '0' && d[0] != '8' && luhn_ok(d) && d != "046454286";
}

bool is_br_cpf(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || d.find_first_not_of(d[0]) == std::string::npos) return false;
  // Receita Federal: two check digits, each sum(digit * weight) mod 11 (weights 10..2, then 11..2).
  for (size_t n = 9; n <= 10; ++n) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i) sum += (d[i] - '0') * static_cast<int>(n + 1 - i);
    const int check = sum % 11 < 2 ? 0 : 11 - sum % 11;
    if (d[n] - '0' != check) return false;
  }
  return d != "12345678909";  // the example every tutorial uses
}

bool is_es_dni(std::string_view v) {
  std::string s = without_spaces(v);
  if (s.size() != 9) return false;
  // Ministerio del Interior: the letter is "TRWAGMYFPDXBNJZSQVHLCKE"[number mod 23];
  // an NIE's X, Y, Z stand for 0, 1, 2.
  if (s[0] == 'X' || s[0] == 'Y' || s[0] == 'Z') s[0] = static_cast<char>('0' + (s[0] - 'X'));
  for (size_t i = 0; i < 8; ++i)
    if (!is_digit(s[i])) return false;
  return s[8] == "TRWAGMYFPDXBNJZSQVHLCKE"[std::stoi(s.substr(0, 8)) % 23];
}

bool is_in_aadhaar(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 12 || d[0] < '2') return false;
  // UIDAI: the last digit is a Verhoeff check digit.
  static constexpr int kMul[10][10] = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
                                       {2, 3, 4, 0, 1, 7, 8, 9, 5, 6}, {3, 4, 0, 1, 2, 8, 9, 5, 6, 7},
                                       {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
                                       {6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
                                       {8, 7, 6, 5, 9, 3, 2, 1, 0, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}};
  static constexpr int kPerm[8][10] = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
                                       {5, 8, 0, 3, 7, 9, 6, 1, 4, 2}, {8, 9, 1, 6, 0, 4, 3, 5, 2, 7},
                                       {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
                                       {2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8}};
  int c = 0;
  for (size_t i = 0; i < d.size(); ++i) c = kMul[c][kPerm[i % 8][d[d.size() - 1 - i] - '0']];
  return c == 0;
}

bool is_in_pan(std::string_view v) {
  // Income Tax Department: five letters (the fourth the holder's type), four digits, a letter.
  if (v.size() != 10) return false;
  for (size_t i = 0; i < 10; ++i) {
    const bool letter = i < 5 || i == 9;
    if (letter ? !is_upper(v[i]) : !is_digit(v[i])) return false;
  }
  return std::string_view("ABCFGHJLPT").find(v[3]) != std::string_view::npos && v != "ABCDE1234F";
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
  // Each with the bare shape as the set's trigger: \b costs the set's automaton more than it saves.
  r.push_back({"card_number", R"(\b(\d{4}(?:[ -]?\d{2,7}){2,4})\b)", card, false,
               R"(\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d|\d{4}[ -]?\d{6}[ -]?\d{4})"});
  r.push_back({"card_number", R"(\b(\d{13,19})\b)", card, false, R"(\d{13})"});
  r.push_back({"us_ssn", R"(\b(\d{3}-\d{2}-\d{4})\b)", group_if(1, is_us_ssn), false, R"(\d{3}-\d{2}-\d{4})"});
  r.push_back({"us_ssn",
               R"((?i)\b(?:ssn|social security(?: number| no\.?|)"
               R"( #)?)\b[^\n\d]{0,20}(\d{3}[ -]?\d{2}[ -]?\d{4})\b)",
               group_if(1, is_us_ssn)});
  r.push_back({"uk_nino", R"(\b([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])\b)", group_if(1, is_uk_nino), false,
               R"([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])"});
  // The countries of is_iban's length table, so the set is not woken by every capital-digit run.
  const std::string countries =
      "(?:AD|AE|AT|BA|BE|BG|BH|BR|CH|CY|CZ|DE|DK|EE|ES|FI|FR|GB|GR|HR|HU|IE|IL|IS|IT|LT|LU|LV|"
      "MT|NL|NO|PL|PT|RO|RS|SA|SE|SI|SK|TR)";
  r.push_back({"iban", R"(\b()" + countries + R"(\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b)",
               group_if(1, is_iban), false, R"(\b)" + countries + R"(\d{2} ?[A-Z0-9]{4} ?[A-Z0-9]{4})"});
  r.push_back(
      {"ca_sin", R"(\b(\d{3}[ -]\d{3}[ -]\d{3})\b)", group_if(1, is_ca_sin), false, R"(\d{3}[ -]\d{3}[ -]\d{3})"});
  r.push_back(
      {"br_cpf", R"(\b(\d{3}\.\d{3}\.\d{3}-\d{2})\b)", group_if(1, is_br_cpf), false, R"(\d{3}\.\d{3}\.\d{3}-\d{2})"});
  r.push_back({"es_dni", R"(\b([XYZ]?\d{7,8}-?[A-Z])\b)", group_if(1, is_es_dni), false, R"(\d{7}-?[A-Z])"});
  r.push_back({"in_aadhaar", R"(\b([2-9]\d{3}[ -]\d{4}[ -]\d{4})\b)", group_if(1, is_in_aadhaar), false,
               R"([2-9]\d{3}[ -]\d{4}[ -]\d{4})"});
  r.push_back({"in_pan", R"(\b([A-Z]{5}\d{4}[A-Z])\b)", group_if(1, is_in_pan), false, R"([A-Z]{5}\d{4}[A-Z])"});
  return r;
}

}  // namespace memsim::redact_detail
