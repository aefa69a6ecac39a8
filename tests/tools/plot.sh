#!/bin/sh
# tests/tools/plot.sh SCENARIO POLICY_A POLICY_B OUT.png - the active and inactive
# file lists over time under two policies, from `vmscan-viz compare --csv`,
# drawn with gnuplot (Debian: gnuplot-nox) for slides and handouts.
#
# Nothing from the scenario is pasted into the gnuplot script: the script
# is fixed text, and the title, the file names and the policy names reach
# it as arguments (`gnuplot -c`: ARG1, ARG2...), which gnuplot treats as
# strings, never as commands; titles are printed without enhanced-text
# markup.  The picture is drawn into a temporary file next to OUT and
# renamed onto OUT only when gnuplot succeeded and wrote something, so a
# full disk or a failed plot leaves no empty or half-written OUT behind.
set -eu
if [ $# -ne 4 ]; then
	echo "usage: $0 SCENARIO POLICY_A POLICY_B OUT.png" >&2
	exit 2
fi
scenario=$1 a=$2 b=$3 out=$4
bin=${BIN:-$(make -s --no-print-directory -C "$(dirname "$0")/../.." where)/vmscan-viz}
command -v gnuplot >/dev/null || { echo "$0: needs gnuplot (apt-get install gnuplot-nox)" >&2; exit 1; }
tmp=$(mktemp -d)
part=""
trap 'rm -rf "$tmp"; [ -z "$part" ] || rm -f "$part"' EXIT
"$bin" policies | awk '{ print $1 }' >"$tmp/policies"
for p in "$a" "$b"; do
	grep -qxF -- "$p" "$tmp/policies" || { echo "$0: unknown policy '$p'" >&2; exit 2; }
done
"$bin" run "$scenario" --policy "$a" >"$tmp/run.txt"
steps=$(awk '/^steps/ { print $2 }' "$tmp/run.txt")
every=$((steps / 4000 + 1))
"$bin" compare "$scenario" --policy "$a" --policy "$b" --csv --every "$every" >"$tmp/all.csv"
awk -F, -v p="$a" '$2 == p' "$tmp/all.csv" >"$tmp/a.csv"
awk -F, -v p="$b" '$2 == p' "$tmp/all.csv" >"$tmp/b.csv"
# the title as `run` prints it: control characters already escaped
title=$(sed -n 's/^scenario  \(.*\) (.*/\1/p' "$tmp/run.txt" | head -n 1)
cat >"$tmp/plot.gp" <<'GP'
# ARG1 title, ARG2 output, ARG3/ARG4 the CSV of each policy, ARG5/ARG6 their names
set terminal pngcairo size 1100,520 font "DejaVu Sans,11" noenhanced
set output ARG2
set datafile separator ","
set multiplot layout 1,2 title ARG1
set xlabel "workload access"
set ylabel "pages"
set key top left horizontal
set offsets 0, 0, graph 0.15, 0
set grid
set title ARG5
plot ARG3 using 1:7 with lines lw 2 title "nr_active_file", \
     ARG3 using 1:6 with lines lw 2 dt 2 title "nr_inactive_file"
set title ARG6
plot ARG4 using 1:7 with lines lw 2 title "nr_active_file", \
     ARG4 using 1:6 with lines lw 2 dt 2 title "nr_inactive_file"
unset multiplot
set output
GP
part=$(dirname -- "$out")/.$(basename -- "$out").$$.part
if ! gnuplot -c "$tmp/plot.gp" "$title" "$part" "$tmp/a.csv" "$tmp/b.csv" "$a" "$b" || [ ! -s "$part" ]; then
	echo "$0: gnuplot did not write $out" >&2
	exit 1
fi
mv -f -- "$part" "$out"
part=""
echo "$out"
