#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/bad/run.sh BIN - broken scenarios must fail, with exactly these words;
# then the hostile corpus of hostile.sh
#
# For every NAME.err here, runs `BIN check NAME.json` from a scratch copy of
# this directory and compares stderr with NAME.err and the exit status with
# NAME.status.  Three inputs are made here rather than committed: a file
# over the 8 MiB limit (too-large.json), a directory (directory.json) and a
# file that does not exist (missing.json).
set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 BIN" >&2
	exit 2
fi
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vmscan-bad.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

cp "$HERE"/*.json "$TMP"/
cp -R "$HERE"/traces "$TMP"/traces
# 8 MiB and one byte: a JSON object padded with spaces
{ printf '{"format": 1}'; head -c 8388596 /dev/zero | tr '\0' ' '; } > "$TMP/too-large.json"
mkdir "$TMP/directory.json"
rm -f "$TMP/missing.json"

pass=0
fail=0
cd "$TMP" || exit 2
for err in "$HERE"/*.err; do
	name=${err##*/} name=${name%.err} want=1
	[ -e "$HERE/$name.status" ] && read -r want <"$HERE/$name.status"
	"$BIN" check "$name.json" >"$TMP/$name.stdout" 2>"$TMP/$name.stderr"
	got=$?
	if [ "$got" = "$want" ] && cmp -s "$err" "$TMP/$name.stderr"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $got (want $want)"
		diff "$err" "$TMP/$name.stderr" | sed 's/^/    /'
	fi
done
# the hostile corpus (made by hostile.sh): its cases count here too
"$HERE/hostile.sh" "$BIN" >"$TMP/hostile.log" 2>&1
sed '$d' "$TMP/hostile.log"
line=$(tail -n 1 "$TMP/hostile.log")
hp=$(echo "$line" | sed -nE 's/^hostile: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
hf=$(echo "$line" | sed -nE 's/^hostile: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
[ -n "$hp" ] || { hp=0; hf=1; echo "FAIL hostile.sh: no result line"; }
pass=$((pass + hp))
fail=$((fail + hf))
echo "bad: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
