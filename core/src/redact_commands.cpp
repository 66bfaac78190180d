// Passwords and keys given to commands, by flag or by position. Tools whose flag
// is their own keep a rule each (mysql -pX, redis-cli -a X, sqlcmd -P X, htpasswd
// -b, mc alias set ... ACCESS SECRET); then the families that need no tool's
// name: a password flag of any command (-p, -P, -w, -A, -X, -N) where the same
// command names a user, Windows switches (/pass:X, /RP X), a password after its
// user (USER u USING p, http-basic.<repo> <user> <password>), and a network
// device's "password 7 <hex>". Long flags (--password X, --db-token=X) are the
// keyword rule's (redact_context.cpp).
#include <algorithm>
#include <string>

#include "memsim/ascii.h"
#include "redact_detail.h"

namespace memsim::redact_detail {

namespace {

using ascii::is_alpha;
using ascii::lowered;

// The value that a tool's short flag takes (mysql -pX, sshpass -p X, redis-cli -a X):
// groups[1] is an opening quote, the value follows the match. Unquoted, a value
// that starts with "-" is the next flag; quoted, it is the password ('-Xq8...').
Pick tool_password() {
  return [](const Hit& h, std::vector<Found>& out) {
    const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
    const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
    const bool next_flag = h.groups[1].empty() && v.starts_with("-");
    if (v.size() >= 3 && !next_flag && !is_reference(v) && !is_placeholder(v) && !looks_like_path(v) &&
        !is_common_word(v))
      add_span(out, s, "password");
  };
}

// The command text[at] is part of: back to the start of its line or the last
// |, ;, & or backtick, and forward likewise (at most 400 bytes each way).
std::string_view command_around(std::string_view t, size_t at) {
  constexpr size_t kReach = 400;
  auto bound = [](char c) { return c == '\n' || c == '|' || c == ';' || c == '&' || c == '`'; };
  size_t b = at, e = at;
  const size_t lo = at > kReach ? at - kReach : 0, hi = std::min(t.size(), at + kReach);
  while (b > lo && !bound(t[b - 1])) --b;
  while (e < hi && !bound(t[e])) ++e;
  return t.substr(b, e - b);
}

// Whether a command names the user it logs in as (-u NAME, -u=NAME, -U NAME,
// --user NAME, /U NAME, /RU NAME, /user:NAME): then its password-like flags are logging in too.
bool names_a_user(std::string_view cmd) {
  for (size_t i = 0; i < cmd.size();) {
    while (i < cmd.size() && (cmd[i] == ' ' || cmd[i] == '\t')) ++i;
    size_t e = i;
    while (e < cmd.size() && cmd[e] != ' ' && cmd[e] != '\t') ++e;
    const std::string tok = lowered(cmd.substr(i, e - i));
    if (one_of(tok, {"-u", "--user", "--username", "-user", "-username", "/u", "/ru"}) || tok.starts_with("--user=") ||
        tok.starts_with("--username=") || tok.starts_with("-u=") || tok.starts_with("/user:") || tok.starts_with("/u:"))
      return true;
    i = e;
  }
  return false;
}

// bastion.acme.io, post.json, deploy@db01: a lower-case name with a dot or an @.
bool names_a_host_or_file(std::string_view v) {
  const bool lower_name = std::all_of(v.begin(), v.end(), [](char c) {
    return ascii::is_lower(c) || ascii::is_digit(c) || c == '.' || c == '-' || c == '_' || c == '@';
  });
  return lower_name && v.find_first_of(".@") != std::string_view::npos;
}

// What a password flag of an unknown tool must hold to be taken for a password:
// a password, not a word, a number, a port mapping, a host or file name, a format
// string (curl -w '%{http_code}') or a pattern (grep -P '\d+').
bool flag_value_is_password(std::string_view v) {
  if (v.size() < 6 || v.size() > 128 || v.find_first_of(" \t\\{}") != std::string_view::npos) return false;
  if (!password_like(v, Context::kAssigned) || is_plain_word(v) || is_placeholder(v)) return false;
  return std::any_of(v.begin(), v.end(), is_alpha) && !names_a_host_or_file(v);
}

// -A, -X and -N take no value in many tools (ssh -A host, curl -X POST): after
// them only a value with three kinds of character (upper, lower, digit, other).
bool mixed_enough(std::string_view v) {
  bool up = false, low = false, digit = false, other = false;
  for (char c : v) {
    up = up || ascii::is_upper(c);
    low = low || ascii::is_lower(c);
    digit = digit || ascii::is_digit(c);
    other = other || !ascii::is_alnum(c);
  }
  return up + low + digit + other >= 3;
}

// -p, -P, -w, -A, -X, -N VALUE (or -p'VALUE', -p=VALUE) where the command names a user.
void pick_password_flag(const Hit& h, std::vector<Found>& out) {
  const std::string_view quote = h.groups[2].empty() ? h.groups[3] : h.groups[2];
  const ValueSpan s = read_value(h.text, h.end(), quote);
  const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
  if (quote.empty() && v.starts_with("-")) return;  // the next flag
  const char flag = h.groups[1].front();
  if ((flag == 'A' || flag == 'X' || flag == 'N') && !mixed_enough(v)) return;
  if (flag_value_is_password(v) && names_a_user(command_around(h.text, h.at(h.groups[1]))))
    add_span(out, s, "password");
}

// Windows switches: /pass:X, /password:"X", /p:X (not msbuild's /p:Name=Value),
// and /P X, /RP X where the command names its user (/U, /RU, /user:).
void pick_windows_switch(const Hit& h, std::vector<Found>& out) {
  const std::string_view quote = h.groups[3];
  const ValueSpan s = read_value(h.text, h.end(), quote);
  const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
  if (!flag_value_is_password(v)) return;
  if (!h.groups[2].empty()) {  // /p:VALUE
    const size_t eq = v.find('=');
    const bool property = eq != std::string_view::npos && eq > 0 &&
                          std::all_of(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(eq),
                                      [](char c) { return ascii::is_alnum(c) || c == '_' || c == '.'; });
    if (!property) add_span(out, s, "password");
    return;
  }
  if ((quote.empty() && v.starts_with("/")) || !names_a_user(command_around(h.text, h.at(h.groups[1])))) return;
  add_span(out, s, "password");
}

// The last path component of the file name that ends `command` (`/etc/munge/munge.key`
// gives "munge.key").
std::string file_name_at_end(std::string_view command) {
  size_t b = command.size();
  while (b > 0 && command[b - 1] != ' ' && command[b - 1] != '\t' && command[b - 1] != '/' && command[b - 1] != '\'' &&
         command[b - 1] != '"')
    --b;
  return lowered(command.substr(b));
}

// Whether a file of this name prints a secret: one of its parts (split at . _ -) is a
// secret's word (key, token, secret, password, credentials, pem, keytab, ...), and it is
// no public key's or encrypted file (.pub, .enc, .gpg, .age, .asc). "keystone.log" and
// "monkey.txt" are none.
bool prints_a_secret(std::string_view name) {
  for (std::string_view ext : {".pub", ".enc", ".gpg", ".age", ".asc"})
    if (name.ends_with(ext)) return false;
  if (name.find("public") != std::string_view::npos) return false;
  for (size_t b = 0; b < name.size();) {
    size_t e = name.find_first_of("._-", b);
    if (e == std::string_view::npos) e = name.size();
    const std::string_view part = name.substr(b, e - b);
    if (one_of(part, {"key", "keys", "token", "tokens", "secret", "secrets", "pem", "keytab", "rsa", "ed25519",
                      "credentials", "creds", "passwd"}) ||
        classify_name(part) != NameClass::kNone)
      return true;
    b = e + 1;
  }
  return false;
}

// A credential's shape in what a command printed, that no word labels a digest.
bool printed_credential(std::string_view t, std::string_view v, size_t at) {
  return credential_like(v, Context::kAssigned) && !is_uuid(v) && !labelled_as_digest(t, at);
}

// Whether a line starts with a shell's prompt: "$ ", "> ", a user's and a host's before
// the "$ " (alice@box:~/src$ , uart:~$ ), PowerShell's "PS C:\> ".
bool prompt_line(std::string_view line) {
  if (line.starts_with("$ ") || line.starts_with("> ")) return true;
  if (line.starts_with("PS ")) {
    const size_t gt = line.find("> ");
    return gt < 80 && line.substr(3, gt - 3).find(' ') == std::string_view::npos;
  }
  size_t p = 0;
  while (p < line.size() && p < 80 &&
         (ascii::is_alnum(line[p]) || std::string_view("_@:~./-").find(line[p]) != std::string_view::npos))
    ++p;
  return p > 0 && line.substr(p, 2) == "$ ";
}

// The lines a command printed below its prompt's line (which ends at t[line_end]), up to
// the next prompt or a PEM block's line, 20 at most: each line that is one credential
// (a structured file's lines are the other rules'; a PEM block is the block rules').
void pick_printed_lines(std::string_view t, size_t line_end, std::vector<Found>& out) {
  for (size_t from = line_end + 1, lines = 0; from < t.size() && lines < 20; ++lines) {
    const size_t to = std::min(t.find('\n', from), t.size());
    const std::string_view line = t.substr(from, to - from);
    const std::string_view v = ascii::trim(line);
    if (prompt_line(line) || v.starts_with("-----")) return;
    const size_t at = v.empty() ? from : static_cast<size_t>(v.data() - t.data());
    if (v.size() >= 20 && v.find_first_of(" \t") == std::string_view::npos && printed_credential(t, v, at))
      out.push_back({at, at + v.size(), "secret"});
    from = to + 1;
  }
}

// Whether a command asks for a secret by name: one of its arguments after the first
// names one, read past its last ., /, = or : (aws configure get aws_secret_access_key,
// ot-ctl networkkey, vault kv get -field=password). A flag's own name is not asked for
// (--key selects an S3 object), nor is a file read from or written to (< privatekey).
// git prints hashes and key ids, and a listing (docker secret ls) names and numbers.
bool asks_for_a_secret(std::string_view command) {
  bool asks = false;
  size_t words = 0;
  for (size_t i = 0; i < command.size();) {
    while (i < command.size() && (command[i] == ' ' || command[i] == '\t')) ++i;
    size_t e = i;
    while (e < command.size() && command[e] != ' ' && command[e] != '\t') ++e;
    std::string_view word = command.substr(i, e - i);
    i = e;
    if (word.empty()) continue;
    if (words++ == 0) {
      if (word == "git" || word.ends_with("/git")) return false;
      continue;
    }
    if (word == "ls") return false;
    if (word.starts_with("<") || word.starts_with(">")) return asks;
    if (word.front() == '-' && word.find('=') == std::string_view::npos) continue;
    if (const size_t cut = word.find_last_of("./=:"); cut != std::string_view::npos) word.remove_prefix(cut + 1);
    asks = asks || (word.size() >= 3 && (classify_name(word) != NameClass::kNone || names_key_bytes(word)));
  }
  return asks;
}

// A modem's AT command that carries a PIN or a password (3GPP TS 27.007: +CPIN's PIN or
// PUK and new PIN, +CLCK's facility password, +CPWD's old and new password, +CGAUTH's
// PDP password; Quectel's +QICSGP and SIMCom's +CSTT APN password). groups[1] is the
// command, groups[2] its arguments, split at commas outside quotes.
void pick_at_command_secrets(const Hit& h, std::vector<Found>& out) {
  std::vector<std::string_view> args;
  std::string_view a = h.groups[2];
  // The arguments end where the command does: at a blank or a ; outside quotes
  // (AT+CPIN="7316" (retry 2), AT+CPIN=7316;+CREG?).
  for (size_t i = 0, quoted = 0; i < a.size(); ++i) {
    if (a[i] == '"') quoted ^= 1;
    if (!quoted && (a[i] == ' ' || a[i] == '\t' || a[i] == ';')) {
      a = a.substr(0, i);
      break;
    }
  }
  for (size_t i = 0; i <= a.size();) {
    size_t e = i;
    bool quoted = false;
    while (e < a.size() && (quoted || a[e] != ',')) quoted = a[e++] == '"' ? !quoted : quoted;
    std::string_view arg = ascii::trim(a.substr(i, e - i));
    if (arg.size() >= 2 && arg.front() == '"' && arg.back() == '"') arg = arg.substr(1, arg.size() - 2);
    args.push_back(arg);
    i = e + 1;
  }
  const std::string command = ascii::lowered(h.groups[1]);
  std::vector<size_t> secret;
  if (command == "cpin" || command == "cpin2") secret = {0, 1};
  else if (command == "clck") secret = {2};
  else if (command == "cpwd") secret = {1, 2};
  else if (command == "cgauth") secret = {3};
  else if (command == "qicsgp") secret = {4};
  else if (command == "cstt") secret = {2};
  // A SIM's factory PIN (0000, 1234) is the operator's published default.
  const auto factory = [](std::string_view v) {
    return v == "1234" || (v.size() == 4 && std::all_of(v.begin(), v.end(), [&](char c) { return c == v[0]; }));
  };
  // The SIM's PINs and a facility's passwords are digits ("SIM PIN" is a state's name).
  const bool pins = one_of(command, {"cpin", "cpin2", "clck", "cpwd"});
  for (size_t k : secret)
    if (k < args.size() && !args[k].empty() && !factory(args[k]) && !is_placeholder(args[k]) &&
        !is_reference(args[k]) && (!pins || std::all_of(args[k].begin(), args[k].end(), ascii::is_digit)))
      add(out, h, args[k], pins ? "pin" : "password");
}

// The hex of a key component after its label (groups[0], to its colon): the rest of the
// label's line, or else the whole next line past a mail's quote marks.
void pick_key_component(const Hit& h, std::vector<Found>& out) {
  const std::string_view t = h.text;
  // The hex at t[from] (past blanks and a mail's quote marks): 16, 32 or 48 digits, run
  // together or in groups of four, ending at a blank or the line's end ("… KCV: 5D3E1A").
  const auto component = [&](size_t from) {
    const size_t end = std::min(t.find('\n', from), t.size());
    size_t b = from;
    while (b < end && (t[b] == ' ' || t[b] == '\t' || t[b] == '>')) ++b;
    std::string hex;
    size_t e = b;
    for (; e < end && hex.size() < 48; ++e) {
      if (t[e] == ' ' && hex.size() % 4 == 0 && e + 1 < end && is_hex(t.substr(e + 1, 1)) && e > b &&
          is_hex(t.substr(e - 1, 1)) && (e + 5 > end || !is_hex(t.substr(e + 1, 5))))
        continue;  // a space between groups of four
      if (!is_hex(t.substr(e, 1))) break;
      hex += t[e];
    }
    const bool ends = e >= end || t[e] == ' ' || t[e] == '\t' || t[e] == '\r' || t[e] == ',' || t[e] == ';';
    if (ends && (hex.size() == 16 || hex.size() == 32 || hex.size() == 48) && !is_placeholder(hex))
      out.push_back({b, e, {}});
  };
  const size_t line_end = std::min(t.find('\n', h.end()), t.size());
  if (ascii::trim(t.substr(h.end(), line_end - h.end())).empty()) {
    if (line_end < t.size()) component(line_end + 1);
  } else {
    component(h.end());
  }
}

// A password after its user: USER u USING p (SQL's CONNECT), http-basic.<repo> <user> <p>.
void pick_password_after_user(const Hit& h, std::vector<Found>& out) {
  const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
  const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
  if (password_like(v, Context::kAssigned) && (!h.groups[1].empty() || !is_plain_word(v)) && !is_placeholder(v))
    add_span(out, s, "password");
}

// An SNMP community that is a chosen one: not "public" or "private", the
// documented defaults, and shaped as a password.
bool community_value(std::string_view v) {
  return v.size() >= 4 && !one_of(lowered(v), {"public", "private"}) && password_like(v, Context::kAssigned);
}

// A network device's config: password|secret|key <type> <value>. Cisco's types:
// 0 plain text, 6 AES, 7 the reversible Vigenere (hex pairs), 5 MD5-crypt,
// 8 PBKDF2 and 9 scrypt ($8$..., $9$...) (Cisco IOS "Password encryption types").
void pick_device_password(const Hit& h, std::vector<Found>& out) {
  const char type = h.groups[1].front();
  const std::string_view v = h.groups[2];
  if (type == '7') {
    if (v.size() >= 4 && v.size() % 2 == 0 && is_hex(v)) add(out, h, v, "password");
  } else if (type == '5' || type == '8' || type == '9') {
    if (v.size() >= 10 && v.starts_with("$")) add(out, h, v, "password_hash");
  } else if (chosen_password(v)) {
    add(out, h, v, "password");
  }
}

}  // namespace

std::vector<RuleSpec> command_rules() {
  std::vector<RuleSpec> r;
  // Tools whose own flag or position takes a password.
  r.push_back({"password",
               R"(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlpump|mysqlcheck|mariadb|)"
               R"(mariadb-dump)\b[^\n|;&]*?[ \t]-p(["']?)[^\s"'-])",
               [](const Hit& h, std::vector<Found>& out) {
                 // The value starts at the last byte of the match.
                 const size_t at = h.end() - 1;
                 const ValueSpan s = read_value(h.text, at, h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 3 && !is_reference(v) && !is_placeholder(v)) add_span(out, s, "password");
               },
               false, R"(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlpump|mysqlcheck|mariadb)\b)"});
  r.push_back({"password", R"(\bsshpass\b[^\n|;&]*?[ \t]-p[ \t]*(["']?))", tool_password(), false, R"(\bsshpass\b)"});
  // macOS's keychain tool: the keychain's password (create, unlock, set, and the
  // partition list's -k) or a .p12's (import).
  r.push_back(
      {"password",
       R"(\bsecurity[ \t]+(?:(?:create-keychain|unlock-keychain|set-keychain-password|import)\b[^\n|;&]*?)"
       R"([ \t]-[pP]|set-key-partition-list\b[^\n|;&]*?[ \t]-k)[ \t]+(["']?))",
       tool_password(), false,
       R"(\bsecurity[ \t]+(?:create-keychain|unlock-keychain|set-keychain-password|import|set-key-partition-list))"});
  // Apple's upload tools: an app-specific password (altool's -p, notarytool's --password);
  // @keychain: and @env: name where one is kept.
  r.push_back({"password", R"(\b(?:altool|notarytool)\b[^\n|;&]*?[ \t](?:-p|--password)[ \t]+(["']?))", tool_password(),
               false, R"(\b(?:altool|notarytool)\b)"});
  r.push_back({"password", R"(\bredis-cli\b[^\n|;&]*?[ \t](?:-a|--pass)[ \t]+(["']?))", tool_password(), false,
               R"(\bredis-cli\b)"});
  r.push_back({"password",
               R"(\b(?:docker|podman|helm|buildah|skopeo|oras|nerdctl|crane|cf|oc|az)\b)"
               R"([^\n|;&]*?\blogin\b[^\n|;&]*?[ \t]-p[ \t]*(["']?))",
               tool_password(), false, R"(\blogin\b)"});
  r.push_back({"password", R"(\b(?:sqlcmd|bcp|osql|isql|ipmitool)\b[^\n|;&]*?[ \t]-P[ \t]*(["']?))", tool_password(),
               false, R"(\b(?:sqlcmd|bcp|osql|isql|ipmitool)\b)"});
  r.push_back({"password",
               R"(\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]*?[ \t]-w[ \t]+(["']?))",
               tool_password(), false, R"(\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b)"});
  r.push_back({"password",
               R"(\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b[^\n|;&]*?[ \t]-p[ \t]+(["']?))",
               tool_password(), false, R"(\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b)"});
  r.push_back({"password", R"(\b(?:zip|unzip|7z|7za|rar|unrar)\b[^\n|;&]*?[ \t]-[Pp][ \t]*(["']?))", tool_password(),
               false, R"(\b(?:zip|unzip|7z|7za|rar|unrar)\b)"});
  r.push_back(
      {"password", R"(\bssh-keygen\b[^\n|;&]*?[ \t]-[NP][ \t]+(["']?))", tool_password(), false, R"(\bssh-keygen\b)"});
  r.push_back({"password", R"(\b(?:xfreerdp|wlfreerdp|sdl-freerdp)\b[^\n]*?[ \t]/p:(["']?))", tool_password(), false,
               R"(\b(?:xfreerdp|wlfreerdp|sdl-freerdp)\b)"});
  r.push_back({"password", R"(\bpass:(["']?))", tool_password()});  // openssl -passin pass:X
  r.push_back({"password",
               R"(\b(?:smbclient|rpcclient|smbmap|crackmapexec|nxc|winexe)\b[^\n|;&]*?-U[ \t]*["']?[^\s%'"]+%(["']?))",
               tool_password(), false, R"(\b(?:smbclient|rpcclient|smbmap|crackmapexec|nxc|winexe)\b)"});
  // The user and password quoted as one argument (-u 'editor:Ab3d Ef6h …'): the
  // password runs to the closing quote, spaces and all (WordPress's application
  // passwords are six groups of four). Before the unquoted rule: of overlapping
  // findings, the first rule's is kept.
  r.push_back({"password", R"(\b(?:curl|wget|xh)\b[^\n|;&]*?[ \t](?:-u|--user|--proxy-user)[ \t=]*(["'])[^\s:,'"$]+:)",
               tool_password(), false, R"(\b(?:curl|wget|xh)\b)"});
  r.push_back({"password",
               R"(\b(?:curl|wget|xh|lftp)\b[^\n|;&]*?[ \t](?:-u|--user|--proxy-user|-U|-a|)"
               R"(--auth)[ \t=]*["']?[^\s:,'"$]+[:,](["']?))",
               tool_password(), false, R"(\b(?:curl|wget|xh|lftp)\b)"});
  // HTTPie: http -a user:password (the word http is in every URL, so the set looks for the flag).
  r.push_back({"password", R"(\bhttps?\b[^\n|;&]*?[ \t](?:-a|--auth)[ \t=]*["']?[^\s:,'"$]+:(["']?))", tool_password(),
               false, R"([ \t](?:-a|--auth)[ \t=]+["']?[^\s:,'"$]+:)"});
  // htpasswd -b FILE USER PASSWORD (the password on the command line only with -b).
  r.push_back({"password", R"(\bhtpasswd((?:[ \t]+-[a-zA-Z]+)+)[ \t]+\S+[ \t]+\S+[ \t]+(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 if (h.groups[1].find('b') == std::string_view::npos) return;
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[2]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 3 && !is_reference(v)) add_span(out, s, "password");
               },
               false, R"(\bhtpasswd\b)"});
  r.push_back({"password", R"(\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+(["']?))", tool_password(),
               false, R"(\brabbitmqctl\b)"});
  r.push_back({"password",
               R"(\b(?:echo|printf)[ \t]+(?:-n[ \t]+|-e[ \t]+|'%s\\?n?'[ \t]+|"%s\\?n?"[ \t]+)?)"
               R"(["']?([^\s'"|]+)["']?[ \t]*\|[^\n]*?)"
               R"((?:--password-stdin|sudo[ \t]+-S|chpasswd|passwd[ \t]+--stdin|base64\b))",
               [](const Hit& h, std::vector<Found>& out) {
                 std::string_view v = h.groups[1];
                 // chpasswd reads user:password; base64 of user:password is an HTTP Basic credential,
                 // and base64 of anything else is just data.
                 const bool to_base64 = h.groups[0].ends_with("base64");
                 const size_t colon = v.find(':');
                 if (to_base64 && colon == std::string_view::npos) return;
                 if (colon != std::string_view::npos &&
                     (to_base64 || h.groups[0].find("chpasswd") != std::string_view::npos))
                   v = v.substr(colon + 1);
                 if (v.size() >= 3 && !is_reference(v) && !is_placeholder(v)) add(out, h, v, "password");
               },
               false, R"(--password-stdin|sudo[ \t]+-S|chpasswd|passwd[ \t]+--stdin|\|[ \t]*base64)"});
  r.push_back({"secret", R"(\bvault[ \t]+(?:operator[ \t]+unseal|login)[ \t]+(?:-[a-z]+=\S+[ \t]+)*(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (credential_like(v, Context::kAssigned)) add_span(out, s);
               },
               false, R"(\bvault[ \t]+(?:operator|login))"});
  r.push_back({"secret", R"(\bdoctl\b[^\n|;&]*?[ \t]-t[ \t]+(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 if (credential_like(h.text.substr(s.begin, s.end - s.begin), Context::kAssigned)) add_span(out, s);
               },
               false, R"(\bdoctl\b)"});
  r.push_back({"secret",
               R"(\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add))"
               R"([ \t]+\S+[ \t]+\S+[ \t]+["']?([^\s'"]+)["']?[ \t]+["']?([^\s'"]+))",
               [](const Hit& h, std::vector<Found>& out) {  // the access key and the secret key
                 for (std::string_view v : {h.groups[1], h.groups[2]})
                   if (credential_like(v, Context::kAssigned)) add(out, h, v);
               },
               false, R"(\bmc[ \t]+(?:alias|config))"});
  r.push_back({"secret", R"(\bsecret[ \t]+set[ \t]+[A-Za-z0-9_]+[ \t]+(?:--body|-b)[ \t=]*(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 4 && !is_reference(v)) add_span(out, s);
               }});
  // SNMP's community string, a shared password: snmpwalk -c X and the other
  // net-snmp tools, snmpd.conf's rocommunity/rwcommunity X, a device's
  // "snmp-server community X". "public" and "private" are the documented defaults.
  r.push_back(
      {"password",
       R"((?i)(?:\bsnmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|trap|inform|delta|df|netstat|status|)"
       R"(test|translate)\b[^\n|;&]*?[ \t]-c[ \t]*|\br[ow]community6?[ \t]+|\bsnmp-server[ \t]+community[ \t]+))"
       R"((["']?))",
       [](const Hit& h, std::vector<Found>& out) {
         const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
         const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
         if (community_value(v) && !is_reference(v)) add_span(out, s, "password");
       },
       false, R"((?i)snmp\w*\b[^\n]*[ \t]-c|r[ow]community|snmp-server[ \t]+community)"});
  // A community given in prose, on a line about SNMP ("the read-write community is now X").
  r.push_back({"password", R"((?i)\bcommunity(?:[ _-]?string)?\b[^\n]{0,12}?(?:\bis(?:[ \t]+now)?|[:=])[ \t]*([`"']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 if (lowered(line_around(h.text, h.at(h.groups[0]))).find("snmp") == std::string::npos) return;
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (community_value(v) && !is_plain_word(v)) add_span(out, s, "password");
               },
               false, R"((?i)community)"});
  // An SDK given its secret token by position, a token of 32 hex: Twilio's client its
  // account SID and auth token, Rollbar's server SDKs the post_server_item token
  // (rollbar.init(token, environment), Rollbar.configure(token)).
  r.push_back({
      "secret",
      R"((?i)\b(twilio\w*(?:\.init|\.create|::new|\.new)?|rollbar\.(?:init|configure))[ \t]*\()",
      [](const Hit& h, std::vector<Found>& out) {
        const std::string_view kind = (h.groups[1][0] | 0x20) == 't' ? "twilio_key" : "rollbar_token";
        // To the end of the line, at most 300 bytes: the arguments may hold calls (env("SID")).
        const size_t end = std::min({h.text.find('\n', h.end()), h.text.size(), h.end() + 300});
        for_each_literal(h.text, h.end(), end, [&](std::string_view v) {
          if (v.size() == 32 && is_hex(v)) add(out, h, v, kind);
        });
      },
  });
  // A token given to a command's login by position: `wandb login <key>`,
  // `ngrok config add-authtoken <token>`. A host, a user or a flag there is no token:
  // it must be a credential's shape and 20 bytes or more.
  r.push_back({"secret", R"((?:^|[ \t`])(?:login|authtoken|add-authtoken|set-token)[ \t]+(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 if (v.size() >= 20 && !v.starts_with("-") && credential_like(v, Context::kAssigned) &&
                     !labelled_as_digest(h.text, s.begin))
                   add_span(out, s);
               },
               false, R"((?:login|authtoken|set-token)[ \t]+["']?[^\s"'-])"});
  // ZooKeeper's digest scheme: addauth digest user:password.
  r.push_back({"password", R"(\baddauth[ \t]+digest[ \t]+["']?[^\s:'"$]+:(["']?))", tool_password(), false,
               R"(\baddauth[ \t]+digest)"});
  // pppd's chap-secrets and pap-secrets lines: "client" server "secret" addresses,
  // where the server is * or a name and the addresses * or IPs.
  r.push_back(
      {"password",
       R"re("[^"\n]+"[ \t]+(?:\*|"[^"\n]*"|[A-Za-z0-9.-]+)[ \t]+"([^"\n]+)"[ \t]+(?:\*|-|"?[0-9][0-9.*/-]*"?)(?:[ \t]|$|`))re",
       group_if(1, chosen_password), false, R"("[ \t]+(?:\*|-|"?[0-9])[ \t`]*)"});
  // Bundler's credentials for a gem server: BUNDLE_<HOST>=user:password, the host's
  // dots written __ (Bundler's "bundle config" documentation).
  r.push_back({"password", R"(\bBUNDLE_[A-Z0-9_]*__[A-Z0-9_]+[ \t]*[=:][ \t]*["']?[^\s:"'$]+:(["']?))", tool_password(),
               false, R"(BUNDLE_[A-Z0-9_]*__)"});
  // A password or its stored hash given to a database's user: IDENTIFIED BY
  // [PASSWORD] '...', IDENTIFIED WITH <plugin> AS|BY '...'.
  r.push_back({"password", R"((?i)\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?(?:by|as)(?:[ \t]+password)?[ \t]+(['"]))",
               tool_password(), false, R"((?i)identified[ \t])"});
  // What a command printed from a file named as a secret (cat signing.key, head
  // /var/lib/token_secret, base64 -w0 munge.key, jq -r .refresh_token tokens.json): a
  // credential later on the same line is the file's content, unless a pipe changed it
  // first (| sha256sum) or a word labels it a digest. The command stands where a command
  // does (the line's start, after a backquote, "$ ", "> " or sudo: "more" and "type" are
  // words too) and the file's name is a path's. After a shell's prompt the output
  // follows on the lines below (pick_printed_lines), where the file's own name says
  // secret (prints_a_secret).
  r.push_back(
      {"secret",
       R"((?i)(?:^|[`$>]|\bsudo)[ \t]*(?:cat|head|tail|less|more|bat|type|strings|xxd|od|get-content|base64|jq)\b)"
       R"([^\n|;&]*?[ \t]["']?[A-Za-z0-9_.~/\\-]*(?:secret|key|token|passw|credential|\.pem|id_rsa|)"
       R"(id_ed25519|keytab)[A-Za-z0-9_.~/\\-]*)",
       [](const Hit& h, std::vector<Found>& out) {
         const std::string_view t = h.text;
         const size_t line_end = std::min(t.find('\n', h.end()), t.size());
         for (size_t p = h.end(); p < line_end;) {
           if (t[p] == '|') return;
           const size_t q = std::min(t.find_first_of(" \t`'\"|,;()[]{}<>\n", p), line_end);
           if (q - p >= 20) {
             std::string_view v = t.substr(p, q - p);
             while (!v.empty() && (v.back() == '.' || v.back() == ':')) v.remove_suffix(1);
             if (printed_credential(t, v, p)) add(out, h, v);
           }
           p = q == p ? p + 1 : q;
         }
         const std::string_view command_line = ascii::trim(line_around(t, h.at(h.groups[0])));
         if (prompt_line(command_line) && prints_a_secret(file_name_at_end(h.groups[0])))
           pick_printed_lines(t, line_end, out);
       },
       false,
       R"((?i)(?:^|[`$>]|sudo)[ \t]*(?:cat|head|tail|less|more|bat|type|strings|xxd|od|get-content|base64|jq)[ \t])"});
  // ... and below a prompt's command that asks for a secret by its name (a CLI's getter,
  // a radio's dataset): aws configure get aws_secret_access_key, ot-ctl networkkey.
  r.push_back(
      {"secret",
       R"((?i)^(?:[A-Za-z0-9_@:~./-]*\$|>|PS [^\s>]*>)[ \t]+([^\n|;&>]*(?:key|secret|token|passw|psk|cred)[^\n|;&>]*)$)",
       [](const Hit& h, std::vector<Found>& out) {
         if (asks_for_a_secret(h.groups[1])) pick_printed_lines(h.text, h.end(), out);
       },
       false, R"((?i)^(?:[A-Za-z0-9_@:~./-]*\$|>|PS [^\s>]*>)[ \t][^\n]*(?:key|secret|token|passw|psk|cred))"});
  // A literal written into a file named as a secret (echo 'pw' > .vault_pass, printf
  // '%s' "..." > secrets/db_password): the literal is the file's content.
  r.push_back({"secret",
               R"re((?:^|[`$;&(+]|\bsudo)[ \t]*(?:echo|printf)(?:[ \t]+-[neE]+)*(?:[ \t]+['"]%s[^'"\n]*['"])?[ \t]+)re"
               R"re((?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"<>|;&]+))[ \t]*>>?[ \t]*["']?[A-Za-z0-9_.~/\\-]*)re"
               R"re((?i:secret|key|token|pass|credential)[A-Za-z0-9_.~/\\-]*)re",
               [](const Hit& h, std::vector<Found>& out) {
                 for (const std::string_view v : {h.groups[1], h.groups[2], h.groups[3]})
                   if (chosen_password(v)) add(out, h, v);
               },
               false, R"([ \t>]>[ \t]*["']?[A-Za-z0-9_.~/\\-]*(?i:secret|key|token|pass|credential))"});
  // A registry value named as a secret, as `reg query` prints it: NAME REG_<type> VALUE.
  r.push_back(
      {"password",
       R"((?m)^[ \t]*([A-Za-z][A-Za-z0-9_.-]*)[ \t]+REG_(?:SZ|EXPAND_SZ|MULTI_SZ|BINARY)[ \t]+(\S[^\n]*?)[ \t]*$)",
       pick_named_value, false, R"([ \t]REG_(?:SZ|EXPAND_SZ|MULTI_SZ|BINARY)[ \t])"});
  // Postfix's sasl_passwd: [relay]:port user:password (the brackets are Postfix's own).
  // (A log's "[1710231102.118] [4411:4411]" is a time and a process and thread.)
  r.push_back({"password", R"((?:^|[ \t`])\[[A-Za-z0-9.-]+\](?::\d+)?[ \t]+[^\s:\[]+:(\S+))",
               group_if(1, chosen_password), false, R"(\](?::\d+)?[ \t]+[^\s:]+:)"});
  // SNMPv3 users in snmpd.conf: createUser [-e ENGINE] NAME MD5|SHA... AUTHPASS [DES|AES PRIVPASS].
  r.push_back(
      {"password",
       R"re(\bcreateUser[ \t]+(?:-e[ \t]+\S+[ \t]+)?\S+[ \t]+(?:MD5|SHA[0-9-]*)[ \t]+("[^"\n]+"|'[^'\n]+'|\S+))re"
       R"re((?:[ \t]+(?:DES|AES[0-9]*)[ \t]+("[^"\n]+"|'[^'\n]+'|\S+))?)re",
       [](const Hit& h, std::vector<Found>& out) {
         for (std::string_view v : {h.groups[1], h.groups[2]}) {
           if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'')) v = v.substr(1, v.size() - 2);
           if (v.size() >= 8 && !is_reference(v) && !is_placeholder(v)) add(out, h, v);
         }
       },
       false, R"(\bcreateUser[ \t])"});
  // SAP HANA's secure store: hdbuserstore [-i] SET KEY ENV USER PASSWORD.
  r.push_back({"password", R"((?i)\bhdbuserstore\b(?:[ \t]+-\S+)*[ \t]+SET[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+(["']?))",
               tool_password(), false, R"((?i)\bhdbuserstore\b)"});
  r.push_back({"password", R"((?i)\bAT\+(CPIN2?|CLCK|CPWD|CGAUTH|QICSGP|CSTT)=([^\r\n]*))", pick_at_command_secrets,
               false, R"((?i)AT\+(?:CPIN2?|CLCK|CPWD|CGAUTH|QICSGP|CSTT)=)"});
  // The families: any command's password flag, Windows switches, a password after
  // its user, a device's typed password.
  r.push_back({"password", R"((?:^|[ \t])-([pPwAXN])(?:(?:[ \t]+|=)(["']?)|(["'])))", pick_password_flag, false,
               R"((?:^|[ \t])-[pPwAXN][ \t"'=])"});
  // user:password given to any command's user flag (curl's own rule, above, takes
  // more spellings for the tools that are known to).
  r.push_back({"password",
               R"((?:^|[ \t])(?:-u|--user|--proxy-user|--auth|--basic-auth|--http-user)[ \t=]+["']?[^\s:'"$]+:(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 const ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 if (flag_value_is_password(h.text.substr(s.begin, s.end - s.begin))) add_span(out, s, "password");
               },
               false, R"((?:^|[ \t])(?:-u|--user|--proxy-user|--auth|--basic-auth|--http-user)[ \t=])"});
  r.push_back({"password", R"((?i)(?:^|[ \t])/(p|pw|pwd|pass|passwd|password|rp)(?:([:=])|[ \t]+)(["']?))",
               pick_windows_switch, false, R"((?i)(?:^|[ \t])/(?:p|pw|pwd|pass|passwd|password|rp)[:= \t])"});
  // A switch whose last dotted part names a password (appcmd's /processModel.password:X).
  r.push_back({"password", R"((?i)(?:^|[ \t])/[A-Za-z]\w*(?:\.\w+)*\.(password|passwd|pwd|pass)([:=])(["']?))",
               pick_windows_switch, false, R"((?i)\.(?:password|passwd|pwd|pass)[:=])"});
  // What a credential dump prints (secretsdump, pwdump): user:rid:LM:NT::: and
  // user:enctype:key. The hashes pass for the password (pass-the-hash); the empty
  // password's LM and NT hashes are constants.
  r.push_back(
      {"password_hash", R"((?m)^[^\s:]+:\d+:([0-9a-fA-F]{32}):([0-9a-fA-F]{32}):::)",
       [](const Hit& h, std::vector<Found>& out) {
         for (std::string_view v : {h.groups[1], h.groups[2]})
           if (!one_of(ascii::lowered(v), {"aad3b435b51404eeaad3b435b51404ee", "31d6cfe0d16ae931b73c59d7e0c089c0"}))
             add(out, h, v);
       },
       false, R"([0-9a-fA-F]:::)"});
  r.push_back({"kerberos_key",
               R"((?m)^[^\s:]+:(?:aes256-cts-hmac-sha1-96|aes128-cts-hmac-sha1-96|des-cbc-md5|rc4[_-]hmac):)"
               R"(([0-9a-fA-F]{16,64})\b)",
               group(1), false, R"(-cts-hmac-sha1-96:|des-cbc-md5:|rc4[_-]hmac:)"});
  // A key component typed into an HSM's console or a key ceremony's form, or sent by its
  // custodian (payShield's "Enter component #1:", "Clear component:", "Komponente 2 des
  // TMK:"): 16, 32 or 48 hex digits, run together or in groups of four, after the
  // label's colon or alone on the next line (a mail's "> " quote too). Its check value
  // (KCV) is public.
  r.push_back({"secret",
               R"((?i)\b(?:clear[ \t]+component|(?:component|komponente|composante|componente)[ \t]*#?[ \t]*\d)\b)"
               R"([^\n:]{0,60}:)",
               pick_key_component, false,
               R"((?i)(?:clear[ \t]+component|(?:component|komponente|composante|componente)[ \t]*#?[ \t]*\d))"});
  // An ISO 8583 message's PIN block (data element 52, "PIN data"), as a switch's log
  // prints the fields (DE052 = …, F52: …, field 52 …): 16 hex digits.
  r.push_back({"pin", R"(\b(?:DE|F|[Ff]ield[ _]?|[Bb]it[ _]?)0?52\b[^\n=:]{0,24}[=:][ \t]*\[?([0-9A-Fa-f]{16})\b)",
               group_if(1, [](std::string_view v) { return !is_placeholder(v); }), false,
               R"((?:DE|F|[Ff]ield[ _]?|[Bb]it[ _]?)0?52\b)"});
  // A payment HSM's keys in the clear under their names (ANSI X9.24, the card schemes'
  // key hierarchies): terminal and zone PIN, MAC and master keys (TPK, TAK, TMK, ZPK,
  // ZMK, ZAK, ZEK), DUKPT's BDK and IPEK, EMV's issuer master keys (IMK_AC, ...), the
  // CVV and PVV keys (CVK, PVK), a key-encrypting key (KEK), 16, 32 or 48 hex digits in a
  // config, a constant, a log's field (ipek=…) or an element named for one. Its check
  // value (kcv, 6 hex) is public.
  const std::string payment_key = "(?:tak|tpk|tmk|zpk|zmk|zak|zek|bdk|ipek|imk|cvk|pvk|kek)";
  r.push_back({"secret",
               "(?i)(?:^|[^A-Za-z0-9_])(?:[A-Za-z0-9]+[._-])?" + payment_key +
                   R"re((?:[._-]?[A-Za-z0-9]{1,6})?["']?[ \t]*(?::=|=>|[:=])[ \t]*)re"
                   R"re((?:bytes\.fromhex\(|unhexlify\(|hex!\()?["']?([0-9A-Fa-f]{16}(?:[0-9A-Fa-f]{16}){0,2})\b)re",
               [](const Hit& h, std::vector<Found>& out) {
                 // A key's check value (tak_kcv=…) is public, whatever its length.
                 if (!is_placeholder(h.groups[1]) && ascii::lowered(h.groups[0]).find("kcv") == std::string::npos)
                   add(out, h, h.groups[1]);
               },
               false, "(?i)" + payment_key + R"re([A-Za-z0-9._-]{0,7}["']?[ \t]*[:=])re"});
  r.push_back({"secret",
               R"re((?i)\bname=["'][^"'\n]*)re" + payment_key +
                   R"re([^"'\n]*["'][^>\n]*>([0-9A-Fa-f]{16}(?:[0-9A-Fa-f]{16}){0,2})<)re",
               group(1), false, "(?i)name=[\"'][^\"'\n]*" + payment_key});
  r.push_back({"password", R"((?i)\buser[ \t]+["']?[^\s"']+["']?[ \t]+using[ \t]+(["']?))", pick_password_after_user,
               false, R"((?i)user[ \t]+["']?[^\s"']+["']?[ \t]+using[ \t])"});
  r.push_back({"password", R"(\bhttp-basic\.\S+[ \t]+["']?[^\s"']+["']?[ \t]+(["']?))", pick_password_after_user, false,
               R"(http-basic\.)"});
  // ACF PRO's repository turns the pair round: the licence key is the user, the site's
  // URL the password ("Installing ACF PRO with Composer").
  r.push_back({"secret", R"(\bhttp-basic\.connect\.advancedcustomfields\.com[ \t]+["']?([A-Za-z0-9+/=_-]{20,}))",
               group(1), false, R"(advancedcustomfields)"});
  r.push_back({"password", R"((?i)\b(?:password|secret|key|key-string|md5)[ \t]+([05-9])[ \t]+([^\s"'\x60]+))",
               pick_device_password, false, R"((?i)(?:password|secret|key|key-string|md5)[ \t]+[05-9][ \t])"});
  // A device's or a daemon's own words for a shared key given in plain text: a key
  // chain's or HSRP's key-string, OSPF's message-digest-key N md5 and authentication-key,
  // a Huawei OLT's ONT password-auth, slapd.conf's and a kickstart file's rootpw. A
  // type digit after the word is the typed rule's (above). A word alone is such a key
  // only on a config's line, which the key word starts and the value ends ("the
  // key-string command", "set the key-string afterwards"); a flag (`rootpw --lock`) is none.
  r.push_back({"password",
               R"((?i)(?:^|[ \t])(?:key-string|authentication-key|password-auth|message-digest-key[ \t]+\d+[ \t]+md5|)"
               R"(rootpw(?:[ \t]+--plaintext)?)[ \t]+(["']?))",
               [](const Hit& h, std::vector<Found>& out) {
                 ValueSpan s = read_value(h.text, h.end(), h.groups[1]);
                 // Unquoted, the value is the whole word: slapd's {SSHA}… hash too.
                 if (h.groups[1].empty()) s.end = std::min(h.text.find_first_of(" \t\r\n", s.begin), h.text.size());
                 const std::string_view v = h.text.substr(s.begin, s.end - s.begin);
                 const size_t eol = std::min(h.text.find('\n', s.end), h.text.size());
                 const bool ends_line = ascii::trim(h.text.substr(s.end, eol - s.end)).size() <= 1;
                 const std::string_view line = line_around(h.text, h.at(h.groups[0]));
                 const std::string_view lead = line.substr(0, h.at(h.groups[0]) - h.at(line));
                 const bool starts_line = lead.find_first_not_of(" \t+-") == std::string_view::npos;
                 if (v.size() >= 3 && !v.starts_with("-") && !is_reference(v) && !is_placeholder(v) &&
                     ((ends_line && starts_line) || !is_plain_word(v)))
                   add_span(out, s, "password");
               },
               false, R"((?i)(?:key-string|authentication-key|password-auth|message-digest-key|rootpw)[ \t])"});
  // Huawei's reversible cipher text, %^%#…%^%# (and %@%@…%@%@ of older releases): its
  // own devices turn it back into the password.
  r.push_back(
      {"password", R"((%\^%#[\x21-\x7e]{16,}?%\^%#|%@%@[\x21-\x7e]{16,}?%@%@))", group(1), false, R"(%\^%#|%@%@)"});
  // FreeRADIUS's test client: radtest [-d DIR] [-P PROTO] [-t TYPE] [-4|-6|-x] USER PASSWORD
  // SERVER PORT SECRET.
  r.push_back({"password", R"(\bradtest[ \t]+(?:-[dPt][ \t]+\S+[ \t]+|-[46x][ \t]+)*["']?[^\s"']+["']?[ \t]+(["']?))",
               tool_password(), false, R"(\bradtest[ \t])"});
  // The KDC's master password (kdb5_util create -P), an admin's (kadmin -w): no user
  // beside them.
  r.push_back({"password", R"(\b(?:kdb5_util\b[^\n|;&]*?[ \t]-P|kadmin(?:\.local)?\b[^\n|;&]*?[ \t]-w)[ \t]+(["']?))",
               tool_password(), false, R"(\b(?:kdb5_util|kadmin))"});
  return r;
}

}  // namespace memsim::redact_detail
