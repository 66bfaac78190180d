// Personal identifiers known by their label: a number (with its usual
// separators) right after a word that names a person's identifier, accepted where
// the scheme's check digits hold (so "TC Kimlik 57783838813", whose last digit is
// wrong, stays). One table says which labels name which scheme; a label that
// names no country's scheme ("national ID") accepts a number that passes any of
// them. Two shapes are distinctive enough to need no label (Chile's RUT with its
// dots, Switzerland's AHV number with its 756). A bank account number has no
// check digit: it needs a label and a line about a bank. Each scheme's public
// description is cited beside its check.
#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include <re2/re2.h>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

using ascii::is_alnum;
using ascii::is_digit;
using ascii::is_upper;

int at(const std::string& d, size_t i) { return d[i] - '0'; }

// The digits of d from `from` on, each times its weight: where most check digits start.
int weighted_sum(const std::string& d, std::initializer_list<int> weights, size_t from = 0) {
  int sum = 0;
  for (const int w : weights) sum += at(d, from++) * w;
  return sum;
}

// Only digits and the separators people write ids with (space . - /).
bool digits_and_separators(std::string_view v) {
  return std::all_of(v.begin(), v.end(),
                     [](char c) { return is_digit(c) || c == ' ' || c == '.' || c == '-' || c == '/'; });
}

// ISO 7064 MOD 11,10 (a pure system with one check digit).
bool iso7064_mod11_10(const std::string& d) {
  int p = 10;
  for (size_t i = 0; i + 1 < d.size(); ++i) {
    int s = (at(d, i) + p) % 10;
    if (s == 0) s = 10;
    p = (s * 2) % 11;
  }
  return (11 - p) % 10 == at(d, d.size() - 1);
}

// Singapore NRIC/FIN: S, T, F, G or M, seven digits, a letter from a table indexed by
// the weighted sum (weights 2 7 6 5 4 3 2; T and G add 4, M adds 3) mod 11 (ICA's
// published algorithm, as described in the Singapore government's NRIC guidance).
bool is_sg_nric(std::string_view v) {
  if (v.size() != 9 || std::string_view("STFGM").find(v[0]) == std::string_view::npos || !is_upper(v[8])) return false;
  const std::string d(v.substr(1, 7));
  if (!std::all_of(d.begin(), d.end(), is_digit)) return false;
  static constexpr int kW[7] = {2, 7, 6, 5, 4, 3, 2};
  int sum = 0;
  for (size_t i = 0; i < 7; ++i) sum += kW[i] * at(d, i);
  if (v[0] == 'T' || v[0] == 'G') sum += 4;
  if (v[0] == 'M') sum += 3;
  int r = sum % 11;
  std::string_view table = "JZIHGFEDCBA";
  if (v[0] == 'F' || v[0] == 'G') table = "XWUTRQPNMLK";
  if (v[0] == 'M') {
    table = "KLJNPQRTUWX";
    r = 10 - r;
  }
  return v[8] == table[static_cast<size_t>(r)];
}

// Switzerland's AHV/AVS number (AHVN13): 756, nine digits, and an EAN-13 check digit
// (ZAS/CdC, "Die AHV-Nummer").
bool is_ch_ahv(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 13 || !d.starts_with("756") || !digits_and_separators(v)) return false;
  int sum = 0;
  for (size_t i = 0; i < 12; ++i) sum += at(d, i) * (i % 2 ? 3 : 1);
  return (10 - sum % 10) % 10 == at(d, 12);
}

// Croatia's OIB: eleven digits, ISO 7064 MOD 11,10 (Porezna uprava, "OIB").
bool is_hr_oib(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 11 && d.size() == v.size() && iso7064_mod11_10(d);
}

// Romania's CNP: sex/century 1-8, YYMMDD, county, serial, and a check digit over the
// weights 279146358279 mod 11 (10 becomes 1) (Law 119/1996, Annex).
bool is_ro_cnp(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 13 || d.size() != v.size() || d[0] < '1' || d[0] > '8') return false;
  const int month = at(d, 3) * 10 + at(d, 4), day = at(d, 5) * 10 + at(d, 6);
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  static constexpr std::string_view kW = "279146358279";
  int sum = 0;
  for (size_t i = 0; i < 12; ++i) sum += at(d, i) * (kW[i] - '0');
  const int check = sum % 11 == 10 ? 1 : sum % 11;
  return check == at(d, 12);
}

// Turkey's T.C. Kimlik No: eleven digits, the first not 0; the tenth is (7 x the
// odd-placed sum - the even-placed sum) mod 10, the eleventh the sum of the first
// ten mod 10 (Nüfus ve Vatandaşlık İşleri, as the identity-number validators publish it).
bool is_tr_tckn(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || d.size() != v.size() || d[0] == '0') return false;
  int odd = 0, even = 0, first10 = 0;
  for (size_t i = 0; i < 9; ++i) (i % 2 == 0 ? odd : even) += at(d, i);
  const int tenth = ((odd * 7 - even) % 10 + 10) % 10;
  for (size_t i = 0; i < 10; ++i) first10 += at(d, i);
  return tenth == at(d, 9) && first10 % 10 == at(d, 10);
}

// Portugal's NIF: nine digits, weights 9 to 2, check = 11 - sum mod 11 (0 when that
// is 10 or 11) (Autoridade Tributária, "Número de Identificação Fiscal").
bool is_pt_nif(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 9 || !digits_and_separators(v) || d[0] == '0') return false;
  int sum = 0;
  for (size_t i = 0; i < 8; ++i) sum += at(d, i) * static_cast<int>(9 - i);
  const int r = sum % 11;
  return (r < 2 ? 0 : 11 - r) == at(d, 8);
}

// Germany's Steuer-ID (IdNr): eleven digits, the first not 0; in the first ten one
// digit appears two or three times and the others at most once; ISO 7064 MOD 11,10
// (§ 139b AO; BZSt, "Steuerliche Identifikationsnummer").
bool is_de_steuer_id(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || !digits_and_separators(v) || d[0] == '0') return false;
  std::array<int, 10> n{};
  for (size_t i = 0; i < 10; ++i) ++n[static_cast<size_t>(at(d, i))];
  int repeated = 0;
  for (int k : n) {
    if (k > 3) return false;
    repeated += k > 1;
  }
  return repeated == 1 && iso7064_mod11_10(d);
}

// Japan's My Number (個人番号): twelve digits, the last a check digit over weights
// 6 5 4 3 2 7 6 5 4 3 2 (11 - sum mod 11, 0 when that is 10 or 11) (Ordinance of the
// Ministry of Internal Affairs and Communications No. 85 of 2014, Art. 5).
bool is_jp_my_number(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 12 || !digits_and_separators(v)) return false;
  int sum = 0;
  for (size_t n = 1; n <= 11; ++n) sum += at(d, 11 - n) * static_cast<int>(n <= 6 ? n + 1 : n - 5);
  const int r = sum % 11;
  return (r <= 1 ? 0 : 11 - r) == at(d, 11);
}

