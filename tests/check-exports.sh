#!/bin/sh
# tests/check-exports.sh BUILD - nothing is exported that only its own file
# uses: every function or variable an object of src/ defines globally is
# used by another object of the program, or named by a test, fuzz target
# or benchmark (a hook kept public for them).  Anything else is static, or
# deleted when nothing calls it.  Checked on the objects (nm), so a call
# hidden behind a macro counts and a name in a comment does not.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the program's objects whose source still exists (a build folder keeps
# the objects of deleted files), and the generated ones
for o in $(cd "$build" && find engine policy scenario replay cli tui util -name '*.o' 2>/dev/null); do
	[ -f "src/${o%.o}.c" ] && echo "$build/$o"
done >"$tmp/objs"
ls "$build"/main.o "$build"/gen/*.o >>"$tmp/objs" 2>/dev/null
if [ "$(wc -l <"$tmp/objs")" -lt 20 ]; then
	echo "FAIL: the program's objects exist in $build (make build first)"
	echo "exports: 0 passed, 1 failed"
	exit 1
fi
# shellcheck disable=SC2046
nm -A -g --defined-only $(cat "$tmp/objs") |
	awk -v b="$build/" '$2 ~ /^[TDBRGSV]$/ && $3 != "main" && $3 !~ /^__/ { o = $1; sub(/:[^:]*$/, "", o); sub(b, "", o); print $3, o }' |
	sort >"$tmp/defined"
# shellcheck disable=SC2046
nm -u $(cat "$tmp/objs") | awk 'NF == 2 { print $2 }' | sort -u >"$tmp/used"
cat tests/unit/*.[ch] tests/fuzz/*.c tests/bench/*.c 2>/dev/null | grep -oE '[A-Za-z_][A-Za-z_0-9]*' | sort -u >"$tmp/tests"
join -v 1 "$tmp/defined" "$tmp/used" | join -v 1 - "$tmp/tests" >"$tmp/local"
passed=$(($(wc -l <"$tmp/defined") - $(wc -l <"$tmp/local")))
failed=$(wc -l <"$tmp/local")
while read -r sym obj; do
	echo "FAIL: $sym (src/${obj%.o}.c) is exported but used only in its own file: static, or deleted if unused"
done <"$tmp/local"
echo "exports: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
