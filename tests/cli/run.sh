#!/bin/sh
# tests/cli/run.sh BIN - the headless front end as a script would use it:
# help and version, usage errors (exit 2), bad scenarios (exit 1), the
# shape of run/trace/vmstat/ftrace/compare output, determinism, and the
# numbers compare must show on the seed scenarios.
set -u
bin=$1
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
# the bound of a command that must end by itself (a FIFO must not block it):
# reached only if it hangs; five times longer under the sanitizers
LIMIT=60
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && LIMIT=$((LIMIT * 5))
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
has "--version prints the version (and the commit built, in a clone)" "$tmp/out" '^vmscan-viz [0-9]+\.[0-9]+\.[0-9]+( \([0-9A-Za-z._-]+\))?$'
expect 0 "--help" "$bin" --help
for c in run trace check compare plot policies; do has "--help names $c" "$tmp/out" "vmscan-viz $c"; done
expect 0 "policies" "$bin" policies
npol=$(wc -l <"$tmp/out")
[ "$npol" -ge 7 ] && [ "$npol" -eq "$(sed -n '/^## Policies/,/^`vmscan-viz policies`/p' README.md | grep -c '^| `')" ] &&
	pass || fail "policies lists every policy README's table lists ($npol)"
grep -E '^refault ' "$tmp/out" | grep -q "a hybrid: without 3.15's first-sight activation of VM_EXEC and multiply-mapped file pages (3.3)" &&
	pass || fail "policies says refault is a hybrid and what it leaves out"
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
for k in scenario policy steps memory counters decisions lists objects; do has "run --json has $k" "$tmp/out" "\"$k\":"; done
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
has "ftrace lines are 2.6.37's trace_pipe lines" "$tmp/out" '^ +kswapd0-25 +\[000\] +[0-9]+\.[0-9]{6}: mm_vmscan_lru_shrink_inactive: nid=0 zid=2 nr_scanned=[0-9]+ nr_reclaimed=[0-9]+ priority=[0-9]+ flags=RECLAIM_WB_FILE\|RECLAIM_WB_ASYNC$'
# every line of every scenario under every policy reads as 2.6.37's
# trace-vmscan-postprocess.pl reads it, and each event the engine can
# fill appears somewhere (tests/cli/ftrace-2.6.37.pl)
# The Summary of 2.6.37's Documentation/trace/postprocess/trace-vmscan-postprocess.pl
# when VMSCAN_POSTPROCESS names it (it is not shipped: fetch it from a 2.6.37 tree),
# otherwise the checker's own count of the same totals
if [ -n "${VMSCAN_POSTPROCESS:-}" ]; then
	postprocess() { perl "$VMSCAN_POSTPROCESS" 2>&1; }
	postprocess_name=$VMSCAN_POSTPROCESS
else
	postprocess() { perl tests/cli/ftrace-2.6.37.pl --summary; }
	postprocess_name="the 2.6.37 post-processor's count"
fi
# totals_match VMSTAT SUMMARY LRU_GEN CGROUPS: the Summary's totals are the
# run's counters: reclaims and pages scanned and reclaimed per reclaimer
# (none scanned or reclaimed under the multi-gen LRU, whose 6.1 code has no
# isolate or shrink tracepoint), writes (the script leaves out those of a task
# that never reclaimed directly: a cgroup's limit reclaim alone), and one
# kswapd wakeup at least per balance_pgdat() call, no more than pageoutrun
totals_match() {
	awk -v lru_gen="$3" -v cgroups="$4" '
		FNR == NR { v[$1] = $2
			if ($1 ~ /^allocstall/) stall += $2
			if ($1 ~ /^pgscan_direct/) scan_direct += $2
			if ($1 ~ /^pgscan_kswapd/) scan_kswapd += $2
			if ($1 == "kswapd_steal" || $1 == "pgsteal_kswapd") steal_kswapd += $2
			if ($1 == "pgsteal_normal" || $1 == "pgsteal_kswapd" || $1 == "pgsteal_direct") steal += $2
			next }
		/:/ { k = $0; sub(/:.*/, "", k); val = $0; sub(/^[^:]*:[ \t]*/, "", val); sub(/[ \t].*/, "", val); s[k] = val + 0 }
		function want(name, value) { if (s[name] != value) { print name ": " s[name] ", --vmstat gives " value; bad = 1 } }
		END {
			want("Direct reclaims", stall)
			want("Direct reclaim pages scanned", lru_gen ? 0 : scan_direct)
			want("Kswapd pages scanned", lru_gen ? 0 : scan_kswapd)
			want("Kswapd pages reclaimed", lru_gen ? 0 : steal_kswapd)
			want("Direct reclaim pages reclaimed", lru_gen || !stall ? 0 : steal - steal_kswapd)
			writes = 0
			for (k in s) if (k ~ /write .* I\/O$/) writes += s[k]
			if (writes > v["nr_vmscan_write"] || (writes < v["nr_vmscan_write"] && (stall || !cgroups))) {
				print "writes: " writes ", --vmstat gives nr_vmscan_write " v["nr_vmscan_write"]; bad = 1 }
			k = s["Kswapd wakeups"]
			if (k > v["pageoutrun"] || (k == 0) != (v["pageoutrun"] == 0)) {
				print "Kswapd wakeups: " k ", --vmstat gives pageoutrun " v["pageoutrun"]; bad = 1 }
			exit bad
		}' "$1" "$2"
}
if command -v perl >/dev/null; then
	n=0
	for f in data/*.json; do
		case $f in *schema*) continue ;; esac
		for p in $("$bin" policies | awk '{ print $1 }'); do
			if ! "$bin" run "$f" --policy "$p" --ftrace >"$tmp/ftrace" 2>"$tmp/ftrace-err"; then
				# a policy that does not model the scenario (mglru and cgroups) says so
				grep -q "error: policy $p does not model" "$tmp/ftrace-err" && pass ||
					fail "run $f --policy $p --ftrace"
				continue
			fi
			perl tests/cli/ftrace-2.6.37.pl <"$tmp/ftrace" >"$tmp/ftrace-check" && pass ||
				{ fail "$f under $p: the --ftrace lines are not 2.6.37's"; head -5 "$tmp/ftrace-check"; }
			"$bin" run "$f" --policy "$p" --vmstat >"$tmp/vmstat"
			postprocess <"$tmp/ftrace" >"$tmp/summary"
			lru_gen=0
			[ "$p" = mglru ] && lru_gen=1
			cgroups=0
			grep -q '"cgroups"' "$f" && cgroups=1
			totals_match "$tmp/vmstat" "$tmp/summary" $lru_gen $cgroups >"$tmp/totals" && pass ||
				{ fail "$f under $p: $postprocess_name's totals are not --vmstat's"; cat "$tmp/totals"; }
			n=$((n + 1))
			mv "$tmp/ftrace" "$tmp/ftrace-$n"
		done
	done
	# no shipped scenario reclaims directly (kswapd keeps up, lumpy.json's
	# too), so one with kswapd off gives the direct reclaim events
	sed 's/"memory": { "pages": 256 }/"memory": { "pages": 256, "kswapd": false }/' data/lumpy.json >"$tmp/direct.json"
	grep -q '"kswapd": false' "$tmp/direct.json" || fail "lumpy.json's memory line changed: give the direct reclaim scenario kswapd off"
	n=$((n + 1))
	"$bin" run "$tmp/direct.json" --ftrace >"$tmp/ftrace-$n" || fail "run lumpy.json with kswapd off --ftrace"
	perl tests/cli/ftrace-2.6.37.pl <"$tmp/ftrace-$n" >"$tmp/ftrace-check" && pass ||
		{ fail "lumpy.json with kswapd off: the --ftrace lines are not 2.6.37's"; head -5 "$tmp/ftrace-check"; }
	"$bin" run "$tmp/direct.json" --vmstat >"$tmp/vmstat"
	postprocess <"$tmp/ftrace-$n" >"$tmp/summary"
	totals_match "$tmp/vmstat" "$tmp/summary" 0 0 >"$tmp/totals" && pass ||
		{ fail "lumpy.json with kswapd off: $postprocess_name's totals are not --vmstat's"; cat "$tmp/totals"; }
	grep -q '^Direct reclaims: *[1-9]' "$tmp/summary" && pass || fail "lumpy.json with kswapd off: the summary counts no direct reclaim"
	# under mglru kswapd wakes once a balance_pgdat() call, not at every aging or sort step
	"$bin" run data/used-once-mmap.json --policy mglru --vmstat >"$tmp/vmstat"
	[ "$("$bin" run data/used-once-mmap.json --policy mglru --ftrace | grep -c mm_vmscan_kswapd_wake)" -le "$(num "$tmp/vmstat" pageoutrun)" ] && pass ||
		fail "used-once-mmap under mglru: more kswapd wakes than pageoutrun"
	# shrink_inactive_list() isolates under 6.1 with lru_gen off too (its
	# steps name shrink_folio_list()); evict_folios() emits no isolation
	[ "$("$bin" run data/default.json --policy 6.1 --ftrace | grep -c mm_vmscan_lru_isolate)" -gt 0 ] && pass ||
		fail "default.json under 6.1: no mm_vmscan_lru_isolate"
	[ "$("$bin" run data/default.json --policy mglru --ftrace | grep -c mm_vmscan_lru_isolate)" -eq 0 ] && pass ||
		fail "default.json under mglru: an mm_vmscan_lru_isolate"
	perl tests/cli/ftrace-2.6.37.pl --require mm_vmscan_kswapd_wake --require mm_vmscan_kswapd_sleep \
		--require mm_vmscan_wakeup_kswapd --require mm_vmscan_direct_reclaim_begin \
		--require mm_vmscan_direct_reclaim_end --require mm_vmscan_lru_isolate --require mm_vmscan_writepage \
		--require mm_vmscan_lru_shrink_inactive --require mm_vmscan_memcg_isolate \
		--require mm_vmscan_memcg_reclaim_begin --require mm_vmscan_memcg_reclaim_end \
		--require mm_vmscan_memcg_softlimit_reclaim_begin --require mm_vmscan_memcg_softlimit_reclaim_end \
		"$tmp"/ftrace-[0-9]* >"$tmp/ftrace-check" && pass ||
		{ fail "the scenarios together give every 2.6.37 vmscan event the engine fills"; cat "$tmp/ftrace-check"; }
	# the checker fails what it should: a line of 4.15's format, an unknown flag,
	# an order-0 isolation that scans more than it asked for, a direct
	# reclaim with no wakeup_kswapd before it
	printf '  kswapd0-25    [000] ....   0.000100: mm_vmscan_lru_shrink_inactive: nid=0 zid=2 nr_scanned=32 nr_reclaimed=32 nr_dirty=0 nr_writeback=0 nr_congested=0 nr_immediate=0 nr_activate=0 nr_ref_keep=0 nr_unmap_fail=0 priority=12 flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes a line of 4.15's format" || pass
	printf '         kswapd0-25    [000]     0.000100: mm_vmscan_writepage: page=ffffea0000001000 pfn=64 flags=RECLAIM_WB_DIRTY\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes an unknown flag" || pass
	printf '         kswapd0-25    [000]     0.000100: mm_vmscan_lru_isolate: isolate_mode=0 order=0 nr_requested=17 nr_scanned=32 nr_taken=32 contig_taken=0 contig_dirty=0 contig_failed=0\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes nr_scanned over nr_requested at order 0" || pass
	printf '        workload-1000  [000]     0.000100: mm_vmscan_direct_reclaim_begin: order=0 may_writepage=1 gfp_flags=GFP_HIGHUSER_MOVABLE\n        workload-1000  [000]     0.000101: mm_vmscan_direct_reclaim_end: nr_reclaimed=32\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes a direct reclaim with no wakeup_kswapd first" || pass
	printf '        workload-1000  [000]     0.000100: mm_vmscan_memcg_reclaim_begin: order=0 may_writepage=1 gfp_flags=GFP_HIGHUSER_MOVABLE\n        workload-1000  [000]     0.000101: mm_vmscan_lru_shrink_inactive: nid=0 zid=2 nr_scanned=32 nr_reclaimed=32 priority=12 flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes a batch shrunk with no isolation before it" || pass
	printf '        workload-1000  [000]     0.000101: mm_vmscan_memcg_reclaim_end: nr_reclaimed=32\n' |
		perl tests/cli/ftrace-2.6.37.pl >/dev/null && fail "the ftrace checker takes a memcg reclaim that ends without beginning" || pass
	# 2.6.34 wakes kswapd from the allocator's slow path only: 58 anonymous
	# pages in 64 without swap, then 100,000 touches of those pages, wake it
	# no more often than pages were allocated
	printf '{"format":1,"title":"hits","memory":{"pages":64,"swap":0},"objects":[{"name":"heap","type":"anon","pages":58}],"workload":[{"op":"touch","object":"heap"},{"op":"random","object":"heap","count":100000,"seed":1}]}' >"$tmp/hits.json"
	"$bin" run "$tmp/hits.json" --vmstat >"$tmp/vmstat"
	"$bin" run "$tmp/hits.json" --ftrace >"$tmp/ftrace"
	[ "$(grep -c mm_vmscan_wakeup_kswapd "$tmp/ftrace")" -le "$(num "$tmp/vmstat" pgalloc_normal)" ] && pass ||
		fail "hits of resident pages wake kswapd: $(grep -c mm_vmscan_wakeup_kswapd "$tmp/ftrace") wakeups for $(num "$tmp/vmstat" pgalloc_normal) allocations"
	[ "$(num "$tmp/vmstat" pageoutrun)" -le "$(num "$tmp/vmstat" pgalloc_normal)" ] && pass ||
		fail "hits of resident pages run kswapd: pageoutrun $(num "$tmp/vmstat" pageoutrun)"
	"$bin" run data/dirty-pages.json --vmstat >"$tmp/vmstat"
	"$bin" run data/dirty-pages.json --ftrace >"$tmp/ftrace"
	sum=$(sed -n 's/.*mm_vmscan_lru_shrink_inactive: .* nr_scanned=\([0-9]*\) .*/\1/p' "$tmp/ftrace" | awk '{ s += $1 } END { print s + 0 }')
	[ "$sum" -eq "$(($(num "$tmp/vmstat" pgscan_kswapd_normal) + $(num "$tmp/vmstat" pgscan_direct_normal)))" ] && pass ||
		fail "the batches' nr_scanned add up to pgscan ($sum)"
	[ "$(grep -c mm_vmscan_writepage "$tmp/ftrace")" -eq "$(num "$tmp/vmstat" nr_vmscan_write)" ] && pass ||
		fail "one mm_vmscan_writepage line per nr_vmscan_write"
	# the 2.6.36-3.1 post-processor's "pages scanned": nr_scanned of every
	# isolation but an active list's (isolate_mode 1), which is pgscan
	for f in data/used-once-mmap.json "$tmp/direct.json"; do
		"$bin" run "$f" --policy 2.6.33 --vmstat >"$tmp/vmstat"
		sum=$("$bin" run "$f" --policy 2.6.33 --ftrace | awk '/mm_vmscan_lru_isolate/ {
			for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			if (v["isolate_mode"] != 1) n += v["nr_scanned"] } END { print n + 0 }')
		[ "$sum" -eq "$(($(num "$tmp/vmstat" pgscan_kswapd_normal) + $(num "$tmp/vmstat" pgscan_direct_normal)))" ] && pass ||
			fail "$f: the 2.6.37 script's pages scanned ($sum) is not pgscan"
	done
