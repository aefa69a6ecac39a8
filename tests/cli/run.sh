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

# run --trace: a trace file alone, no scenario (usage errors 2, bad traces 1)
printf '# four pages, twice\n0\n1\n2\n3\n0\n1\n2\n3\n' >"$tmp/four.txt"
expect 0 "run --trace of a txt trace" "$bin" run --trace "$tmp/four.txt" --memory 16 --vmstat
has "read(): four pages read in" "$tmp/out" '^pgpgin 16$'
has "read(): the second read of each activates it" "$tmp/out" '^pgactivate 4$'
has "read(): the four pages end on the active file list" "$tmp/out" '^nr_active_file 4$'
has "read(): the rest of the zone is free" "$tmp/out" '^nr_free_pages 12$'
has "read(): no page faults" "$tmp/out" '^pgfault 0$'
expect 0 "run --trace --via mmap" "$bin" run --trace "$tmp/four.txt" --memory 16 --via mmap --vmstat
has "mmap: four major faults" "$tmp/out" '^pgmajfault 4$'
has "mmap: a second touch only sets the young bit" "$tmp/out" '^pgactivate 0$'
has "mmap: the pages stay inactive" "$tmp/out" '^nr_inactive_file 4$'
expect 0 "run --trace (text)" "$bin" run --trace "$tmp/four.txt" --memory 16
has "the object is called trace, sized by the largest page" "$tmp/out" '^  trace +4 +4 +4 +4 +0 +0$'
has "eight steps, one per access" "$tmp/out" '^steps +8$'
# u32: the same trace as little-endian 32-bit words gives the same run
awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) print (rand() < 0.5 ? int(rand() * 200) : int(rand() * 20)) }' >"$tmp/mix.txt"
perl -ne 'print pack("V", $_)' "$tmp/mix.txt" >"$tmp/mix.u32"
[ "$(wc -c <"$tmp/mix.u32")" -eq 12000 ] && pass || fail "the u32 trace has 4 bytes per access"
"$bin" run --trace "$tmp/mix.txt" --memory 64 --json | sed 's/"path":"[^"]*"//' >"$tmp/mix-txt.json"
"$bin" run --trace "$tmp/mix.u32" --trace-format u32 --memory 64 --json | sed 's/"path":"[^"]*"//' >"$tmp/mix-u32.json"
[ -s "$tmp/mix-txt.json" ] && cmp -s "$tmp/mix-txt.json" "$tmp/mix-u32.json" && pass ||
	fail "run --json of a txt trace and of the same trace in u32 differ beyond the path"
has "the mixed trace makes reclaim run" "$tmp/mix-txt.json" '"pgsteal_normal":[1-9]'
expect 0 "trace --trace: JSON Lines from a trace file" "$bin" trace --trace "$tmp/four.txt" --memory 16 --via mmap
[ "$(wc -l <"$tmp/out")" -eq 8 ] && pass || fail "trace --trace prints one line per access"
has "trace --trace: the first access faults page 0 of trace" "$tmp/out" '^\{"step":1,.*"page":\{"object":"trace","index":0,.*"outcome":"fault"'
expect 0 "run --trace of a lackey trace" "$bin" run --trace data/traces/sort.lackey --trace-format lackey --memory 64 --via mmap
has "lackey: 103 distinct pages" "$tmp/out" '^  trace +103 '
printf '0\n1\n2 x3\n' >"$tmp/names.txt"
expect 0 "a txt trace that names objects makes one object per name" "$bin" run --trace "$tmp/names.txt" --memory 16
has "the named object x3 is there" "$tmp/out" '^  x3 +3 '
printf '0\n1\n  two\n' >"$tmp/bad.txt"
expect 1 "a non-number line" "$bin" run --trace "$tmp/bad.txt" --memory 16
has "it names the file, line and column" "$tmp/err" "^$tmp/bad\.txt:3:3: error: expected a page number, found \"two\"$"
printf '\1\0\0' >"$tmp/bad.u32"
expect 1 "a u32 trace of 3 bytes" "$bin" run --trace "$tmp/bad.u32" --trace-format u32 --memory 16
has "the size is named" "$tmp/err" 'whole number of 4-byte page numbers, but the file has 3 bytes'
expect 1 "a missing trace file" "$bin" run --trace "$tmp/none.txt" --memory 16
has "a missing trace is named" "$tmp/err" "cannot read trace file \"$tmp/none\.txt\""
expect 2 "--memory 0" "$bin" run --trace "$tmp/four.txt" --memory 0
has "--memory 0: the range and the limit" "$tmp/err" '^vmscan-viz: error: --memory: expected a whole number of pages from 16 to 67108864, found 0; 67108864 is the engine.s limit'
expect 2 "--memory 99999999999" "$bin" run --trace "$tmp/four.txt" --memory 99999999999
has "--memory 99999999999: the range" "$tmp/err" 'from 16 to 67108864, found 99999999999;'
expect 2 "--memory that is not a number" "$bin" run --trace "$tmp/four.txt" --memory 64k
expect 2 "--trace without --memory" "$bin" run --trace "$tmp/four.txt"
expect 2 "--trace and a scenario" "$bin" run data/default.json --trace "$tmp/four.txt" --memory 16
expect 2 "--memory without --trace" "$bin" run data/default.json --memory 16
expect 2 "an unknown --via" "$bin" run --trace "$tmp/four.txt" --memory 16 --via write
expect 2 "an unknown --trace-format" "$bin" run --trace "$tmp/four.txt" --memory 16 --trace-format u23
has "the format is suggested" "$tmp/err" 'did you mean "u32"\?'

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
