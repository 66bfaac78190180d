#!/usr/bin/env bash
# The simulator's speed targets, measured side by side in one run: the month
# (10 seeds, every variant) against 30 s, the year (10 seeds) against 5 minutes.
# Prints wall and CPU (user+sys) per run, the median of the month's runs, and the
# share of a run the nightly tick took (from report.json). With BASELINE set to
# another memsim binary, each month run of it alternates with one of MEMSIM_BIN,
# so a before/after comparison sees the same load on the machine.
# usage: [BASELINE=old/memsim] sim/bench/bench_sim.sh [MEMSIM_BIN] [MONTH_RUNS] [--no-year]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/cli/memsim}
runs=${2:-3}
year=${3:-}
baseline=${BASELINE:-}
out=$(mktemp -d "${TMPDIR:-/tmp}/memsim-bench-XXXXXX")
trap 'rm -rf "$out"' EXIT
measure() {  # name scenario binary
  /usr/bin/time -f "%e %U %S" -o "$out/time" "$3" run "$2" --quiet --out "$out/$1" > "$out/$1.txt"
  read -r wall user sys < "$out/time"
  tick=$(python3 -c "import json,sys; j=json.load(open('$out/$1/report.json')); s=j['seconds']; \
t=sum(s.values()); print('%.0f' % (100*s.get('tick',0)/t if t else 0))")
  printf "%-9s wall %7.1f s  cpu %7.1f s  tick %3s%% of thread time  load %s  %s\n" "$1" "$wall" \
    "$(echo "$user + $sys" | bc)" "$tick" "$(cut -d' ' -f1 /proc/loadavg)" "$(grep -o 'trace hash.*' "$out/$1.txt")"
  echo "$wall" >> "$out/$1.walls"
}
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for i in $(seq "$runs"); do
  if [ -n "$baseline" ]; then measure baseline scenarios/month.yaml "$baseline"; fi
  measure month scenarios/month.yaml "$bin"
done
if [ -n "$baseline" ]; then echo "baseline median wall: $(median "$out/baseline.walls") s"; fi
echo "month median wall: $(median "$out/month.walls") s (target 30 s)"
if [ "$year" != "--no-year" ]; then measure year scenarios/year.yaml "$bin"; echo "year target 300 s"; fi
