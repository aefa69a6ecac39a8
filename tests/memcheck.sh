#!/bin/sh
# tests/memcheck.sh BIN - valgrind memcheck on the headless runs of every
# scenario in data/ (each policy in turn), on trace, compare and screen, and
# (with MEMCHECK_ALL=1: make test-all) on the loader's bad-input corpus: no
# error and no leak.  make test runs that corpus under ASan and UBSan
# (bad@asan) instead: valgrind adds only reads of uninitialised memory there,
# at half a second of CPU a file.
set -u
bin=$1
cd "$(dirname "$0")/.." || exit 1
command -v valgrind >/dev/null || { echo "memcheck: 0 passed, 1 failed (valgrind is not installed)"; exit 1; }
passed=0 failed=0
vg() {	# vg SENTENCE ARGS...
	what=$1; shift
	if valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible "$bin" "$@" >/dev/null 2>/tmp/memcheck.$$; then
		passed=$((passed + 1))
	elif [ $? -eq 99 ]; then
		failed=$((failed + 1)); echo "FAIL: $what"; head -30 /tmp/memcheck.$$
	else
		passed=$((passed + 1))	# a clean non-zero exit (bad input) is fine
	fi
}
set -- $("$bin" policies | cut -d' ' -f1)
i=0
for s in data/*.json; do
	case $s in *schema.json) continue ;; esac
	i=$((i + 1)); shift_by=$((i % 6 + 1)); policy=$(echo "$*" | cut -d' ' -f$shift_by)
	vg "run $s --policy $policy" run "$s" --policy "$policy" --json
done
vg "trace" trace data/default.json --policy refault
vg "compare --all" compare data/mlocked.json --all
vg "check --expect" check --expect data/lumpy.json
# the visualizer's own drawing code, headless (curses included)
vg "screen, compare at a divergence, svg" screen data/used-once-mmap.json --compare 2.6.33,2.6.34 --divergence 1 --format svg
vg "screen, quiz and the page examined" screen data/default.json --quiz --step 208 --examined --format ansi
vg "screen, help over the inspector, projector" screen data/database-index.json --big --step 1240 --inspect 'index[0]' --help-screen
if [ "${MEMCHECK_ALL:-0}" = 1 ]; then
	for b in tests/bad/*.json; do
		[ -f "$b" ] && vg "check $b" check "$b"
	done
fi
rm -f /tmp/memcheck.$$
echo "memcheck: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