else
	echo "skip: perl is not installed; the --ftrace lines were not read as 2.6.37's"
fi
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
expect 0 "compare --all" "$bin" compare data/database-index.json --all --width 1000
[ "$(sed -n 3p "$tmp/out" | wc -w)" -eq "$("$bin" policies | wc -l)" ] && pass || fail "compare --all has a column per policy"
has "compare --all: the mglru column's counters by 6.1's names" "$tmp/out" '^  pgsteal_normal +pgsteal_kswapd\+pgsteal_direct$'
# compare --all's table fits 120 columns (not a terminal) on every scenario
# shipped and on a real program's trace, and says what --json says
ct() {	# ct SENTENCE WIDTH COMMAND-ARGS...: the table against --json
	what=$1 w=$2; shift 2
	"$bin" compare --all "$@" ${w:+--width "$w"} >"$tmp/table" 2>/dev/null &&
		"$bin" compare --all --json "$@" >"$tmp/table.json" 2>/dev/null &&
		python3 tests/cli/compare_table.py "$tmp/table" "$tmp/table.json" "${w:-120}" >"$tmp/ct" &&
		pass || { fail "$what"; cat "$tmp/ct"; }
}
for f in data/*.json; do
	[ "$f" = data/scenario.schema.json ] && continue
	if grep -q '"cgroups"' "$f"; then
		# mglru does not model memory cgroups: --all leaves it out
		"$bin" compare --all "$f" >"$tmp/table" 2>/dev/null && sed -n 3p "$tmp/table" | grep -q 2.6.34 &&
			! grep -q mglru "$tmp/table" && pass || fail "compare --all of $f: the policies that model cgroups"
	fi
	ct "compare --all of $f: 120 columns, the figures of --json" "" "$f"
done
ct "compare --all of a lackey trace: 120 columns, the figures of --json" "" \
	--trace data/traces/report.lackey -f lackey --maps data/traces/report.maps --memory 384
ct "compare --all --width 60: the policies in groups, every figure kept" 60 data/real-program.json
[ "$(grep -c '^pgactivate ' "$tmp/table")" -ge 2 ] && pass || fail "--width 60 prints the policies in more than one group"
python3 - "$tmp/long.json" <<'PY'
import json, sys
d = json.load(open("data/default.json"))
d.pop("expect", None)
d["title"] = "A title longer than the table is wide, " * 5
t = json.dumps(d).replace('"libc.so"', json.dumps("/usr/lib/" + "a-long-directory/" * 9 + "libc.so.6"))
open(sys.argv[1], "w").write(t)
PY
ct "compare --all with a 170-character object name and a long title: wrapped, whole" "" "$tmp/long.json"
expect 2 "--width below the narrowest" "$bin" compare data/default.json --all --width 20
expect 2 "--width with --json" "$bin" compare data/default.json --all --json --width 80
expect 0 "compare --csv" "$bin" compare data/default.json --policy 2.6.33 --policy 2.6.34 --csv --every 100
has "csv header" "$tmp/out" '^access,policy,step,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_unevictable,nr_free_pages,pgactivate'
has "csv rows for both policies" "$tmp/out" '^[0-9]+,2\.6\.34,'
has "csv: per object, its resident pages and refaults" "$tmp/out" '^access,.*,libc\.so\.resident,libc\.so\.refaults,'
has "csv: per object, its active pages too" "$tmp/out" '^access,.*,libc\.so\.resident,libc\.so\.refaults,libc\.so\.active,'
# the flood of the active list per object: the torrent's big.iso under
# 2.6.33, never under 2.6.34
"$bin" compare data/used-once-mmap.json --policy 2.6.33 --policy 2.6.34 --csv >"$tmp/flood.csv"
python3 - "$tmp/flood.csv" <<'PY' && pass || fail "csv: big.iso.active shows 2.6.33's flood of the active list and none under 2.6.34"
import csv, sys
most = {}
for r in csv.DictReader(open(sys.argv[1], newline="")):
    most[r["policy"]] = max(most.get(r["policy"], 0), int(r["big.iso.active"]))
    assert int(r["big.iso.active"]) <= int(r["big.iso.resident"])
assert most["2.6.33"] >= 32 and most["2.6.34"] == 0, most
PY
# the access axis is shared: under every policy the same accesses, and
# the last row is the end of the run as `run` reports it
expect 0 "compare --csv --all" "$bin" compare data/database-index.json --all --csv
for p in $("$bin" policies | awk '{ print $1 }'); do
	awk -F, -v p="$p" '$2 == p { print $1 }' "$tmp/out" >"$tmp/acc-$p"
	"$bin" run data/database-index.json --policy "$p" --json >"$tmp/run-$p"
	last=$(awk -F, -v p="$p" '$2 == p' "$tmp/out" | tail -n 1)
	steps=$(sed -n 's/.*"steps":\([0-9]*\).*/\1/p' "$tmp/run-$p")
	refaults=$(sed -n 's/.*"index":{[^}]*"refaults":\([0-9]*\).*/\1/p' "$tmp/run-$p")
	col=$(head -n 1 "$tmp/out" | tr , '\n' | grep -nx 'index\.refaults' | cut -d: -f1)
	[ "$(echo "$last" | cut -d, -f3)" = "$steps" ] && pass || fail "csv under $p: the last row is at the run's last step ($steps)"
	[ -n "$col" ] && [ "$(echo "$last" | cut -d, -f"$col")" = "$refaults" ] && pass ||
		fail "csv under $p: the last row's index.refaults is run's ($refaults)"
done
for p in $("$bin" policies | awk '{ print $1 }'); do
	cmp -s "$tmp/acc-2.6.34" "$tmp/acc-$p" && pass || fail "csv: $p has the accesses 2.6.34 has"
done
[ "$(head -n 1 "$tmp/acc-2.6.34")" = 0 ] && [ "$(wc -l <"$tmp/acc-2.6.34")" -eq 17731 ] && pass ||
	fail "csv: one row per access, 0 to 17730"
python3 - "$tmp/out" "$("$bin" policies | wc -l)" <<'PY' && pass || fail "python's csv module reads compare --csv: refaults never fall, the accesses count up"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
by = {}
for r in rows:
    by.setdefault(r["policy"], []).append(r)
assert len(by) == int(sys.argv[2]), by.keys()
for p, rs in by.items():
    acc = [int(r["access"]) for r in rs]
    assert acc == list(range(len(acc))), p
    ref = [int(r["index.refaults"]) for r in rs]
    assert all(a <= b for a, b in zip(ref, ref[1:])), p
assert int(by["2.6.34"][-1]["index.refaults"]) >= 500
assert int(by["2.6.33"][-1]["index.refaults"]) == 0
PY
expect 0 "run --csv --every" "$bin" run data/database-index.json --csv --every 5000
[ "$(cut -d, -f1 "$tmp/out" | tr '\n' ' ')" = "access 0 5000 10000 15000 17730 " ] && pass ||
	fail "run --csv --every 5000: rows 0, 5000, 10000, 15000 and the end"
# object names with commas and quotes are quoted as RFC 4180 says
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"a, \\"b\\"","type":"file","pages":4},{"name":" c","type":"anon","pages":4}],"workload":[{"op":"read","object":"a, \\"b\\""},{"op":"touch","object":" c"}]}' >"$tmp/quote.json"
expect 0 "compare --csv of objects whose names hold commas and quotes" "$bin" compare "$tmp/quote.json" --all --csv
has "the name is quoted, its quotes doubled" "$tmp/out" '^access,.*,"a, ""b""\.resident","a, ""b""\.refaults","a, ""b""\.active"," c\.resident"," c\.refaults"," c\.active",gen\.age0\.anon,'
python3 - "$tmp/out" <<'PY' && pass || fail "python's csv module reads the quoted names back"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0][-14:-8] == ['a, "b".resident', 'a, "b".refaults', 'a, "b".active', ' c.resident', ' c.refaults', ' c.active'], rows[0]
assert all(len(r) == len(rows[0]) for r in rows)
assert rows[-1][rows[0].index('a, "b".resident')] == "4"
PY
# under the multi-gen LRU: each generation's pages by age rank and type,
# empty under a two-list policy; the ranks add up to the resident pages
expect 0 "compare --csv, 2.6.34 and mglru" "$bin" compare data/used-once-mmap.json --policy 2.6.34 --policy mglru --csv --every 10
has "csv: the generations' columns last, youngest first" "$tmp/out" '^access,.*,big\.iso\.active,gen\.age0\.anon,gen\.age0\.file,gen\.age1\.anon,gen\.age1\.file,gen\.age2\.anon,gen\.age2\.file,gen\.age3\.anon,gen\.age3\.file$'
python3 - "$tmp/out" data/used-once-mmap.json <<'PY' && pass || fail "csv: mglru's generations add up to its resident anon and file pages, each type within MAX_NR_GENS; empty under 2.6.34"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
types = {o["name"]: o["type"] for o in json.load(open(sys.argv[2]))["objects"]}
gens = ["gen.age%d.%s" % (r, t) for r in range(4) for t in ("anon", "file")]
seen = {"2.6.34": 0, "mglru": 0}
older = 0
for r in rows:
    seen[r["policy"]] += 1
    if r["policy"] == "2.6.34":
        assert all(r[g] == "" for g in gens), r
        continue
    for t in ("anon", "file"):
        res = sum(int(r[o + ".resident"]) for o in types if types[o] == t)
        got = sum(int(r["gen.age%d.%s" % (a, t)]) for a in range(4))
        assert got == res, (r["access"], t, got, res)
    older += sum(int(r["gen.age%d.file" % a]) for a in (1, 2, 3))
assert seen["2.6.34"] > 100 and seen["mglru"] == seen["2.6.34"], seen
assert older > 0  # pages age: not all in the youngest generation
PY
# under mglru an object's active counts its pages in the two youngest
# generations (6.1 lru_gen_is_active()): the objects' add up to nr_active_*
python3 - "$tmp/out" data/used-once-mmap.json <<'PY' && pass || fail "csv: mglru's OBJECT.active add up to its nr_active_anon and nr_active_file"
import csv, json, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline="")) if r["policy"] == "mglru"]
types = {o["name"]: o["type"] for o in json.load(open(sys.argv[2]))["objects"]}
some = 0
for r in rows:
    for t in ("anon", "file"):
        got = sum(int(r[o + ".active"]) for o in types if types[o] == t)
        assert got == int(r["nr_active_" + t]), (r["access"], t, got, r["nr_active_" + t])
        some += got
