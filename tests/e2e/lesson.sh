#!/bin/bash
# tests/e2e/lesson.sh BIN - data/LECTURE.md followed as a lecturer would
#
# The places a lecture can stumble, each replayed in tmux at
# the size it happened: a bookmark's question then Space (play goes on),
# the lesson's words and pictures at 80x24, the counters' sparkline with a
# question open, compare mode reaching each divergent decision, stepping
# inside an access's reclaim, one scale for both sides, the end of the
# torrent at 80x24, the refault moment of database-index, no internal
# words, whole counts, ] by the lesson's place, and the small
# contradictions (2.6.33 without PAGEREF_*, ✗ and ~ counted apart, i after
# /, heights that stay put).  Figures are read from the screen or from
# `vmscan-viz trace`, not written here.
# Last line: "lesson: N passed, M failed".
set -u
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || exit 2
TORRENT=data/used-once-mmap.json INDEX=data/database-index.json
row_of() { screen | grep -nE -- "$1" | head -n 1 | cut -d: -f1; } # row_of REGEX: its screen row
side_step() { screen | sed -nE "s/.*$1: [^ ]+ \| access [0-9]+ \| step ([0-9]+)\/.*/\1/p" | head -n 1; }
scales() { screen | sed -nE 's/.*1 cell = ([0-9]+) page.*/\1/p'; } # each side's pages a cell

# --- 1, 2, 9, 10: the torrent's lesson at 80x24 -----------------------------
start t80 80x24 -- "$TORRENT"
wait_re "\| step 0/"
keys "'"; wait_re "flood +2\.6\.33 step 438 \?"
ok "' lists each bookmark with its policy, its step and a ? for a question" $?
screen | grep -qE "first-look +2\.6\.34 step 422( |$)"; ok "...and no ? where there is no question" $?
keys Escape
for b in 1 2 3; do keys "]"; wait_for "bookmark $b/9" 20; done
wait_for "Quiz: what will shrink_page_list() answer" 20
ok "80x24: ] three times: the flood's question (2.6.33 names no page_check_references())" $?
screen | grep -qF "What does the kernel do with it?"; ok "80x24: the bookmark's line, whole, question mark and all" $?
screen | grep -E "LRU lists" | grep -qF "big.iso"; ok "80x24: every object has its colour key, big.iso too" $?
q33=$(row_of "─ Quiz: what will") lists33=$(row_of "LRU lists")
keys a; wait_for "RIGHT: you said activate"; ok "80x24: a: right" $?
[ "$(row_of "─ big\.iso\[0\]: inactive_file")" = "$q33" ]; ok "80x24: the answer's panel stands where the question's did (row $q33)" $?
keys Space
wait_re "\| step (4[5-9][0-9]|[5-9][0-9][0-9]|[0-9]{4,})/" 20
ok "80x24: after the answer, Space plays on (a question bookmark lends quiz mode for itself only)" $?
! screen | grep -qE "Quiz: what will|QUIZ [0-9]"; ok "80x24: ...asking no more questions" $?
keys Space; wait_for "| paused"
keys "]"; wait_for "bookmark 4/9" 30; wait_for "Quiz: what will page_check_references() answer" 20
ok "80x24: ] after playing on: the next bookmark of the lesson, used-once (2.6.34)" $?
[ "$(row_of "─ Quiz: what will")" = "$q33" ] && [ "$(row_of "LRU lists")" = "$lists33" ]
ok "80x24: 2.6.34's question in the same rows as 2.6.33's (heights from the lesson's policies)" $?
screen | grep -qE "^ libc\.so .*│.*│"; ok "80x24: the object bars are drawn under 2.6.34 with its question open" $?
keys Escape; wait_gone "Quiz: what will"
keys Home; wait_re "\| step 0/"
keys "]"; wait_for "bookmark 1/9 torrent-starts" 20; ok "80x24: Home then ]: the lesson starts again at the first bookmark" $?
keys q; wait_for "EXIT=0"
finish

