#!/bin/sh
# tests/check-docs-lists.sh BIN - the docs' lists are whole: README's
# Scenarios table has a row for every scenario in data/ and none for a
# file that is not there; README's Policies table and the man pages'
# lists of policies (--policy in vmscan-viz(1), "policy" in
# vmscan-viz-scenario(5)) name every policy `vmscan-viz policies` lists,
# and the table no other.  A scenario or a policy added without its line
# in the docs fails here, with the file and the name to add.
set -u
bin=$1
cd "$(dirname "$0")/.." || exit 1
passed=0 failed=0
check() {	# check SENTENCE OUTPUT: passes when OUTPUT is empty
	if [ -z "$2" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; echo "$2"; fi
}
# section HEADING: README's lines from "## HEADING" to the next "## "
section() { awk -v h="## $1" '$0 == h { on = 1; next } on && /^## / { exit } on' README.md; }
# table_names HEADING: the first column of the section's table, unquoted
table_names() { section "$1" | sed -n 's/^| `\([^`]*\)` |.*/\1/p' | sort; }
# man_item PAGE ITEM: the paragraph of the first .TP item whose tag line
# matches ITEM, with \- read as -
man_item() {
	sed 's/\\-/-/g' "$1" | awk -v item="$2" '
		prev == ".TP" && $0 ~ item { on = 1 }
		on && /^\.(TP|PP|SH|SS)/ && prev != ".TP" { exit }
		on { print } { prev = $0 }'
}

policies=$("$bin" policies | awk '{ print $1 }' | sort)
check "vmscan-viz policies lists policies" "$([ -n "$policies" ] || echo "none listed")"

scenarios=$(ls data/*.json | sed 's|^data/||' | grep -vx 'scenario.schema.json' | sort)
rows=$(table_names Scenarios)
check "README's Scenarios table has a row for every data/*.json" \
	"$(echo "$scenarios" | grep -vxF "$rows" | sed 's/^/  missing: /')"
check "README's Scenarios table names only files data/ has" \
	"$(echo "$rows" | grep -vxF "$scenarios" | sed 's/^/  not in data\/: /')"
check "README's Scenarios table lists each file once" "$(echo "$rows" | uniq -d)"

rows=$(table_names Policies)
check "README's Policies table has a row for every policy" \
	"$(echo "$policies" | grep -vxF "$rows" | sed 's/^/  missing: /')"
check "README's Policies table names only policies vmscan-viz has" \
	"$(echo "$rows" | grep -vxF "$policies" | sed 's/^/  not a policy: /')"

# a name in a man page's list: a .B/.BR/.RB argument, maybe quoted, maybe
# followed by a comma or a parenthesis
in_list() {	# in_list TEXT NAME
	echo "$1" | grep -qE "^\.(B|BR|RB) (.* )?\"?\(?$(echo "$2" | sed 's/\./\\./g')\"?( |,|\)|\.|$)"
}
man_list() {	# man_list PAGE ITEM LABEL: PAGE's item ITEM names every policy
	text=$(man_item "$1" "$2")
	missing=""
	for p in $policies; do in_list "$text" "$p" || missing="$missing  missing: $p
"; done
	check "$1's list of policies ($3) has every policy" "$([ -n "$text" ] || echo "  no such item")$missing"
}
man_list src/vmscan-viz.1 '^\.BR -p ", " --policy' "--policy"
man_list src/vmscan-viz-scenario.5 '^\.B policy$' "the key policy"

echo "doclists: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
