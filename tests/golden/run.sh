#!/bin/sh
# tests/golden/run.sh BIN - every scenario of data/ under every policy must
# give exactly its recorded golden record (tests/golden/<scenario>/<policy>),
# pass its own expectations (check --expect), and keep the engine's
# invariants after every step (run --check).  Regenerate on purpose with
# `make golden-update` and read the diff before committing it.
set -u
bin=$1
cd "$(dirname "$0")/../.." || exit 1
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
policies=$("$bin" policies | cut -d' ' -f1)
# The sanitized build checks the invariants itself (debug_check(), every
# N/64 steps); every step's check is the plain build's, so not paid twice.
# Likewise its trace digests: each scenario's trace is run under two of
# the policies, a different two for each scenario (every policy's trace
# code runs sanitized several times); the other records compare their run.
check=--check sanitized=0 k=0
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && check= sanitized=1
npol=$(echo $policies | wc -w)
for scenario in data/*.json tests/regress/*.json; do
	[ -f "$scenario" ] || continue
	case $scenario in *schema.json) continue ;; esac
	name=$(basename "$scenario" .json)
	if "$bin" check --expect "$scenario" >/tmp/golden-check.$$ 2>&1; then ok; else bad "$scenario: expectations"; cat /tmp/golden-check.$$; fi
	k=$((k + 1)) i=0
	for policy in $policies; do
		i=$((i + 1))
		# its report is the golden record's run (the same as without --check)
		reuse=/tmp/golden-run.$$
		if "$bin" run "$scenario" --policy "$policy" $check >/tmp/golden-run.$$ 2>/tmp/golden-err.$$; then
			ok
		elif grep -q "^$scenario: error: policy $policy does not model" /tmp/golden-err.$$; then
			# refused whole, with the file and the reason: no record to compare
			[ ! -s /tmp/golden-run.$$ ] && [ ! -f "tests/golden/$name/$policy" ] && ok ||
				bad "$scenario $policy: refused, but printed a report or has a golden record"
			continue
		else
			bad "$scenario $policy: invariants"; cat /tmp/golden-err.$$; reuse=""
		fi
		case $scenario in tests/regress/*) continue ;; esac
		want=tests/golden/$name/$policy
		if [ ! -f "$want" ]; then bad "$want: no golden record (make golden-update)"; continue; fi
		if [ "$sanitized" = 1 ] && [ -n "$reuse" ] && [ $(((i + k) % npol)) != 0 ] && [ $(((i + k) % npol)) != $((npol / 2)) ]; then
			sed '/^# vmscan-viz trace /,$d' "$want" >/tmp/golden-want.$$
			{ echo "# vmscan-viz run $scenario --policy $policy"; cat "$reuse"; } |
				diff -u /tmp/golden-want.$$ - >/tmp/golden-diff.$$
		else
			GOLDEN_RUN=$reuse tests/golden/golden.sh "$bin" "$scenario" "$policy" | diff -u "$want" - >/tmp/golden-diff.$$
		fi
		if [ $? -eq 0 ]; then
			ok
		else
			bad "$scenario under $policy differs from $want:"; head -40 /tmp/golden-diff.$$
		fi
	done
done
rm -f /tmp/golden-check.$$ /tmp/golden-want.$$ /tmp/golden-diff.$$ /tmp/golden-run.$$ /tmp/golden-err.$$
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
