// The redactor against a table of fake secrets in agent-style prose, and a table
// of look-alikes that must come through untouched.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "memsim/redact.h"

namespace memsim {
namespace {

struct Secret {
  std::string prose;   // contains the secret
  std::string secret;  // must be gone from the output
  std::string kind;    // the [REDACTED:<kind>] expected
};

const std::vector<Secret>& secrets() {
  static const std::vector<Secret> k = {
      {"I set AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE in the shell.", "AKIAIOSFODNN7EXAMPLE", "aws_access_key"},
      {"The temporary creds start with ASIAY34FZKBOKMUTVV7A, expiring soon.", "ASIAY34FZKBOKMUTVV7A", "aws_access_key"},
      {"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "secret"},
      {"export AWS_SECRET_ACCESS_KEY=\"Xb9kP2mQ7rT4vW8yZ1aC3dE5fG6hJ0kL2nM4pR6s\"", "Xb9kP2mQ7rT4vW8yZ1aC3dE5fG6hJ0kL2nM4pR6s", "secret"},
      {"Use ghp_16C7e42F292c6912E7710c838347Ae178B4a for the CI push.", "ghp_16C7e42F292c6912E7710c838347Ae178B4a", "github_token"},
      {"oauth token gho_16C7e42F292c6912E7710c838347Ae178B4a was revoked", "gho_16C7e42F292c6912E7710c838347Ae178B4a", "github_token"},
      {"the app token ghs_Abc123Def456Ghi789Jkl012Mno345Pqr678 expired", "ghs_Abc123Def456Ghi789Jkl012Mno345Pqr678", "github_token"},
      {"PAT: github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123", "github_token"},
      {"GITLAB_TOKEN is glpat-xYz12AbC34dEf56GhI78jK for the mirror", "glpat-xYz12AbC34dEf56GhI78jK", "gitlab_token"},
      {"slack bot xoxb-2048151234-2048159876543-AbCdEfGhIjKlMnOpQrStUvWx posts alerts", "xoxb-2048151234-2048159876543-AbCdEfGhIjKlMnOpQrStUvWx", "slack_token"},
      {"user token xoxp-1234567890-0987654321-1122334455-abcdef0123456789abcdef0123456789", "xoxp-1234567890-0987654321-1122334455-abcdef0123456789abcdef0123456789", "slack_token"},
      {"legacy xoxa-2-123456789012-abcdefABCDEF123456 and more", "xoxa-2-123456789012-abcdefABCDEF123456", "slack_token"},
      {"refresh xoxr-123456789012-abcdefABCDEF1234567 text", "xoxr-123456789012-abcdefABCDEF1234567", "slack_token"},
      {"config xoxs-123456789012-abcdefABCDEF1234567 text", "xoxs-123456789012-abcdefABCDEF1234567", "slack_token"},
      {"hook https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX here", "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "slack_webhook"},
      {"charge with sk_live_4eC39HqLyjWDarjtT1zdp7dc today", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "stripe_key"},
      {"restricted rk_live_51H8xYzAbCdEfGhIjKlMnOp in prod", "rk_live_51H8xYzAbCdEfGhIjKlMnOp", "stripe_key"},
      {"publishable pk_live_51H8xYzAbCdEfGhIjKlMnOp on the page", "pk_live_51H8xYzAbCdEfGhIjKlMnOp", "stripe_key"},
      {"test key sk_test_4eC39HqLyjWDarjtT1zdp7dc works", "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "stripe_key"},
      {"maps key AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY in index.html", "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", "google_api_key"},
      {"OPENAI_API_KEY=sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv", "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv", "openai_key"},
      {"old style sk-9aZ8bY7cX6dW5eV4fU3gT2hS1iR0jQpOnMlKjIhG works", "sk-9aZ8bY7cX6dW5eV4fU3gT2hS1iR0jQpOnMlKjIhG", "openai_key"},
      {"claude key sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe-AbCdEfGh_IjKl in .env", "sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe-AbCdEfGh_IjKl", "anthropic_key"},
      {"//registry.npmjs.org/:_authToken=npm_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5", "npm_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5", "npm_token"},
      {"twine upload with pypi-AgEIcHlwaS5vcmcCJGI4YmNhMDA2LTQ3YzAtNDRiZi1hODUxLTFhZjM0ZTc5ZjE5ZgACKlszLCJiZ", "pypi-AgEIcHlwaS5vcmcCJGI4YmNhMDA2LTQ3YzAtNDRiZi1hODUxLTFhZjM0ZTc5ZjE5ZgACKlszLCJiZ", "pypi_token"},
      {"twilio api key SK0123456789abcdef0123456789abcdef for sms", "SK0123456789abcdef0123456789abcdef", "twilio_key"},
      {"TWILIO_AUTH_TOKEN=9f8e7d6c5b4a39281706f5e4d3c2b1a0 in env", "9f8e7d6c5b4a39281706f5e4d3c2b1a0", "secret"},
      {"mail via SG.aBcDeFgHiJkLmNoPqRsTuV.wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ012", "SG.aBcDeFgHiJkLmNoPqRsTuV.wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ012", "sendgrid_key"},
      {"DefaultEndpointsProtocol=https;AccountName=myacct;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A=;EndpointSuffix=core.windows.net", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A=", "azure_key"},
      {"Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=q1W2e3R4t5Y6u7I8o9P0aSdFgHjKlZxCvBnM1234567=", "q1W2e3R4t5Y6u7I8o9P0aSdFgHjKlZxCvBnM1234567=", "azure_key"},
      {"Server=tcp:db.database.windows.net;User ID=admin;Password=Sup3rS3cret!;Encrypt=True", "Sup3rS3cret!", "password"},
      {"the SAS url https://acct.blob.core.windows.net/c/f?sv=2021-08-06&sig=AbCdEf123456%2BGhIjKl789012MnOp%3D&se=2025", "AbCdEf123456%2BGhIjKl789012MnOp%3D", "azure_sas"},
      {"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1x2y3z\nabcdEFGH1234==\n-----END RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA1x2y3z", "private_key"},
      {"key file:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----\ndone", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmU", "private_key"},
      {"\"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n\"", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "private_key"},
      {"truncated -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oDLCbnpsJtpBoAoGCCqGSM49", "MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oDLCbnpsJtpBoAoGCCqGSM49", "private_key"},
      {"-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF0abcdEFGH\n-----END PGP PRIVATE KEY BLOCK-----", "lQOYBF0abcdEFGH", "private_key"},
      {"session cookie eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c ok", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", "jwt"},
      {"DATABASE_URL=postgres://app:s3cr3tPa55@db.internal:5432/app", "s3cr3tPa55", "password"},
      {"clone https://deploy:hunter2xyz@git.example.com/repo.git", "hunter2xyz", "password"},
      {"mongodb+srv://root:Tr0ub4dor&3@cluster0.mongodb.net/test", "Tr0ub4dor&3", "password"},
      {"redis://:p4ssw0rdRedis@cache:6379/0", "p4ssw0rdRedis", "password"},
      {"password=hunter2", "hunter2", "password"},
      {"DB_PASSWORD: \"c0rrect-h0rse\"", "c0rrect-h0rse", "password"},
      {"{\"password\": \"Zq8!mP2#vL\"}", "Zq8!mP2#vL", "password"},
      {"client_secret=8Q~abcDEF123ghiJKL456mnoPQR789stuVWX0", "8Q~abcDEF123ghiJKL456mnoPQR789stuVWX0", "secret"},
      {"api_key = \"4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c\"", "4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c", "secret"},
      {"token: Qm9vbGVhbkZhbHNlVG9rZW4xMjM0NTY3OA", "Qm9vbGVhbkZhbHNlVG9rZW4xMjM0NTY3OA", "secret"},
      {"SECRET_KEY='django-insecure-7x#k2!p@q9w$e8r&t6y*u5i(o4p)a3s'", "django-insecure-7x#k2!p@q9w$e8r&t6y*u5i(o4p)a3s", "secret"},
      {"curl -H \"Authorization: Bearer abc123XYZ789def456GHI012jkl\" https://api.example.com", "abc123XYZ789def456GHI012jkl", "bearer_token"},
      {"Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==", "dXNlcjpwYXNzd29yZDEyMw==", "bearer_token"},
      {"send it with bearer Zk3mQ9xR2vT8wY1pL5nB7cD4 in the header", "Zk3mQ9xR2vT8wY1pL5nB7cD4", "bearer_token"},
      {"x-api-key: 9aB8cD7eF6gH5iJ4kL3mN2oP1q", "9aB8cD7eF6gH5iJ4kL3mN2oP1q", "api_key_header"},
      {"The API key is 7Hq2LmX9pR4tW8vZ3bN6cK1dF5gJ0sY2 and it works", "7Hq2LmX9pR4tW8vZ3bN6cK1dF5gJ0sY2", "high_entropy_secret"},
      {"HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "huggingface_token"},
      {"docker login -p dckr_pat_AbCdEf0123456789GhIjKlMnOpQ", "dckr_pat_AbCdEf0123456789GhIjKlMnOpQ", "docker_token"},
      {"doctl auth init -t dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "digitalocean_token"},
      {"shopify shpat_0123456789abcdef0123456789abcdef in the app", "shpat_0123456789abcdef0123456789abcdef", "shopify_token"},
      {"vault login hvs.CAESIJ3xQ1yZ2aB4cD5eF6gH7iJ8kL9mN0oP", "hvs.CAESIJ3xQ1yZ2aB4cD5eF6gH7iJ8kL9mN0oP", "vault_token"},
      {"bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9 replies", "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9", "telegram_token"},
      {"gcloud token ya29.a0AfH6SMBx3kZ9mQ2rT4vW8yZ1aC3dE5fG6h", "ya29.a0AfH6SMBx3kZ9mQ2rT4vW8yZ1aC3dE5fG6h", "google_oauth"},
      {"mailchimp 0123456789abcdef0123456789abcdef-us12 key", "0123456789abcdef0123456789abcdef-us12", "mailchimp_key"},
      {"age key AGE-SECRET-KEY-1QQPZRYVFQ8ZJ5W3N4F7G9HXKLM2CDEP6SRTUAV0JX8NWYZ3KLQPZRYV", "AGE-SECRET-KEY-1QQPZRYVFQ8ZJ5W3N4F7G9HXKLM2CDEP6SRTUAV0JX8NWYZ3KLQPZRYV", "age_secret_key"},
  };
  return k;
}

// Text that looks like a secret and is not one: the redactor must return it unchanged.
const std::vector<std::string>& look_alikes() {
  static const std::vector<std::string> k = {
      "Fixed in commit 3f786850e387550fdab836ed7e6dc881de23001b on main.",
      "See abc1234 and 9fceb02 for the revert.",
      "git checkout 4b825dc642cb6eb9a060e54bf8d69288fbee4904",
      "The session id is 1af7fc5e-8455-4414-9ccd-011d40f70b2a.",
      "request 123e4567-e89b-12d3-a456-426614174000 failed",
      "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      "The SHA-256 digest is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.",
      "md5 checksum d41d8cd98f00b204e9800998ecf8427e matches",
      "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
      "The fixture encodes 'hello world' as aGVsbG8gd29ybGQ= in base64.",
      "An inline image: data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "Edit /home/dev/projects/memsim/core/src/redact.cpp line 40.",
      "token_path = /home/dev/.config/gh/hosts.yml",
      "private_key_file: ~/.ssh/id_ed25519",
      "Upgrade from v1.2.3 to 2.10.0-rc.1 first.",
      "Built with gcc 13.2.0 and cmake 3.28.3.",
      "The password field is required.",
      "password: required",
      "Set password=$DB_PASSWORD in the env file.",
      "token = os.environ['GITHUB_TOKEN']",
      "api_key = process.env.API_KEY",
      "DATABASE_URL=postgres://app:${DB_PASS}@db:5432/app",
      "postgres://localhost:5432/app has no credentials",
      "git@github.com:org/repo.git is the remote",
      "The tokenizer splits camelCase identifiers.",
      "We use sk-learn style estimators and sk-learn-compatible-pipelines-module naming.",
      "secret: the answer lies in the cache invalidation",
      "The token count was 123456 tokens, about 4 bytes each.",
      "The access key rotation runbook is in docs/runbooks/rotate-access-keys.md.",
      "Run `npm install --save-dev typescript@5.4.2`.",
      "Docker image sha256:4c7e1f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6 pulled.",
      "The key is located at C:\\Users\\dev\\keys\\dev.pem.",
      "Use AKIA as the prefix check in the scanner.",
      "Values like ghp_ and xoxb- prefixes identify tokens.",
      "The secret sauce is caching the parsed frontmatter.",
      "password: ********",
      "api_key: <your-api-key>",
      "token={{ secrets.GITHUB_TOKEN }}",
      "Colour #ff00aa and id 0x7fffffff are constants.",
      "The UUID namespace 6ba7b810-9dad-11d1-80b4-00c04fd430c8 is for DNS.",
      "Commit SHA 7d9a1c2 broke the build; bisect from e83c5163316f89bfbde7d9ab23ca2e25604af290.",
      "ETag: \"33a64df551425fcc55e4d42a148795d9f25f89d4\"",
      "Bearer tokens go in the Authorization header.",
      "see https://github.com/org/repo/blob/main/src/auth/token.ts#L42",
      "The Authorization: Bearer <token> header is required.",
      "The access token tarball sha256 is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.",
      "The secret rotation landed in commit 3f786850e387550fdab836ed7e6dc881de23001b yesterday.",
      "token = sha256:4c7e1f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
  };
  return k;
}

TEST(Redact, EverySecretInTheTableIsReplacedByItsKind) {
  Redactor r;
  int missed = 0;
  for (const Secret& s : secrets()) {
    RedactResult out = r.redact(s.prose);
    const bool gone = out.text.find(s.secret) == std::string::npos;
    EXPECT_TRUE(gone) << "kept: " << s.prose << "\n got: " << out.text;
    EXPECT_NE(out.text.find("[REDACTED:" + s.kind + "]"), std::string::npos)
        << "kind " << s.kind << " missing: " << out.text;
    EXPECT_TRUE(out.changed());
    if (!gone) ++missed;
  }
  EXPECT_EQ(missed, 0);
}

TEST(Redact, LookAlikesComeThroughUntouched) {
  Redactor r;
  for (const std::string& s : look_alikes()) {
    RedactResult out = r.redact(s);
    EXPECT_EQ(out.text, s);
    EXPECT_FALSE(out.changed()) << s;
  }
}

TEST(Redact, TextAroundASecretIsKeptByteForByte) {
  Redactor r;
  RedactResult out = r.redact("before ghp_16C7e42F292c6912E7710c838347Ae178B4a after\n");
  EXPECT_EQ(out.text, "before [REDACTED:github_token] after\n");
  ASSERT_EQ(out.kinds.size(), 1u);
}

TEST(Redact, OutputIsStableUnderASecondPass) {
  Redactor r;
  for (const Secret& s : secrets()) {
    RedactResult once = r.redact(s.prose);
    RedactResult twice = r.redact(once.text);
    EXPECT_EQ(twice.text, once.text) << s.prose;
    EXPECT_FALSE(twice.changed()) << once.text;
  }
}

TEST(Redact, ManySecretsInOneTextAreAllReplaced) {
  Redactor r;
  std::string all;
  for (const Secret& s : secrets()) all += s.prose + "\n";
  RedactResult out = r.redact(all);
  for (const Secret& s : secrets()) EXPECT_EQ(out.text.find(s.secret), std::string::npos) << s.secret;
  EXPECT_TRUE(out.changed());
}

TEST(Redact, LargeInputTakesLinearTime) {
  Redactor r;
  std::string big;
  while (big.size() < 2'000'000) big += "password password token= secret: aaaa key-value AKIA sk- eyJ ";
  RedactResult out = r.redact(big);
  EXPECT_EQ(out.text.size(), big.size());
}

TEST(Redact, EntropyOfUniformAndConstantStrings) {
  EXPECT_DOUBLE_EQ(shannon_entropy(""), 0.0);
  EXPECT_DOUBLE_EQ(shannon_entropy("aaaa"), 0.0);
  EXPECT_DOUBLE_EQ(shannon_entropy("abcd"), 2.0);
}

}  // namespace
}  // namespace memsim
