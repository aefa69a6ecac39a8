#!/bin/sh
# tests/cli/run.sh BIN - the headless front end as a script would use it:
# help and version, usage errors (exit 2), bad scenarios (exit 1), the
# shape of run/trace/vmstat/ftrace/compare output, determinism, and the
# numbers compare must show on the seed scenarios.
set -u
bin=$1
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# expect STATUS SENTENCE COMMAND...: the command exits with STATUS
expect() {
	want=$1 what=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; got=$?
	if [ "$got" -eq "$want" ]; then pass; else fail "$what: exit $got, want $want"; cat "$tmp/err"; fi
}
# has SENTENCE FILE PATTERN: the file contains the extended regex
has() { if grep -qE -- "$3" "$2"; then pass; else fail "$1: no /$3/ in output"; head -5 "$2"; fi; }
# num FILE NAME: the number after NAME on its line in the file
num() { grep -E "^ *$2 " "$1" | head -1 | awk '{print $2}'; }

expect 0 "--version" "$bin" --version
has "--version prints the version" "$tmp/out" '^vmscan-viz [0-9]+\.[0-9]+\.[0-9]+$'
expect 0 "--help" "$bin" --help
for c in run trace check compare policies; do has "--help names $c" "$tmp/out" "vmscan-viz $c"; done
expect 0 "policies" "$bin" policies
[ "$(wc -l <"$tmp/out")" -eq 6 ] && pass || fail "policies lists 6 policies"
expect 2 "an unknown option" "$bin" run data/default.json --frobnicate
has "the unknown option is named" "$tmp/err" "unknown option '--frobnicate'"
expect 2 "an unknown policy" "$bin" run data/default.json --policy 2.6.99
has "the known policies are listed" "$tmp/err" "known policies: 2.6.33 "
expect 2 "run without a scenario" "$bin" run
expect 2 "a value given to a switch" "$bin" run data/default.json --json=yes
expect 2 "compare with one policy" "$bin" compare data/default.json --policy 2.6.34
expect 1 "a missing scenario" "$bin" run no-such-file.json
has "a missing file is named" "$tmp/err" "no-such-file.json"
expect 2 "the visualizer with output not to a terminal" "$bin" data/default.json

# run --json: the contract's keys
expect 0 "run --json" "$bin" run data/used-once-mmap.json --json
for k in scenario policy steps counters decisions lists objects; do has "run --json has $k" "$tmp/out" "\"$k\":"; done
[ "$(wc -l <"$tmp/out")" -eq 1 ] && pass || fail "run --json prints one line"
# deterministic: byte-identical output
"$bin" run data/database-index.json --policy refault --json >"$tmp/a"
"$bin" run data/database-index.json --policy refault --json >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && pass || fail "run is deterministic"
"$bin" trace data/default.json --policy 2.6.33 >"$tmp/t1"
"$bin" trace data/default.json --policy 2.6.33 >"$tmp/t2"
cmp -s "$tmp/t1" "$tmp/t2" && pass || fail "trace is deterministic"
# trace: one object per step, numbered 1..N, every line with its keys
steps=$("$bin" run data/default.json --policy 2.6.33 | awk '/^steps/{print $2}')
[ "$(wc -l <"$tmp/t1")" -eq "$steps" ] && pass || fail "trace prints one line per step ($steps)"
[ "$(grep -c '^{"step":[0-9]*,"kind":"[a-z_]*","function":"[a-z_]*","op":[0-9]*' "$tmp/t1")" -eq "$steps" ] && pass ||
	fail "every trace line starts with step, kind, function, op"
[ "$(grep -c '"outcome":"[a-z_]*","branch":"[a-z_0-9]*","reason":"' "$tmp/t1")" -eq "$steps" ] && pass ||
	fail "every trace line has outcome, branch and reason"
has "scan steps carry their inputs" "$tmp/t1" '"kind":"scan".*"inputs":\{"referenced_ptes":[0-9]+,"referenced_page":(true|false)'
has "the first step of an operation carries its caption" "$tmp/t1" '"caption":"The program starts'
# vmstat and ftrace shapes
expect 0 "run --vmstat" "$bin" run data/dirty-pages.json --vmstat
has "vmstat has nr_free_pages" "$tmp/out" '^nr_free_pages [0-9]+$'
has "vmstat has pgrotated" "$tmp/out" '^pgrotated [1-9][0-9]*$'
grep -qvE '^[a-z_]+ [0-9]+$' "$tmp/out" && fail "every vmstat line is 'name value'" || pass
expect 0 "run --ftrace" "$bin" run data/dirty-pages.json --ftrace
has "ftrace lines have the tracepoint's shape" "$tmp/out" '^kswapd0-[0-9]+ +\[000\] \.\.\.\. [0-9]+\.[0-9]{6}: mm_vmscan_lru_shrink_inactive: nid=0 zid=2 nr_scanned=[0-9]+ nr_reclaimed=[0-9]+ '
# check --expect: a failing expectation fails the run
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"f","type":"file","pages":4}],"workload":[{"op":"read","object":"f"}],"expect":[{"check":"pgactivate >= 1"}]}' >"$tmp/fails.json"
expect 1 "a failed expectation" "$bin" check --expect --policy 2.6.34 "$tmp/fails.json"
has "it is reported with the value measured" "$tmp/out" '^FAIL  2\.6\.34 +pgactivate >= 1  \(measured 0 at step 4\)'
expect 0 "check of the classroom library, schema included" "$bin" check data/*.json
has "the schema is passed over, not reported as a bad scenario" "$tmp/out" '^data/scenario\.schema\.json: a JSON Schema, not a scenario: skipped$'

# compare: the differences the seeds describe, on numbers
expect 0 "compare on the torrent" "$bin" compare data/used-once-mmap.json --policy 2.6.33 --policy 2.6.34
a=$(grep '^pgactivate' "$tmp/out" | awk '{print $2}'); b=$(grep '^pgactivate' "$tmp/out" | awk '{print $3}')
[ "$a" -ge 1000 ] && [ "$b" -lt 100 ] && pass || fail "torrent: pgactivate 2.6.33 ($a) >= 1000 and 2.6.34 ($b) < 100"
has "the verdict names libc.so's refaults" "$tmp/out" '^  libc\.so: 2\.6\.33 keeps .* refaults [1-9][0-9]* vs 0\.'
expect 0 "compare on the database" "$bin" compare data/database-index.json --policy 2.6.34 --policy refault
r34=$(grep '^index ' "$tmp/out" | awk '{print $3}'); rr=$(grep '^index ' "$tmp/out" | awk '{print $5}')
[ "$r34" -ge 500 ] && [ "$rr" -le 128 ] && pass || fail "database: index refaults 2.6.34 ($r34) >= 500, refault ($rr) <= 128"
expect 0 "compare --all" "$bin" compare data/database-index.json --all
[ "$(grep -cE '^(2\.6\.3|refault|mapped-ratio)' "$tmp/out")" -eq 6 ] && pass || fail "compare --all has one row per policy"
expect 0 "compare --csv" "$bin" compare data/default.json --policy 2.6.33 --policy 2.6.34 --csv --every 100
has "csv header" "$tmp/out" '^step,policy,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_unevictable,nr_free_pages,pgactivate'
has "csv rows for both policies" "$tmp/out" '^[0-9]+,2\.6\.34,'
expect 0 "compare --json" "$bin" compare data/default.json --all --json
has "compare --json has runs" "$tmp/out" '^\{"scenario":"A tour of page reclaim","runs":\[\{'

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
