#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/fuzz/run.sh SECONDS [scenario|trace|parse|all] - build the fuzzers and run them
#
# scenario: the JSON loader (fuzz_scenario.c, seeds in corpus/ plus
# data/*.json); trace: the trace reader and the engine on what it reads,
# in all three formats (fuzz_trace.c, seeds in corpus-trace/; the first
# byte of an input picks the format, via and zone size); parse: the
# readers alone through real files, scenarios and traces, no engine
# (fuzz_parse.c, seeds in corpus-parse/); all (the default): one after the
# other, SECONDS each.
#
# Builds each target with clang's libFuzzer, ASan and UBSan straight from
# the sources (the loader, the engine and the policies) into FUZZ_OUT (by
# default fuzz/ in the build folder, `make where`), then runs it for
# SECONDS on a scratch copy of its seeds.  New inputs found go to
# FUZZ_OUT/corpus/, FUZZ_OUT/corpus-trace/ and FUZZ_OUT/corpus-parse/;
# crashes to FUZZ_OUT/fuzz_NAME-crash-*.
# FUZZ_SRC overrides the list of library sources (e.g. for a stub).
set -eu

SECONDS_TO_RUN=${1:-60}
WHICH=${2:-all}
case $WHICH in
scenario|trace|parse|all) ;;
*) echo "usage: $0 SECONDS [scenario|trace|parse|all]" >&2; exit 2 ;;
esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
OUT=${FUZZ_OUT:-$(make -s --no-print-directory where)/fuzz}
mkdir -p "$OUT/corpus" "$OUT/corpus-trace" "$OUT/corpus-parse"

SRC=${FUZZ_SRC:-$(ls src/scenario/*.c src/util/*.c src/engine/*.c src/policy/*.c 2>/dev/null)}
build() {	# build NAME: tests/fuzz/NAME.c into $OUT/NAME
	# shellcheck disable=SC2086
	clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 \
		$(pkg-config --cflags libcjson 2>/dev/null || echo -I/usr/include/cjson) -Isrc \
		-o "$OUT/$1" "tests/fuzz/$1.c" $SRC \
		$(pkg-config --libs libcjson 2>/dev/null || echo -lcjson) -lm
}
fuzz() {	# fuzz NAME CORPUS: run it for SECONDS_TO_RUN
	"$OUT/$1" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
		-max_total_time="$SECONDS_TO_RUN" -print_final_stats=1 \
		-artifact_prefix="$OUT/$1-" "$OUT/$2"
}

if [ "$WHICH" = scenario ] || [ "$WHICH" = all ]; then
	build fuzz_scenario
	cp tests/fuzz/corpus/* "$OUT/corpus/" 2>/dev/null || true
	for f in data/*.json; do
		[ -f "$f" ] && cp "$f" "$OUT/corpus/"
	done
	fuzz fuzz_scenario corpus
fi
if [ "$WHICH" = trace ] || [ "$WHICH" = all ]; then
	build fuzz_trace
	cp tests/fuzz/corpus-trace/* "$OUT/corpus-trace/"
	fuzz fuzz_trace corpus-trace
fi
if [ "$WHICH" = parse ] || [ "$WHICH" = all ]; then
	build fuzz_parse
	cp tests/fuzz/corpus-parse/* "$OUT/corpus-parse/"
	fuzz fuzz_parse corpus-parse
fi
