#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/bad/hostile.sh BIN - a corpus of hostile inputs and argument lists,
# made here, each run with a time limit
#
# Every case must end by itself (never killed by the limit, never by a
# signal), with its expected exit status, a message on stderr whenever it
# fails, and no raw ESC byte in its output or its messages.  The classes:
# empty and invisible files, line endings, NUL and control bytes, bad
# UTF-8, deep nesting, absurd numbers, long strings, many objects and
# errors, absurd repeats and counts, \u0000, escape sequences and bidi
# overrides in text, traces that are FIFOs, devices, sparse gigabytes,
# huge or malformed page numbers, malformed lackey lines; and argument
# lists: bad numbers, unknown and mistyped options and commands, missing
# values, standard input, many files.  With HOSTILE_REPORT=FILE, one line
# per case (name, status, seconds, first line of stderr) goes to FILE.
# Last line: "hostile: N passed, M failed".
set -u
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/vmscan-hostile.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
cd "$T" || exit 2
REPORT=${HOSTILE_REPORT:-/dev/null}
: >"$REPORT"
passed=0 failed=0
ESC=$(printf '\033')
# a case's bound, only reached if it hangs: generous (a loaded machine
# reads the 1 GiB cases slowly), five times that under the sanitizers
LIMIT=${HOSTILE_SECONDS:-60}
[ "${VMSCAN_SANITIZED:-0}" = 1 ] && LIMIT=$((LIMIT * 5))

