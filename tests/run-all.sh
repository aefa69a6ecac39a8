#!/bin/sh
# tests/run-all.sh BUILD [WHICH] - run the suites against BUILD/, then one
# closing line "total: N passed, M failed" (what CI reads).
# WHICH: empty for all; unit (layering and unit tests); quick (those and
# golden); or one suite's name (golden, bad, cli, stepwise, e2e, memcheck, install,
# layering) or unit test's (policy or test_policy).  $TEST_FILTER is given
# to the unit tests: only their functions and rows whose name holds it.
# Each suite prints its own "<name>: N passed, M failed" as its last line.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
only=${2:-}
filter=${TEST_FILTER:-}
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

wants() {	# wants NAME GROUP...: is suite NAME among what was asked for?
	[ -z "$only" ] && return 0
	[ "$only" = "$1" ] || [ "test_$only" = "$1" ] && return 0
	shift
	for g in "$@"; do [ "$only" = "$g" ] && return 0; done
	return 1
}
ran=0
wants layering unit quick && { suite layering "$here/check-layering.sh" "$build"; ran=1; }
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	wants "$name" unit quick && { suite "$name" "$t" ${filter:+"$filter"}; ran=1; }
done
wants golden quick && { suite golden "$here/golden/run.sh" "$bin"; ran=1; }
wants bad && { suite bad "$here/bad/run.sh" "$bin"; ran=1; }
wants cli && { suite cli "$here/cli/run.sh" "$bin"; ran=1; }
wants stepwise && { suite stepwise "$here/stepwise/run.sh" "$bin"; ran=1; }
wants e2e && { suite e2e "$here/e2e/run.sh" "$bin"; ran=1; }
wants projector && { suite projector "$here/e2e/projector.sh" "$bin"; ran=1; }
wants lesson && { suite lesson "$here/e2e/lesson.sh" "$bin"; ran=1; }
# the docs once, from the plain build: the sanitized one adds nothing to what they state
[ -z "${VMSCAN_SANITIZED:-}" ] && wants docs && { suite docs "$here/docs/figures.sh" "$bin"; ran=1; }
# memcheck of the plain build only: sanitizers and valgrind do not mix
[ -z "${VMSCAN_SANITIZED:-}" ] && wants memcheck && { suite memcheck "$here/memcheck.sh" "$bin"; ran=1; }
[ -z "${VMSCAN_SANITIZED:-}" ] && wants install && { suite install "$here/install.sh"; ran=1; }
if [ "$ran" = 0 ]; then
	echo "run-all: no suite or unit test is called \"$only\" (suites: layering golden bad cli stepwise e2e projector docs memcheck install;" \
		"unit tests: $(cd "$build/tests" 2>/dev/null && ls test_* | sed 's/^test_//' | tr '\n' ' '))"
	exit 2
fi
[ -n "$broken" ] && echo "failing suites:$broken"
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
