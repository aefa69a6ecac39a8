#!/bin/sh
# tests/bench/cli.sh BIN BENCH N - `vmscan-viz run --trace` end to end on
# the standard trace (N accesses, 102400 pages of memory): reading and
# parsing the file, simulating, printing the report.  Wall time, as
# "name value unit" lines for tests/bench/run.sh.
set -eu
bin=$(realpath "$1") bench=$(realpath "$2") n=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" trace "$tmp/t.txt" "$n"
"$bench" trace-u32 "$tmp/t.u32" "$n"
ms() { date +%s%3N; }
t0=$(ms); "$bin" run --trace "$tmp/t.txt" --memory 102400 >/dev/null; t1=$(ms)
"$bin" run --trace "$tmp/t.u32" --trace-format u32 --memory 102400 >/dev/null; t2=$(ms)
echo "cli_run_trace_txt_s $(awk -v t=$((t1 - t0)) 'BEGIN { printf "%.2f", t / 1000 }') s"
echo "cli_run_trace_u32_s $(awk -v t=$((t2 - t1)) 'BEGIN { printf "%.2f", t / 1000 }') s"
