#!/bin/sh
# tests/check-man.sh BIN MANPAGE - --help and the man page list the same
# long options (each appears in both) and the same commands, in the same
# order (the commands table of src/main.c), and the man page renders
# cleanly.
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
# the commands: --help's "Commands:" section, the man page's .SS Commands
want=$("$bin" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ')
got=$(awk '/^\.SS Commands/ { on = 1; next } /^\.S[SH]/ { on = 0 } on && prev == ".TP" && /^\.B / { print $2 } { prev = $0 }' "$man" | tr '\n' ' ')
if [ -n "$want" ] && [ "$want" = "$got" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: --help's commands ($want) are not the man page's ($got)"; fi
out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$man" 2>&1 >/dev/null)
if [ -z "$out" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: man -l warns: $out"; fi
echo "man: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
