#!/bin/bash
# tests/e2e/screenshots.sh BIN OUTDIR - PNGs of the real visualizer
#
# Each scene runs the binary in a private tmux server, waits for what it
# must show, captures the pane with its colours (capture-pane -p -e -N),
# turns the ANSI into HTML with aha and photographs it with headless
# chromium (Debian packages aha and chromium).  Two fixes from
# terminal-craft.md §5: aha --black draws SGR 30 as dimgray, and tmux's
# "ESC[0;7m ESC[39m ESC[49m" makes aha drop reverse video.
set -eu
BIN=$(cd "$(dirname "${1:?usage: screenshots.sh BIN OUTDIR}")" && pwd)/$(basename "$1")
OUT=${2:?usage: screenshots.sh BIN OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
T=(tmux -S "$WORK/tmux.sock" -f "$HERE/tmux.conf")
export LC_ALL=C.UTF-8
trap '"${T[@]}" kill-server 2>/dev/null; rm -rf "$WORK"' EXIT
for tool in aha chromium; do
	command -v $tool >/dev/null || { echo "screenshots: $tool missing (apt-get install $tool)" >&2; exit 2; }
done

wait_for() {
	for ((i = 0; i < 100; i++)); do
		"${T[@]}" capture-pane -p -t "$S" | grep -qF -- "$1" && return 0
		sleep 0.05
	done
	echo "screenshots: '$1' never appeared in $S" >&2
	return 1
}

ans2png() {	# ans2png FILE.ans OUT.png COLS ROWS
	local w=$(( ($3 * 16 * 6021 + 9999) / 10000 + 24 )) h=$(( $4 * 19 + 24 ))
	{
		printf '<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#1e1e1e}'
		printf 'pre{margin:0;padding:12px;font:16px/19px "DejaVu Sans Mono",monospace;color:#d0d0d0}</style></head><body><pre>'
		sed -E 's/(\x1b\[0(;[0-9]+)*m)\x1b\[39m\x1b\[49m/\1/g' "$1" | aha --black --no-header | sed 's/color:dimgray;/color:#000;/g'
		printf '</pre></body></html>\n'
	} > "$WORK/page.html"
	chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --hide-scrollbars \
		--force-device-scale-factor=1 --window-size="$w,$h" --screenshot="$2" \
		"file://$WORK/page.html" >/dev/null 2>&1
}

# scene NAME COLSxROWS "ENV" "ARGS" WAIT_TEXT KEYS...  (keys are tmux key names)
scene() {
	local name=$1 size=$2 envs=$3 args=$4 ready=$5
	shift 5
	S=$name
	"${T[@]}" new-session -d -s "$S" -x "${size%x*}" -y "${size#*x}" \
		"cd '$ROOT'; env TERM=tmux-256color $envs '$BIN' $args; sleep 600"
	wait_for "$ready"
	for k in "$@"; do
		if [ "${k#wait:}" != "$k" ]; then wait_for "${k#wait:}"; else "${T[@]}" send-keys -t "$S" "$k"; fi
	done
	sleep 0.3
	"${T[@]}" capture-pane -p -e -N -t "$S" > "$WORK/$name.ans"
	ans2png "$WORK/$name.ans" "$OUT/$name.png" "${size%x*}" "${size#*x}"
	"${T[@]}" kill-session -t "$S"
	echo "screenshots: $OUT/$name.png"
}

TORRENT=data/used-once-mmap.json
[ -f "$ROOT/$TORRENT" ] || TORRENT=""
INDEX=data/database-index.json
# the projector sizes first: the torrent under 2.6.34 activates libc.so[0]
# (young twice) while big.iso's pages fill the evicted strip; the index is
# thrown out at its first burst; under 2.6.33 every hashed page activated
scene story-120x40 120x40 "" "--policy 2.6.34 $TORRENT" "step 0/" f a n "wait:TAKEN"
scene story-80x24 80x24 "" "--policy 2.6.34 $TORRENT" "step 0/" f a n "wait:▲ activate"
scene evict-80x24 80x24 "" "--policy 2.6.34 $TORRENT" "step 0/" f c n "wait:~ reclaim_clean"
scene index-120x40 120x40 "" "--policy 2.6.34 $INDEX" "step 0/" g 1 2 4 2 Enter "wait:index[0]"
scene projector-120x40 120x40 "" "--big --policy 2.6.33 $TORRENT" "step 0/" f a n "wait:ACTIVATE"
scene lists-decision 160x46 "" "$TORRENT" "step 0/" f c n "wait:TAKEN" l l l l l
scene help 120x40 "" "" "step 0/" '?' "wait:Press any key"
scene inspector 160x46 "" "" "step 0/" / l i b c . s o Space 3 Enter "wait:Page inspector" End "wait:history up to"
scene quiz 160x46 "" "--quiz" "step 0/" f c n "wait:your answer"
scene mono 120x40 "NO_COLOR=1" "" "step 0/" f c n "wait:TAKEN" i "wait:Page inspector"
scene compare-wide 200x50 "" "--compare 2.6.33,2.6.34 $TORRENT" "access 0/" n "wait:divergence 1/"
scene compare-stacked 80x30 "" "--compare 2.6.33,2.6.34 $TORRENT" "access 0/" n "wait:divergence 1/"
