#!/bin/bash
# tests/screen/run.sh BIN - `vmscan-viz screen`, the screen without a terminal
#
# 1. It shows what a terminal shows: for several steps, sizes (80x24,
#    120x40, 200x60) and modes (compare, quiz, projector, help, inspector,
#    ASCII, wide characters, a trace), the visualizer runs in a tmux pane of that size, gets
#    the keys that lead there (g STEP Enter, / PAGE Enter, i, ?, n), and
#    the pane must come to show exactly the lines `vmscan-viz screen`
#    prints (trailing spaces aside).  The wait is for that state, bounded
#    (the index may still be building when the keys arrive), never a sleep.
# 2. The expected screens of tests/screen/cases, kept in
#    tests/screen/expected/ and reviewed in diffs (`make screen-update`).
# 3. The formats: text is exactly H lines of W columns; ansi is the same
#    text with SGR sequences, none of colour under --mono or NO_COLOR; the
#    SVG is well-formed XML (python3), has a title and a viewBox, and is
#    drawn to a PNG by headless chromium, and by rsvg-convert, where they
#    are installed.  -o writes the whole file or leaves the old one.
# 4. Bad input: a clear message and exit status 2 (usage) or 1 (the
#    scenario, step, access or page).
# Last line: "screen: N passed, M failed".
set -u
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/../e2e/lib.sh"
cd "$ROOT" || exit 2
unset NO_COLOR
SCREENS=$HERE/../screen
# bounds of the waits for a state: generous, longer under the sanitizers
TMO=20
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && TMO=90
TORRENT=data/used-once-mmap.json
INDEX=data/database-index.json
strip() { sed 's/ *$//'; }

