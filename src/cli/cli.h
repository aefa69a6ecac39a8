/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/cli.h - the headless front end: run, trace, check, compare, plot, screen,
 * policies
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
#include "../scenario/policy_ref.h"
#include "../scenario/scenario.h"
#include "opt.h"

/* The commands, each with its table of options (opt.h). */
extern const struct cli_command cli_cmd_run, cli_cmd_trace, cli_cmd_check, cli_cmd_compare, cli_cmd_plot,
	cli_cmd_policies, cli_cmd_screen, cli_cmd_real;

/* Steps a headless command runs at most unless --max-steps says otherwise:
 * about ten seconds of simulation on a laptop (`make bench`: 11 million
 * steps a second). */
#define CLI_MAX_STEPS_DEFAULT 100000000ull

/* --theme as given: dark or light (*@light); 0, or EXIT_USAGE after a message. */
int cli_theme(const struct cli_command *cmd, const char *text, bool *light);
/* --max-steps as given (NULL: the default); 0 means no limit. */
int cli_max_steps(const struct cli_command *cmd, const char *text, uint64_t *out);
/* Has @e run out of steps (@max 0: never)?  Says so, once, on stderr. */
bool cli_out_of_steps(const struct cli_command *cmd, const struct engine *e, uint64_t max, const char *flag);
/* Up to @n steps of @e: engine_run(), which fills no record, or one
 * engine_step() at a time when VMSCAN_STEPWISE is set and not empty (the
 * test hook that compares the two paths' reports, tests/cli/run.sh).
 * For commands that read the state between steps, not the records. */
void cli_advance(struct engine *e, uint64_t n);
/* A scenario whose workload alone takes more than @max steps (0: no
 * limit) is refused before it runs: 0, or 1 after a message. */
int cli_check_steps(const struct cli_command *cmd, const struct scenario *s, uint64_t max, const char *flag);

/* Has writing standard output failed (a full disk, a closed pipe)?  The
 * long outputs (trace, --ftrace, --csv) ask after every line and stop. */
bool cli_output_failed(void);
/* Flushes and closes standard output: @rc, or 1 after a message when
 * anything written was lost.  Every command's status goes through it. */
int cli_close_stdout(const char *prefix, int rc);

/* A new empty file beside @out ("DIR/.NAME.XXXXXX", mode 0600), for output
 * renamed onto @out once whole; malloc'd, NULL on failure (errno says why). */
char *cli_temp_beside(const char *out);

/* Prints @s for a terminal: control characters escaped (util/text.h),
 * padded to @width bytes. */
void cli_text(const char *s, int width);

/* The same, except that a JSON Schema is not an error: -1 with *schema
 * set, and nothing printed. */
int cli_load_checked(const char *path, struct scenario *s, bool *schema);

/* What to simulate: a scenario file, or a trace file alone (run, trace,
 * compare, plot and the visualizer): the options --trace, --memory,
 * --via, --trace-format, --maps, --outside and --swap, in this order,
 * from the enum value @first of a command's table. */
#define CLI_SOURCE_ROWS(first) \
	CLI_SOURCE_ROWS_AS(first, "replay FILE instead of a scenario (- : standard input)")
/* The same with --trace's own help (the visualizer cannot read standard input). */
#define CLI_SOURCE_ROWS_AS(first, trace_help)                                                            \
	[(first)] = { .name = "trace", .short_name = 't', .arg = "FILE", .help = (trace_help) },         \
	[(first) + 1] = { .name = "memory",                                                              \
			  .short_name = 'm',                                                             \
			  .arg = "PAGES",                                                                \
			  .help = "with --trace: the zone's size, 16 to 67108864 pages" },               \
	[(first) + 2] = { .name = "via",                                                                 \
			  .arg = "HOW",                                                                  \
			  .help = "with --trace: read or mmap (the default for lackey, perf, --maps)" }, \
	[(first) + 3] = { .name = "trace-format",                                                        \
			  .short_name = 'f',                                                             \
			  .arg = "F",                                                                    \
			  .help = "with --trace: txt (the default), u32, lackey or perf" },              \
	[(first) + 4] = { .name = "maps",                                                                \
			  .arg = "FILE",                                                                 \
			  .help = "with a lackey or perf --trace: the program's /proc/PID/maps" },       \
	[(first) + 5] = { .name = "outside",                                                             \
			  .arg = "HOW",                                                                  \
			  .help = "with --maps: an address in no mapping is anon (the default, "         \
				  "with a warning) or refuse" },                                         \
	[(first) + 6] = { .name = "swap",                                                                \
			  .arg = "PAGES",                                                                \
			  .help = "with --trace: swap slots for anonymous pages (default 0: none)" }
#define CLI_NR_SOURCE_ROWS 7
/* Loads the scenario @path ("-": standard input), or with --trace makes
 * one from the trace file (scenario_from_trace).  Returns 0; 1 when the
 * scenario or trace is bad; EXIT_USAGE when the options are (both or
 * neither of SCENARIO and --trace, --memory missing or out of range, an
 * unknown --via or format).  Messages are printed. */
int cli_load_source(const struct cli_command *cmd, const struct cli_args *a, int first, struct scenario *s);
/* The opening every command that simulates shares: --max-steps (the row
 * after the source rows at @first) read into *@max, the scenario or
 * --trace loaded into @s, its workload's length checked against *@max.
 * 0, or the exit status after a message (nothing left to free). */
int cli_open(const struct cli_command *cmd, const struct cli_args *a, int first, uint64_t *max,
	     struct scenario *s);
/* The policy called @name ("P", or "P/global" where @global allows it:
 * scenario/policy_ref.h), or the scenario's, or 2.6.34, into @r: 0, or
 * -1 after a message naming the known policies.  With @s NULL, a check
 * of a --policy given before the scenario is loaded. */
int cli_policy_ref(const char *name, const struct scenario *s, bool global, struct policy_ref *r);
/* --compare A,B (the visualizer, screen) into @r: 0, or EXIT_USAGE after a message. */
int cli_compare_refs(const struct cli_command *cmd, const char *text, struct policy_ref r[2]);
/* The opening of a command that runs one engine, after cli_open(): the
 * policy called @name (cli_policy_ref()) in *@p, and an engine running @s
 * under it (for "P/global", @s's workload without cgroups, copied into
 * @tmp, which must outlive the engine).  NULL after a message, with @s freed and *@rc the exit
 * status: EXIT_USAGE for an unknown policy, 1 when the engine refuses
 * the scenario. */
struct engine *cli_engine(const char *name, struct scenario *s, struct workload *tmp,
			  const struct reclaim_policy **p, int *rc);
/* A run named as --policy spelt it ("2.6.34/global" beside "2.6.34"), into @buf. */
const char *cli_policy_label(const struct engine *e, const struct scenario *s, char *buf, size_t n);
const char *cli_object_name(const struct scenario *s, uint32_t object);

/* Values an expectation can measure, shared by `check` and `compare`. */
double cli_measure(const struct engine *e, const struct expectation *x, bool *ok);

#endif
