#!/bin/bash
# tests/e2e/projector.sh BIN - the story at the sizes a projector gets
#
# At 80x24, 100x30 and 120x40, for the first step of every (kind, branch,
# action) that each policy takes in the shipped scenarios (found with
# `vmscan-viz trace`): the header's step/total and play state, the page,
# every test of the policy in the kernel's order, the taken one marked,
# the whole reason and what was done are on screen.  The sentences
# expected are the trace's, the tests those of the policy tables in
# src/policy/ (read through cc -E).
# While a run plays, no panel moves.  Then what a lecturer meets at 80
# columns: the footer's keys, the help scrolling, the legend not cut, the
# lists marking a promotion and an eviction, the object bars, projector
# mode, a mouse click, and the glyphs of --ascii, NO_COLOR and 8 colours.
# Screens that need no key timing are drawn headless, by `vmscan-viz
# screen` (the visualizer's own drawing code, tests/screen/ proves it
# shows what a tmux pane shows) at the step the keys lead to; tmux stays
# for playing, the keys of help, B and p, the mouse, and 8 colours.
# Last line: "projector: N passed, M failed".
set -u
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || exit 2
SIZES=${VMSCAN_SIZES:-80x24 100x30 120x40} # a subset, to look at one size
PARTS=${VMSCAN_PARTS:-branches steady lecturer}  # or some of them
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
POLICIES=$("$BIN" policies | awk '{ print $1 }')
# first_step FILE POLICY OUTCOME: the step `f OUTCOME n` goes to from step 0
first_step() { "$BIN" trace "$1" --policy "$2" | grep -m1 "\"outcome\":\"$3\"" | sed -E 's/^\{"step":([0-9]+),.*/\1/'; }