# --- 1. tmux == screen ----------------------------------------------------------
n=0
# same SENTENCE SIZE "VISUALIZER ARGS" "SCREEN ARGS" KEYS...: after KEYS the
# pane shows what `screen SCREEN ARGS --size SIZE` prints
same() {
	local what=$1 size=$2 targs=$3 sargs=$4 tries i got want
	shift 4
	n=$((n + 1))
	# shellcheck disable=SC2086 # the arguments are words
	if ! "$BIN" screen $sargs --size "$size" | strip >"$LOGDIR/want"; then
		ok "$what: screen draws it" 1
		return
	fi
	start "same$n" "$size" -- $targs
	if ! wait_re '(step|access) [0-9]+/' "$TMO"; then
		ok "$what: the visualizer started" 1
		finish
		return
	fi
	[ $# -gt 0 ] && keys "$@"
	# tmux leaves out the spaces at a line's end, as strip does: each
	# look is one tmux client, compared in the shell
	want=$(<"$LOGDIR/want") tries=$((TMO * 20))
	for ((i = 0; i < tries; i++)); do
		got=$(capture)
		[ "$got" = "$want" ] && break
		snooze 0.05
	done
	if [ "$got" = "$want" ]; then
		ok "$what" 0
	else
		ok "$what (tmux < > screen)" 1
		diff <(printf '%s\n' "$got") <(printf '%s\n' "$want") | head -n 20
	fi
	finish
}
same "torrent 2.6.34 step 437 at 80x24: tmux == screen (the contract)" 80x24 \
	"--policy 2.6.34 $TORRENT" "$TORRENT --policy 2.6.34 --step 437" g 437 Enter
same "torrent 2.6.34 step 437 at 120x40" 120x40 \
	"--policy 2.6.34 $TORRENT" "$TORRENT --policy 2.6.34 --step 437" g 437 Enter
same "torrent 2.6.34 step 437 at 200x60" 200x60 \
	"--policy 2.6.34 $TORRENT" "$TORRENT --policy 2.6.34 --step 437" g 437 Enter
same "torrent 2.6.33 step 1298 at 80x24" 80x24 \
	"--policy 2.6.33 $TORRENT" "$TORRENT --policy 2.6.33 --step 1298" g 1298 Enter
same "mglru's generations, first eviction from the oldest, step 458 at 80x24" 80x24 \
	"--policy mglru $TORRENT" "$TORRENT --policy mglru --step 458" g 458 Enter
same "the index evicted, step 1242 at 120x40" 120x40 "$INDEX" "$INDEX --step 1242" g 1242 Enter
same "inside a container: db's limit reclaim, step 578 at 120x40" 120x40 "data/database-cgroup.json" "data/database-cgroup.json --step 578" g 578 Enter
same "db's own lists at its limit reclaim (m), step 578 at 80x24" 80x24 "data/database-cgroup.json" \
	"data/database-cgroup.json --step 578 --cgroup db" g 578 Enter m
same "whose pages (M): the backup's limit reclaim lettered by cgroup, step 322 at 80x24" 80x24 \
	"data/database-cgroup.json" "data/database-cgroup.json --step 322 --whose" g 322 Enter M
same "kswapd's soft limit pass takes backup, step 947 at 120x40" 120x40 "data/cgroup-soft-limit.json" \
	"data/cgroup-soft-limit.json --step 947" g 947 Enter
same "a page of the soft limit pass, step 960 at 80x24" 80x24 "data/cgroup-soft-limit.json" \
	"data/cgroup-soft-limit.json --step 960" g 960 Enter
same "the built-in tour at step 0, 80x24 (no key)" 80x24 "" ""
# access 100's step, from the trace: the 100th record of kind workload
same "the built-in tour, access 300 at 120x40" 120x40 "" "--access 300" \
	g "$("$BIN" trace data/default.json | grep -F '"kind":"workload"' | sed -n '300{s/^{"step":\([0-9]*\),.*/\1/p;q}')" Enter
same "compare at access 396, 80x30" 80x30 "--compare 2.6.33,2.6.34 $TORRENT" \
	"$TORRENT --compare 2.6.33,2.6.34 --access 396" g 396 Enter
same "compare at its first divergence, 200x50" 200x50 "--compare 2.6.33,2.6.34 $TORRENT" \
	"$TORRENT --compare 2.6.33,2.6.34 --divergence 1" n
same "quiz: the question open before step 654, 120x40" 120x40 "--quiz $INDEX" "$INDEX --quiz --step 654" \
	g 654 Enter
same "quiz at 80x24" 80x24 "--quiz $TORRENT" "$TORRENT --quiz --step 437" g 437 Enter
same "projector mode, 2.6.33 step 421, 120x40" 120x40 "--big --policy 2.6.33 $TORRENT" \
	"$TORRENT --big --policy 2.6.33 --step 421" g 421 Enter
same "projector mode at 80x24" 80x24 "--big $INDEX" "$INDEX --big --step 1240" g 1240 Enter
same "the help screen at 80x24" 80x24 "" "--help-screen" '?'
same "Part 3's bookmark index-refault from the list, its inspector's whole history, 120x40" 120x40 "$INDEX" \
	"$INDEX --bookmark index-refault" "'" Down Down Down Down Enter
same "the flood question in projector mode from the list, 80x24" 80x24 "--big $TORRENT" \
	"$TORRENT --big --quiz --bookmark flood" "'" Down Down Enter
same "the help screen over step 437 at 120x40" 120x40 "$TORRENT" "$TORRENT --step 437 --help-screen" \
	g 437 Enter '?'
same "the inspector on index[0] at step 1240, 120x40" 120x40 "$INDEX" \
	"$INDEX --step 1240 --inspect index[0]" g 1240 Enter / "index 0" Enter
same "the inspector on the page examined, 80x24" 80x24 "$TORRENT" "$TORRENT --step 437 --examined" \
	g 437 Enter i
same "ASCII glyphs, 100x30" 100x30 "--ascii $INDEX" "$INDEX --ascii --step 718" g 718 Enter
same "a lackey trace, step 500 at 120x40" 120x40 \
	"--trace data/traces/report.lackey -f lackey --maps data/traces/report.maps --memory 256" \
	"--trace data/traces/report.lackey -f lackey --maps data/traces/report.maps --memory 256 --step 500" \
	g 500 Enter
# wide characters take two columns, in the pane as in the text
sed 's/libc\.so/库文件.so/g' data/default.json >"$LOGDIR/wide.json"
same "wide characters (an object named 库文件.so), 80x24" 80x24 "$LOGDIR/wide.json" "$LOGDIR/wide.json --step 197" \
	g 197 Enter

# --- 2. the expected screens ------------------------------------------------------
while IFS='|' read -r name args; do
	name=$(echo "$name" | tr -d ' ')
	exp="$SCREENS/expected/$name.txt"
	# shellcheck disable=SC2086 # the arguments are words
	if [ ! -f "$exp" ]; then
		ok "expected screen $name exists (make screen-update)" 1
	elif "$BIN" screen $args >"$LOGDIR/got" && cmp -s "$LOGDIR/got" "$exp"; then
		ok "expected screen $name" 0
	else
		ok "expected screen $name (make screen-update, then review the diff)" 1
		diff "$exp" "$LOGDIR/got" | head -n 10
	fi
done < <(grep -vE '^(#|$)' "$SCREENS/cases")
for f in "$SCREENS"/expected/*.txt; do
	grep -qE "^$(basename "$f" .txt) *\|" "$SCREENS/cases"
	ok "$(basename "$f") is a case of tests/screen/cases" $?
done

# --- 3. the formats -------------------------------------------------------------
# every line W columns wide (a wide character counts two), H lines
shape() {	# shape FILE W H
	python3 - "$@" <<'EOF'
import sys, unicodedata
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
lines = open(path, encoding="utf-8").read().split("\n")
assert lines[-1] == "", "no newline at the end"
lines = lines[:-1]
width = lambda s: sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)
bad = [i + 1 for i, l in enumerate(lines) if width(l) != w]
sys.exit(0 if len(lines) == h and not bad else print(len(lines), "lines; wrong width:", bad[:5]) or 1)
EOF
}
for size in 80x24 120x40 200x60 56x16; do
	"$BIN" screen "$TORRENT" --step 437 --size "$size" >"$LOGDIR/t.txt"
	shape "$LOGDIR/t.txt" "${size%x*}" "${size#*x}"
	ok "text at $size: exactly ${size#*x} lines of ${size%x*} columns" $?
done
"$BIN" screen "$LOGDIR/wide.json" --step 197 --size 80x24 >"$LOGDIR/t.txt" && shape "$LOGDIR/t.txt" 80 24 &&
	grep -qF '库文件.so[0]' "$LOGDIR/t.txt"
ok "text with wide characters: 24 lines of 80 columns" $?
# the evicted strip follows the cgroup view (m, --cgroup): that cgroup's
# evictions, counted and drawn; the zone's without it
C=data/database-cgroup.json
for size in 80x24 120x40; do
	for who in db:256 backup:351 :607; do
		cg=${who%:*} n=${who#*:}
		"$BIN" screen $C --step 1600 --size "$size" ${cg:+--cgroup "$cg"} >"$LOGDIR/t.txt" &&
			shape "$LOGDIR/t.txt" "${size%x*}" "${size#*x}" &&
			grep -qE "^ ${cg:+its }evicted +$n " "$LOGDIR/t.txt"
		ok "the evicted strip of ${cg:-the zone} at step 1600, $size: ${cg:+its }evicted $n" $?
	done
	# at step 700 db has lost 32 pages, the zone 155 (backup's too): db's
	# strip draws its 32 and no other cgroup's
	"$BIN" screen $C --step 700 --size "$size" --cgroup db >"$LOGDIR/t.txt" &&
		grep -qE "^ its evicted +32 ~{32}( |$)" "$LOGDIR/t.txt"
	ok "db's evicted strip at step 700, $size: its 32 pages, no other cgroup's" $?
done
"$BIN" screen --size 300x100 >"$LOGDIR/t.txt" && shape "$LOGDIR/t.txt" 300 100
ok "the default scenario at 300x100 is 100 lines of 300 columns" $?
"$BIN" screen "$TORRENT" --step 437 | wc -l | grep -qx 40
ok "the default size is 120x40" $?

"$BIN" screen "$TORRENT" --step 437 --size 80x24 --format ansi >"$LOGDIR/a.ans"
"$BIN" screen "$TORRENT" --step 437 --size 80x24 >"$LOGDIR/a.txt"
sed -E 's/\x1b\[[0-9;]*m//g' "$LOGDIR/a.ans" | cmp -s - "$LOGDIR/a.txt"
ok "ansi without its SGR sequences is the text" $?
grep -qE $'\x1b\\[0(;[0-9]+)*;38;5;[0-9]+;48;5;[0-9]+m' "$LOGDIR/a.ans" && grep -qE $'\x1b\\[0;1;' "$LOGDIR/a.ans"
ok "ansi has 256-colour foregrounds and backgrounds, and bold" $?
for mono in "--mono" "NO_COLOR=1"; do
	if [ "$mono" = --mono ]; then
		"$BIN" screen "$TORRENT" --step 437 --size 80x24 --format ansi --mono >"$LOGDIR/m.ans"
	else
		env NO_COLOR=1 "$BIN" screen "$TORRENT" --step 437 --size 80x24 --format ansi >"$LOGDIR/m.ans"
	fi
	! grep -qE $'\x1b\\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|38;5|48;5)(;|m)' "$LOGDIR/m.ans" &&
		grep -qE $'\x1b\\[0(;[0-9]+)*;7[;m]' "$LOGDIR/m.ans"
	ok "$mono: no colour in the SGR sequences, reverse video kept" $?
done
# --colors: the SGR colours of each depth.  8: the eight of 30-37 and 40-47
# only (an 8-colour projector); 16: no 38;5/48;5 either; 256: the cube.
# The text is the same at every depth but the footer's label: every state
# keeps its glyph, whatever the colours say.
sgr_params() {	# sgr_params FILE: the SGR parameters used, one a line
	grep -oaE $'\x1b\\[[0-9;]*m' "$1" | sed -E 's/^.\[//; s/m$//' | tr ';' '\n' | sort -un
}
for c in 8 16 256; do
	"$BIN" screen "$TORRENT" --step 437 --format ansi --colors "$c" >"$LOGDIR/c$c.ans"
	"$BIN" screen "$TORRENT" --step 437 --colors "$c" >"$LOGDIR/c$c.txt"
	sed -E 's/\x1b\[[0-9;]*m//g' "$LOGDIR/c$c.ans" | cmp -s - "$LOGDIR/c$c.txt"
	ok "--colors $c: ansi without its SGR sequences is the text" $?
	grep -qF "| $c colors" "$LOGDIR/c$c.txt"
	ok "--colors $c: the footer says $c colors" $?
	sed -E "s/ *\| $c colors *$//" "$LOGDIR/c$c.txt" >"$LOGDIR/c$c.norm"
done
[ "$(sgr_params "$LOGDIR/c8.ans" | grep -cvE '^(0|1|2|4|7|3[0-7]|4[0-7])$')" -eq 0 ] &&
	[ "$(sgr_params "$LOGDIR/c8.ans" | grep -cE '^3[0-7]$')" -ge 4 ] && [ "$(sgr_params "$LOGDIR/c8.ans" | grep -cE '^4[0-7]$')" -ge 2 ]
ok "--colors 8: only 30-37 and 40-47 (at least four inks, two backgrounds)" $?
! grep -qaE $'\x1b\\[[0-9;]*(38|48);5;' "$LOGDIR/c16.ans"
ok "--colors 16: no 256-colour sequence" $?
grep -qaE $'\x1b\\[[0-9;]*38;5;[0-9]+' "$LOGDIR/c256.ans"
ok "--colors 256: 38;5;N foregrounds" $?
cmp -s "$LOGDIR/c8.norm" "$LOGDIR/c256.norm" && cmp -s "$LOGDIR/c16.norm" "$LOGDIR/c256.norm"
ok "--colors 8, 16 and 256 draw the same glyphs (the footer's label aside)" $?
"$BIN" screen "$TORRENT" --step 437 --format ansi >"$LOGDIR/cdef.ans"
cmp -s "$LOGDIR/cdef.ans" "$LOGDIR/c256.ans"
ok "ansi into a file: 256 colours, whatever TERM says" $?
"$BIN" screen "$TORRENT" --step 437 --size 80x24 --format ansi --colors 8 --mono >"$LOGDIR/c8m.ans"
cmp -s "$LOGDIR/c8m.ans" "$LOGDIR/m.ans"
ok "--colors 8 --mono: monochrome wins" $?
# ansi onto a terminal follows its TERM (script(1) gives the program one)
if command -v script >/dev/null; then
	for t in xterm:8 xterm-256color:256 dumb:256; do
		script -qec "env TERM=${t%%:*} '$BIN' screen '$TORRENT' --step 437 --format ansi" /dev/null |
			sed -E 's/\x1b\[[0-9;]*m//g' | grep -qaF "| ${t##*:} colors"
		ok "ansi onto a terminal with TERM=${t%%:*}: ${t##*:} colors" $?
	done
else
	echo "skip: no script(1); ansi onto a terminal was not tried"
fi

svg_ok() {	# svg_ok FILE: well-formed, a <title>, a viewBox, text as <text>
	python3 - "$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg", root.tag
assert len(root.get("viewBox", "").split()) == 4
title = root.find(ns + "title")
assert title is not None and title.text.startswith("vmscan-viz"), "no title"
texts = root.iter(ns + "text")
assert sum(1 for _ in texts) >= 10, "too few lines of text"
assert any(r.get("fill") not in (None, "#1e1e1e") for r in root.iter(ns + "rect")), "no background drawn"
EOF
}
"$BIN" screen "$TORRENT" --step 437 --size 120x40 --format svg -o "$LOGDIR/s.svg"
svg_ok "$LOGDIR/s.svg"
ok "svg: well-formed XML with a title, a viewBox, text lines and backgrounds" $?
grep -qF '<title>vmscan-viz: Hashing a torrent' "$LOGDIR/s.svg" && grep -qF 'step 437' "$LOGDIR/s.svg"
ok "svg: the title names the scenario and the step" $?
# a name that needs escaping reaches the SVG escaped: a scenario with <&">
sed 's/"title": *"[^"]*"/"title": "a <b> \& \\"c\\""/' "$TORRENT" >"$LOGDIR/esc.json"
"$BIN" screen "$LOGDIR/esc.json" --format svg >"$LOGDIR/esc.svg" && svg_ok "$LOGDIR/esc.svg" &&
	grep -qF 'a &lt;b&gt; &amp; &quot;c&quot;' "$LOGDIR/esc.svg"
ok "svg: <, >, & and \" in a title are escaped" $?
"$BIN" screen "$TORRENT" --compare 2.6.33,2.6.34 --divergence 1 --size 200x50 --format svg --mono >"$LOGDIR/c.svg" &&
	svg_ok "$LOGDIR/c.svg"
ok "svg of compare mode in monochrome is well-formed" $?
# --- colours of the page of the step: it keeps its object's colour; the
# light theme; initials in monochrome
"$BIN" screen "$TORRENT" --policy 2.6.33 --step 438 --size 120x40 --format ansi >"$LOGDIR/o.ans"
obj=$(grep -F "inactive_file" "$LOGDIR/o.ans" | grep -oE $'\x1b\\[0;38;5;[0-9]+m●' | head -n 1 | sed -E 's/.*38;5;([0-9]+)m.*/\1/')
grep -F "active_file    17" "$LOGDIR/o.ans" | grep -qE $'\x1b\\[0;1;38;5;[0-9]+;48;5;'"${obj:-none}"'m▲'
ok "the page of the step (big.iso[0], ▲) on its object's colour (48;5;${obj:-?}, big.iso's cells' 38;5;${obj:-?})" $?
"$BIN" screen "$TORRENT" --policy 2.6.33 --step 438 --size 120x40 --format ansi --theme light >"$LOGDIR/l.ans"
sed -E 's/\x1b\[[0-9;]*m//g' "$LOGDIR/l.ans" | cmp -s - <("$BIN" screen "$TORRENT" --policy 2.6.33 --step 438 --size 120x40)
ok "--theme light: the same text" $?
! sed -E $'s/\x1b\\[0m$//' "$LOGDIR/l.ans" | grep -qE $'\x1b\\[0(;1|;4|;7)*m'; r1=$?
! grep -E "not taken" "$LOGDIR/l.ans" | grep -qvE $'38;5;2(3[2-9]|40);48;5;231m *– '; r2=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ]
ok "--theme light: no cell left to the terminal's colours; 'not taken' rows dark grey (232-240) on white" $?
"$BIN" screen "$TORRENT" --policy 2.6.33 --step 438 --size 120x40 --format svg --theme light -o "$LOGDIR/l.svg" &&
	svg_ok "$LOGDIR/l.svg" && grep -qF '<rect width="100%" height="100%" fill="#ffffff"/>' "$LOGDIR/l.svg"
