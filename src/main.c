/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - vmscan-viz: the command line, and nothing else
 *
 * With no command (or a scenario file) it starts the visualizer; the
 * commands run headless.  Each command lists its options in its own table
 * (cli/opt.h), from which --help, `COMMAND --help` and the man page test
 * all read.  Every status goes through cli_close_stdout(), so output lost
 * to a full disk or a closed pipe is an error, not a silent success.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "tui/tui.h"
#include "util/config.h"
#include "util/suggest.h"
#include "util/text.h"

static int tui_main(int argc, char **argv);
static int help_main(int argc, char **argv);
static void help_all(FILE *f);

enum {
	T_POLICY,
	T_COMPARE,
	T_ASCII,
	T_NO_COLOR,
	T_BIG,
	T_QUIZ,
	T_THEME,
	T_SOURCE,
	T_VERSION = T_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_T
};
static const struct cli_option tui_opts[NR_T + 1] = {
	[T_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "start under policy P (see 'vmscan-viz policies'); P/global: without the "
			       "scenario's cgroups" },
	[T_COMPARE] = { .name = "compare",
			.short_name = 'c',
			.arg = "A,B",
			.help = "start in compare mode, policies A and B side by side (e.g. "
				"2.6.34,2.6.34/global)" },
	[T_ASCII] = { .name = "ascii",
		      .help = "ASCII glyphs only (also chosen when the locale is not UTF-8)" },
	[T_NO_COLOR] = { .name = "no-color", .help = "no colors (also when NO_COLOR is set)" },
	[T_BIG] = { .name = "big", .help = "projector mode: larger cells, slower play" },
	[T_THEME] = { .name = "theme",
		      .arg = "T",
		      .help = "dark (the default) or light: dark ink on white, for a bright room (key L)" },
	[T_QUIZ] = { .name = "quiz", .help = "start in quiz mode: predict each decision" },
	CLI_SOURCE_ROWS_AS(T_SOURCE, "show FILE, a trace, instead of a scenario"),
	[T_VERSION] = { .name = "version", .short_name = 'V', .help = "show the version" },
};
static const struct cli_command tui_cmd = {
	NULL,
	"[OPTIONS] [SCENARIO.json]\n[OPTIONS] --trace FILE --memory PAGES",
	"Watch Linux 2.6.33/2.6.34 page reclaim decide, page by page.",
	tui_opts,
	tui_main,
	help_all,
};

static const struct cli_option no_opts[1];
static const struct cli_command help_cmd = {
	"help", "[COMMAND]", "show the help of vmscan-viz, or of one command", no_opts, help_main, NULL,
};

static const struct cli_command *const commands[] = {
	&cli_cmd_run,	 &cli_cmd_trace, &cli_cmd_check,    &cli_cmd_compare, &cli_cmd_plot,
	&cli_cmd_screen, &cli_cmd_real,	 &cli_cmd_policies, &help_cmd,
};
#define NR_COMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const char epilogue[] =
	"\n"
	"SCENARIO may be - (standard input) for the commands.  With no SCENARIO the\n"
	"visualizer starts on a built-in tour; keys: press ? in it.\n"
	"Exit status: 0 ok; 1 a bad scenario or trace file, a failed expectation, a run\n"
	"stopped by --max-steps, or output that could not be written; 2 a usage error.\n";

static void help_all(FILE *f)
{
	cli_help_all(f, &tui_cmd, commands, NR_COMMANDS);
	fputs(epilogue, f);
}

static const struct cli_command *find_command(const char *name)
{
	for (int i = 0; i < NR_COMMANDS; i++)
		if (strcmp(name, commands[i]->name) == 0)
			return commands[i];
	return NULL;
}

/* The command closest to @word, a likely typo, or NULL. */
static const char *near_command(const char *word)
{
	const char *names[NR_COMMANDS];

	for (int i = 0; i < NR_COMMANDS; i++)
		names[i] = commands[i]->name;
	return suggest(word, names, NR_COMMANDS);
}

/* "run, trace, ..., help": every command of the table, for messages. */
static const char *command_list(char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < NR_COMMANDS && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", commands[i]->name);
	return buf;
}

/* A word that is not a command, a file or an option: usage error 2,
 * with the command it probably meant. */
static int unknown_command(const char *word)
{
	const char *near = near_command(word);
	char safe[96], list[160];

	text_safe(word, safe, sizeof safe);
	if (near)
		return cli_usage_error(&tui_cmd, "unknown command '%s'; did you mean '%s'?", safe, near);
	return cli_usage_error(&tui_cmd, "'%s' is neither a command (%s) nor a scenario file", safe,
			       command_list(list, sizeof list));
}