assert some > 0
PY
# the counters' names as --vmstat gives them under 6.1: the CSV's columns
# when every run is mglru's, and the pair table's list beside 2.6.34's rows
expect 0 "run --csv under mglru" "$bin" run data/default.json --policy mglru --csv
has "csv under mglru: 6.1's counter names" "$tmp/out" '^access,.*,pgrefill,pgscan_kswapd,pgscan_direct,pgsteal_kswapd\+pgsteal_direct,.*,workingset_activate_file,allocstall_movable,'
expect 0 "compare 2.6.34 and mglru" "$bin" compare data/default.json --policy 2.6.34 --policy mglru
has "compare names mglru's counters as 6.1 does" "$tmp/out" '^  pgscan_kswapd_normal +pgscan_kswapd$'
has "compare: 6.1's pgsteal is by reclaimer" "$tmp/out" '^  pgsteal_normal +pgsteal_kswapd\+pgsteal_direct$'
# --lru-gen and --lru-gen-full as 6.1's lru_gen_seq_show() prints them: a
# parser written for the real file (tests/cli/lru_gen_full.pl) reads every
# scenario's, line for line; both forms and --vmstat's lists add up alike
if command -v perl >/dev/null; then
	for f in data/*.json; do
		case $f in *.schema.json) continue ;; esac
		"$bin" run "$f" --policy mglru --vmstat >"$tmp/v" 2>/dev/null || continue # cgroups: refused
		"$bin" run "$f" --policy mglru --lru-gen-full 2>/dev/null | perl tests/cli/lru_gen_full.pl --full >"$tmp/lf" &&
			"$bin" run "$f" --policy mglru --lru-gen 2>/dev/null | perl tests/cli/lru_gen_full.pl >"$tmp/ls" && pass ||
			{ fail "$f: --lru-gen(-full) is not 6.1's lru_gen(_full)"; continue; }
		want="memcg 1 / max_seq $(awk '{ print $5 }' "$tmp/lf") anon $(($(num "$tmp/v" nr_inactive_anon) + $(num "$tmp/v" nr_active_anon))) file $(($(num "$tmp/v" nr_inactive_file) + $(num "$tmp/v" nr_active_file)))"
		[ "$(cat "$tmp/lf")" = "$want" ] && [ "$(cat "$tmp/ls")" = "$want" ] && pass ||
			fail "$f: lru_gen, lru_gen_full and --vmstat disagree: $(cat "$tmp/lf") / $(cat "$tmp/ls") / $want"
	done
	# the root cgroup of a CONFIG_MEMCG kernel, and with NR_HIST_GENS 1 the
	# walks' young ptes over every walk: one walk_pte_range step each
	"$bin" run data/used-once-mmap.json --policy mglru --lru-gen-full >"$tmp/lf"
	[ "$(head -1 "$tmp/lf")" = "memcg     1 /" ] && pass || fail "lru_gen_full's header is not the root cgroup's: $(head -1 "$tmp/lf")"
	young=$("$bin" trace data/used-once-mmap.json --policy mglru | grep -c '"function":"walk_pte_range"')
	[ "$(tail -1 "$tmp/lf" | awk '{ print $3 }')" = "${young}Y" ] && [ "$young" -gt 32 ] && pass ||
		fail "lru_gen_full's Y is not every walk's young ptes ($young): $(tail -1 "$tmp/lf")"
	# the parser fails what it should: tier 0 without its p, a walk line
	# whose first field lacks its blank, a walk line under max_seq alone
	sed '0,/0r          0e          0p/s//0r          0e          0 /' "$tmp/lf" | perl tests/cli/lru_gen_full.pl --full 2>/dev/null &&
		fail "the lru_gen_full parser takes tier 0 without its p" || pass
	sed 's/^                       /                      /' "$tmp/lf" | perl tests/cli/lru_gen_full.pl --full 2>/dev/null &&
		fail "the lru_gen_full parser takes a walk line of 21 blanks" || pass
	awk 'NR == 1 || NR == 2 || !/^                      /' "$tmp/lf" | perl tests/cli/lru_gen_full.pl --full 2>/dev/null &&
		fail "the lru_gen_full parser takes generations with no walk line" || pass
fi
# every name run --vmstat prints under a policy is an expectation's subject,
# equal to what it printed (6.1's names under mglru, the gauges too)
for p in mglru 2.6.34; do
	"$bin" run data/default.json --policy "$p" --vmstat >"$tmp/v"
	python3 - data/default.json "$tmp/v" "$p" >"$tmp/expect.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["expect"] = [{"check": "%s == %s" % tuple(l.split()), "policy": sys.argv[3]} for l in open(sys.argv[2])]
s.pop("bookmarks", None)
print(json.dumps(s))
PY
	expect 0 "every name --vmstat prints under $p is an expectation that holds" "$bin" check --expect "$tmp/expect.json" --policy "$p"
	[ "$(grep -c '^ *PASS' "$tmp/out")" -eq "$(wc -l <"$tmp/v")" ] && pass || { fail "check --expect under $p: not every --vmstat line passed"; grep -v PASS "$tmp/out" | head -5; }
done
# across the two implementations: compare's verdict carries what each run
# keeps and refaults (run --json of each), and on the database index,
# where no decision differs, n walks the fate divergences (an access's
# page in memory on one side only, or refaulted on one side only; an
# episode per object, FATE_GAP 32 accesses) that two traces give
for sc in used-once-mmap database-index; do
	"$bin" compare "data/$sc.json" --policy 2.6.34 --policy mglru >"$tmp/verdict" 2>&1 &&
		"$bin" run "data/$sc.json" --policy 2.6.34 --json >"$tmp/left.json" &&
		"$bin" run "data/$sc.json" --policy mglru --json >"$tmp/right.json" &&
		python3 - "$tmp/verdict" "$tmp/left.json" "$tmp/right.json" <<'PY' && pass || fail "$sc: compare's verdict names what 2.6.34 and mglru kept and refaulted, as run --json gives them"
import json, re, sys
text = open(sys.argv[1]).read().split("\nverdict\n", 1)[1]
runs = [json.load(open(f))["objects"] for f in sys.argv[2:4]]
named = 0
for o in runs[0]:
    a, b = runs[0][o], runs[1][o]
    line = "%s: 2.6.34 keeps %d of %d pages, mglru keeps %d; refaults %d vs %d." % (
        o, a["resident"], a["pages"], b["resident"], a["refaults"], b["refaults"])
    differ = (a["resident"], a["refaults"]) != (b["resident"], b["refaults"])
    assert (line in text) == differ, (line, text)
    named += differ
assert named > 0
PY
done
"$bin" trace data/database-index.json --policy 2.6.34 >"$tmp/left.jsonl" &&
	"$bin" trace data/database-index.json --policy mglru >"$tmp/right.jsonl" &&
	python3 - "$tmp/left.jsonl" "$tmp/right.jsonl" >"$tmp/fates" <<'PY' && pass || fail "database-index: the fate divergences of 2.6.34 and mglru, from their traces"
import json, sys
def accesses(path):
    out = []
    for line in open(path):
        r = json.loads(line)
        if r["kind"] != "workload":
            continue
        page = r.get("page")
        if not page or "pfn" not in page or page["object"] == "kernel":
            out.append((None, None))
        else:
            out.append((2 if r["outcome"] == "refault" else 1 if r["outcome"] == "fault" else 0, page["object"]))
    return out
left, right = accesses(sys.argv[1]), accesses(sys.argv[2])
assert len(left) == len(right) and left, (len(left), len(right))
last, last_obj = 0, None
for k, ((a, obj), (b, _)) in enumerate(zip(left, right), 1):
    if a is None or b is None:
        continue
    if (a > 0) == (b > 0) and (a == 2) == (b == 2):
        continue
    if not last or k - last > 32 or last_obj != obj:
        print(k)
    last, last_obj = k, obj
PY
nf=$(wc -l <"$tmp/fates")
[ "$nf" -gt 1 ] && pass || fail "database-index: 2.6.34 and mglru differ on what some accesses find ($nf episodes)"
for i in 1 2 $((nf / 2)) $((nf - 1)) "$nf"; do
	want=$(sed -n "${i}p" "$tmp/fates")
	"$bin" screen data/database-index.json --compare 2.6.34,mglru --divergence "$i" --size 120x40 >"$tmp/scr" 2>&1
	grep -q "^divergence $i/$nf at access $want: " "$tmp/scr" && pass ||
		fail "database-index: n pressed $i times reaches the fate divergence at access $want, of $nf: $(grep -m1 '^divergence' "$tmp/scr")"
done
expect 1 "database-index: no fate divergence past the last" "$bin" screen data/database-index.json --compare 2.6.34,mglru --divergence $((nf + 1))
expect 0 "compare --csv of the classic policies" "$bin" compare data/used-once-mmap.json --policy 2.6.33 --policy 2.6.34 --csv --every 100
! grep -q "gen\.age" "$tmp/out" && pass || fail "csv: no generations' columns without mglru"
expect 0 "run --csv under mglru" "$bin" run data/database-index-pread.json --policy mglru --csv --every 1000
has "run --csv under mglru has the generations" "$tmp/out" ',gen\.age3\.file$'
expect 0 "compare --csv of a trace file" "$bin" compare --trace data/traces/report.lackey --trace-format lackey --memory 64 --via mmap --policy 2.6.33 --policy 2.6.34 --csv --every 1000
has "compare takes --trace" "$tmp/out" '^26299,2\.6\.34,'
expect 0 "compare --json" "$bin" compare data/default.json --all --json
has "compare --json has runs" "$tmp/out" '^\{"scenario":"A tour of page reclaim","runs":\[\{'

# run --trace: a trace file alone, no scenario (usage errors 2, bad traces 1)
printf '# four pages, twice\n0\n1\n2\n3\n0\n1\n2\n3\n' >"$tmp/four.txt"
expect 0 "run --trace of a txt trace" "$bin" run --trace "$tmp/four.txt" --memory 16 --vmstat
has "read(): four pages read in" "$tmp/out" '^pgpgin 16$'
# (2.6.34 mm/swap.c: four new pages wait in the pagevec, not yet PageLRU,
# so mark_page_accessed() only marks them; the fourteenth takes them all on)
has "read(): a second read of a page still in the pagevec does not activate it" "$tmp/out" '^pgactivate 0$'
has "read(): the four pages wait in the pagevec, on no list yet" "$tmp/out" '^nr_inactive_file 0$'
has "read(): ...but are in the page cache" "$tmp/out" '^nr_file_pages 4$'
has "read(): the rest of the zone is free" "$tmp/out" '^nr_free_pages 12$'
has "read(): no page faults" "$tmp/out" '^pgfault 0$'
expect 0 "run --trace --via mmap" "$bin" run --trace "$tmp/four.txt" --memory 16 --via mmap --vmstat
has "mmap: four major faults" "$tmp/out" '^pgmajfault 4$'
has "mmap: a second touch only sets the young bit" "$tmp/out" '^pgactivate 0$'
has "mmap: the pages wait in the pagevec" "$tmp/out" '^nr_inactive_file 0$'
expect 0 "run --trace (text)" "$bin" run --trace "$tmp/four.txt" --memory 16
has "the object is called trace, sized by the largest page" "$tmp/out" '^  trace +4 +4 +0 +4 +0 +0$'
has "the text report lists the pagevec" "$tmp/out" '^  pagevec +4$'
has "eight steps, one per access" "$tmp/out" '^steps +8$'
seq 0 13 >"$tmp/fourteen.txt"
seq 0 13 >>"$tmp/fourteen.txt"
expect 0 "run --trace of 14 pages read twice" "$bin" run --trace "$tmp/fourteen.txt" --memory 32 --vmstat
has "read(): the fourteenth page fills the pagevec; the second read of each activates it" "$tmp/out" '^pgactivate 14$'
has "read(): the fourteen pages end on the active file list" "$tmp/out" '^nr_active_file 14$'
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
expect 0 "run --trace of a lackey trace" "$bin" run --trace data/traces/report.lackey --trace-format lackey --memory 64 --via mmap
has "lackey: 2366 distinct pages" "$tmp/out" '^  trace +2366 '
# a lackey trace records loads and stores through the program's mappings, so
# it is replayed through them by default: 2.6.33 then activates far more than
# 2.6.34 (through read() the two are alike, and the lesson disappears)
expect 0 "compare of a lackey trace without --via or --maps" "$bin" compare --trace data/traces/report.lackey -f lackey --memory 384 --policy 2.6.33 --policy 2.6.34
awk '$1 == "pgactivate" && $2 > 10 * $3 { ok = 1 } END { exit !ok }' "$tmp/out" && pass ||
	fail "a lackey trace defaults to --via mmap: 2.6.33 activates ten times the pages 2.6.34 does"
expect 0 "compare of a lackey trace with an explicit --via read" "$bin" compare --trace data/traces/report.lackey -f lackey --memory 384 --via read --policy 2.6.33 --policy 2.6.34
awk '$1 == "pgactivate" && $2 == $3 { ok = 1 } END { exit !ok }' "$tmp/out" && pass ||
	fail "--via read still works on a lackey trace (the policies then activate alike)"
expect 0 "run --json of a lackey trace: its title says how" "$bin" run --json --trace data/traces/report.lackey -f lackey --memory 384
has "a lackey trace alone goes through a mapping" "$tmp/out" '"title":"a trace of [0-9]+ accesses, through a mapping"'
# the same recording with its maps (tests/tools/record-real-program.sh): the
# mapped log and index are file objects of their files' sizes, the code too
expect 0 "run --trace of the recorded lackey trace with its maps" "$bin" run --trace data/traces/report.lackey --trace-format lackey --maps data/traces/report.maps --memory 384
has "lackey + maps: the log mapped whole, 2048 pages, each faulted once" "$tmp/out" '^  orders\.dat +2048 +[0-9]+ +0 +2048 +0 '
has "lackey + maps: the index, 128 pages" "$tmp/out" '^  customers\.idx +128 '
has "lackey + maps: libc's code and data" "$tmp/out" '^  libc\.so\.6 +467 '
has "lackey + maps: heap, stack and data are anon" "$tmp/out" '^  anon +44 '
# the recording itself, in one command (valgrind's lackey; about 20 s): what
# it writes fits the budget and imports as the committed recording does.
# Not compared byte for byte: the trace depends on the compiler, libc and
# valgrind (on the build machine it comes out the same as the committed one)
if command -v valgrind >/dev/null && command -v /usr/bin/python3 >/dev/null; then
	mkdir -p "$tmp/rec"
	expect 0 "tests/tools/record-real-program.sh records report.c" tests/tools/record-real-program.sh "$tmp/rec"
	[ "$(wc -c <"$tmp/rec/report.lackey")" -lt 1000000 ] && pass || fail "the recorded trace is under 1 MB"
	grep -q ' /srv/shop/orders\.dat$' "$tmp/rec/report.maps" && ! grep -q "$tmp" "$tmp/rec/report.maps" && pass ||
		fail "the recorded maps name the data files for good, not the temporary folder"
	expect 0 "the new recording imports with its maps" "$bin" run --trace "$tmp/rec/report.lackey" --trace-format lackey --maps "$tmp/rec/report.maps" --memory 384
	has "the new recording: the log mapped whole, each page faulted once" "$tmp/out" '^  orders\.dat +2048 +[0-9]+ +0 +2048 +0 '
	has "the new recording: the index" "$tmp/out" '^  customers\.idx +128 '
elif [ -n "${CI:-}" ]; then
	fail "valgrind is not installed (the Makefile's DEB_TEST names it)"
else
	echo "skip: valgrind is not installed; the recording script was not run"
fi
# names of files longer than the usual column: the object table widens to hold them
"$bin" run data/real-program.json >"$tmp/out" 2>&1
[ "$(sed -n '/^objects/,/^$/p' "$tmp/out" | sed '1d;/^$/d' | awk '{ print length($0) }' | sort -u | wc -l)" -eq 1 ] &&
	grep -q '^  vgpreload_core-amd64-linux\.so ' "$tmp/out" && pass ||
	fail "run's object table keeps its columns with a 29-character object name"
"$bin" compare data/real-program.json --policy 2.6.33 --policy 2.6.34 >"$tmp/out" 2>&1
awk '$1 == "pgactivate" && $2 > 10 * $3 { ok = 1 } END { exit !ok }' "$tmp/out" && pass ||
	fail "real-program.json: 2.6.33 activates ten times the pages 2.6.34 does"
# a real `perf record -e page-faults -d -- grep -c thrashing FILE` (perf 6.1), printed by
# `perf script -F comm,tid,time,event,addr`; its maps from the same recording's
# PERF_RECORD_MMAP2 events: code and libraries are file objects, heap and stack anon
expect 0 "run --trace of a perf trace with --maps" "$bin" run --trace tests/cli/traces/grep.perf --trace-format perf --maps tests/cli/traces/grep.maps --memory 16
has "perf + maps: grep's code is a file object by its offset" "$tmp/out" '^  grep +49 +1 '
has "perf + maps: the stack (in the active anon pagevec)" "$tmp/out" '^  stack +1 +1 +0 '
has "perf + maps: the heap (in the active anon pagevec)" "$tmp/out" '^  heap +1 +1 +0 '
has "perf + maps: libc" "$tmp/out" '^  libc.so.6 +409 '
# perf script's default fields (no -F): the hexadecimal word after the event
# is the instruction pointer; refused, saying how to record and print
printf '            grep 15865 [002] 51708.341828:          1 page-faults:      7fd43ff49110 _dl_start+0x0 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)\n' >"$tmp/default.perf"
expect 1 "perf script's default output" "$bin" run --trace "$tmp/default.perf" -f perf --memory 16
has "perf script's default output is refused at its address, saying how to record and print" "$tmp/err" \
	"^$tmp/default.perf:1:73: error: expected the sample's data address, not the instruction pointer of perf script's default fields \\(record with perf record -d, print with perf script -F comm,tid,time,event,addr\\), found \"7fd43ff49110\"$"
# -F ...,addr,sym,dso: the data address with its own symbol is read
printf '            grep 15865 51708.341828: page-faults:      7fd43ff49110 [unknown] ([heap])\n' >"$tmp/addr-sym.perf"
expect 0 "perf script -F comm,tid,time,event,addr,sym,dso" "$bin" run --trace "$tmp/addr-sym.perf" -f perf --memory 16
expect 2 "--maps with a txt trace" "$bin" run --trace tests/cli/traces/grep.perf --maps tests/cli/traces/grep.maps --memory 16
expect 2 "--maps with --via read" "$bin" run --trace tests/cli/traces/grep.perf -f perf --via read --maps tests/cli/traces/grep.maps --memory 16
expect 1 "--maps of a trace file given as maps" "$bin" run --trace tests/cli/traces/grep.perf -f perf --maps tests/cli/traces/grep.perf --memory 16
has "a bad maps line says where and what" "$tmp/err" '^tests/cli/traces/grep.perf:1:[0-9]+: error: expected START-END'
# an access in no mapping of the maps (a mapping closed before the maps were
# taken) is counted and said, not silently made anonymous: the recorded
# lackey trace touches 8 pages in three ranges its maps do not hold
R="--trace data/traces/report.lackey -f lackey --maps data/traces/report.maps --memory 384"
expect 0 "lackey + maps: accesses outside the maps are still run" "$bin" run $R
has "outside the maps: a warning with the pages, accesses and ranges" "$tmp/err" 'warning: 8 accesses to 8 pages outside every mapping .*0x483c000-0x483f000, 0x4844000-0x4847000, 0x4840000-0x4842000;'
expect 0 "run --json of a trace with accesses outside its maps" "$bin" run --json $R
has "run --json: the outside field" "$tmp/out" '"outside":\{"accesses":8,"pages":8,"ranges":\["0x483c000-0x483f000","0x4844000-0x4847000","0x4840000-0x4842000"\],"more":false\}'
expect 1 "--outside refuse: an access outside every mapping is an error" "$bin" run $R --outside refuse
has "--outside refuse names the first address and its line" "$tmp/err" '^data/traces/report\.lackey:[0-9]+:1: error: address 0x48[0-9a-f]+ is outside every mapping of the maps file'
expect 0 "--outside anon: the default, said" "$bin" run $R --outside anon
has "--outside anon still warns" "$tmp/err" 'warning: 8 accesses'
expect 2 "--outside without --maps" "$bin" run --trace data/traces/report.lackey -f lackey --outside refuse --memory 384
expect 2 "--outside of an unknown kind" "$bin" run $R --outside drop
has "--outside names what it takes" "$tmp/err" 'expected anon or refuse'
expect 0 "a trace inside its maps" "$bin" run --trace tests/cli/traces/grep.perf -f perf --maps tests/cli/traces/grep.maps --memory 16
[ ! -s "$tmp/err" ] && pass || fail "no warning when every access is inside the maps"
for c in "trace --max-steps 10" "compare --policy 2.6.33 --policy 2.6.34" "plot -o $tmp/p.png"; do
	"$bin" $c $R >/dev/null 2>"$tmp/err" </dev/null
	grep -q 'warning: 8 accesses to 8 pages outside' "$tmp/err" && pass || fail "$c warns of accesses outside the maps"
done
# --swap: a trace's anonymous pages can be swapped out
awk 'BEGIN { for (r = 0; r < 3; r++) for (i = 0; i < 64; i++) printf " S %x,8\n", 268435456 + i * 4096 }' >"$tmp/anon.lackey"
printf '10000000-10100000 rw-p 00000000 00:00 0 \n' >"$tmp/anon.maps"
expect 0 "anon trace without swap" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32 --vmstat
[ "$(num "$tmp/out" pswpout)" -eq 0 ] && [ ! -s "$tmp/err" ] && pass || fail "no --swap: nothing is swapped out (and every access is in the maps)"
# the run says the swap it had, in text and JSON
expect 0 "anon trace with swap" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32 --swap 256
has "run's text states the swap" "$tmp/out" '^swap      256 pages, [1-9][0-9]* in use$'
expect 0 "anon trace with swap, JSON" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32 --swap 256 --json
has "run --json states the swap" "$tmp/out" '"memory":\{"pages":32,"swap":256,"swap_used":[1-9][0-9]*\}'
expect 0 "anon trace without swap, text" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32
has "run's text says there was no swap" "$tmp/out" '^swap      none'
# with no swap, 64 anonymous pages in 32 cannot all stay: allocations fail (OOM),
# and run's and compare's summaries say how many
expect 0 "run of an anon trace too large for memory and no swap" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32
oom=$(sed -n '/^decisions/,/^$/p' "$tmp/out" | awk '$1 == "oom" { print $2 }')
[ "${oom:-0}" -gt 0 ] && pass || fail "run's decisions give the OOM decisions"
expect 0 "compare of the same" "$bin" compare --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32 -p 2.6.33 -p 2.6.34
awk -v n="$oom" '$1 == "oom" && $2 == n && $3 == n { ok = 1 } END { exit !ok }' "$tmp/out" && pass ||
	fail "compare's summary has an oom row with run's figure"
expect 0 "compare --all of the same" "$bin" compare --all --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32
awk -v n="$oom" 'NR == 3 { for (i = 1; i <= NF; i++) if ($i == "2.6.34") c = i + 1 } $1 == "oom" && c && $c == n { ok = 1 } END { exit !ok }' "$tmp/out" && pass ||
	fail "compare --all's table has an oom row with run's figure"
expect 0 "compare of a scenario without OOM" "$bin" compare data/default.json -p 2.6.33 -p 2.6.34
! grep -q '^oom ' "$tmp/out" && pass || fail "no oom row when no run had one"
expect 0 "anon trace with --swap" "$bin" run --trace "$tmp/anon.lackey" -f lackey --maps "$tmp/anon.maps" --memory 32 --swap 128 --vmstat
[ "$(num "$tmp/out" pswpout)" -gt 0 ] && pass || fail "--swap 128: anonymous pages are swapped out"
expect 2 "--swap out of range" "$bin" run --trace "$tmp/anon.lackey" -f lackey --memory 32 --swap 999999999999
expect 2 "--swap without --trace" "$bin" run data/default.json --swap 16
# memfd and SysV shared memory are shared anonymous memory, not files
printf '10000000-10004000 rw-s 00000000 00:01 1234 /memfd:pool (deleted)\n10004000-10008000 rw-s 00000000 00:01 32770 /SYSV0000002a (deleted)\n10008000-10009000 r--p 00000000 08:01 99 /usr/lib/x.so\n' >"$tmp/shm.maps"
printf ' L 10000000,8\n S 10001000,8\n L 10004000,8\n L 10008000,8\n' >"$tmp/shm.lackey"
expect 0 "a trace through memfd and SysV segments" "$bin" run --json --trace "$tmp/shm.lackey" -f lackey --maps "$tmp/shm.maps" --memory 16
has "memfd and SysV pages are the anon object shmem" "$tmp/out" '"shmem":\{"pages":3,'
! grep -qE '"(pool|SYSV0000002a|memfd:pool)' "$tmp/out" && pass || fail "no file object for a memfd or SysV segment"
# a compressed trace is named as such, with the command that undoes it
gzip -c data/traces/report.lackey >"$tmp/report.lackey.gz"
expect 1 "a gzipped lackey trace" "$bin" run --trace "$tmp/report.lackey.gz" -f lackey --memory 384
has "a gzipped trace is said to be gzip, not a NUL byte" "$tmp/err" "error: the trace is compressed \(gzip\): decompress it first, e.g. zcat $tmp/report.lackey.gz > trace.txt"
expect 1 "a gzipped trace on standard input" sh -c "'$bin' run --trace - --memory 16 <'$tmp/report.lackey.gz'"
has "a gzipped standard input says how to decompress on the way in" "$tmp/err" '^<stdin>: error: the trace is compressed \(gzip\): decompress it on the way in, e.g. zcat FILE \| vmscan-viz run --trace -'
printf 'SB 04001100\n L 04022610,8\nSB 04001200\n' >"$tmp/sb.lackey"
expect 0 "lackey's SB lines (--trace-superblocks=yes) are passed over" "$bin" run --trace "$tmp/sb.lackey" -f lackey --memory 16
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

# --- the command line follows getopt_long's conventions --------------------
for c in run trace check compare policies help; do
	expect 0 "$c --help" "$bin" "$c" --help
	has "$c --help prints its usage" "$tmp/out" "^usage: vmscan-viz $c"
	expect 0 "$c -h" "$bin" "$c" -h
done
has "run --help lists --max-steps" "$tmp/out" '.'
"$bin" run --help >"$tmp/out"; has "run --help lists its options" "$tmp/out" '^  -p, --policy P +'
expect 0 "help compare" "$bin" help compare
has "help compare prints compare's usage" "$tmp/out" '^usage: vmscan-viz compare'
expect 0 "--opt=value" "$bin" run --policy=2.6.33 data/default.json --json
has "--policy=2.6.33 is used" "$tmp/out" '"policy":"2\.6\.33"'
expect 0 "-pVALUE" "$bin" run -p2.6.33 data/default.json -j
has "-p2.6.33 -j is used" "$tmp/out" '"policy":"2\.6\.33"'
expect 0 "switches bundled" "$bin" compare -aj data/default.json
has "-aj: --all and --json" "$tmp/out" '^\{"scenario":"A tour of page reclaim","runs":\['
expect 0 "a unique prefix of a long option" "$bin" run --pol 2.6.33 --js data/default.json
has "--pol --js: --policy --json" "$tmp/out" '"policy":"2\.6\.33"'
cp data/default.json "$tmp/-odd.json"
(cd "$tmp" && "$bin" run -- -odd.json) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && pass || fail "-- ends the options: a file called -odd.json"
expect 2 "a mistyped command" "$bin" comapre data/default.json
has "the command is suggested" "$tmp/err" "unknown command 'comapre'; did you mean 'compare'\?"
expect 2 "a mistyped option" "$bin" run data/default.json --jsno
has "the option is suggested" "$tmp/err" "unknown option '--jsno'; did you mean '--json'\?"
expect 2 "an ambiguous prefix" "$bin" run data/default.json --tr x
has "an ambiguous prefix names the candidates" "$tmp/err" "option '--tr' is ambiguous: it could be --trace, --trace-format"
expect 2 "an option without its value" "$bin" run data/default.json --policy
has "the missing value is named" "$tmp/err" "option '--policy' needs a value \(P\)"
expect 2 "an unknown short option" "$bin" run -Z data/default.json
expect 2 "two scenarios to run" "$bin" run data/default.json data/lumpy.json
expect 2 "a word that is neither command nor file" "$bin" frobnicate
has "it says so" "$tmp/err" "'frobnicate' is neither a command"
# the commands named in a message are those --help lists, all of them
"$bin" --help | sed -n 's/^ *\(usage:\)\{0,1\} *vmscan-viz \([a-z][a-z]*\)\( .*\)\{0,1\}$/\2/p' | sort -u >"$tmp/cmds"
[ "$(wc -l <"$tmp/cmds")" -ge 6 ] && pass || fail "--help lists the commands ($(wc -l <"$tmp/cmds"))"
expect 2 "help of a command that is not one" "$bin" help foo
while read -r c; do has "help foo names $c" "$tmp/err" "commands: (.*, )?$c(,|\))"; done <"$tmp/cmds"
expect 2 "a word that is neither command nor file, again" "$bin" frobnicate
while read -r c; do has "the word names $c" "$tmp/err" "neither a command \((.*, )?$c(,|\))"; done <"$tmp/cmds"

# - is standard input; /dev/stdin on a pipe is a FIFO, and says to use -
"$bin" run data/default.json --json | sed 's/"path":"[^"]*"//' >"$tmp/file.json"
"$bin" run - --json <data/default.json | sed 's/"path":"[^"]*"//' >"$tmp/stdin.json"
[ -s "$tmp/file.json" ] && cmp -s "$tmp/file.json" "$tmp/stdin.json" && pass || fail "run - reads the scenario from standard input"
"$bin" run - --json <data/default.json | grep -q '"path":"<stdin>"' && pass || fail "standard input is called <stdin>"
printf '0\n1\n2\n3\n0\n1\n' | "$bin" run --trace - --memory 16 >"$tmp/out" 2>"$tmp/err"
has "run --trace - reads the trace from standard input" "$tmp/out" '^steps +6$'
cat data/default.json | "$bin" run /dev/stdin >"$tmp/out" 2>"$tmp/err"
has "/dev/stdin on a pipe is refused as a FIFO, pointing to -" "$tmp/err" 'is a FIFO \(a named pipe\), not a regular file; to read a pipe, give - for standard input'
expect 2 "the visualizer cannot take its scenario from standard input" "$bin" -
expect 2 "check reads standard input once" "$bin" check - -

# check takes any number of files
for i in $(seq 300); do echo data/default.json; done | xargs "$bin" check >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(grep -c ': ok$' "$tmp/out")" -eq 300 ] && pass || fail "check takes 300 files"

# --every is a whole number of steps, 1 or more
for v in -1 10x 1e3 0 '' ' 5' 18446744073709551616; do
	expect 2 "--every '$v'" "$bin" compare data/default.json --all --csv --every "$v"
done
has "--every says what it expects" "$tmp/err" "--every: expected a whole number of accesses, 1 or more, found '18446744073709551616'"
expect 2 "--every without --csv" "$bin" compare data/default.json --all --every 5
expect 2 "run --every without --csv" "$bin" run data/default.json --every 5
expect 2 "run --csv and --json" "$bin" run data/default.json --csv --json

# --- no output is lost silently: every command against /dev/full ------------
full() {	# full SENTENCE COMMAND...: exit 1 with a message, not 0
	what=$1; shift
	"$@" >/dev/full 2>"$tmp/err"; got=$?
	if [ "$got" -eq 1 ] && grep -q "cannot write the output: No space left on device" "$tmp/err"; then pass
	else fail "$what to /dev/full: exit $got"; cat "$tmp/err"; fi
}
full "run" "$bin" run data/default.json
full "run --json" "$bin" run data/default.json --json
full "run --vmstat" "$bin" run data/default.json --vmstat
full "run --ftrace" "$bin" run data/dirty-pages.json --ftrace
full "run --trace" "$bin" run --trace "$tmp/four.txt" --memory 16
full "trace" "$bin" trace data/default.json
full "check" "$bin" check data/default.json
full "check --expect" "$bin" check --expect data/default.json
full "compare" "$bin" compare data/default.json --policy 2.6.33 --policy 2.6.34
full "compare --all" "$bin" compare data/default.json --all
full "compare --json" "$bin" compare data/default.json --all --json
full "compare --csv" "$bin" compare data/default.json --all --csv
full "run --csv" "$bin" run data/default.json --csv
full "policies" "$bin" policies
full "--help" "$bin" --help
full "run --help" "$bin" run --help
full "--version" "$bin" --version
"$bin" trace data/database-index.json >&- 2>"$tmp/err"; got=$?
[ "$got" -eq 1 ] && grep -q "cannot write the output: Bad file descriptor" "$tmp/err" && pass || fail "trace with standard output closed: exit $got"

# --- only regular files are read (a FIFO must not block) -----------------------
mkfifo "$tmp/fifo.json" "$tmp/fifo.txt"
expect 1 "check of a FIFO" timeout "$LIMIT" "$bin" check "$tmp/fifo.json"
has "check names the FIFO" "$tmp/err" "fifo\.json: error: is a FIFO \(a named pipe\), not a regular file"
expect 1 "run of a FIFO" timeout "$LIMIT" "$bin" run "$tmp/fifo.json"
expect 1 "run --trace of a FIFO" timeout "$LIMIT" "$bin" run --trace "$tmp/fifo.txt" --memory 16
has "run --trace names the FIFO" "$tmp/err" 'cannot read trace file ".*fifo\.txt": is a FIFO'
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"f","type":"file","pages":16}],"workload":[{"op":"trace","file":"fifo.txt","object":"f"}]}' >"$tmp/names-fifo.json"
expect 1 "a scenario whose trace is a FIFO" timeout "$LIMIT" "$bin" check "$tmp/names-fifo.json"
has "the FIFO trace is refused at its key" "$tmp/err" 'names-fifo\.json:1:130: error: workload\[0\]\.file: cannot read trace file ".*fifo\.txt": is a FIFO'
expect 1 "/dev/zero" timeout "$LIMIT" "$bin" check /dev/zero
has "/dev/zero is a character device" "$tmp/err" '^/dev/zero: error: is a character device, not a regular file$'
expect 1 "a directory as a trace" "$bin" run --trace "$tmp" --memory 16

# a trace path of 1500 bytes is read, not cut at 1023 bytes
long=$(awk 'BEGIN { for (i = 0; i < 30; i++) printf "%s/", "a-folder-name-of-forty-nine-characters-to-fill-it" }')
mkdir -p "$tmp/$long" && printf '0\n1\n' >"$tmp/${long}t.txt"
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"f","type":"file","pages":16}],"workload":[{"op":"trace","file":"%st.txt","object":"f"}]}' "$long" >"$tmp/long-path.json"
expect 0 "a trace path of 1500 bytes" "$bin" check "$tmp/long-path.json"

# --- work and memory are bounded before they are spent ----------------------
printf '268435455\n' >"$tmp/far.txt"
expect 1 "a 10-byte trace naming page 268435455" "$bin" run --trace "$tmp/far.txt" --memory 64
has "it is refused at its line, naming the limit" "$tmp/err" "far\.txt:1:1: error: the simulation would need about 3\.00 GiB, more than 1 GiB, the limit"
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"a","type":"file","pages":16}],"workload":[{"op":"repeat","count":16000000,"ops":[{"op":"touch","object":"a","pages":0}]}]}' >"$tmp/repeat.json"
expect 1 "\"repeat\": 16000000" "$bin" check "$tmp/repeat.json"
has "the count is refused, naming the limit" "$tmp/err" 'repeat.json:1:132: error: workload\[0\]\.count: expected a whole number from 1 to 1000000, found 16000000'
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M' -o "$tmp/rss" "$bin" check "$tmp/repeat.json" >/dev/null 2>&1
	rss=$(tail -n 1 "$tmp/rss")
	[ "$rss" -lt 100000 ] && pass || fail "check of a huge repeat stays under 100 MB ($rss KB)"
fi
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"a","type":"file","pages":16000000}],"workload":[{"op":"repeat","count":100000,"ops":[{"op":"touch","object":"a"}]}]}' >"$tmp/long.json"
expect 1 "a short scenario of 1.6e12 steps" "$bin" check "$tmp/long.json"
has "check reports it against --max-steps" "$tmp/err" 'long\.json: error: the workload alone takes 1600000000000 steps, more than 100000000, the default --max-steps \(--max-steps N raises the limit, 0 lifts it\)$'
expect 1 "run refuses it before running" timeout "$LIMIT" "$bin" run "$tmp/long.json"
expect 0 "--max-steps 0 lifts the limit for check" "$bin" check --max-steps 0 "$tmp/long.json"
expect 1 "run refuses a workload longer than --max-steps" "$bin" run data/database-index.json --max-steps 1000
has "it names the steps and the limit" "$tmp/err" '^data/database-index\.json: error: the workload alone takes 17730 steps, more than 1000, the --max-steps given \(--max-steps 0 lifts the limit\)$'
expect 1 "run stops at --max-steps when reclaim makes the run longer" "$bin" run data/database-index.json --max-steps 20000
has "it says where it stopped and why" "$tmp/err" 'stopped after 20000 steps, the --max-steps given; the run is not finished'
has "it reports the state it reached" "$tmp/out" '^steps +20000$'
expect 1 "trace stops at --max-steps" "$bin" trace data/default.json --max-steps 1000
[ "$(wc -l <"$tmp/out")" -eq 1000 ] && pass || fail "trace --max-steps 1000 prints 1000 steps"
expect 1 "compare stops at --max-steps" "$bin" compare data/default.json --all --max-steps 1000
expect 1 "compare --csv stops at --max-steps" "$bin" compare data/default.json --all --csv --max-steps 1000
expect 1 "check --expect stops at --max-steps" "$bin" check --expect data/database-index.json --max-steps 20000
has "check --expect says it stopped" "$tmp/err" 'stopped after 20000 steps'
expect 1 "check reports a workload over --max-steps" "$bin" check data/database-index.json --max-steps 1000
expect 2 "--max-steps takes a number" "$bin" run data/default.json --max-steps lots

# --- a scenario may name its schema; check skips only a real JSON Schema ------
sed 's/^{/{ "$schema": "scenario.schema.json",/' data/default.json >"$tmp/named-schema.json"
expect 0 "a scenario with \"\$schema\"" "$bin" check "$tmp/named-schema.json"
printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "memory": {"pages": 64}, "objects": [], "workload": []}' >"$tmp/broken.json"
expect 1 "a broken scenario naming a meta-schema and no format is checked" "$bin" check "$tmp/broken.json"
has "it is reported, not skipped" "$tmp/err" 'missing required key "format"'

# --- untrusted text stays text ----------------------------------------------------
esc=$(printf '\033')
printf '{"format":1,"title":"Mon\\u001b]0;pwned\\u0007day \\u009b5m \\u202eevil","memory":{"pages":64},"objects":[{"name":"f","type":"file","pages":16}],"workload":[{"op":"read","object":"f","caption":"\\u001b[5mblink"}],"expect":[{"check":"pgactivate >= 0"}]}' >"$tmp/esc.json"
expect 0 "run of a title with escape sequences" "$bin" run "$tmp/esc.json"
! grep -q "$esc" "$tmp/out" && pass || fail "run prints no ESC byte"
has "run shows the escapes" "$tmp/out" '^scenario  Mon\\x1b\]0;pwned\\x07day \\u009b5m \\u202eevil '
! LC_ALL=C grep -qP '\xc2\x9b|\xe2\x80\xae' "$tmp/out" && pass || fail "run prints no C1 control or bidi override"
expect 0 "compare text" "$bin" compare "$tmp/esc.json" --policy 2.6.33 --policy 2.6.34
! grep -q "$esc" "$tmp/out" && pass || fail "compare prints no ESC byte"
expect 0 "compare --all" "$bin" compare "$tmp/esc.json" --all
! grep -q "$esc" "$tmp/out" && pass || fail "compare --all prints no ESC byte"
expect 0 "check --expect of a scenario with escapes" "$bin" check --expect "$tmp/esc.json"
expect 0 "trace" "$bin" trace "$tmp/esc.json"
! grep -q "$esc" "$tmp/out" && pass || fail "trace prints no ESC byte"
has "trace escapes the caption as JSON" "$tmp/out" '"caption":"\\u001b\[5mblink"'
expect 0 "run --json" "$bin" run "$tmp/esc.json" --json
! LC_ALL=C grep -qP '\x1b|\xc2\x9b|\xe2\x80\xae' "$tmp/out" && pass || fail "run --json prints no control character raw"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["scenario"]["title"].startswith("Mon\x1b]0;")' "$tmp/out" && pass || fail "the JSON keeps the title's value"
printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"f","type":"file","pages":16}],"workload":[{"op":"trace","file":"t\\u001b[31m.txt","object":"f"}]}' >"$tmp/esc-file.json"
expect 1 "a trace file name with an escape" "$bin" check "$tmp/esc-file.json"
! grep -q "$esc" "$tmp/err" && pass || fail "diagnostics print no ESC byte"

# --- plot: gnuplot draws; nothing from a scenario or a title reaches it as code ---
# a title and an object name with gnuplot's string and command syntax
python3 - "$tmp" >"$tmp/inject.json" <<'PY'
import json, sys
t = sys.argv[1]
name = 'f\\" `touch %s/pwned4`' % t
title = 'x"; system("touch %s/pwned"); print " `touch %s/pwned2` \'q\'\nset output "%s/pwned3"' % (t, t, t)
print(json.dumps({"format": 1, "title": title, "memory": {"pages": 64},
                  "objects": [{"name": name, "type": "file", "pages": 100}],
                  "workload": [{"op": "read", "object": name}] * 2}))
PY
"$bin" check "$tmp/inject.json" >/dev/null 2>&1 && pass || { fail "the hostile plot scenario loads"; "$bin" check "$tmp/inject.json"; }
hostile_title=$(printf 'a "b" '"'"'c'"'"' `touch %s/pwned5` system("touch %s/pwned6")\nset output "%s/pwned7"\n@x' "$tmp" "$tmp" "$tmp")
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
mkdir -p "$tmp/stub"
cat >"$tmp/stub/gnuplot" <<'SH'
#!/bin/sh
# a stand-in: gnuplot -d -c SCRIPT OUTPUT ...: keep the script and the arguments, write a part of a PNG
cp "$3" "$STUB_DIR/script.gp"
printf '%s\n' "$@" >"$STUB_DIR/args"
printf '\211PNG\r\n\032\n' >"$4"
[ -n "${STUB_KILL:-}" ] && kill -s "$STUB_KILL" "$PPID"
exit "${STUB_STATUS:-0}"
SH
chmod +x "$tmp/stub/gnuplot"
expect 2 "plot without -o" "$bin" plot data/default.json
expect 2 "plot -o of an unknown kind" "$bin" plot data/default.json -o "$tmp/x.jpg"
has "plot names the kinds it writes" "$tmp/err" '\.png or \.svg'
expect 2 "plot --chart of an unknown chart" "$bin" plot data/default.json --chart pie -o "$tmp/x.png"
expect 2 "plot --object not in the scenario" "$bin" plot data/database-index.json --object indx -o "$tmp/x.png"
has "plot suggests the object meant" "$tmp/err" 'did you mean "index"'
expect 2 "plot --object with the lists chart" "$bin" plot data/database-index.json --chart lists --object index -o "$tmp/x.png"
expect 2 "plot --chart gens of a two-list policy" "$bin" plot data/default.json --chart gens --policy 2.6.34 -o "$tmp/x.png"
has "plot --chart gens says why" "$tmp/err" '2\.6\.34 has no generations'
expect 2 "plot --size too small" "$bin" plot data/default.json --size 10x10 -o "$tmp/x.png"
expect 2 "plot --policy and --all" "$bin" plot data/default.json --all --policy 2.6.33 -o "$tmp/x.png"
printf 'old' >"$tmp/kept.png"
PATH="$tmp/stub:$PATH" STUB_DIR=$tmp STUB_STATUS=1 "$bin" plot data/default.json -o "$tmp/kept.png" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/kept.png")" = old ] && pass || fail "a failed gnuplot leaves the old picture, exit 1"
has "a failed gnuplot is said" "$tmp/err" 'gnuplot failed \(exit status 1\)'
PATH="$tmp/stub:$PATH" STUB_DIR=$tmp "$bin" plot data/default.json -o "$tmp/kept.png" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/kept.png")" = old ] && pass || fail "half a PNG is not renamed onto the picture, exit 1"
has "half a picture is said" "$tmp/err" 'did not write a whole PNG'
[ -z "$(ls -A "$tmp" | grep '^\.kept\.png\.')" ] && pass || fail "a failed plot leaves no temporary file beside the picture"
# a plot interrupted while gnuplot draws (the stand-in sends its parent SIGTERM,
# as kill or a closed terminal would) leaves neither the temporary nor the work folder
mkdir -p "$tmp/tmpd"
PATH="$tmp/stub:$PATH" STUB_DIR=$tmp STUB_KILL=TERM TMPDIR=$tmp/tmpd "$bin" plot data/default.json -o "$tmp/kept.png" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 143 ] && [ "$(cat "$tmp/kept.png")" = old ] && pass || fail "an interrupted plot dies of its signal and leaves the old picture"
[ -z "$(ls -A "$tmp" | grep '^\.kept\.png\.')" ] && [ -z "$(ls -A "$tmp/tmpd")" ] && pass ||
	{ fail "an interrupted plot leaves no temporary beside the picture and no work folder"; ls -A "$tmp" "$tmp/tmpd"; }
PATH="$tmp/stub:$PATH" STUB_DIR=$tmp "$bin" plot "$tmp/inject.json" --title "$hostile_title" -o "$tmp/stub.png" >/dev/null 2>&1
! grep -q 'touch\|pwned' "$tmp/script.gp" && pass || fail "neither title nor object name is pasted into the gnuplot script"
grep -qF 'a "b"' "$tmp/args" && ! grep -qx '@x' "$tmp/args" && pass || fail "the title reaches gnuplot as one argument, its line feed escaped"
if command -v gnuplot >/dev/null; then
	expect 0 "plot a hostile scenario" "$bin" plot "$tmp/inject.json" --all -o "$tmp/inject.png"
	is_png "$tmp/inject.png" && pass || fail "plot writes a PNG"
	expect 0 "plot a hostile --title as SVG" "$bin" plot "$tmp/inject.json" --chart lists --title "$hostile_title" -o "$tmp/inject.svg"
	tail -c 20 "$tmp/inject.svg" | grep -q '</svg>' && pass || fail "plot writes a whole SVG"
	grep -qF "<text>a \"b\" 'c' \`touch $tmp/pwned5\` system(\"touch $tmp/pwned6\")\\nset output" "$tmp/inject.svg" && pass ||
		fail "the SVG shows the title's text as text, its line feed as an escape"
	expect 0 "plot the generations" "$bin" plot data/used-once-mmap.json --chart gens -o "$tmp/gens.svg"
	grep -q 'gen.age3.file' "$tmp/gens.svg" && grep -q '>mglru<' "$tmp/gens.svg" && pass ||
		fail "plot --chart gens: a panel for mglru, a line per generation and type"
	expect 0 "plot the counters as bars" "$bin" plot "$tmp/inject.json" --chart counters --title "$hostile_title" -o "$tmp/bars.png"
	expect 0 "plot resident pages" "$bin" plot "$tmp/inject.json" --chart resident --title "$hostile_title" -o "$tmp/res.png"
	for n in 1 2 3 4 5 6 7; do f=$tmp/pwned$n; [ "$n" = 1 ] && f=$tmp/pwned; [ ! -e "$f" ] || echo "$f"; done >"$tmp/ran"
	[ ! -s "$tmp/ran" ] && pass || { fail "gnuplot ran a command from a title or an object name"; cat "$tmp/ran"; }
	expect 0 "plot database-index under every policy" "$bin" plot data/database-index.json --object index -o "$tmp/db.svg"
	for p in $("$bin" policies | awk '{ print $1 }'); do
		grep -qF ">$p<" "$tmp/db.svg" || echo "$p"
	done >"$tmp/missing"
	[ ! -s "$tmp/missing" ] && pass || { fail "the refaults chart has a line titled by each policy"; cat "$tmp/missing"; }
	# the values over the bars stay clear of each other with seven policies
	# (five digits each): a digit is 0.64 em wide in DejaVu Sans, a point is
	# 4/3 of a pixel in the PNG, and neighbours need half an em between them
	# (at the 9 points used before, 14016 touched the next 14016); a
	# counter that stays 0 under every policy has no bars, so at least 5
	# counters of 7 policies
	expect 0 "plot the counters of every policy as SVG" "$bin" plot data/database-index.json --chart counters -o "$tmp/bars.svg"
	awk 'FNR == 1 { x = y = pw = 0 }
		/<g transform="translate\(/ && /text-anchor="middle"/ {
		match($0, /translate\([0-9.]+,[0-9.]+\)/); split(substr($0, RSTART + 10, RLENGTH - 11), xy, ",")
		match($0, /font-size="[0-9.]+"/); fs = substr($0, RSTART + 11, RLENGTH - 12); getline
		if (match($0, /<text>[0-9]+<\/text>/)) { n = RLENGTH - 13; em = fs * 4 / 3; w = n * 0.64 * em
			if (xy[2] == y && xy[1] - x < (w + pw) / 2 + em / 2) { bad++; print "overlap: " prev " and " substr($0, RSTART + 6, n) }
			x = xy[1]; y = xy[2]; pw = w; prev = substr($0, RSTART + 6, n); labels++ } }
		END { print labels " labels"; exit bad > 0 || labels < 35 }' "$tmp/bars.svg" >"$tmp/labels" && pass ||
		{ fail "the counters chart's value labels do not overlap"; cat "$tmp/labels"; }
	# a slide's chart: the SVG titled by the chart's title, not "Gnuplot"
	grep -q '<title>A database index pushed out by unmapped reads</title>' "$tmp/db.svg" && pass ||
		fail "the SVG's <title> is the chart's title"
	"$bin" plot data/default.json --title 'a & b <c>' -o "$tmp/amp.svg" >/dev/null 2>&1
	grep -qF '<title>a &amp; b &lt;c&gt;</title>' "$tmp/amp.svg" && pass || fail "the SVG's <title> is XML text"
	# a colour per policy, the same whatever the others drawn: 2.6.34 is
	# vermillion alone and after 2.6.33, which is blue and absent alone
	vermillion="rgb(213,  94,   0)" blue="rgb(  0, 114, 178)"
	"$bin" plot data/database-index.json --chart resident --policy 2.6.34 -o "$tmp/c1.svg" >/dev/null
	"$bin" plot data/database-index.json --chart resident --policy 2.6.33 --policy 2.6.34 -o "$tmp/c2.svg" >/dev/null
	grep -qF "stroke='$vermillion'" "$tmp/c1.svg" && grep -qF "stroke='$vermillion'" "$tmp/c2.svg" &&
		! grep -qF "stroke='$blue'" "$tmp/c1.svg" && grep -qF "stroke='$blue'" "$tmp/c2.svg" && pass ||
		fail "a policy has one colour on every chart, not its place on the command line"
	# text that grows with the picture
	"$bin" plot data/database-index.json --object index --size 1920x1080 -o "$tmp/big.svg" >/dev/null
	"$bin" plot data/database-index.json --object index --size 1024x768 -o "$tmp/mid.svg" >/dev/null
	big=$(grep -o 'font-size="[0-9.]*"' "$tmp/big.svg" | sort -t'"' -k2 -n | tail -1 | tr -dc '0-9.')
	mid=$(grep -o 'font-size="[0-9.]*"' "$tmp/mid.svg" | sort -t'"' -k2 -n | tail -1 | tr -dc '0-9.')
	awk -v b="$big" -v m="$mid" 'BEGIN { exit !(b > m * 1.3 && m > 11) }' && pass ||
		fail "the text grows with the picture (largest font $mid at 1024x768, $big at 1920x1080)"
	# no exponent on the access axis of a long run
	"$bin" plot data/database-index.json --object index -o "$tmp/x.svg" >/dev/null
	! grep -qE '>[0-9.]+e[+-]?[0-9]+<' "$tmp/x.svg" && pass || fail "the axes print numbers without exponents"
	# the lists chart draws the lesson's two policies unless told, --all all
	"$bin" plot data/used-once-mmap.json --chart lists -o "$tmp/l2.svg" >/dev/null
	[ "$(grep -cE '>2\.6\.3[34]<' "$tmp/l2.svg")" -eq 2 ] && ! grep -q '>refault<' "$tmp/l2.svg" && pass ||
		fail "the lists chart has a panel for 2.6.33 and one for 2.6.34 by default"
	# the flood of the active list, per object
	expect 0 "plot the active pages of an object" "$bin" plot data/used-once-mmap.json --chart active --object big.iso -o "$tmp/act.png"
	is_png "$tmp/act.png" && pass || fail "plot --chart active writes a PNG"
	# "]]>" is not XML text, and a bidi control stays an escape in the <title> too
	expect 0 "plot a title with ]]> and U+202E as SVG" "$bin" plot data/default.json --title "a ]]> b $(printf '\342\200\256')c" -o "$tmp/cdata.svg"
	python3 -c 'import sys, xml.dom.minidom as m; t = m.parse(sys.argv[1]).getElementsByTagName("title")[0].firstChild.data; sys.exit(t != "a ]]> b \\u202ec")' "$tmp/cdata.svg" &&
		! grep -q "$(printf '\342\200\256')" "$tmp/cdata.svg" && pass ||
		fail "an SVG titled with ]]> and U+202E is well-formed XML, its title the escaped text"
	# a panel of zeros: a y range of its own, no warning from gnuplot
	expect 0 "plot an object that never refaults" "$bin" plot data/anon-no-swap.json --all -o "$tmp/zero.png"
	[ ! -s "$tmp/err" ] && pass || { fail "plot of a flat panel prints nothing on stderr"; cat "$tmp/err"; }
	printf '{"format":1,"title":"t","memory":{"pages":64},"objects":[{"name":"f","type":"anon","pages":4}],"workload":[{"op":"touch","object":"f"}]}' >"$tmp/still.json"
	expect 0 "plot the counters of a run that moves none" "$bin" plot "$tmp/still.json" --chart counters -o "$tmp/zero.png"
	[ ! -s "$tmp/err" ] && pass || { fail "plot of counters all 0 prints nothing on stderr"; cat "$tmp/err"; }
	# --all of lists and counters: pages of at most 4 panels, OUT-1.EXT ...
	for c in lists counters; do
		rm -f "$tmp/page"*.svg
		expect 0 "plot --all --chart $c" "$bin" plot data/default.json --all --chart $c -o "$tmp/page.svg"
		n=$(ls "$tmp"/page-*.svg | wc -l)
		[ "$n" -ge 2 ] && [ ! -e "$tmp/page.svg" ] && [ "$(cat "$tmp/out")" = "$(ls "$tmp"/page-*.svg | sort -t- -k2 -n)" ] && pass ||
			fail "plot --all --chart $c: pages page-1.svg ... ($n), each named on stdout"
		for f in "$tmp"/page-*.svg; do
			[ "$(grep -c '<g id="gnuplot_plot_1' "$f")" -le 5 ] || echo "$f"
		done >"$tmp/crowded"
		[ ! -s "$tmp/crowded" ] && grep -qF "(1/$n)" "$tmp/page-1.svg" && pass ||
			fail "plot --all --chart $c: at most 4 panels a page, its number in the title"
	done
	expect 0 "plot --chart lists: two panels, one picture" "$bin" plot data/default.json --chart lists -o "$tmp/one.svg"
	[ -e "$tmp/one.svg" ] && [ ! -e "$tmp/one-1.svg" ] && pass || fail "the default lists chart is one picture"
	expect 1 "plot into a folder that does not exist" "$bin" plot data/default.json -o "$tmp/no-such-dir/x.png"
	has "the picture that could not be written is named" "$tmp/err" 'no-such-dir/x\.png'
elif [ -n "${CI:-}" ]; then
	fail "gnuplot is not installed (the Makefile's DEB_TEST names gnuplot-nox)"
else
	echo "skip: gnuplot is not installed; plot ran with a stand-in only"
fi

# --- plot --real: the simulator and the kernel, from `real --csv`'s timeline ---
# tests/cli/real-used-once-mmap.csv: `vmscan-viz real data/used-once-mmap.json
# --csv --every 256` (mglru, lru_gen on, one boot); a stand-in gnuplot keeps
# the script, the arguments and the rows, and writes a whole (empty) PNG
R=tests/cli/real-used-once-mmap.csv
mkdir -p "$tmp/rstub"
cat >"$tmp/rstub/gnuplot" <<'SH'
#!/bin/sh
cp "$3" "$STUB_DIR/r.gp"; cp "$6/rows.dat" "$STUB_DIR/r.rows"
printf '%s\n' "$@" | tr '\037' '|' >"$STUB_DIR/r.args"
{ printf '\211PNG\r\n\032\n'; head -c 64 /dev/zero; printf '\0\0\0\0IEND\256B`\202'; } >"$4"
SH
chmod +x "$tmp/rstub/gnuplot"
rplot() { PATH="$tmp/rstub:$PATH" STUB_DIR=$tmp "$bin" plot "$@"; }
arg() { sed -n "$1p" "$tmp/r.args"; }	# arg N: gnuplot's Nth argument (-d is 1)
expect 0 "plot --real draws real's CSV" rplot --real $R -o "$tmp/r.png"
[ "$(cat "$tmp/out")" = "$tmp/r.png" ] && pass || fail "plot --real names the picture it wrote"
[ "$(arg 7)" = refaults ] && pass || fail "plot --real draws the refaults chart by default"
[ "$(arg 8)" = "The simulator and the kernel: used-once-mmap, 256 pages|mglru (solid) against Linux 6.1.0-57-amd64, lru_gen on (dashed); a point every 256 accesses" ] &&
	pass || fail "plot --real's title: the scenario and memory, then the policy, the kernel, lru_gen and the samples' spacing ($(arg 8))"
[ "$(arg 9)" = "desktop-heap|libc.so|big.iso|lru_gen max_seq: the aging" ] && pass ||
	fail "plot --real: a panel per object, the most refaults first, then max_seq's ($(arg 9))"
[ "$(arg 10)" = "simulator: mglru|kernel: Linux 6.1.0-57-amd64, lru_gen on" ] && pass || fail "plot --real's key: the simulator's line, the kernel's ($(arg 10))"
# 3 object panels, each in the colour of its place in the CSV (libc.so 0, desktop-heap 1, big.iso 2)
[ "$(arg 11)" = "1000 600 1 0 3 1 0 2" ] && pass || fail "plot --real: each object keeps its colour ($(arg 11))"
# the rows: the simulator's block, then the boot's, at the same accesses,
# each object's refaults as the CSV has them, then max_seq
awk -F, 'NR > 1 && $1 != src { if (src != "") print ""; if (src != "") print ""; src = $1 }
	NR > 1 { print $7, $12, $10, $14, $8 }' $R >"$tmp/r.want"
cmp -s "$tmp/r.want" "$tmp/r.rows" && pass || { fail "plot --real's rows are the CSV's, the simulator's block then the kernel's"; diff "$tmp/r.want" "$tmp/r.rows" | head; }
[ "$(awk 'BEGIN { RS = "" } { print $1 }' "$tmp/r.rows" | wc -l)" = 2 ] && pass || fail "plot --real: two blocks, the simulator and the boot"
awk 'BEGIN { RS = ""; FS = "\n" } { a = ""; for (i = 1; i <= NF; i++) { split($i, w, " "); a = a " " w[1] } print a }' "$tmp/r.rows" | uniq | wc -l | grep -qx 1 &&
	pass || fail "plot --real: both sides sampled at the same accesses, so the lines line up"
# the styles: the simulator wide and light, the kernel dashed on top in the
# full colour, the key in grey, both by line type, not colour alone
grep -qF 'set linetype 40 + k lc rgb light . oc(k)[2:7] dt 1' "$tmp/r.gp" && grep -qF 'set linetype 50 + k lc rgb oc(k) dt 2' "$tmp/r.gp" &&
	grep -qF 'with lines lt (p == 1 ? 40 : 50) + ol(i) lw lwk * (p == 1 ? 4 : 2)' "$tmp/r.gp" && pass ||
	fail "plot --real draws the simulator solid and the kernel dashed, an object's colour for both"
expect 0 "plot --real --chart resident --object" rplot --real $R --chart resident --object libc.so --object big.iso --title "a slide" -o "$tmp/r.png"
[ "$(arg 9)" = "libc.so|big.iso|lru_gen max_seq: the aging" ] && [ "$(arg 11)" = "1000 600 1 0 2 0 2" ] && pass ||
	fail "plot --real --object: those panels, in their colours ($(arg 9); $(arg 11))"
case $(arg 8) in "a slide|mglru (solid) against Linux 6.1.0-57-amd64, lru_gen on (dashed); a point every 256 accesses") pass ;;
*) fail "plot --real --title replaces the first line of the title only ($(arg 8))" ;; esac
awk -F, 'NR > 1 && $1 != src { if (src != "") print ""; if (src != "") print ""; src = $1 }
	NR > 1 { print $7, $9, $13, $8 }' $R | cmp -s - "$tmp/r.rows" && pass || fail "plot --real --chart resident draws the resident columns"
# lru_gen off (a two-list policy): no max_seq panel; two boots: a dashed line each
awk -F, -v OFS=, 'NR > 1 { $3 = "refault"; $8 = 0 } { print }' $R >"$tmp/r-off.csv"
expect 0 "plot --real of a run with lru_gen off" rplot --real "$tmp/r-off.csv" -o "$tmp/r.png"
[ "$(arg 9)" = "desktop-heap|libc.so|big.iso" ] && [ "$(arg 10)" = "simulator: refault|kernel: Linux 6.1.0-57-amd64, lru_gen off" ] && pass ||
	fail "plot --real under lru_gen off: no max_seq panel, the key says so ($(arg 9); $(arg 10))"
{ cat $R; grep '^real,' $R | sed 's/,256,1,/,256,2,/'; } >"$tmp/r-2.csv"
expect 0 "plot --real of two boots" rplot --real "$tmp/r-2.csv" -o "$tmp/r.png"
[ "$(arg 10)" = "simulator: mglru|kernel: Linux 6.1.0-57-amd64, lru_gen on, boot 1|kernel: Linux 6.1.0-57-amd64, lru_gen on, boot 2" ] &&
	[ "$(awk 'BEGIN { RS = "" } END { print NR }' "$tmp/r.rows")" = 3 ] && [ "$(arg 12)" = "0 0 0" ] && pass ||
	fail "plot --real of two boots: a line and a key entry each ($(arg 10))"
# a sweep: the first size unless --memory names another
{ cat $R; tail -n +2 $R | sed 's/,256,\([01]\),/,192,\1,/'; } >"$tmp/r-sweep.csv"
expect 0 "plot --real of a sweep" rplot --real "$tmp/r-sweep.csv" -o "$tmp/r.png"
case $(arg 8) in *", 256 pages|"*) pass ;; *) fail "plot --real of a sweep draws its first size" ;; esac
expect 0 "plot --real --memory of a sweep" rplot --real "$tmp/r-sweep.csv" --memory 192 -o "$tmp/r.png"
case $(arg 8) in *", 192 pages|"*) pass ;; *) fail "plot --real --memory 192 draws that size" ;; esac
expect 1 "plot --real --memory of a size not in the file" rplot --real "$tmp/r-sweep.csv" --memory 300 -o "$tmp/r.png"
has "it names the file's sizes" "$tmp/err" 'expected rows at memory 300; the file.s sizes: 256 192$'
# names that need quotes (RFC 4180) read back
printf 'source,scenario,policy,kernel,memory,run,access,max_seq,"a,b.resident","a,b.refaults"\nsim,"x,y.json",mglru,,64,0,10,2,3,1\nreal,"x,y.json",mglru,"6.1.0 #1, SMP",64,1,10,2,3,1\n' >"$tmp/r-q.csv"
expect 0 "plot --real of quoted names" rplot --real "$tmp/r-q.csv" -o "$tmp/r.png"
[ "$(arg 9)" = "a,b|lru_gen max_seq: the aging" ] && case $(arg 8) in "The simulator and the kernel: x,y, 64 pages|mglru (solid) against Linux 6.1.0, "*) true ;; *) false ;; esac &&
	pass || fail "plot --real reads quoted fields back ($(arg 8); $(arg 9))"
# bad input: where the file stops being real's, file:line:column, exit 1
rbad() {	# rbad SENTENCE FILE LINE:COLUMN MESSAGE
	rplot --real "$2" -o "$tmp/r.png" >"$tmp/out" 2>"$tmp/err"; got=$?
	[ "$got" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qF -- "$2:$3: error: $4" "$tmp/err" && pass ||
		{ fail "plot --real: $1 (exit $got)"; cat "$tmp/err"; }
}
rbad "a scenario is not a timeline" data/default.json 1:1 'expected the header of `vmscan-viz real --csv`: source,scenario,policy'
"$bin" compare data/default.json --policy 2.6.33 --policy 2.6.34 --csv >"$tmp/r-cmp.csv"
rbad "compare's CSV is not real's" "$tmp/r-cmp.csv" 1:1 'expected the header of `vmscan-viz real --csv`'
: >"$tmp/r-empty.csv"
rbad "an empty file" "$tmp/r-empty.csv" 1:1 'expected the header of `vmscan-viz real --csv`, found an empty file'
sed '1s/libc\.so\.refaults/libc.so.faults/' $R >"$tmp/r-b.csv"
rbad "a wrong column" "$tmp/r-b.csv" 1:74 'expected libc.so.refaults'
sed '1s/,big\.iso\.refaults$//' $R >"$tmp/r-b.csv"
rbad "an object's column missing" "$tmp/r-b.csv" 1:135 'expected OBJECT.resident,OBJECT.refaults of each object'
sed '5s/,142,0$/,1x2,0/' $R >"$tmp/r-b.csv"
rbad "a field that is not a number" "$tmp/r-b.csv" 5:60 'expected a whole number, found "1x2"'
printf 'source,scenario,policy,kernel,memory,run,access,max_seq,a.resident,a.refaults\nsim,x,p,,64,0,1\0337,2,3,1\n' >"$tmp/r-b.csv"
rbad "a field with an escape, shown as one" "$tmp/r-b.csv" 2:15 'expected a whole number, found "1\x1b7"'
! grep -q "$esc" "$tmp/err" && pass || fail "plot --real prints no ESC byte of the file"
sed '7s/,[0-9]*$//' $R >"$tmp/r-b.csv"
rbad "a short row" "$tmp/r-b.csv" 7:1 'expected 14 fields, as the header has, found 13'
{ head -3 $R; sed -n 2p $R; } >"$tmp/r-b.csv"
rbad "accesses that do not rise" "$tmp/r-b.csv" 4:43 'expected an access after 512, the row above'"'"'s of this simulation'
{ cat $R; cat $R; } >"$tmp/r-b.csv"
rbad "two files joined, header and all" "$tmp/r-b.csv" 36:1 'expected a row, found a second header (two files joined?)'
{ cat $R; tail -n +2 "$tmp/r-off.csv"; } >"$tmp/r-b.csv"
rbad "another policy's rows" "$tmp/r-b.csv" 36:30 'expected the policy of the rows above, "mglru" (two files joined?)'
{ cat $R; grep '^real,' $R | sed 's/used-once-mmap/database-index/'; } >"$tmp/r-b.csv"
rbad "a mismatched scenario's rows" "$tmp/r-b.csv" 36:6 'expected the scenario of the rows above, "data/used-once-mmap.json"'
sed '20s/Debian/Ubuntu/' $R >"$tmp/r-b.csv"
rbad "another kernel's rows" "$tmp/r-b.csv" 20:37 'expected the kernel of the rows above'
sed '3s/,mglru,/,"mglru,/' $R >"$tmp/r-b.csv"
rbad "a quote that does not close" "$tmp/r-b.csv" 3:30 'expected a closing quote of the field begun here'
sed '3s/,0,512,/,1,512,/' $R >"$tmp/r-b.csv"
rbad "a simulator's row of a boot" "$tmp/r-b.csv" 3:41 'expected the run 0 of the simulator'
grep -v '^real,' $R >"$tmp/r-b.csv"
rbad "no rows of the kernel" "$tmp/r-b.csv" 18:1 'expected rows of the kernel (source real) too'
rm -f "$tmp/r.rows"; rplot --real - -o "$tmp/r.png" <$R >"$tmp/out" 2>"$tmp/err" && [ "$(arg 7)" = refaults ] && cmp -s "$tmp/r.want" "$tmp/r.rows" && pass ||
	fail "plot --real - reads the timeline from standard input"
rplot --real - -o "$tmp/r.png" <"$tmp/r-empty.csv" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qF '<stdin>:1:1: error: expected the header' "$tmp/err" && pass || fail "plot --real - names standard input <stdin> in its errors"
expect 1 "plot --real of a file that does not exist" rplot --real "$tmp/no-such.csv" -o "$tmp/r.png"
has "it says so" "$tmp/err" "cannot read $tmp/no-such.csv: No such file"
expect 2 "plot --real beside a scenario" rplot data/used-once-mmap.json --real $R -o "$tmp/r.png"
expect 2 "plot --real --policy" rplot --real $R --policy 2.6.34 -o "$tmp/r.png"
expect 2 "plot --real --every" rplot --real $R --every 10 -o "$tmp/r.png"
has "--every is real's" "$tmp/err" 'give --every to real'
expect 2 "plot --real --chart lists" rplot --real $R --chart lists -o "$tmp/r.png"
expect 2 "plot --real --object not in the CSV" rplot --real $R --object libc -o "$tmp/r.png"
has "plot --real suggests the object meant" "$tmp/err" 'no object "libc" in the CSV; did you mean "libc.so"'
# real --plot: refused before anything boots
expect 2 "real --plot of an unknown kind" "$bin" real data/used-once-mmap.json --plot "$tmp/r.jpg"
expect 2 "real --plot --sweep" "$bin" real data/used-once-mmap.json --sweep 160:192:32 --plot "$tmp/r.svg"
has "real --plot --sweep says what to do" "$tmp/err" 'then plot --real FILE.csv --memory PAGES'
expect 2 "real --every without --csv or --plot" "$bin" real data/used-once-mmap.json --every 64
PATH=/nonexistent "$bin" real data/used-once-mmap.json --plot "$tmp/r.svg" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'gnuplot is not installed (Debian: apt-get install gnuplot-nox)' "$tmp/err" && pass ||
	fail "real --plot without gnuplot says so before the kernel boots"
if command -v gnuplot >/dev/null; then
	expect 0 "plot --real as SVG (gnuplot)" "$bin" plot --real $R -o "$tmp/real.svg"
	grep -qF '<title>The simulator and the kernel: used-once-mmap, 256 pages: mglru (solid) against Linux 6.1.0-57-amd64, lru_gen on (dashed); a point every 256 accesses</title>' "$tmp/real.svg" &&
		pass || fail "the SVG's <title> holds both lines of the title"
	# per object, the simulator's path light (opacity) and the kernel's dashed, one colour
	for c in "  0, 114, 178" "204, 121, 167" "  0, 158, 115"; do
		grep -q "stroke='rgb($c)' opacity=" "$tmp/real.svg" && grep -q "stroke='rgb($c)' stroke-dasharray=" "$tmp/real.svg" || echo "$c"
	done >"$tmp/r.missing"
	[ ! -s "$tmp/r.missing" ] && pass || { fail "the SVG draws each object's two lines in its colour, the kernel's dashed"; cat "$tmp/r.missing"; }
	[ ! -s "$tmp/err" ] && pass || { fail "plot --real prints nothing on stderr"; cat "$tmp/err"; }
fi

# --- the shipped scenarios against their schema, by a standard validator -------------
scenarios=$(ls data/*.json | grep -v '/scenario\.schema\.json$')
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	expect 0 "every shipped scenario is valid under data/scenario.schema.json (python3-jsonschema)" \
		/usr/bin/python3 tests/tools/validate-scenarios.py data/scenario.schema.json $scenarios
	[ "$got" -eq 0 ] || cat "$tmp/out"
	has "the validator saw every shipped scenario" "$tmp/out" "^validated $(echo "$scenarios" | wc -l) scenarios with Draft202012Validator: 0 errors"
	# and it is a validator that can fail: a scenario with an unknown key
	printf '{"format": 1, "title": "t", "memory": {"pages": 64}, "objects": [], "workload": [], "colour": 1}\n' >"$tmp/bad-schema.json"
	expect 1 "the validator refuses a scenario with an unknown key" \
		/usr/bin/python3 tests/tools/validate-scenarios.py data/scenario.schema.json "$tmp/bad-schema.json"
elif [ -n "${CI:-}" ]; then
	fail "python3-jsonschema is not installed (the Makefile's DEB_TEST names it)"
else
	echo "skip: python3-jsonschema is not installed (apt-get install python3-jsonschema); the shipped scenarios were not validated against the schema"
fi

# --- shell completion (src/completion/) ---------------------------------------------
mkdir -p "$tmp/path"
ln -sf "$bin" "$tmp/path/vmscan-viz"
complete_bash() {	# complete_bash WORDS...: what bash completes for the last (partial) word
	PATH="$tmp/path:$PATH" bash -c '. src/completion/vmscan-viz.bash
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _vmscan_viz
		printf "%s\n" "${COMPREPLY[@]}"' bash "$@"
}
words() { tr '\n' ' ' | sed 's/ $//'; }
[ "$(complete_bash vmscan-viz comp | words)" = compare ] && pass || fail "bash completes a command"
[ "$(complete_bash vmscan-viz run --pol | words)" = --policy ] && pass || fail "bash completes an option"
[ "$(complete_bash vmscan-viz run -p 2.6.34 --policy "" | words)" = "$("$bin" policies | awk '{ print $1 }' | words)" ] &&
	pass || fail "bash completes --policy with the names vmscan-viz policies lists"
[ "$(complete_bash vmscan-viz run --policy=ref | words)" = refault ] && pass || fail "bash completes --policy=VALUE"
[ "$(complete_bash vmscan-viz --compare 2.6.33,mapped-r | words)" = 2.6.33,mapped-ratio ] && pass || fail "bash completes --compare A,B"
[ "$(complete_bash vmscan-viz run --trace x --trace-format l | words)" = lackey ] && pass || fail "bash completes --trace-format"
[ "$(complete_bash vmscan-viz --trace x --ma | words)" = --maps ] && pass || fail "bash completes the visualizer's --maps"
[ "$(complete_bash vmscan-viz check data/database-index. | words)" = data/database-index.json ] && pass || fail "bash completes scenario files"
[ "$(complete_bash vmscan-viz help co | words)" = "compare" ] && pass || fail "bash completes help's command"
# the commands every list names: the commands table (--help's "Commands:")
"$bin" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF' >"$tmp/cmds"
commands=$(awk '{ print $1 }' "$tmp/cmds" | words)
[ -n "$commands" ] && [ "$(complete_bash vmscan-viz "" | while read -r w; do [ -e "$w" ] || echo "$w"; done | words)" = "$commands" ] &&
	pass || fail "bash completes the commands of the commands table ($commands)"
[ "$(sed -n "s/.*'1:command:(\(.*\))'.*/\1/p" src/completion/_vmscan-viz)" = "$commands" ] &&
	pass || fail "zsh completes help's command with the commands table's ($commands)"