// Taiwan's national ID: a letter for the place of registration (A=10 ... Z=33), 1 or 2
// for sex, eight digits; the letter's two digits and the nine digits, weighted 1 9 8 7
// 6 5 4 3 2 1 1, sum to a multiple of 10 (Ministry of the Interior).
bool is_tw_id(std::string_view v) {
  if (v.size() != 10 || !is_upper(v[0]) || (v[1] != '1' && v[1] != '2')) return false;
  if (!std::all_of(v.begin() + 1, v.end(), is_digit)) return false;
  static constexpr int kLetter[26] = {10, 11, 12, 13, 14, 15, 16, 17, 34, 18, 19, 20, 21,
                                      22, 35, 23, 24, 25, 26, 27, 28, 29, 32, 30, 31, 33};
  const int code = kLetter[v[0] - 'A'];
  int sum = code / 10 + (code % 10) * 9;
  for (size_t i = 1; i < 9; ++i) sum += (v[i] - '0') * static_cast<int>(9 - i);
  sum += v[9] - '0';
  return sum % 10 == 0;
}

// Hong Kong's HKID: one or two letters, six digits, and a check character in
// brackets: weights 9..2 over the letters (A=10; a lone letter counts a 36 before
// it) and digits, check = 11 - sum mod 11, 10 written A (Immigration Department).
bool is_hk_hkid(std::string_view v) {
  std::string s;
  for (char c : v)
    if (c != '(' && c != ')') s += c;
  const size_t letters = s.size() >= 2 && is_upper(s[0]) && is_upper(s[1]) ? 2 : 1;
  if (s.size() != letters + 7 || !is_upper(s[0])) return false;
  if (!std::all_of(s.begin() + static_cast<std::ptrdiff_t>(letters), s.end() - 1, is_digit)) return false;
  std::array<int, 8> vals{};
  vals[0] = letters == 2 ? s[0] - 'A' + 10 : 36;
  vals[1] = letters == 2 ? s[1] - 'A' + 10 : s[0] - 'A' + 10;
  for (size_t i = 0; i < 6; ++i) vals[2 + i] = s[letters + i] - '0';
  int sum = 0;
  for (size_t i = 0; i < 8; ++i) sum += vals[i] * static_cast<int>(9 - i);
  const int r = (11 - sum % 11) % 11;
  const char check = s.back();
  return r == 10 ? check == 'A' : check == '0' + r;
}

// Israel's Teudat Zehut: nine digits (shorter ones padded with zeros), weights 1 2 1 2
// ..., each product's digits summed, total a multiple of 10 (Population Authority).
bool is_il_id(std::string_view v) {
  std::string d = digits_of(v);
  if (d.size() < 5 || d.size() > 9 || d.size() != v.size()) return false;
  d.insert(0, 9 - d.size(), '0');
  int sum = 0;
  for (size_t i = 0; i < 9; ++i) {
    const int x = at(d, i) * (i % 2 ? 2 : 1);
    sum += x / 10 + x % 10;
  }
  return sum % 10 == 0 && d != "000000000";
}

// Chile's RUT/RUN: up to eight digits and a check character, weights 2 to 7 from the
// right, 11 - sum mod 11 (11 is 0, 10 is K) (Servicio de Impuestos Internos).
bool is_cl_rut(std::string_view v) {
  const size_t dash = v.rfind('-');
  if (dash == std::string_view::npos || dash + 2 != v.size()) return false;
  const std::string body = digits_of(v.substr(0, dash));
  if (body.size() < 7 || body.size() > 8 || !digits_and_separators(v.substr(0, dash))) return false;
  // A company's RUT (50 million and up, printed on every invoice it issues) is no person's.
  if (body.size() == 8 && body[0] >= '5') return false;
  int sum = 0, m = 2;
  for (size_t i = body.size(); i-- > 0;) {
    sum += at(body, i) * m;
    m = m == 7 ? 2 : m + 1;
  }
  const int r = 11 - sum % 11;
  const char check = r == 11 ? '0' : r == 10 ? 'K' : static_cast<char>('0' + r);
  return ascii::to_lower(v.back()) == ascii::to_lower(check);
}

// The UK's NHS number: ten digits, weights 10 to 2, check = 11 - sum mod 11 (11 is 0,
// 10 is never issued) (NHS Digital, "NHS number" data dictionary). Numbers from 999
// are for tests and never issued (NHS England's test data).
bool is_uk_nhs(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || !digits_and_separators(v) || d.starts_with("999")) return false;
  int sum = 0;
  for (size_t i = 0; i < 9; ++i) sum += at(d, i) * static_cast<int>(10 - i);
  const int r = 11 - sum % 11;
  return r != 10 && (r == 11 ? 0 : r) == at(d, 9);
}

// Australia's Medicare card number: ten digits (an eleventh, the individual reference,
// may follow), the first 2 to 6, the ninth a check over weights 1 3 7 9 1 3 7 9 mod 10
// (Services Australia, as the Medicare number validators publish it).
bool is_au_medicare(std::string_view v) {
  const std::string d = digits_of(v);
  if ((d.size() != 10 && d.size() != 11) || !digits_and_separators(v) || d[0] < '2' || d[0] > '6') return false;
  return weighted_sum(d, {1, 3, 7, 9, 1, 3, 7, 9}) % 10 == at(d, 8);
}

// Mexico's CLABE: eighteen digits, weights 3 7 1 repeated, each product mod 10, check =
// (10 - sum mod 10) mod 10 (Banco de México, "CLABE").
bool is_mx_clabe(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 18 || !digits_and_separators(v)) return false;
  static constexpr int kW[3] = {3, 7, 1};
  int sum = 0;
  for (size_t i = 0; i < 17; ++i) sum += (at(d, i) * kW[i % 3]) % 10;
  return (10 - sum % 10) % 10 == at(d, 17);
}

// Australia's Tax File Number: nine digits, weights 1 4 3 7 5 8 6 9 10, the sum a
// multiple of 11 (the ATO's published check, as its "TFN algorithm" describes).
bool is_au_tfn(std::string_view v) {
  std::string d;
  for (char c : v)
    if (is_digit(c)) d += c;
    else if (c != ' ' && c != '-') return false;
  if (d.size() != 9) return false;
  return weighted_sum(d, {1, 4, 3, 7, 5, 8, 6, 9, 10}) % 11 == 0;
}

// Argentina's CUIL/CUIT of a person: 11 digits, the prefix 20, 23, 24 or 27 (30, 33
// and 34 are companies'), weights 5 4 3 2 7 6 5 4 3 2, check 11 - sum mod 11 (AFIP).
bool is_ar_cuil(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || !digits_and_separators(v)) return false;
  const int prefix = at(d, 0) * 10 + at(d, 1);
  if (prefix != 20 && prefix != 23 && prefix != 24 && prefix != 27) return false;
  const int r = 11 - weighted_sum(d, {5, 4, 3, 2, 7, 6, 5, 4, 3, 2}) % 11;
  return r != 10 && (r == 11 ? 0 : r) == at(d, 10);
}

// Ecuador's cédula: 10 digits, a province 01 to 24 (or 30), the third digit under 6,
// a Luhn-like check over weights 2 1 2 1 ... (Registro Civil, as the SRI validates it).
bool is_ec_cedula(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || !digits_and_separators(v)) return false;
  const int province = at(d, 0) * 10 + at(d, 1);
  if (((province < 1 || province > 24) && province != 30) || at(d, 2) >= 6) return false;
  return luhn_ok(d);  // weights 2 1 2 1 ... from the left are Luhn's for ten digits
}

