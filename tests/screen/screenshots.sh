#!/bin/sh
# tests/screen/screenshots.sh BIN OUTDIR - the README's pictures of the
# visualizer, drawn by the program itself: `vmscan-viz screen --format svg`
# (its own drawing code, headless), so no terminal, tmux or browser is
# needed.  SVG scales on a slide and GitHub shows it in the README.
# Each scene is the frame the keys in its comment lead to.
set -eu
bin=${1:?usage: screenshots.sh BIN OUTDIR}
out=${2:?usage: screenshots.sh BIN OUTDIR}
cd "$(dirname "$0")/../.."
export LC_ALL=C.UTF-8
unset NO_COLOR
mkdir -p "$out"
T=data/used-once-mmap.json
I=data/database-index.json
D=data/default.json

scene() {	# scene NAME ARGS...
	name=$1
	shift
	"$bin" screen "$@" --format svg -o "$out/$name.svg"
	echo "screenshots: $out/$name.svg"
}
# f a n: 2.6.34's first activation, libc.so[0] young at its second look
scene story-120x40 "$T" --policy 2.6.34 --step 938 --size 120x40
scene story-80x24 "$T" --policy 2.6.34 --step 938 --size 80x24
# f c n: the first reclaim_clean, big.iso[0] used once
scene evict-80x24 "$T" --policy 2.6.34 --step 438 --size 80x24
# g 1242 Enter: index[0] evicted at its second look
scene index-120x40 "$I" --policy 2.6.34 --step 1242 --size 120x40
# --big, f a n under 2.6.33: libc.so[0] activated at its first look
scene projector-120x40 "$T" --big --policy 2.6.33 --step 422 --size 120x40
# f c n, then l five times
scene lists-decision "$T" --step 442 --size 160x46
scene help "$D" --help-screen --size 120x40
# the index-refault bookmark: index[0]'s life (fault, keep, reclaim_clean, refault)
scene inspector "$I" --policy 2.6.34 --step 1434 --inspect 'index[0]' --size 160x46
# --quiz, f c n: the question before the first reclaim_clean
scene quiz "$D" --quiz --step 208 --size 160x46
# NO_COLOR, f c n, i
scene mono "$D" --mono --step 208 --examined --size 120x40
# --compare, n: the first divergence
scene compare-wide "$T" --compare 2.6.33,2.6.34 --divergence 1 --size 200x50
scene compare-stacked "$T" --compare 2.6.33,2.6.34 --divergence 1 --size 80x30
