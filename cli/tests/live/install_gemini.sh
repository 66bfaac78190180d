#!/bin/sh
# Installs Gemini CLI for the live suite: the npm registry's @google/gemini-cli
# at a pinned version (one bundled script run by node), into a cache that later
# runs reuse. Prints the script's path. When it cannot install, it says so
# loudly and fails: the live suite must never skip in silence.
# usage: install_gemini.sh VERSION CACHE_DIR
set -eu
version=$1
dest=$2/$version
bin=$dest/bundle/gemini.js
fail() {
  echo "" >&2
  echo "******** LIVE SUITE CANNOT RUN: $1" >&2
  echo "******** It needs @google/gemini-cli@$version from the npm registry, and node 20 or later." >&2
  exit 1
}
command -v node >/dev/null 2>&1 || fail "node is not installed (Debian: apt install nodejs)"
if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -qx "$version"; then
  echo "$bin (cached)"
  exit 0
fi
command -v npm >/dev/null 2>&1 || fail "npm is not installed (Debian: apt install npm)"
mkdir -p "$2" || fail "cannot create $2"
tmp=$(mktemp -d "$2/.fetch-XXXXXX") || fail "cannot create a directory in $2"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@google/gemini-cli@$version" >pack.log 2>&1) ||
  fail "npm pack failed: $(tail -n 3 "$tmp/pack.log" 2>/dev/null)"
tar -xzf "$tmp"/google-gemini-cli-"$version".tgz -C "$tmp" || fail "the package did not unpack"
"$tmp/package/bundle/gemini.js" --version | grep -qx "$version" || fail "the unpacked gemini does not report $version"
# Renamed into place whole, so a run killed half way leaves nothing half written behind.
rm -rf "$dest"
mv "$tmp/package" "$dest"
echo "$bin (installed)"