// Thailand's national id: 13 digits, weights 13 down to 2, check (11 - sum mod 11)
// mod 10 (Department of Provincial Administration).
bool is_th_id(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 13 || !digits_and_separators(v) || d[0] == '0') return false;
  return (11 - weighted_sum(d, {13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}) % 11) % 10 == at(d, 12);
}

// The Czech and Slovak birth number (rodné číslo) since 1954: YYMMDD (the month +50
// for women, +20 or +70 when a day's numbers ran out), three digits, and a check that
// makes the ten a multiple of 11 (a remainder of 10 gives 0). Zákon 133/2000 Sb.
bool is_cz_birth_number(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || !digits_and_separators(v)) return false;
  int month = at(d, 2) * 10 + at(d, 3);
  const int day = at(d, 4) * 10 + at(d, 5);
  for (int shift : {70, 50, 20})
    if (month > shift) {
      month -= shift;
      break;
    }
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const long long first9 = std::stoll(d.substr(0, 9));
  return static_cast<int>(first9 % 11 % 10) == at(d, 9);
}

// Ukraine's РНОКПП (the taxpayer's registration number): 10 digits, weights -1 5 7 9 4
// 6 10 5 7, check (sum mod 11) mod 10 (ДПС України).
bool is_ua_rnokpp(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || !digits_and_separators(v)) return false;
  const int sum = weighted_sum(d, {-1, 5, 7, 9, 4, 6, 10, 5, 7});
  return ((sum % 11 + 11) % 11) % 10 == at(d, 9);
}

// Russia's СНИЛС: 9 digits and a 2-digit check, the sum of the digits times 9 down to
// 1, taken mod 101 when over 101, 100 and 101 giving 00 (Пенсионный фонд).
bool is_ru_snils(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || !digits_and_separators(v)) return false;
  const int sum = weighted_sum(d, {9, 8, 7, 6, 5, 4, 3, 2, 1});
  int check = sum < 100 ? sum : sum % 101;
  if (check == 100) check = 0;
  return check == at(d, 9) * 10 + at(d, 10);
}

// Argentina's CBU (or CVU): 22 digits in two blocks, each with its own check digit
// over weights 7 1 3 9 and 3 9 7 1 (BCRA, "Clave Bancaria Uniforme").
bool is_ar_cbu(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 22 || !digits_and_separators(v)) return false;
  const int first = weighted_sum(d, {7, 1, 3, 9, 7, 1, 3});
  const int second = weighted_sum(d, {3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3}, 8);
  return (10 - first % 10) % 10 == at(d, 7) && (10 - second % 10) % 10 == at(d, 21);
}

// Numbers with no public check digit, known by their label and shape alone:
// Egypt's national number (14 digits: a century 2 or 3, a birth date, a governorate),
// Viet Nam's CCCD (12 digits from a province code) or CMND (9), Nigeria's NIN (11),
// Pakistan's CNIC (13, written 5-7-1).
bool is_eg_national_id(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 14 || !digits_and_separators(v) || (d[0] != '2' && d[0] != '3')) return false;
  const int month = at(d, 3) * 10 + at(d, 4), day = at(d, 5) * 10 + at(d, 6);
  const int governorate = at(d, 7) * 10 + at(d, 8);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && governorate >= 1 && governorate <= 88;
}
bool is_vn_citizen_id(std::string_view v) {
  const std::string d = digits_of(v);
  return digits_and_separators(v) && (d.size() == 9 || (d.size() == 12 && std::stoi(d.substr(0, 3)) <= 96));
}
bool is_ng_nin(std::string_view v) { return digits_of(v).size() == 11 && digits_and_separators(v); }
// Nigeria's Bank Verification Number (the Central Bank of Nigeria's BVN framework):
// eleven digits, like the NIN; no published check digit, so only under its label.
bool is_ng_bvn(std::string_view v) { return is_ng_nin(v); }
// Indonesia's NIK (Nomor Induk Kependudukan): 16 digits, a region of six, the birth
// date as DDMMYY (a woman's day plus 40), a serial of four; no check digit
// (Permendagri on the population register).
bool is_id_nik(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 16 || d.size() != v.size()) return false;
  const int written = std::stoi(d.substr(6, 2)), day = written > 40 ? written - 40 : written;
  const int month = std::stoi(d.substr(8, 2));
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}
// India's ABHA number (Ayushman Bharat Health Account): 14 digits, written 2-4-4-4.
bool is_in_abha(std::string_view v) { return digits_of(v).size() == 14 && digits_and_separators(v); }
// Japan's health insurance card: the insured person's number (被保険者番号), up to
// eight digits in the online eligibility check's records; no check digit.
bool is_jp_insured_number(std::string_view v) {
  return v.size() >= 3 && v.size() <= 8 && std::all_of(v.begin(), v.end(), is_digit);
}
// Brazil's Cartão Nacional de Saúde: 15 digits from 1, 2, 7, 8 or 9, whose digits
// weighted 15 down to 1 sum to a multiple of 11 (Ministério da Saúde, "Cartão SUS").
bool is_br_cns(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 15 || !digits_and_separators(v) || std::string_view("12789").find(d[0]) == std::string_view::npos)
    return false;
  int sum = 0;
  for (size_t i = 0; i < 15; ++i) sum += at(d, i) * static_cast<int>(15 - i);
  return sum % 11 == 0;
}
// The UAE's Emirates ID: 784, the year of birth, seven digits and a Luhn check digit,
// written 784-YYYY-NNNNNNN-C (Federal Authority for Identity and Citizenship).
bool is_ae_emirates_id(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 15 && d.starts_with("784") && digits_and_separators(v) && luhn_ok(d) &&
         (d[3] == '1' || d[3] == '2');
}
bool is_pk_cnic(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 13 && digits_and_separators(v) && d[0] >= '1' && d[0] <= '7';
}
// A subscriber's IMSI (ITU-T E.212): fifteen digits, a country code (MCC) from 2 to 7
// first; no check digit.
bool is_imsi(std::string_view v) {
  return v.size() == 15 && std::all_of(v.begin(), v.end(), is_digit) && v[0] >= '2' && v[0] <= '7';
}

// A US student visa holder's SEVIS id: N and ten digits (ICE's SEVIS user manual).
bool is_sevis_id(std::string_view v) {
  return v.size() == 11 && v[0] == 'N' && std::all_of(v.begin() + 1, v.end(), is_digit);
}

// A UK mobile number's porting authorisation code (PAC): three letters and six digits
// (Ofcom's General Conditions, C7): whoever holds it can move the number away.
bool is_uk_pac(std::string_view v) {
  return v.size() == 9 && std::all_of(v.begin(), v.begin() + 3, is_upper) &&
         std::all_of(v.begin() + 3, v.end(), is_digit);
}

// A hospital's medical record number: each hospital numbers its own patients, in
// 6 to 12 digits, perhaps in groups joined by "-"; not a date (2024-01-15).
bool is_medical_record_number(std::string_view v) {
  const size_t n = digits_of(v).size();
  const bool date = v.size() == 10 && v[4] == '-' && v[7] == '-';
  return n >= 6 && n <= 12 && !date && v.find_first_not_of("0123456789-") == std::string_view::npos;
}

