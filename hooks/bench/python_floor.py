#!/usr/bin/env python3
# The floor of the Python hooks this design came from: parse the payload, check
# the tool, append one journal line. No path resolution, no lenses: anything a
# real Python hook does costs more than this.
import datetime, json, os, sys

home = sys.argv[1]
p = json.load(sys.stdin)
if p.get("tool_name") in ("Read", "Edit", "Write", "MultiEdit"):
    path = p.get("tool_input", {}).get("file_path", "")
    name = os.path.basename(path)
    t = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with open(os.path.join(home, "runtime", "access.log"), "a") as f:
        f.write(f"{t} {p['tool_name']} {name} {p.get('session_id', '-')}\n")
