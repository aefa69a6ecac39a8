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
    label, figures = line[:label_w].strip(), line[label_w:].split()
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

expected = {}
for p, r in runs.items():
    for c in ("pgactivate", "pgdeactivate", "pgrefill_normal", "pgscan_kswapd_normal",
              "pgscan_direct_normal", "pgsteal_normal", "pgrotated", "pgmajfault", "refault",
              "workingset_activate", "allocstall", "nr_vmscan_write", "pswpout"):
        # 6.1 names the zone's counters without the zone (pgrefill, not
        # pgrefill_normal): the table's row is the same counter
        # pgsteal_normal is pgsteal_kswapd plus pgsteal_direct
        k = r["counters"]
        v = k.get(c, k.get(c.removesuffix("_normal")))
        if v is None and c == "pgsteal_normal":
            v = k["pgsteal_kswapd"] + k["pgsteal_direct"]
        if v is None and c == "workingset_activate":  # 6.1: by type
            v = k["workingset_activate_anon"] + k["workingset_activate_file"]
        if v is None and c == "allocstall":
            v = k["allocstall_normal"]
        expected[(p, c, None)] = str(v)
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
    if k not in expected:
        fail(f"{k} is in the table but not in --json")
print(f"{len(seen)} figures of {len(runs)} policies agree, widest line {max(map(len, table))}")
