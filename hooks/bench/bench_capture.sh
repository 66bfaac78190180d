#!/bin/sh
# Whole-process timing of capture on a 10 MB transcript: `memsim capture`
# itself, and the session-end hook that runs it inline or hands it off; then the
# redactor on its own over the same 10 MB (all of it, not only the claims capture
# redacts), next to a floor that only reads it, medians printed at the end.
#   hooks/bench/bench_capture.sh BUILD_DIR
#   PEER_BIN=path/to/other/memsim   also times that binary's `redact` in the same run
# The transcript repeats the two real sessions in ../shared/data/transcripts when
# they are there, else synthetic turns; a second one has 18,000 distinct directives
# (the worst case for the slots written); a third is the first with a line of
# fixtures/secrets/corpus.jsonl every 8 KB (so the redactor's rules fire).
set -eu
bin=$(cd "$1" && pwd)/cli/memsim
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/memsim-capture-XXXXXX)
python3 - "$here/../../../shared/data/transcripts" "$work" "$here/../../fixtures/secrets/corpus.jsonl" <<'PY'
import json, os, sys
src, work, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
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
secrets = [json.loads(l)["text"] for l in open(corpus) if l.strip()] if os.path.exists(corpus) else ["x"]
with open(os.path.join(work, "secrets10m.jsonl"), "w") as out:
    n = i = since = 0
    while n < 10 << 20:
        line = lines[i % len(lines)]
        if since > 8192:
            line = json.dumps({"type": "user", "sessionId": "s", "timestamp": "2026-07-02T12:00:00Z",
                               "cwd": "/w/p", "message": {"role": "user", "content": secrets[i % len(secrets)]}})
            line += "\n"
            since = 0
        out.write(line); n += len(line); since += len(line); i += 1
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
# The redactor alone, 10 MB through `memsim redact`, beside `cat` (the same bytes read and
# written) and an empty input (process start and building the Redactor).
redact_bench() {
  hyperfine --warmup 1 --runs "${RUNS:-10}" --export-json "$work/redact.json" \
    "cat $work/real10m.jsonl > /dev/null" \
    "$bin redact < /dev/null > /dev/null" \
    "$bin redact < $work/real10m.jsonl > /dev/null" \
    "$bin redact < $work/secrets10m.jsonl > /dev/null" "$@"
}
if [ -n "${PEER_BIN:-}" ]; then
  redact_bench "$PEER_BIN redact < $work/real10m.jsonl > /dev/null"
else
  redact_bench
fi
python3 - "$work/redact.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"median {r['median'] * 1000:8.1f} ms  (min {r['min'] * 1000:.1f})  {r['command']}")
PY
sleep 5  # let the last detached capture finish before removing its home
rm -rf "$work"
