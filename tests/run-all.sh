#!/bin/sh
# tests/run-all.sh BUILD [unit] - run every suite against BUILD/, then one
# closing line "total: N passed, M failed" (what CI reads).
# Each suite prints its own "<name>: N passed, M failed" as its last line.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
only=${2:-}
bin=$build/vmscan-viz
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
passed=0 failed=0 broken=""

suite() {	# suite NAME COMMAND...
	name=$1; shift
	"$@" >"$log/$name" 2>&1
	rc=$?
	line=$(grep -E '^[a-z0-9_-]+: [0-9]+ passed, [0-9]+ failed' "$log/$name" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$name: no result line (exit $rc)"; tail -n 20 "$log/$name"
		failed=$((failed + 1)); broken="$broken $name"; return
	fi
	p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
	f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
	passed=$((passed + p)); failed=$((failed + f))
	if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		broken="$broken $name"; cat "$log/$name"
		[ "$f" -eq 0 ] && failed=$((failed + 1))
	else
		echo "$line"
	fi
}

suite layering "$here/check-layering.sh" "$build"
for t in "$build"/tests/test_*; do
	[ -x "$t" ] && suite "$(basename "$t")" "$t"
done
if [ "$only" != unit ]; then
	[ -x "$here/golden/run.sh" ] && suite golden "$here/golden/run.sh" "$bin"
	[ -x "$here/bad/run.sh" ] && suite bad "$here/bad/run.sh" "$bin"
	[ -x "$here/cli/run.sh" ] && suite cli "$here/cli/run.sh" "$bin"
	[ -x "$here/e2e/run.sh" ] && suite e2e "$here/e2e/run.sh" "$bin"
	# memcheck of the plain build only: sanitizers and valgrind do not mix
	[ -z "${VMSCAN_SANITIZED:-}" ] && suite memcheck "$here/memcheck.sh" "$bin"
	[ -z "${VMSCAN_SANITIZED:-}" ] && suite install "$here/install.sh"
fi
[ -n "$broken" ] && echo "failing suites:$broken"
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
