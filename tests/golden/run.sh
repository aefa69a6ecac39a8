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
check=--check
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && check=
for scenario in data/*.json tests/regress/*.json; do
	[ -f "$scenario" ] || continue
	case $scenario in *schema.json) continue ;; esac
	name=$(basename "$scenario" .json)
	if "$bin" check --expect "$scenario" >/tmp/golden-check.$$ 2>&1; then ok; else bad "$scenario: expectations"; cat /tmp/golden-check.$$; fi
	for policy in $policies; do
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
		if GOLDEN_RUN=$reuse tests/golden/golden.sh "$bin" "$scenario" "$policy" | diff -u "$want" - >/tmp/golden-diff.$$; then
			ok
		else
			bad "$scenario under $policy differs from $want:"; head -40 /tmp/golden-diff.$$
		fi
	done
done
rm -f /tmp/golden-check.$$ /tmp/golden-diff.$$ /tmp/golden-run.$$ /tmp/golden-err.$$
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
