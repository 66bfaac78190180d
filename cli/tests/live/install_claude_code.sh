#!/bin/sh
# Installs Claude Code's native binary for the live suite: the npm registry's
# @anthropic-ai/claude-code-linux-x64 at a pinned version, into a cache that
# later runs reuse. Prints the binary's path. When it cannot install, it says
# so loudly and fails: the live suite must never skip in silence.
# usage: install_claude_code.sh VERSION CACHE_DIR
set -eu
version=$1
dest=$2/$version
if [ -x "$dest/claude" ] && "$dest/claude" --version 2>/dev/null | grep -q "^$version "; then
  echo "$dest/claude (cached)"
  exit 0
fi
fail() {
  echo "" >&2
  echo "******** LIVE SUITE CANNOT RUN: $1" >&2
  echo "******** It needs @anthropic-ai/claude-code-linux-x64@$version from the npm registry." >&2
  exit 1
}
command -v npm >/dev/null 2>&1 || fail "npm is not installed (Debian: apt install npm)"
mkdir -p "$2" || fail "cannot create $2"
tmp=$(mktemp -d "$2/.fetch-XXXXXX") || fail "cannot create a directory in $2"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@anthropic-ai/claude-code-linux-x64@$version" >pack.log 2>&1) ||
  fail "npm pack failed: $(tail -n 3 "$tmp/pack.log" 2>/dev/null)"
tar -xzf "$tmp"/anthropic-ai-claude-code-linux-x64-"$version".tgz -C "$tmp" || fail "the package did not unpack"
"$tmp/package/claude" --version | grep -q "^$version " || fail "the unpacked claude does not report $version"
# Renamed into place whole, so a run killed half way leaves no half binary behind.
rm -rf "$dest"
mv "$tmp/package" "$dest"
echo "$dest/claude (installed)"