# case NAME WANT COMMAND...: WANT is an exit status, or "fail" (1 or 2)
case_() {
	name=$1 want=$2
	shift 2
	[ "$REPORT" = /dev/null ] || start=$(date +%s%N)
	timeout -s KILL "$LIMIT" "$@" </dev/null >out 2>err
	got=$?
	why=""
	if [ "$want" = fail ]; then
		[ "$got" -eq 1 ] || [ "$got" -eq 2 ] || why="exit $got, want 1 or 2"
	else
		[ "$got" -eq "$want" ] || why="exit $got, want $want"
	fi
	[ "$got" -ne 0 ] && [ ! -s err ] && why="$why; no message"
	grep -q "$ESC" out err && why="$why; a raw ESC in the output"
	# (the report's figures cost four processes a case: only when asked)
	[ "$REPORT" = /dev/null ] ||
		printf '%s\t%s\t%d ms\t%s\n' "$name" "$got" $((($(date +%s%N) - start) / 1000000)) \
			"$(head -n 1 err | cut -c1-160)" >>"$REPORT"
	if [ -z "$why" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $name: $why"
		head -n 3 err | sed 's/^/    /'
	fi
}
check() { case_ "$1" "$2" "$BIN" check "$3"; }
MEM='{"pages": 64}'
OBJ='[{"name": "a", "type": "file", "pages": 16}]'
scenario() {	# scenario FILE WORKLOAD [MEMORY] [OBJECTS]: a scenario around a workload
	mem=${3:-$MEM} obj=${4:-$OBJ}
	printf '{"format": 1, "title": "t", "memory": %s, "objects": %s, "workload": [%s]}' "$mem" "$obj" "$2" >"$1"
}
rep() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

# --- empty, invisible, line endings --------------------------------------------------
: >empty.json; check "an empty file" 1 empty.json
printf '   \n\t\r\n  ' >blank.json; check "white space only" 1 blank.json
printf '\357\273\277' >bom.json; check "a byte order mark only" 1 bom.json
printf '\357\273\277 \n\n' >bom-ws.json; check "a byte order mark and white space" 1 bom-ws.json
printf '\377\376{\0}\0' >utf16.json; check "UTF-16 with its BOM" 1 utf16.json
printf '\0\0\376\377' >utf32.json; check "UTF-32 BOM" 1 utf32.json
sed 's/$/\r/' "$ROOT/data/default.json" >crlf.json; check "CR LF line endings" 0 crlf.json
tr '\n' '\r' <"$ROOT/data/default.json" >cr.json; check "CR-only line endings" 0 cr.json
tr '\n' '\r' <"$ROOT/data/default.json" | sed 's/"pages": 160/"pages": "x"/' >cr-bad.json
check "CR-only line endings with an error" 1 cr-bad.json
grep -q "cr-bad.json:[2-9]" err && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: CR-only error on line 1"; }

# --- NUL, controls, UTF-8 -----------------------------------------------------------------
printf '{"format": 1,\0 "title": "t"}' >nul.json; check "a NUL byte" 1 nul.json
head -c 4096 /dev/urandom >random.json; check "random bytes" 1 random.json
for c in 001 007 010 013 014 016 033 037 177; do
	printf "{\"format\": 1, \"title\": \"a\\$c\"}" >"ctl-$c.json"; check "control byte \\$c in a string" 1 "ctl-$c.json"
done
printf '{"format": 1, \033[2J "title": "t"}' >ctl-out.json; check "an escape sequence outside strings" 1 ctl-out.json
for b in '\377' '\300\257' '\355\240\200' '\342\202' '\370\210\200\200\200' '\364\220\200\200'; do
	printf "{\"format\": 1, \"title\": \"a$b\"}" >bad-utf8.json; check "bad UTF-8 $b" 1 bad-utf8.json
done
printf '{"format": 1, "title": "a\\u0000b", "memory": {"pages": 64}}' >nul-esc.json; check "\\u0000 in a title" 1 nul-esc.json
scenario nul-name.json '{"op": "read", "object": "a\u0000x"}' '' '[{"name": "a\u0000x", "type": "file", "pages": 4}]'
check "\\u0000 in an object name" 1 nul-name.json
printf '{"format": 1, "title": "\\ud800", "memory": {"pages": 64}}' >surrogate.json; check "a lone surrogate escape" 1 surrogate.json

# --- nesting and syntax -------------------------------------------------------------------
for n in 63 64 65 1000 100000; do
	{ rep "$n" '['; rep "$n" ']'; } >"deep-$n.json"; check "nesting $n deep" 1 "deep-$n.json"
done
{ rep 100000 '{"a":'; } >deep-open.json; check "100000 objects opened, none closed" 1 deep-open.json
printf '{"format": 1, "title": "t"' >cut.json; check "a file cut short" 1 cut.json
printf '{"format": 1, "title": "t}' >cut-string.json; check "a string never closed" 1 cut-string.json
printf '[1, 2, 3]' >array.json; check "a top-level array" 1 array.json
printf '"just a string"' >string.json; check "a top-level string" 1 string.json
printf '{"format": 1} {"format": 1}' >two.json; check "two objects" 1 two.json

# --- numbers ---------------------------------------------------------------------------------
for v in 1e400 -1e400 1e308 9007199254740993 -0 0.5 -1 67108865 15 '"64"' true null '[]' 1e-400 0x40 NaN Infinity; do
	scenario "num.json" '{"op": "read", "object": "a"}' "{\"pages\": $v}"; check "memory.pages $v" 1 num.json
done
for v in 0 268435457 1e10 -5 2.5; do
	scenario "obj.json" '{"op": "read", "object": "a"}' '' "[{\"name\": \"a\", \"type\": \"file\", \"pages\": $v}]"
	check "object pages $v" 1 obj.json
done
scenario wm0.json '{"op": "read", "object": "a"}' '{"pages": 64, "watermarks": {"min": 0, "low": 0, "high": 0}}'
check "watermarks all zero" 1 wm0.json
scenario wm-order.json '{"op": "read", "object": "a"}' '{"pages": 64, "watermarks": {"min": 9, "low": 5, "high": 7}}'
check "watermarks out of order" 1 wm-order.json
scenario wm-high.json '{"op": "read", "object": "a"}' '{"pages": 64, "watermarks": {"min": 1, "low": 2, "high": 64}}'
check "a high watermark at memory.pages" 1 wm-high.json

# --- long strings, many objects, many errors ----------------------------------------------------
{ printf '{"format": 1, "title": "'; rep 1000000 'x'; printf '", "memory": {"pages": 64}, "objects": [{"name": "a", "type": "file", "pages": 4}], "workload": [{"op": "read", "object": "a"}]}'; } >long-title.json
check "a title of a million characters" 0 long-title.json
{ printf '{"format": 1, "title": "t", "memory": {"pages": 64}, "objects": [{"name": "'; rep 100000 'n'; printf '", "type": "file", "pages": 4}], "workload": [{"op": "read", "object": "'; rep 100000 'n'; printf '"}]}'; } >long-name.json
check "an object name of 100000 characters" 0 long-name.json
awk 'BEGIN { printf "{\"format\": 1, \"title\": \"t\", \"memory\": {\"pages\": 64}, \"objects\": ["
	for (i = 0; i < 4097; i++) printf "%s{\"name\": \"o%d\", \"type\": \"file\", \"pages\": 1}", i ? "," : "", i
	printf "], \"workload\": [{\"op\": \"read\", \"object\": \"o1\"}]}" }' >objects-4097.json
