# tests/e2e/cli.sh - sourced by tests/e2e/run.sh (its helpers: start,
# wait_for, keys, restored, finish, ok, signal_exits): every signal that ends the
# visualizer gives the terminal back with the status the shell expects;
# numbers are read the same under a comma-decimal locale; the open dialog
# lists regular scenario files only, with their titles.

# start_nocore NAME COLSxROWS -- ARGS...: as start, without core dumps
# (SIGQUIT, SIGILL, SIGXCPU and SIGXFSZ dump core by default)
start_nocore() {
	local name=$1 size=$2
	shift 3
	S=$name
	"${T[@]}" new-session -d -s "$S" -x "${size%x*}" -y "${size#*x}" \
		"sh -c 'ulimit -c 0; trap : INT QUIT; env TERM=tmux-256color $SAN_ENV \"$BIN\" $*; echo EXIT=\$?; stty -a; sleep 600'"
}

# --- every signal that ends the process restores the terminal ---------------
# 128+N with N as Linux numbers them; the sanitizers report SIGILL as a crash
sigs="QUIT:131 USR1:138 USR2:140 PIPE:141 ALRM:142 VTALRM:154 PROF:155 XCPU:152 XFSZ:153 PWR:158 RTMIN:162"
[ "${VMSCAN_SANITIZED:-0}" != 1 ] && sigs="$sigs ILL:132 TRAP:133 SYS:159"
for sig in $sigs; do signal_exits start_nocore "$sig"; done
start_nocore sigquitkey 100x30 --
wait_re "\| step 0/"; keys 'C-\'; wait_for "EXIT=131"; ok "Ctrl-\\ (SIGQUIT from the keyboard) exits with 131" $?
restored; ok "Ctrl-\\ restores the terminal" $?
finish

# --- numbers under a comma-decimal locale ---------------------------------------
# The visualizer takes LC_ALL from the environment; "2.5" must still be
# two and a half, not a syntax error.
if localedef -i de_DE -f UTF-8 "$LOGDIR/de_DE.UTF-8" >/dev/null 2>&1; then
	cat >"$LOGDIR/half.json" <<'JSON'
{ "format": 1, "title": "Two and a half", "memory": { "pages": 64 },
  "objects": [ { "name": "f", "type": "file", "pages": 16 } ],
  "workload": [ { "op": "read", "object": "f" } ],
  "expect": [ { "check": "pgpgin >= 2.5" } ] }
JSON
	S=locale
	"${T[@]}" new-session -d -s "$S" -x 120 -y 40 \
		"sh -c 'env LOCPATH=$LOGDIR LC_ALL=de_DE.UTF-8 TERM=tmux-256color $SAN_ENV \"$BIN\" $LOGDIR/half.json; echo EXIT=\$?; sleep 600'"
	wait_for "Two and a half"; ok "de_DE.UTF-8: a scenario expecting >= 2.5 loads" $?
	keys q; wait_for "EXIT=0"; ok "de_DE.UTF-8: q exits with status 0" $?
	finish
else
	echo "skip: localedef cannot make de_DE.UTF-8 (no locale sources), the comma-decimal test did not run"
fi

# --- the open dialog: regular scenario files, with their titles -----------------
mkdir -p "$LOGDIR/open"
sed 's/"title": *"[^"]*"/"title": "Alpha, the first"/' "$ROOT/data/default.json" >"$LOGDIR/open/alpha.json"
printf '{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object" }\n' >"$LOGDIR/open/format.json"
printf 'not json\n' >"$LOGDIR/open/broken.json"
mkfifo "$LOGDIR/open/pipe.json"
S=open
"${T[@]}" new-session -d -s "$S" -x 120 -y 40 \
	"sh -c 'cd $LOGDIR/open && env -u VMSCAN_DATADIR TERM=tmux-256color $SAN_ENV \"$BIN\"; echo EXIT=\$?; sleep 600'"
wait_re "\| step 0/"; keys o; wait_for "Open a scenario"; ok "o opens the dialog (a FIFO in the folder does not block it)" $?
screen | grep -qF "alpha.json  Alpha, the first"; ok "the dialog shows each scenario's title" $?
! screen | grep -qF "pipe.json"; ok "the dialog does not list a FIFO" $?
! screen | grep -qF "format.json"; ok "the dialog does not list a JSON Schema" $?
! screen | grep -qF "broken.json"; ok "the dialog does not list a file that is not a scenario" $?
keys Escape q; wait_for "EXIT=0"; ok "the dialog closes and q exits" $?
finish

