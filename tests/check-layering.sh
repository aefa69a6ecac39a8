#!/bin/sh
# tests/check-layering.sh BUILD - the engine is a library with no curses,
# no stdio, no cJSON, no exit() and no mutable global state; so is
# src/replay, the headless logic both front ends share (the timeline, the
# view, step index, compare's divergences, the verdict), which sits on the
# engine alone (and util/grow.h, a header of no state); only src/tui includes curses; only
# src/scenario includes cJSON.  The engine reaches a policy only through
# struct reclaim_policy: it names no policy's symbol, and its public header
# does not bring in the policy interface; a policy sees of the engine only
# the interface and the helpers made for it.  Checked on the sources
# (includes) and on the objects (undefined symbols), which also catches
# indirect uses.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
cd "$(dirname "$0")/.." || exit 1
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() {	# check SENTENCE OUTPUT
	if [ -z "$2" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; echo "$2"; fi
}
check "engine and policies include no curses, stdio or cJSON header" \
	"$(grep -nE '#include *<(n?curses|ncursesw/|cjson/|cJSON|stdio|term)' src/engine/*.[ch] src/policy/*.c)"
check "only src/tui includes curses" \
	"$(grep -lE '#include *<(n?curses|ncursesw/|term\.h)' $(find src -name '*.[ch]' -not -path 'src/tui/*'))"
check "only src/scenario includes cJSON" \
	"$(grep -lE '#include *<(cjson/)?cJSON' $(find src -name '*.[ch]' -not -path 'src/scenario/*'))"
check "nothing under src/engine or src/policy includes a front-end header" \
	"$(grep -nE '#include *"\.\./(tui|cli|scenario|util)/' src/engine/*.[ch] src/policy/*.c)"
check "engine.h does not include the policy interface" \
	"$(grep -nE '#include *"policy\.h"' src/engine/engine.h)"
check "src/policy includes of the engine only policy.h, policy_helpers.h and branch.h" \
	"$(grep -nE '#include *"\.\./engine/' src/policy/*.[ch] | grep -vE '"\.\./engine/(policy|policy_helpers|branch)\.h"')"
check "only the policy layer includes another policy file's header" \
	"$(grep -lE '#include *"(\.\./)?(policy/)?common\.h"' $(find src tests -name '*.[ch]' -not -path 'src/policy/*') 2>/dev/null)"
check "src/replay includes no curses, stdio or cJSON header" \
	"$(grep -nE '#include *<(n?curses|ncursesw/|cjson/|cJSON|stdio|term)' src/replay/*.[ch])"
check "src/replay includes nothing but the engine, util/grow.h and itself" \
	"$(grep -nE '#include *"' src/replay/*.[ch] | grep -vE '#include *"(\.\./engine/[a-z_]+\.h|\.\./util/grow\.h|[a-z_]+\.h)"')"
check "only src/tui and src/cli include src/replay" \
	"$(grep -lE '#include *"\.\./replay/' $(find src -name '*.[ch]' -not -path 'src/tui/*' -not -path 'src/cli/*'))"
# mutable_data OBJS...: the writable variables the objects define (.data
# and .bss symbols, not sections, read-only relocations or compiler ones)
mutable_data() {
	objdump -t "$@" | grep -E '[[:space:]]\.(data|bss)([.][a-z_.]*)?[[:space:]]' | grep -v 'data\.rel\.ro' |
		grep -vE '^[0-9a-f]+ l +d ' | grep -vE '[[:space:]]__[A-Za-z_0-9.]*$'
}
robjs=$(ls "$build"/replay/*.o 2>/dev/null)
if [ -z "$robjs" ]; then
	check "replay objects exist in $build" "none found"
else
	check "replay objects call no stdio, exit, curses or cJSON function" \
		"$(nm -u $robjs | grep -wE '(s?n?printf|f?printf|fputs|puts|fopen|fwrite|fread|putchar|exit|_exit|abort|initscr|newterm|wrefresh|cJSON_[A-Za-z]+|getenv)$')"
	# tunables are passed in (struct view_tunables), as the engine's are
	check "replay objects define no mutable global state" \
		"$(mutable_data $robjs)"
fi
sobjs=$(ls "$build"/scenario/*.o 2>/dev/null)
if [ -z "$sobjs" ]; then
	check "scenario objects exist in $build" "none found"
else
	# reading a scenario or a trace is reentrant: each reader owns its
	# buffers (no function-static line buffer); budget.c's cache of the
	# machine's memory size is the one static, the same for every reader
	check "scenario objects keep no mutable state of their own, but the machine's size" \
		"$(mutable_data $sobjs | grep -vE '[[:space:]](cached\.[0-9]+|machine_bytes\.cached)$')"
fi
objs=$(ls "$build"/engine/*.o "$build"/policy/*.o 2>/dev/null)
if [ -z "$objs" ]; then
	check "engine objects exist in $build" "none found"
else
	check "engine objects call no stdio, exit, curses or cJSON function" \
		"$(nm -u $objs | grep -wE '(f?printf|fputs|puts|fopen|fwrite|fread|putchar|exit|_exit|abort|initscr|newterm|wrefresh|cJSON_[A-Za-z]+|getenv)$')"
	# what a policy object defines, no engine object may use
	nm --defined-only "$build"/policy/*.o | awk '$2 ~ /^[A-Z]$/ { print $3 }' | sort -u >"$tmp/policy"
	nm -u "$build"/engine/*.o | awk 'NF == 2 { print $2 }' | sort -u >"$tmp/engine"
	check "engine objects name no symbol of a policy object" "$(comm -12 "$tmp/policy" "$tmp/engine")"
	# objects in .data or .bss are writable; .data.rel.ro (const tables
	# holding pointers) and .rodata are not; __ names are the sanitizers' own
	check "engine objects define no mutable global state" \
		"$(mutable_data $objs)"
fi
echo "layering: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
