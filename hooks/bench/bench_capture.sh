#!/bin/sh
# Whole-process timing of capture on a 10 MB transcript (issue 5): `memsim capture`
# itself, and the session-end hook that runs it inline or hands it off.
#   hooks/bench/bench_capture.sh BUILD_DIR
# The transcript repeats the two real sessions in ../shared/data/transcripts when
# they are there, else synthetic turns; a second one has 18,000 distinct directives
# (the worst case for the slots written).
set -eu
bin=$(cd "$1" && pwd)/cli/memsim
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/memsim-capture-XXXXXX)
python3 - "$here/../../../shared/data/transcripts" "$work" <<'PY'
import json, os, sys
src, work = sys.argv[1], sys.argv[2]
lines = []
if os.path.isdir(src):
    for f in sorted(os.listdir(src)):
        lines += open(os.path.join(src, f)).readlines()
if not lines:
    lines = [json.dumps({"type": "user", "sessionId": "s", "timestamp": "2026-07-02T12:00:00Z", "cwd": "/w/p",
                         "message": {"role": "user", "content": "Please look at the parser; it is slow."}}) + "\n"]
with open(os.path.join(work, "real10m.jsonl"), "w") as out:
    n = i = 0
    while n < 10 << 20:
        out.write(lines[i % len(lines)]); n += len(lines[i % len(lines)]); i += 1
with open(os.path.join(work, "directives.jsonl"), "w") as out:
    for i in range(18000):
        out.write(json.dumps({"type": "user", "sessionId": "d", "timestamp": "2026-07-02T12:00:00Z", "cwd": "/w/p",
                              "message": {"role": "user", "content": f"Always run linter number {i} first."}}) + "\n")
PY
"$bin" init --apply --home "$work/home" >/dev/null
for t in real10m directives; do
  printf '{"session_id":"b","transcript_path":"%s","cwd":"/w/p","hook_event_name":"SessionEnd","reason":"other"}' \
    "$work/$t.jsonl" >"$work/$t.payload"
done
echo "transcripts: $(du -h "$work/real10m.jsonl" | cut -f1) repeated real sessions; $(du -h "$work/directives.jsonl" | cut -f1) of distinct directives"
hyperfine -N --warmup 1 --runs "${RUNS:-10}" --prepare "rm -rf $work/home/candidates || true" \
  "$bin capture $work/real10m.jsonl --home $work/home --no-user-home"
hyperfine --warmup 1 --runs "${RUNS:-10}" --prepare "rm -rf $work/home/candidates || true" \
  "$bin hook session-end --home $work/home < $work/real10m.payload" \
  "$bin hook session-end --home $work/home < $work/directives.payload"
sleep 5  # let the last detached capture finish before removing its home
rm -rf "$work"
