#!/bin/sh
# Installs Codex CLI's native binary for the live suite: the npm registry's
# @openai/codex at a pinned version, its linux build (<version>-linux-x64 or
# -linux-arm64, the package `npm install @openai/codex` pulls in), into a cache
# that later runs reuse. Prints the binary's path. When it cannot install, it
# says so loudly and fails: the live suite must never skip in silence.
# usage: install_codex.sh VERSION CACHE_DIR
set -eu
version=$1
case $(uname -m) in
  x86_64) build=linux-x64 triple=x86_64-unknown-linux-musl ;;
  aarch64 | arm64) build=linux-arm64 triple=aarch64-unknown-linux-musl ;;
  *) echo "******** LIVE SUITE CANNOT RUN: no Codex CLI build for $(uname -m)" >&2; exit 1 ;;
esac
dest=$2/$version
bin=$dest/vendor/$triple/bin/codex
if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^codex-cli $version\$"; then
  echo "$bin (cached)"
  exit 0
fi
fail() {
  echo "" >&2
  echo "******** LIVE SUITE CANNOT RUN: $1" >&2
  echo "******** It needs @openai/codex@$version-$build from the npm registry." >&2
  exit 1
}
command -v npm >/dev/null 2>&1 || fail "npm is not installed (Debian: apt install npm)"
mkdir -p "$2" || fail "cannot create $2"
tmp=$(mktemp -d "$2/.fetch-XXXXXX") || fail "cannot create a directory in $2"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@openai/codex@$version-$build" >pack.log 2>&1) ||
  fail "npm pack failed: $(tail -n 3 "$tmp/pack.log" 2>/dev/null)"
tar -xzf "$tmp"/openai-codex-"$version-$build".tgz -C "$tmp" || fail "the package did not unpack"
"$tmp/package/vendor/$triple/bin/codex" --version | grep -q "^codex-cli $version\$" ||
  fail "the unpacked codex does not report $version"
# Renamed into place whole, so a run killed half way leaves no half binary behind.
rm -rf "$dest"
mv "$tmp/package" "$dest"
echo "$bin (installed)"