// Greece's AMKA: the birth date DDMMYY, four digits, and a Luhn check digit (IDIKA,
// "ΑΜΚΑ").
bool is_gr_amka(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || d.size() != v.size()) return false;
  const int day = at(d, 0) * 10 + at(d, 1), month = at(d, 2) * 10 + at(d, 3);
  return day >= 1 && day <= 31 && month >= 1 && month <= 12 && luhn_ok(d);
}

// Greece's tax number (ΑΦΜ): nine digits, the first eight weighted by 2^8 down to 2^1,
// the sum mod 11 (then mod 10) the ninth (AADE's check).
bool is_gr_afm(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 9 || d.size() != v.size() || d == "000000000") return false;
  int sum = 0;
  for (size_t i = 0; i < 8; ++i) sum += at(d, i) << (8 - i);
  return sum % 11 % 10 == at(d, 8);
}

// A German identity card's number (Personalausweis, PAuswV): nine characters of the
// card's alphabet (digits and C F G H J K L M N P R T V W X Y Z), the first a letter.
// Its check digit is printed only in the machine-readable zone.
bool is_de_id_card(std::string_view v) {
  return v.size() == 9 && std::string_view("CFGHJKLMNPRTVWXYZ").find(v[0]) != std::string_view::npos &&
         std::all_of(v.begin(), v.end(),
                     [](char c) {
                       return is_digit(c) || std::string_view("CFGHJKLMNPRTVWXYZ").find(c) != std::string_view::npos;
                     }) &&
         std::any_of(v.begin(), v.end(), is_digit);
}

// Hungary's TAJ number: eight digits weighted 3 and 7 in turn, the sum mod 10 the
// ninth (NEAK, "TAJ szám").
bool is_hu_taj(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 9 || !digits_and_separators(v)) return false;
  int sum = 0;
  for (size_t i = 0; i < 8; ++i) sum += at(d, i) * (i % 2 == 0 ? 3 : 7);
  return sum % 10 == at(d, 8);
}

// Hungary's tax number of a person (adóazonosító jel): 8, the days from 1867-01-01
// to the birth, a serial, and the sum of each digit times its place mod 11 (NAV).
bool is_hu_tax_id(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || d.size() != v.size() || d[0] != '8') return false;
  int sum = 0;
  for (size_t i = 0; i < 9; ++i) sum += at(d, i) * static_cast<int>(i + 1);
  return sum % 11 == at(d, 9);
}

// Estonia's isikukood: sex and century (1-6), YYMMDD, a serial, and a check digit of
// weights 1..9,1 mod 11, or 3..9,1,2,3 when that is 10 (EVS 585:2007).
bool is_ee_isikukood(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 11 || d.size() != v.size() || d[0] < '1' || d[0] > '6') return false;
  const int month = at(d, 3) * 10 + at(d, 4), day = at(d, 5) * 10 + at(d, 6);
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  int k = weighted_sum(d, {1, 2, 3, 4, 5, 6, 7, 8, 9, 1}) % 11;
  if (k == 10) k = weighted_sum(d, {3, 4, 5, 6, 7, 8, 9, 1, 2, 3}) % 11 % 10;
  return k == at(d, 10);
}

// Austria's social insurance number: a serial of three, a check digit, and the birth
// date DDMMYY; the check is the digits weighted 3 7 9 _ 5 8 4 2 1 6, mod 11
// (Dachverband der Sozialversicherungsträger).
bool is_at_svnr(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || !digits_and_separators(v) || d[0] == '0') return false;
  const int sum = weighted_sum(d, {3, 7, 9}) + weighted_sum(d, {5, 8, 4, 2, 1, 6}, 4);
  return sum % 11 == at(d, 3);
}

// Ireland's PPS number: seven digits weighted 8..2, a second letter's place in the
// alphabet times 9 (W adds none), and the check letter at that sum mod 23 in "WABC…V"
// (Department of Social Protection).
bool is_ie_ppsn(std::string_view v) {
  if (v.size() < 8 || v.size() > 9 || !std::all_of(v.begin(), v.begin() + 7, is_digit) || !is_upper(v[7]) ||
      (v.size() == 9 && !is_upper(v[8])))
    return false;
  int sum = weighted_sum(std::string(v.substr(0, 7)), {8, 7, 6, 5, 4, 3, 2});
  if (v.size() == 9 && v[8] != 'W') sum += (v[8] - 'A' + 1) * 9;
  return v[7] == "WABCDEFGHIJKLMNOPQRSTUV"[sum % 23];
}

// Germany's health insurance number (Krankenversichertennummer): a capital, eight
// digits and a check digit; the capital as its place (A = 01), then the ten digits
// weighted 1 and 2 in turn, each product's digits summed, mod 10 (GKV-Spitzenverband).
bool is_de_kvnr(std::string_view v) {
  if (v.size() != 10 || !is_upper(v[0]) || !std::all_of(v.begin() + 1, v.end(), is_digit)) return false;
  const int place = v[0] - 'A' + 1;
  const std::string d = std::to_string(place / 10) + std::to_string(place % 10) + std::string(v.substr(1, 8));
  int sum = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    const int x = at(d, i) * (i % 2 == 0 ? 1 : 2);
    sum += x > 9 ? x - 9 : x;
  }
  return sum % 10 == v[9] - '0';
}

// Poland's identity card (dowód osobisty): three capitals (A = 10), a check digit and
// five digits; weighted 7 3 1 9 7 3 1 7 3 the sum is a multiple of 10 (MSWiA).
bool is_pl_id_card(std::string_view v) {
  if (v.size() != 9 || !is_upper(v[0]) || !is_upper(v[1]) || !is_upper(v[2]) ||
      !std::all_of(v.begin() + 3, v.end(), is_digit))
    return false;
  static constexpr int kW[9] = {7, 3, 1, 9, 7, 3, 1, 7, 3};
  int sum = 0;
  for (size_t i = 0; i < 9; ++i) sum += kW[i] * (i < 3 ? v[i] - 'A' + 10 : v[i] - '0');
  return sum % 10 == 0;
}

// Spain's social security number (número de afiliación, NAF/NUSS): a province of two
// digits, eight more, and two check digits, the first ten as one number mod 97 (the
// eight below 10,000,000 count as the province times 10^7 plus them) (TGSS).
bool is_es_naf(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 12 || !digits_and_separators(v)) return false;
  const long long province = std::stoll(d.substr(0, 2)), rest = std::stoll(d.substr(2, 8));
  const long long n = rest < 10000000 ? province * 10000000 + rest : std::stoll(d.substr(0, 10));
  return n % 97 == std::stoll(d.substr(10, 2));
}

// Bulgaria's EGN: YYMMDD (the month plus 20 or 40 for other centuries), a serial, and
// weights 2 4 8 5 10 9 7 3 6 mod 11, 10 being 0 (ГРАО).
bool is_bg_egn(std::string_view v) {
  const std::string d = digits_of(v);
  if (d.size() != 10 || d.size() != v.size()) return false;
  const int month = (at(d, 2) * 10 + at(d, 3)) % 20, day = at(d, 4) * 10 + at(d, 5);
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return weighted_sum(d, {2, 4, 8, 5, 10, 9, 7, 3, 6}) % 11 % 10 == at(d, 9);
}

