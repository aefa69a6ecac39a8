#!/bin/bash
# tests/e2e/run.sh BIN - drive the real visualizer in a private tmux server
#
# Every check waits for what it expects by polling the screen (never a
# sleep-and-hope); a pane command ends with `echo EXIT=$?` so the exit
# status is read from the screen, not from tmux's racy pane_dead_status.
# Terminal restoration is checked under sh, not bash (bash repairs the
# tty itself).  With VMSCAN_SANITIZED=1 the ASan/UBSan reports go to files
# and any report fails the suite; VMSCAN_E2E=smoke runs the first session
# only (make test does so there).  Last line: "e2e: N passed, M failed".
set -u
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
# the last checks and lines: under the sanitizers, no report was written
the_end() {
	if [ "${VMSCAN_SANITIZED:-0}" = 1 ]; then
		reports=$(ls "$LOGDIR"/asan.* "$LOGDIR"/ubsan.* 2>/dev/null)
		[ -z "$reports" ]; ok "no ASan/UBSan reports" $?
		[ -n "$reports" ] && head -n 40 $reports
	fi
	echo "e2e${VMSCAN_E2E:+-$VMSCAN_E2E}: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
TORRENT="$ROOT/data/used-once-mmap.json"
[ -f "$TORRENT" ] || TORRENT=""

# --- start, step, decision -------------------------------------------------
start main 160x50 --
wait_for "A tour of page reclaim"; ok "starts on the built-in scenario (title visible)" $?
wait_re "\| step 0/[0-9]+"; ok "starts at step 0" $?
keys l l l; wait_re "\| step 3/"; ok "l steps forward three times" $?
wait_for "handle_mm_fault()"; ok "a workload step names its function" $?
keys h; wait_re "\| step 2/"; ok "h steps back" $?
keys Right; wait_re "\| step 3/"; ok "the right arrow steps forward" $?
keys f c n; wait_for "shrink_page_list → page_check_references()"; ok "f c n jumps to a shrink_page_list decision" $?
# that step's frame, at this size, headless
s1=$(step_of); render --step "${s1:-0}" --size 160x50
shown | grep -qE "referenced_page .*PAGEREF_RECLAIM_CLEAN +TAKEN"; ok "the taken test is marked TAKEN" $?
shown | grep -qF "not taken"; ok "the tests above it are marked not taken" $?
shown | grep -qF "why     PG_referenced but no young pte"; ok "the reason sentence is shown" $?
keys Left; wait_re "\| step $((s1 - 1))/"; ok "the left arrow steps back from a decision" $?
keys End; wait_re "\| step ([0-9]+)/\1 "; ok "End goes to the last step" $?
keys Home; wait_re "\| step 0/"; ok "Home goes to step 0" $?
keys g 2 0 0 Enter; wait_re "\| step 200/"; ok "g 200 Enter goes to step 200" $?

# --- play and pause ------------------------------------------------------------
# from step 70, past the tour's pause points (steps 1, 45 and 61)
keys g 7 0 Enter; wait_re "\| step 70/"
keys Space; wait_for "playing"; ok "space plays" $?
wait_re "\| step (7[1-9]|[89][0-9]|[1-9][0-9]{2,})/"; ok "the step advances while playing" $?
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
render --step "${s1:-0}" --examined --size 160x50 # (f c n from Home: step $s1)
shown | grep -qF "history up to step"; ok "the inspector shows the page's history" $?
shown | grep -qE "evicted [1-9]"; ok "the history counts the eviction" $?
keys Escape; wait_gone "Page inspector"; ok "Esc closes the inspector" $?
keys / l i b c . s o Space 3 Enter; wait_for "Page inspector: libc.so[3]"; ok "/ finds a page by name and index" $?
render --step "${s1:-0}" --inspect 'libc.so[3]' --size 160x50
shown | grep -qE "fault +free"; ok "the found page's history starts with its fault" $?
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
# VMSCAN_E2E=smoke (make test's sanitized pass) stops here, after one
# session: start, step, play, help, resize, inspector, find, a burst of
# keys, q and the terminal restored.  make test-all runs all of it there.
[ "${VMSCAN_E2E:-}" = smoke ] && { the_end; exit; }

# --- quiz -------------------------------------------------------------------------------
start quiz 160x50 -- --quiz
wait_for "QUIZ 0/0"; ok "--quiz starts in quiz mode" $?
keys f c n; wait_for "Quiz: what will page_check_references() answer"; ok "n in quiz mode stops before the decision and asks" $?
wait_for "your answer:"; ok "the quiz shows the answer keys" $?
screen | head -n 1 | grep -q "n/N: a decision" && ! screen | grep -q "reclaim_clean"
ok "with the question open, the kind n/N looked for (the answer) is not shown" $?
keys c; wait_for "RIGHT:"; ok "a right answer is recognised" $?
wait_for "QUIZ 1/1"; ok "the score counts it" $?
keys l; wait_for "Quiz: what will"; keys a; wait_for "NOT QUITE:"; ok "a wrong answer is recognised" $?
wait_for "QUIZ 1/2"; ok "the score counts the wrong answer" $?
keys q; wait_for "EXIT=0"
finish
# At projector sizes, the torrent under 2.6.33: the page
# asked about is the one marked (reverse, or the examined colour), in the
# isolated batch, and nothing shows the answer before the guess.
lists_marked() {	# the list rows (after the title, to the evicted strip) drawn with the examined mark, in an ANSI frame
	sed -n '/LRU lists/,/ evicted /p' "$RENDER" | tail -n +2 |
		grep -E $'\e\\[[0-9;]*(48;5;255|7)[;m]' | sed -E $'s/\e\\[[0-9;]*m//g' | awk '{print $1}'
}
for size in 80x24 100x30 120x40; do
	start "quiz$size" "$size" -- --quiz --policy 2.6.33 data/used-once-mmap.json
	# 2.6.33 has no page_check_references() (2.6.34's patch 1/3 made it)
	keys g 4 3 7 Enter; wait_for "Quiz: what will shrink_page_list() answer"; ok "$size: g onto a decision asks about it" $?
	wait_re "\| step 436/"; ok "$size: ...standing before it (step 436)" $?
	# that frame, headless (with its colours, for the marked cell)
	render --quiz --policy 2.6.33 data/used-once-mmap.json --step 437 --size "$size" --format ansi
	marked=$(lists_marked | tr '\n' ' ')
	render --quiz --policy 2.6.33 data/used-once-mmap.json --step 437 --size "$size"
	shown | grep -qE "^ page libc\.so\[15\] "; ok "$size: the question names the page of step 437, libc.so[15]" $?
	[ "$marked" = "isolated " ]; ok "$size: the marked cell is the asked page's, in the isolated batch ($marked)" $?
	! shown | grep -qE "TAKEN|^ +▶ |^ why |^ then |NOT QUITE|RIGHT:"; ok "$size: no taken test, outcome or reason before the guess" $?
	! shown | grep -qE "^ +437 "; ok "$size: no log row for the asked step" $?
	shown | grep -qE "QUIZ 0/0"; ok "$size: the score badge is on screen" $?
	keys d; wait_for "cannot deactivate"; ok "$size: an answer shrink_page_list cannot give is refused" $?
	screen | grep -qF "QUIZ 0/0" && screen | grep -qF "Quiz: what will"; ok "$size: ...not scored, and the question stays" $?
	keys a; wait_for "RIGHT: you said activate"; ok "$size: a activate is right under 2.6.33 (page_mapping_inuse)" $?
	wait_for "QUIZ 1/1"; ok "$size: the badge counts it" $?
	acc=$(screen | sed -nE 's/.*\| access ([0-9]+) .*/\1/p' | head -n 1)
	keys p Down Down Down Enter; wait_re "policy 2\.6\.34 "
	wait_for "2.6.34: same access $acc (" && screen | grep -qE "\| access $acc "; ok "$size: p keeps the workload access ($acc), and says so" $?
	! screen | grep -qE "RIGHT:|NOT QUITE:"; ok "$size: another policy withdraws the answer shown" $?
	screen | grep -qF "QUIZ 0/0"; ok "$size: the score is 2.6.34's own (0/0)" $?
	keys p Home Enter; wait_re "policy 2\.6\.33 "; wait_for "QUIZ 1/1"; ok "$size: back to 2.6.33, its score again" $?
	keys f d n; wait_for "what will shrink_active_list() answer"; ok "$size: an active-list question" $?
	keys r; wait_for "cannot reclaim"; ok "$size: reclaim is refused there" $?
	screen | grep -qF "your answer: d deactivate  e rotate"; ok "$size: only deactivate and rotate are offered" $?
	keys l; wait_for "Quiz: what will"; ok "$size: stepping does not skip the question" $?
	wait_for "quiz: answer d deactivate, e rotate"; ok "$size: ...and the message names this function's answers" $?
	# o opens a scenario (and so withdraws a question): rotate's answer is e
	keys o; wait_for "Open a scenario"; ok "$size: o at a question opens the scenario list, it answers nothing" $?
	keys Escape; wait_for "what will shrink_active_list() answer"; ok "$size: ...Esc there, and the question is still open" $?
	! screen | grep -qE "RIGHT:|NOT QUITE:"; ok "$size: ...unanswered" $?
	keys e; wait_re "(RIGHT|NOT QUITE): you said rotate"; ok "$size: e answers rotate" $?
	keys f d n; wait_for "what will shrink_active_list() answer"
	keys Escape; wait_gone "Quiz: what will"; ok "$size: Esc shows the answer unscored" $?
	keys Q; wait_for "Quiz over"; ok "$size: leaving quiz mode shows the scores" $?
	wait_for "2.6.33: 1 right of 2"; ok "$size: ...per policy" $?
	keys q q; wait_for "EXIT=0"
	finish
done

# --- a memory cgroup's own lists (m) ---------------------------------------------------------
start cglists 120x40 -- data/database-cgroup.json
wait_re "\| step 0/"
keys g 5 7 8 Enter; wait_re "\| step 578/"
wait_for "| lists: zone"; ok "a scenario with cgroups shows the zone's lists first, and the header says so" $?
keys m; wait_re "\| lists: db( |$)"; ok "m switches the lists panel to db's lists" $?
wait_re "db's pages 256/256 \(limit\), failcnt [0-9]+: head → tail, 1 cell = [0-9]+ pages? ───   index    data ─"
ok "the panel's title gives db's usage/limit and failcnt, and the key of db's objects whole" $?
wait_re "isolated +[1-9][0-9]* "; ok "at db's limit reclaim its isolated candidates are on its lists" $?
keys m; wait_re "\| lists: backup( |$)"; ok "m again: the next cgroup's lists" $?
keys g 3 2 3 Enter; wait_re "\| step 323/"; wait_for "◂ limit"; ok "backup's lists: ◂ limit while backup is limit-reclaimed" $?
keys m; wait_for "| lists: zone"; keys m; wait_re "\| lists: db( |$)"; wait_gone "◂ limit"
ok "db's lists: no ◂ limit while backup is the one limit-reclaimed" $?
keys m
keys m; wait_for "| lists: zone"; ok "m after the last cgroup comes back to the zone's lists" $?
wait_re "LRU lists: head"; ok "...and the panel's title is the zone's again" $?
keys q; wait_for "EXIT=0"
finish
start cgnone 100x30 -- data/default.json
wait_re "\| step 0/"
keys m; wait_for "no memory cgroups in this scenario"; ok "m in a scenario without cgroups says so" $?
keys q; wait_for "EXIT=0"
finish

# --- policy switch on a torrent scenario ---------------------------------------------------
if [ -n "$TORRENT" ]; then
	start pol 160x50 -- "$TORRENT"
	wait_for "Hashing a torrent"; ok "a scenario file opens" $?
	keys f c n; wait_for "used_once"; s1=$(step_of)
	wait_for "policy 2.6.34"; ok "the scenario's policy is used" $?
	keys p; wait_for "Policy: the run is redone"; ok "p lists the policies" $?
	screen | grep -q "a hybrid: without 3.15's first-sight"; ok "the policy dialog says refault is a hybrid" $?
	acc=$(screen | sed -nE 's/.*\| access ([0-9]+) .*/\1/p' | head -n 1)
	keys Home Enter; wait_for "policy 2.6.33 |"; ok "choosing 2.6.33 redoes the run" $?
	wait_re "\| access $acc " && wait_for "2.6.33: same access $acc (" ; ok "the view stays at the same access ($acc), and says so" $?
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
# signal_exits START SIG:STATUS: the visualizer, begun by START (start, or
# cli.sh's start_nocore) and sent SIG, exits with STATUS and gives the
# terminal back
signal_exits() {
	"$1" "sig${2%:*}" 100x30 --
	wait_re "\| step 0/"
	kill -s "${2%:*}" "$(app_pid)" 2>/dev/null
	wait_for "EXIT=${2#*:}"; ok "SIG${2%:*} exits with ${2#*:}" $?
	restored; ok "SIG${2%:*} restores the terminal" $?
	finish
}
for sig in TERM:143 HUP:129; do signal_exits start "$sig"; done

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

# --- compare mode ------------------------------------------------------------------------------
# main bar: " compare A vs B | access K/N | paused | n/N: KIND | title"
# side bars: ">left: 2.6.33 | access K | step S/T | free ..." (">": the focused side)
side_access() { screen | sed -nE "s/.*$1: [^ ]+ \| access ([0-9]+) .*/\1/p" | head -n 1; }
start cmpwide 200x50 -- --compare 2.6.33,2.6.34 data/used-once-mmap.json
wait_re "compare 2\.6\.33 vs 2\.6\.34 \| access 0/[0-9]+"; ok "--compare A,B starts the split screen at access 0" $?
render --compare 2.6.33,2.6.34 data/used-once-mmap.json --access 0 --size 200x50
shown | grep -qE ">left: 2\.6\.33 \| access 0 .*│ right: 2\.6\.34 \| access 0 "; ok "at 200 columns the sides stand side by side, both policies named" $?
keys l l l; wait_re "right: 2\.6\.34 \| access 3 "; ok "l moves both sides one access" $?
[ "$(side_access left)" = 3 ] && [ "$(side_access right)" = 3 ]; ok "both sides show the same access number (3)" $?
keys h; wait_re "right: 2\.6\.34 \| access 2 " && [ "$(side_access left)" = 2 ]; ok "h moves both sides back one access" $?
# 2.6.33 has no PAGEREF_* (patch 1/3 made it): its decision is named by what
# its inline test does, e.g. "goto activate_locked"
keys n; wait_re "^divergence 1/[0-9]+ at access [0-9]+: [A-Za-z0-9._-]+\[[0-9]+\]( \([0-9]+ of [0-9]+ here\))?: 2\.6\.33 [a-z_ ]+ vs 2\.6\.34 PAGEREF_[A-Z_]+"
ok "n jumps to the torrent's first divergent decision, naming a page and both decisions" $?
# that frame (the first divergence: --divergence 1), headless
render --compare 2.6.33,2.6.34 data/used-once-mmap.json --divergence 1 --size 200x50
line=$(shown | grep -E "^divergence " | head -n 1)
a_out=$(echo "$line" | sed -nE 's/.*: 2\.6\.33 ([a-z_ ]+) vs .*/\1/p')
b_out=$(echo "$line" | sed -nE 's/.* vs 2\.6\.34 ([A-Z_]+).*/\1/p')
[ -n "$a_out" ] && [ -n "$b_out" ] && [ "$a_out" != "$b_out" ]; ok "the divergence's two decisions differ ($a_out vs $b_out)" $?
k=$(echo "$line" | sed -nE 's/.* at access ([0-9]+):.*/\1/p')
r_access() { shown | sed -nE "s/.*$1: [^ ]+ \| access ([0-9]+) .*/\1/p" | head -n 1; }
[ -n "$k" ] && [ "$(r_access left)" = "$k" ] && [ "$(r_access right)" = "$k" ]; ok "both sides stand in the divergent access ($k)" $?
shown | grep -qE "left: 2\.6\.33 .*at the divergence.*│ right: 2\.6\.34 .*at the divergence"; ok "both sides stand at the divergence's moment" $?
wait_re "\| access $k "; ok "...and n took the visualizer there (access $k)" $?
keys l; wait_gone "at the divergence"; ok "l from the moment steps on inside the access's reclaim" $?
keys Tab; wait_re "│>right: 2\.6\.34 "; ok "Tab focuses the right side" $?
keys p; wait_for "Policy of the right side"; ok "p in compare mode chooses the focused side's policy" $?
keys Down Enter; wait_re "│>right: refault \| access $k "; ok "the right side is redone under the chosen policy, at the same access" $?
screen | grep -qE "^ compare 2\.6\.33 vs refault "; ok "the left side keeps its policy" $?
keys p Up Enter; wait_re "│>right: 2\.6\.34 \| access $k "; ok "p again: back to 2.6.34" $?
keys End; wait_for "verdict:"; ok "End shows the verdict in words" $?
screen | grep -qE "verdict: .*2\.6\.33 keeps .*2\.6\.34 keeps .*refaults [0-9]+ vs [0-9]+" &&
	screen | grep -qE "cost: 2\.6\.33 activated [0-9]+ pages and scanned [0-9]+"; ok "the verdict names what each policy kept and the cost" $?
keys c; wait_re "\| policy 2\.6\.33 \| step [0-9]+/"; ok "c leaves compare mode" $?
keys q; wait_for "EXIT=0"; ok "q exits with status 0 from compare mode" $?
restored; ok "after compare mode the terminal is restored" $?
finish
# at projector sizes, stacked: each side's bar, lists (all four, a row each
# at least), decision line and log show one moment; f chooses what n/N
# follow, and "the right side loses the page" reaches each of the 23 bursts
# in which 2.6.34 evicts the database index (data/LECTURE.md)
for size in 80x24 100x30 120x40; do
	# the frames at access 0 and after one n (--divergence 1), headless
	render --compare 2.6.33,2.6.34 data/database-index.json --access 0 --size "$size"
	shown | grep -qE "^>left: 2\.6\.33 \| access 0 "; ok "$size: the left side on top" $?
	shown | grep -qE "^ right: 2\.6\.34 \| access 0 "; ok "$size: the right side below it" $?
	[ "$(shown | grep -cE '^ (active|inactive)_file ')" = 4 ] && [ "$(shown | grep -cE '^ evicted ')" = 2 ]
	ok "$size: both sides show their file lists and evicted strip" $?
	render --compare 2.6.33,2.6.34 data/database-index.json --divergence 1 --size "$size"
	shown | grep -qE "^divergence 1/[0-9]+ at (access )?[0-9]+: index\[0\]"; ok "$size: n names the divergent page" $?
	shown | grep -qE "^ . goto activate_locked index\[0\] inactive_file → active_file" &&
		shown | grep -qE "^ . PAGEREF_KEEP index\[0\] inactive_file → inactive_file"
	ok "$size: a decision line for each side, about the same page, each its side's answer" $?
	if [ "$size" = 120x40 ]; then # the newest log row of each side is the step its bar names
		for s in left right; do
			st=$(shown | sed -nE "s/.*$s: [^ ]+ \| access [0-9]+ \| step ([0-9]+)\/.*/\1/p" | head -n 1)
			shown | sed -n "/$s: /,\$p" | grep -m1 -E '^ +[0-9]+ ' | grep -qE "^ +$st . (PAGEREF_[A-Z]+|goto [a-z_]+) +index\[0\]"
			ok "$size: the $s side's log, lists and decision line are at one step ($st)" $?
		done
	fi
	# the keys: f chooses what n/N follow, n reaches each divergence
	start "cmp$size" "$size" -- --compare 2.6.33,2.6.34 data/database-index.json
	wait_re "^>left: 2\.6\.33 \| access 0 "
	keys f f f; wait_re "n/N: right side loses"; ok "$size: f f f: n/N follow the pages the right side loses" $?
	keys Home; wait_re "^>left: 2\.6\.33 \| access 0 "
	# the walk through all 23 at one size (which burst n reaches next does
	# not depend on the size; each size's frame at a divergence is checked
	# headless above); one n at the others
	last=23
	[ "$size" = 120x40 ] || last=1
	seen="" bad=0
	for i in $(seq 1 $last); do
		keys n
		wait_re "^divergence $i/23 at access [0-9]+: index\[0\]" || { bad=1; break; }
		seen="$seen $(screen | sed -nE 's/^divergence [0-9]+\/23 at access ([0-9]+).*/\1/p' | head -n 1)"
	done
	[ "$bad" = 0 ] && [ "$(echo $seen | tr ' ' '\n' | sort -u | wc -l)" = $last ]
	ok "$size: n reaches each of the first $last of the 23 bursts that lose the index, one key each ($(echo $seen | cut -c1-40)...)" $?
	if [ "$size" = 120x40 ]; then
		screen | grep -qE "2\.6\.34 refault" || screen | grep -qE "^ . refault"; ok "$size: there the right side refaults" $?
		keys n; wait_for "no divergence (right side loses the page) after access"; ok "$size: and no 24th" $?
	fi
	keys q; wait_for "EXIT=0"; ok "$size: q exits with status 0" $?
	finish
done
# n and N across many divergences, forward and back: database-index, 2.6.34
# against refault, the accesses whose page 2.6.34 (left) has lost and
# refault has not; the count is read from the screen, not written here
# (tests/docs/figures.sh holds the lessons' counts)
main_access() { screen | sed -nE 's/^ *compare [^ ]+ vs [^ ]+ \| access ([0-9]+)\/.*/\1/p' | head -n 1; }
div_line() { screen | sed -nE "s/^divergence ([0-9]+)\/$1 at access ([0-9]+): ([^ ]+): 2\.6\.34 refault .*/\1 \2 \3/p" | head -n 1; }
start cmpnN 120x40 -- --compare 2.6.34,refault data/database-index.json
wait_re "compare 2\.6\.34 vs refault \| access 0/"
keys f f; wait_re "n/N: left side loses"; ok "database-index 2.6.34 vs refault: f f follows the pages the left side loses" $?
wait_re "n: the next divergence \(left side loses the page\): [0-9]+ in the run"
N=$(screen | sed -nE 's/.*n: the next divergence \(left side loses the page\): ([0-9]+) in the run.*/\1/p' | head -n 1)
[ "${N:-0}" -ge 6 ]; ok "the run's count of divergences is shown before the first n, several of them (${N:-none})" $?
acc=() bad=""
for d in 1 2 3 4 5 6; do
	keys n
	wait_re "^divergence $d/$N at access [0-9]+: " || { bad="$bad no $d/$N;"; break; }
	read -r dk da _ <<<"$(div_line "$N")"
	[ "${dk:-}" = "$d" ] || bad="$bad $d is not the left side refaulting;"
	acc[$d]=${da:-0}
	[ "$(main_access)" = "${acc[$d]}" ] || bad="$bad the header is at access $(main_access), the divergence at ${acc[$d]};"
	[ "$d" = 1 ] || [ "${acc[$d]}" -gt "${acc[$((d - 1))]}" ] || bad="$bad access ${acc[$d]} after ${acc[$((d - 1))]};"
done
[ -z "$bad" ]; ok "n six times: divergence 1/$N to 6/$N, each at a later access, the header there (${acc[*]}):$bad" $?
bad=""
for d in 5 4 3 2 1; do
	keys N
	wait_re "^divergence $d/$N at access ${acc[$d]}: " || { bad="$bad no $d/$N at ${acc[$d]};"; break; }
	[ "$(main_access)" = "${acc[$d]}" ] || bad="$bad the header is at access $(main_access), not ${acc[$d]};"
done
[ -z "$bad" ]; ok "N five times: back through 5/$N to 1/$N, at the same accesses as forward:$bad" $?
keys N; wait_for "no divergence (left side loses the page) before access ${acc[1]}"; ok "N before the first: none, said so" $?
keys End; wait_re "compare 2\.6\.34 vs refault \| access ([0-9]+)/\1 "
keys N; wait_re "^divergence $N/$N at access [0-9]+: "; ok "End then N: the last divergence, $N/$N" $?
last=$(main_access)
keys N; wait_re "^divergence $((N - 1))/$N at access [0-9]+: " && [ "$(main_access)" -lt "$last" ]
ok "N again: $((N - 1))/$N, at an earlier access than $last" $?
keys n; wait_re "^divergence $N/$N at access $last: "; ok "n: forward again to $N/$N at $last" $?
keys n; wait_for "no divergence (left side loses the page) after access $last"; ok "n after the last: none, said so" $?
keys q; wait_for "EXIT=0"; finish
start cmpnarrow 80x30 -- data/used-once-mmap.json
wait_re "\| step 0/"; keys c; wait_for "Compare 2.6.34 with"; ok "c opens the policy dialog for the second policy" $?
keys Enter; wait_re "compare 2\.6\.34 vs 2\.6\.33 \| access"; ok "c Enter compares with 2.6.33" $?
render --compare 2.6.34,2.6.33 data/used-once-mmap.json --access 0 --size 80x30
shown | grep -qE "^>left: 2\.6\.34 " && shown | grep -qE "^ right: 2\.6\.33 "; ok "at 80x30 the sides are stacked" $?
keys g 4 1 2 Enter; wait_re "compare 2\.6\.34 vs 2\.6\.33 \| access 412/"; ok "g in compare mode goes to an access" $?
keys g 9 9 9 9 9 9 Enter; wait_for "access 999999 is past the end"; ok "...and past the end says so" $?
"${T[@]}" resize-window -t "$S" -x 200 -y 50; wait_re ">left: 2\.6\.34 .*│ right: 2\.6\.33 "; ok "widening to 200 columns puts the sides side by side" $?
"${T[@]}" resize-window -t "$S" -x 80 -y 30; wait_re "^ right: 2\.6\.33 \| access"; ok "back to 80x30: stacked again" $?
keys c; wait_re "\| policy 2\.6\.34 \| step"; keys c; wait_for "Compare 2.6.34 with"; keys Escape
wait_gone "Compare 2.6.34 with" && ! screen | grep -qF "compare 2.6.34 vs"; ok "c then Esc: the dialog closes, no compare mode" $?
keys q; wait_for "EXIT=0"; finish
# with and without cgroups, live: p and c offer P/global after the policies
# (the dialog: the 9 policies, then the 9 P/global, 2.6.34 the 4th)
start cgp 120x40 -- data/database-cgroup.json
wait_re "\| policy 2\.6\.34 \| step 0/"
keys p; wait_for "2.6.34/global  2.6.34, without the memory cgroups"; ok "p offers 2.6.34/global in a cgroup scenario" $?
on_screen -F -- "mglru          does not model memory cgroups: choose mglru/global"; ok "p says mglru does not model the cgroups" $?
keys Down Down Down Down Down Enter
wait_for "mglru does not model memory cgroups: mglru/global runs it without them"; ok "p -> mglru: refused in one whole line" $?
on_screen -E -- "\| policy 2\.6\.34 \| step"; ok "...and the run stays 2.6.34" $?
keys p; wait_for "2.6.34/global  2.6.34, without"; keys Down Down Down Down Down Down Down Down Down Enter
wait_re "\| policy 2\.6\.34/global \| step"; ok "p -> 2.6.34/global: the run without cgroups" $?
keys p; wait_for "2.6.34/global  2.6.34, without"; keys Up Up Up Up Up Up Up Up Up Enter
wait_re "\| policy 2\.6\.34 \| step"; ok "p -> 2.6.34: back with the cgroups" $?
keys c; wait_for "Compare 2.6.34 with"; keys Down Down Down Down Down Down Down Down Down Down Down Down Enter
wait_re "compare 2\.6\.34 vs 2\.6\.34/global \| access"; ok "c -> 2.6.34/global: the current run left, without cgroups right" $?
keys End; wait_for "index: 2.6.34 keeps 0 of 32 pages, 2.6.34/global keeps 32;"
ok "End: the verdict names both runs, the index refaults with cgroups only" $?
keys q; wait_for "EXIT=0"; finish
start cmpbad 100x30 -- --compare 2.6.33 data/used-once-mmap.json
wait_for "EXIT=2"; ok "--compare with one policy: exit status 2" $?
finish

# --- a long run in a large zone ---------------------------------------------------------------
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
	wait_re '\| step 0/[0-9]+'; ok "a long run: on screen" $?
	keys End; wait_re '\| step ([0-9]+)/\1 '; ok "a long run: End waits for the whole index, then goes to the last step" $?
	last=$(step_of)
	[ "${last:-0}" -gt 300000 ]; ok "a long run: every step is indexed ($last)" $?
	wait_for "long lists"; ok "a long run: lists over 4 Ki pages are drawn head and tail" $?
	keys h; wait_re "\| step $((last - 1))/$last "; ok "a long run: one step back from the end" $?
	keys q; wait_for "EXIT=0"; ok "a long run: q exits with status 0" $?
	finish
fi

# --- runs longer than anyone waits for ----------------------------------------------------------
# About 6.5e10 steps in a few hundred bytes: every command that needs more of
# the index gets it a slice at a time between keys, so a key or a signal is
# answered at once, and the index stops at its limit ($VMSCAN_INDEX_MAX here,
# 64 Mi steps by default) and says so.
cat >"$LOGDIR/endless.json" <<'JSON'
{ "format": 1, "title": "endless", "memory": { "pages": 4096 },
  "objects": [ { "name": "big", "type": "file", "pages": 65536 } ],
  "workload": [ { "op": "repeat", "count": 1000000, "ops": [ { "op": "read", "object": "big" } ] } ] }
JSON
rss_kb() { ps -o rss= -p "$(app_pid)" 2>/dev/null | tr -d ' '; }
start endless 80x24 VMSCAN_INDEX_FIRST=1000 -- "$LOGDIR/endless.json"
wait_re '\| step 0/[0-9]+\+'; ok "an endless run: on screen while its index grows" $?
keys g 9 9 9 9 9 9 9 9 9 9 9 Enter; wait_for "looking for the step asked for"; ok "g far ahead: it looks, and says any key stops it" $?
keys '?'; wait_for "step back one step"; ok "a key during the search is answered (the help opens)" $?
wait_re "stopped looking for the step asked for|step back one step"; ok "...and the key stopped the search" $?
keys q q; wait_for "EXIT=0"; ok "q quits at once after a search of an endless run" $?
restored; ok "the terminal is restored" $?
finish
start endless2 80x24 VMSCAN_INDEX_FIRST=1000 -- "$LOGDIR/endless.json"
wait_re '\| step 0/[0-9]+\+'; keys f a n; wait_for "looking for the next activate step"; ok "n for a step that never comes: it looks" $?
sleep 0.5; kill -TERM "$(app_pid)"; wait_for "EXIT=143"; ok "SIGTERM during the search ends it with status 143" $?
restored; ok "...and restores the terminal" $?
finish
# The limit is a tenth under the sanitizers, whose debug engine checks
# every list after every step (as tests/stepwise/run.sh scales its trace).
max=300000
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && max=30000
start endless3 80x24 VMSCAN_INDEX_FIRST=1000 VMSCAN_INDEX_MAX=$max -- "$LOGDIR/endless.json"
wait_re "\| step 0/$max "; ok "the index stops at its limit ($max steps here)" $?
r1=$(rss_kb); sleep 1; r2=$(rss_kb)
[ -n "$r1" ] && [ -n "$r2" ] && [ $((r2 - r1)) -lt 1024 ]; ok "once it stops, memory stops growing ($r1 then $r2 KiB)" $?
keys End; wait_for "longer than the visualizer indexes"; ok "End says the run is longer than the index" $?
wait_re "\| step $max/$max "; ok "...and goes to the last step indexed" $?
keys h; wait_re "\| step $((max - 1))/$max "; ok "stepping back from there works" $?
keys g $(echo $((max + 200000)) | sed 's/./& /g') Enter; wait_for "past what the visualizer indexes"; ok "g past the limit says so" $?
keys g 1 2 3 4 5 Enter; wait_re "\| step 12345/$max "; ok "g within the index goes there" $?
keys c Enter; wait_re "compare 2\.6\.34 vs 2\.6\.33 \| access [0-9]+/"; ok "compare mode on a run cut short" $?
keys End; wait_re "^>left: 2\.6\.34 \| access [1-9][0-9]* "; ok "...End goes to the last access both runs indexed" $?
keys q; wait_for "EXIT=0"; ok "q quits" $?
finish
start endless4 80x24 VMSCAN_INDEX_FIRST=1000 -- "$LOGDIR/endless.json"
wait_re '\| step 0/[0-9]+\+'; keys c Enter; wait_re "compare 2\.6\.34 vs 2\.6\.33 \| access 0/"; ok "compare mode starts at once on an endless run" $?
keys n; wait_for "looking for the next divergence"; keys q; wait_for "EXIT=0"; ok "n in compare mode, then q: answered at once" $?
finish

# --- bookmarks: a lesson's places, one key each ------------------------------------------------
start marks 80x24 -- data/database-index.json
keys ']'; wait_for "bookmark 1/8 first-burst"; ok "] goes to the first bookmark" $?
wait_re "\| access 258 "; ok "...at its access (258)" $?
wait_for "The first burst: every index page"; ok "...and its line is in the caption row" $?
keys ']'; wait_for "Quiz: what will page_check_references() answer"; ok "the next one asks its question" $?
wait_re "QUIZ 0/0" && wait_re "\| step 654/"; ok "...before step 655, quiz mode on for it" $?
keys k; wait_for "RIGHT: you said keep"; ok "...and takes the answer" $?
keys ']' ']' ']'; wait_for "bookmark 5/8 index-refault"; ok "three more: the index refaults at the second burst" $?
# at 80x24 the inspector would cover the decision: the page is selected, i opens it
wait_for "i: index[0]'s history"; ok "...index[0] selected, the message says i opens its history" $?
keys i; wait_for "Page inspector: index[0]"; ok "...and i opens index[0] in the page inspector" $?
! screen | grep -q "QUIZ "; ok "a bookmark without a question ends the quiz it lent" $?
keys ']'; wait_for "bookmark 6/8 old-kernel"; wait_re "\| policy 2\.6\.33 \| step 655/"; ok "a bookmark switches to its policy (2.6.33, step 655)" $?
keys '['; wait_for "bookmark 5/8 index-refault"; wait_re "\| policy 2\.6\.34 \| step 1434/"; ok "[ goes back, and back to 2.6.34" $?
keys "'"; wait_for "Bookmarks of this lesson"; ok "' lists the bookmarks" $?
screen | grep -qE "index-refault +2\.6\.34 access 986" && screen | grep -qF "The second burst reads index[0] from disk"
ok "...with their names, policies, places and lines" $?
keys Down Enter; wait_for "bookmark 6/8 old-kernel"; ok "...and Enter goes to the one chosen" $?
keys ']' ']' ']'; wait_for "no bookmark after this one"; ok "] after the last says so" $?
keys q; wait_for "EXIT=0"; finish
start marks2 80x24 -- data/real-program.json
keys ']'; wait_for "this scenario has no bookmarks"; ok "a scenario without bookmarks says so" $?
keys q; wait_for "EXIT=0"; finish

# --- 6.1's generations (mglru): rows by sequence number, the scanner, tiers, sort_folio's panel --------
# gen_rows LABEL: the rows of the generation whose row starts with LABEL,
# its cells wrapped on the rows after it
gen_rows() { screen | awk -v l="$1" 'index($0, " " l) == 1 { on = 1; print; next } on && substr($0, 1, 20) !~ /^ *$/ { on = 0 } on { print }'; }
for size in 80x24 120x40; do
	start "gens$size" "$size" -- --policy mglru data/used-once-mmap.json
	keys g 3 9 8 Enter; wait_re "\| step 398/"; ok "$size: g 398 goes to the torrent's first aging step" $?
	wait_for "seq 3 file youngest"; ok "$size: the generations are labelled by sequence number" $?
	screen | grep -E "^ seq [0-9]+ file" | head -n 2 | tr '\n' ' ' | grep -qE "seq 3 file youngest.* seq 2 file oldest"; ok "$size: youngest (max_seq) first, oldest (min_seq) next" $?
	screen | grep -qE "walk_pte_range\(\)"; ok "$size: the aging step names the walk" $?
	keys g 1 3 7 7 Enter; wait_re "\| step 1377/"
	screen | grep -qF "libc.so[0]: seq 5 file → seq 6 file"; ok "$size: the walk's move is named by sequence numbers, from the page's generation to max_seq" $?
	keys g 4 5 8 Enter; wait_re "\| step 458/"
	# 80x24 draws the two empty youngest in one row (panel_lists.c's bands)
	wait_re "seq 5 file youngest|seq 5-4 file"; ok "$size: inc_max_seq opened seq 4 and 5" $?
	gen_rows "seq 3 file oldest" | grep -qF "◂ kswapd"; ok "$size: the scanner sits at the oldest generation's tail" $?
	! screen | grep -E "seq 5 file youngest|seq 5-4 file" | grep -qF "◂"; ok "$size: ...and at no younger one" $?
	screen | grep -qE "^ isolated +1 "; ok "$size: the isolated row shows the page taken" $?
	screen | grep -qE "^ then +isolated: off seq 3 file"; ok "$size: the then row says where it went, in words" $?
	screen | grep -qE "^ libc.so +│"; ok "$size: the objects' bars are there" $?
	screen | grep -qE "▶ otherwise +→ isolated"; ok "$size: isolate_folio's step marks its taken test" $?
	screen | grep -qE "^ inputs +seq=3 tier=0 refs=0"; ok "$size: the inputs name the generation and the tier" $?
	screen | grep -qE "^ loop +scan file, tier_idx=3"; ok "$size: the feedback loop's state is on screen" $?
	keys q; wait_for "EXIT=0"; finish
	start "tier$size" "$size" -- --policy mglru data/database-index-pread.json
	keys g 3 0 4 3 Enter; wait_re "\| step 3043/"
	screen | grep -qE "▶ tier > tier_idx"; ok "$size: the first protection by tier marks its test" $?
	gen_rows "seq 0 file oldest" | grep -qE "1+ ◂ kswapd"; ok "$size: the index's tier-1 pages show their tier at the tail" $?
	screen | grep -qE "^ loop +scan file, tier_idx=0; refaulted/total t0 0/576 t1 64/193"; ok "$size: ...and the loop's counts that protect tier 1" $?
	keys g 3 0 0 0 Enter f a n; wait_re "\| step 3043/"; ok "$size: f a n finds the tier protection, an activation as the log says" $?
	keys q; wait_for "EXIT=0"; finish
	start "tierquiz$size" "$size" -- --quiz --policy mglru data/database-index-pread.json
	keys g 3 0 4 3 Enter; wait_for "Quiz: what will sort_folio()/isolate_folio() answer"; ok "$size: the quiz asks at 6.1's sort" $?
	keys a; wait_for "RIGHT: you said protect it, the kernel said protect it"; ok "$size: a answers protect (tier > tier_idx)" $?
	keys q; wait_for "EXIT=0"; finish
done

# --- g and its numbers -----------------------------------------------------------------------------
start goto 80x24 -- data/database-index.json
total=$("$BIN" run "$ROOT/data/database-index.json" | awk '/^steps/ { print $2 }')
keys g 9 9 9 9 9 9 9 9 Enter; wait_for "step 99999999 is past the end: the run has $total steps"; ok "g past the end says so" $?
wait_re "\| step $total/$total "; ok "...and goes to the last step" $?
keys g x Enter; wait_for "is not a step number"; ok "g with no number says so" $?
keys q; wait_for "EXIT=0"; finish

# --- signals, locale, the open dialog (tests/e2e/cli.sh) ---------------------------------------
. "$HERE/cli.sh"

the_end