check "4097 objects" 1 objects-4097.json
{ printf '{"format": 1, "title": "t", "memory": {"pages": 64}, "objects": [{"name": "a", "type": "file", "pages": 4}], "workload": ['
  rep 999 '{"op": "touch", "object": "zz"},'; printf '{"op": "touch", "object": "zz"}]}'; } >errors.json
check "a thousand errors" 1 errors.json
[ "$(wc -l <err)" -le 21 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: more than 21 lines of errors"; }
{ printf '{"format": 1, '; rep 1000 '"title": "t", '; printf '"memory": {"pages": 64}}'; } >dup-keys.json
check "a key given a thousand times" 1 dup-keys.json
{ printf '{"format": 1, "title": "t"'; rep 400000 ' '; printf '}'; } >padded.json; check "8 MiB minus a little of spaces" 1 padded.json
head -c 8388609 /dev/zero | tr '\0' ' ' >big.json; check "8 MiB and one byte" 1 big.json

# --- repeats, counts, steps --------------------------------------------------------------------------
scenario rep16m.json '{"op": "repeat", "count": 16000000, "ops": [{"op": "touch", "object": "a", "pages": 0}]}'
check "repeat 16000000" 1 rep16m.json
scenario rep-nest.json '{"op": "repeat", "count": 1000, "ops": [{"op": "repeat", "count": 1000, "ops": [{"op": "repeat", "count": 1000, "ops": [{"op": "touch", "object": "a", "pages": 0}]}]}]}'
check "repeats nested 1000 x 1000 x 1000" 1 rep-nest.json
scenario steps.json '{"op": "repeat", "count": 100000, "ops": [{"op": "touch", "object": "a"}]}' '' '[{"name": "a", "type": "file", "pages": 16000000}]'
check "1.6e12 steps in 200 bytes" 1 steps.json
case_ "1.6e12 steps: run refuses before running" 1 "$BIN" run steps.json
scenario rand.json '{"op": "random", "object": "a", "count": 100000001}'; check "random count over the limit" 1 rand.json
scenario rand-ok.json '{"op": "random", "object": "a", "count": 100000000}'; check "random count at the limit" 0 rand-ok.json
scenario stream1.json '{"op": "stream", "object": "a", "via": "mmap", "chunk": 1}' '' '[{"name": "a", "type": "anon", "pages": 16777216}]'
check "a stream of 16 Mi pages a page at a time" 1 stream1.json
scenario zone.json '{"op": "read", "object": "a"}' '{"pages": 67108864}'; check "the largest zone" 1 zone.json
scenario zone16m.json '{"op": "read", "object": "a"}' '{"pages": 16777216}'; check "a 16 Mi-page zone" 1 zone16m.json

# --- text that a terminal would act on ----------------------------------------------------------------
printf '{"format": 1, "title": "Mon\\u001b]0;pwned\\u0007 \\u009b5m \\u202eevil \\u2066x", "memory": {"pages": 64}, "objects": [{"name": "a", "type": "file", "pages": 4}], "workload": [{"op": "read", "object": "a", "caption": "\\u001b[2J\\u001bc"}]}' >esc.json
check "escape sequences in a title and caption" 0 esc.json
case_ "run prints them escaped" 0 "$BIN" run esc.json
case_ "compare prints them escaped" 0 "$BIN" compare esc.json -p 2.6.33 -p 2.6.34
case_ "trace writes them as JSON" 0 "$BIN" trace esc.json
scenario bidi-name.json '{"op": "read", "object": "a\u202eb"}' '' '[{"name": "a\u202eb", "type": "file", "pages": 4}]'
check "a bidi override in an object name" 1 bidi-name.json
scenario esc-file.json '{"op": "trace", "file": "\u001b]0;x\u0007.txt", "object": "a"}'
check "an escape sequence in a trace's file name" 1 esc-file.json

# --- "$schema" --------------------------------------------------------------------------------------------
printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}' >schema.json
check "a JSON Schema" 0 schema.json
printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "memory": {"pages": 64}}' >schema-broken.json
check "a broken scenario naming a meta-schema" 1 schema-broken.json
printf '{"$schema": 5, "format": 1}' >schema-num.json; check "\$schema a number" 1 schema-num.json
sed 's|^{|{"$schema": "./scenario.schema.json",|' "$ROOT/data/default.json" >schema-ok.json
check "a scenario naming its schema" 0 schema-ok.json