// Germany's pension insurance number (Rentenversicherungsnummer): an area of two
// digits, the birth date DDMMYY, the surname's initial, a serial of two and a check
// digit; the initial as its place (A = 01), the twelve digits weighted 2 1 2 5 7 1 2 1
// 2 1 2 1, each product's digits summed, mod 10 (Deutsche Rentenversicherung).
bool is_de_rvnr(std::string_view v) {
  std::string d;
  char initial = 0;
  for (const char c : v) {
    if (is_digit(c)) d += c;
    else if (is_upper(c) && initial == 0 && d.size() == 8) initial = c;
    else if (c != ' ') return false;
  }
  if (d.size() != 11 || initial == 0) return false;
  const int place = initial - 'A' + 1;
  const std::string all = d.substr(0, 8) + std::to_string(place / 10) + std::to_string(place % 10) + d.substr(8, 2);
  static constexpr int kW[12] = {2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1};
  int sum = 0;
  for (size_t i = 0; i < 12; ++i) sum += at(all, i) * kW[i] / 10 + at(all, i) * kW[i] % 10;
  return sum % 10 == at(d, 10);
}

// Australia's Individual Healthcare Identifier: sixteen digits from 800360 with a Luhn
// check digit (Services Australia, "Healthcare Identifiers Service").
bool is_au_ihi(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 16 && d.starts_with("800360") && digits_and_separators(v) && luhn_ok(d);
}

// Ontario's health number (OHIP): ten digits with a Luhn check digit (Ontario Ministry
// of Health, "Health Card Validation" reference).
bool is_ca_ohip(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 10 && digits_and_separators(v) && luhn_ok(d);
}

// Saudi Arabia's national id (1…, a citizen's) and resident's iqama (2…): ten digits
// with a Luhn check digit (the Ministry of Interior's format as Absher validates it).
bool is_sa_national_id(std::string_view v) {
  const std::string d = digits_of(v);
  return d.size() == 10 && (d[0] == '1' || d[0] == '2') && digits_and_separators(v) && luhn_ok(d);
}

// "VSNR" names Austria's social insurance number and Germany's pension number.
bool is_vsnr(std::string_view v) { return is_at_svnr(v) || is_de_rvnr(v); }

struct IdScheme {
  std::string_view kind;
  bool (*valid)(std::string_view);
  bool checked = true;  // false: a shape only, taken after the scheme's own label
  // false: one check digit over a number as long as a time in seconds passes one number
  // in ten or eleven; taken on its label's line only, never from the lines below it.
  bool below = true;
  // A company holds one too (Greece's ΑΦΜ): beside a company's legal form it is the company's.
  bool companies_too = false;
};

constexpr IdScheme kSchemes[] = {
    {"sg_nric", is_sg_nric},
    {"ch_ahv", is_ch_ahv},
    {"hr_oib", is_hr_oib},
    {"ro_cnp", is_ro_cnp},
    {"tr_tckn", is_tr_tckn},
    {"pt_nif", is_pt_nif},
    {"de_steuer_id", is_de_steuer_id},
    {"jp_my_number", is_jp_my_number},
    {"tw_national_id", is_tw_id},
    {"hk_hkid", is_hk_hkid},
    {"il_id", is_il_id},
    {"cl_rut", is_cl_rut},
    {"uk_nhs_number", is_uk_nhs},
    {"au_medicare", is_au_medicare},
    {"mx_clabe", is_mx_clabe},
    {"au_tfn", is_au_tfn},
    {"ar_cuil", is_ar_cuil},
    {"ec_cedula", is_ec_cedula},
    {"th_national_id", is_th_id},
    {"cz_birth_number", is_cz_birth_number},
    {"ua_rnokpp", is_ua_rnokpp},
    {"ru_snils", is_ru_snils},
    {"ar_cbu", is_ar_cbu},
    {"eg_national_id", is_eg_national_id, false},
    {"nl_bsn", is_nl_bsn},
    {"pl_pesel", is_pl_pesel},
    {"ae_emirates_id", is_ae_emirates_id},
    {"br_cns", is_br_cns},
    {"za_id", is_za_id},
    {"vn_citizen_id", is_vn_citizen_id, false},
    {"ng_nin", is_ng_nin, false},
    {"ng_bvn", is_ng_bvn, false},
    {"gr_afm", is_gr_afm, true, true, true},
    {"de_id_card", is_de_id_card, false},
    {"pk_cnic", is_pk_cnic, false},
    {"medical_record_number", is_medical_record_number, false},
    {"id_nik", is_id_nik, false},
    {"in_abha", is_in_abha, false},
    {"jp_insured_number", is_jp_insured_number, false},
    {"gr_amka", is_gr_amka, true, false},
    {"hu_taj", is_hu_taj, true, false},
    {"hu_tax_id", is_hu_tax_id, true, false},
    {"ee_isikukood", is_ee_isikukood, true, false},
    {"at_svnr", is_at_svnr, true, false},
    {"de_rvnr", is_de_rvnr},
    {"social_insurance_number", is_vsnr, true, false},
    {"au_ihi", is_au_ihi},
    {"ca_ohip", is_ca_ohip, true, false},
    {"ie_ppsn", is_ie_ppsn},
    {"de_kvnr", is_de_kvnr},
    {"pl_id_card", is_pl_id_card},
    {"es_naf", is_es_naf},
    {"bg_egn", is_bg_egn, true, false},
    {"br_cpf", is_br_cpf},
    {"be_national_number", is_be_national_number},
    {"no_fodselsnummer", is_no_fodselsnummer},
    {"sa_national_id", is_sa_national_id, true, false},
    {"imsi", is_imsi, false},
    {"sevis_id", is_sevis_id, false},
    {"uk_pac", is_uk_pac, false},
};

// Which labels name which scheme. Words in a label are separated in the text by
// up to two of " ._-" ("T.C. Kimlik", "teudat_zehut", "Steuer-ID"). A label of no
// scheme ("national ID") tries them all.
struct IdLabel {
  std::string_view scheme;  // a kind of kSchemes, or empty for any
  std::initializer_list<std::string_view> spellings;
};

