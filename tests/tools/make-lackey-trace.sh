#!/bin/sh
# tests/tools/make-lackey-trace.sh [OUT] - record a real program's memory accesses
# for data/real-program.json, with valgrind's lackey tool (Debian: valgrind).
#
# The program: sort(1) sorting 3,000 numbers.  lackey logs every instruction
# fetch and data access (about 11.5 million lines).  To keep the file small
# and still the program's own, this keeps:
#   - the data accesses only (lines " L", " S", " M"), not instruction fetches;
#   - one line per run of consecutive accesses to the same 4 KiB page (inside
#     a run the page's accessed bit would be set once anyway);
#   - the first 40,000 such runs: the program's start (the dynamic loader,
#     libc, locale files) and the beginning of the sort.
# Writes OUT (default data/traces/sort.lackey).  The output depends on the
# valgrind, libc and sort versions; the committed file is the reference.
set -eu
out=${1:-data/traces/sort.lackey}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seq 1 3000 | awk '{ print ($1 * 7919) % 3001 }' >"$tmp/numbers"
valgrind --tool=lackey --trace-mem=yes --log-file="$tmp/lackey.log" sort -n "$tmp/numbers" -o "$tmp/sorted"
awk '/^ [LSM] / { split($2, a, ","); page = substr(a[1], 1, length(a[1]) - 3)
                  if (page != last) { print; last = page; if (++n == 40000) exit } }' "$tmp/lackey.log" >"$out"
echo "$out: $(wc -l <"$out") accesses, $(awk '{ split($2, a, ","); print substr(a[1], 1, length(a[1]) - 3) }' "$out" | sort -u | wc -l) distinct pages"
