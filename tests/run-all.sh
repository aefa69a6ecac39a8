#!/bin/bash
# tests/run-all.sh BUILD [WHAT...] - run suites against BUILD/, side by side,
# then one closing line "total: N passed, M failed" (what CI reads).
#
# WHAT, any number of (run in the order given, each suite once): a suite's name from the table below; a unit test's
# (policy or test_policy); a group: unit (layering and the unit tests),
# quick (those and golden), plain (what `make test` runs on the plain
# build: every suite below marked so); or any of those followed by @asan:
# the same against the sanitized build (ASan and UBSan, $ASAN_BUILD, by
# default BUILD/asan, as `make check-asan` builds it), with the sanitizers'
# options and VMSCAN_SANITIZED=1 set.  None: the plain group.
#
# Each suite writes its own log and prints its own "<name>: N passed,
# M failed" as its last line; here that line is printed when the suite ends
# (the whole log too if it failed), with "asan " before it for the
# sanitized build, and the time it took (wall clock and CPU).  $TEST_JOBS
# suites run at a time (2 here; make test gives one more than the cores:
# the tmux suites mostly wait on screens).
# $ASAN_TEST_SIZE=small: the sanitized suites that can, run at a reduced
# size (VMSCAN_TEST_SIZE; make test sets it, make test-all does not).
# $TEST_FILTER is given to the unit tests: only their functions and rows
# whose name holds it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$(make -s --no-print-directory -C "$here/.." where)}
[ $# -gt 0 ] && shift
asan=${ASAN_BUILD:-$build/asan}
jobs=${TEST_JOBS:-2}
filter=${TEST_FILTER:-}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
# no suite sees what `vmscan-viz real` cached on this machine (the
# visualizer shows it)
export VMSCAN_REAL_CACHE="$log/real"
# The suites' python3 is Debian's, the one that has the packages make test
# installs (python3-jsonschema), even where a version manager's shim comes
# first on PATH: pyenv's costs 0.4 s of CPU a call (15 processes), Debian's
# 0.03 s, and the suites call it about 120 times.
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]; then
	mkdir "$log/bin" && ln -s /usr/bin/python3 "$log/bin/python3" && export PATH="$log/bin:$PATH"
fi

# The suites, the slowest first (so that two lanes end together): name,
# the groups it is in, its command ($bin is the build's program, $b the
# build folder, $here this folder).  A suite in "plain" runs in `make test`
# on the plain build; the sanitized build's list is the Makefile's.
table() {
	cat <<'EOF'
e2e        plain         $here/e2e/run.sh $bin
projector  plain         $here/e2e/projector.sh $bin
lesson     plain         $here/e2e/lesson.sh $bin
e2e-smoke  -             env VMSCAN_E2E=smoke $here/e2e/run.sh $bin
screen     plain         $here/screen/run.sh $bin
docs       plain         $here/docs/figures.sh $bin
memcheck   plain         $here/memcheck.sh $bin
memcheck-all -           env MEMCHECK_ALL=1 $here/memcheck.sh $bin
cli        plain         $here/cli/run.sh $bin
stepwise   plain         $here/stepwise/run.sh $bin
install    plain         env INSTALL_SEED=$b $here/install.sh
bad        plain         $here/bad/run.sh $bin
golden     plain,quick   $here/golden/run.sh $bin
layering   plain,quick,unit  $here/check-layering.sh $b
circles    plain,quick,unit  $here/check-circles.sh $b
modes      plain,quick,unit  $here/check-modes.sh $b
exports    plain,quick,unit  $here/check-exports.sh $b
doclists   plain,quick,docs  $here/check-docs-lists.sh $bin
EOF
}
# the unit tests, each a suite of its own, after the table's
unit_tests() { for t in "$1"/tests/test_*; do [ -x "$t" ] && basename "$t"; done; }

