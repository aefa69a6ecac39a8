#!/bin/sh
# tests/check-modes.sh BUILD - no mode of the visualizer calls another mode
#
# A mode owns its keys and its drawing (src/tui/state.h says which files
# are modes); app.c hands each key to the mode that owns it, and a mode
# hears back from a job or a dialog through the callback it set.  So no
# mode's object uses a function or a variable that another mode's object
# defines, and the services under the modes (run, history, question, job,
# dialog) use none of any mode.  Read from the build's objects (nm), so a
# call a macro makes is seen too.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
cd "$(dirname "$0")/.." || exit 1
# mode: its files (compare mode draws in a file of its own)
modes="single:single compare:compare,compare_draw quiz:quiz inspector:inspector bookmark:bookmark"
services="run history question job dialog"
passed=0 failed=0

defs() { # defs FILE...: the global symbols the files' objects define
	for f in "$@"; do nm --defined-only -g "$build/tui/$f.o" | awk '$2 ~ /^[TDBRC]$/ { print $3 }'; done | sort -u
}
uses() { # uses FILE...: the symbols the files' objects use from elsewhere
	for f in "$@"; do nm -u "$build/tui/$f.o" | awk '{ print $NF }'; done | sort -u
}
files_of() { echo "${1#*:}" | tr ',' ' '; }

check() { # check WHAT CALLS: fails when CALLS is not empty
	if [ -n "$2" ]; then
		failed=$((failed + 1))
		echo "FAIL: $1: $(echo "$2" | tr '\n' ' ')"
	else
		passed=$((passed + 1))
	fi
}

for f in $(for m in $modes; do files_of "$m"; done) $services; do
	[ -f "$build/tui/$f.o" ] || { echo "FAIL: $build/tui/$f.o not built"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for m in $modes; do
	# shellcheck disable=SC2046
	defs $(files_of "$m") >"$tmp/${m%%:*}"
done
for m in $modes; do
	name=${m%%:*}
	# shellcheck disable=SC2046
	uses $(files_of "$m") >"$tmp/uses"
	for other in $modes; do
		o=${other%%:*}
		[ "$o" = "$name" ] && continue
		check "mode $name calls mode $o" "$(comm -12 "$tmp/uses" "$tmp/$o")"
	done
done
cat "$tmp"/single "$tmp"/compare "$tmp"/quiz "$tmp"/inspector "$tmp"/bookmark | sort -u >"$tmp/all"
for s in $services; do
	uses "$s" >"$tmp/uses"
	check "$s (under the modes) calls a mode" "$(comm -12 "$tmp/uses" "$tmp/all")"
done
echo "modes: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
