#!/bin/sh
# tests/tools/plot.sh SCENARIO POLICY_A POLICY_B OUT.png - the active and inactive
# file lists over time under two policies, from `vmscan-viz compare --csv`,
# drawn with gnuplot (Debian: gnuplot-nox) for slides and handouts.
set -eu
scenario=$1 a=$2 b=$3 out=$4
bin=${BIN:-$(make -s --no-print-directory -C "$(dirname "$0")/../.." where)/vmscan-viz}
command -v gnuplot >/dev/null || { echo "needs gnuplot (apt-get install gnuplot-nox)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
steps=$("$bin" run "$scenario" --policy "$a" | awk '/^steps/ { print $2 }')
every=$((steps / 2000 + 1))
"$bin" compare "$scenario" --policy "$a" --policy "$b" --csv --every "$every" >"$tmp/all.csv"
grep ",$a," "$tmp/all.csv" >"$tmp/a.csv" || true
grep ",$b," "$tmp/all.csv" >"$tmp/b.csv" || true
title=$("$bin" run "$scenario" --policy "$a" | sed -n 's/^scenario  \(.*\) (.*/\1/p')
gnuplot <<GP
set terminal pngcairo size 1100,520 font "DejaVu Sans,11" noenhanced
set output "$out"
set datafile separator ","
set multiplot layout 1,2 title "$title"
set xlabel "step"
set ylabel "pages"
set key top left horizontal
set offsets 0, 0, graph 0.15, 0
set grid
set title "$a"
plot "$tmp/a.csv" using 1:6 with lines lw 2 title "nr_active_file", \
     "$tmp/a.csv" using 1:5 with lines lw 2 dt 2 title "nr_inactive_file"
set title "$b"
plot "$tmp/b.csv" using 1:6 with lines lw 2 title "nr_active_file", \
     "$tmp/b.csv" using 1:5 with lines lw 2 dt 2 title "nr_inactive_file"
unset multiplot
GP
echo "$out"
