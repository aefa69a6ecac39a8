#!/bin/sh
# tests/tools/record-real-program.sh [OUTDIR] - record a real program's memory,
# with its kinds of memory, for data/real-program.json, in one command.
#
# The program is tests/tools/report.c: it maps a log of orders (8 MiB) and
# reads it once, a chunk at a time, answering a burst of queries by binary
# search in a sorted index it also maps (512 KiB) after each chunk, with its
# totals in a heap table.  It runs under valgrind's lackey tool (Debian:
# valgrind), which logs every instruction fetch and data access, and it
# copies its own /proc/self/maps before it exits, so that each address can
# be given to its mapping (--maps): the program's and libc's code, the two
# mapped files, the heap and the stack.
#
# lackey logs some 20 million accesses; the filter keeps what reclaim can
# tell apart.  An access is dropped when its 4 KiB page is among the last
# K distinct pages accessed (K = 16) and was written out less than R lines
# before (R = 256): in between, a real page's accessed bit is already set,
# and the simulated zone (hundreds of pages) cannot reclaim a page that
# recent.  The second rule keeps a page that is used all the time (the code
# of a loop, the top of the stack) in the trace every R lines, as the
# kernel would find its accessed bit set again at every scan.
#
# Writes OUTDIR/report.lackey and OUTDIR/report.maps (default data/traces),
# and prints their sizes.  The output depends on the valgrind, compiler and
# libc versions; the committed files are the reference.
set -eu
out=${1:-data/traces}
here=$(cd "$(dirname "$0")" && pwd)
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3, to write the data files" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/db"
${CC:-cc} -std=c11 -O1 -g -D_DEFAULT_SOURCE -o "$tmp/report" "$here/report.c"
# the data: 2048 pages of orders (customer, amount, padding: 512 bytes each),
# and 65536 sorted 48-bit customer keys
python3 - "$tmp/db" <<'EOF'
import random, struct, sys
r = random.Random(20100210)
with open(sys.argv[1] + "/orders.dat", "wb") as f:
    for _ in range(2048 * 8):
        f.write(struct.pack("<QQ", r.getrandbits(32), r.randrange(1, 1000)) + bytes(496))
with open(sys.argv[1] + "/customers.idx", "wb") as f:
    f.write(b"".join(struct.pack("<Q", k) for k in sorted(r.getrandbits(48) for _ in range(65536))))
EOF
valgrind --tool=lackey --trace-mem=yes --log-file="$tmp/lackey.log" \
	"$tmp/report" "$tmp/db" "$tmp/report.maps" >/dev/null
awk -v K=16 -v R=256 '
/^(I | [LSM]) / {
	split($2, a, ","); page = substr(a[1], 1, length(a[1]) - 3)
	for (i = 0; i < n; i++) if (recent[i] == page) break
	if (i < n && emitted - last[page] < R) {	# recent: move it to the front, drop
		for (; i > 0; i--) recent[i] = recent[i - 1]
		recent[0] = page; next
	}
	if (i == n && n < K) n++
	if (i == n) i = n - 1
	for (; i > 0; i--) recent[i] = recent[i - 1]
	recent[0] = page; last[page] = ++emitted
	print
}' "$tmp/lackey.log" >"$out/report.lackey"
# the folders the program and its data lived in are temporary: name them for good
sed -e "s|$tmp/db/|/srv/shop/|" -e "s|$tmp/report|/usr/local/bin/report|" "$tmp/report.maps" >"$out/report.maps"
echo "lackey: $(grep -c '^\(I \| [LSM]\) ' "$tmp/lackey.log") accesses recorded"
echo "$out/report.lackey: $(wc -l <"$out/report.lackey") accesses, $(wc -c <"$out/report.lackey") bytes"
echo "$out/report.maps: $(wc -l <"$out/report.maps") mappings"