sed -n "s/.*'commands:command:((\(.*\)))'.*/\1/p" src/completion/_vmscan-viz | sed 's/" /"\n/g' |
	sed -E 's/^([a-z]+)\\:"(.*)"$/\1 \2/' | sed "s/'\\\\''/'/g" >"$tmp/zsh-cmds"
awk '{ n = $1; $1 = ""; print n $0 }' "$tmp/cmds" | cmp -s - "$tmp/zsh-cmds" &&
	pass || { fail "zsh completes the commands with the commands table's names and summaries"; awk '{ n = $1; $1 = ""; print n $0 }' "$tmp/cmds" | diff - "$tmp/zsh-cmds"; }
for c in "" $commands; do
	if [ -n "$c" ]; then "$bin" "$c" --help; else "$bin" --help | sed -n '/^Visualizer options:/,/^$/p'; fi |
		grep -oE -- '--[a-z][a-z-]*' | sort -u >"$tmp/want"
	complete_bash vmscan-viz $c -- | sort -u >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" && pass || { fail "bash completes every option of '${c:-the visualizer}'"; diff "$tmp/want" "$tmp/got"; }
	grep -oE -- '--[a-z][a-z-]*' "$tmp/want" | while read -r o; do
		grep -qF -e "$o}" -e "$o[" -e "$o=" src/completion/_vmscan-viz || echo "$o"
	done >"$tmp/missing"
	[ ! -s "$tmp/missing" ] && pass || { fail "the zsh completion has every option of '${c:-the visualizer}'"; cat "$tmp/missing"; }
