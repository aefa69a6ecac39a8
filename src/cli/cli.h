/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/cli.h - the headless front end: run, trace, check, compare, policies
 *
 * A contract other tools build on: the same scenario and policy give the
 * same bytes.  Text goes to stdout, diagnostics to stderr; exit status 0
 * on success, 1 when a scenario is bad or an expectation fails, 2 on a
 * usage error.
 */
#ifndef VMSCAN_CLI_H
#define VMSCAN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../engine/engine.h"
#include "../policy/registry.h"
#include "../scenario/scenario.h"

#define EXIT_USAGE 2

/* Options of one command: --name or --name=value / --name value. */
struct cli_opt {
	const char *name;
	const char **value;  /* takes an argument when non-NULL */
	bool *flag;	     /* a switch otherwise */
	const char ***multi; /* repeatable: appended here (array of 8) */
};

/* Parses argv[1..]; positional arguments go to pos (at most max_pos).
 * Prints the error and returns -1 on a usage error. */
int cli_parse(const char *cmd, int argc, char **argv, const struct cli_opt *opts, const char **pos,
	      int max_pos, int *npos);

/* Loads @path (NULL: the built-in default), printing diagnostics on error. */
int cli_load(const char *path, struct scenario *s);

/* What to simulate: a scenario file, or (run, trace) a trace file alone. */
struct cli_source {
	const char *trace;  /* --trace FILE */
	const char *memory; /* --memory PAGES */
	const char *via;    /* --via read|mmap */
	const char *format; /* --trace-format txt|u32|lackey */
};
#define CLI_SOURCE_OPTS(src)                                                                \
	{ "--trace", &(src).trace, NULL, NULL }, { "--memory", &(src).memory, NULL, NULL }, \
		{ "--via", &(src).via, NULL, NULL },                                        \
	{                                                                                   \
		"--trace-format", &(src).format, NULL, NULL                                 \
	}
/* Loads the scenario @path, or with --trace makes one from the trace file
 * (scenario_from_trace).  Returns 0; 1 when the scenario or trace is bad;
 * EXIT_USAGE when the options are (both or neither of SCENARIO and
 * --trace, --memory missing or out of range, an unknown --via or format).
 * Messages are printed. */
int cli_load_source(const char *cmd, const char *path, const struct cli_source *src, struct scenario *s);
/* The policy called @name, or the scenario's, or 2.6.34; NULL (and a
 * message naming the known policies) when @name is unknown. */
const struct reclaim_policy *cli_policy(const char *name, const struct scenario *s);
const char *cli_object_name(const struct scenario *s, uint32_t object);
void cli_print_diag(const struct diag *d);

int cli_run(int argc, char **argv);
int cli_trace(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_policies(int argc, char **argv);

/* Values an expectation can measure, shared by `check` and `compare`. */
double cli_measure(const struct engine *e, const struct expectation *x, bool *ok);

#endif
