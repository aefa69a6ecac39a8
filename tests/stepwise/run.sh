#!/bin/sh
# tests/stepwise/run.sh BIN - the reports read no step record, so `run`,
# `compare` and `check --expect` take engine_run(), the engine's path that
# fills none; VMSCAN_STEPWISE=1 (a test hook) makes them take one
# engine_step() at a time instead.  Both must print the same bytes: every
# shipped scenario under every policy, as text (with the rules that fired,
# which the engine counts on both paths), --json and --vmstat; compare
# --all; check --expect; and a 1 M-access trace read and mapped, as text
# and as a u32 file (mapped by the loader and read in place).
set -u
bin=$1
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# same SENTENCE COMMAND...: the command prints the same on both paths
same() {
	what=$1; shift
	"$@" >"$tmp/fast" 2>&1; a=$?
	VMSCAN_STEPWISE=1 "$@" >"$tmp/step" 2>&1; b=$?
	if [ "$a" -eq "$b" ] && cmp -s "$tmp/fast" "$tmp/step"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1)); echo "FAIL: $what (exit $a and $b)"; diff "$tmp/fast" "$tmp/step" | head -10
	fi
}

# VMSCAN_TEST_SIZE=small (make test's sanitized pass; make test-all and
# the plain pass run all of it): three scenarios, and the trace below at a
# quarter of the sanitized size.
scenarios=$(ls data/*.json)
[ "${VMSCAN_TEST_SIZE:-}" = small ] && scenarios="data/default.json data/used-once-mmap.json data/mapped-file-inuse.json"
policies=$("$bin" policies | awk '{ print $1 }')
[ -n "$policies" ] || { echo "FAIL: no policies"; failed=1; }
for f in $scenarios; do
	for p in $policies; do
		same "run $f --policy $p" "$bin" run "$f" --policy "$p"
		same "run $f --policy $p --json" "$bin" run "$f" --policy "$p" --json
		same "run $f --policy $p --vmstat" "$bin" run "$f" --policy "$p" --vmstat
	done
	same "compare $f --all --json" "$bin" compare "$f" --all --json
	same "check --expect $f" "$bin" check --expect "$f"
done
# a run stopped by --max-steps stops at the same step on both paths
same "run --max-steps" "$bin" run data/database-index.json --max-steps 1234 --json
same "check --expect --max-steps" "$bin" check --expect --max-steps 500 data/database-index.json

# 1 M accesses over 300 Ki pages in 64 Ki pages of memory: a Zipf-like
# hot set and a scan, each page a line.  The sanitized build checks every
# list after every step (VMSCAN_DEBUG), O(pages) a step: there the same
# shape at 1/32 of the size, or the suite would take hours.
n=1000000 hot=65536 scan=250000
[ -n "${VMSCAN_SANITIZED:-}" ] && n=32000 hot=2048 scan=8000
[ "${VMSCAN_TEST_SIZE:-}" = small ] && n=8000 hot=512 scan=2000
awk -v n=$n -v hot=$hot -v scan=$scan 'BEGIN { srand(20100222); s = 0
	for (i = 0; i < n; i++)
		if (rand() < 0.7) { r = rand(); print int(r * r * r * hot) }
		else print hot + (s++ % scan) }' >"$tmp/mix.txt"
[ "$(wc -l <"$tmp/mix.txt")" -eq $n ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: trace written"; }
for via in read mmap; do
	same "compare --all --json, $n accesses via $via" \
		"$bin" compare --all --json --trace "$tmp/mix.txt" --memory $hot --via "$via"
	same "run, $n accesses via $via" "$bin" run --trace "$tmp/mix.txt" --memory $hot --via "$via"
done
# the same accesses as a u32 file, which the loader maps and hands the
# engine in place: both paths, and the same run as from the text
perl -ne 'print pack("V", $_)' "$tmp/mix.txt" >"$tmp/mix.u32"
u32="--trace $tmp/mix.u32 --trace-format u32 --memory $hot"
same "run --json, $n accesses, u32 mapped" "$bin" run $u32 --json
same "compare --all --json, $n accesses, u32 mapped" "$bin" compare --all --json $u32
"$bin" run --trace "$tmp/mix.txt" --memory $hot --json | sed 's/"path":"[^"]*"//' >"$tmp/txt.json"
"$bin" run $u32 --json | sed 's/"path":"[^"]*"//' >"$tmp/u32.json"
if [ -s "$tmp/txt.json" ] && cmp -s "$tmp/txt.json" "$tmp/u32.json"; then
	passed=$((passed + 1))
else
	failed=$((failed + 1)); echo "FAIL: run --json of the $n-access trace as txt and as u32 differ beyond the path"
fi

echo "stepwise: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
