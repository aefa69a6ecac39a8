#!/bin/sh
# tests/check-man.sh BIN MANPAGE - --help and the man page list the same
# long options (each appears in both), and the man page renders cleanly.
set -u
bin=$1 man=$2
help=$("$bin" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u)
page=$(sed 's/\\-/-/g' "$man" | grep -oE -- '--[a-z][a-z-]*' | sort -u)
passed=0 failed=0
for o in $help; do
	if echo "$page" | grep -qx -- "$o"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $o is in --help but not in $man"; fi
done
for o in $page; do
	echo "$help" | grep -qx -- "$o" || { failed=$((failed + 1)); echo "FAIL: $o is in $man but not in --help"; }
done
out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$man" 2>&1 >/dev/null)
if [ -z "$out" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: man -l warns: $out"; fi
echo "man: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
