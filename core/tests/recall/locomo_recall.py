#!/usr/bin/env python3
"""Recall quality on LoCoMo (docs/recall.md): each dialogue turn becomes a
memory file, each question goes through `memsim recall --json`, and the share of a
question's annotated evidence found in the top 5 and top 10 is averaged, per
category and overall. The dataset is not shipped (CC BY-NC 4.0); fetch it yourself:

    core/tests/recall/locomo_recall.py build/cli/memsim locomo10.json [--samples N]

from https://github.com/snap-research/locomo (data/locomo10.json). Each turn is
written as `conversation_<dia id>.md` with the turn ("Speaker: text", an image's
caption appended) as its summary and the session's date in the body. Questions
without evidence are skipped. Figures are in docs/recall.md.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile


def file_name(dia_id):
    return "conversation_" + dia_id.lower().replace(":", "-") + ".md"


def write_home(memsim, root, conversation):
    home = os.path.join(root, ".memsim")
    subprocess.run([memsim, "init", "--apply", "--home", home], check=True, stdout=subprocess.DEVNULL)
    for key, turns in conversation.items():
        if not key.startswith("session_") or not isinstance(turns, list):
            continue
        date = conversation.get(key + "_date_time", "")
        for turn in turns:
            text = turn["speaker"] + ": " + turn["text"]
            if turn.get("blip_caption"):
                text += " [image: " + turn["blip_caption"] + "]"
            body = "---\nsummary: " + json.dumps(text, ensure_ascii=False) + "\n---\nSaid on " + date + ".\n"
            with open(os.path.join(home, "memory", file_name(turn["dia_id"])), "w", encoding="utf-8") as f:
                f.write(body)
    return home


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("memsim")
    parser.add_argument("dataset")
    parser.add_argument("--samples", type=int, default=0, help="only the first N conversations")
    args = parser.parse_args()
    with open(args.dataset, encoding="utf-8") as f:
        samples = json.load(f)
    if args.samples:
        samples = samples[: args.samples]
    found = {5: collections.defaultdict(list), 10: collections.defaultdict(list)}
    for sample in samples:
        with tempfile.TemporaryDirectory() as root:
            home = write_home(args.memsim, root, sample["conversation"])
            for qa in sample["qa"]:
                evidence = [e.strip() for e in qa.get("evidence", []) if e.strip()]
                if not evidence:
                    continue
                out = subprocess.run([args.memsim, "recall", qa["question"], "--json", "--k", "10", "--home", home],
                                     capture_output=True, text=True)
                if out.returncode != 0:
                    sys.exit("memsim recall failed: " + out.stderr.strip())
                hits = [h["file"] for h in json.loads(out.stdout)]
                for k in found:
                    share = sum(file_name(e) in hits[:k] for e in evidence) / len(evidence)
                    found[k][str(qa["category"])].append(share)
                    found[k]["all"].append(share)
    for category in sorted(found[5]):
        r5, r10 = found[5][category], found[10][category]
        print(f"category {category:>3}: {len(r5):4} questions  R@5 {sum(r5) / len(r5):.3f}  R@10 {sum(r10) / len(r10):.3f}")


if __name__ == "__main__":
    main()
