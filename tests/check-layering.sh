#!/bin/sh
# tests/check-layering.sh BUILD - the engine is a library with no curses,
# no stdio, no cJSON and no exit(); only src/tui includes curses; only
# src/scenario includes cJSON.  Checked on the sources (includes) and on
# the objects (undefined symbols), which also catches indirect uses.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
cd "$(dirname "$0")/.." || exit 1
passed=0 failed=0
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
objs=$(ls "$build"/engine/*.o "$build"/policy/*.o 2>/dev/null)
if [ -z "$objs" ]; then
	check "engine objects exist in $build" "none found"
else
	check "engine objects call no stdio, exit, curses or cJSON function" \
		"$(nm -u $objs | grep -wE '(f?printf|fputs|puts|fopen|fwrite|fread|putchar|exit|_exit|abort|initscr|newterm|wrefresh|cJSON_[A-Za-z]+|getenv)$')"
	# objects in .data or .bss are writable; .data.rel.ro (const tables
	# holding pointers) and .rodata are not; __ names are the sanitizers' own
	check "engine objects define no mutable global state" \
		"$(objdump -t $objs | grep -E '[[:space:]]\.(data|bss)([.][a-z_.]*)?[[:space:]]' | grep -v 'data\.rel\.ro' | grep -vE '^[0-9a-f]+ l +d ' | grep -vE '[[:space:]]__[A-Za-z_0-9.]*$')"
fi
echo "layering: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