# --- 3: the counters' sparkline does not know the answer ------------------
# The index samples list sizes at each bucket's end (replay/stepindex.c);
# a bucket is 2^n steps, the fewest that fit the run in SPARK_BUCKETS.
# Asked before step 438, the sparkline may hold whole buckets up to 437.
buckets=$(sed -nE 's/^#define SPARK_BUCKETS[[:space:]]+([0-9]+).*/\1/p' src/replay/stepindex.h)
total=$("$BIN" run "$TORRENT" --policy 2.6.33 | sed -nE 's/^steps[^0-9]*([0-9]+).*/\1/p' | head -n 1)
bs=1; while [ $(((total - 1) / bs)) -ge "$buckets" ]; do bs=$((bs * 2)); done
start t120 120x40 -- --policy 2.6.33 "$TORRENT"
wait_re "\| step 0/$total "
for b in 1 2 3; do keys "]"; wait_for "bookmark $b/9" 20; done
wait_for "Quiz: what will" 20
spark=$(screen | grep -oE "active_file +[0-9]+ +[▁▂▃▄▅▆▇█]+" | head -n 1 | awk '{ print $3 }')
n=$(printf '%s' "$spark" | grep -o . | wc -l)
[ "$n" -eq $((437 / bs)) ]; r=$?; ok "120x40: asked before step 438, active_file's sparkline ends at step $((437 / bs * bs)) ($n buckets of $bs steps)" $r
keys q; wait_for "EXIT=0"
finish

# --- 4, 5: compare reaches each decision, steps inside, one scale ---------
start c200 200x50 -- --compare 2.6.33,2.6.34 "$TORRENT"
wait_re "access 0/"
keys n; wait_re "^divergence 1/[0-9]+ at access 397: libc\.so\[0\]" 20; ok "compare: n: libc.so[0] at access 397" $?
keys l; wait_re "left: 2\.6\.33 \| access 397 \| step 423/"
ok "compare: → steps the left side one step on inside access 397's reclaim (not over the flood)" $?
[ "$(side_step right)" = 423 ]; ok "compare: ...and the right side too" $?
keys Home; wait_re "access 0/"
found=""
for d in $(seq 1 32); do # (not i: wait_re counts with it)
	keys n; wait_re "^divergence $d/" 10 || break
	screen | grep -qE "^divergence $d/[0-9]+ at access 397: big\.iso\[0\] .*2\.6\.33 goto activate_locked vs 2\.6\.34 PAGEREF_RECLAIM_CLEAN" && { found=$d; break; }
done
[ -n "$found" ]; ok "compare: n reaches big.iso[0]'s reclaim at access 397 (divergence ${found:-none}), each decision one divergence" $?
keys q; wait_for "EXIT=0"
finish
start c120 120x40 -- --compare 2.6.33,2.6.34 "$TORRENT"
wait_re "access 0/"
keys n; wait_re "^divergence 1/" 20
wait_re "access [0-9]+/[0-9]+ \|" 60 # both runs indexed: the scale is the whole run's
s=$(scales | sort -u | wc -l)
[ "$(scales | wc -l)" = 2 ] && [ "$s" = 1 ]; r=$?; ok "120x40 compare: both sides at one scale ($(scales | tr '\n' ' '))" $r
l1=$(screen | grep -nE "^>?left: " | cut -d: -f1) r1=$(screen | grep -nE "^ ?>?right: " | cut -d: -f1)
li=$(screen | grep -nE "^ isolated " | cut -d: -f1 | tr '\n' ' ')
set -- $li
[ $(($1 - l1)) = $(($2 - r1)) ]; ok "120x40 compare: the sides' rows aligned (isolated at the same row of each side)" $?
keys q; wait_for "EXIT=0"
finish
start crf 120x40 -- --compare 2.6.34,refault "$INDEX"
wait_re "access 0/"
keys n; wait_re "^divergence 1/[0-9]+ at access" 60
ok "2.6.34 vs refault: the first n finds a divergence" $?
screen | grep -qF "no decision differs in the run"; ok "...and says it looks for another kind, no decision differing" $?
keys q; wait_for "EXIT=0"
finish

