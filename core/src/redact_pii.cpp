// Personal data seed 001 names: payment card numbers and national ids, each
// recognised by its published structure and check digits, so that an order
// number or a timestamp of the same length is left alone (docs/redaction.md
// cites each scheme).
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

std::string digits_of(std::string_view v) {
  std::string d;
  for (char c : v)
    if (ascii::is_digit(c)) d += c;
  return d;
}

namespace {

using ascii::is_digit;
using ascii::is_upper;

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
  // Diners 300-305, 36, 38, 39; UnionPay 62; Mir 2200-2204.
  const int p2 = prefix_value(d, 2), p3 = prefix_value(d, 3), p4 = prefix_value(d, 4);
  bool issuer = false;
  // Visa's 13 digits are left out: few account ranges still issue them (forty in
  // 2013, Wikipedia's "Payment card number"), and 13 digits is what every EAN-13
  // barcode has (GS1's prefixes 400-440 are Germany's; one barcode in ten passes Luhn).
  if (d[0] == '4') issuer = n == 16 || n == 19;
  else if (p2 >= 51 && p2 <= 55) issuer = n == 16;
  else if (p4 >= 2221 && p4 <= 2720) issuer = n == 16;
  else if (p4 >= 2200 && p4 <= 2204) issuer = n >= 16;
  else if (p2 == 34 || p2 == 37) issuer = n == 15;
  else if (p4 == 6011 || (p3 >= 644 && p3 <= 649) || p2 == 65) issuer = n >= 16;
  else if (p4 >= 3528 && p4 <= 3589) issuer = n >= 16;
  else if ((p3 >= 300 && p3 <= 305) || p2 == 36 || p2 == 38 || p2 == 39) issuer = n >= 14 && n <= 19;
  else if (p2 == 62) issuer = n >= 16;
  if (!issuer) return false;
  // The networks' and processors' test numbers are written to be remembered, and an
  // issued number is random: four distinct digits or fewer (4242 4242 4242 4242,
  // 3530 1113 3330 0000), or one digit in half the places (4000 0027 6000 3184), is
  // a test number. Among random numbers of 16 digits one in two thousand is either; under
  // an issuer's prefix heavy in one digit (4000 00) it is likelier, and a real card may be kept.
  std::array<size_t, 10> count{};
  for (char c : d) ++count[static_cast<size_t>(c - '0')];
  if (std::count(count.begin(), count.end(), 0) >= 6 || *std::max_element(count.begin(), count.end()) * 2 >= n)
    return false;
  // The published test numbers that are not so patterned.
  // (5555 3412 4444 1115 is Adyen's test Mastercard.)
  for (std::string_view test : {"5200828282828210", "378282246310005", "371449635398431", "6011000990139424",
                                "36227206271667", "3566002020360505", "5555341244441115"})
    if (d == test) return false;
  return true;
}

bool capitals_and_digits(std::string_view v) {
  return std::all_of(v.begin(), v.end(), [](char c) { return ascii::is_upper(c) || is_digit(c); });
}

