#!/bin/sh
# tests/check-circles.sh BUILD - the circles of each folder of src/: files
# that call each other in a loop, none of which can be read or changed alone.
#
# A room is a file with its header (load.c and load.h are one room; a
# header without a .c of its name is a room of its own).  Room A points at
# room B when A includes B's header ("b.h", in the same folder), or when
# A's object uses a symbol that B's object alone defines (nm: a function
# called, a global read; the build's objects, so a call a macro makes is
# seen too).  A circle is a strongly connected component of those arrows;
# its width is the number of rooms in it.  Every folder's widest circle is
# printed, with its rooms; a folder in $limits fails when its widest
# circle is wider than the limit there.
set -u
build=${1:-$(make -s --no-print-directory -C "$(dirname "$0")/.." where)}
cd "$(dirname "$0")/.." || exit 1
limits="engine:11 scenario:4 tui:4"
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for dir in src/*/; do
	folder=$(basename "$dir")
	# the program `vmscan-viz real` builds for its guest, not part of this one
	[ "$folder" = guest ] && continue
	ls "$dir"*.c >/dev/null 2>&1 || continue
	missing="" objs=""
	for src in "$dir"*.c; do
		obj=$build/$folder/$(basename "$src" .c).o
		if [ -f "$obj" ]; then objs="$objs $obj"; else missing="$missing $obj"; fi
	done
	if [ -n "$missing" ]; then
		failed=$((failed + 1))
		echo "FAIL: $folder: objects not built:$missing"
		continue
	fi
	# one line a fact: "room R", "inc R H" (R includes this folder's H.h),
	# "def R SYMBOL", "use R SYMBOL"
	{
		ls "$dir" | sed -n 's/^\([A-Za-z0-9_]*\)\.[ch]$/room \1/p'
		grep -H '^#include *"[A-Za-z0-9_]*\.h"' "$dir"*.[ch] |
			sed 's@^.*/\([A-Za-z0-9_]*\)\.[ch]:#include *"\([A-Za-z0-9_]*\)\.h".*@inc \1 \2@'
		# shellcheck disable=SC2086
		nm -A --defined-only -g $objs | awk -F'[: ]+' '$(NF - 1) ~ /^[TDBRC]$/ { print "def", $1, $NF }'
		# shellcheck disable=SC2086
		nm -A -u $objs | awk -F'[: ]+' '$(NF - 1) == "U" { print "use", $1, $NF }'
	} | sed 's@^\(def\|use\) [^ ]*/\([A-Za-z0-9_]*\)\.o @\1 \2 @' >"$tmp/facts"
	widest=$(awk '
		BEGIN { n = 0 }
		$1 == "room" { if (!($2 in id)) { id[$2] = n; name[n++] = $2 } }
		$1 == "def" { o = ($3 in owner) ? "" : $2; owner[$3] = o }	# "": defined twice
		$1 == "use" { nu++; ua[nu] = $2; us[nu] = $3 }
		$1 == "inc" { ni++; ia[ni] = $2; ib[ni] = $3 }
		END {
			for (k = 1; k <= nu; k++)
				if ((us[k] in owner) && owner[us[k]] != "" && owner[us[k]] != ua[k])
					r[id[ua[k]], id[owner[us[k]]]] = 1
			for (k = 1; k <= ni; k++)
				if ((ib[k] in id) && ib[k] != ia[k])
					r[id[ia[k]], id[ib[k]]] = 1
			for (m = 0; m < n; m++)	# reachability (Warshall)
				for (i = 0; i < n; i++)
					if (r[i, m])
						for (j = 0; j < n; j++)
							if (r[m, j])
								r[i, j] = 1
			best = 1; rooms = n ? name[0] : ""
			for (i = 0; i < n; i++) {
				w = 1; list = name[i]
				for (j = 0; j < n; j++)
					if (j != i && r[i, j] && r[j, i]) {
						w++; list = list " " name[j]
					}
				if (w > best) { best = w; rooms = list }
			}
			print best, (best > 1 ? rooms : "")
		}' "$tmp/facts")
	width=${widest%% *}
	rooms=${widest#* }
	limit=$(echo "$limits" | tr ' ' '\n' | sed -n "s/^$folder://p")
	if [ "$width" -gt 1 ]; then
		rooms=$(echo "$rooms" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
		shown="widest circle $width files ($rooms)"
	else
		shown="no circle"
	fi
	if [ -n "$limit" ] && [ "$width" -gt "$limit" ]; then
		failed=$((failed + 1))
		echo "FAIL: src/$folder: $shown, wider than $limit"
	else
		passed=$((passed + 1))
		echo "src/$folder: $shown${limit:+ (limit $limit)}"
	fi
done
echo "circles: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
