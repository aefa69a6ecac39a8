#!/bin/sh
# tests/bench/run.sh BUILD [smoke] - the figures of `make bench`.
# Runs each figure several times and prints a table: median, spread (min to
# max), and the command that produced it.  `smoke` uses tiny sizes, once
# each, to check the benchmark itself runs (make test does this); its
# numbers mean nothing.
set -eu
build=$1
mode=${2:-full}
bench=$build/tests/bench
viz=${BIN:-$(make -s --no-print-directory -C "$(dirname "$0")/../.." where)/vmscan-viz}
if [ "$mode" = smoke ]; then
	runs=1 accesses=20000 seekn=20000 sizes="1024 4096"
else
	runs=5 accesses=10000000 seekn=10000000 sizes="10240 102400 1048576"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure CMD...: run it $runs times; collect "name value unit" lines
measure() {
	: >"$tmp/lines"
	for i in $(seq "$runs"); do "$@" >>"$tmp/lines"; done
	awk -v cmd="$*" '
		{ v[$1] = v[$1] " " $2; u[$1] = $3; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } }
		END {
			for (k = 0; k < n; k++) {
				name = order[k]; m = split(substr(v[name], 2), a, " ")
				for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
				med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
				printf "%-31s %11.2f %-6s  %11.2f .. %-11.2f  %s\n", name, med, u[name], a[1], a[m], cmd
			}
		}' "$tmp/lines"
}

echo "vmscan-viz benchmark ($mode), $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
printf '%-31s %11s %-6s  %26s  %s\n' figure median unit "spread (min .. max)" command
measure "$bench" throughput "$accesses"
# the engine against the bare loop on the pure scan and on Zipf(0.9)
measure "$bench" throughput "$accesses" scan
measure "$bench" throughput "$accesses" zipf
# the second reference, if libCacheSim has been built (not in smoke runs)
[ "$mode" = smoke ] || [ -z "${LIBCACHESIM:-}" ] || measure tests/bench/libcachesim.sh "$bench" "$accesses"
[ "$mode" = smoke ] || [ -n "${LIBCACHESIM:-}" ] || tests/bench/libcachesim.sh "$bench" "$accesses"
# the commands as users run them, whole processes (cli.sh); F is a trace of
# N accesses written by `bench trace-u32 F N KIND` (mix, scan, zipf); in
# a smoke run only when the program is built
if [ "$mode" != smoke ] || [ -x "$viz" ]; then
echo "-- whole processes, each timed by \`$bench time CMD\`:"
echo "   bare loop: $bench bare F 102400"
echo "   run:       $viz run --trace F --trace-format u32 --memory 102400 --json"
echo "   compare:   $viz compare --all --trace F --trace-format u32 --memory 102400"
echo "   load:      $viz run --trace F [--trace-format u32] --memory 102400 --max-steps 1"
measure tests/bench/cli.sh "$viz" "$bench" "$accesses"
fi
measure "$bench" seek "$seekn"
# the same with half of that budget: each side of compare mode gets this
[ "$mode" = smoke ] || measure "$bench" seek "$seekn" 60
# the visualizer's run at a million pages, headless (tests/bench/view.c):
# first frame, background indexing, step back and jump, p, memory
if [ "$mode" = smoke ]; then viewmem=1024; else viewmem=1048576; fi
"$bench" trace-u32 "$tmp/view.u32" "$accesses"
echo "-- the visualizer's run: $accesses accesses, $viewmem pages of memory"
measure "$build/tests/bench-view" "$tmp/view.u32" "$viewmem"
# the same under 6.1's multi-gen LRU (its p goes to 2.6.34)
echo "-- the visualizer's run under mglru: $accesses accesses, $viewmem pages of memory"
measure "$build/tests/bench-view" "$tmp/view.u32" "$viewmem" 64 mglru
for p in $sizes; do
	echo "-- $p pages of memory, $((p * 8)) accesses"
	measure "$bench" growth "$p"
done
# the visualizer, in tmux at 200x60, on the default tour, the largest
# classroom scenario, and a 1 Mi-page zone
[ "$mode" = smoke ] && exit 0
for s in data/default.json data/database-index.json tests/bench/one-mi-pages.json; do
	echo "-- visualizer on $(basename "$s")"
	measure tests/bench/tui.sh "$viz" "$s"
done