ok "--theme light: the SVG is well-formed, on white" $?
"$BIN" screen "$TORRENT" --step 437 --size 80x24 --format ansi --mono --theme light >"$LOGDIR/ml.ans"
! grep -qE $'\x1b\\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|38;5|48;5)(;|m)' "$LOGDIR/ml.ans" && cmp -s "$LOGDIR/ml.ans" "$LOGDIR/m.ans"
ok "--theme light --mono: monochrome as without the theme" $?
"$BIN" screen "$TORRENT" --step 437 --size 80x24 --theme blue >/dev/null 2>"$LOGDIR/err"
[ $? -eq 2 ] && grep -qF "expected dark or light" "$LOGDIR/err"; ok "--theme blue: a usage error" $?
if [ -x /usr/bin/chromium ]; then
	prof=$(mktemp -d)
	timeout 120 /usr/bin/chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$prof" --window-size=1020,700 --screenshot="$LOGDIR/chromium.png" \
		"file://$LOGDIR/s.svg" >/dev/null 2>&1
	[ -s "$LOGDIR/chromium.png" ] && head -c 8 "$LOGDIR/chromium.png" | od -An -c | grep -q 'P   N   G'
	ok "headless chromium draws the SVG into a PNG" $?
	rm -rf "$prof"
else
	echo "skip: /usr/bin/chromium is not installed; the SVG was not drawn by a browser"
