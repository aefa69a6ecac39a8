#!/bin/sh
# tests/install.sh [BUILD] - make install and make uninstall, never on the
# real system.
#
#  1. Build as a user does (`make`, default PREFIX), then
#     `make install DESTDIR=<scratch> PREFIX=/usr`: exactly the binary, the
#     man pages and the classroom files (data/*.json, data/README.md,
#     data/LECTURE.md, data/traces/*) are installed, with the right modes and
#     the same bytes; `man --warnings -l` renders both pages (vmscan-viz(1),
#     vmscan-viz-scenario(5)) without a warning, and the second has an entry
#     for every operation; the binary prints its version and runs installed scenarios
#     (--json) from /; it looks for scenarios in /usr/share/vmscan-viz, the
#     folder it was installed for; `make uninstall` removes it all.
#  2. `make PREFIX=<scratch>/usr install` without DESTDIR, so the binary can
#     run from its final path: started from / in a private tmux server, its
#     `o` dialog lists every installed scenario and opens one.
#
# BUILD is the build folder to use (it may be relinked for the new PREFIX);
# by default a scratch one, so that the build folder (`make where`) is left
# alone.  $INSTALL_SEED, a build folder (tests/run-all.sh gives the one
# under test), is copied into the scratch one first, so that make finds the
# objects built and only recompiles and relinks what PREFIX changes.
# Last line: "install: N passed, M failed"; exit status 1 on any failure.
set -u
cd "$(dirname "$0")/.." || exit 1
top=$(pwd)
tmp=$(mktemp -d) || exit 1
T="tmux -S $tmp/tmux.sock -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 1' INT TERM
case ${1:-} in
"") build=$tmp/build ;;
/*) build=$1 ;;
*) build=$top/$1 ;;
esac
stage=$tmp/stage			# the DESTDIR
prefix=$tmp/prefix/usr			# the PREFIX of the second install
export LC_ALL=C.UTF-8
unset VMSCAN_DATADIR
passed=0 failed=0
ok() {	# ok SENTENCE STATUS
	if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
# A seeded build relinks for each PREFIX without link-time optimisation:
# its objects are fat (they hold plain code too), what is tested here is
# where files go, and the LTO relink costs 10 s of CPU where this one costs
# 0.4.  An unseeded build is made and installed as a user's is.
relink=""
[ -z "${1:-}" ] && [ -n "${INSTALL_SEED:-}" ] && relink=ENGINE_LTO=-fno-lto
mk() {	# mk LOGNAME ARGS...: run make quietly; on failure show its output
	log=$tmp/$1.log; shift
	make -s --no-print-directory BUILD="$build" $relink "$@" >"$log" 2>&1 && return 0
	tail -n 20 "$log"; return 1
}
# The strings of a file, one per line (what strings(1) prints, without binutils)
strs() { tr -c '[:print:]' '\n' <"$1" | grep -v '^$'; }
# What a real install would have touched; compared at the end.
real_state() {
	for p in /usr/bin/vmscan-viz /usr/share/man/man1/vmscan-viz.1 /usr/share/man/man5/vmscan-viz-scenario.5 \
		 /usr/share/vmscan-viz /usr/local/bin/vmscan-viz /usr/local/share/man/man1/vmscan-viz.1 \
		 /usr/local/share/man/man5/vmscan-viz-scenario.5 /usr/local/share/vmscan-viz; do
		ls -ld --time-style=full-iso "$p" 2>&1
		[ -d "$p" ] && ls -l --time-style=full-iso "$p" 2>&1
	done
}
real_state >"$tmp/real.before"

# ---- 1. DESTDIR install, PREFIX=/usr ---------------------------------------

if [ -z "${1:-}" ]; then
	if [ -n "${INSTALL_SEED:-}" ] && [ -x "$INSTALL_SEED/vmscan-viz" ]; then
		mkdir -p "$build"
		tar -C "$INSTALL_SEED" --exclude=./asan --exclude=./bench --exclude=./fuzz --exclude=./tests -cf - . |
			tar -C "$build" -xf -
	fi
	mk build build; ok "make (default PREFIX) in a scratch build folder" $?
fi
mk install install DESTDIR="$stage" PREFIX=/usr; ok "make install DESTDIR=<scratch> PREFIX=/usr" $?

# The files that must be installed, and from where.
: >"$tmp/map"
echo "usr/bin/vmscan-viz $build/vmscan-viz" >>"$tmp/map"
echo "usr/share/man/man1/vmscan-viz.1 src/vmscan-viz.1" >>"$tmp/map"
echo "usr/share/man/man5/vmscan-viz-scenario.5 src/vmscan-viz-scenario.5" >>"$tmp/map"
echo "usr/share/bash-completion/completions/vmscan-viz src/completion/vmscan-viz.bash" >>"$tmp/map"
echo "usr/share/zsh/site-functions/_vmscan-viz src/completion/_vmscan-viz" >>"$tmp/map"
for f in data/*.json; do
	echo "usr/share/vmscan-viz/${f#data/} $f" >>"$tmp/map"
done
# the documentation under share/doc, where Debian keeps it
echo "usr/share/doc/vmscan-viz/README.md README.md" >>"$tmp/map"
echo "usr/share/doc/vmscan-viz/scenarios.md data/README.md" >>"$tmp/map"
echo "usr/share/doc/vmscan-viz/LECTURE.md data/LECTURE.md" >>"$tmp/map"
if [ -d data/traces ]; then
	for f in data/traces/*; do
		[ -f "$f" ] && echo "usr/share/vmscan-viz/${f#data/} $f" >>"$tmp/map"
	done
fi
missing=0
for f in data/scenario.schema.json data/README.md data/LECTURE.md; do
	[ -f "$f" ] || { echo "missing in the tree: $f"; missing=1; }
done
ok "the tree has data/scenario.schema.json, data/README.md and data/LECTURE.md" $missing

cut -d' ' -f1 "$tmp/map" | LC_ALL=C sort >"$tmp/want"
(cd "$stage" && find . ! -type d | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/got"
diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"
ok "exactly the binary, the two man pages, the shell completions, data/*.json, README.md, LECTURE.md and traces/ are installed" $?
[ -s "$tmp/diff" ] && cat "$tmp/diff"

bad=0
while read -r dest src; do
	[ -f "$stage/$dest" ] || continue
	cmp -s "$src" "$stage/$dest" || { echo "differs from $src: $dest"; bad=1; }
	case $dest in
	usr/bin/*) want=755 ;;
	*) want=644 ;;
	esac
	mode=$(stat -c %a "$stage/$dest")
	[ "$mode" = "$want" ] || { echo "mode $mode, not $want: $dest"; bad=1; }
done <"$tmp/map"
ok "each installed file is its source, mode 755 (binary) or 644" $bad

# each page, and what it must say: the scenario page names every operation
for page in man1/vmscan-viz.1 man5/vmscan-viz-scenario.5; do
	f=$stage/usr/share/man/$page
	if command -v man >/dev/null; then
		MANWIDTH=80 man --warnings -l "$f" >"$tmp/man.out" 2>"$tmp/man.err"
		rc=$?
		[ "$rc" -eq 0 ] && [ ! -s "$tmp/man.err" ] && grep -q 'vmscan-viz' "$tmp/man.out"
		ok "man --warnings -l renders the installed $page without a warning" $?
	else
		groff -man -ww -z "$f" 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ]
		ok "groff -man -ww renders the installed $page without a warning (man is not installed)" $?
		groff -man -Tutf8 "$f" 2>/dev/null | col -b >"$tmp/man.out"
	fi
	cat "$tmp/man.err"
done
bad=0
for op in map unmap touch read write dirty mlock munlock madvise alloc free pause stream random repeat trace; do
	grep -qE "^       ([a-z]+, )*$op( |,|$)" "$tmp/man.out" || { echo "vmscan-viz-scenario(5) has no entry for the operation $op"; bad=1; }
done
for key in format title description policy memory objects workload expect bookmarks watermarks swap swappiness \
	writeback_steps kswapd laptop_mode exec caption interleave chunk theta seed maps inspect quiz; do
	grep -qw -- "$key" "$tmp/man.out" || { echo "vmscan-viz-scenario(5) does not name the key $key"; bad=1; }
done
ok "vmscan-viz-scenario(5) has an entry for every operation and names every key" $bad

bin=$stage/usr/bin/vmscan-viz
version=$(sed -n 's/^VERSION *:= *//p' Makefile)
# and the commit it was built from, when built in a clone
"$bin" --version 2>&1 | grep -qxE "vmscan-viz $version( \([0-9A-Za-z._-]+\))?"
ok "the installed binary prints 'vmscan-viz $version (commit)'" $?