# expand WHAT into "name build" lines, in the table's order
expand() {	# expand WHAT BUILD
	local what=$1 b=$2 name groups cmd found=1
	while read -r name groups cmd; do
		[ "$what" = "$name" ] || [[ ",$groups," == *",$what,"* ]] || continue
		echo "$name $b"; found=0
	done < <(table)
	for name in $(unit_tests "$b"); do
		case $what in unit | quick | plain | "$name" | "test_$name" | "${name#test_}") echo "$name $b"; found=0 ;; esac
	done
	return $found
}
[ $# -eq 0 ] && set -- plain
todo=""
for w in "$@"; do
	b=$build
	[ "${w%@asan}" != "$w" ] && { w=${w%@asan}; b=$asan; }
	got=$(expand "$w" "$b") || {
		echo "run-all: no suite or unit test is called \"$w\" (suites: $(table | awk '{ printf "%s ", $1 }')groups: unit quick plain;" \
			"unit tests: $(unit_tests "$b" | sed 's/^test_//' | tr '\n' ' '))"
		exit 2
	}
	while read -r line; do	# each suite once, where it was first named
		[[ $'\n'"$todo" == *$'\n'"$line"$'\n'* ]] || todo="$todo$line"$'\n'
	done <<<"$got"
done

command_of() {	# command_of NAME: the table's command, or the unit test's
	local name groups cmd
	while read -r name groups cmd; do [ "$name" = "$1" ] && { echo "$cmd"; return; }; done < <(table)
	echo "\$b/tests/$1${filter:+ '$filter'}"
}
launch() {	# launch NAME BUILD: run it in the background, its log and status in $log
	local name=$1 b=$2 id=$3 cmd
	cmd=$(command_of "$name")
	(
		bin=$b/vmscan-viz
		if [ "$b" = "$asan" ]; then
			export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
			export VMSCAN_SANITIZED=1 VMSCAN_PROPERTY_CASES=400
			# smaller inputs where a suite has them (stepwise): make test's
			[ -n "${ASAN_TEST_SIZE:-}" ] && export VMSCAN_TEST_SIZE=$ASAN_TEST_SIZE
		fi
		start=$SECONDS
		eval "$cmd" >"$log/$id" 2>&1 </dev/null
		rc=$?
		# the CPU seconds it used (user and system, its processes'): times'
		# second line, "1m2.345s 0m6.789s"
		times >"$log/$id.times" # (not in a pipe: a subshell has no children)
		cpu=$(tail -n 1 "$log/$id.times" | awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%d", s }')
		echo "$rc $((SECONDS - start)) $cpu" >"$log/$id.rc"
	) &
}
passed=0 failed=0 broken=""
report() {	# report ID NAME BUILD: its result line, or its log if it failed
	local id=$1 name=$2 b=$3 rc secs cpu line p f tag=""
	read -r rc secs cpu <"$log/$id.rc"
	[ "$b" = "$asan" ] && tag="asan "
	line=$(grep -E '^[a-z0-9_-]+: [0-9]+ passed, [0-9]+ failed' "$log/$id" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$tag$name: no result line (exit $rc)"; tail -n 20 "$log/$id"
		failed=$((failed + 1)); broken="$broken $tag$name"; return
	fi
	p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
	f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
	passed=$((passed + p)) failed=$((failed + f))
	if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		broken="$broken $tag$name"
		sed "s/^/  $tag$name| /" "$log/$id"
		[ "$f" -eq 0 ] && failed=$((failed + 1))
	fi
	printf '%s%s  (%d s, %d s of CPU)\n' "$tag" "$line" "$secs" "$cpu"
}

# a pool of $jobs lanes; each result is printed as its suite ends
ids=() names=() builds=() running=0 next=0 done_=()
while read -r name b; do
	[ -n "$name" ] || continue
	ids+=("${#ids[@]}") names+=("$name") builds+=("$b")
done <<<"$todo"
total=${#ids[@]}
reported=0
while [ "$reported" -lt "$total" ]; do
	while [ "$running" -lt "$jobs" ] && [ "$next" -lt "$total" ]; do
		launch "${names[$next]}" "${builds[$next]}" "$next"
		next=$((next + 1)) running=$((running + 1))
	done
	wait -n 2>/dev/null || true
	for ((i = 0; i < next; i++)); do
		[ -e "$log/$i.rc" ] && [ -z "${done_[$i]:-}" ] || continue
		done_[$i]=1 running=$((running - 1)) reported=$((reported + 1))
		report "$i" "${names[$i]}" "${builds[$i]}"
	done
done
[ -n "$broken" ] && echo "failing suites:$broken"
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
