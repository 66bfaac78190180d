#!/usr/bin/env bash
# The fast half of run-mutants.sh: every mutant patch still applies to the tree as
# it is. A patch whose context a change moved fails property_mutants only after a
# long rebuild; this says so in a second (nothing is written).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
failed=0
for p in "$src"/properties/mutants/*.patch; do
  patch -d "$src" -p1 --dry-run --forward --silent <"$p" >/dev/null 2>&1 ||
    { echo "$(basename "$p"): does not apply to the tree; regenerate it against the code it breaks"; failed=1; }
done
exit "$failed"