# --- 7, 8: compare at the end of the torrent, 80x24 ------------------------
start c80 80x24 -- --compare 2.6.33,2.6.34 "$TORRENT"
wait_re "access 0/"
keys End; wait_for "verdict:" 30; ok "80x24 compare End: the verdict" $?
[ "$(scales | wc -l)" = 2 ] && [ "$(scales | sort -u | wc -l)" = 1 ]; r=$?; ok "80x24 compare End: both sides at one scale ($(scales | tr '\n' ' '))" $r
pages=$("$BIN" run "$TORRENT" | sed -nE 's/^memory[^0-9]*([0-9]+) pages.*/\1/p' | head -n 1)
[ "$(scales | head -n 1)" -le "${pages:-256}" ]; r=$?; ok "80x24 compare End: no more pages a cell than memory has ($(scales | head -n 1) <= ${pages:-256})" $r
[ "$(screen | grep -cE '^ isolated ')" = 2 ] && [ "$(screen | grep -cE '^ evicted ')" = 2 ]
ok "80x24 compare End: each side keeps its isolated (and pagevec) and evicted rows" $?
screen | grep -qE "scanned [0-9]+\.[[:space:]]*$" && ! screen | grep -E "^cost|scanned" | grep -qF "…"
ok "80x24 compare End: the verdict's cost line whole" $?
! screen | grep -qE "none kernel|\(pause\)| - → - "; ok "80x24 compare End: no internal words for the pause point" $?
! screen | grep -qE "evicted +[0-9]+([✗~!]|…)"; ok "80x24 compare End: the evicted count stands apart from its cells" $?
keys q; wait_for "EXIT=0"
finish
start b80 80x24 -- --big --policy 2.6.33 "$TORRENT"
wait_re "\| step 0/"
keys End; wait_re "\| step ([0-9]+)/\1 " 30
! screen | grep -qE "NONE +kernel|NONE "; ok "projector End: no NONE kernel banner" $?
keys q; wait_for "EXIT=0"
finish

# --- 6, 8, 10: database-index, the refault moment, the end ------------------
start d80 80x24 -- "$INDEX"
wait_re "\| step 0/"
for b in 1 2 3 4; do keys "]"; wait_for "bookmark $b/8" 30; done
wait_for "index[0]: inactive_file → free" 10
screen | grep -qF "try_to_unmap() took its ptes first"
ok "80x24 index-evicted: a mapped page freed says it was unmapped first, not plainly clean and unmapped" $?
for b in 5 6 7; do keys "]"; wait_for "bookmark $b/8" 30; done
wait_for "refault distance" 10; ok "80x24 refault-detection: the sentence about refault distance is on screen" $?
screen | grep -E "pagevec" | grep -qE "→ ?active_file"; ok "80x24: the pagevec row shows the refaulted page headed for active_file" $?
keys i; wait_for "Page inspector: index[0]" 10
screen | grep -qE "^ flags: .*activate-on-add"; ok "80x24: i: index[0] waits marked for activation, its flags not none" $?
keys Escape; keys End; wait_re "\| step ([0-9]+)/\1 " 60
screen | grep -qE "^ index .*evicted ✗[0-9]+ ~[0-9]+"; ok "80x24 End: evictions counted apart, ✗ and ~" $?
! screen | grep -E "^ (hot\.dat|index|table\.dat) " | grep -qF "…"; ok "80x24 End: the objects' counts whole" $?
! screen | grep -qE "evicted +[0-9]+([✗~!]|…)"; ok "80x24 End: the evicted count stands apart from its cells" $?
keys q; wait_for "EXIT=0"
finish

# --- Part 3's index-refault: the inspector's history, scrolled by Tab and arrows
start p3 120x40 -- "$INDEX"
wait_re "\| step 0/"
for b in 1 2 3 4 5; do keys "]"; wait_for "bookmark $b/8" 30; done
wait_for "Page inspector: index[0]" 20; ok "120x40 index-refault: the bookmark opens index[0]'s inspector" $?
shown_steps=$(screen | sed -nE 's/^ +([0-9]+) .*(inactive_file|free|pagevec) .*/\1/p' | tr '\n' ' ')
[ "$shown_steps" = "258 322 655 1242 1434 " ]; ok "120x40: its history shows the lesson's five events ($shown_steps)" $?
keys q; wait_for "EXIT=0"
finish
start p3s 80x24 -- "$INDEX"
wait_re "\| step 0/"
for b in 1 2 3 4 5; do keys "]"; wait_for "bookmark $b/8" 30; done
keys i; wait_for "Page inspector: index[0]" 20
wait_for "(6 events, newest last; 1 earlier: Tab, ↑/↓):"; ok "80x24: the history's heading says one event has no row" $?
! screen | grep -qE "^ +257 "; ok "80x24: ...the oldest, the map at step 257" $?
keys Tab; wait_for "the arrows scroll the history"; ok "80x24: Tab gives the history the arrows, and says so" $?
keys Up; wait_re "^ +257 +map "; ok "80x24: Up shows the older event" $?
wait_for "0 earlier, 1 later: Tab"; ok "80x24: ...and the heading counts the later one below" $?
! screen | grep -qE "^ +1434 "; ok "80x24: ...which has scrolled out (step 1434)" $?
keys Down; wait_re "^ +1434 +! refault"; ok "80x24: Down, back to the newest" $?
keys Tab; wait_for "the arrows move over the lists' pages"; ok "80x24: Tab again: the arrows are the lists' cursor's" $?
keys q; wait_for "EXIT=0"
finish

