#!/usr/bin/env python3
# compare_table.py TABLE JSON WIDTH: checks `compare --all`'s text table
# against `compare --all --json` of the same runs: no line wider than
# WIDTH columns, every policy's column present once, and every figure of
# the table (key counters, oom, each object's resident % and refaults)
# equal to the JSON's, with none of them missing.  Exit 1 and a message
# on the first difference.
import json
import re
import sys

table = open(sys.argv[1], encoding="utf-8").read().split("\n")
runs = {r["policy"]: r for r in json.load(open(sys.argv[2], encoding="utf-8"))["runs"]}
width = int(sys.argv[3])


def fail(msg):
    print(f"compare_table.py: {msg}")
    sys.exit(1)


for i, line in enumerate(table):
    if len(line) > width:
        fail(f"line {i + 1} is {len(line)} columns wide, more than {width}: {line!r}")

seen = {}  # (policy, row, section) -> the table's text
group, label_w, section, pending = None, 0, None, ""
body = table[table.index(""):]  # after the title, wrapped or not
figure = re.compile(r"^[0-9]+(\.[0-9]%)?$")
for line in body:
    if line.startswith("mglru's counters by 6.1's names"):
        break  # the names under the table, not its figures
    if not line.strip():
        group = None
        continue
    if group is None:  # a group's header: the policies' names
        group = line.split()
        label_w = len(line) - len(line.lstrip())
        for p in group:
            if p not in runs:
                fail(f"unknown policy {p!r} in a header")
        section = None
        continue
    # the figures are the last len(group) words (a column is as wide as
    # its widest figure, so the header's indent is not the label's width)
    words = line.rsplit(None, len(group))
    label, figures = (words[0].strip(), words[1:]) if len(words) > len(group) else ("", words)
    if line in ("resident %", "refaults"):
        section = line
        continue
    if len(figures) != len(group) or not all(figure.match(f) for f in figures):
        pending += line.strip()  # an object's name too long for the label column
        continue
    label, pending = pending + label, ""
    for p, f in zip(group, figures):
        key = (p, label, section)
        if key in seen:
            fail(f"{key} twice")
        seen[key] = f

# 6.1's name of a classic counter, from the engine's two-name table
# (src/engine/vmstat.h): under mglru --json names the counters as 6.1 does
import re as _re
name61 = {}
for m in _re.finditer(r'X\(\w+,\s*"([a-z_]+)",\s*(?:"([a-z_]+)"|NULL)\)', open("src/engine/vmstat.h").read()):
    name61[m.group(1)] = m.group(2)

expected = {}
unnamed = set()
for p, r in runs.items():
    for c in ("pgactivate", "pgdeactivate", "pgrefill_normal", "pgscan_kswapd_normal",
              "pgscan_direct_normal", "pgsteal_normal", "pgrotated", "pgmajfault", "refault",
              "workingset_activate", "allocstall", "nr_vmscan_write", "pswpout"):
        json_name = c if c in r["counters"] else name61.get(c)
        if json_name in r["counters"]:
            expected[(p, c, None)] = str(r["counters"][json_name])
        else:  # a counter 6.1 does not have: no --json figure to hold it to
            unnamed.add((p, c, None))
    if any(x["decisions"]["oom"] for x in runs.values()):
        expected[(p, "oom", None)] = str(r["decisions"]["oom"])
    for name, o in r["objects"].items():
        expected[(p, name, "resident %")] = "%.1f%%" % (100.0 * o["resident"] / o["pages"])
        expected[(p, name, "refaults")] = str(o["refaults"])

for k, v in expected.items():
    if k not in seen:
        fail(f"{k} is missing from the table (--json: {v})")
    if seen[k] != v:
        fail(f"{k}: the table says {seen[k]}, --json {v}")
for k in seen:
    if k not in expected and k not in unnamed:
        fail(f"{k} is in the table but not in --json")
print(f"{len(seen)} figures of {len(runs)} policies agree, widest line {max(map(len, table))}")