bad=0
for f in "$stage"/usr/share/vmscan-viz/*.json; do
	case $f in *scenario.schema.json) continue ;; esac
	(cd / && "$bin" run "$f" --json) >"$tmp/run.json" 2>"$tmp/run.err" || { echo "run failed: ${f#"$stage"}"; cat "$tmp/run.err"; bad=1; continue; }
	if command -v python3 >/dev/null; then
		python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["steps"] > 0' "$tmp/run.json" ||
			{ echo "not a run in JSON: ${f#"$stage"}"; bad=1; }
	else
		head -c 1 "$tmp/run.json" | grep -q '{' || { echo "not JSON: ${f#"$stage"}"; bad=1; }
	fi
done
ok "the installed binary runs every installed scenario with --json, from / (traces found)" $bad

(cd / && "$bin" check --expect "$stage"/usr/share/vmscan-viz/*.json >"$tmp/check.out" 2>&1)
ok "the installed scenarios pass their expectations" $?

strs "$bin" | grep -qx '/usr/share/vmscan-viz'
ok "the installed binary looks for scenarios in /usr/share/vmscan-viz (not a stale PREFIX)" $?
strs "$bin" | grep -x '/usr/local/share/vmscan-viz' && echo "(the binary was built for PREFIX=/usr/local)"

mk uninstall uninstall DESTDIR="$stage" PREFIX=/usr; ok "make uninstall DESTDIR=<scratch> PREFIX=/usr" $?
left=$(cd "$stage" && find . ! -type d)
[ -z "$left" ]; ok "uninstall removes every installed file" $?
[ -n "$left" ] && echo "$left"
[ ! -e "$stage/usr/share/vmscan-viz" ]; ok "uninstall removes usr/share/vmscan-viz/" $?
[ ! -e "$stage/usr/share/doc/vmscan-viz" ]; ok "uninstall removes usr/share/doc/vmscan-viz/" $?

# ---- 2. PREFIX install, run from its final path ----------------------------

mk install2 PREFIX="$prefix" install; ok "make PREFIX=<scratch>/usr install (no DESTDIR)" $?
datadir=$prefix/share/vmscan-viz
strs "$prefix/bin/vmscan-viz" | grep -qx "$datadir"
ok "that binary's compiled-in data folder is PREFIX/share/vmscan-viz" $?

if command -v tmux >/dev/null; then
	first=$(for f in "$datadir"/*.json; do echo "$f"; done | grep -v '/scenario\.schema\.json$' | LC_ALL=C sort | head -n 1)
	title=$("$prefix/bin/vmscan-viz" run "$first" | sed -n 's/^scenario  \(.*\) (.*)$/\1/p')
	# From an empty folder: no data/ and no ./*.json, only the installed ones.
	mkdir "$tmp/elsewhere"
	$T new-session -d -s open -x 200 -y 80 \
		"cd $tmp/elsewhere && env TERM=screen $prefix/bin/vmscan-viz; echo EXIT=\$?; sleep 60"
	screen() { $T capture-pane -p -t open 2>/dev/null; }
	wait_for() {	# wait_for TEXT: it appears on the screen (30 s at most by the clock: a loaded machine)
		end=$(($(date +%s) + 30))
		while :; do
			screen | grep -qF -- "$1" && return 0
			[ "$(date +%s)" -ge "$end" ] && return 1
			sleep 0.05
		done
	}
	wait_for "A tour of page reclaim"; ok "the installed binary starts on its tour from /" $?
	$T send-keys -t open o
	wait_for "Open a scenario"
	bad=0
	for f in "$datadir"/*.json; do
		case $f in *scenario.schema.json) continue ;; esac
		screen | grep -qF -- "$f" || { echo "not in the o dialog: $f"; bad=1; }
	done
	ok "its o dialog lists every installed scenario" $bad
	if [ $bad -eq 0 ]; then
		$T send-keys -t open Enter
		wait_for "vmscan-viz  $title |"; ok "Enter opens the first one ($title)" $?
	else
		screen | sed -n '/Open a scenario/,/Enter chooses/p'
		$T send-keys -t open Escape
	fi
	$T send-keys -t open q
	wait_for "EXIT=0"; ok "q quits with status 0" $?
	$T kill-server 2>/dev/null
else
	echo "skip: tmux is not installed, the o dialog was not tried"
fi

mk uninstall2 PREFIX="$prefix" uninstall; ok "make PREFIX=<scratch>/usr uninstall" $?
[ -z "$(find "$prefix" ! -type d)" ]; ok "that uninstall removes every file" $?

real_state >"$tmp/real.after"
cmp -s "$tmp/real.before" "$tmp/real.after"; ok "the real /usr and /usr/local were not touched" $?

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