done
if command -v zsh >/dev/null; then
	zsh -n src/completion/_vmscan-viz && pass || fail "the zsh completion parses"
fi

# P/global: the same workload with its cgroups left out, beside it in compare
S=data/cgroup-soft-limit.json
expect 0 "compare P with P/global" "$bin" compare $S --policy 2.6.34 --policy 2.6.34/global
has "compare names the run without cgroups 2.6.34/global" "$tmp/out" '^ +2\.6\.34 +2\.6\.34/global +difference'
has "with soft limits the table stays, on one global LRU it refaults" "$tmp/out" 'table: 2\.6\.34 keeps 300 of 300 pages, 2\.6\.34/global keeps 300; refaults 0 vs [1-9][0-9]*\.'
"$bin" run $S --policy 2.6.34/global >"$tmp/g"
has "run P/global says so" "$tmp/g" '^policy +2\.6\.34/global$'
! grep -q '^cgroups' "$tmp/g" && pass || fail "run P/global prints no cgroups"
"$bin" run data/database-cgroup-global.json --policy 2.6.34 | tail -n +3 >"$tmp/a"
"$bin" run data/database-cgroup.json --policy 2.6.34/global | tail -n +3 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && pass || fail "database-cgroup.json under 2.6.34/global runs as database-cgroup-global.json"
expect 0 "mglru/global runs a scenario with cgroups" "$bin" run $S --policy mglru/global
expect 1 "mglru refuses a scenario with cgroups" "$bin" run $S --policy mglru
"$bin" compare $S --policy 2.6.34 --policy 2.6.34/global --csv >"$tmp/csv"
awk -F, 'NR == 1 { n = NF } NF != n { bad = 1 } END { exit bad }' "$tmp/csv" && pass || fail "compare --csv rows of P/global have the header's columns"
grep -q '^[0-9]*,2\.6\.34/global,' "$tmp/csv" && pass || fail "compare --csv names P/global"
expect 2 "check refuses P/global" "$bin" check --policy 2.6.34/global $S
has "check says where P/global goes" "$tmp/err" 'P/global goes with run, trace, compare, plot, screen and the visualizer'
expect 2 "a misspelt /global" "$bin" run $S --policy 2.6.34/globl
has "the message names P/global" "$tmp/err" 'P/global: P without'
# ...parsed once (src/scenario/policy_ref.c) and honoured by every command
C=data/database-cgroup.json
expect 0 "trace P/global" "$bin" trace $C --policy 2.6.34/global
expect 0 "screen --policy P/global" "$bin" screen $C --policy 2.6.34/global --step 578 --size 80x24
has "screen names the run P/global" "$tmp/out" 'policy 2\.6\.34/global'
expect 0 "screen --compare P,P/global" "$bin" screen $C --compare 2.6.34,2.6.34/global --access 300 --size 120x40
has "screen's compare names both runs" "$tmp/out" '^ compare 2\.6\.34 vs 2\.6\.34/global \|'
has "screen's right side is the run without cgroups" "$tmp/out" 'right: 2\.6\.34/global \|'
expect 0 "screen --compare mglru/global,2.6.34" "$bin" screen $C --compare mglru/global,2.6.34 --access 300 --size 80x24
expect 1 "screen --policy mglru in a cgroup scenario" "$bin" screen $C --policy mglru --size 80x24
has "it says what runs instead, in one line" "$tmp/err" 'mglru does not model memory cgroups: mglru/global runs it without them'
expect 2 "screen --compare with a misspelt /global" "$bin" screen $C --compare 2.6.34,2.6.34/globl
has "the --compare message offers P/global" "$tmp/err" 'P/global: P without'
expect 2 "the visualizer: a misspelt /global" "$bin" $C --policy 2.6.34/globl
has "the visualizer's message offers P/global" "$tmp/err" 'P/global: P without'
expect 2 "the visualizer: --compare of an unknown policy" "$bin" $C --compare 2.6.34,nope
expect 2 "check: a misspelt policy" "$bin" check --policy 2.6.3 $C
! grep -q 'P/global' "$tmp/err" && pass || fail "check's unknown-policy message does not offer P/global, which it refuses"
mkdir -p "$tmp/gstub"
printf '#!/bin/sh\ncp "$3" "$STUB_DIR/g.gp"; printf "%%s\\n" "$@" >"$STUB_DIR/g.args"; printf "\\211PNG\\r\\n\\032\\n" >"$4"\n' >"$tmp/gstub/gnuplot"
chmod +x "$tmp/gstub/gnuplot"
PATH="$tmp/gstub:$PATH" STUB_DIR=$tmp "$bin" plot $C --policy 2.6.34 --policy 2.6.34/global --object index -o "$tmp/g.png" >/dev/null 2>&1
tr '\037' ' ' <"$tmp/g.args" | grep -qx '2\.6\.34 2\.6\.34/global' && pass || fail "plot titles the two lines 2.6.34 and 2.6.34/global"
grep -qx '3 33' "$tmp/g.args" && pass || fail "plot draws the run without cgroups in its own line type (dashed)"
"$bin" trace $S --policy 2.6.34 | grep -m1 '"kind":"soft_limit"' >"$tmp/soft"
has "trace names kswapd's soft limit pass in words" "$tmp/soft" '"what":"kswapd soft limit reclaim: cgroup backup is [0-9]+ pages over its soft limit"'
! "$bin" trace $S --policy 2.6.34/global | grep -q soft_limit && pass || fail "no soft limit pass without cgroups"

