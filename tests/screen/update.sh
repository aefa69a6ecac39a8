#!/bin/sh
# tests/screen/update.sh BIN - writes tests/screen/expected/ again from
# tests/screen/cases (`make screen-update`); review the diff, then commit.
set -eu
bin=${1:?usage: update.sh BIN}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
export LC_ALL=C.UTF-8
unset NO_COLOR
rm -f "$here"/expected/*.txt
grep -vE '^(#|$)' "$here/cases" | while IFS='|' read -r name args; do
	name=$(echo "$name" | tr -d ' ')
	# shellcheck disable=SC2086 # the arguments are words
	"$bin" screen $args >"$here/expected/$name.txt"
done
echo "screen-update: $(ls "$here"/expected/*.txt | wc -l) screens in tests/screen/expected/ (git diff shows what moved)"
