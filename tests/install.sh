#!/bin/sh
# tests/install.sh - make install and make uninstall into a scratch DESTDIR:
# exactly the binary, the man page and the classroom files are installed;
# the installed man page renders without a warning; the installed binary
# runs an installed scenario (its trace found next to it); uninstall
# removes everything.  Also builds a second copy with PREFIX inside the
# scratch folder (no DESTDIR) to check that the binary knows where its
# scenarios live.  Never touches the real system.
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi; }

make -s install DESTDIR="$tmp/stage" PREFIX=/usr >"$tmp/log" 2>&1; ok "make install DESTDIR=... PREFIX=/usr" $?
( cd "$tmp/stage" && find . -type f | sed 's|^\./||' | sort ) >"$tmp/got"
{
	echo usr/bin/vmscan-viz
	echo usr/share/man/man1/vmscan-viz.1
	for f in data/*.json data/*.md data/traces/*; do echo "usr/share/vmscan-viz/${f#data/}"; done
} | sort >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; ok "exactly the binary, the man page and data/ are installed" $?
[ -s "$tmp/diff" ] && cat "$tmp/diff"
[ -x "$tmp/stage/usr/bin/vmscan-viz" ]; ok "the binary is executable" $?
out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$tmp/stage/usr/share/man/man1/vmscan-viz.1" 2>&1 >/dev/null)
[ -z "$out" ]; ok "man -l renders the installed page without a warning" $?
"$tmp/stage/usr/bin/vmscan-viz" --version | grep -q '^vmscan-viz [0-9]'; ok "the installed binary prints its version" $?
(cd / && "$tmp/stage/usr/bin/vmscan-viz" run "$tmp/stage/usr/share/vmscan-viz/real-program.json" --json >/dev/null)
ok "the installed binary runs an installed scenario that reads a trace, from /" $?
(cd / && "$tmp/stage/usr/bin/vmscan-viz" check --expect "$tmp/stage/usr/share/vmscan-viz/database-index.json" >/dev/null)
ok "installed scenarios pass their expectations" $?
make -s uninstall DESTDIR="$tmp/stage" PREFIX=/usr >"$tmp/log" 2>&1; ok "make uninstall" $?
[ -z "$(find "$tmp/stage" -type f)" ]; ok "uninstall removes every installed file" $?
[ ! -d "$tmp/stage/usr/share/vmscan-viz" ]; ok "uninstall removes the data folder" $?

# PREFIX without DESTDIR: the binary's compiled-in data folder is that prefix's

make -s BUILD="$tmp/build" PREFIX="$tmp/prefix" install >"$tmp/log" 2>&1; ok "make install PREFIX=<scratch>" $?
strings "$tmp/prefix/bin/vmscan-viz" | grep -qx "$tmp/prefix/share/vmscan-viz"; ok "the binary looks for scenarios in PREFIX/share/vmscan-viz" $?
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
