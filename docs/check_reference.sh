#!/usr/bin/env bash
# Checks that the reference pages name everything the code accepts: every policy.yaml
# key the parser knows (docs/policy.md), every command and hook event (docs/commands.md),
# and every file name the home knows (docs/format.md). Run from anywhere; exits 1 and
# names what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
say() { echo "docs/check_reference.sh: $*" >&2; missing=1; }

# policy.yaml: the keys of the setter table in apply_policy_yaml, both ways.
parser_keys=$(sed -n '/setters = {/,/^  };/p' core/src/policy.cpp | grep -o '{"[a-z0-9_]*"' | tr -d '{"' | sort -u)
page_keys=$(sed -n '/^## Keys/,/^## ranking/s/^- `\([a-z0-9_]*\)`.*/\1/p' docs/policy.md | sort -u)
[ -n "$parser_keys" ] || say "found no keys in core/src/policy.cpp"
for k in $parser_keys; do grep -qx "$k" <<<"$page_keys" || say "policy key '$k' is not listed in docs/policy.md"; done
for k in $page_keys; do
  grep -qx "$k" <<<"$parser_keys" || say "docs/policy.md lists '$k', which the parser does not accept"
done

# Commands: each registered command has a section of its own.
commands=$(grep -o '{"[a-z-]*", register_' cli/commands/app.cpp | cut -d'"' -f2)
[ -n "$commands" ] || say "found no commands in cli/commands/app.cpp"
for c in $commands; do
  grep -q "^### $c\b" docs/commands.md || say "command '$c' has no section in docs/commands.md"
done

# Hook events: each one the hook accepts is described.
events=$(sed -n '/kEventNames\[\] = {/,/^};/p' hooks/events/src/hooks.cpp | grep -o '"[a-z-]*"' | tr -d '"')
[ -n "$events" ] || say "found no hook events in hooks/events/src/hooks.cpp"
for e in $events; do grep -q "^- \`$e\`:" docs/commands.md || say "hook event '$e' is not in docs/commands.md"; done

# The home: every file or directory name Home knows appears in docs/format.md.
names=$(grep -o '"[A-Za-z._-]*"' core/src/home.cpp | tr -d '"' | sort -u)
[ -n "$names" ] || say "found no names in core/src/home.cpp"
for n in $names; do grep -qF "$n" docs/format.md || say "home file '$n' is not in docs/format.md"; done

exit $missing