# --- 10: i after a find opens the current step's page ----------------------
start f120 120x40 -- --policy 2.6.34 "$TORRENT"
wait_re "\| step 0/"
keys / ; keys -l "big.iso 5"; keys Enter; wait_for "Page inspector: big.iso[5]" 20
keys Escape; wait_gone "Page inspector"
keys g; keys -l 422; keys Enter; wait_re "\| step 422/" 20
keys i; wait_for "Page inspector: libc.so[0]" 10; ok "i after a find opens the current step's page (libc.so[0] at 422)" $?
keys q; wait_for "EXIT=0"
finish

# --- wished: n of one object (f, =): the next refault of index ---------------
"$BIN" trace "$INDEX" --policy 2.6.34 >"$LOGDIR/index.jsonl"
first_of() {	# first_of OUTCOME-REGEX [OBJECT]: the first step with that outcome (of that object)
	grep -E "\"outcome\":\"$1\"" "$LOGDIR/index.jsonl" | grep -F "\"object\":\"${2:-}" | head -n 1 |
		sed -nE 's/^\{"step":([0-9]+),.*/\1/p'
}
any=$(first_of refault) own=$(first_of refault index)
start n120 120x40 -- --policy 2.6.34 "$INDEX"
wait_re "\| step 0/"
keys f; wait_for "What should n/N look for?"
screen | grep -qF "now: every object's steps"; ok "f: the dialog says n/N look at every object's steps" $?
keys =; wait_for "now: the steps of hot.dat"; keys =; wait_for "now: the steps of index"
ok "f, = =: the dialog names the object chosen (index)" $?
keys "!"; wait_for "n/N now look for: refault of index"; ok "!: n/N look for refaults of index" $?
screen | grep -qF "| n/N: refault of index"; ok "the header says n/N look for refaults of index" $?
keys n; wait_re "\| step $own/" 30
ok "n: the first refault of index (step $own), past the table's first (step $any)" $?
[ "$any" -lt "$own" ]; ok "...which comes first (trace: $any < $own)" $?
keys f; keys =; wait_for "now: the steps of table.dat"; keys =; wait_for "now: every object's steps"; keys "!"
wait_for "n/N now look for: refault"; keys Home; wait_re "\| step 0/"
keys n; wait_re "\| step $any/" 30; ok "f = again to every object: n finds the first refault of any object (step $any)" $?
keys q; wait_for "EXIT=0"
finish

# --- wished: a light theme for a bright room (L, --theme light) -------------
start th 100x30 -- --policy 2.6.33 "$TORRENT"
wait_re "\| step 0/"
keys L; wait_for "light theme: dark ink on white"
"${T[@]}" capture-pane -e -p -t "$S" | grep -qE "48;5;231"; ok "L: the light theme, every cell on white (48;5;231)" $?
keys L; wait_for "dark theme (L: light"
! "${T[@]}" capture-pane -e -p -t "$S" | grep -qE "48;5;231"; ok "L again: the dark theme, nothing on white" $?
keys q; wait_for "EXIT=0"
finish
start tl 100x30 -- --theme light --policy 2.6.33 "$TORRENT"
wait_re "\| step 0/"
"${T[@]}" capture-pane -e -p -t "$S" | grep -qE "48;5;231"; ok "--theme light starts on white" $?
keys q; wait_for "EXIT=0"
finish

echo "lesson: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