# cgroup scenarios of the corpus (tests/cli/cgroups): soft limits on both
# cgroups, swappiness 0 and 100 with swap, a limit equal to the zone, a
# cgroup with no operation, pages charged elsewhere, an index two cgroups
# touch through their own ptes, a one-page limit, the
# most cgroups (32): every front end, every policy that models cgroups;
# mglru refuses them, and P/global runs them without
for f in tests/cli/cgroups/*.json; do
	expect 0 "check $f" "$bin" check --expect "$f"
	for p in $("$bin" policies | cut -d' ' -f1); do
		if [ "$p" = mglru ]; then
			expect 1 "mglru refuses $f" "$bin" run "$f" --policy mglru
			has "mglru says why it refuses $f" "$tmp/err" 'does not model'
			expect 0 "mglru/global runs $f without its cgroups" "$bin" run "$f" --policy mglru/global
			continue
		fi
		mid=$("$bin" run "$f" --policy "$p" | awk '$1 == "steps" { print int($2 / 2); exit }')
		expect 0 "run $f under $p" "$bin" run "$f" --policy "$p" --vmstat
		[ "$(num "$tmp/out" pgsteal_normal)" -ge 0 ] 2>/dev/null && pass || fail "run --vmstat $f under $p prints pgsteal"
		"$bin" trace "$f" --policy "$p" >"$tmp/trace" && [ -s "$tmp/trace" ] && pass || fail "trace $f under $p"
		expect 0 "screen $f under $p at 80x24" "$bin" screen "$f" --policy "$p" --size 80x24 --step "$mid"
		expect 0 "screen $f under $p, a cgroup's lists, at 120x40" "$bin" screen "$f" --policy "$p" --size 120x40 \
			--step "$mid" --cgroup "$(grep -oE '"name": "[^"]*"' "$f" | head -1 | cut -d'"' -f4)"
	done
	expect 0 "compare $f with and without cgroups" "$bin" compare "$f" --policy 2.6.34 --policy 2.6.34/global --csv
	expect 0 "compare --all $f" "$bin" compare "$f" --all
done
# --memory-stat: 2.6.34's memory.stat (mm/memcontrol.c:3202), a script's
# input: its names in its order, sizes in bytes, events as counted
expect 0 "run --memory-stat" "$bin" run data/database-cgroup.json --memory-stat db
cp "$tmp/out" "$tmp/ms"
"$bin" run data/database-cgroup.json --vmstat >"$tmp/v"
"$bin" run data/database-cgroup.json --json >"$tmp/j"
python3 - "$tmp/ms" "$tmp/v" "$tmp/j" <<'PY' && pass || fail "--memory-stat is memory.stat in bytes, as --vmstat counts in pages and --json's memory.stat"
import json, sys
lines = [l.split() for l in open(sys.argv[1])]
assert all(len(l) == 2 and l[1].isdigit() for l in lines), lines
ms = {k: int(v) for k, v in lines}
local = ["cache", "rss", "mapped_file", "pgpgin", "pgpgout", "inactive_anon", "active_anon",
         "inactive_file", "active_file", "unevictable"]
assert [l[0] for l in lines] == local + ["hierarchical_memory_limit"] + ["total_" + k for k in local], lines
vm = {l.split()[0]: int(l.split()[1]) for l in open(sys.argv[2])}
for k in local:
    pages = vm["cgroup.db." + k]
    assert ms[k] == (pages if k.startswith("pgpg") else pages * 4096), k
    assert ms["total_" + k] == ms[k], k
assert ms["hierarchical_memory_limit"] == vm["cgroup.db.limit"] * 4096
assert ms["cache"] > 0 and ms["pgpgout"] > 0
assert json.load(open(sys.argv[3]))["cgroups"]["db"]["memory.stat"] == ms
PY
expect 2 "--memory-stat of a cgroup the scenario lacks" "$bin" run data/database-cgroup.json --memory-stat dbx
has "the scenario's cgroups are named" "$tmp/err" 'no cgroup named "dbx"; the scenario.s: db backup'
expect 2 "--memory-stat without cgroups" "$bin" run data/default.json --memory-stat db
expect 2 "--memory-stat with --vmstat" "$bin" run data/database-cgroup.json --memory-stat db --vmstat
# first touch pays (2.6.34 mm/memcontrol.c:1940): the lib pages first read
# by "first" stay charged to it, whoever maps, touches or reads them later
"$bin" run tests/cli/cgroups/shared-page.json --vmstat >"$tmp/v"
[ "$(num "$tmp/v" cgroup.first.pgpgin)" = 48 ] && [ "$(num "$tmp/v" cgroup.later.pgpgin)" = 32 ] && pass ||
	fail "pages charged to first are not charged to later"
# a one-page limit: every other charge reclaims, and the run ends
"$bin" run tests/cli/cgroups/tiny-limit.json --vmstat >"$tmp/v"
[ "$(num "$tmp/v" cgroup.one.max_usage)" = 1 ] && [ "$(num "$tmp/v" cgroup.one.failcnt)" -ge 64 ] && pass ||
	fail "a one-page limit holds one page"
# the cgroup that runs nothing is charged nothing, and is never the soft pass's
"$bin" run tests/cli/cgroups/idle-cgroup.json --vmstat >"$tmp/v"
[ "$(num "$tmp/v" cgroup.idle.max_usage)" = 0 ] && pass || fail "an idle cgroup is charged nothing"
! "$bin" trace tests/cli/cgroups/idle-cgroup.json | grep -q '"cgroup":"idle"' && pass || fail "no step names the idle cgroup"
# both cgroups over their soft limits: kswapd's pass takes each in turn
"$bin" trace tests/cli/cgroups/soft-both.json | grep '"kind":"soft_limit"' | grep -oE '"cgroup":"[ab]"' | sort -u >"$tmp/s"
[ "$(wc -l <"$tmp/s")" = 2 ] && pass || fail "kswapd's soft limit pass takes both cgroups"
# 2.6.34 balance_pgdat() (mm/vmscan.c:2110): a soft-limit pass that leaves
# more than 8 x high free spares the zone, and with it the table at its tail
# (a zone large enough for priority 12 to scan it; outside cgroups/, whose
# loop runs every front end)
expect 0 "kswapd leaves the zone alone past 8 x high" "$bin" check --expect tests/cli/soft-zone.json --policy 2.6.34
expect 0 "32 cgroups" "$bin" run tests/cli/cgroups/many-cgroups.json
has "32 cgroups, each its row" "$tmp/out" '^  c31 '

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

