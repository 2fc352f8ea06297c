#!/usr/bin/env python3
"""`thinkchess-cli bench DEPTH` twice: the total node count must be the
signature kept in bench-signature (format: "DEPTH NODES") both times.

When a change to the search is meant to change the count, update the file:
    thinkchess-cli bench DEPTH | grep 'Total nodes'
and say so in the commit message."""
import re
import subprocess
import sys

cli, signature_file = sys.argv[1], sys.argv[2]
with open(signature_file) as f:
    depth, expected = f.read().split()

print("1..2")
for run in (1, 2):
    out = subprocess.run([cli, "bench", depth], capture_output=True, text=True, timeout=240)
    m = re.search(r"^Total nodes: (\d+)$", out.stdout, re.M)
    ok = out.returncode == 0 and m is not None and m.group(1) == expected
    got = m.group(1) if m else "nothing (exit %d)" % out.returncode
    print("%s %d - bench %s run %d: %s nodes, signature %s"
          % ("ok" if ok else "not ok", run, depth, run, got, expected))