const std::initializer_list<IdLabel> kLabels = {
    {"sg_nric", {"nric"}},
    {"ch_ahv", {"ahv", "avs", "ahvn13", "sozialversicherungsnummer"}},
    {"hr_oib", {"oib"}},
    {"ro_cnp", {"cnp", "cod numeric personal"}},
    {"tr_tckn", {"t c kimlik", "tckn", "kimlik", "hasta tc kimlik no", "tc kimlik no"}},
    {"pt_nif", {"nif", "contribuinte"}},
    {"de_steuer_id", {"steuer id", "steuer idnr", "steueridentifikationsnummer", "identifikationsnummer", "idnr"}},
    {"jp_my_number", {"my number", "mynumber", "マイナンバー", "個人番号"}},
    {"hk_hkid", {"hkid", "hong kong id", "香港身份證"}},
    {"il_id",
     {"teudat zehut", "mispar zehut", "zehut", "israeli id", "תעודת זהות", "תעודת הזהות", "מספר זהות", "מספר הזהות"}},
    {"cl_rut", {"rut", "rol unico tributario", "rol único tributario"}},
    {"uk_nhs_number", {"nhs"}},
    {"au_medicare", {"medicare"}},
    {"mx_clabe", {"clabe"}},
    {"au_tfn", {"tfn", "tax file number"}},
    {"ar_cuil", {"cuil", "cuit"}},
    {"ec_cedula", {"cedula", "cédula", "identificacion comprador", "identificación comprador"}},
    {"th_national_id", {"เลขประจำตัวประชาชน", "เลขบัตรประชาชน", "thai id"}},
    {"cz_birth_number", {"rodné číslo", "rodne cislo", "rodného čísla", "rodné čislo", "rodným číslem", "rč"}},
    {"ua_rnokpp", {"рнокпп", "іпн", "rnokpp"}},
    {"ru_snils", {"снилс", "snils"}},
    {"ar_cbu", {"cbu", "cvu"}},
    {"eg_national_id", {"الرقم القومي", "الرقم القومى"}},
    {"vn_citizen_id", {"cccd", "cmnd", "căn cước", "can cuoc"}},
    {"ng_nin", {"nin", "nimc"}},
    {"ng_bvn", {"bvn", "bank verification number"}},
    {"gr_afm", {"afm", "αφμ", "α.φ.μ."}},
    {"de_id_card", {"personalausweis", "personalausweisnummer", "ausweisnummer", "ausweis nr"}},
    {"pk_cnic", {"cnic"}},
    {"nl_bsn", {"bsn", "burgerservicenummer", "sofinummer", "sofinr"}},
    {"gr_amka", {"amka", "αμκα"}},
    {"hu_taj", {"taj", "taj szám", "taj szam"}},
    {"hu_tax_id", {"adóazonosító jel", "adoazonosito jel", "adóazonosító", "adoazonosito"}},
    {"ee_isikukood", {"isikukood", "isikukoodi"}},
    {"at_svnr", {"sv nr", "svnr"}},
    {"de_rvnr", {"rvnr", "rentenversicherungsnummer"}},
    {"social_insurance_number", {"vsnr"}},
    {"au_ihi", {"ihi", "healthcare identifier"}},
    {"jp_insured_number", {"被保険者番号", "insured identification number"}},
    {"ca_ohip", {"ohip", "ohip number"}},
    {"ie_ppsn", {"ppsn", "pps number", "pps no"}},
    {"de_kvnr", {"kvnr", "versicherten id", "versichertennummer", "krankenversichertennummer"}},
    {"pl_id_card", {"dowodu osobistego", "dowód osobisty", "dowod osobisty", "nr dowodu"}},
    {"es_naf", {"naf", "nuss", "número de afiliación", "numero de afiliacion", "núm afiliación"}},
    {"bg_egn", {"егн", "egn"}},
    {"br_cpf", {"cpf", "nr cpf"}},
    {"be_national_number", {"inss", "ssin", "niss", "rijksregisternummer", "numéro de registre national"}},
    {"no_fodselsnummer", {"norsk identifikator", "fødselsnummer", "fodselsnummer", "d nummer"}},
    {"pl_pesel", {"pesel"}},
    {"sa_national_id", {"الهوية الوطنية", "رقم الهوية الوطنية", "iqama", "رقم الإقامة", "رقم الاقامة", "هوية مقيم"}},
    {"ae_emirates_id", {"emirates id", "الهوية الإماراتية", "رقم الهوية الإماراتية"}},
    {"id_nik", {"nik", "nomor induk kependudukan"}},
    {"br_cns",
     {"cns", "cns cidadao", "cns paciente", "cartão nacional de saúde", "cartao nacional de saude", "cartão sus",
      "cartao sus"}},
    {"in_abha", {"abha", "abha number", "ayushman bharat health account"}},
    {"za_id", {"id number", "id no", "id num", "identity number", "rsa id", "sa id"}},
    {"imsi", {"imsi"}},
    {"sevis_id", {"sevis", "sevis id"}},
    {"uk_pac", {"pac", "pac code"}},
    {"medical_record_number", {"mrn", "medical record number", "medical record no", "patient id", "patient number"}},
    {"",
     {"national id", "national identity", "national identification", "citizen id", "identity card", "id card", "身分證",
      "身分证", "身份證", "身份证", "رقم الهوية"}},
};

// The small letter of a capital of the scripts the labels are written in (Latin-1,
// Latin Extended-A, Greek, Cyrillic), as a code point; any other code point as it is.
char32_t small_letter(char32_t c) {
  if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x410 && c <= 0x42F) || (c >= 0x391 && c <= 0x3A9 && c != 0x3A2))
    return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  const bool even_capital = (c >= 0x100 && c <= 0x137 && c != 0x130) || (c >= 0x14A && c <= 0x177);
  const bool odd_capital = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
  if ((even_capital && c % 2 == 0) || (odd_capital && c % 2 == 1)) return c + 1;
  return c;
}

// Letters and digits only, in small letters (ASCII and the two-byte UTF-8 of the
// scripts above; other bytes kept): how a label is compared with the table's
// spellings, which the expression matched whatever their case ("Снилс", "CÉDULA").
std::string label_key(std::string_view v) {
  std::string k;
  for (size_t i = 0; i < v.size(); ++i) {
    const auto b = static_cast<unsigned char>(v[i]);
    if (b >= 0xC0 && b < 0xE0 && i + 1 < v.size()) {  // a two-byte sequence
      const char32_t c = small_letter((char32_t{b} & 0x1F) << 6 | (static_cast<unsigned char>(v[i + 1]) & 0x3F));
      k += static_cast<char>(0xC0 | (c >> 6));
      k += static_cast<char>(0x80 | (c & 0x3F));
      ++i;
    } else if (is_alnum(v[i]) || b >= 0x80) {
      k += ascii::to_lower(v[i]);
    }
  }
  return k;
}

std::string labels_pattern() {
  std::string alternatives;
  for (const IdLabel& l : kLabels)
    for (std::string_view spelling : l.spellings) {
      std::string p;
      for (size_t i = 0; i < spelling.size();) {
        const size_t space = std::min(spelling.find(' ', i), spelling.size());
        if (i > 0) p += "[ ._-]{0,2}";
        p += RE2::QuoteMeta(std::string(spelling.substr(i, space - i)));
        i = space + 1;
      }
      alternatives += (alternatives.empty() ? "" : "|") + p;
    }
  return "(?i)(?:^|[^A-Za-z0-9])(" + alternatives + ")(?:[^A-Za-z]|$)";
}

// The label whose spelling, as a key, is `key`; nullptr when none is.
const IdLabel* label_of_key(std::string_view key) {
  if (key.empty()) return nullptr;
  for (const IdLabel& l : kLabels)
    for (std::string_view sp : l.spellings)
      if (label_key(sp) == key) return &l;
  return nullptr;
}

// The kind of the scheme of label l (any checked scheme, for a label of none) that
// accepts v; empty when none does.
std::string_view valid_scheme(const IdLabel& l, std::string_view v) {
  for (const IdScheme& scheme : kSchemes)
    if ((l.scheme.empty() ? scheme.checked : l.scheme == scheme.kind) && scheme.valid(v)) return scheme.kind;
  return {};
}

