#!/bin/bash
# tests/e2e/run.sh BIN - drive the real visualizer in a private tmux server
#
# Every check waits for what it expects by polling the screen (never a
# sleep-and-hope); a pane command ends with `echo EXIT=$?` so the exit
# status is read from the screen, not from tmux's racy pane_dead_status.
# Terminal restoration is checked under sh, not bash (bash repairs the
# tty itself).  With VMSCAN_SANITIZED=1 the ASan/UBSan reports go to files
# and any report fails the suite.  Last line: "e2e: N passed, M failed".
set -u
BIN=$(cd "$(dirname "${1:?usage: run.sh BIN}")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TORRENT="$ROOT/data/used-once-mmap.json"
[ -f "$TORRENT" ] || TORRENT=""
LOGDIR=$(mktemp -d)
T=(tmux -S "$LOGDIR/tmux.sock" -f "$HERE/tmux.conf")
export LC_ALL=C.UTF-8
trap '"${T[@]}" kill-server 2>/dev/null; rm -rf "$LOGDIR"' EXIT
passed=0 failed=0
SAN_ENV=""
if [ "${VMSCAN_SANITIZED:-0}" = 1 ]; then
	SAN_ENV="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$LOGDIR/asan UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$LOGDIR/ubsan"
fi

ok() {	# ok SENTENCE STATUS
	if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
screen() { "${T[@]}" capture-pane -p -t "$S" 2>/dev/null; }
wait_for() {	# wait_for TEXT [seconds]: the text appears on the screen
	local tries=$(( ${2:-5} * 20 ))
	for ((i = 0; i < tries; i++)); do screen | grep -qF -- "$1" && return 0; sleep 0.05; done
	return 1
}
wait_re() {	# wait_re REGEX [seconds]
	local tries=$(( ${2:-5} * 20 ))
	for ((i = 0; i < tries; i++)); do screen | grep -qE -- "$1" && return 0; sleep 0.05; done
	return 1
}
wait_gone() {	# wait_gone TEXT: the text is no longer on the screen
	for ((i = 0; i < 100; i++)); do screen | grep -qF -- "$1" || return 0; sleep 0.05; done
	return 1
}
keys() { "${T[@]}" send-keys -t "$S" "$@"; }
# start NAME COLSxROWS [ENV...] -- ARGS...: run the visualizer under sh in session NAME
start() {
	local name=$1 size=$2 envs=() args=()
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	args=("$@")
	S=$name
	"${T[@]}" new-session -d -s "$S" -x "${size%x*}" -y "${size#*x}" \
		"sh -c 'trap : INT; env TERM=tmux-256color $SAN_ENV ${envs[*]:-} \"$BIN\" ${args[*]:-}; echo EXIT=\$?; stty -a; sleep 600'"
}
app_pid() { pgrep -f -n "^$BIN" -P "$("${T[@]}" display -p -t "$S" '#{pane_pid}')"; }
step_of() { screen | sed -nE 's/.*\| step ([0-9]+)\/.*/\1/p' | head -n 1; }
restored() {	# the tty is back in cooked mode with echo, the alternate screen left
	wait_for "EXIT=" 5 || return 1
	screen | grep -qE '(^| )icanon( |$)' && screen | grep -qE '(^| )echo( |$)' &&
		[ "$("${T[@]}" display -p -t "$S" '#{alternate_on}')" = 0 ]
}
finish() { "${T[@]}" kill-session -t "$S" 2>/dev/null; }

# --- start, step, decision -------------------------------------------------
start main 160x50 --
wait_for "A tour of page reclaim"; ok "starts on the built-in scenario (title visible)" $?
wait_re "\| step 0/[0-9]+"; ok "starts at step 0" $?
keys l l l; wait_re "\| step 3/"; ok "l steps forward three times" $?
wait_for "handle_mm_fault()"; ok "a workload step names its function" $?
keys h; wait_re "\| step 2/"; ok "h steps back" $?
keys Right; wait_re "\| step 3/"; ok "the right arrow steps forward" $?
keys f c n; wait_for "shrink_page_list → page_check_references()"; ok "f c n jumps to a shrink_page_list decision" $?
wait_re "referenced_page .*PAGEREF_RECLAIM_CLEAN +TAKEN"; ok "the taken test is marked TAKEN" $?
wait_for "not taken"; ok "the tests above it are marked not taken" $?
wait_for "why     PG_referenced but no young pte"; ok "the reason sentence is shown" $?
s1=$(step_of); keys Left; wait_re "\| step $((s1 - 1))/"; ok "the left arrow steps back from a decision" $?
keys End; wait_re "\| step ([0-9]+)/\1 "; ok "End goes to the last step" $?
keys Home; wait_re "\| step 0/"; ok "Home goes to step 0" $?
keys g 2 0 0 Enter; wait_re "\| step 200/"; ok "g 200 Enter goes to step 200" $?

# --- play and pause ------------------------------------------------------------
# from step 50, past the tour's pause points (steps 1, 37 and 45)
keys g 5 0 Enter; wait_re "\| step 50/"
keys Space; wait_for "playing"; ok "space plays" $?
wait_re "\| step (5[1-9]|[6-9][0-9]|[1-9][0-9]{2,})/"; ok "the step advances while playing" $?
keys Space; wait_for "paused"; ok "space pauses" $?
a=$(step_of); sleep 0.4; b=$(step_of); [ "$a" = "$b" ]; ok "nothing moves while paused" $?

# --- help ---------------------------------------------------------------------
keys '?'; wait_for "Press any key to return."; ok "? opens the help" $?
wait_for "step back one step"; ok "help lists the commands" $?
keys x; wait_gone "Press any key to return."; ok "any key closes the help" $?
keys F1; wait_for "Press any key to return."; ok "F1 opens the help" $?
keys Escape; wait_gone "Press any key to return."; ok "Esc closes the help" $?

# --- resize -----------------------------------------------------------------------
"${T[@]}" resize-window -t "$S" -x 60 -y 20; wait_for "?Help"; ok "60x20 still shows the footer" $?
wait_for "LRU lists"; ok "60x20 still shows the lists" $?
"${T[@]}" resize-window -t "$S" -x 40 -y 10; wait_for "Terminal too small: need"; ok "a too-small terminal says so" $?
"${T[@]}" resize-window -t "$S" -x 160 -y 50; wait_for "Counters (/proc/vmstat"; ok "back at 160x50 the layout recovers" $?
for sz in 80x24 100x30 57x16 30x5 120x40 61x21 200x60 90x25 160x50; do
	"${T[@]}" resize-window -t "$S" -x "${sz%x*}" -y "${sz#*x}"
done
wait_for "Counters (/proc/vmstat"; ok "rapid resizes end in a correct layout" $?
"${T[@]}" resize-window -t "$S" -x 1 -y 1; sleep 0.2
"${T[@]}" resize-window -t "$S" -x 160 -y 50; wait_for "Counters (/proc/vmstat"; ok "a 1x1 terminal is survived" $?

# --- inspector and find ---------------------------------------------------------------
keys Home f c n i; wait_re "Page inspector: [a-z.]+\[[0-9]+\]"; ok "i opens the inspector on the examined page" $?
wait_for "history up to step"; ok "the inspector shows the page's history" $?
wait_re "evicted [1-9]"; ok "the history counts the eviction" $?
keys Escape; wait_gone "Page inspector"; ok "Esc closes the inspector" $?
keys / l i b c . s o Space 3 Enter; wait_for "Page inspector: libc.so[3]"; ok "/ finds a page by name and index" $?
wait_re "fault +free"; ok "the found page's history starts with its fault" $?
keys Down; wait_for "Page inspector: libc.so[2]"; ok "Down moves the cursor to the next page toward the tail" $?
keys Escape

# --- held key, pasted burst -------------------------------------------------------------
keys Home; wait_re "\| step 0/"
keys $(printf 'l %.0s' $(seq 200)); wait_re "\| step 200/"; ok "200 l keys at once land on step 200" $?
keys -l 'lll+-hh?xnNf*Qjk'; keys Escape Escape Q; sleep 0.3
wait_re "\| step [0-9]+/"; ok "a pasted burst of mixed keys leaves a working screen" $?
keys q; wait_for "EXIT=0"; ok "q exits with status 0" $?
restored; ok "after q the terminal is restored (icanon, echo, no alternate screen)" $?
finish

# --- quiz -------------------------------------------------------------------------------
start quiz 160x50 -- --quiz
wait_for "QUIZ 0/0"; ok "--quiz starts in quiz mode" $?
keys f c n; wait_for "shrink_page_list → page_check_references()"
keys h; keys l; wait_for "Quiz: what will page_check_references() answer"; ok "stepping onto a decision asks first" $?
wait_for "your answer:"; ok "the quiz shows the answer keys" $?
keys c; wait_for "RIGHT:"; ok "a right answer is recognised" $?
wait_for "QUIZ 1/1"; ok "the score counts it" $?
keys l; wait_for "Quiz: what will"; keys a; wait_for "NOT QUITE:"; ok "a wrong answer is recognised" $?
wait_for "QUIZ 1/2"; ok "the score counts the wrong answer" $?
keys q; wait_for "EXIT=0"
finish

# --- policy switch on a torrent scenario ---------------------------------------------------
if [ -n "$TORRENT" ]; then
	start pol 160x50 -- "$TORRENT"
	wait_for "Hashing a torrent"; ok "a scenario file opens" $?
	keys f c n; wait_for "used_once"; s1=$(step_of)
	wait_for "policy 2.6.34"; ok "the scenario's policy is used" $?
	keys p; wait_for "Policy: the run is redone"; ok "p lists the policies" $?
	keys Home Enter; wait_for "policy 2.6.33 |"; ok "choosing 2.6.33 redoes the run" $?
	wait_re "\| step $s1/"; ok "the view stays at the same step" $?
	keys f a n; wait_for "page_mapping_inuse()"; ok "under 2.6.33 the decision is page_mapping_inuse()" $?
	keys f c n; wait_for "no reclaim_clean step after this one"; ok "2.6.33 has no reclaim_clean decisions" $?
	keys q; wait_for "EXIT=0"
	finish
fi

# --- colours -------------------------------------------------------------------------------
start nocolor 120x40 NO_COLOR=1 --
wait_for "| mono"; ok "NO_COLOR=1 says mono" $?
keys f c n; wait_for "TAKEN"
"${T[@]}" capture-pane -p -e -t "$S" > "$LOGDIR/nocolor.ans"
! grep -qE $'\e''\[([0-9]+;)*(3[0-7]|4[0-7]|38;5;[0-9]+|48;5;[0-9]+|9[0-7])(;[0-9]+)*m' "$LOGDIR/nocolor.ans"
ok "NO_COLOR=1: no colour SGR in the screen" $?
grep -qE $'\e''\[([0-9]+;)*7(;[0-9]+)*m' "$LOGDIR/nocolor.ans"; ok "NO_COLOR=1: reverse video still used" $?
grep -qE $'\e''\[([0-9]+;)*1(;[0-9]+)*m' "$LOGDIR/nocolor.ans"; ok "NO_COLOR=1: bold still used" $?
keys q; wait_for "EXIT=0"; finish
start c256 120x40 --
wait_for "| 256 colors"; ok "tmux-256color gives 256 colors" $?
"${T[@]}" capture-pane -p -e -t "$S" | grep -qE $'\e''\[([0-9]+;)*38;5;'; ok "256-colour SGRs are used" $?
keys q; wait_for "EXIT=0"; finish
start vt100 120x40 TERM=vt100 --
wait_for "| mono"; ok "TERM=vt100 gives mono" $?
keys q; wait_for "EXIT=0"; finish
start xterm 120x40 TERM=xterm --
wait_for "| 8 colors"; ok "TERM=xterm gives 8 colors" $?
keys q; wait_for "EXIT=0"; finish

# --- terminals it refuses ---------------------------------------------------------------------
start dumb 100x30 TERM=dumb --
wait_for "cannot move the cursor"; ok "TERM=dumb: a clear message" $?
wait_for "EXIT=2"; ok "TERM=dumb: exit status 2" $?
finish
start unknown 100x30 TERM=no-such-terminal --
wait_for "unknown terminal type 'no-such-terminal'"; ok "unknown TERM: a clear message" $?
wait_for "EXIT=2"; ok "unknown TERM: exit status 2" $?
finish
out=$(env $SAN_ENV "$BIN" </dev/null 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ]; ok "not a terminal: exit status 2" $?
echo "$out" | grep -q "vmscan-viz trace"; ok "not a terminal: points to run and trace" $?
printf '{ "format": 1, ' > "$LOGDIR/bad.json"
out=$(env $SAN_ENV "$BIN" "$LOGDIR/bad.json" 2>&1 </dev/null); rc=$?
[ "$rc" = 1 ]; ok "a broken scenario: exit status 1 before the screen" $?
echo "$out" | grep -q "bad.json:"; ok "a broken scenario: the loader's message on stderr" $?

# --- signals restore the terminal --------------------------------------------------------------
start sigint 100x30 --
wait_re "\| step 0/"; keys C-c; wait_for "EXIT=130"; ok "Ctrl-C exits with 130" $?
restored; ok "Ctrl-C restores the terminal" $?
finish
for sig in TERM:143 HUP:129; do
	start "sig${sig%:*}" 100x30 --
	wait_re "\| step 0/"
	kill -s "${sig%:*}" "$(app_pid)" 2>/dev/null
	wait_for "EXIT=${sig#*:}"; ok "SIG${sig%:*} exits with ${sig#*:}" $?
	restored; ok "SIG${sig%:*} restores the terminal" $?
	finish
done

# a fatal signal (an internal error): the terminal is restored, then the
# signal takes its course (not under the sanitizers, which report it)
if [ "${VMSCAN_SANITIZED:-0}" != 1 ]; then
	start sigsegv 100x30 --
	wait_re "\| step 0/"
	kill -s SEGV "$(app_pid)" 2>/dev/null
	wait_for "EXIT=139"; ok "SIGSEGV (a crash) ends with 139" $?
	restored; ok "a crash restores the terminal" $?
	finish
fi

# --- compare mode (issue 5) ----------------------------------------------------------------
# side bars: ">left: 2.6.33 | access K/N | step S/T | free ..." (">": the focused side)
access_of() { screen | sed -nE "s/.*$1: [^ ]+ \| access ([0-9]+)\/.*/\1/p" | head -n 1; }
start cmpwide 200x50 -- --compare 2.6.33,2.6.34 data/used-once-mmap.json
wait_re "compare 2\.6\.33 vs 2\.6\.34 \| access 0/[0-9]+"; ok "--compare A,B starts the split screen at access 0" $?
screen | grep -qE ">left: 2\.6\.33 \| access 0/[0-9]+ .*│ right: 2\.6\.34 \| access 0/"; ok "at 200 columns the sides stand side by side, both policies named" $?
keys l l l; wait_re "right: 2\.6\.34 \| access 3/"; ok "l moves both sides one access" $?
[ "$(access_of left)" = 3 ] && [ "$(access_of right)" = 3 ]; ok "both sides show the same access number (3)" $?
keys h; wait_re "right: 2\.6\.34 \| access 2/" && [ "$(access_of left)" = 2 ]; ok "h moves both sides back one access" $?
keys n; wait_re "^divergence 1/[0-9]+ after access [0-9]+: [A-Za-z0-9._-]+\[[0-9]+\]: 2\.6\.33 [A-Z_a-z]+ \([a-z_0-9]+\)  vs  2\.6\.34 [A-Z_a-z]+ \("
ok "n jumps to a divergence naming a page and both decisions" $?
line=$(screen | grep -E "^divergence " | head -n 1)
a_out=$(echo "$line" | sed -nE 's/.*\]: 2\.6\.33 ([A-Za-z_]+) \(.*/\1/p')
b_out=$(echo "$line" | sed -nE 's/.*  vs  2\.6\.34 ([A-Za-z_]+) \(.*/\1/p')
[ -n "$a_out" ] && [ -n "$b_out" ] && [ "$a_out" != "$b_out" ]; ok "the divergence's two decisions differ ($a_out vs $b_out)" $?
k=$(echo "$line" | sed -nE 's/.*after access ([0-9]+):.*/\1/p')
page=$(echo "$line" | sed -nE 's/.*after access [0-9]+: ([^ ]+\[[0-9]+\]):.*/\1/p')
[ "$(access_of left)" = "$k" ] && [ "$(access_of right)" = "$k" ]; ok "both sides stand after the divergent access ($k)" $?
screen | awk -F'│' -v p="─ $page" 'index($1, p) { l = 1 } index($2, p) { r = 1 } END { exit !(l && r) }'
ok "both decision panels show the decision about $page" $?
echo "$line" | grep -qE "PAGEREF_[A-Z_]+"; ok "the decisions carry the kernel's names (PAGEREF_*)" $?
keys n; wait_re "^divergence 2/"; ok "n again: the next divergence" $?
keys N; wait_re "^divergence 1/"; ok "N: back to the previous divergence" $?
keys Tab; wait_re "│>right: 2\.6\.34 "; ok "Tab focuses the right side" $?
keys p; wait_for "Policy of the right side"; ok "p in compare mode chooses the focused side's policy" $?
keys Down Enter; wait_re "│>right: refault \| access $k/"; ok "the right side is redone under the chosen policy, at the same access" $?
screen | grep -qE "^ compare 2\.6\.33 vs refault "; ok "the left side keeps its policy" $?
keys p Up Enter; wait_re "│>right: 2\.6\.34 \| access $k/"; ok "p again: back to 2.6.34" $?
keys End; wait_for "verdict:"; ok "End shows the verdict in words" $?
screen | grep -qE "verdict: .*2\.6\.33 keeps .*2\.6\.34 keeps .*refaults [0-9]+ vs [0-9]+" &&
	screen | grep -qE "cost: 2\.6\.33 activated [0-9]+ pages and scanned [0-9]+"; ok "the verdict names what each policy kept and the cost" $?
keys c; wait_re "\| policy 2\.6\.33 \| step [0-9]+/"; ok "c leaves compare mode" $?
keys q; wait_for "EXIT=0"; ok "q exits with status 0 from compare mode" $?
restored; ok "after compare mode the terminal is restored" $?
finish
start cmp80 80x24 -- --compare 2.6.33,2.6.34 data/used-once-mmap.json
wait_re "^>left: 2\.6\.33 \| access 0/"; ok "80x24: the left side on top" $?
screen | grep -qE "^ right: 2\.6\.34 \| access 0/"; ok "80x24: the right side below it (stacked)" $?
keys l l; wait_re "^ right: 2\.6\.34 \| access 2/" && [ "$(access_of left)" = 2 ]; ok "80x24: stepping moves both sides" $?
keys n; wait_re "^divergence 1/[0-9]+ after access [0-9]+: [^ ]+\[[0-9]+\]:"; ok "80x24: n names the divergent page" $?
a_out=$(screen | sed -nE 's/^     2\.6\.33 ([A-Za-z_]+) \(.*/\1/p' | head -n 1)
b_out=$(screen | sed -nE 's/^  vs 2\.6\.34 ([A-Za-z_]+) \(.*/\1/p' | head -n 1)
[ -n "$a_out" ] && [ -n "$b_out" ] && [ "$a_out" != "$b_out" ]; ok "80x24: the two decisions, one per row, differ ($a_out vs $b_out)" $?
keys End; wait_for "verdict:"; ok "80x24: End shows the verdict" $?
"${T[@]}" resize-window -t "$S" -x 200 -y 50; wait_re ">left: 2\.6\.33 .*│ right: 2\.6\.34 "; ok "widening to 200 columns puts the sides side by side" $?
"${T[@]}" resize-window -t "$S" -x 80 -y 30; wait_re "^ right: 2\.6\.34 \| access"; ok "back to 80x30: stacked again" $?
keys q; wait_for "EXIT=0"; ok "80 columns: q exits with status 0" $?
restored; ok "80 columns: the terminal is restored" $?
finish
start cmpnarrow 80x30 -- data/used-once-mmap.json
wait_re "\| step 0/"; keys c; wait_for "Compare 2.6.34 with"; ok "c opens the policy dialog for the second policy" $?
keys Enter; wait_re "compare 2\.6\.34 vs 2\.6\.33 \| access"; ok "c Enter compares with 2.6.33" $?
screen | grep -qE "^>left: 2\.6\.34 " && screen | grep -qE "^ right: 2\.6\.33 "; ok "at 80x30 the sides are stacked" $?
keys c; wait_re "\| policy 2\.6\.34 \| step"; keys c; wait_for "Compare 2.6.34 with"; keys Escape
wait_gone "Compare 2.6.34 with" && ! screen | grep -qF "compare 2.6.34 vs"; ok "c then Esc: the dialog closes, no compare mode" $?
keys q; wait_for "EXIT=0"; finish
start cmpbad 100x30 -- --compare 2.6.33 data/used-once-mmap.json
wait_for "EXIT=2"; ok "--compare with one policy: exit status 2" $?
finish

# --- a long run in a large zone (issue 6) ------------------------------------------------------
# The index of a long run is built while it is on screen; a draw walks at
# most 4 Ki pages, so lists longer than that show their head and tail.
# Not under the sanitizers: their debug engine checks every invariant after
# every step, O(pages) each, which at 100 K pages takes minutes.
if [ "${VMSCAN_SANITIZED:-0}" != 1 ]; then
	cat >"$LOGDIR/long.json" <<'JSON'
{ "format": 1, "title": "a long run", "memory": { "pages": 100000 },
  "objects": [ { "name": "big", "type": "file", "pages": 400000 } ],
  "workload": [ { "op": "read", "object": "big", "pages": "0-149999" },
                { "op": "read", "object": "big", "pages": "0-149999" } ] }
JSON
	start long 160x50 VMSCAN_INDEX_FIRST=1000 -- "$LOGDIR/long.json"
	wait_re '\| step 0/[0-9]+' 10; ok "a long run: on screen" $?
	keys End; wait_re '\| step ([0-9]+)/\1 ' 20; ok "a long run: End waits for the whole index, then goes to the last step" $?
	last=$(step_of)
	[ "${last:-0}" -gt 300000 ]; ok "a long run: every step is indexed ($last)" $?
	wait_for "long lists" 5; ok "a long run: lists over 4 Ki pages are drawn head and tail" $?
	keys h; wait_re "\| step $((last - 1))/$last "; ok "a long run: one step back from the end" $?
	keys q; wait_for "EXIT=0"; ok "a long run: q exits with status 0" $?
	finish
fi

# --- sanitizers ------------------------------------------------------------------------------
if [ "${VMSCAN_SANITIZED:-0}" = 1 ]; then
	reports=$(ls "$LOGDIR"/asan.* "$LOGDIR"/ubsan.* 2>/dev/null)
	[ -z "$reports" ]; ok "no ASan/UBSan reports" $?
	[ -n "$reports" ] && head -n 40 $reports
fi

echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
