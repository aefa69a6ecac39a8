#!/bin/bash
# tests/bench/tui.sh BIN [SCENARIO] - what the visualizer costs, measured in
# tmux at 200x60: time to the first frame, CPU time and bytes written to the
# terminal per step (each key waited for on screen), and key-to-screen
# latency of one step and one step back.  Printed as "name value unit".
set -u
bin=$(realpath "$1")
scenario=${2:-data/database-index.json}
cd "$(dirname "$0")/../.." || exit 1
dir=$(mktemp -d)
T=(tmux -S "$dir/sock" -f tests/e2e/tmux.conf)
trap '"${T[@]}" kill-server 2>/dev/null; rm -rf "$dir"' EXIT
export LC_ALL=C.UTF-8
now_ms() { date +%s%3N; }
screen() { "${T[@]}" capture-pane -p -t b 2>/dev/null; }
wait_re() { for ((i = 0; i < 2000; i++)); do screen | grep -qE -- "$1" && return 0; sleep 0.005; done; return 1; }

t0=$(now_ms)
"${T[@]}" new-session -d -s b -x 200 -y 60 "env TERM=tmux-256color $bin $scenario; sleep 600"
wait_re '\| step 0/[0-9]+' || { echo "no first frame"; exit 1; }
echo "first_frame_ms $(($(now_ms) - t0)) ms"
pid=$(pgrep -f -n "^$bin")
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
"${T[@]}" pipe-pane -o -t b "cat >> $dir/bytes"
c0=$(cpu); t0=$(now_ms); n=100
for ((k = 1; k <= n; k++)); do "${T[@]}" send-keys -t b l; wait_re "\| step $k/" || break; done
t1=$(now_ms); c1=$(cpu)
sleep 0.2
"${T[@]}" pipe-pane -t b
echo "key_to_screen_ms $(( (t1 - t0) / n )) ms"
echo "cpu_per_step_ms $(awk -v c=$((c1 - c0)) -v n=$n -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", c * 1000 / hz / n }') ms"
echo "bytes_per_step $(( $(wc -c < "$dir/bytes") / n )) B"
"${T[@]}" send-keys -t b End; wait_re '\| step ([0-9]+)/\1 ' || true
t0=$(now_ms); "${T[@]}" send-keys -t b h; sleep 0.01
last=$(screen | sed -nE 's/.*\| step ([0-9]+)\/([0-9]+).*/\2/p' | head -1)
wait_re "\| step $((last - 1))/"; echo "step_back_at_end_ms $(($(now_ms) - t0)) ms"
"${T[@]}" send-keys -t b q
