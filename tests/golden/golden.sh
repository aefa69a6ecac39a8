#!/bin/sh
# tests/golden/golden.sh BIN SCENARIO POLICY - the golden record of one run:
# the end state with the rules that fired and how often (run), and a digest
# of the whole step-by-step trace, so that any change in any decision shows
# up, and the rule counts say where.  $GOLDEN_RUN: a file holding what
# that `run` printed already (tests/golden/run.sh's `run --check`, the same
# report), so that the run is not done twice.
bin=$1 scenario=$2 policy=$3
echo "# vmscan-viz run $scenario --policy $policy"
if [ -n "${GOLDEN_RUN:-}" ]; then
	cat "$GOLDEN_RUN"
else
	"$bin" run "$scenario" --policy "$policy" || exit 1
fi
echo "# vmscan-viz trace $scenario --policy $policy | sha256sum"
"$bin" trace "$scenario" --policy "$policy" | sha256sum | cut -d' ' -f1
