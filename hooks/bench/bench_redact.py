#!/usr/bin/env python3
"""Redaction quality on the labelled corpus (fixtures/secrets/corpus.jsonl):
`memsim redact` over every line, caught and changed per kind and overall, and
secretlint's recommended preset on the same lines side by side.

  hooks/bench/bench_redact.py BUILD_DIR [--corpus FILE] [--no-secretlint] [--misses] [--peer MEMSIM]

--peer runs another memsim binary (an older build, say) on the same lines, in a
column of its own. A line with a secret is caught when no line of its `secret` is left in the
output; a look-alike is changed when the output differs from the input. For
secretlint, which reports rather than redacts, a secret is caught when its file
has a finding and a look-alike is changed when its file has one.

secretlint is installed with npm into $MEMSIM_BENCH_CACHE (default
~/.cache/memsim-bench); when npm or its registry is unreachable the comparison is
skipped with a message and memsim's figures are still reported.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def caught(entry, out):
    return all(part not in out for part in entry["secret"].split("\n") if len(part) >= 4)


def run_memsim(binary, corpus):
    outs = []
    for e in corpus:
        r = subprocess.run([binary, "redact"], input=e["text"].encode(), capture_output=True, check=False)
        if r.returncode != 0:
            sys.exit(f"bench_redact: memsim redact failed ({r.returncode}): {r.stderr.decode()}")
        outs.append(r.stdout.decode("utf-8", "replace"))
    return outs


def secretlint_findings(corpus):
    """The set of corpus indices secretlint flags, or None when it cannot run."""
    npm = shutil.which("npm")
    if not npm:
        print("secretlint: skipped, npm is not installed")
        return None
    cache = os.environ.get("MEMSIM_BENCH_CACHE", os.path.join(os.path.expanduser("~"), ".cache", "memsim-bench"))
    tool = os.path.join(cache, "secretlint")
    bin_ = os.path.join(tool, "node_modules", ".bin", "secretlint")
    if not os.path.exists(bin_):
        os.makedirs(tool, exist_ok=True)
        r = subprocess.run([npm, "install", "--prefix", tool, "--no-audit", "--no-fund", "secretlint",
                            "@secretlint/secretlint-rule-preset-recommend"], capture_output=True, timeout=300,
                           check=False)
        if r.returncode != 0 or not os.path.exists(bin_):
            print("secretlint: skipped, `npm install secretlint` failed (is the registry reachable?)")
            print("  " + r.stderr.decode(errors="replace").strip().splitlines()[-1:][0] if r.stderr else "")
            return None
    for pkg in ("secretlint", "@secretlint/secretlint-rule-preset-recommend"):
        try:
            with open(os.path.join(tool, "node_modules", pkg, "package.json")) as f:
                print(f"secretlint: {pkg} {json.load(f)['version']}")
        except (OSError, ValueError, KeyError):
            pass
    work = tempfile.mkdtemp(prefix="memsim-secretlint-")
    try:
        files = os.path.join(work, "corpus")
        os.makedirs(files)
        for i, e in enumerate(corpus):
            with open(os.path.join(files, f"{i:05d}.txt"), "w", encoding="utf-8") as f:
                f.write(e["text"] + "\n")
        rc = os.path.join(work, ".secretlintrc.json")
        with open(rc, "w") as f:
            json.dump({"rules": [{"id": "@secretlint/secretlint-rule-preset-recommend"}]}, f)
        # To a file: node cuts piped standard output short at exit (128 KB here).
        report = os.path.join(work, "report.json")
        r = subprocess.run([bin_, "--format", "json", "--output", report, "--secretlintrc", rc, "--no-color",
                            "corpus/**/*"], cwd=work, capture_output=True, timeout=600, check=False,
                           env=dict(os.environ, NODE_PATH=os.path.join(tool, "node_modules")))
        try:
            with open(report, encoding="utf-8") as f:
                results = json.load(f)
        except (OSError, json.JSONDecodeError):
            print("secretlint: skipped, it wrote no JSON report: " + r.stderr.decode(errors="replace")[:300])
            return None
        flagged = set()
        for res in results:
            if res.get("messages"):
                flagged.add(int(os.path.basename(res["filePath"]).split(".")[0]))
        return flagged
    finally:
        shutil.rmtree(work, ignore_errors=True)


def pct(a, b):
    return f"{100.0 * a / b:5.1f}%" if b else "  n/a"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--corpus", default=os.path.join(ROOT, "fixtures", "secrets", "corpus.jsonl"))
    ap.add_argument("--no-secretlint", action="store_true")
    ap.add_argument("--misses", action="store_true", help="print every miss and every changed look-alike")
    ap.add_argument("--peer", help="another memsim binary to run on the same lines")
    args = ap.parse_args()
    binary = os.path.join(args.build, "cli", "memsim")
    corpus = load(args.corpus)
    outs = run_memsim(binary, corpus)
    peer = run_memsim(args.peer, corpus) if args.peer else None
    flagged = None if args.no_secretlint else secretlint_findings(corpus)

    def hit_of(e, out):
        return caught(e, out) if e["secret"] else out != e["text"]

    per = collections.defaultdict(lambda: [0, 0, 0, 0])  # lines, memsim hits, secretlint hits, peer hits
    for i, (e, out) in enumerate(zip(corpus, outs)):
        hit = hit_of(e, out)
        row = per[(e["secret"] is not None, e["kind"])]
        row[0] += 1
        row[1] += hit
        row[2] += flagged is not None and i in flagged
        row[3] += peer is not None and hit_of(e, peer[i])
        if args.misses and (hit != (e["secret"] is not None)):
            print(("MISS    " if e["secret"] else "CHANGED ") + f"[{e['kind']}] {e['text']!r}\n   -> {out!r}")

    for positive, title, what in ((True, "secrets", "caught"), (False, "look-alikes", "changed")):
        rows = sorted((k, v) for (p, k), v in per.items() if p == positive)
        n = sum(v[0] for _, v in rows)
        m = sum(v[1] for _, v in rows)
        s = sum(v[2] for _, v in rows)
        q = sum(v[3] for _, v in rows)
        print(f"\n{title}: {n} lines over {len(rows)} kinds")
        print(f"  {'kind':28} {'lines':>5}  {'memsim ' + what:>15}  {'secretlint':>12}  {'peer':>12}")
        for k, v in rows:
            sl = f"{v[2]:4d} {pct(v[2], v[0])}" if flagged is not None else "   -"
            pr = f"{v[3]:4d} {pct(v[3], v[0])}" if peer is not None else "   -"
            mark = "" if (v[1] == v[0]) == positive or (not positive and v[1] == 0) else "  <"
            print(f"  {k:28} {v[0]:5d}  {v[1]:6d} {pct(v[1], v[0])}  {sl:>12}  {pr:>12}{mark}")
        sl = f"{s} ({pct(s, n).strip()})" if flagged is not None else "skipped"
        pr = f"; peer {q} ({pct(q, n).strip()})" if peer is not None else ""
        print(f"  overall: memsim {what} {m} of {n} ({pct(m, n).strip()}); secretlint {sl}{pr}")


if __name__ == "__main__":
    main()