static int help_main(int argc, char **argv)
{
	struct cli_args a;
	const struct cli_command *c;
	int rc = cli_parse(&help_cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.npos == 0) {
		help_all(stdout);
		return 0;
	}
	if (a.npos > 1)
		return cli_usage_error(&help_cmd, "unexpected argument '%s'", a.pos[1]);
	if (!(c = find_command(a.pos[0]))) {
		const char *near = near_command(a.pos[0]);
		char safe[96], list[160];
		return cli_usage_error(&help_cmd, "no command '%s'%s%s%s (commands: %s)",
				       text_safe(a.pos[0], safe, sizeof safe), near ? "; did you mean '" : "",
				       near ? near : "", near ? "'?" : "", command_list(list, sizeof list));
	}
	cli_help_command(stdout, c);
	return 0;
}

/* The visualizer on a trace file (--trace and the options that go with
 * it): the scenario `run --trace` would make, handed to the TUI built. */
static int tui_trace(struct tui_options *o, const struct cli_args *a)
{
	const char *trace = a->val[T_SOURCE];
	int rc;

	if (trace && strcmp(trace, "-") == 0)
		return cli_usage_error(&tui_cmd, "the visualizer reads its keys from standard input, so it "
						 "cannot read the trace there; give a file");
	if (!(o->scenario = calloc(1, sizeof *o->scenario))) {
		fprintf(stderr, "vmscan-viz: out of memory\n");
		return 1;
	}
	if ((rc = cli_load_source(&tui_cmd, a, T_SOURCE, o->scenario)) != 0) {
		scenario_free(o->scenario);
		free(o->scenario);
		return rc;
	}
	o->path = NULL;
	return tui_run(o);
}

static int tui_main(int argc, char **argv)
{
	struct tui_options o = { 0 };
	struct cli_args a;
	struct stat st;
	int rc = cli_parse(&tui_cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.count[T_VERSION]) {
		/* the commit tells which tree a binary was built from, when a
		 * screen and a scenario disagree */
		printf("vmscan-viz %s", vmscan_version);
		if (*vmscan_commit)
			printf(" (%s)", vmscan_commit);
		putchar('\n');
		return 0;
	}
	if (a.npos >= 1 && strcmp(a.pos[0], "-") == 0)
		return cli_usage_error(&tui_cmd, "the visualizer reads its keys from standard input, so it "
						 "cannot read the scenario there; give a file");
	/* `vmscan-viz comapre x.json`: a mistyped command, not a file */
	if (a.npos >= 1 && stat(a.pos[0], &st) < 0 && errno == ENOENT && !strpbrk(a.pos[0], "./"))
		return unknown_command(a.pos[0]);
	if (a.npos > 1)
		return cli_usage_error(
			&tui_cmd, "unexpected argument '%s': the visualizer opens one scenario", a.pos[1]);
	o.ascii = a.count[T_ASCII];
	o.no_color = a.count[T_NO_COLOR];
	o.big = a.count[T_BIG];
	o.quiz = a.count[T_QUIZ];
	if (a.val[T_THEME] && cli_theme(&tui_cmd, a.val[T_THEME], &o.light) != 0)
		return EXIT_USAGE;
	if (a.val[T_POLICY] && cli_policy_ref(a.val[T_POLICY], NULL, true, &o.policy) < 0)
		return EXIT_USAGE;
	if (a.val[T_COMPARE] && cli_compare_refs(&tui_cmd, a.val[T_COMPARE], o.compare) != 0)
		return EXIT_USAGE;
	if (a.val[T_COMPARE] && a.val[T_POLICY])
		return cli_usage_error(&tui_cmd, "--compare A,B names both policies: no --policy with it");
	o.path = a.npos ? a.pos[0] : NULL;
	for (int i = T_SOURCE; i < T_SOURCE + CLI_NR_SOURCE_ROWS; i++)
		if (a.val[i])
			return tui_trace(&o, &a);
	return tui_run(&o);
}

int main(int argc, char **argv)
{
	const struct cli_command *c = argc > 1 ? find_command(argv[1]) : NULL;
	int rc;

	if (c) {
		rc = c->main(argc - 1, argv + 1);
		return cli_close_stdout(cli_prefix(c), rc);
	}
	rc = tui_main(argc, argv);
	return cli_close_stdout("vmscan-viz", rc);
}
