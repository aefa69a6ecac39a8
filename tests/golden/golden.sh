#!/bin/sh
# tests/golden/golden.sh BIN SCENARIO POLICY - the golden record of one run:
# the end state (run --json), a histogram of every step's kind, outcome,
# branch and action, and a digest of the whole step-by-step trace, so that
# any change in any decision shows up, and the histogram says where.
bin=$1 scenario=$2 policy=$3
echo "# vmscan-viz run $scenario --policy $policy"
"$bin" run "$scenario" --policy "$policy" || exit 1
echo "# trace: steps by kind, outcome, branch, action"
"$bin" trace "$scenario" --policy "$policy" >"${TMPDIR:-/tmp}/golden.$$" || exit 1
sed -E 's/.*"kind":"([a-z_]*)".*"outcome":"([a-z_]*)","branch":"([a-z_0-9]*)".*/\1 \2 \3/; t; s/.*/?/' \
	"${TMPDIR:-/tmp}/golden.$$" >"${TMPDIR:-/tmp}/golden.$$.k"
sed -E 's/.*"action":"([a-z_0-9]*)".*/\1/; t; s/.*/-/' "${TMPDIR:-/tmp}/golden.$$" |
	paste -d' ' "${TMPDIR:-/tmp}/golden.$$.k" - | LC_ALL=C sort | uniq -c
echo "# trace sha256"
sha256sum <"${TMPDIR:-/tmp}/golden.$$" | cut -d' ' -f1
rm -f "${TMPDIR:-/tmp}/golden.$$" "${TMPDIR:-/tmp}/golden.$$.k"