# --- the plan: tests of each policy, and a step for each branch ------------
# "policy|scan|branch|test|result", in the order of the policy's table: the
# policy files through the preprocessor (their rows are partly macros),
# then each table, each set of checks and each policy's two sets read
policy_tests() {
	local f
	for f in src/policy/*.c; do
		cc -E -P -D_DEFAULT_SOURCE -Isrc "$f" 2>/dev/null | tr '\n\t' '  ' | awk -v RS='};' -v file="$f" '
		# rows: struct policy_check NAME[] = { { BR_X, "test", "result", ... }, ... }
		/struct policy_check [a-z_0-9]+\[\] *= *\{/ {
			s = $0; sub(/.*struct policy_check /, "", s); name = s; sub(/\[.*/, "", name)
			sub(/^[^{]*\{/, "", s)
			n = split(s, item, /\{ *BR_/)
			for (i = 2; i <= n; i++) {
				split(item[i], q, "\"")
				br = q[1]; sub(/[ ,].*/, "", br); br = tolower(br)
				if (q[8] != "" && item[i] !~ /^[^"]*"[^"]*"[^"]*"[^"]*"[^"]*"[^"]*" *, *NULL/) br = q[8]
				gsub(/\|/, "<OR>", q[2]) # the fields are |-separated: 6.1 tests read "a || b"
				print "ROWS|" file ":" name "|" br "|" q[2] "|" q[4]
			}
			next
		}
		# sets: struct policy_checks NAME = { (ROWS), ...
		/struct policy_checks [a-z_0-9]+ *= *\{ *\(/ {
			s = $0; sub(/.*struct policy_checks /, "", s); name = s; sub(/ .*/, "", name)
			sub(/^[^(]*\( */, "", s); sub(/ *\).*/, "", s)
			print "SET|" ($0 ~ /static const struct policy_checks/ ? file ":" : "") name "|" file ":" s
			next
		}
		/\.name *= *"/ && /\.checks *= *&/ {
			s = $0; sub(/.*\.name *= *"/, "", s); sub(/".*/, "", s); pol = s
			c = $0; sub(/.*\.checks *= *& */, "", c); sub(/[ ,}].*/, "", c)
			a = $0; sub(/.*\.active_checks *= *& */, "", a); sub(/[ ,}].*/, "", a)
			print "POLICY|" pol "|" file "|" c "|" a
		}'
	done | awk -F'|' '
	$1 == "ROWS" { rows[$2] = rows[$2] $3 "|" $4 "|" $5 "\n" }
	$1 == "SET" { set[$2] = $3 }
	$1 == "POLICY" { pol[$2] = $4; act[$2] = $5; in_file[$2] = $3 }
	function rows_of(p, sym) { return rows[(in_file[p] ":" sym) in set ? set[in_file[p] ":" sym] : set[sym]] }
	END {
		for (p in pol) {
			n = split(rows_of(p, pol[p]), r, "\n"); for (i = 1; i < n; i++) print p "|scan|" r[i]
			n = split(rows_of(p, act[p]), r, "\n"); for (i = 1; i < n; i++) print p "|scan_active|" r[i]
		}
	}'
}
TESTS=$LOGDIR/tests
policy_tests >"$TESTS"
for p in $POLICIES; do
	grep -q "^$p|scan|" "$TESTS" && grep -q "^$p|scan_active|" "$TESTS"
	ok "the tables of policy $p are read from src/policy/" $?
done

# "scenario|policy|step|kind|object|index|branch|action|reason|action_reason",
# the first step of each (kind, branch, action) of a policy over the scenarios.
# The scan steps are some 50 000 lines a policy: one awk takes the fields
# by plain string search (each a JSON member whose quoted name cannot occur
# inside another value) and keeps the first of each key; no regex per line.
first_of_each() {	# first_of_each FILE POLICY: the plan's lines of one trace
	awk -v f="$1" -v p="$2" '
	function val(name,   i, s) {
		i = index($0, "\"" name "\":"); if (!i) return ""
		s = substr($0, i + length(name) + 3)
		if (substr(s, 1, 1) == "\"") { s = substr(s, 2); return substr(s, 1, index(s, "\"") - 1) }
		match(s, /^[0-9]+/); return substr(s, 1, RLENGTH)
	}
	index($0, "{\"step\":") == 1 && index($0, "\"kind\":\"scan") {
		k = val("kind") "|" val("branch") "|" val("action")
		if (seen[k]++) next
		print f "|" p "|" val("step") "|" val("kind") "|" val("object") "|" val("index") "|" \
			val("branch") "|" val("action") "|" val("reason") "|" val("action_reason")
	}'
}
PLAN=$LOGDIR/plan
for p in $POLICIES; do
	for f in data/*.json; do
		case $f in *.schema.json) continue ;; esac
		"$BIN" trace "$f" --policy "$p" | first_of_each "$f" "$p"
	done | awk -F'|' '!seen[$4 "|" $7 "|" $8]++'
done >"$PLAN"
nplan=$(wc -l <"$PLAN")
[ "$nplan" -ge 60 ]; ok "the plan covers the branches of every policy ($nplan steps)" $?

# --- every branch: nothing of the explanation clipped ------------------------
# (no command substitution in an ok sentence: it would reset $? before ok reads it)
# decision_ok STEP KIND OBJECT INDEX BRANCH ACTION REASON ACTION_REASON POLICY:
# on the screen rendered (left of a vertical rule); $why says what failed
decision_ok() {	# (one awk: some 300 checks, so no pipeline of its own for each)
	why=$(awk -F'|' -v pol="$9" -v kind="$2" -v step="$1" -v page="$3[$4]" -v br="$5" -v reason="$7" -v areason="$8" '
	function norm(s) { gsub(/–|▶/, " ", s); gsub(/ +/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
	FNR == NR { if ($1 == pol && $2 == kind) { n++; b[n] = $3; gsub(/<OR>/, "|", $4); t[n] = $4 " → " $5 }; next }
	{ sub(/│.*/, ""); line[++L] = $0; flat = flat " " norm($0) }
	END {
		if (!n) { print "no tests known for " pol " " kind; exit }
		if (line[1] !~ ("\\| step " step "/[0-9]+ (\\| .*)?\\| paused")) { print "header"; exit }
		if (!index(flat, page)) { print "page " page; exit }
		k = 1
		for (i = 2; i <= L && k <= n; i++) {
			s = norm(line[i])
			# a short screen folds tests into one row: before the taken
			# test, those that did not hold; after it, those not reached
			if (s ~ /^[0-9]+ tests? before: not taken$/ || s ~ /^… [0-9]+ more tests?, not reached$/) {
				m = s; gsub(/[^0-9]/, "", m)
				for (j = k; j < k + m; j++) if (b[j] == br) { print "the taken test " j " folded"; exit }
				k += m; continue
			}
			if (s != t[k] && index(s, t[k] " ") != 1) continue
			if ((b[k] == br) != (index(line[i], "▶") > 0)) { print "taken mark on test " k; exit }
			k++
		}
		if (k <= n) { print "test " k " (" t[k] ") missing or out of order"; exit }
		gsub(/ +/, " ", reason); gsub(/ +/, " ", areason)
		if (reason != "" && !index(flat, reason)) { print "reason"; exit }
		if (areason != "" && !index(flat, areason)) { print "action reason"; exit }
	}' "$TESTS" "$RENDER")
	[ -z "$why" ]
}
cut -d'|' -f1,2 "$PLAN" | uniq | while IFS='|' read -r f p; do echo "$f|$p"; done >"$LOGDIR/groups"
n=0
# each at the step g STEP Enter goes to, drawn headless at each size
part branches && while IFS='|' read -r f p; do
	n=$((n + 1))
	while IFS='|' read -r _ _ step kind obj idx br act reason areason; do
		for sz in $SIZES; do
			render --policy "$p" "$f" --step "$step" --size "$sz"
			decision_ok "$step" "$kind" "$obj" "$idx" "$br" "$act" "$reason" "$areason" "$p"
			ok "$sz, $p, ${f#data/} step $step ($kind $br${act:+ $act}): all of the explanation is on screen${why:+ (not: $why)}" $?
		done
	done < <(grep "^$f|$p|" "$PLAN")
done <"$LOGDIR/groups"

# --- no panel moves while playing ---------------------------------------------
# the rows of the panels' title rules, the isolated and evicted rows, the
# footer, as LAYOUT, and the step the header shows, as STEP: one look at
# what tmux shows now (while playing the screen never settles), read in the
# shell, so that a look is one process
look() {	# (a row is told by its first 4 bytes, as awk's substr() took them)
	local cap line n=0 LC_ALL=C
	cap=$(capture) LAYOUT="" STEP=""
	while IFS= read -r line; do
		n=$((n + 1))
		case $line in ─* | " isolated "* | " evicted "* | "?Help"*) LAYOUT+="$n:${line:0:4} " ;; esac
		[[ -z $STEP && $line =~ \|\ step\ ([0-9]+)/ ]] && STEP=${BASH_REMATCH[1]}
	done <<<"$cap"
}
part steady && for sz in $SIZES; do
	for run in "2.6.33 data/used-once-mmap.json 420" "2.6.34 data/used-once-mmap.json 420" \
		"2.6.34 data/database-index.json 640"; do
		set -- $run
		start steady "$sz" -- --policy "$1" "$2"
		wait_re "\| step 0/"
		keys g "$3" Enter; wait_re "\| step $3/"
		look
		first=$LAYOUT moved=0 s0=$(step_of)
		keys + Space
		# 25 looks at least, and on until the step has moved (a loaded
		# machine may take longer to draw the first steps)
		for ((k = 0; k < WAIT * 25; k++)); do
			snooze 0.04
			look
			[ "$LAYOUT" = "$first" ] || { moved=1; echo "  moved at step $STEP: $LAYOUT vs $first"; break; }
			[ "$k" -ge 24 ] && [ "$STEP" != "$s0" ] && break
		done
		keys Space
		[ "$moved" = 0 ] && [ "$(step_of)" != "$s0" ]
		ok "$sz, $1, ${2#data/}: no panel moves while playing from step $3" $?
		finish
	done
done

# --- what a lecturer meets at 80 columns ----------------------------------------
if part lecturer; then
attrs() { "${T[@]}" capture-pane -p -e -t "$S" 2>/dev/null; }
start lect 80x24 -- --policy 2.6.33 data/used-once-mmap.json
wait_re "\| step 0/[0-9]+ (\| .*)?\| paused"
line=$(screen | tail -n 1)
echo "$line" | awk '{ exit !($0 ~ /^\?Help Spc.*←→.*n\/N.*f.*g.*p.*o.*i.*\/.*s.*Q.*B.*c.*q/) }'
ok "80x24: the footer shows every key, in order" $?
echo "$line" | grep -q "Help" && echo "$line" | grep -q "Play" && echo "$line" | grep -q "Quit"
ok "80x24: the main keys keep their labels" $?
total=$("$BIN" trace data/used-once-mmap.json --policy 2.6.33 | wc -l)
keys f a n; wait_re "\| step [0-9]+/$total (\| .*)?\| paused"; ok "80x24: the header shows step/total in full and the play state" $?
attrs | grep -E '^.{0,40} active_file +[0-9]+ ' | grep -qE $'\e\\[([0-9]+;)*(7|4[0-7]|48;5;[0-9]+)m(\e\\[[0-9;]*m)*▲'
ok "80x24: the activated page is marked ▲ on its colour at the head of active_file" $?
screen | grep -qE '^ libc\.so .*16/16' && screen | grep -qE '(^| )big\.iso .*/2048'
ok "80x24: the objects' bars and figures are on screen" $?
# the legend: items whole, or the mark; a known label last
legend_ok() {
	local labels last
	labels=$(sed -nE 's/^\s*\{ K_[A-Z]+, [A-Z_]+, "([^"]*)", "([^"]*)",.*/\1\n\2/p' src/tui/panel_legend.c)
	last=$(shown | tail -n 2 | head -n 1 | sed -E 's/ +$//; s/.* //')
	[ "$last" = "…" ] || echo "$labels" | grep -qxF -- "${last#?}" || echo "$labels" | grep -qxF -- "$last"
}
for w in 80 100 120 140 160 180; do # this frame (f a n), drawn at each width
	render --policy 2.6.33 data/used-once-mmap.json --step "$(first_step data/used-once-mmap.json 2.6.33 activate)" --size "${w}x40"
	legend_ok; ok "${w}x40: the legend ends with a whole item or the mark" $?
done
keys '?'; wait_for "PgUp PgDn scroll"; ok "80x24: help says how it scrolls" $?
wait_re "^ *│ 1-[0-9]+ of [0-9]+ "; keys NPage; wait_re "│ ([2-9]|[1-9][0-9])-[0-9]+ of "; ok "80x24: PgDn scrolls the help" $?
keys End; wait_for "test false"; ok "80x24: the end of the help lists the legend" $?
keys Up; wait_re "│ [0-9]+-[0-9]+ of "; keys x; wait_gone "PgUp PgDn scroll"; ok "80x24: another key closes the help" $?
keys B; wait_re "\| paused 5 steps/s"; ok "B: projector mode plays at 5 steps/s" $?
wait_re "ACTIVATE +libc\.so\[0\]"; ok "B: the outcome shown big" $?
keys B; wait_re "\| paused 20 steps/s"; ok "B again: the speed it found is back" $?
wait_gone "ACTIVATE  "; ok "B again: the banner is gone" $?
keys - - - -; wait_re "paused 1 step/s "; ok "1 step/s, singular" $?
keys + + + +
keys p; wait_for "mapped-ratio"; screen | grep -q "share of memory" && screen | grep -q "(used-once detection)"
ok "80x24: the policy list shows each summary whole" $?
# the longest summary (refault's, over 200 bytes) to its last words
screen | grep -q "2.6.34's lumpy reclaim"; ok "80x24: the policy list shows the longest summary to its end" $?
keys Escape
finish

start lect2 80x24 -- --policy 2.6.34 data/database-index.json
wait_re "\| step 0/[0-9]+ (\| .*)?\| paused"
keys s; wait_for "because mapped pages are few."; ok "s: the scenario's whole description, at 80x24" $?
keys x; keys f '!' n; wait_re "^─ [a-z.]+\[[0-9]+\]: free → pagevec"; ok "f ! n: the next refault" $?
screen | grep -q "! refault"; ok "the refault is named, with its mark" $?
finish

# the pagevec: new pages waiting to join their list, shown at every size
# (on the isolated batch's row when rows are short)
render --policy 2.6.34 data/default.json --step 35 --size 80x24 # g 35 Enter
shown | grep -qE "^ isolated +0 \(empty\) +pagevec +7 "; ok "80x24: the pagevec's 7 waiting pages share the isolated batch's row" $?
shown | grep -q "now in the pagevec, not yet on a list"; ok "80x24: the step says where the new page went" $?
render --policy 2.6.34 data/default.json --step 35 --size 120x40
shown | grep -qE "^ pagevec +7 .*new pages waiting to join their lists"; ok "120x40: the pagevec has a row of its own, explained" $?

start lect3 80x24 -- --policy 2.6.34 data/used-once-mmap.json
wait_re "\| step 0/[0-9]+ (\| .*)?\| paused"
keys f c n; wait_re "^─ big\.iso\[0\]: inactive_file → free"; ok "f c n: the first used-once reclaim" $?
attrs | grep -E ' evicted +[0-9]+ ' | grep -qE $'\e\\[([0-9]+;)*(7|4[0-7]|48;5;[0-9]+)m(\e\\[[0-9;]*m)*~'; ok "the evicted page is in the evicted strip, on its outcome's colour" $?
# a click on a list cell: the inspector opens on a page of that list
click() {	# click COL ROW (0-based): an xterm press and release
	local x y
	x=$(printf "\\$(printf '%03o' $((33 + $1)))") y=$(printf "\\$(printf '%03o' $((33 + $2)))")
	keys -l "$(printf '\033[M ')$x$y"; keys -l "$(printf '\033[M#')$x$y"
}
row=$(screen | grep -n '^ inactive_file' | head -n 1 | cut -d: -f1)
click 21 $((row - 1)); wait_re "Page inspector: [a-z.-]+\[[0-9]+\]"; ok "a click on a list cell opens the inspector" $?
wait_for "now: inactive_file"; ok "the clicked page is the one on that list" $?
finish

render --compare 2.6.33,2.6.34 data/database-index.json --size 80x24
shown | head -n 1 | grep -qE "^ compare 2\.6\.33 vs 2\.6\.34 \| access 0/" &&
	shown | tail -n 1 | grep -qE '^ ←→ ?[Aa]ccess.* c ?[Ll]eave ?\? ?[Hh]elp ?q ?[Qq]uit *$'
ok "80x24, compare mode: the footer shows every key, ? and q included" $?

# compare mode explains its glyphs too: at 24 lines the marks drawn, short
# (n: the first divergence)
render --compare 2.6.34,2.6.33 data/used-once-mmap.json --divergence 1 --size 80x24
legend=$(shown | tail -n 2 | head -n 1)
shown | grep -q "^divergence 1/" && echo "$legend" | grep -q "▲act" && echo "$legend" | grep -q "=keep"
ok "80x24, compare at the torrent's divergence: the legend names activate and keep, the marks on its lists" $?
render --compare 2.6.34,2.6.33 data/used-once-mmap.json --divergence 1 --size 120x40
shown | grep -q "▲act =keep ✗recl ~clean"; ok "120x40, compare: every mark of the legend, short labels, over two rows" $?
shown | tail -n 3 | grep -q "!refault"; ok "120x40, compare: the legend names the refault mark" $?
render --compare 2.6.34,2.6.33 data/used-once-mmap.json --divergence 1 --size 200x60
shown | grep -q "▲ activate  = keep"; ok "200x60, compare: the legend's long labels" $?

step=$(first_step data/used-once-mmap.json 2.6.33 activate) # f a n
render --ascii --policy 2.6.33 data/used-once-mmap.json --step "$step" --size 80x24
shown | grep -qE '^- libc\.so\[0\]: inactive_file -> active_file' && ! shown | LC_ALL=C grep -q '[^ -~]'
ok "--ascii: nothing but ASCII on screen" $?
shown | grep -qE '^  > page_mapping_inuse'; ok "--ascii: the taken test is marked >" $?
NO_COLOR=1 "$BIN" screen --policy 2.6.33 data/used-once-mmap.json --step "$step" --size 80x24 --format ansi >"$RENDER"
! shown | grep -qE $'\e''\[([0-9]+;)*(3[0-7]|4[0-7]|38;5|48;5|9[0-7])(;[0-9]+)*m'; ok "NO_COLOR: no colour" $?
shown | grep -E ' active_file +[0-9]+ ' | grep -qE $'\e\\[([0-9]+;)*(7|4[0-7]|48;5;[0-9]+)m(\e\\[[0-9;]*m)*[[:alnum:]]?▲'; ok "NO_COLOR: the activated page still reversed (after its object's initial)" $?
start xterm 80x24 TERM=xterm -- --policy 2.6.33 data/used-once-mmap.json
wait_re "\| step 0/"; keys f a n; wait_re "^(.?─|q) libc\.so\[0\]" # (the rule in ACS there: q)
attrs | grep -E 'then' | grep -q $'\e\\[1m\e\\[34m▲'; ok "8 colours: an outcome is bold in its colour" $?
seg=$(attrs | grep -m1 'inactive_file' | sed -E 's/.*inactive_file +[0-9]+ //; s/(●|◇|◆|○|·).*//')
[[ "$seg" == *$'\e[3'* && "$seg" != *$'\e[1m'* ]]; ok "8 colours: object cells are coloured, not bold" $?
finish
fi

echo "projector: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