// The end of an identifier's run from t[p]: letters and digits, the separators (space
// . - /) that stand between digits, a capital standing alone between digit groups,
// and a bracketed check character (HKID's "(4)").
size_t id_run_end(std::string_view t, size_t p) {
  size_t q = p;
  while (q < t.size() && q - p < 32) {
    if (is_alnum(t[q])) {
      ++q;
    } else if ((t[q] == ' ' || t[q] == '.' || t[q] == '-' || t[q] == '/') && q + 1 < t.size() &&
               (is_digit(t[q + 1]) || (t[q] == '-' && (t[q + 1] == 'K' || t[q + 1] == 'k')))) {
      ++q;
    } else if (t[q] == '(' && q + 2 < t.size() && is_alnum(t[q + 1]) && t[q + 2] == ')') {
      q += 3;
    } else if (t[q] == ' ' && q > p && is_digit(t[q - 1]) && q + 3 < t.size() && is_upper(t[q + 1]) &&
               t[q + 2] == ' ' && is_digit(t[q + 3])) {
      q += 3;  // a capital between digit groups: Germany's pension number, "65 170839 B 014"
    } else {
      break;
    }
  }
  // "4285 71931 2 on file": a run ends where its digits do, not in a word after it.
  return q;
}

// The end of the run [p, end) before its first capital standing alone between digit
// groups ("85031726369 M 39": a sex and an age after a PESEL), or `end`: a join only
// Germany's pension number takes, so each scheme is tried with and without it.
size_t before_capital_join(std::string_view t, size_t p, size_t end) {
  for (size_t q = p + 1; q + 2 < end; ++q)
    if (t[q] == ' ' && is_upper(t[q + 1]) && t[q + 2] == ' ') return q;
  return end;
}

// The identifier after a label, within 48 bytes of it on its line: past words (at
// most three, "number", "card", "is", "cliente") and punctuation, a run that starts
// with a digit or with one to three capitals before a digit, and goes on through
// separators (space . - /) that stand between digits, and a bracketed check
// character (HKID's "(4)"). `wide`: for a scheme whose check digit is its own proof,
// within 120 bytes and past eight words ("תעודת הזהות של הלקוח משה אלמוג הוא …", "Steuer-ID
// des Kunden. Er hat sie per Post geschickt: …"; a word of another script takes two bytes a letter).
ValueSpan identifier_after(std::string_view t, size_t p, bool wide) {
  const size_t end = std::min(t.size(), p + (wide ? 120 : 48));
  for (int words = 0; p < end && t[p] != '\n';) {
    const char c = t[p];
    // Up to three capitals before the digits (Poland's identity card: ARB928461).
    size_t caps = 0;
    while (caps < 3 && p + caps < end && is_upper(t[p + caps])) ++caps;
    const bool starts_id = p + caps < end && is_digit(t[p + caps]);
    if (starts_id) break;
    if (ascii::is_alpha(c) || static_cast<unsigned char>(c) >= 0x80) {
      if (++words > (wide ? 8 : 3)) return {};
      while (p < end && (ascii::is_alpha(t[p]) || static_cast<unsigned char>(t[p]) >= 0x80)) ++p;
      continue;
    }
    ++p;
  }
  if (p >= end || t[p] == '\n') return {};
  return {p, id_run_end(t, p)};
}

// Whether the word right before t[p] (past blanks, a colon, a #) is a word for a number:
// number, numer, nummer, número, nr, no.
bool after_number_word(std::string_view t, size_t p) {
  size_t e = p;
  while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == ':' || t[e - 1] == '#' || t[e - 1] == '.')) --e;
  size_t s = e;
  while (s > 0 && (ascii::is_alpha(t[s - 1]) || static_cast<unsigned char>(t[s - 1]) >= 0x80)) --s;
  return one_of(ascii::lowered(t.substr(s, e - s)),
                {"number", "numer", "nummer", "numero", "n\xc3\xbamero", "nr", "no", "num", "nummern"});
}

// Whether the value at t[p] is given to a name of its own ("uptime": 1717488013,
// count=…) other than its scheme's label or a word for any value (value, input,
// number, id, row): on the lines after a label, such a number is that name's.
bool keyed_as_other(std::string_view t, size_t p, const IdLabel& l) {
  size_t e = p;
  while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '"' || t[e - 1] == '\'')) --e;
  if (e == 0 || (t[e - 1] != ':' && t[e - 1] != '=')) return false;
  --e;
  while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '"' || t[e - 1] == '\'')) --e;
  size_t s = e;
  while (s > 0 &&
         (is_alnum(t[s - 1]) || t[s - 1] == '_' || t[s - 1] == '-' || static_cast<unsigned char>(t[s - 1]) >= 0x80))
    --s;
  const std::string key = label_key(t.substr(s, e - s));
  // A key that names a number of any kind (documentNumber, idNumber, nomor, value) is
  // no other name; uptime, size, count are.
  if (key.empty() || one_of(key, {"row", "data", "入力", "入力値"})) return false;
  for (std::string_view end :
       {"number", "nummer", "numero", "nomor", "num", "nr", "no", "id", "value", "input", "code"})
    if (key.ends_with(end)) return false;
  return std::none_of(l.spellings.begin(), l.spellings.end(),
                      [&](std::string_view sp) { return label_key(sp) == key; });
}

void pick_labelled_id(const Hit& h, std::vector<Found>& out) {
  const IdLabel* l = label_of_key(label_key(h.groups[1]));
  if (l == nullptr) return;
  const std::string_view t = h.text;
  const size_t after = h.at(h.groups[1]) + h.groups[1].size();
  const auto scheme =
      std::find_if(std::begin(kSchemes), std::end(kSchemes), [&](const IdScheme& k) { return k.kind == l->scheme; });
  const bool proven = scheme != std::end(kSchemes) && scheme->checked && scheme->below;
  // Far from its label, a number a word names as something else is that thing ("BSN
  // checks run nightly (job 252760189 ...").
  ValueSpan s = identifier_after(t, after, false);
  if (s.end == s.begin && proven) {
    s = identifier_after(t, after, true);
    // ... and one right after a word for a number is that word's ("zgłoszenie numer …").
    if (s.end > s.begin && (named_as_other(t, s.begin) || after_number_word(t, s.begin))) s = {};
  }
  if (s.end > s.begin && proven && scheme->companies_too && business_detail(t, s.begin)) return;
  if (s.end > s.begin) {
    for (const size_t end : {s.end, before_capital_join(t, s.begin, s.end)}) {
      if (const std::string_view kind = valid_scheme(*l, t.substr(s.begin, end - s.begin)); !kind.empty()) {
        add_span(out, {s.begin, end}, kind);
        return;
      }
    }
  }
  // Nothing on the label's line: a checked scheme's number may stand on one of the
  // next three (a label ending its line, "PESEL:" and the number below it; a line
  // that names the scheme above the one that gives it). Shapes alone are not enough.
  if (!proven) return;
  size_t from = t.find('\n', after);
  if (from == std::string_view::npos) return;
  size_t to = from;
  for (int lines = 0; lines < 3 && to < t.size(); ++lines) to = std::min(t.find('\n', to + 1), t.size());
  to = std::min(to, from + 300);
  auto joins = [&](size_t i) { return std::string_view("./-_").find(t[i]) != std::string_view::npos; };
  for (size_t p = from + 1; p < to; ++p) {
    const bool starts = is_digit(t[p]) || (is_upper(t[p]) && p + 1 < to && is_digit(t[p + 1]));
    if (!starts || is_alnum(t[p - 1]) || (joins(p - 1) && p >= 2 && is_alnum(t[p - 2]))) continue;
    const size_t run = id_run_end(t, p);
    const bool piece =
        run < t.size() && (is_alnum(t[run]) || (joins(run) && run + 1 < t.size() && is_alnum(t[run + 1])));
    for (const size_t q : {run, before_capital_join(t, p, run)})
      if (!piece && scheme->valid(t.substr(p, q - p)) && !named_as_other(t, p) && !keyed_as_other(t, p, *l)) {
        out.push_back({p, q, scheme->kind});
        break;
      }
    p = run;
  }
}

