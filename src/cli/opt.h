/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/opt.h - the command line: one table of options per command
 *
 * Every command (and the visualizer) lists its options once, in a table
 * of struct cli_option indexed by the command's own enum; the parser
 * (getopt_long underneath, so every convention holds: -p VALUE, -pVALUE,
 * --policy VALUE, --policy=VALUE, unique prefixes of long names, switches
 * bundled as -ja, options before and after operands, `--` to end them,
 * `-` as an operand), the usage text of `COMMAND --help` and of
 * `vmscan-viz --help`, and the shell completion test all read that table.
 * A new option is one row and one enum name.
 *
 *	enum { O_POLICY, O_JSON, NR_O };
 *	static const struct cli_option opts[NR_O + 1] = {
 *		[O_POLICY] = CLI_OPT_POLICY,
 *		[O_JSON] = { .name = "json", .short_name = 'j', .help = "one JSON object" },
 *	};
 *	const struct cli_command cli_cmd_x = { "x", "SCENARIO", "...", opts, x_main };
 *
 *	static int x_main(int argc, char **argv)
 *	{
 *		struct cli_args a;
 *		int rc = cli_parse(&cli_cmd_x, argc, argv, &a);
 *		if (rc >= 0)
 *			return rc;	// --help printed (0), or a usage error (2)
 *		... a.val[O_POLICY], a.count[O_JSON], a.pos[0 .. a.npos-1] ...
 *	}
 *
 * Errors are usage errors (exit status 2), with a suggestion for a
 * mistyped option name.
 */
#ifndef VMSCAN_OPT_H
#define VMSCAN_OPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define EXIT_USAGE     2
#define CLI_MAX_OPTS   32 /* rows of one table */
#define CLI_MAX_REPEAT 8  /* values kept of a repeatable option */

struct cli_option {
	const char *name; /* the long name, without "--" */
	const char *arg;  /* the value's name in the help ("P", "FILE"); NULL: a switch */
	const char *help; /* one line */
	char short_name;  /* the letter of -X, or 0 */
	bool repeat;	  /* every value is kept (in vals[]), not only the last */
};

struct cli_command {
	const char *name;	       /* NULL: the visualizer */
	const char *synopsis;	       /* what follows "vmscan-viz NAME " in the usage; lines split by '\n' */
	const char *summary;	       /* one line, for the list of commands */
	const struct cli_option *opts; /* ends with a row whose name is NULL */
	int (*main)(int argc, char **argv);
	void (*help)(FILE *f); /* what -h prints, when not cli_help_command() */
};

struct cli_args {
	const char *val[CLI_MAX_OPTS];			/* the last value (a switch: "") or NULL */
	const char *vals[CLI_MAX_OPTS][CLI_MAX_REPEAT]; /* every value of a repeatable option */
	unsigned count[CLI_MAX_OPTS];			/* how often the option was given */
	char **pos;					/* the operands, in order */
	int npos;
};

/* Parses argv[1..] against @cmd's options.  Returns -1 when the command
 * is to run; else the exit status: 0 after printing the help for -h or
 * --help, EXIT_USAGE after printing a usage error. */
int cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_args *a);

/* "vmscan-viz run: " or "vmscan-viz: " (the visualizer): the prefix of
 * the command's messages. */
const char *cli_prefix(const struct cli_command *cmd);
/* Prints "PREFIX: MESSAGE (try 'vmscan-viz CMD --help')" and returns EXIT_USAGE. */
int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A whole number from @min to @max, in decimal digits and nothing else
 * (no sign, space, suffix or exponent).  Returns 0, or EXIT_USAGE after
 * saying "--NAME: expected a whole number of WHAT from MIN to MAX". */
int cli_uint(const struct cli_command *cmd, const char *name, const char *text, uint64_t min, uint64_t max,
	     const char *what, uint64_t *out);

/* COMMAND --help: its usage and options. */
void cli_help_command(FILE *f, const struct cli_command *cmd);
/* vmscan-viz --help: every command's usage, the visualizer's options, the
 * commands, and every command option once, with the commands it applies to. */
void cli_help_all(FILE *f, const struct cli_command *tui, const struct cli_command *const *cmds, int n);

/* Rows shared by several commands, so that they read the same everywhere. */
#define CLI_OPT_POLICY                                                   \
	{                                                                \
		.name = "policy", .short_name = 'p', .arg = "P",         \
		.help = "run under policy P (see 'vmscan-viz policies')" \
	}
#define CLI_OPT_JSON                                                         \
	{                                                                    \
		.name = "json", .short_name = 'j', .help = "one JSON object" \
	}
#define CLI_OPT_CSV                                                                            \
	{                                                                                      \
		.name = "csv", .help = "one row per workload access: lists, counters, objects" \
	}
#define CLI_OPT_EVERY                                                                       \
	{                                                                                   \
		.name = "every", .arg = "N", .help = "with --csv, one row every N accesses" \
	}
#define CLI_OPT_MAX_STEPS                                                                \
	{                                                                                \
		.name = "max-steps", .arg = "N",                                         \
		.help = "stop after N steps (exit status 1); default 100000000, 0: none" \
	}

#endif
