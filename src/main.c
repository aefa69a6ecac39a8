/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - vmscan-viz: the command line, and nothing else
 *
 * With no command (or a scenario file) it starts the visualizer; the
 * commands run headless.  Every option is listed once, in usage[], which
 * is also what --help prints and what the man page test compares with.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "tui/tui.h"
#include "util/config.h"

static const char usage[] =
	"usage: vmscan-viz [OPTIONS] [SCENARIO.json]\n"
	"       vmscan-viz run SCENARIO [--policy P] [--json | --vmstat | --ftrace] [--check]\n"
	"       vmscan-viz run --trace FILE --memory PAGES [--via read|mmap] [--trace-format F]\n"
	"                      [--policy P] [--json | --vmstat | --ftrace] [--check]\n"
	"       vmscan-viz trace SCENARIO [--policy P]\n"
	"       vmscan-viz trace --trace FILE --memory PAGES [--via read|mmap] [--trace-format F] [--policy "
	"P]\n"
	"       vmscan-viz check [--expect] [--policy P] SCENARIO...\n"
	"       vmscan-viz compare SCENARIO (--policy A --policy B | --all) [--json | --csv [--every N]]\n"
	"       vmscan-viz policies\n"
	"\n"
	"Watch Linux 2.6.33/2.6.34 page reclaim decide, page by page.\n"
	"\n"
	"Visualizer options:\n"
	"  --policy P        start under policy P (see 'vmscan-viz policies')\n"
	"  --compare A,B     start in compare mode, policies A and B side by side\n"
	"  --ascii           ASCII glyphs only (also chosen when the locale is not UTF-8)\n"
	"  --no-color        no colors (also when NO_COLOR is set)\n"
	"  --big             projector mode: larger cells, slower play\n"
	"  --quiz            start in quiz mode: predict each decision\n"
	"  -h, --help        show this help\n"
	"  -V, --version     show the version\n"
	"\n"
	"Commands:\n"
	"  run       simulate to the end; print counters, lists, objects\n"
	"  trace     print every step as a JSON object (JSON Lines)\n"
	"  check     validate scenarios; with --expect run their expectations\n"
	"  compare   run one scenario under several policies and compare\n"
	"  policies  list the policies\n"
	"\n"
	"Command options:\n"
	"  --json            one JSON object (run, compare)\n"
	"  --vmstat          counters as /proc/vmstat prints them (run)\n"
	"  --ftrace          mm_vmscan_lru_shrink_inactive lines, one per batch (run)\n"
	"  --check           verify the engine's invariants after every step (run)\n"
	"  --expect          run the scenario's expectations (check)\n"
	"  --all             every policy (compare)\n"
	"  --csv             per-step list sizes and counters (compare)\n"
	"  --every N         with --csv, one row every N steps\n"
	"\n"
	"A trace file instead of a scenario (run, trace):\n"
	"  --trace FILE      replay FILE: one access per line, a page number of one file\n"
	"  --memory PAGES    the zone's size, 16 to 67108864 pages (needed with --trace)\n"
	"  --via read|mmap   read() page-cache accesses (default), or through a mapping\n"
	"  --trace-format F  txt (default), u32 (little-endian 32-bit page numbers) or\n"
	"                    lackey (what valgrind's lackey tool writes with its memory trace)\n"
	"\n"
	"With no SCENARIO the visualizer starts on a built-in tour. Keys: press ? in it.\n"
	"Exit status: 0 ok, 1 bad scenario or trace file or failed expectation,\n"
	"2 usage error (such as --memory out of range).\n";

static int tui_main(int argc, char **argv)
{
	struct tui_options o = { 0 };
	bool help = false, version = false;
	const char *pos[1];
	const struct cli_opt opts[] = {
		{ "--policy", &o.policy, NULL, NULL },
		{ "--compare", &o.compare, NULL, NULL },
		{ "--ascii", NULL, &o.ascii, NULL },
		{ "--no-color", NULL, &o.no_color, NULL },
		{ "--big", NULL, &o.big, NULL },
		{ "--quiz", NULL, &o.quiz, NULL },
		{ "--help", NULL, &help, NULL },
		{ "-h", NULL, &help, NULL },
		{ "--version", NULL, &version, NULL },
		{ "-V", NULL, &version, NULL },
		{ NULL, NULL, NULL, NULL },
	};
	int npos;

	if (cli_parse("", argc, argv, opts, pos, 1, &npos) < 0)
		return EXIT_USAGE;
	if (help) {
		fputs(usage, stdout);
		return 0;
	}
	if (version) {
		printf("vmscan-viz %s\n", vmscan_version);
		return 0;
	}
	if (o.policy && !policy_find(o.policy)) {
		cli_policy(o.policy, NULL);
		return EXIT_USAGE;
	}
	o.path = npos ? pos[0] : NULL;
	return tui_run(&o);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} commands[] = {
		{ "run", cli_run },	    { "trace", cli_trace },	  { "check", cli_check },
		{ "compare", cli_compare }, { "policies", cli_policies },
	};

	if (argc > 1)
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			if (strcmp(argv[1], commands[i].name) == 0)
				return commands[i].fn(argc - 1, argv + 1);
	return tui_main(argc, argv);
}
