#!/bin/sh
# tests/bench/cli.sh BIN BENCH N - the commands as a user runs them, each
# whole process against the bare two-list LRU loop run as a process on the
# same file (`bench bare`: maps the u32 file, sizes its array, runs the
# loop), in the same run: on the mix (the standard trace), pure scan and
# Zipf(0.9) traces of N accesses, 102400 pages of memory:
#  - `run --trace F --trace-format u32 --json`, and its time over the bare
#    loop's (the mean of one bare run before it and one after);
#  - the same under `--policy mglru` (6.1's multi-gen LRU, the engine's
#    second LRU) and `--policy 6.1` (6.1's two lists), and their times over
#    the bare loop's;
#  - `compare --all` on the same file, and its time over as many bare
#    loops as it runs policies;
# on the mix trace also: the text report from the text and the u32 file,
# `run --json` one engine_step() at a time (VMSCAN_STEPWISE=1, what every
# command did before they took engine_run()), and how fast each file is
# read: its size over the time of a process that only loads it (`run
# --max-steps 1` refuses the run once the trace is read).
# Each process is timed by `bench time`: seconds of user + system CPU
# (`_cpu`, the figure that holds still while other programs share the
# machine) and elapsed (`_wall`).  "name value unit" lines for
# tests/bench/run.sh.
set -eu
bin=$(realpath "$1") bench=$(realpath "$2") n=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# t NAME CMD...: times CMD into $tmp/NAME ("WALL CPU")
t() { name=$1; shift; "$bench" time "$@" >"$tmp/$name"; }
wall() { cut -d' ' -f1 "$tmp/$1"; }
cpu() { cut -d' ' -f2 "$tmp/$1"; }
# ratio A B [K]: A / (K * B)
ratio() { awk -v a="$1" -v b="$2" -v k="${3:-1}" 'BEGIN { printf "%.2f", (b > 0 ? a / (k * b) : 0) }'; }
mean() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (a + b) / 2 }'; }
npol=$("$bin" policies | wc -l)
for kind in mix scan zipf; do
	"$bench" trace-u32 "$tmp/$kind.u32" "$n" "$kind"
	u32="--trace $tmp/$kind.u32 --trace-format u32 --memory 102400"
	t bare1 "$bench" bare "$tmp/$kind.u32" 102400
	t run "$bin" run $u32 --json
	t run_mglru "$bin" run $u32 --json --policy mglru
	t run_61 "$bin" run $u32 --json --policy 6.1
	t bare2 "$bench" bare "$tmp/$kind.u32" 102400
	t compare "$bin" compare --all $u32
	bare_cpu=$(mean "$(cpu bare1)" "$(cpu bare2)") bare_wall=$(mean "$(wall bare1)" "$(wall bare2)")
	echo "${kind}_bare_loop_process_cpu $bare_cpu s"
	echo "${kind}_run_json_u32_cpu $(cpu run) s"
	echo "${kind}_run_vs_bare_cpu $(ratio "$(cpu run)" "$bare_cpu") x"
	echo "${kind}_run_vs_bare_wall $(ratio "$(wall run)" "$bare_wall") x"
	echo "${kind}_run_mglru_json_u32_cpu $(cpu run_mglru) s"
	echo "${kind}_run_mglru_vs_bare_cpu $(ratio "$(cpu run_mglru)" "$bare_cpu") x"
	echo "${kind}_run_61_json_u32_cpu $(cpu run_61) s"
	echo "${kind}_run_61_vs_bare_cpu $(ratio "$(cpu run_61)" "$bare_cpu") x"
	echo "${kind}_compare_all_u32_cpu $(cpu compare) s"
	echo "${kind}_compare_vs_${npol}_bare_cpu $(ratio "$(cpu compare)" "$bare_cpu" "$npol") x"
	echo "${kind}_compare_vs_${npol}_bare_wall $(ratio "$(wall compare)" "$bare_wall" "$npol") x"
done
"$bench" trace "$tmp/mix.txt" "$n"
txt="--trace $tmp/mix.txt --memory 102400"
u32="--trace $tmp/mix.u32 --trace-format u32 --memory 102400"
t report_txt "$bin" run $txt
t report_u32 "$bin" run $u32
t stepwise env VMSCAN_STEPWISE=1 "$bin" run $u32 --json
t load_txt "$bin" run $txt --max-steps 1
t load_u32 "$bin" run $u32 --max-steps 1
mb() { awk -v b="$(wc -c <"$1")" -v t="$2" 'BEGIN { printf "%.1f", (t > 0 ? b / 1e6 / t : 0) }'; }
echo "mix_run_text_report_txt_wall $(wall report_txt) s"
echo "mix_run_text_report_u32_wall $(wall report_u32) s"
echo "mix_run_json_u32_stepwise_cpu $(cpu stepwise) s"
echo "mix_load_txt_process_cpu $(cpu load_txt) s"
echo "mix_load_txt_rate_cpu $(mb "$tmp/mix.txt" "$(cpu load_txt)") MB/s"
echo "mix_load_u32_process_cpu $(cpu load_u32) s"
echo "mix_load_u32_rate_cpu $(mb "$tmp/mix.u32" "$(cpu load_u32)") MB/s"