fi
if command -v rsvg-convert >/dev/null; then
	rsvg-convert "$LOGDIR/s.svg" -o "$LOGDIR/rsvg.png" && [ -s "$LOGDIR/rsvg.png" ]
	ok "rsvg-convert draws the SVG into a PNG" $?
fi

# -o: the whole file or nothing
echo old >"$LOGDIR/keep.txt"
"$BIN" screen "$TORRENT" --step 999999 -o "$LOGDIR/keep.txt" 2>/dev/null
[ $? -eq 1 ] && [ "$(cat "$LOGDIR/keep.txt")" = old ] && [ -z "$(ls -A "$LOGDIR" | grep '^\.keep')" ]
ok "-o: a step past the end leaves the old file, and no temporary file" $?
"$BIN" screen "$TORRENT" --step 437 --size 80x24 -o "$LOGDIR/keep.txt" && cmp -s "$LOGDIR/keep.txt" "$LOGDIR/a.txt"
ok "-o FILE holds what standard output gets" $?
"$BIN" screen -o "$LOGDIR/no/such/dir/x.txt" 2>"$LOGDIR/err"
[ $? -eq 1 ] && grep -qF 'cannot write' "$LOGDIR/err"
ok "-o into a missing folder: 'cannot write', exit 1" $?

# the terminal it draws for is its own, whatever TERM says
env -u TERM "$BIN" screen "$TORRENT" --step 437 --size 80x24 | cmp -s - "$LOGDIR/a.txt" &&
	env TERM=nosuchterm "$BIN" screen "$TORRENT" --step 437 --size 80x24 | cmp -s - "$LOGDIR/a.txt" &&
	env TERM=dumb "$BIN" screen "$TORRENT" --step 437 --size 80x24 | cmp -s - "$LOGDIR/a.txt"