bool passport_number_shaped(std::string_view v) {
  return v.size() >= 6 && v.size() <= 9 && capitals_and_digits(v) && std::any_of(v.begin(), v.end(), is_digit);
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

// An ITIN (IRS, "Individual Taxpayer Identification Number"): nine digits from 9,
// the fourth and fifth in 50-65, 70-88, 90-92 or 94-99.
bool is_us_itin(std::string_view v) {
  const std::string d = digits_of(v);
  // 987-65-4320 to 4329: the SSA's numbers for advertisements.
  if (d.size() != 9 || d[0] != '9' || d.starts_with("98765432")) return false;
  const int group = std::stoi(d.substr(3, 2));
  return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
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
  // The registry's own examples (one a country, and the UK's older one) stand for the
  // format in documentation and tests.
  for (std::string_view example : {"AT611904300234573201",
                                   "BE68539007547034",
                                   "BG80BNBG96611020345678",
                                   "CH9300762011623852957",
                                   "CY17002001280000001200527600",
                                   "CZ6508000000192000145399",
                                   "DE89370400440532013000",
                                   "DK5000400440116243",
                                   "EE382200221020145685",
                                   "ES9121000418450200051332",
                                   "FI2112345600000785",
                                   "FR1420041010050500013M02606",
                                   "GB29NWBK60161331926819",
                                   "GB82WEST12345698765432",
                                   "GR1601101250000000012300695",
                                   "HR1210010051863000160",
                                   "HU42117730161111101800000000",
                                   "IE29AIBK93115212345678",
                                   "IT60X0542811101000000123456",
                                   "LT121000011101001000",
                                   "LU280019400644750000",
                                   "LV80BANK0000435195001",
                                   "MT84MALT011000012345MTLCAST001S",
                                   "NL91ABNA0417164300",
                                   "NO9386011117947",
                                   "PL61109010140000071219812874",
                                   "PT50000201231234567890154",
                                   "RO49AAAA1B31007593840000",
                                   "SE4550000000058398257466",
                                   "SI56263300012039086",
                                   "SK3112000000198742637541"})
    if (s == example) return false;
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
  // A person's (P) or a Hindu undivided family's (H); a company's, a firm's, a trust's,
  // a government's PAN is printed on every invoice it issues.
  return (v[3] == 'P' || v[3] == 'H') && v != "ABCDE1234F";
}

bool is_nl_bsn(std::string_view v) {
  // Rijksoverheid: the eleven-test, 9*d1 + 8*d2 + ... + 2*d8 - d9 divisible by 11;
  // nine digits, or written dddd.dd.ddd.
  const std::string d = digits_of(v);
  const bool dotted = v.size() == 11 && v[4] == '.' && v[7] == '.';
  if (d.size() != 9 || (v.size() != 9 && !dotted)) return false;
  int sum = 0;
  for (size_t i = 0; i < 8; ++i) sum += (d[i] - '0') * static_cast<int>(9 - i);
  sum -= d[8] - '0';
  return sum % 11 == 0 && d != "123456782" && d != "111222333";  // the examples in the documentation
}

namespace {

// A calendar day (month 1-12, day 1-31; no finer check: a check digit follows).
bool plausible_day(int month, int day) { return month >= 1 && month <= 12 && day >= 1 && day <= 31; }
int num(std::string_view d, size_t at, size_t n) { return std::stoi(std::string(d.substr(at, n))); }

}  // namespace

bool is_cn_resident_id(std::string_view v) {
  // GB 11643-1999: 17 digits (6 of region, 8 of birth date, 3 of sequence) and an
  // ISO 7064 MOD 11-2 check character.
  if (v.size() != 18) return false;
  for (size_t i = 0; i < 17; ++i)
    if (!is_digit(v[i])) return false;
  if (!is_digit(v[17]) && v[17] != 'X') return false;
  const int year = num(v, 6, 4);
  if (year < 1900 || year > 2099 || !plausible_day(num(v, 10, 2), num(v, 12, 2))) return false;
  static constexpr int kWeights[17] = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
  int sum = 0;
  for (size_t i = 0; i < 17; ++i) sum += (v[i] - '0') * kWeights[i];
  return v[17] == "10X98765432"[sum % 11];
}

bool is_se_personnummer(std::string_view v) {
  // Skatteverket: YYMMDD-NNNC (or YYYYMMDD-NNNC; + after 100 years), C a Luhn digit
  // over the ten; a samordningsnummer adds 60 to the day.
  std::string d = digits_of(v);
  if (d.size() == 12) d = d.substr(2);
  if (d.size() != 10) return false;
  int day = num(d, 4, 2);
  if (day > 60) day -= 60;
  return plausible_day(num(d, 2, 2), day) && luhn_ok(d);
}

bool is_pl_pesel(std::string_view v) {
  // Rejestr PESEL: 11 digits, the month carries the century (+20 for the 2000s), and
  // a check digit over the weights 1 3 7 9 1 3 7 9 1 3.
  const std::string d = digits_of(v);
  if (d.size() != 11 || d.size() != v.size()) return false;
  if (!plausible_day(num(d, 2, 2) % 20, num(d, 4, 2))) return false;
  static constexpr int kWeights[10] = {1, 3, 7, 9, 1, 3, 7, 9, 1, 3};
  int sum = 0;
  for (size_t i = 0; i < 10; ++i) sum += (d[i] - '0') * kWeights[i];
  return d[10] - '0' == (10 - sum % 10) % 10;
}

bool is_fi_hetu(std::string_view v) {
  // Digital and Population Data Services Agency: DDMMYY, a century sign, NNN, and the
  // check character "0123456789ABCDEFHJKLMNPRSTUVWXY"[DDMMYYNNN mod 31]. The agency
  // keeps the individual numbers 900 to 999 for tests: no one's.
  if (v.size() != 11) return false;
  const std::string d = std::string(v.substr(0, 6)) + std::string(v.substr(7, 3));
  if (d.size() != 9 || !std::all_of(d.begin(), d.end(), [](char c) { return is_digit(c); })) return false;
  if (d[6] == '9') return false;
  if (std::string_view("-+ABCDEFUVWXY").find(v[6]) == std::string_view::npos) return false;
  if (!plausible_day(num(d, 2, 2), num(d, 0, 2))) return false;
  return v[10] == "0123456789ABCDEFHJKLMNPRSTUVWXY"[std::stol(d) % 31];
}

bool is_it_codice_fiscale(std::string_view v) {
  // DM 23/12/1976: six letters of the names, the birth date and place, and a check
  // letter from the odd- and even-position tables over the first fifteen.
  if (v.size() != 16) return false;
  static constexpr int kOdd[26] = {1,  0,  5, 7, 9, 13, 15, 17, 19, 21, 2,  4,  18,
                                   20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23};
  int sum = 0;
  for (size_t i = 0; i < 15; ++i) {
    const char c = v[i];
    if (!is_digit(c) && !(c >= 'A' && c <= 'Z')) return false;
    const int k = is_digit(c) ? c - '0' : c - 'A';
    sum += i % 2 == 0 ? kOdd[k] : k;
  }
  return v[15] == 'A' + sum % 26;
}

bool is_za_id(std::string_view v) {
  // Department of Home Affairs: YYMMDD, SSSS, citizenship 0 or 1, a digit, and a Luhn digit.
  const std::string d = digits_of(v);
  if (d.size() != 13 || d.size() != v.size()) return false;
  return plausible_day(num(d, 2, 2), num(d, 4, 2)) && (d[10] == '0' || d[10] == '1') && luhn_ok(d);
}

bool is_no_fodselsnummer(std::string_view v) {
  // Skatteetaten: DDMMYY, three digits, and two mod-11 check digits (a D-number
  // adds 4 to the day's first digit).
  const std::string d = digits_of(v);  // "140789 00041" too, as the rule reads it
  if (d.size() != 11) return false;
  const int written = num(d, 0, 2), month = num(d, 2, 2);
  if (written > 71 || !plausible_day(month, written > 40 ? written - 40 : written)) return false;
  auto check = [&](std::initializer_list<int> weights) {
    int sum = 0, i = 0;
    for (int w : weights) sum += w * (d[static_cast<size_t>(i++)] - '0');
    const int k = 11 - sum % 11;
    return k == 11 ? 0 : k;
  };
  const int k1 = check({3, 7, 6, 1, 8, 9, 4, 5, 2});
  const int k2 = check({5, 4, 3, 2, 7, 6, 5, 4, 3, 2});
  return k1 < 10 && k2 < 10 && d[9] - '0' == k1 && d[10] - '0' == k2;
}

bool is_be_national_number(std::string_view v) {
  // Rijksregister / Registre national: YY.MM.DD-SSS.CC, CC = 97 - (YYMMDDSSS mod 97),
  // with a 2 before YYMMDDSSS for those born from 2000.
  const std::string d = digits_of(v);
  if (d.size() != 11) return false;
  const long long body = std::stoll(d.substr(0, 9)), cc = std::stoll(d.substr(9, 2));
  if (!plausible_day(num(d, 2, 2), num(d, 4, 2)) && num(d, 2, 2) != 0) return false;
  return cc == 97 - body % 97 || cc == 97 - (2000000000LL + body) % 97;
}

bool is_kr_rrn(std::string_view v) {
  // Resident registration number: YYMMDD-SBBBBNC, C = (11 - sum(w * d) mod 11) mod 10
  // with weights 2-9, 2-5 (numbers issued before October 2020).
  const std::string d = digits_of(v);
  if (d.size() != 13 || v.size() != 14 || v[6] != '-') return false;
  if (!plausible_day(num(d, 2, 2), num(d, 4, 2)) || d[6] < '1' || d[6] > '8') return false;
  static constexpr int kW[12] = {2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5};
  int sum = 0;
  for (size_t i = 0; i < 12; ++i) sum += kW[i] * (d[i] - '0');
  return d[12] - '0' == (11 - sum % 11) % 10;
}

bool is_fr_nir(std::string_view v) {
  // INSEE: sex, YY, MM, department, commune, order number, and the key
  // 97 - (the 13 digits mod 97); Corsica's 2A and 2B count as 19 and 18.
  std::string d;
  for (char c : v)
    if (c != ' ') d.push_back(c);
  if (d.size() != 15 || (d[0] != '1' && d[0] != '2')) return false;
  std::string body = d.substr(0, 13);
  if (body.substr(5, 2) == "2A") body.replace(5, 2, "19");
  else if (body.substr(5, 2) == "2B") body.replace(5, 2, "18");
  if (!std::all_of(body.begin(), body.end(), [](char c) { return is_digit(c); }) ||
      !std::all_of(d.begin() + 13, d.end(), [](char c) { return is_digit(c); }))
    return false;
  const int month = num(body, 3, 2);
  if (!(plausible_day(month, 1) || (month >= 20 && month <= 42) || month >= 50)) return false;
  const long long n = std::stoll(body), key = std::stoll(d.substr(13, 2));
  return key == 97 - n % 97;
}

bool is_mx_rfc(std::string_view v) {
  // SAT's RFC of a person (persona física): four letters of the names, YYMMDD, a
  // two-character homoclave, and a check character over the first twelve ("0-9A-N&O-Z"
  // and a space valued 0-37, weights 13 to 2; 11 minus the sum mod 11, A for 10, 0 for
  // 11). SAT's generic RFCs for the public and for foreigners are no one's, nor is the RFC
  // of SAT's published test certificates.
  if (v.size() != 13 || v == "XAXX010101000" || v == "XEXX010101000" || v == "CACX7605101P8") return false;
  static constexpr std::string_view kValues = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ ";
  if (!plausible_day(num(v, 6, 2), num(v, 8, 2))) return false;
  int sum = 0;
  for (size_t i = 0; i < 12; ++i) {
    const size_t k = kValues.find(v[i]);
    if (k == std::string_view::npos) return false;
    sum += static_cast<int>(k) * static_cast<int>(13 - i);
  }
  const int check = 11 - sum % 11;
  return v[12] == (check == 11 ? '0' : check == 10 ? 'A' : static_cast<char>('0' + check));
}

bool is_mx_curp(std::string_view v) {
  // RENAPO: four letters, YYMMDD, H/M, the state, three consonants, a character,
  // and a check digit over the first seventeen ("0-9A-NÑO-Z" valued 0-36, weights 18 to 2).
  if (v.size() != 18) return false;
  static constexpr std::string_view kValues = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ";  // & stands for Ñ
  if (!plausible_day(num(v, 6, 2), num(v, 8, 2)) || (v[10] != 'H' && v[10] != 'M')) return false;
  int sum = 0;
  for (size_t i = 0; i < 17; ++i) {
    const size_t k = kValues.find(v[i]);
    if (k == std::string_view::npos) return false;
    sum += static_cast<int>(k) * static_cast<int>(18 - i);
  }
  return v[17] - '0' == (10 - sum % 10) % 10;
}

// ICAO 9303 check digit: weights 7, 3, 1 over digits, letters (A = 10) and filler (< = 0).
int mrz_check(std::string_view field) {
  static constexpr int kW[3] = {7, 3, 1};
  int sum = 0;
  for (size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    const int v = is_digit(c) ? c - '0' : (c >= 'A' && c <= 'Z') ? c - 'A' + 10 : 0;
    sum += v * kW[i % 3];
  }
  return sum % 10;
}

bool is_passport_mrz_line(std::string_view v) {
  // The second line of a passport's machine-readable zone (ICAO 9303 part 4): the
  // document number and the birth date, each with its check digit.
  // ICAO's specimen state, Utopia, is no one's.
  return v.size() == 44 && v.substr(10, 3) != "UTO" && mrz_check(v.substr(0, 9)) == v[9] - '0' &&
         mrz_check(v.substr(13, 6)) == v[19] - '0';
}

bool is_fictional_phone(std::string_view digits) {
  // NANPA sets 555-0100 to 555-0199 aside for fiction; Ofcom keeps ranges for
  // drama (020 7946 0xxx, 0113 496 0xxx, 0161 496 0xxx, 07700 900xxx).
  std::string_view d = digits;
  if (d.size() == 11 && d.starts_with("1")) d.remove_prefix(1);
  // 555-1212 is every area's directory assistance, the number RFC 3261's examples call.
  if (d.size() == 10 && d.substr(3, 3) == "555" && (d.substr(6, 2) == "01" || d.substr(6) == "1212")) return true;
  // Twilio's test numbers for its test credentials: +1 500 555 00xx.
  if (d.size() == 10 && d.starts_with("50055500")) return true;
  if (d.starts_with("44")) d.remove_prefix(2);
  else if (d.starts_with("0")) d.remove_prefix(1);
  for (std::string_view drama : {"2079460", "1134960", "1614960", "7700900"})
    if (d.size() == 10 && d.starts_with(drama)) return true;
  return false;
}

namespace {

// Whether `near` names a company by its legal form (a footer's "Acme Ltd.", 株式会社)
// or a Japanese inn or hotel by the word its name ends in (旅館, ホテル).
bool names_a_company(std::string near) {
  // Swift's `import Foundation` names a framework, not a foundation.
  for (size_t k = near.find("import Foundation"); k != std::string::npos; k = near.find("import Foundation"))
    near.erase(k, 17);
  const std::string lower = ascii::lowered(near);
  for (std::string_view w : {" ltd",
                             " plc",
                             " inc.",
                             " llc",
                             " pvt",
                             " pte",
                             " gmbh",
                             " ggmbh",
                             " s.a.",
                             " s.l.",
                             " corp",
                             " sarl",
                             " selarl",
                             " s.r.l",
                             " b.v.",
                             " e.v.",
                             " sp. z o.o",
                             " sp. z o. o",
                             " \u0391.\u0395.",
                             " \u0395.\u03a0.\u0395.",
                             " \u0399.\u039a.\u0395.",  // Greek: Α.Ε., Ε.Π.Ε., Ι.Κ.Ε.
                             " s.r.o.",
                             " a.\xc5\x9f.",
                             " s.p.a.",
                             " d.o.o.",
                             " s.a.s.",
                             "株式会社",
                             "有限会社",
                             "合同会社",
                             "(株)",
                             "（株）",
                             "旅館",
                             "ホテル"})
    if (has_word(lower, w)) return true;
  // Whole words only as a name writes them ("Acme Limited", not "a limited edition").
  // Forms whose letters are words in small letters ("two APs", "an MBB modem", "pty", "LDA"):
  // only as the register writes them.
  for (std::string_view w : {" Limited", " LIMITED", "Stiftung", "Foundation", "Fundação", "Fundación", " PartG",
                             " mbB", " ApS", " A/S", " Kft.", " Ltda", " Lda.", " Pty"})
    if (has_word(near, w)) return true;
  return false;
}

// Whether the line of text[at], or the one before it, names a company: an address there
// is the business's. An invoice's payment line (it starts with IBAN, BIC, Bankverbindung,
// …) looks two lines up, to the invoice's head. A line before that names a person's
// employer ("employer: Acme GmbH") names no business whose detail follows.
bool names_a_company(std::string_view text, size_t at) {
  const std::string_view here = ascii::trim(line_around(text, at));
  bool payment = false;
  for (std::string_view label : {"IBAN", "BIC", "Bankverbindung", "Bank details", "Bank:", "Geschäftskonto",
                                 "Bankgegevens", "Coordonnées bancaires", "Dados bancários"})
    payment = payment || here.starts_with(label);
  size_t from = at;
  for (int lines = 0; lines < (payment ? 3 : 2) && from > 0; ++lines) {
    const size_t nl = text.rfind('\n', from - 1);
    from = nl == std::string_view::npos ? 0 : nl;
  }
  if (from > 0) ++from;
  std::string before(text.substr(from, at - from));
  const std::string lower = ascii::lowered(before);
  size_t cut = 0;  // past the last line that names an employer
  for (std::string_view w : {"employer", "arbeitgeber", "pracodawca", "employeur", "empleador", "werkgever"})
    if (const size_t k = lower.rfind(w); k != std::string::npos)
      cut = std::max(cut, std::min(before.find('\n', k), before.size()));
  before.erase(0, cut);
  return names_a_company(before + std::string(line_around(text, at)));
}

// Whether an indented record's line gives the record's own name: a key that names
// the party (name:, company:, organisation:) and not one it relates to (employer:).
bool names_the_record(std::string_view line) {
  const size_t lead = line.find_first_not_of(" \t-");
  const size_t colon = line.find(':');
  if (lead == std::string_view::npos || colon == std::string_view::npos || colon < lead) return false;
  const std::string key = ascii::lowered(ascii::trim(line.substr(lead, colon - lead)));
  return one_of(key, {"name", "company", "company_name", "companyname", "organisation", "organization", "org",
                      "legal_name", "business", "firma", "nazwa", "raison_sociale", "razon_social"});
}

// Whether text[at] stands in a record a company's name heads, up to six lines above:
// an indented block whose own name is the company's (YAML's ship_from: with name: "Acme
// Sp. z o.o." and phone: below; the block ends at a line indented less), or an e-mail
// signature (after its "-- " line) that names one. A person's record that names an
// employer, and a list of people under a company's heading, are no company's.
bool in_company_record(std::string_view text, size_t at) {
  const std::string_view here = line_around(text, at);
  const size_t indent = here.find_first_not_of(" \t");
  const bool indented = indent != std::string_view::npos && indent > 0;
  std::string block, names;
  for (size_t start = static_cast<size_t>(here.data() - text.data()), up = 0; up < 6 && start > 0; ++up) {
    const std::string_view above = line_around(text, start - 1);
    start = static_cast<size_t>(above.data() - text.data());
    const size_t lead = above.find_first_not_of(" \t");
    if (lead == std::string_view::npos) break;  // a blank line ends the record
    if (above == "-- " || above == "--") return names_a_company(block);
    if (lead < indent) break;  // the block's head, or a line outside it
    block += std::string(above) + "\n";
    if (names_the_record(above)) names += std::string(above) + "\n";
  }
  return indented && names_a_company(names);
}

// Whether the line of text[at] is a business's contact line: a role's e-mail address
// (support@, help@, sales@) or opening hours (Mon–Fri, 24/7) beside the number.
bool business_contact_line(std::string_view text, size_t at) {
  const std::string line = ascii::lowered(line_around(text, at));
  // "... to support@acme.io — call me on +44 ...": the caller's own number.
  for (std::string_view w : {"call me", "me on", "me at", "my number", "my phone", "my mobile", "reach me"})
    if (line.find(w) != std::string::npos) return false;
  for (std::string_view w : {"support@",
                             "help@",
                             "helpdesk@",
                             "servicedesk@",
                             "frontdesk@",
                             "sales@",
                             "info@",
                             "contact@",
                             "hello@",
                             "billing@",
                             "service@",
                             "accounts@",
                             "office@",
                             "enquiries@",
                             "orders@",
                             "mon-fri",
                             "mon–fri",
                             "mon - fri",
                             "mo-fr",
                             "pn-pt",
                             "ma-vr",
                             "ma–vr",
                             "lun-ven",
                             "lun–ven",
                             "lu-vi",
                             "seg-sex",
                             "pn–pt",
                             "infolinia",
                             "mo-sa",
                             "mo-su",
                             "monday to friday",
                             "24/7",
                             "business hours",
                             "opening hours",
                             "öffnungszeiten",
                             "mon-sat",
                             "mon–sat",
                             "headquarters",
                             "head office",
                             "our office",
                             "our store",
                             "our shop",
                             "visit us",
                             "showroom",
                             "öppettider",
                             "openingstijden",
                             "åpningstider",
                             "horario",
                             "orari",
                             "ωράριο",
                             "営業時間",
                             "ساعات العمل",
                             "besöksadress",
                             "besuchsadresse",
                             "bezoekadres",
                             "visiting address",
                             "adresse de visite"})
    if (has_word(line, w)) return true;
  return false;
}

// Whether text[at] stands in a business's legal notice (a German Impressum, a French
// site's mentions légales): its address and telephone are published by law.
bool in_legal_notice(std::string_view text, size_t at) {
  const size_t from = at > 1500 ? at - 1500 : 0;
  const std::string before = ascii::lowered(text.substr(from, at - from));
  // The notice's heading or one of its lines starts with the word (a file's name
  // mentioned in passing, "src/pages/Impressum.vue", is no notice).
  for (std::string_view w : {"impressum", "angaben gemäß", "handelsregister", "registergericht", "mentions légales",
                             "aviso legal", "note legali", "legal notice", "imprint", "registered office",
                             "registered address", "siège social", "sitz der gesellschaft"})
    for (size_t k = before.find(w); k != std::string::npos; k = before.find(w, k + 1)) {
      size_t b = k;
      while (b > 0 && (before[b - 1] == ' ' || before[b - 1] == '#' || before[b - 1] == '*' || before[b - 1] == '\t'))
        --b;
      if (b == 0 ? from == 0 || text[from - 1] == '\n' : before[b - 1] == '\n') return true;
    }
  return false;
}

// A postal address as most of Europe writes it, whole: a street and a house
// number ("Calle Mayor 18", "4 rue des Tanneurs"), perhaps a floor or a flat, then
// a postcode and a town ("41001 Sevilla", "4050-265 Porto", "411 24 Göteborg"),
// each part after a comma.
bool street_postcode_town(std::string_view v) {
  std::vector<std::string_view> parts;
  for (size_t from = 0; from <= v.size();) {
    const size_t comma = std::min(v.find(',', from), v.size());
    parts.push_back(ascii::trim(v.substr(from, comma - from)));
    from = comma + 1;
  }
  if (parts.size() < 2) return false;
  // The street: a word of three letters or more and a number of one to four digits.
  bool word = false, number = false;
  for (size_t i = 0; i < parts[0].size();) {
    size_t e = i;
    while (e < parts[0].size() && parts[0][e] != ' ') ++e;
    const std::string_view tok = parts[0].substr(i, e - i);
    const size_t digits = static_cast<size_t>(std::count_if(tok.begin(), tok.end(), is_digit));
    number = number || (digits >= 1 && digits <= 4 && digits + 1 >= tok.size() && is_digit(tok[0]));
    word = word || (digits == 0 && tok.size() >= 3);
    i = e + 1;
  }
  if (!word || !number) return false;
  // A later part: a postcode, a space and a town's capital.
  for (size_t k = 1; k < parts.size(); ++k) {
    std::string_view p = parts[k];
    size_t d = 0;
    while (d < p.size() &&
           (is_digit(p[d]) || ((p[d] == '-' || p[d] == ' ') && d > 0 && d + 1 < p.size() && is_digit(p[d + 1]))))
      ++d;
    const size_t digits =
        static_cast<size_t>(std::count_if(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(d), is_digit));
    if (digits >= 4 && digits <= 7 && d + 1 < p.size() && p[d] == ' ' &&
        (is_upper(p[d + 1]) || static_cast<unsigned char>(p[d + 1]) >= 0xC3))
      return true;
  }
  return false;
}

// The end of the JSON object that opens at text[open] (the byte after its '}'), or
// npos when it does not close within `limit` bytes. Strings are skipped whole.
size_t json_object_end(std::string_view t, size_t open, size_t limit) {
  const size_t stop = std::min(t.size(), open + limit);
  int depth = 0;
  for (size_t i = open; i < stop; ++i) {
    if (t[i] == '"') {
      for (++i; i < stop && t[i] != '"'; ++i)
        if (t[i] == '\\') ++i;
    } else if (t[i] == '{') {
      ++depth;
    } else if (t[i] == '}' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// The start of the JSON object that holds text[at] (its '{'), or npos when none opens
// within `limit` bytes before it. Braces inside strings are not told apart.
size_t json_object_start(std::string_view t, size_t at, size_t limit) {
  const size_t stop = at > limit ? at - limit : 0;
  int depth = 0;
  for (size_t i = at; i > stop; --i) {
    if (t[i - 1] == '}') ++depth;
    if (t[i - 1] == '{' && depth-- == 0) return i - 1;
  }
  return std::string_view::npos;
}

// The JSON object that holds text[at], opening at most `limit` bytes before it and
// closing at most 2 * `limit` bytes after its start; empty when there is none.
std::string_view json_object_around(std::string_view t, size_t at, size_t limit) {
  const size_t open = json_object_start(t, at, limit);
  if (open == std::string_view::npos) return {};
  const size_t end = json_object_end(t, open, 2 * limit);
  return end == std::string_view::npos ? std::string_view() : t.substr(open, end - open);
}

// The string a key gives in `object`: key is the quoted name ("\"text\""), found at
// `k`; the value is the quoted string after its ':', or empty.
std::string_view json_string_after(std::string_view object, size_t k, std::string_view key) {
  size_t p = k + key.size();
  while (p < object.size() && (object[p] == ' ' || object[p] == '\t' || object[p] == ':')) ++p;
  if (p >= object.size() || object[p] != '"') return {};
  const size_t q = object.find('"', p + 1);
  return q == std::string_view::npos ? std::string_view() : object.substr(p + 1, q - p - 1);
}

// A FHIR Condition (HL7 FHIR R4, "Condition"): the problem or diagnosis of the patient
// it names as its subject. Its code's "text" and each coding's "display" are that
// diagnosis in words; the codes themselves are a public classification's.
void pick_condition_text(const Hit& h, std::vector<Found>& out) {
  const std::string_view resource = json_object_around(h.text, h.at(h.groups[0]), 4096);
  size_t code = resource.find("\"code\"");
  while (code != std::string_view::npos) {
    size_t p = code + 6;
    while (p < resource.size() && (resource[p] == ' ' || resource[p] == ':' || resource[p] == '\t')) ++p;
    if (p < resource.size() && resource[p] == '{') break;
    code = resource.find("\"code\"", code + 6);
  }
  if (code == std::string_view::npos) return;
  const size_t body = resource.find('{', code);
  const size_t close = json_object_end(resource, body, resource.size());
  if (close == std::string_view::npos) return;
  const std::string_view concept_ = resource.substr(body, close - body);
  for (std::string_view key : {"\"text\"", "\"display\""})
    for (size_t k = concept_.find(key); k != std::string_view::npos; k = concept_.find(key, k + 1))
      add(out, h, json_string_after(concept_, k, key), "health_data");
}

// The number of the document whose type the match gives (groups[1]), in the same
// JSON object: a passport's by ICAO 9303's shape, an identity card's by 6 to 20
// capitals, digits, spaces and dashes with 5 digits or more.
void pick_document_number(const Hit& h, std::vector<Found>& out) {
  const std::string_view object = json_object_around(h.text, h.at(h.groups[0]), 600);
  const std::string type = ascii::lowered(h.groups[1]);
  const bool passport = type.starts_with("pas") || type == "reisepass";
  for (std::string_view key : {"\"number\"", "\"documentNumber\"", "\"document_number\"", "\"docNumber\"",
                               "\"idNumber\"", "\"passportNumber\"", "\"passport_number\"", "\"value\""}) {
    const size_t k = object.find(key);
    if (k == std::string_view::npos) continue;
    const std::string_view v = json_string_after(object, k, key);
    const bool fits = passport ? passport_number_shaped(v)
                               : v.size() >= 6 && v.size() <= 20 && digits_of(v).size() >= 5 &&
                                     std::all_of(v.begin(), v.end(), [](char c) {
                                       return is_digit(c) || is_upper(c) || c == '-' || c == ' ';
                                     });
    if (fits) add(out, h, v, passport ? "passport_number" : "national_id");
  }
}

// A driver's licence or an ID card as its PDF417 barcode holds it (AAMVA DL/ID Card
// Design Standard, Annex D): after the header "ANSI " and the issuer's number, data
// elements of three letters, one to a line. The holder's are taken: the licence
// number (DAQ), the names (DCS, DAC, DAD, DCT), the birth date (DBB), the street (DAG, DAH).
void pick_aamva_elements(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  // The header's line holds the subfile's first element after its designators (…DLDAQ…).
  size_t p = t.find("DAQ", h.end());
  const size_t header_end = std::min(t.find('\n', h.end()), t.size());
  if (p == std::string_view::npos || p > header_end) p = header_end + 1;
  for (int lines = 0; p + 3 < t.size() && lines < 40; ++lines) {
    const size_t e = std::min(t.find('\n', p), t.size());
    const std::string_view code = t.substr(p, 3);
    if (e < p + 3 || !is_upper(code[0]) || !is_upper(code[1]) || !is_upper(code[2])) break;
    std::string_view value = t.substr(p + 3, e - p - 3);
    while (!value.empty() && (value.back() == '\r' || value.back() == ' ')) value.remove_suffix(1);
    if (one_of(code, {"DAQ", "DCS", "DAC", "DAD", "DCT", "DBB", "DAG", "DAH"}) && value.size() >= 2 &&
        !one_of(value, {"NONE", "unavl", "UNAVL"}))
      add(out, h, value, code == "DBB" ? "date_of_birth" : "drivers_license");
    p = e + 1;
  }
}

// At most n bytes of v, cut where a UTF-8 character starts.
std::string_view utf8_prefix(std::string_view v, size_t n) {
  if (v.size() <= n) return v;
  while (n > 0 && (static_cast<unsigned char>(v[n]) & 0xC0) == 0x80) --n;
  return v.substr(0, n);
}

// Whether text[at] stands in a web page's footer (an open <footer> element within
// the 600 bytes before it), where a site publishes its owner's own contacts.
bool in_site_footer(std::string_view text, size_t at) {
  const size_t from = at > 600 ? at - 600 : 0;
  const std::string_view before = text.substr(from, at - from);
  const size_t open = before.rfind("<footer");
  return open != std::string_view::npos && before.find("</footer>", open) == std::string_view::npos;
}

// The two-letter codes of the states, the District of Columbia, the territories and
// the armed forces' mail (USPS Publication 28, appendix B).
constexpr std::string_view kUsStates[] = {"AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI",
                                          "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN",
                                          "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
                                          "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
                                          "WV", "WI", "WY", "PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP"};

// Whether `line` begins, after its indent, with a city of one to three capitalised
// words, a state's code and a ZIP code (Tulsa, OK 74132; Salt Lake City UT 84101-2203).
bool begins_with_city_state_zip(std::string_view line) {
  size_t i = line.find_first_not_of(" \t");
  for (int words = 0; i != std::string_view::npos && i < line.size() && words < 4; ++words) {
    if (words > 0 && i + 8 <= line.size() && is_upper(line[i]) && is_upper(line[i + 1]) && line[i + 2] == ' ' &&
        std::find(std::begin(kUsStates), std::end(kUsStates), line.substr(i, 2)) != std::end(kUsStates)) {
      size_t d = i + 3;
      while (d < line.size() && d < i + 8 && is_digit(line[d])) ++d;
      if (d == i + 8 && (d == line.size() || !std::isalnum(static_cast<unsigned char>(line[d])))) return true;
    }
    if (line.substr(i, 2) == "d'") i += 2;  // Coeur d'Alene
    if (i >= line.size() || !is_upper(line[i])) return false;
    size_t e = i + 1;
    while (e < line.size() &&
           (std::isalpha(static_cast<unsigned char>(line[e])) || line[e] == '.' || line[e] == '\'' || line[e] == '-'))
      ++e;
    if (e - i < 2) return false;
    if (e < line.size() && line[e] == ',') ++e;
    if (e >= line.size() || line[e] != ' ') return false;
    i = e + 1;
  }
  return false;
}

// A word of a city's name: capitalised, perhaps after a small-letter particle
// (Coeur d'Alene, Isle of Palms, Lac du Flambeau).
constexpr const char* kCityWord = R"((?:d'|(?:de|du|la|of|del) )?[A-ZÀ-Ý][A-Za-zÀ-ÿ.'-]+)";

// A street as the United States writes it: a house number, perhaps a direction, the
// street's name and its type, perhaps a direction and a unit.
constexpr const char* kUsStreet =
    R"(\d{1,6}[A-Z]?(?: (?:[NSEW]|NE|NW|SE|SW)\.?)?(?: (?:[A-Z][A-Za-z'-]+|\d{1,3}(?:st|nd|rd|th))){1,4} )"
    R"((?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Lane|Ln|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Ter|)"
    R"(Parkway|Pkwy|Circle|Cir|Highway|Hwy|Trail|Trl|Loop|Square|Sq|Pike|Path|Plaza|Alley|Run|Row|Grove|)"
    R"(Crescent|Cres|Close|Parade|Pde|Esplanade|Gardens)\.?)"
    R"((?: (?:[NSEW]|NE|NW|SE|SW)\b)?(?:,? (?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|Rm|#)\.? ?#?[A-Za-z0-9-]{1,6})?)";

// Whether an address is one everybody knows: a landmark's or an office of state, a
// famous company's campus, a fiction's, or the USPS guide's "Anytown". A sample or a
// question about such a place is no one's home.
bool well_known_address(std::string_view address) {
  const std::string a = ascii::lowered(address);
  if (a.find("anytown") != std::string::npos || a.find("any town") != std::string::npos) return true;
  for (std::string_view known : {"1600 pennsylvania av", "1600 amphitheatre p", "1 infinite loop", "350 fifth av",
                                 "1 microsoft way", "1 hacker way", "410 terry av", "742 evergreen terrace",
                                 "4 privet dr", "1313 mockingbird l", "221b baker st", "11 wall st", "10 downing st"})
    if (a.starts_with(known)) return true;
  return false;
}

}  // namespace

// A business's own details: in a legal notice or a site's footer, on a line that names
// a company by its legal form (or the line before), or on a contact line. The one
// judgement every rule for an address, a telephone, an account or a tax number
// without a person's label makes.
bool business_detail(std::string_view text, size_t at) {
  // A line that says the detail is a person's own ("Home phone:", "my IBAN", a patient's)
  // is no business's, whatever stands beside it.
  const std::string line = ascii::lowered(line_around(text, at));
  for (std::string_view w :
       {"home phone", "home address", "home number", "home:", "personal", "private", "privat", "my", "patient"})
    if (has_word(line, w)) return false;
  return names_a_company(text, at) || in_legal_notice(text, at) || business_contact_line(text, at) ||
         in_site_footer(text, at) || in_company_record(text, at);
}

namespace {

// HL7 v2's PID segment (segments end with a carriage return): PID-3 lists the
// patient's identifiers, each repetition's first component (a record number, an NHI);
// PID-7 is the date of birth (YYYYMMDD). PID-1 is a set id, digits or nothing: `ps`'s
// header (PID|PPID|USER) is no segment.
void pick_hl7_pid(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  const size_t end = std::min(t.find('\n', h.end()), t.size());
  size_t field = h.end();  // the start of field n
  for (int n = 1; n <= 7 && field < end; ++n) {
    const size_t stop = std::min(t.find('|', field), end);
    if (n == 1 && !std::all_of(t.begin() + static_cast<std::ptrdiff_t>(field),
                               t.begin() + static_cast<std::ptrdiff_t>(stop), is_digit))
      return;
    for (size_t rep = field; n == 3 && rep < stop;) {
      const size_t rep_end = std::min(t.find('~', rep), stop);
      const size_t id_end = std::min(t.find('^', rep), rep_end);
      if (id_end - rep >= 4) out.push_back({rep, id_end, "patient_id"});
      rep = rep_end + 1;
    }
    if (n == 7) {
      const std::string_view v = t.substr(field, std::min(t.find('^', field), stop) - field);
      if (v.size() >= 8 && v.size() <= 14 && std::all_of(v.begin(), v.end(), is_digit)) add(out, h, v);
    }
    field = stop + 1;
  }
}

// Group 1, an address, unless it is a company's.
void pick_private_address(const Hit& h, std::vector<Found>& out) {
  if (!business_detail(h.text, h.at(h.groups[1]))) add(out, h, h.groups[1]);
}

// Group 1, a street alone on its line, with the city, the state and the ZIP code on
// the next (a mailing label's): the two lines, unless they are a company's.
void pick_label_street_line(const Hit& h, std::vector<Found>& out) {
  const size_t end = h.end();
  if (end >= h.text.size() || h.text[end] != '\n') return;
  const std::string_view below = line_around(h.text, end + 1);
  if (!begins_with_city_state_zip(below) || business_detail(h.text, h.at(h.groups[1])) ||
      well_known_address(h.groups[1]))
    return;
  const size_t zip = below.find_first_of("0123456789");
  size_t stop = h.at(below) + zip + 5;
  if (stop + 5 <= h.text.size() && h.text[stop] == '-' &&
      std::all_of(h.text.begin() + static_cast<std::ptrdiff_t>(stop + 1),
                  h.text.begin() + static_cast<std::ptrdiff_t>(stop + 5), is_digit))
    stop += 5;
  out.push_back({h.at(h.groups[1]), stop, {}});
}

}  // namespace

namespace {

// Whether the lines around text[at] (its own, the one above and the one below) are
// about a person's phone or SIM: a customer's, a subscriber's, a stolen or lost one.
bool about_a_subscriber(std::string_view text, size_t at) {
  const std::string_view here = line_around(text, at);
  const size_t start = static_cast<size_t>(here.data() - text.data()), end = start + here.size();
  const std::string near =
      ascii::lowered(std::string(start > 0 ? line_around(text, start - 1) : std::string_view()) + "\n" +
                     std::string(here) + "\n" + std::string(end < text.size() ? line_around(text, end + 1) : ""));
  for (std::string_view w : {"customer", "subscriber", "stolen",    "lost",    "theft",   "robbed", "owner",
                             "my phone", "cliente",    "pelanggan", "müşteri", "roubado", "robado", "gestohlen",
                             "verloren", "volé",       "perdu",     "rubato",  "hilang",  "dicuri"})
    if (near.find(w) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<RuleSpec> pii_rules() {
  std::vector<RuleSpec> r;
  // What every address rule's label holds: the rules share the trigger, and so one
  // entry of the set.
  const std::string address_words =
      R"((?i)address|adres|адрес|domicilio|direcci|endereço|indirizzo|kotiosoite|住所|住址)";
  // Not a piece of a longer dashed or dotted token (a UUID, a version, a date), nor a
  // number the words just before it (24 bytes) call a barcode (a library's item
  // barcodes, 14 digits from 3 with a Luhn-like check, pass for Diners Club's).
  auto card = [](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[1];
    const size_t at = h.at(v), end = at + v.size();
    auto alnum = [&](size_t i) { return i < h.text.size() && std::isalnum(static_cast<unsigned char>(h.text[i])); };
    auto joins = [&](size_t i) { return h.text[i] == '-' || h.text[i] == '.' || h.text[i] == '/'; };
    if ((at > 1 && joins(at - 1) && alnum(at - 2)) || (end < h.text.size() && joins(end) && alnum(end + 1))) return;
    if (!is_card_number(v)) return;
    const std::string_view line = line_around(h.text, at);
    const size_t line_start = static_cast<size_t>(line.data() - h.text.data());
    const size_t from = std::max(line_start, at > 24 ? at - 24 : 0);
    const std::string before = ascii::lowered(h.text.substr(from, at - from));
    for (std::string_view w :
         {"barcode", "viivakood", "streckkod", "strekkode", "stregkode", "strichcode", "code-barre", "code barre",
          "código de barras", "codice a barre", "streepjescode", "条码", "条形码", "バーコード", "바코드"})
      if (before.find(w) != std::string::npos) return;
    add(out, h, v);
  };
  // A card's magnetic track 2 (ISO/IEC 7813): the card number, = or D, the expiry
  // (YYMM), the service code and the issuer's data, whole. Before the card rules: of two findings that overlap, the
  // first rule's is kept, and the card number alone would leave the rest of the track.
  r.push_back({"card_track", R"(\b(\d{13,19})[=D]\d{7}\d*)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (is_card_number(h.groups[1])) add(out, h, h.groups[0]);
               },
               false, R"(\d{13}[=D]\d{7})"});
  // Each with the bare shape as the set's trigger: \b costs the set's automaton more than it saves.
  r.push_back({"card_number", R"(\b(\d{4}(?:[ -]?\d{2,7}){2,4})\b)", card, false,
               R"(\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d|\d{4}[ -]?\d{6}[ -]?\d{4})"});
  r.push_back({"card_number", R"(\b(\d{13,19})\b)", card, false, R"(\d{13})"});
  // An SSN's shape alone, unless a word just before it names it as a reference
  // ("Invoice ref 582-31-7740", "Receipt no. 219-44-8812").
  r.push_back({"us_ssn", R"(\b(\d{3}-\d{2}-\d{4})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (named_as_other(h.text, h.at(h.groups[1]))) return;
                 if (is_us_ssn(h.groups[1])) add(out, h, h.groups[1]);
                 // A bare ITIN only on a line about taxes, and no piece of a longer number (an ISBN).
                 const size_t at = h.at(h.groups[1]), end = at + h.groups[1].size();
                 const bool joined = (at > 0 && h.text[at - 1] == '-') || (end < h.text.size() && h.text[end] == '-');
                 const std::string line = ascii::lowered(line_around(h.text, at));
                 const auto tax_word = {"tax", "taxpayer", "irs", "itin", "w-7", "1040"};
                 if (is_us_itin(h.groups[1]) && !joined &&
                     std::any_of(tax_word.begin(), tax_word.end(), [&](const char* w) { return has_word(line, w); }))
                   add(out, h, h.groups[1], "us_itin");
               },
               false, R"(\d{3}-\d{2}-\d{4})"});
  // A DICOM header as dcmdump or pydicom print it: the patient's name, id, birth date,
  // other ids and names, address and telephone (group 0010, PS3.6); not what a
  // de-identifier wrote in their place (ANONYMOUS, Anon-0012, REMOVED).
  r.push_back(
      {"patient_data",
       R"re(\(0010,[ ]?(?:0010|0020|0030|1000|1001|1005|1040|2154)\)[^\n]{0,60}?\b[A-Z]{2}:?[ \t]+[\['"]([^\]'"\n]+)[\]'"])re",
       [](const Hit& h, std::vector<Found>& out) {
         const std::string v = ascii::lowered(h.groups[1]);
         if (!v.starts_with("anon") && v.find("removed") == std::string::npos && v != "unknown")
           add(out, h, h.groups[1]);
       },
       false, R"(\(0010,[ ]?(?:00[123]0|100[015]|1040|2154)\))"});
  r.push_back({"date_of_birth", R"((?:^|\r)[ \t]*PID\|)", pick_hl7_pid, false, R"(PID\|)"});
  // An X12 claim's or eligibility request's insured (NM1*IL): the member id after its
  // qualifier MI (ASC X12 270/837; a Medicare MBI, an insurer's member number).
  r.push_back({"member_id", R"(\bNM1\*IL\*[12]\*[^~\n]*?\*MI\*([A-Za-z0-9-]{5,30}))", group(1), false, R"(NM1\*IL\*)"});
  // An SSN after its label, up to 40 bytes on with no digit between ("the SSN column;
  // its first row reads ..."): the label outweighs a word such as "row" in between.
  r.push_back({"us_ssn",
               R"((?i)\b(?:ssn|social security(?: number| no\.?|)"
               R"( #)?)\b[^\n\d]{0,40}(\d{3}[ -]?\d{2}[ -]?\d{4})\b)",
               group_if(1, is_us_ssn)});
  r.push_back({"us_itin", R"((?i)\bitin\b[^\n\d]{0,20}(9\d{2}[ -]?\d{2}[ -]?\d{4})\b)", group_if(1, is_us_itin), false,
               R"((?i)\bitin\b)"});
  r.push_back({"uk_nino", R"(\b([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])\b)", group_if(1, is_uk_nino), false,
               R"([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])"});
  // The countries of is_iban's length table, so the set is not woken by every capital-digit run.
  const std::string countries =
      "(?:AD|AE|AT|BA|BE|BG|BH|BR|CH|CY|CZ|DE|DK|EE|ES|FI|FR|GB|GR|HR|HU|IE|IL|IS|IT|LT|LU|LV|"
      "MT|NL|NO|PL|PT|RO|RS|SA|SE|SI|SK|TR)";
  r.push_back({"iban", R"(\b()" + countries + R"(\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 // A business's or a charity's account, printed for its customers' or donors' payments.
                 const size_t at = h.at(h.groups[1]);
                 if (!is_iban(h.groups[1]) || business_detail(h.text, at)) return;
                 const std::string near = ascii::lowered(h.text.substr(at > 300 ? at - 300 : 0, at > 300 ? 300 : at));
                 for (std::string_view w :
                      {"donate", "donation", "donations", "donativo", "donativos", "doação", "doações", "donación",
                       "donaciones", "spende", "spenden", "spendenkonto", "faire un don"})
                   if (has_word(near, w)) return;
                 add(out, h, h.groups[1]);
               },
               false, R"(\b)" + countries + R"(\d{2} ?[A-Z0-9]{4} ?[A-Z0-9]{4})"});
  // After a country's calling code (+34 910 000 470) the groups are a telephone's.
  r.push_back({"ca_sin", R"((\+\d{1,3}[ -])?\b(\d{3}[ -]\d{3}[ -]\d{3})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1].empty() && is_ca_sin(h.groups[2]) && !named_as_other(h.text, h.at(h.groups[2])))
                   add(out, h, h.groups[2]);
               },
               false, R"(\d{3}[ -]\d{3}[ -]\d{3})"});
  // Unspaced, after its name as a label, a key or an element (SIN: …, "sin": "…", <sin>…).
  r.push_back({"ca_sin", R"((?i)\b(?:sin|social insurance number)\b[ \t:="'>#]{1,6}(\d{9})\b)", group_if(1, is_ca_sin),
               false, R"((?i)\b(?:sin|social insurance number)\b[ \t:="'>#])"});
  r.push_back(
      {"br_cpf", R"(\b(\d{3}\.\d{3}\.\d{3}-\d{2})\b)", group_if(1, is_br_cpf), false, R"(\d{3}\.\d{3}\.\d{3}-\d{2})"});
  r.push_back({"es_dni", R"(\b([XYZ]?\d{7,8}-?[A-Z])\b)", group_if(1, is_es_dni), false, R"(\d{7}-?[A-Z])"});
  r.push_back({"in_aadhaar", R"(\b([2-9]\d{3}[ -]\d{4}[ -]\d{4})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 // Not a piece of a longer token: an order's id (GPA.3381-2270-6157-90823).
                 const std::string_view v = h.groups[1], t = h.text;
                 const size_t at = h.at(v), end = at + v.size();
                 auto joins = [](char c) { return c == '.' || c == '-'; };
                 const bool after_no = at >= 3 && ascii::lowered(t.substr(at - 3, 3)) == "no.";
                 if ((at > 1 && joins(t[at - 1]) && ascii::is_alnum(t[at - 2]) && !after_no) ||
                     (end + 1 < t.size() && joins(t[end]) && ascii::is_alnum(t[end + 1])))
                   return;
                 // Nor groups of a longer grouped number (an IBAN: DE58 6805 0101 2322 0369 93).
                 auto group_before = [&] {
                   if (at < 5 || t[at - 1] != ' ' || (at > 5 && ascii::is_alnum(t[at - 6]))) return false;
                   const std::string_view g = t.substr(at - 5, 4);
                   return std::all_of(g.begin(), g.end(), ascii::is_alnum) && std::any_of(g.begin(), g.end(), is_digit);
                 };
                 if (group_before()) return;
                 if (is_in_aadhaar(v)) add(out, h, v);
               },
               false, R"([2-9]\d{3}[ -]\d{4}[ -]\d{4})"});
  r.push_back({"in_pan", R"(\b([A-Z]{5}\d{4}[A-Z])\b)", group_if(1, is_in_pan), false, R"([A-Z]{5}\d{4}[A-Z])"});
  // A Polish account number (NRB): an IBAN without its PL, two check digits and six
  // groups of four, which the IBAN's check (ISO 13616, mod 97) holds for.
  r.push_back({"bank_account", R"(\b(\d{2} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (is_iban("PL" + digits_of(h.groups[1])) && !business_detail(h.text, h.at(h.groups[1])))
                   add(out, h, h.groups[1]);
               },
               false, R"(\d{2} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4})"});
  // A date of birth in Arabic, in Arabic-Indic or Western digits (تاريخ الميلاد: ٠٣/١١/١٩٨٧).
  r.push_back(
      {"date_of_birth",
       R"((?:تاريخ الميلاد|تاريخ الولادة)[ \t]*[:：]?[ \t]*((?:[٠-٩]|[0-9]){1,4}\x{200F}?[/.-](?:[٠-٩]|[0-9]){1,2})"
       R"(\x{200F}?[/.-](?:[٠-٩]|[0-9]){1,4}))",
       group(1), false, R"(تاريخ الميلاد|تاريخ الولادة)"});
  // Phone numbers: in the international form (ITU-T E.164: a +, a country code,
  // 8 to 15 digits in all), or any number a word names as a phone.
  auto phone = [](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[1];
    const size_t at = h.at(v);
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(h.text[at - 1])) || h.text[at - 1] == '.')) return;
    const std::string d = digits_of(v);
    if (d.size() >= 8 && d.size() <= 15 && !is_fictional_phone(d) && !business_detail(h.text, at)) add(out, h, v);
  };
  r.push_back({"phone_number", R"((\+[1-9]\d{0,2}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,5}){1,4})\b)", phone,
               false, R"(\+[1-9]\d{0,2}[ .-]?\(?\d)"});
  r.push_back(
      {"phone_number",
       R"((?i)\b(?:phone|tel|telephone|mobile|cell|fax|whatsapp|sms|call(?:ed)?(?: \w+)?(?: back)? (?:at|on))\b)"
       R"([^\n\d+]{0,20}(\(?\d[\d ()./-]{5,18}\d))",
       phone, false, R"((?i)\b(?:phone|tel|mobile|cell|fax|whatsapp|sms|call))"});
  // Mobile numbers as each country writes them at home (national numbering plans:
  // Germany's 015x-017x, France's 06 and 07 in pairs, the UK's 07xxx, the
  // Netherlands' 06, the Philippines' 09xx, Kenya's 07xx and 01xx in ten digits,
  // Nigeria's 070x, 080x, 081x, 090x, 091x in eleven; Japan's 070, 080 and 090 and
  // Indonesia's 08xx, in their groups; Sweden's 070, 072, 073, 076 and 079 as 07X-XXX XX
  // XX; South Korea's 010-XXXX-XXXX), unless a word of their clause names them as an
  // order or the like.
  auto national_mobile = [](const Hit& h, std::vector<Found>& out) {
    const std::string_view v = h.groups[1];
    const size_t at = h.at(v), end = at + v.size();
    // Not a piece of a longer token: a UUID's last group, a version, a path, an id.
    auto alnum = [&](size_t i) { return i < h.text.size() && std::isalnum(static_cast<unsigned char>(h.text[i])); };
    auto joins = [&](size_t i) { return std::string_view("-./_:").find(h.text[i]) != std::string_view::npos; };
    if ((at > 0 && (alnum(at - 1) || (joins(at - 1) && at > 1 && alnum(at - 2)))) ||
        (end < h.text.size() && (alnum(end) || (joins(end) && alnum(end + 1)))))
      return;
    // Nor the tail of a number in groups of four (a card's, an order's: 4111 0812 2086 4605).
    if (at >= 5 && h.text[at - 1] == ' ' &&
        std::all_of(h.text.begin() + static_cast<std::ptrdiff_t>(at - 5),
                    h.text.begin() + static_cast<std::ptrdiff_t>(at - 1), is_digit))
      return;
    if (!is_fictional_phone(digits_of(v)) && !named_as_other(h.text, at) && !business_detail(h.text, at))
      add(out, h, v);
  };
  // One rule for the plans. Its trigger asks for more than a leading 0 and a
  // digit, which every date (2024-06-12) and time (07:15) holds.
  r.push_back(
      {"phone_number",
       R"(\b(01[5-7]\d(?:[ /-]?\d){7,8}|0[67](?:[ .]\d\d){4}|07\d{3} ?\d{3} ?\d{3}|06[ -]?\d{8}|)"
       R"(09\d\d[ -]?\d{3}[ -]?\d{4}|0(?:7\d\d|11\d)[ -]\d{3}[ -]\d{3}|0(?:[79][01]\d|80[2-9]|81\d)[ -]?\d{3}[ -]?\d{4}|)"
       R"(0[789]0[ -]\d{4}[ -]\d{4}|08(?:1[1-9]|2[1-3]|3[1-8]|5[1-9]|7[78]|8[1-9]|9[5-9])[ -]\d{3,4}[ -]\d{3,5}|)"
       R"(07[02369][ -]?\d{3} \d\d \d\d|010[ -]\d{4}[ -]\d{4})\b)",
       national_mobile, false,
       R"(01[5-7]\d[ /-]?\d\d\d|0[67][ .]\d\d[ .]\d\d|07\d{3} ?\d{3}|06[ -]?\d{8}|09\d\d[ -]?\d{3}[ -]?\d{4}|)"
       R"(0(?:7\d\d|11\d)[ -]\d{3}[ -]\d{3}|0(?:[79][01]\d|80[2-9]|81\d)[ -]?\d{3}[ -]?\d{4}|)"
       R"(0[789]0[ -]\d{4}[ -]\d{4}|08(?:1[1-9]|2[1-3]|3[1-8]|5[1-9]|7[78]|8[1-9]|9[5-9])[ -]\d{3,4}[ -]\d{3,5}|)"
       R"(07[02369][ -]?\d{3} \d\d \d\d|010[ -]\d{4}[ -]\d{4})"});
  // National ids with a check digit. Where the shape alone is common (11 or 13 digits),
  // the text must name the id.
  r.push_back({"cn_resident_id", R"(\b(\d{17}[\dX])\b)", group_if(1, is_cn_resident_id), false, R"(\d{17}[\dX])"});
  r.push_back({"se_personnummer", R"(\b((?:19|20)?\d{6}[-+]\d{4})\b)", group_if(1, is_se_personnummer), false,
               R"(\d{6}[-+]\d{4})"});
  // Unseparated, after its name as a label or a key (BankID's "personalNumber").
  r.push_back({"se_personnummer",
               R"((?i)\b(?:personnummer|personal[ _-]?number|personnr)\b[ \t:="'>#]{1,6}((?:19|20)?\d{10})\b)",
               group_if(1, is_se_personnummer), false,
               R"((?i)\b(?:personnummer|personal[ _-]?number|personnr)\b[ \t:="'>#])"});
  r.push_back({"fi_hetu", R"(\b(\d{6}[-+A-FU-Y]\d{3}[0-9A-FHJ-NPR-Y])\b)", group_if(1, is_fi_hetu), false,
               R"(\d{6}[-+A-FU-Y]\d{3}[0-9A-Y])"});
  r.push_back({"it_codice_fiscale", R"(\b([A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z])\b)",
               group_if(1, is_it_codice_fiscale), false, R"([A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z])"});
  // Norway's fødselsnummer, Denmark's CPR number (no check digit since 2007) and
  // Korea's resident registration number where the text names them; Belgium's
  // national number and France's NIR by their shape and key; Mexico's CURP.
  r.push_back({"no_fodselsnummer",
               R"((?i)(?:f(?:ø|o|oe)dselsnummer|personnummer|\bf\.?nr\.?)[^\n\d]{0,20}(\d{6} ?\d{5})\b)",
               group_if(1, is_no_fodselsnummer), false, R"((?i)dselsnummer|personnummer|f\.?nr)"});
  r.push_back({"dk_cpr", R"((?i)\bcpr(?:-?(?:nr|nummer|number|no))?\.?[^\n\d]{0,20}(\d{6}-?\d{4})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string d = digits_of(h.groups[1]);
                 if (plausible_day(num(d, 2, 2), num(d, 0, 2))) add(out, h, h.groups[1]);
               },
               false, R"((?i)cpr)"});
  r.push_back({"kr_rrn", R"(\b(\d{6}-\d{7})\b)", group_if(1, is_kr_rrn), false, R"(\d{6}-\d{7})"});
  r.push_back({"be_national_number", R"(\b(\d{2}\.\d{2}\.\d{2}[-.]\d{3}\.\d{2})\b)", group_if(1, is_be_national_number),
               false, R"(\d{2}\.\d{2}\.\d{2}[-.]\d{3})"});
  r.push_back({"fr_nir", R"(\b([12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2})\b)", group_if(1, is_fr_nir),
               false, R"([12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3})"});
  r.push_back({"mx_rfc", R"(\b([A-Z&]{4}\d{6}[A-Z0-9]{2}[0-9A])\b)", group_if(1, is_mx_rfc), false,
               R"([A-Z&]{4}\d{6}[A-Z0-9]{2}[0-9A])"});
  r.push_back({"mx_curp", R"(\b([A-Z]{4}\d{6}[HM][A-Z]{5}[0-9A-Z]\d)\b)", group_if(1, is_mx_curp), false,
               R"([A-Z]{4}\d{6}[HM][A-Z]{5})"});
  r.push_back({"passport_mrz",
               R"(\b([A-Z0-9<]{9}[0-9][A-Z<]{3}[0-9]{6}[0-9][MFX<][0-9]{6}[0-9][A-Z0-9<]{14}[0-9<][0-9]))",
               group_if(1, is_passport_mrz_line), false, R"([0-9][A-Z<]{3}[0-9]{7}[MFX<][0-9]{7})"});
  // A passport's first MRZ line (ICAO 9303, TD3): P, a type or <, the issuing state,
  // then the holder's names (surname << given names) padded with < to 44 characters.
  // UTO, Utopia, is the specimen's state in ICAO's own documents.
  r.push_back({"passport_mrz", R"((?:^|[^A-Z0-9<])(P[A-Z<][A-Z]{3}[A-Z<]{39})(?:[^A-Z0-9<]|$))",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[1];
                 if (v.substr(2, 3) != "UTO" && v.find("<<") != std::string_view::npos && ascii::is_upper(v[5]))
                   add(out, h, v);
               },
               false, R"([A-Z]<<[A-Z])"});
  // An address at a mail service for individuals, or at an internet provider's mail
  // for its customers, is a person's, unless its local part names a role
  // (noreply@..., support@...). An entry ending in "." is a name under any top-level
  // domain (yahoo.com, yahoo.co.jp); any other is one whole domain.
  static constexpr std::string_view kFreeMail[] = {
      "gmail.",         "googlemail.", "yahoo.",      "ymail.",       "rocketmail.com", "hotmail.",    "outlook.",
      "live.",          "msn.com",     "icloud.com",  "me.com",       "mac.com",        "aol.",        "proton.me",
      "protonmail.",    "pm.me",       "tuta.io",     "tutanota.",    "fastmail.",      "zoho.",       "mail.com",
      "email.com",      "gmx.",        "web.de",      "t-online.de",  "freenet.de",     "arcor.de",    "posteo.de",
      "yandex.",        "mail.ru",     "bk.ru",       "list.ru",      "inbox.ru",       "rambler.ru",  "ukr.net",
      "qq.com",         "foxmail.com", "163.com",     "126.com",      "yeah.net",       "sina.com",    "sohu.com",
      "naver.com",      "daum.net",    "hanmail.net", "nate.com",     "docomo.ne.jp",   "ezweb.ne.jp", "softbank.ne.jp",
      "rediffmail.com", "wp.pl",       "o2.pl",       "onet.pl",      "interia.pl",     "seznam.cz",   "centrum.cz",
      "email.cz",       "azet.sk",     "freemail.hu", "citromail.hu", "abv.bg",         "inbox.lv",    "libero.it",
      "virgilio.it",    "laposte.net"};
  // Internet providers' mail for their customers.
  static constexpr std::string_view kProviderMail[] = {
      "alice.it",        "tiscali.it",      "orange.fr",        "free.fr",        "sfr.fr",          "wanadoo.fr",
      "bluewin.ch",      "telenet.be",      "skynet.be",        "ziggo.nl",       "kpnmail.nl",      "hetnet.nl",
      "planet.nl",       "home.nl",         "xs4all.nl",        "telefonica.net", "sapo.pt",         "elisanet.fi",
      "kolumbus.fi",     "suomi24.fi",      "luukku.com",       "btinternet.com", "btopenworld.com", "sky.com",
      "virginmedia.com", "ntlworld.com",    "blueyonder.co.uk", "talktalk.net",   "comcast.net",     "verizon.net",
      "att.net",         "sbcglobal.net",   "bellsouth.net",    "cox.net",        "charter.net",     "earthlink.net",
      "optonline.net",   "shaw.ca",         "sympatico.ca",     "videotron.ca",   "telus.net",       "bigpond.com",
      "bigpond.net.au",  "optusnet.com.au", "iinet.net.au",     "xtra.co.nz",     "uol.com.br",      "bol.com.br",
      "terra.com.br",    "ig.com.br"};
  std::string services;
  for (std::string_view d : kFreeMail) services += (services.empty() ? "" : "|") + RE2::QuoteMeta(d);
  for (std::string_view d : kProviderMail) services += "|" + RE2::QuoteMeta(d);
  r.push_back(
      {"email", R"((?i)\b([a-z0-9][a-z0-9._%+-]{0,63}@[a-z0-9.-]+\.[a-z]{2,}))",
       [](const Hit& h, std::vector<Found>& out) {
         const std::string v = ascii::lowered(h.groups[1]);
         const std::string local = v.substr(0, v.find('@')), domain = v.substr(v.find('@') + 1);
         for (std::string_view role :
              {"noreply",    "no-reply",  "support",  "info",    "admin",   "contact",      "help",  "sales",
               "team",       "hello",     "example",  "test",    "user",    "someone",      "abuse", "postmaster",
               "hostmaster", "webmaster", "security", "privacy", "billing", "mailer-daemon"})
           if (local == role) return;
         const auto listed = [&](std::string_view d) { return d.ends_with('.') ? domain.starts_with(d) : domain == d; };
         if (std::any_of(std::begin(kFreeMail), std::end(kFreeMail), listed) ||
             std::any_of(std::begin(kProviderMail), std::end(kProviderMail), listed))
           add(out, h, h.groups[1]);
       },
       false, "(?i)@(?:" + services + ")"});
  // A street and number, then a postcode and a town: Lindenstraße 47, 50674 Köln;
  // Vasagatan 7 C, lgh 1204, 411 24 Göteborg (an entrance letter, a flat between).
  r.push_back(
      {"address",
       R"(\b([A-ZÄÖÜÅ][a-zäöüßåøæé]+(?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm|laan|straat|gracht|)"
       R"(vej|gade|gatan|vägen|veien|gata) \d{1,4}(?: ?[A-Za-z]|-\d{1,3})?(?:, [^,\n\d]{1,12}\d{1,5})?, )"
       R"((?:\d{4,5}|\d{3} \d{2}|\d{4} ?[A-Z]{2}) )"
       R"([A-ZÄÖÜÅ][a-zäöüßåøæé]+))",
       pick_private_address, false,
       R"((?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm|laan|straat|gracht|vej|gade|gatan|vägen|veien|)"
       R"(gata) \d{1,4}(?: ?[A-Za-z]|-\d{1,3})?, )"});
  // The same as Spain, Italy, Portugal and France write it: the street's word first
  // (Calle de Toledo 41, 3º izq, 28005 Madrid; Via dei Mille 24, 80121 Napoli), or
  // the number first (12 ter, avenue des Lilas, 69003 Lyon), then a postcode and a town.
  // The street's name is capitalised words and the particles between them ("Via
  // HAProxy to port 8443, 12000 Requests" is no address).
  const std::string street_name =
      R"((?: (?:[A-ZÀ-Ý][A-Za-zÀ-ÿ’'·.-]*|de|del|dels|della|delle|dei|degli|di|da|do|dos|das|des|du|la|le|les|el|)"
      R"(los|las|[dl]'[A-Za-zÀ-ÿ’'·.-]+)){1,5})";
  r.push_back(
      {"address",
       R"(\b((?:(?:Calle|Carrer|Avenida|Avda\.|Paseo|Plaza|Camino|Ronda|Via|Viale|Piazza|Corso|Largo|)"
       R"(Vicolo|Rua|Travessa|Praça|Alameda|Avinguda|Passeig|Plaça|Rambla|Travessera|Passatge))" +
           street_name + R"(,? \d{1,4}(?: ?[A-Za-z])?|)" +
           R"(\d{1,4}(?: ?(?:bis|ter|quater|[A-D]))?,? (?:rue|avenue|boulevard|bd|chemin|place|allée|impasse|)"
           R"(quai|route|cours|square|passage))" +
           street_name +
           R"()(?:, [^,\n]{1,16})?, (?:\d{5}|\d{4}-\d{3}) [A-ZÀ-Ý][A-Za-zÀ-ÿ’'-]+(?: [A-ZÀ-Ý][A-Za-zÀ-ÿ’'-]+)?))",
       pick_private_address, false,
       // The postcode and the town, which every such address ends with, wake the rule.
       R"(, (?:\d{5}|\d{4}-\d{3}) [A-ZÀ-Ý])"});
  r.push_back(
      {"health_data", R"re("resourceType"[ \t]*:[ \t]*"Condition")re", pick_condition_text, false, R"("Condition")"});
  r.push_back({"drivers_license", R"((?:^|[^A-Za-z])ANSI 6\d{5}\d{6})", pick_aamva_elements, false, R"(ANSI 6\d{5})"});
  // A Japanese address after its postal mark: 〒, the postcode (NNN-NNNN) and the
  // prefecture, city and block to the first space or full stop; not a company's.
  r.push_back({"address", R"((〒[ \x{3000}]?\d{3}[-−ー－]\d{4}[ \x{3000}]*[^\s。、，,"'<>|)\]}]{2,}))",
               pick_private_address, false, "〒"});
  // An English street after "No." and its number, as Nigeria, India and much of Asia
  // write it (No. 14, Adebayo Ogunleye Street, Akoka, Lagos); not a company's.
  r.push_back(
      {"address",
       R"(\b(No\.? ?\d{1,4}[A-Za-z]?,? (?:[A-Z][a-z]+ ){1,4}(?:Street|St\.|Road|Rd\.|Close|Crescent|Avenue|Ave\.|)"
       R"(Lane|Way|Drive|Estate|Layout)(?:, [A-Z][a-z]+){1,4}))",
       [](const Hit& h, std::vector<Found>& out) {
         if (!named_as_other(h.text, h.at(h.groups[1]))) pick_private_address(h, out);  // "Bug No. 12 …"
       },
       false, R"(No\.? ?\d{1,4}[A-Za-z]?,? [A-Z])"});
  // A British address: a house number and a street, a town, and the postcode that
  // ends it (27 Harcourt Gardens, Leeds LS6 3HQ); not a company's, nor a shop's line.
  r.push_back(
      {"address",
       R"(\b(\d{1,4}[A-Za-z]?,? (?:[A-Z][a-z]+ ){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Gardens|Close|Drive|Way|)"
       R"(Place|Crescent|Court|Terrace|Grove|Square|Hill|Row|Mews|Walk|Gate|Green|Rise|View)\b\.?,? )"
       R"((?:[A-Z][a-z]+,? ){1,3}[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})\b)",
       [](const Hit& h, std::vector<Found>& out) {
         if (!well_known_address(h.groups[1])) pick_private_address(h, out);
       },
       false, R"([A-Z]\d[A-Z\d]? \d[A-Z][A-Z])"});
  // An American address: a house number, a street and its type (USPS Publication 28's
  // common suffixes), perhaps a unit, then the city, the state's code and the ZIP code,
  // on one line (5172 Larkspur Ct, Apt 12, Boise, ID 83709) or a mailing label's two.
  // Canada and Australia end theirs with a province's or state's code and a postcode.
  std::string states;
  for (std::string_view st : kUsStates) states += (states.empty() ? "" : "|") + std::string(st);
  r.push_back({"address",
               R"(\b()" + std::string(kUsStreet) + R"(, ?(?:)" + kCityWord + R"( ){0,2})" + kCityWord + R"(,? )" +
                   "(?:(?:" + states +
                   R"() \d{5}(?:-\d{4})?|(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT) )"
                   R"([A-Z]\d[A-Z] ?\d[A-Z]\d|(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT) \d{4}))\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 if (!well_known_address(h.groups[1])) pick_private_address(h, out);
               },
               false, R"(\b[A-Z]{2,3} (?:\d{4,5}|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b)"});
  r.push_back({"address", R"(^[ \t]*()" + std::string(kUsStreet) + R"(),?[ \t\r]*$)", pick_label_street_line, false,
               R"(\b[A-Z]{2} \d{5}\b)"});
  // A UPI payment address (NPCI): a name or a number, @, and a payment app's handle.
  r.push_back(
      {"upi_id",
       R"((?:^|[^A-Za-z0-9._@-])([A-Za-z0-9][A-Za-z0-9._-]{1,63}@(?i:ok(?:hdfcbank|axis|icici|sbi)|ybl|ibl|axl|paytm|)"
       R"(pt(?:hdfc|sbi|axis|yes)|apl|upi|axisbank|icici|sbi|hdfcbank|kotak|yesbank|fbl|jupiteraxis|freecharge|idfcbank|)"
       R"(aubank|indus|pnb))(?:$|[^A-Za-z0-9@_.:-]|\.(?:$|[^A-Za-z0-9])))",
       group(1), false,
       R"((?i)@(?:ok(?:hdfcbank|axis|icici|sbi)|ybl|ibl|axl|paytm|pt(?:hdfc|sbi|axis|yes)|apl|upi|axisbank|icici|sbi|)"
       R"(hdfcbank|kotak|yesbank|fbl|jupiteraxis|freecharge|idfcbank|aubank|indus|pnb))"});
  // Google's backup codes, eight digits each, often written as two fours.
  r.push_back({"recovery_code", R"((?i)\bbackup[ -]codes?\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view t = h.text;
                 const size_t end = std::min(t.size(), h.end() + 160);
                 for (size_t p = h.end(); p + 8 <= end; ++p) {
                   if (t[p] == '\n') break;
                   if (!is_digit(t[p]) || (p > 0 && is_digit(t[p - 1]))) continue;
                   size_t q = p + 4;
                   if (q + 4 > t.size() || !std::all_of(t.begin() + static_cast<std::ptrdiff_t>(p),
                                                        t.begin() + static_cast<std::ptrdiff_t>(q), is_digit))
                     continue;
                   if (q < t.size() && t[q] == ' ') ++q;
                   if (q + 4 > t.size() ||
                       !std::all_of(t.begin() + static_cast<std::ptrdiff_t>(q),
                                    t.begin() + static_cast<std::ptrdiff_t>(q + 4), is_digit) ||
                       (q + 4 < t.size() && is_digit(t[q + 4])))
                     continue;
                   out.push_back({p, q + 4, "recovery_code"});
                   p = q + 3;
                 }
               },
               false, R"((?i)backup[ -]code)"});
  // An e-mail address under a name that says it is a person's own.
  r.push_back(
      {"email",
       R"((?i)\b(?:personal|private|home)[ _-]?e-?mail["']?[ \t]*[:=][ \t]*["']?([^\s"',;<>]+@[^\s"',;<>]+\.[a-z]{2,}))",
       group(1), false, R"((?i)(?:personal|private|home)[ _-]?e-?mail)"});
  // A date of birth, where a name says it is one.
  r.push_back(
      {"date_of_birth",
       R"((?i)(?:(?:\b|_)(?:dob|d\.o\.b\.|date[ _-]?of[ _-]?birth|birth[ _-]?date|birthday|geburtsdatum|born(?: on)?|)"
       // ... and the same in other languages.
       R"(data[ _-]?(?:di[ _-]?)?nascita|fecha[ _-]?(?:de[ _-]?)?nacimiento|date[ _-]?(?:de[ _-]?)?naissance|)"
       R"(data[ _-]?(?:de[ _-]?)?nascimento|geboortedatum|f[öo]delsedatum|f[øo]dselsdato|syntym[äa]aika|)"
       R"(data[ _-]?urodzenia|do[ğg]um[ _-]?tarihi|(?:tanggal|tgl)[ _-]?lahir|nasceu em|naci[óo] el|)"
       R"(nacid[oa] el|nascid[oa] em|n[ée]e? le|geboren am|nat[oa] il|urodzon[ya])\b|)"
       R"(дата[ _]рождения|ημερομηνία γέννησης|生年月日|出生日期|생년월일))"
       R"(["']?[ \t]*[:=：]?[ \t]*(?:(?:is|as|was)[ \t]+)?["']?((?:19|20)\d\d-\d\d-\d\d|\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d\d|)"
       R"(\d{1,2} [A-Z][a-z]{2,8} (?:19|20)\d\d|[A-Z][a-z]{2,8} \d{1,2},? (?:19|20)\d\d|(?:19|20)\d\d年\d{1,2}月\d{1,2}日|)"
       // "3 de mayo de 1971", "3. Mai 1971", "3 maggio 1971"
       R"(\d{1,2}\.? (?:de )?[a-zç]{3,9}\.? (?:de )?(?:19|20)\d\d)(?:\b|$|[^0-9]))",
       // The epoch's first day and 1900's stand where a system has no date to give. A
       // death date after it on the line makes it a biography's (born 1920; died 1958).
       [](const Hit& h, std::vector<Found>& out) {
         if (h.groups[1] == "1970-01-01" || h.groups[1] == "1900-01-01") return;
         const std::string rest =
             ascii::lowered(line_around(h.text, h.end()).substr(h.end() - h.at(line_around(h.text, h.end()))));
         // The word, then within 30 bytes a year: "; died 16 April 1958", "† 1958".
         for (std::string_view w : {"died", "death", "†", "passed away", "gestorben", "décédé", "murió", "morto"})
           for (size_t k = rest.find(w); k != std::string::npos; k = rest.find(w, k + 1)) {
             const std::string_view after = std::string_view(rest).substr(k + w.size(), 30);
             for (size_t d = 0; d + 4 <= after.size(); ++d)
               if ((after[d] == '1' || after[d] == '2') &&
                   std::all_of(after.begin() + static_cast<std::ptrdiff_t>(d),
                               after.begin() + static_cast<std::ptrdiff_t>(d + 4), is_digit))
                 return;
           }
         add(out, h, h.groups[1]);
       },
       false,
       R"((?i)dob|d\.o\.b|birth|geburt|born|nasc|naci|naiss|geboort|dselsdat|delsedat|syntym|urodz|tarih|lahir|)"
       R"(n[ée]e? le|geboren am|nat[oa] il|рожд|γέννησης|生年月日|出生日期|생년월일)"});
  // A postal address under a name that says it is a person's.
  r.push_back({"address",
               R"((?i)(?:\b(?:shipping|billing|home|street|postal|mailing|delivery|residential|private)[ _-]?address|)"
               // ... and the same in other languages.
               R"(домашний адрес|адрес проживания|адрес регистрации|wohnadresse|privatadresse|heimadresse|)"
               R"(adresse personnelle|adresse du domicile|adresse de domicile|domicilio|direcci[oó]n particular|)"
               R"(endereço residencial|indirizzo di casa|indirizzo di residenza|adres zamieszkania|huisadres|)"
               R"(woonadres|hemadress|bostadsadress|kotiosoite|自宅住所|住所|家庭住址|)"
               R"(adresa bydli[šs]t[ěe]|adresa trval[ée]ho bydli[šs]t[ěe]|ev adresi|ikamet adresi|)"
               // ... and where a parcel goes.
               R"(direcci[oó]n de (?:entrega|env[ií]o)|endereço de entrega|adresse de livraison|lieferadresse|)"
               R"(indirizzo di consegna))"
               R"((?:["']?[ \t]*[:=]|[ \t]+(?:is|as|was))[ \t]*["']?([^"';\n]{8,}))",
               [](const Hit& h, std::vector<Found>& out) {
                 // (Bounded here, not in the expression: a counted class of UTF-8 costs
                 // the expression's compilation a millisecond.)
                 std::string_view v = utf8_prefix(h.groups[1], 160);
                 while (!v.empty() && (v.back() == ' ' || v.back() == ',' || v.back() == '}')) v.remove_suffix(1);
                 if (!digits_of(v).empty() && v.find(' ') != std::string_view::npos &&
                     std::any_of(v.begin(), v.end(), [](char c) {
                       return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
                     }))
                   add(out, h, v);
               },
               false, address_words});
  // A postal address under a bare "address" (a log's field, a record's key), when
  // its value is one whole: a street, a postcode and a town (street_postcode_town).
  r.push_back({"address",
               R"((?i)(?:^|[^A-Za-z_.-])(?:address|adresse|direcci[oó]n|indirizzo|endereço|adres))"
               R"((["']?)[ \t]*[:=][ \t]*(["']?)([^"'\n;{}]{10,}))",
               [](const Hit& h, std::vector<Found>& out) {
                 std::string_view v = utf8_prefix(h.groups[3], 160);
                 // Unquoted, a value ends where the next name=value begins.
                 if (h.groups[2].empty()) {
                   const size_t eq = v.find('=');
                   if (eq != std::string_view::npos) v = v.substr(0, v.rfind(' ', eq) + 1);
                 }
                 while (!v.empty() && (v.back() == ' ' || v.back() == ',' || v.back() == '\r')) v.remove_suffix(1);
                 if (street_postcode_town(v) && !business_detail(h.text, h.at(v))) add(out, h, v);
               },
               false, address_words});
  // A passport number where the text says it is one (ICAO 9303 allows up to 9
  // letters and digits; each country fixes its own shape).
  r.push_back(
      {"passport_number",
       R"((?i)\b(?:passport|reisepass|passeport|pasaporte|passaporto|paspoort)(?:nummer|nr)?s?(?:_(?:no|nr|num)\b|\b))"
       R"(((?:[ -]?(?:no|nr|num)\.?)?(?:[ ]+(?:number|no\.?|nr\.?|num\.?|#|id))?)["']?[ :#=]*["']?(?:is[ ]+)?)"
       R"(([A-Z0-9]{6,9})\b)",
       [](const Hit& h, std::vector<Found>& out) {
         const std::string_view v = h.groups[2];
         // With a digit, or after "number", "Nr." or "#"; not a word that follows
         // the name ("passport photos", "passport REQUIRED").
         if (capitals_and_digits(v) && (!digits_of(v).empty() || !h.groups[1].empty())) add(out, h, v);
       },
       false, R"((?i)pass(?:port|eport)|reisepass|pasaporte|passaporto|paspoort)"});
  // ... and in the words of other scripts and languages (여권번호, 护照号码, パスポート番号,
  // رقم الجواز, pasaport no, passaporte, paszport), with a digit in it.
  r.push_back(
      {"passport_number",
       R"((?i)(?:여권[ ]?번호|护照号码?|護照號碼|パスポート番号|旅券番号|رقم (?:جواز السفر|الجواز)|)"
       R"(pasaport(?:[ ]?no)?|passaporte|paszport\w*)[ \t:：#=.]*(?:は|是)?[ \t]*([A-Z0-9]{6,9})(?:[^A-Za-z0-9]|$))",
       [](const Hit& h, std::vector<Found>& out) {
         if (!digits_of(h.groups[1]).empty()) add(out, h, h.groups[1]);
       },
       false, R"((?i)여권|护照|護照|パスポート|旅券|الجواز|pasaport|passaporte|paszport)"});
  // A handset's IMEI (15 digits, Luhn; 3GPP TS 23.003) and a SIM's ICCID (ITU-T E.118: 89,
  // then 17 or 18 digits with a Luhn check) after their names, where the lines around
  // are about a customer's or a subscriber's phone, or a stolen or lost one: they point
  // at a person. A fleet's devices in an MDM's list, a terminal's SIM in its log, point
  // at none.
  r.push_back({"imei", R"((?i)\b(IMEI|ICCID)\b[^\n\d]{0,12}(\d{15}|89\d{17,18})\b)",
               [](const Hit& h, std::vector<Found>& out) {
                 const std::string_view v = h.groups[2];
                 const bool imei = ascii::lowered(h.groups[1]) == "imei";
                 if ((imei ? v.size() == 15 : v.size() >= 19) && luhn_ok(v) && about_a_subscriber(h.text, h.at(v)))
                   add(out, h, v, imei ? "imei" : "iccid");
               },
               false, R"((?i)(?:IMEI|ICCID)\b[^\n\d]{0,12}\d{15})"});
  // A travel or identity document as a record's object gives it: its type under
  // "type" (or "documentType", "kind"), its number under "number" (or
  // "documentNumber", "value") in the same object, in either order.
  r.push_back(
      {"passport_number",
       R"re((?i)"(?:type|document_?type|doc_?type|id_?type|kind)"[ \t]*:[ \t]*")re"
       R"re((passport|pasaporte|passeport|reisepass|passaporto|paspoort|national_?id|id_?card|identity_?card)")re",
       pick_document_number, false,
       R"re((?i)"(?:passport|pasaporte|passeport|reisepass|passaporto|paspoort|national_?id|id_?card|identity_?card)")re"});
  for (RuleSpec& spec : labelled_id_rules()) r.push_back(std::move(spec));
  for (RuleSpec& spec : person_number_rules()) r.push_back(std::move(spec));
  return r;
}

}  // namespace memsim::redact_detail