# --- files that are not regular, and traces -----------------------------------------------------------------
mkfifo fifo.json fifo.txt
check "a FIFO" 1 fifo.json
check "/dev/zero" 1 /dev/zero
check "/dev/null" 1 /dev/null
check "/dev/full" 1 /dev/full
ln -s /dev/zero zero-link.json; check "a link to /dev/zero" 1 zero-link.json
mkdir dir.json; check "a directory" 1 dir.json
check "a missing file" 1 missing.json
check "a path of 5000 bytes" 1 "$(rep 5000 a).json"
chmod 000 empty.json 2>/dev/null; [ "$(id -u)" -ne 0 ] && check "an unreadable file" 1 empty.json
chmod 644 empty.json
scenario t-fifo.json '{"op": "trace", "file": "fifo.txt", "object": "a"}'; check "a trace that is a FIFO" 1 t-fifo.json
scenario t-zero.json '{"op": "trace", "file": "/dev/zero", "object": "a"}'; check "a trace that is /dev/zero" 1 t-zero.json
scenario t-dir.json '{"op": "trace", "file": ".", "object": "a"}'; check "a trace that is a directory" 1 t-dir.json
scenario t-long.json "{\"op\": \"trace\", \"file\": \"$(rep 4100 b)\", \"object\": \"a\"}"; check "a trace path of 4100 bytes" 1 t-long.json
truncate -s 1073741825 sparse.txt 2>/dev/null && {
	scenario t-sparse.json '{"op": "trace", "file": "sparse.txt", "object": "a"}'; check "a sparse trace of 1 GiB and a byte" 1 t-sparse.json
	truncate -s 1073741824 sparse.txt
	case_ "a sparse 1 GiB of NULs (txt)" 1 "$BIN" run --trace sparse.txt --memory 64
	# 400 MB of accesses: not under the sanitizers, which make it minutes
	[ "${VMSCAN_SANITIZED:-0}" = 1 ] ||
		case_ "a sparse 1 GiB of zeros (u32): refused at 100000000 accesses" 1 "$BIN" run --trace sparse.txt --trace-format u32 --memory 64
	rm -f sparse.txt
}
for p in 268435455 268435456 4294967295 4294967296 99999999999999999999 -1 0x10 1e3 ' ' '1 a b c' '1 touch' '1 w'; do
	printf '%s\n' "$p" >page.txt; case_ "a txt trace line '$p'" fail "$BIN" run --trace page.txt --memory 64