# --- zsh completion, typed as a user would ------------------------------------------
if command -v zsh >/dev/null; then
	mkdir -p "$LOGDIR/zpath"
	ln -sf "$BIN" "$LOGDIR/zpath/vmscan-viz"
	S=zsh
	"${T[@]}" new-session -d -s "$S" -x 120 -y 30 "env PATH=$LOGDIR/zpath:$PATH TERM=tmux-256color zsh -f -i"
	keys "PS1='zsh> '; fpath=($ROOT/src/completion \$fpath); autoload -U compinit; compinit -u -D; print COMPINIT-READY" Enter
	wait_for "COMPINIT-READY"
	keys C-l "vmscan-viz comp" Tab; wait_for "zsh> vmscan-viz compare"; ok "zsh completes a command" $?
	keys C-u C-l "vmscan-viz run --pol" Tab; wait_for "zsh> vmscan-viz run --policy"; ok "zsh completes an option" $?
	keys C-u C-l "vmscan-viz run -p mapped-r" Tab; wait_for "zsh> vmscan-viz run -p mapped-ratio"; ok "zsh completes a policy name" $?
	keys C-u C-l "vmscan-viz check data/database-index." Tab; wait_for "zsh> vmscan-viz check data/database-index.json"; ok "zsh completes a scenario file" $?
	keys C-u "exit" Enter
	finish
else
	echo "skip: zsh is not installed, its completion was not typed"
fi

# --- the visualizer on a trace file, as `run --trace` makes it ------------------------
# A perf recording with its maps: each mapping is an object on screen.
TR=$ROOT/tests/cli/traces
start trace 100x30 -- --trace "$TR/grep.perf" --trace-format perf --maps "$TR/grep.maps" --memory 16
wait_re "\| step 0/12 "; ok "--trace: the visualizer starts on a perf trace (12 steps, as run counts)" $?
render --trace "$TR/grep.perf" --trace-format perf --maps "$TR/grep.maps" --memory 16 --size 100x30
for obj in grep libc.so.6 heap stack; do
	shown | grep -qE "^ $obj +│"; ok "--trace --maps: object $obj has its bar" $?
done
shown | grep -qF "The perf trace grep.perf replayed in a zone of 16 pages"; ok "--trace: the caption names the trace" $?
keys End; wait_re "\| step 12/12 "; ok "--trace: End goes to the last step" $?
keys q; wait_for "EXIT=0"; ok "--trace: q exits with status 0" $?
finish
# A text trace that does not fit: reclaim runs, the run has run's step count,
# and the policy can change (the scenario is rebuilt from the trace, not a path).
seq 0 199 >"$LOGDIR/pages.txt"; seq 0 199 >>"$LOGDIR/pages.txt"
total=$("$BIN" run --trace "$LOGDIR/pages.txt" --memory 64 --policy 2.6.33 | awk '/^steps/ { print $2 }')
start tracetxt 100x30 -- --trace "$LOGDIR/pages.txt" --memory 64 --policy 2.6.33
wait_re "\| policy 2\.6\.33 \| step 0/$total"; ok "--trace: a text trace, $total steps as run counts" $?
keys End; wait_re "\| step $total/$total "; ok "--trace: End reaches the run's last step" $?
render --trace "$LOGDIR/pages.txt" --memory 64 --policy 2.6.33 --step "$total" --size 100x30
shown | grep -qE "^ trace +│"; ok "--trace: a trace alone is one object, trace" $?
keys p; wait_for "2.6.34"; keys Escape q; wait_for "EXIT=0"; ok "--trace: the policy dialog opens and q exits" $?
finish
start tracebad 100x30 -- --trace "$LOGDIR/pages.txt"
wait_for "EXIT=2"; ok "--trace without --memory is a usage error (2)" $?
screen | grep -qF -- "--trace needs --memory PAGES"; ok "...saying so" $?
finish
start tracestdin 100x30 -- --trace - --memory 64
wait_for "EXIT=2"; ok "--trace - is refused: keys come from standard input" $?
finish
