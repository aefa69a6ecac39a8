# bash completion for vmscan-viz                        -*- shell-script -*-
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Installed by `make install` into share/bash-completion/completions/.
# Commands, each command's options, the values options take (policy names
# from `vmscan-viz policies`, trace formats, files) and scenario files.
# The commands are read from `vmscan-viz --help` (its commands table), the
# options from `vmscan-viz COMMAND --help`, so they are always those of
# the vmscan-viz on PATH; tests/cli/run.sh checks it.

_vmscan_viz_options()	# the options of command $1 ("" for the visualizer)
{
	local bin=${COMP_WORDS[0]}
	if [[ -n $1 ]]; then
		"$bin" "$1" --help 2>/dev/null
	else
		"$bin" --help 2>/dev/null | sed -n '/^Visualizer options:/,/^$/p'
	fi | awk '/^ +-/ { for (i = 1; i <= 2; i++) { w = $i; sub(/,$/, "", w)
			if (w ~ /^--?[A-Za-z]/ && !seen[w]++) print w } }'
}

_vmscan_viz()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local bin=${COMP_WORDS[0]} cmd="" i w
	local commands

	commands=$("$bin" --help 2>/dev/null | awk '/^Commands:/ { on = 1; next } on && !NF { exit } on { print $1 }')
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		-p | --policy | -c | --compare | -t | --trace | -m | --memory | --via | -f | --trace-format | --maps | --outside | --swap | --every | --width | --max-steps | \
		--chart | -o | --output | --object | --title | --size | --theme | --memory-stat | -b | --bookmark | --colors | --sweep | --runs | --real | --plot)
			((i++)) ;;	# its value
		-*) ;;
		*)	# a command, or a scenario: the visualizer
			[[ $'\n'$commands$'\n' == *$'\n'$w$'\n'* ]] && cmd=$w
			break ;;
		esac
	done

	# --opt=value: complete the value
	if [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi
	case $prev in
	-p | --policy)
		COMPREPLY=($(compgen -W "$("$bin" policies 2>/dev/null | awk '{ print $1 }')" -- "$cur"))
		return ;;
	-c | --compare)	# A,B
		local pre="" pols
		[[ $cur == *,* ]] && pre=${cur%%,*},
		pols=$("$bin" policies 2>/dev/null | awk -v p="$pre" '{ print p $1 }')
		COMPREPLY=($(compgen -W "$pols" -- "$cur"))
		[[ -z $pre && ${#COMPREPLY[@]} -eq 1 ]] && COMPREPLY=("${COMPREPLY[0]},") && compopt -o nospace 2>/dev/null
		return ;;
	--chart)
		COMPREPLY=($(compgen -W "refaults resident active lists counters gens" -- "$cur"))
		return ;;
	--theme)
		COMPREPLY=($(compgen -W "dark light" -- "$cur"))
		return ;;
	-b | --bookmark)	# the names of the scenario's bookmarks, as screen's refusal lists them
		local scen="" names
		for w in "${COMP_WORDS[@]:1}"; do [[ $w == *.json ]] && scen=$w; done
		[[ -n $scen ]] || return
		names=$("$bin" screen "$scen" --bookmark "" 2>&1 | sed -n 's/.*(its bookmarks: \([^)]*\)).*/\1/p' | tr -d ',')
		COMPREPLY=($(compgen -W "$names" -- "$cur"))
		return ;;
	--colors)
		COMPREPLY=($(compgen -W "8 16 256" -- "$cur"))
		return ;;
	--format)
		COMPREPLY=($(compgen -W "text ansi svg" -- "$cur"))
		return ;;
	-t | --trace | --maps | -o | --output | --plot)
		COMPREPLY=($(compgen -f -- "$cur"))
		compopt -o filenames 2>/dev/null
		return ;;
	--real)	# real --csv's timelines (and folders to reach them)
		COMPREPLY=($(compgen -f -X '!*.csv' -- "$cur") $(compgen -d -- "$cur"))
		compopt -o filenames 2>/dev/null
		return ;;
	--via)
		COMPREPLY=($(compgen -W "read mmap" -- "$cur"))
		return ;;
	--outside)
		COMPREPLY=($(compgen -W "anon refuse" -- "$cur"))
		return ;;
	-f | --trace-format)
		COMPREPLY=($(compgen -W "txt u32 lackey perf" -- "$cur"))
		return ;;
	-m | --memory | --swap | --every | --width | --max-steps | --object | --title | --size | -s | --step | --access | --divergence | -i | --inspect | --memory-stat)
		return ;;	# a number or a name
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_vmscan_viz_options "$cmd")" -- "$cur"))
		return
	fi
	if [[ $cmd == help ]]; then
		COMPREPLY=($(compgen -W "$commands" -- "$cur"))
		return
	fi
	[[ $cmd == policies ]] && return
	# scenario files (and folders to reach them); first, the commands too
	COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
	[[ -z $cmd ]] && COMPREPLY+=($(compgen -W "$commands" -- "$cur"))
	compopt -o filenames 2>/dev/null
}
complete -F _vmscan_viz vmscan-viz