ok "TERM unset, unknown or dumb: the same screen" $?
"$BIN" screen - --step 437 --size 80x24 <"$TORRENT" | cmp -s - "$LOGDIR/a.txt"
ok "the scenario read from standard input (-) draws the same" $?
"$BIN" screen --trace - -f lackey --maps data/traces/report.maps --memory 256 --step 500 --size 80x24 \
	<data/traces/report.lackey | head -n 1 | grep -qF '| step 500/'
ok "--trace - reads the trace from standard input (no keys are read there)" $?

# --- one scale: every side of compare, every policy, every bookmark ---------------
# scale ARGS...: the "1 cell = N page" of each lists panel's title the screen draws
scale() { "$BIN" screen "$@" | grep -oE '(, |─ )1 cell = [0-9]+ page' | sed 's/^[^1]*//' | sort -u | tr '\n' ' '; }
for size in 80x24 120x40; do
	for pair in 2.6.34,mglru 2.6.33,2.6.34 2.6.33,mglru; do
		got=$(scale "$TORRENT" --compare $pair --divergence 1 --size $size)
		case $got in *page\ *page*) false ;; 1\ cell*) true ;; *) false ;; esac
		ok "--compare $pair at $size: both sides at one scale (got: $got)" $?
	done
	a=$(scale "$TORRENT" --policy 2.6.33 --step 438 --size $size)
	b=$(scale "$TORRENT" --policy 2.6.34 --step 438 --size $size)
	[ -n "$a" ] && [ "$a" = "$b" ]
	ok "] from flood (2.6.33) to used-once (2.6.34) keeps the scale at $size ($a / $b)" $?
	a=$(scale data/database-cgroup.json --compare 2.6.34,2.6.34/global --access 300 --size $size)
	case $a in *page\ *page*) false ;; 1\ cell*) true ;; *) false ;; esac
	ok "--compare 2.6.34,2.6.34/global at $size: one scale ($a)" $?
