#!/bin/sh
# tests/bench/cli.sh BIN BENCH N - `vmscan-viz run --trace` end to end on
# the standard trace (N accesses, 102400 pages of memory): reading and
# parsing the file, simulating, printing the report; `run --json` on the
# u32 file, the same one step at a time (VMSCAN_STEPWISE=1, what every
# command did before they took engine_run()), and `compare --all`.  Wall
# time, as "name value unit" lines for tests/bench/run.sh.
set -eu
bin=$(realpath "$1") bench=$(realpath "$2") n=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" trace "$tmp/t.txt" "$n"
"$bench" trace-u32 "$tmp/t.u32" "$n"
ms() { date +%s%3N; }
t0=$(ms); "$bin" run --trace "$tmp/t.txt" --memory 102400 >/dev/null; t1=$(ms)
"$bin" run --trace "$tmp/t.u32" --trace-format u32 --memory 102400 >/dev/null; t2=$(ms)
u32="--trace $tmp/t.u32 --trace-format u32 --memory 102400"
"$bin" run $u32 --json >/dev/null; t3=$(ms)
VMSCAN_STEPWISE=1 "$bin" run $u32 --json >/dev/null; t4=$(ms)
"$bin" compare --all $u32 >/dev/null; t5=$(ms)
s() { awk -v t="$1" 'BEGIN { printf "%.2f", t / 1000 }'; }
echo "cli_run_trace_txt_s $(s $((t1 - t0))) s"
echo "cli_run_trace_u32_s $(s $((t2 - t1))) s"
echo "cli_run_u32_json_s $(s $((t3 - t2))) s"
echo "cli_run_u32_json_stepwise_s $(s $((t4 - t3))) s"
echo "cli_compare_all_u32_s $(s $((t5 - t4))) s"