// A US bank routing number (ABA): nine digits, weights 3 7 1, sum a multiple of 10
// (ABA, "Routing Number Policy").
bool is_aba_routing(std::string_view d) {
  if (d.size() != 9 || !std::all_of(d.begin(), d.end(), is_digit)) return false;
  static constexpr int kW[3] = {3, 7, 1};
  int sum = 0;
  for (size_t i = 0; i < 9; ++i) sum += (d[i] - '0') * kW[i % 3];
  return sum % 10 == 0;
}

// A bank account number has no check digit: after "account" (or "acct", "account
// number", "bank account") on a line about a bank, or beside one (a form's routing
// number on the line above): one naming a bank, a routing or sort code, ACH, a wire,
// IBAN or SWIFT, or holding a valid ABA routing number.
void pick_bank_account(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  const std::string_view here = line_around(t, h.at(h.groups[0]));
  const size_t first = h.at(here), last = first + here.size();
  const size_t above = first >= 2 ? t.rfind('\n', first - 2) : std::string_view::npos;
  const size_t from = first == 0 ? 0 : (above == std::string_view::npos ? 0 : above + 1);
  const size_t to = last >= t.size() ? last : std::min(t.find('\n', last + 1), t.size());
  // The lines beside it count for a bank's own codes only (a routing number, IFSC),
  // not for words a developer's text is full of ("routing", "wire").
  const std::string beside =
      ascii::lowered(std::string(t.substr(from, first - from)) + std::string(t.substr(last, to - last)));
  bool bank_beside = false;
  for (std::string_view w :
       {"routing number", "routing no", "aba", "sort code", "iban", "ifsc", "bsb", "swift code", "bic"})
    for (size_t k = beside.find(w); !bank_beside && k != std::string::npos; k = beside.find(w, k + 1))
      bank_beside =
          (k == 0 || !is_alnum(beside[k - 1])) && (k + w.size() >= beside.size() || !is_alnum(beside[k + w.size()]));
  const std::string line = ascii::lowered(here);
  bool bank = bank_beside;
  // A valid ABA routing number on a line beside it (a form's "Routing: 021000021").
  for (size_t p = 0; !bank && p + 9 <= beside.size(); ++p)
    if (is_digit(beside[p]) && (p == 0 || !is_digit(beside[p - 1])) &&
        (p + 9 == beside.size() || !is_digit(beside[p + 9])))
      bank = is_aba_routing(std::string_view(beside).substr(p, 9));
  for (std::string_view w : {"bank", "routing", "sort code", "ach ", "ach payout", "wire", "iban", "swift", "bsb",
                             "ifsc", "checking", "savings", "payout"})
    bank = bank || line.find(w) != std::string::npos;
  for (size_t p = 0; !bank && p + 9 <= line.size(); ++p)
    if (is_digit(line[p]) && (p == 0 || !is_digit(line[p - 1])) && (p + 9 == line.size() || !is_digit(line[p + 9])))
      bank = is_aba_routing(std::string_view(line).substr(p, 9));
  // 0000123456: zeros before a counting run are a made-up number.
  std::string_view number = h.groups[1];
  while (number.size() > 1 && number.front() == '0') number.remove_prefix(1);
  if (bank && !is_placeholder(number)) add(out, h, h.groups[1], "bank_account");
}

}  // namespace

IdLabelTest id_label_test() {
  auto label = std::make_shared<const RE2>(labels_pattern());
  return [label](std::string_view text, size_t at) {
    const size_t line = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
    size_t from = line == std::string_view::npos ? 0 : line + 1;
    if (at > from + 48) from = at - 48;
    return RE2::PartialMatch(text.substr(from, at - from), *label);
  };
}

bool names_an_id_column(std::string_view column) { return label_of_key(label_key(column)) != nullptr; }

std::string_view id_in_column(std::string_view column, std::string_view value) {
  const IdLabel* l = label_of_key(label_key(column));
  return l == nullptr ? std::string_view() : valid_scheme(*l, value);
}

std::vector<RuleSpec> labelled_id_rules() {
  std::vector<RuleSpec> r;
  const std::string labels = labels_pattern();
  r.push_back({"national_id", labels, pick_labelled_id});
  // Shapes no other number takes: 12.824.809-9 (the RUT with its dots), 756.1234.5678.97.
  r.push_back(
      {"cl_rut", R"(\b(\d{1,2}\.\d{3}\.\d{3}-[\dkK])\b)", group_if(1, is_cl_rut), false, R"(\d\.\d{3}\.\d{3}-)"});
  r.push_back({"ch_ahv", R"(\b(756\.\d{4}\.\d{4}\.\d{2})\b)", group_if(1, is_ch_ahv), false, R"(756\.\d{4}\.)"});
  // A document's type and then its number, as Latin American records write them
  // (tipo_documento=CC numero_documento=...; CC, CE, TI, DNI, CI, PA, RUT): any number,
  // since a cédula de ciudadanía has no check digit. NIT is a company's.
  r.push_back(
      {"national_id",
       R"((?i)\btipo[ _]?(?:de[ _]?)?doc(?:umento)?["']?[ \t]*[=:][ \t]*["']?(?:CC|CE|TI|DNI|CI|PA|RUT|RUN)\b)"
       R"([^\n]{0,40}?\b(?:n[uú]mero|nro|num)(?:[ _]?(?:de[ _]?)?doc(?:umento)?)?["']?[ \t]*[=:][ \t]*["']?(\d{6,12})\b)",
       group(1), false, R"((?i)tipo[ _]?(?:de[ _]?)?doc)"});
  // A subscriber's IMSI where RADIUS and Diameter carry it: a User-Name of fifteen
  // digits (S6a's, 3GPP TS 29.272), or the permanent identity of EAP-SIM and EAP-AKA
  // (0 or 1, the IMSI, @…3gppnetwork.org; 3GPP TS 23.003, 19.3).
  r.push_back({"imsi", R"((?i)\bUser-Name[ \t]*[=:][ \t]*["']?(\d{15})\b)", group_if(1, is_imsi), false,
               R"((?i)User-Name[ \t]*[=:][ \t]*["']?\d{15})"});
  r.push_back({"imsi", R"((?i)\b[0-7](\d{15})@(?:wlan\.)?mnc\d{3}\.mcc\d{3}\.3gppnetwork\.org\b)", group_if(1, is_imsi),
               false, R"((?i)\d{15}@(?:wlan\.)?mnc\d{3}\.mcc)"});
  // (Its value may stand in a column, after any run of blanks.)
  r.push_back(
      {"bank_account",
       R"((?i)\b(?:bank[ _-]?)?(?:account|acct)(?:[ _-]?(?:number|no\.?|num|#))?\b[^\n\d]{0,12}[ \t]*(\d{6,17})\b)",
       pick_bank_account, false, R"((?i)(?:account|acct)[^\n\d]{0,12}[ \t]*\d{6})"});
  return r;
}

}  // namespace memsim::redact_detail