done
# the divergence line keeps its point, each side's word, at 80 columns; only
# what changes a page's fate counts (f: the same fate in other words)
line=$("$BIN" screen "$TORRENT" --compare 2.6.34,mglru --divergence 1 --size 80x24 | sed -n 3p)
case $line in *": PAGEREF_KEEP vs FOLIOREF_RECLAIM"*) true ;; *) false ;; esac
ok "80x24: the divergence line ends with both sides' decisions ($line)" $?
case $line in "divergence 1/32 at 397: libc.so[0]"*) true ;; *) false ;; esac
ok "2.6.34 vs mglru: 32 divergences of a page's fate, not 200 in words" $?
# containers (data/LECTURE.md "Inside a container")
C=data/database-cgroup.json
"$BIN" screen $C --step 322 --size 120x40 | grep -q '^ inputs  referenced_ptes=0'
ok "backup-limit at 120x40 keeps the inputs row" $?
for size in 80x24 120x40; do
	"$BIN" screen $C --step 578 --quiz --size $size >"$LOGDIR/q"
	! grep -q 'no reclaim running' "$LOGDIR/q"; ok "db-limit question at $size: the status line does not say no reclaim runs" $?
	"$BIN" screen $C --step 578 --quiz --cgroup db --size $size >"$LOGDIR/q"
	grep -qE "db's (lists|pages) 256/256.*   index    data ─" "$LOGDIR/q"; ok "m at $size: db's usage and limit, its objects' key whole" $?
	grep -q '◂ limit' "$LOGDIR/q"; ok "m at $size: ◂ limit at db's tail, where the question's scan starts" $?
	"$BIN" screen $C --step 323 --cgroup db --size $size | grep -q '◂ limit'
	[ $? -ne 0 ]; ok "m at $size: no ◂ limit on db's lists while backup is limit-reclaimed" $?
	"$BIN" screen $C --step 323 --size $size | grep -qE ' db 192/256 .* backup 126/128 '
	ok "the zone view at $size: each cgroup's usage and limit beside its objects" $?
	"$BIN" screen $C --step 1794 --inspect 'index[0]' --size $size | grep -q 'now: .*, charged to db, pfn'
	ok "the inspector at $size: the page is charged to db" $?
	"$BIN" screen data/cgroup-soft-limit.json --step 947 --cgroup backup --size $size | grep -qE "backup's (lists|pages) [0-9]+/1024.* soft( limit)? 64"
	ok "m at $size: the soft limit in its title" $?
