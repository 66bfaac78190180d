#!/bin/sh
# Whole-process benchmark of `memsim hook pre-tool-use` (start to exit) beside the
# Python floor, side by side in one hyperfine run.
#   hooks/bench/bench_hooks.sh BUILD_DIR [HOME]
# HOME defaults to fixtures/home when it exists, else a stand-in made in /tmp.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "$1" && pwd)/cli/memsim
work=$(mktemp -d /tmp/memsim-bench-XXXXXX)
home=${2:-}
if [ -z "$home" ]; then
  if [ -d "$here/../../fixtures/home/memory" ]; then
    home=$work/home && cp -r "$here/../../fixtures/home" "$home"
  else
    home=$work/home && python3 "$here/make_standin_home.py" "$home"
  fi
fi
"$bin" index --home "$home" >/dev/null
file=$(ls "$home/memory" | grep '^[a-z]*_.*\.md$' | head -1)
echo "home: $home ($(ls "$home/memory" | grep -c '^[a-z]*_.*\.md$') memory files, $(ls "$home/lenses" | wc -l) lenses)"
printf '{"session_id":"bench","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"%s/memory/%s"},"tool_use_id":"toolu_1"}' \
  "$home" "$file" >"$work/payload.json"
# The floor runs on the system interpreter: a version manager's shim would add its own start-up.
py=$(command -v /usr/bin/python3 || command -v python3)
# Debian's hyperfine has no --input: feed the payload through the shell, whose
# own start-up hyperfine measures and subtracts.
hyperfine --warmup 50 --runs "${RUNS:-1000}" --export-json "$work/result.json" \
  "$bin hook pre-tool-use --home $home < $work/payload.json" \
  "$py $here/python_floor.py $home < $work/payload.json" \
  "/bin/true < $work/payload.json"
python3 - "$work/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
m = [x["median"] * 1000 for x in r]
print(f"median: memsim {m[0]:.3f} ms, python floor {m[1]:.3f} ms, ratio {m[1] / m[0]:.1f}x, "
      f"/bin/true {m[2]:.3f} ms (what starting any process costs here)")
PY
echo "journal lines: $(wc -l <"$home/runtime/access.log")"
rm -rf "$work"
