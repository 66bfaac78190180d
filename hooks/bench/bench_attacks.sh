#!/bin/sh
# Whole-process timing of the inputs that used to be quadratic or unbounded
# (docs/reliability.md, "Attacks on the context, and the bounds"), side by side
# with /bin/true in the same run:
#   - memsim tick on 3,000 templated memories, where every pair is a near-duplicate
#     (aim: under 2 s);
#   - memsim index and the prompt hook on a home with a 100,000-key frontmatter;
#   - memsim index over a 200 MB journal (the first run compacts it), then again.
#   hooks/bench/bench_attacks.sh BUILD_DIR [OLD_BUILD_DIR]
# OLD_BUILD_DIR, a build of an earlier commit, is timed on the same homes.
set -eu
bin=$(cd "$1" && pwd)/cli/memsim
old=""
[ $# -ge 2 ] && old=$(cd "$2" && pwd)/cli/memsim
work=$(mktemp -d /tmp/memsim-attacks-XXXXXX)
trap 'rm -rf "$work"' EXIT
now=2026-07-10T12:00:00Z
python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
def home(name):
    d = os.path.join(work, name, "memory"); os.makedirs(d); return d
d = home("templated")
for i in range(3000):
    with open(os.path.join(d, f"feedback_rule-{i}.md"), "w") as f:
        f.write(f"---\nname: feedback_rule-{i}\ntype: feedback\nsummary: run the whole payments suite before "
                f"tagging release r{i}\ncreated: 2026-06-01\n---\nbody\n")
d = home("keys")
with open(os.path.join(d, "feedback_keys.md"), "w") as f:
    f.write("---\nsummary: many keys\n" + "".join(f"k: {i}\n" for i in range(100000)) + "---\nbody\n")
with open(os.path.join(d, "feedback_plain.md"), "w") as f:
    f.write("---\nsummary: deploy on fridays is frozen\n---\nbody\n")
d = home("journal")
os.makedirs(os.path.join(work, "journal", "runtime"))
for i in range(50):
    with open(os.path.join(d, f"feedback_m-{i}.md"), "w") as f:
        f.write(f"---\nname: feedback_m-{i}\nsummary: memory {i}\ncreated: 2026-06-01\n---\nbody\n")
with open(os.path.join(work, "journal", "runtime", "access.log"), "w") as f:
    line_count = 0; size = 0; t = 1780000000
    while size < 200 << 20:
        import datetime
        ts = datetime.datetime.utcfromtimestamp(t + line_count).strftime("%Y-%m-%dT%H:%M:%SZ")
        line = f"{ts} Read feedback_m-{line_count % 50}.md s{line_count // 1000}\n"
        f.write(line); size += len(line); line_count += 1
PY
for h in templated keys journal; do "$bin" init --apply --home "$work/$h" >/dev/null; done
cp -r "$work/templated" "$work/templated-old"
echo "== 3,000 templated memories: tick (analysis, lint, cue)"
hyperfine -N --warmup 1 --runs "${RUNS:-5}" "/bin/true" "$bin tick --home $work/templated --now $now" \
  ${old:+"$old tick --home $work/templated-old --now $now"}
echo "== a 100,000-key frontmatter: index, and the prompt hook"
printf '{"session_id":"s","hook_event_name":"UserPromptSubmit","prompt":"deploy fridays frozen"}' >"$work/prompt.json"
hyperfine --warmup 1 --runs "${RUNS:-5}" "/bin/true" "$bin index --home $work/keys --now $now" \
  "$bin hook user-prompt-submit --home $work/keys --now $now < $work/prompt.json"
echo "== a 200 MB journal: the first index compacts it, later ones read what is left"
/usr/bin/time -f "first index: %e s, %M KB max RSS" "$bin" index --home "$work/journal" --now 2027-01-01T00:00:00Z >/dev/null
/usr/bin/time -f "second index: %e s, %M KB max RSS" "$bin" index --home "$work/journal" --now 2027-01-01T00:00:00Z >/dev/null
/usr/bin/time -f "third index: %e s, %M KB max RSS" "$bin" index --home "$work/journal" --now 2027-01-01T00:00:00Z >/dev/null
du -sh "$work/journal/runtime/access.log" "$work/journal/runtime/journal" 2>/dev/null || true