done
# --- 4. bad input ----------------------------------------------------------------
"$BIN" screen --help | head -n 1 | grep -q '^usage: vmscan-viz screen'
ok "screen --help starts with its usage" $?
"$BIN" help screen | grep -qF -- '--help-screen'
ok "help screen lists the options" $?
bad() {	# bad STATUS "MESSAGE" ARGS...: exits STATUS, says MESSAGE, prints nothing on stdout
	local want=$1 msg=$2 rc
	shift 2
	"$BIN" screen "$@" >"$LOGDIR/out" 2>"$LOGDIR/err"
	rc=$?
	[ "$rc" -eq "$want" ] && grep -qF -- "$msg" "$LOGDIR/err" && [ ! -s "$LOGDIR/out" ]
	ok "screen $*: exit $want, '$msg'" $?
	[ "$rc" -eq "$want" ] || cat "$LOGDIR/err"
}
bad 2 "at least 56x16" --size 55x16
bad 2 "at least 56x16" --size 80x15
bad 2 "expected COLUMNSxLINES" --size 80
bad 2 "expected COLUMNSxLINES" --size 80x24x2
bad 2 "at most 1000x1000" --size 2000x40
bad 2 "text, ansi or svg" --format png
bad 2 "--colors: 8, 16 or 256, not '9'" --colors 9
bad 2 "unknown policy" --policy 9.9
bad 2 "two known policies" --compare 2.6.33
bad 2 "two known policies" --compare 2.6.33,nope
bad 2 "give --access N" --compare 2.6.33,2.6.34 --step 3
bad 2 "goes with --compare" --divergence 1
bad 2 "no quiz and no page inspector" --compare 2.6.33,2.6.34 --quiz
bad 2 "one of --step, --access" --step 3 --access 3
bad 2 "--inspect PAGE or --examined" --inspect libc.so[0] --examined
bad 2 "whole number" --step -1
bad 2 "whole number" --step 1e3
bad 2 "unknown option" --colour
bad 2 "goes with --trace" --memory 64
bad 2 "unexpected argument" "$TORRENT" "$INDEX"
bad 1 "step 99999 is past the end: the run has 6451 steps" "$TORRENT" --step 99999
bad 1 "access 99999 is past the end" "$TORRENT" --access 99999
bad 1 "access 9999 is past the end" "$TORRENT" --compare 2.6.33,2.6.34 --access 9999
bad 1 "no divergence" "$TORRENT" --compare 2.6.33,2.6.34 --divergence 9999
bad 1 "no object 'nope'" --inspect "nope[1]"
bad 1 "has 12 pages" --inspect "libc.so[99]"
bad 1 "cannot read" no-such-file.json
# --bookmark: a lesson's place by name, a typo answered with the names
bad 1 'no bookmark "flod" in '"$TORRENT"' (its bookmarks: torrent-starts, code-activated, flood,' "$TORRENT" --bookmark flod
bad 1 'did you mean "flood"?' "$TORRENT" --bookmark flod
bad 1 "no bookmark \"x\" in data/real-program.json (it has none)" data/real-program.json --bookmark x
bad 1 "bookmark flood goes to policy 2.6.33: no --policy 2.6.34 with it" "$TORRENT" --bookmark flood --policy 2.6.34
bad 2 "one of --step, --access, --divergence and --bookmark" "$TORRENT" --bookmark flood --step 3
bad 2 "no --compare or --trace with it" "$TORRENT" --bookmark flood --compare 2.6.33,2.6.34
# the bookmark as ] reaches it: its policy and step, its line; its question under --quiz
"$BIN" screen "$TORRENT" --bookmark flood --quiz --size 80x24 >"$LOGDIR/b.txt" &&
	grep -qE "policy 2\.6\.33 \| step 437/" "$LOGDIR/b.txt" && grep -qF "Quiz: what will" "$LOGDIR/b.txt" &&
	grep -qF "2.6.33: big.iso[0] was read once" "$LOGDIR/b.txt"
ok "--bookmark flood --quiz: 2.6.33, the question before step 438 open, the bookmark's line on screen" $?
"$BIN" screen "$TORRENT" --bookmark flood --size 80x24 >"$LOGDIR/b.txt" &&
	grep -qE "policy 2\.6\.33 \| step 438/" "$LOGDIR/b.txt" && grep -qF "big.iso[0]: inactive_file → active_file" "$LOGDIR/b.txt"
ok "--bookmark flood without --quiz: its answer, step 438 activates big.iso[0]" $?
echo '{ "workload": [ }' >"$LOGDIR/broken.json"
bad 1 "broken.json:1:" "$LOGDIR/broken.json"

echo "screen: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
