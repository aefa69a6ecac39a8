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

# tmux and a shell start first, so that the time is the program's alone
"${T[@]}" new-session -d -s b -x 200 -y 60 "env TERM=tmux-256color PS1='ready> ' sh"
wait_re '^ready>' || { echo "no shell"; exit 1; }
t0=$(now_ms)
"${T[@]}" send-keys -t b "exec $bin $scenario" Enter
wait_re '\| step 0/[0-9]+' || { echo "no first frame"; exit 1; }
echo "first_frame_ms $(($(now_ms) - t0)) ms"
# a long run is indexed while it is on screen ("step 0/N+"): the rest is
# measured once that is done
wait_re '\| step 0/[0-9]+ ' || { echo "index never complete"; exit 1; }
echo "index_complete_ms $(($(now_ms) - t0)) ms"
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
# steps back from the end, each key waited for on screen as above: the
# same polling cost as key_to_screen_ms, so the two compare
last=$(screen | sed -nE 's/.*\| step ([0-9]+)\/([0-9]+).*/\2/p' | head -1)
c0=$(cpu); t0=$(now_ms); n=100
for ((k = 1; k <= n; k++)); do "${T[@]}" send-keys -t b h; wait_re "\| step $((last - k))/" || break; done
t1=$(now_ms); c1=$(cpu)
echo "step_back_at_end_ms $(( (t1 - t0) / n )) ms"
# there the lists hold the most pages: what a step back costs to draw
echo "cpu_per_step_back_at_end_ms $(awk -v c=$((c1 - c0)) -v n=$n -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", c * 1000 / hz / n }') ms"
# and forward again over the same steps, the lists as full
c0=$(cpu)
for ((k = n - 1; k >= 0; k--)); do "${T[@]}" send-keys -t b l; wait_re "\| step $((last - k))/" || break; done
c1=$(cpu)
echo "cpu_per_step_at_end_ms $(awk -v c=$((c1 - c0)) -v n=$n -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", c * 1000 / hz / n }') ms"
# the most memory it held: the index, the timeline's snapshots, the engine
echo "max_rss $(awk '/VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status") MiB"
"${T[@]}" send-keys -t b q