done
printf '0\n1\0\n' >nul.txt; case_ "a NUL in a txt trace" 1 "$BIN" run --trace nul.txt --memory 16
printf '0\r1\r2\r' >cr.txt; case_ "a CR-only txt trace" 0 "$BIN" run --trace cr.txt --memory 16
printf '# only comments\n\n' >comments.txt; case_ "a trace of comments" 1 "$BIN" run --trace comments.txt --memory 16
rep 5000 x >long-line.txt; case_ "a trace line of 5000 bytes" 1 "$BIN" run --trace long-line.txt --memory 16
printf '\1\0\0' >odd.u32; case_ "a u32 trace of 3 bytes" 1 "$BIN" run --trace odd.u32 --trace-format u32 --memory 16
printf '\377\377\377\377' >huge.u32; case_ "a u32 page 4294967295" 1 "$BIN" run --trace huge.u32 --trace-format u32 --memory 16
printf 'I  0400d7d4,3\nhello from the program\n' >noise.lackey; case_ "a lackey trace with a stray line" 1 "$BIN" run --trace noise.lackey --trace-format lackey --memory 16
printf ' L 0400d7d4\n' >cut.lackey; case_ "a lackey record without a size" 1 "$BIN" run --trace cut.lackey --trace-format lackey --memory 16
printf ' L 00000000000000000400d7d4,8\n' >long-addr.lackey; case_ "a lackey address of 24 digits" 1 "$BIN" run --trace long-addr.lackey --trace-format lackey --memory 16
awk 'BEGIN { for (i = 0; i < 200; i++) printf " L %x,8\n", i * 4096 }' >many.lackey
scenario t-lackey.json '{"op": "trace", "file": "many.lackey", "format": "lackey", "object": "a"}'
check "a lackey trace of 200 pages into 16" 1 t-lackey.json
grep -q "many.lackey:17:1" err && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: the lackey trace is not refused at its 17th page"; }

# --- argument lists ------------------------------------------------------------------------------------------
cp "$ROOT/data/default.json" d.json
printf '0\n1\n2\n' >ok.txt
for v in -1 10x 1e3 0 '' ' 5' 18446744073709551616 0x10 +5; do
	case_ "--every '$v'" 2 "$BIN" compare d.json --all --csv --every "$v"
done
for v in -1 0x40 1e3 16.0 64k '' 99999999999999999999 15 67108865; do
	case_ "--memory '$v'" 2 "$BIN" run --trace ok.txt --memory "$v"
done
for v in -1 1e9 lots ''; do case_ "--max-steps '$v'" 2 "$BIN" run d.json --max-steps "$v"; done
case_ "a mistyped command" 2 "$BIN" comapre d.json
case_ "a mistyped option" 2 "$BIN" run d.json --polcy 2.6.34
case_ "an ambiguous option" 2 "$BIN" run d.json --tr x
case_ "an option without its value" 2 "$BIN" run d.json --policy
case_ "an unknown policy" 2 "$BIN" run d.json --policy 2.6.35
case_ "a switch given a value" 2 "$BIN" run d.json --json=yes
case_ "nine --policy" 2 "$BIN" compare d.json -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33 -p 2.6.33
case_ "eight --policy" 0 "$BIN" compare d.json -p 2.6.33 -p 2.6.34 -p refault -p mapped-ratio -p 2.6.33 -p 2.6.34 -p refault -p mapped-ratio
case_ "an argument of 100000 bytes" fail "$BIN" run "$(rep 100000 z)"
case_ "-- then an option-like file" 1 "$BIN" run -- --json
case_ "run - with nothing on standard input" 1 "$BIN" run -
case_ "check - twice" 2 "$BIN" check - -
case_ "the visualizer on -" 2 "$BIN" -
case_ "the visualizer, output not a terminal" 2 "$BIN" d.json
case_ "the visualizer on a FIFO (refused before the terminal is asked)" 1 "$BIN" fifo.json
case_ "--compare with one policy" 2 "$BIN" --compare 2.6.33 d.json
case_ "--compare with nonsense" 2 "$BIN" --compare ,, d.json
case_ "help of an unknown command" 2 "$BIN" help frob
case_ "policies with an argument" 2 "$BIN" policies x
awk 'BEGIN { for (i = 0; i < 1000; i++) print "d.json" }' >files
case_ "check of 1000 files" 0 sh -c "xargs \"$BIN\" check <files"
case_ "run --trace on standard input, closed" 1 "$BIN" run --trace - --memory 16
case_ "trace to a closed stdout" 1 sh -c "\"$BIN\" trace d.json >&-"
case_ "run to /dev/full" 1 sh -c "\"$BIN\" run d.json >/dev/full"

echo "hostile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
