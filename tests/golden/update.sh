#!/bin/sh
# tests/golden/update.sh BIN - rewrite every golden record (make golden-update).
set -eu
bin=$1
cd "$(dirname "$0")/../.."
for scenario in data/*.json; do
	case $scenario in *schema.json) continue ;; esac
	name=$(basename "$scenario" .json)
	mkdir -p "tests/golden/$name"
	for policy in $("$bin" policies | cut -d' ' -f1); do
		# a policy that does not model a feature the scenario uses (mglru
		# and cgroups) refuses it: no record (run.sh checks the refusal)
		if "$bin" run "$scenario" --policy "$policy" 2>&1 >/dev/null |
			grep -q 'does not model'; then
			rm -f "tests/golden/$name/$policy"
			continue
		fi
		tests/golden/golden.sh "$bin" "$scenario" "$policy" >"tests/golden/$name/$policy"
	done
done
git status --short tests/golden
