#!/usr/bin/env bash
# Proves the property tests can fail: for each properties/mutants/<name>.patch,
# apply it to a private copy of the tree, build the property tests there, run
# them, and report which properties failed. A mutant that no property kills
# "survives"; the script exits 1 if any survives (2 if the unmutated tree fails
# or a patch does not apply or build). the source checkout and its git state are only read.
#
#   properties/run-mutants.sh [name ...]     default: every mutant
#   RC_PARAMS=...                            passed through (default max_success=100 noshrink=1)
#   KEEP=1                                   keep the temporary tree and its logs
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/memsim-mutants-XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
tree=$work/tree build=$work/build
mkdir -p "$tree"

# Tracked files plus untracked, non-ignored ones, as they are in the working tree now.
git -C "$src" ls-files -z --cached --others --exclude-standard |
  tar -C "$src" --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -C "$tree" -xf -

export CCACHE_BASEDIR=$tree
# No shrinking: a mutant only has to fail, and shrinking a failure can take minutes.
export RC_PARAMS=${RC_PARAMS:-max_success=100 noshrink=1}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The whole project is configured (one set of flags, the top-level's), but only
# property_tests and what it needs (core) is built. Each mutant recompiles the
# unity batch of the file it changes, and a property needs neither optimisation
# nor debug information to fail: a file compiles in under half the time without
# them (docs/performance.md, "Building").
cmake -S "$tree" -B "$build" -G Ninja -DMEMSIM_WERROR=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 \
  "${launcher[@]}" >"$work/cmake.log" 2>&1 ||
  { echo "configure failed, see $work/cmake.log"; trap - EXIT; exit 2; }

run_props() {  # $1: log file. Prints the failed properties, space separated.
  ninja -C "$build" -j2 property_tests >"$1.build" 2>&1 || { echo "BUILD-FAILED"; return; }
  "$build/properties/property_tests" >"$1" 2>&1
  local rc=$?
  local failed
  failed=$(sed -n 's/^\[  FAILED  \] \([A-Za-z]*\.[A-Za-z]*\) (.*/\1/p' "$1" | tr '\n' ' ')
  # A crash prints no FAILED line and skips every later property: read as
  # "nothing failed", it once let a mutant survive and a broken tree pass.
  if [ $rc -ne 0 ] && [ -z "$failed" ]; then echo "CRASHED"; else echo "$failed"; fi
}

echo "baseline (no mutant) ..."
base=$(run_props "$work/baseline.log")
if [ -n "$base" ]; then
  echo "the unmutated tree fails: $base (see $work/baseline.log)"
  trap - EXIT
  exit 2
fi

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for p in "$src"/properties/mutants/*.patch; do names+=("$(basename "$p" .patch)"); done
fi

survivors=0 broken=0
table="| mutant | result | properties that failed |"$'\n'"|---|---|---|"
for name in "${names[@]}"; do
  patch=$src/properties/mutants/$name.patch
  if ! patch -d "$tree" -p1 --quiet --forward <"$patch" >"$work/$name.patch.log" 2>&1; then
    table+=$'\n'"| $name | PATCH DOES NOT APPLY | |"
    broken=$((broken + 1))
    continue
  fi
  failed=$(run_props "$work/$name.log")
  if [ "$failed" = "BUILD-FAILED" ]; then
    table+=$'\n'"| $name | DOES NOT BUILD | |"
    broken=$((broken + 1))
  elif [ "$failed" = "CRASHED" ]; then
    table+=$'\n'"| $name | CRASHED (see the log with KEEP=1) | |"
    broken=$((broken + 1))
  elif [ -z "$failed" ]; then
    table+=$'\n'"| $name | SURVIVED | |"
    survivors=$((survivors + 1))
  else
    table+=$'\n'"| $name | killed | ${failed% } |"
  fi
  echo "$name: ${failed:-none}"
  patch -d "$tree" -p1 --quiet -R <"$patch"
done

echo
echo "$table"
[ "$broken" -eq 0 ] || exit 2
[ "$survivors" -eq 0 ] || exit 1
