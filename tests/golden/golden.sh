#!/bin/sh
# tests/golden/golden.sh BIN SCENARIO POLICY - the golden record of one run:
# the end state with the rules that fired and how often (run), and a digest
# of the whole step-by-step trace, so that any change in any decision shows
# up, and the rule counts say where.
bin=$1 scenario=$2 policy=$3
echo "# vmscan-viz run $scenario --policy $policy"
"$bin" run "$scenario" --policy "$policy" || exit 1
echo "# vmscan-viz trace $scenario --policy $policy | sha256sum"
"$bin" trace "$scenario" --policy "$policy" | sha256sum | cut -d' ' -f1
