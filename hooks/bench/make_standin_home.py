#!/usr/bin/env python3
# A stand-in for fixtures/home until it lands: 634 T2 files of the seed's shape
# (types, frontmatter, 200-1200 byte bodies), 3 lenses, a week of short-term notes.
import os, random, sys

home = sys.argv[1]
rng = random.Random(634)
types = ["feedback", "project", "reference", "user", "process", "decision", "preference"]
for d in ["memory/short-term", "memory/dream-journal", "lenses", "runtime", "meditations", "candidates", "staged"]:
    os.makedirs(os.path.join(home, d), exist_ok=True)
with open(os.path.join(home, "identity.md"), "w") as f:
    f.write("# Identity\n\nA careful build agent. Verify before claiming.\n")
for i in range(634):
    t = rng.choice(types)
    name = f"{t}_topic-{i:04d}"
    body = " ".join(rng.choice(["build", "cmake", "ninja", "test", "memory", "hook", "lens"]) for _ in range(rng.randint(30, 180)))
    with open(os.path.join(home, "memory", name + ".md"), "w") as f:
        f.write(f"---\nname: {name}\ntype: {t}\nsummary: fact number {i} about {rng.choice(types)}\n"
                f"created: 2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}\naccess_count: {rng.randint(0, 5)}\n---\n{body}\n")
for i, (tool, cap) in enumerate([("Agent|Workflow", 380), ("Bash", 200), ("WebFetch", 100)]):
    with open(os.path.join(home, "lenses", f"lens-{i}.md"), "w") as f:
        f.write(f"---\nname: lens-{i}\ntype: lens\ntrigger:\n  tool_match: \"{tool}\"\nbody_token_cap: {cap}\n---\n\nRule {i}.\n")
