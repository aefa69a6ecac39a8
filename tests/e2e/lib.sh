#!/bin/bash
# tests/e2e/lib.sh - what the tmux suites share; sourced, with BIN as $1
#
# A private tmux server (its socket in a temporary folder, removed on
# exit), the visualizer started under sh in a session of a given size, and
# checks that poll the screen for what they expect (never a sleep-and-hope)
# with generous bounds (WAIT, below).
# ok SENTENCE STATUS counts; the suite prints "NAME: N passed, M failed".
set -u
BIN=$(cd "$(dirname "${1:?usage: $0 BIN}")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
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
# The bounds: a check that passes returns as soon as its state is on the
# screen, so they only matter when something is wrong, and are generous:
# $VMSCAN_WAIT seconds (30), five times that under the sanitizers, whose
# build (VMSCAN_DEBUG too) runs several times slower.  No check waits a
# fixed time for work whose speed depends on the CPU it gets.
WAIT=${VMSCAN_WAIT:-30}
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && WAIT=$((WAIT * 5))
capture() { "${T[@]}" capture-pane -p -t "$S" 2>/dev/null; }
# snooze SECONDS: sleep with no process (read times out on a pipe that
# nothing writes to): the suites wait thousands of times, and each sleep(1)
# is a process, which costs this 2-core VM about 5 ms of CPU
exec {SNOOZE_FD}<> <(:)
snooze() { read -r -t "$1" -u "$SNOOZE_FD" _ || :; }
# screen: the pane once tmux has shown all the program wrote (a frame may
# come in several reads): two captures 30 ms apart agree, for 1 s at most
screen() {
	local a b i
	a=$(capture)
	for ((i = 0; i < 30; i++)); do
		snooze 0.03; b=$(capture)
		[ "$a" = "$b" ] && break
		a=$b
	done
	printf '%s\n' "$a"
}
# Each look is one tmux client: the looks come 20 ms apart, then
# further apart (to 200 ms), so that a long wait on a loaded machine does
# not load it more.
poll() {	# poll COMMAND...: until it succeeds, $WAIT seconds at most (said if not)
	local end=$((SECONDS + WAIT)) gap
	for gap in 0.02 0.02 0.05 0.05 0.1 0.1; do
		"$@" && return 0
		snooze "$gap"
	done
	while :; do
		"$@" && return 0
		[ "$SECONDS" -ge "$end" ] && break
		snooze 0.2
	done
	echo "  (waited ${WAIT} s in vain for: ${*: -1})"
	return 1
}
# on_screen -F|-E -- PATTERN: a line of the pane holds the text (-F) or
# matches the extended regular expression (-E), as grep -q would answer;
# tested in the shell, line by line for -E (bash's =~ is the C library's
# ERE, grep's dialect), so that a look is one process, not three
on_screen() {
	local cap line
	cap=$(capture) || return 1
	if [ "$1" = -F ]; then
		[[ $cap == *"$3"* ]]
		return
	fi
	while IFS= read -r line; do [[ $line =~ $3 ]] && return 0; done <<<"$cap"
	return 1
}
wait_for() { poll on_screen -F -- "$1"; }	# wait_for TEXT: the text appears on the screen
wait_re() { poll on_screen -E -- "$1"; }	# wait_re REGEX
off_screen() { ! on_screen -F -- "$1"; }
wait_gone() { poll off_screen "$1"; }	# wait_gone TEXT: the text leaves the screen
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
	wait_for "EXIT=" || return 1
	screen | grep -qE '(^| )icanon( |$)' && screen | grep -qE '(^| )echo( |$)' &&
		[ "$("${T[@]}" display -p -t "$S" '#{alternate_on}')" = 0 ]
}
finish() { "${T[@]}" kill-session -t "$S" 2>/dev/null; }
# Headless: what the screen alone decides (a step's, an access's or a
# divergence's frame at a size, in a mode) is drawn by `vmscan-viz screen`,
# the visualizer's own drawing code (tests/screen/ proves it shows what a
# tmux pane of that size shows), not polled through tmux.
# render ARGS...: the frame `vmscan-viz screen ARGS` draws, into $RENDER
RENDER=$LOGDIR/render
# shellcheck disable=SC2086 # SAN_ENV is words
render() { env $SAN_ENV "$BIN" screen "$@" >"$RENDER" 2>&1; }
shown() { cat "$RENDER"; }

