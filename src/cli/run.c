/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/run.c - `vmscan-viz run`: simulate to the end and report
 *
 * Text by default; --json one object (keys: scenario, policy, steps,
 * counters, decisions, lists, objects); --vmstat the counters as
 * /proc/vmstat prints them; --ftrace one line per shrink_inactive_list
 * batch in the shape of the mm_vmscan_lru_shrink_inactive tracepoint.
 * --check verifies the engine's invariants after every step.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../util/jsonw.h"
#include "cli.h"
#include "report.h"

static void print_ftrace_line(const struct batch_stats *b, uint64_t step)
{
	printf("%s-0 [000] .... %" PRIu64 ".%06" PRIu64 ": mm_vmscan_lru_shrink_inactive: nid=0 zid=2 "
	       "nr_scanned=%u nr_reclaimed=%u nr_dirty=%u nr_writeback=%u nr_congested=0 nr_immediate=0 "
	       "nr_activate=%u nr_ref_keep=%u nr_unmap_fail=0 priority=%d "
	       "flags=RECLAIM_WB_%s|RECLAIM_WB_ASYNC\n",
	       b->reclaimer == RECLAIMER_KSWAPD ? "kswapd0" : "direct", step / 1000000, step % 1000000,
	       b->nr_scanned, b->nr_reclaimed, b->nr_dirty, b->nr_writeback, b->nr_activate, b->nr_ref_keep,
	       b->priority, b->file ? "FILE" : "ANON");
}

/* Runs @e to the end, or to @max steps (0: no limit); --check and
 * --ftrace work per step.  Returns 0, or REPORT_BROKEN, REPORT_STOPPED,
 * REPORT_UNWRITTEN (messages printed). */
int report_simulate(const struct cli_command *cmd, struct engine *e, const struct report_opts *o,
		    struct rule_counts *rules)
{
	char why[160];

	while (!engine_done(e)) {
		const struct step_record *r;
		if (cli_out_of_steps(cmd, e, o->max_steps, o->max_steps_flag))
			return REPORT_STOPPED;
		r = engine_step(e);
		if (rules && r->kind < NR_STEP_KINDS)
			rules->n[r->kind][r->branch][r->action]++;
		if (o->check && engine_check(e, why, sizeof why) < 0) {
			fprintf(stderr, "vmscan-viz: invariant broken after step %" PRIu64 ": %s\n", r->step,
				why);
			return REPORT_BROKEN;
		}
		if (o->ftrace) {
			struct batch_stats b = engine_last_batch(e);
			if (b.done)
				print_ftrace_line(&b, r->step);
			if (cli_output_failed())
				return REPORT_UNWRITTEN;
		}
	}
	return 0;
}

enum {
	O_POLICY,
	O_JSON,
	O_VMSTAT,
	O_FTRACE,
	O_CHECK,
	O_SOURCE,
	O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_O
};
static const struct cli_option run_opts[NR_O + 1] = {
	[O_POLICY] = CLI_OPT_POLICY,
	[O_JSON] = CLI_OPT_JSON,
	[O_VMSTAT] = { .name = "vmstat",
		       .short_name = 0,
		       .arg = NULL,
		       .help = "the counters as /proc/vmstat prints them",
		       .repeat = false },
	[O_FTRACE] = { .name = "ftrace",
		       .short_name = 0,
		       .arg = NULL,
		       .help = "mm_vmscan_lru_shrink_inactive lines, one per batch",
		       .repeat = false },
	[O_CHECK] = { .name = "check",
		      .short_name = 0,
		      .arg = NULL,
		      .help = "verify the engine's invariants after every step",
		      .repeat = false },
	CLI_SOURCE_ROWS(O_SOURCE),
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int run_main(int argc, char **argv);
const struct cli_command cli_cmd_run = {
	"run",
	"[OPTIONS] SCENARIO\n[OPTIONS] --trace FILE --memory PAGES",
	"simulate to the end; print counters, lists, objects",
	run_opts,
	run_main,
	NULL,
};

static int run_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_run;
	struct report_opts ro = { 0 };
	const struct reclaim_policy *p;
	struct engine_error err;
	struct rule_counts *rules;
	struct cli_args a;
	struct scenario s;
	struct engine *e;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (!!a.count[O_JSON] + !!a.count[O_VMSTAT] + !!a.count[O_FTRACE] > 1)
		return cli_usage_error(cmd, "--json, --vmstat and --ftrace are exclusive");
	if (cli_max_steps(cmd, a.val[O_MAX_STEPS], &ro.max_steps) != 0)
		return EXIT_USAGE;
	ro.max_steps_flag = a.val[O_MAX_STEPS];
	ro.check = a.count[O_CHECK];
	ro.ftrace = a.count[O_FTRACE];
	if ((rc = cli_load_source(cmd, &a, O_SOURCE, &s)) != 0)
		return rc;
	p = cli_policy(a.val[O_POLICY], &s);
	if (!p) {
		scenario_free(&s);
		return EXIT_USAGE;
	}
	if (cli_check_steps(cmd, &s, ro.max_steps, ro.max_steps_flag) != 0) {
		scenario_free(&s);
		return 1;
	}
	e = engine_new(&s.wl, p, &err);
	if (!e) {
		fprintf(stderr, "%s: error: %s\n", s.path, err.msg);
		scenario_free(&s);
		return 1;
	}
	rules = a.count[O_JSON] || a.count[O_VMSTAT] || ro.ftrace ? NULL : calloc(1, sizeof *rules);
	rc = report_simulate(cmd, e, &ro, rules);
	/* a run stopped by --max-steps still reports where it stopped */
	if (rc == 0 || rc == REPORT_STOPPED) {
		if (a.count[O_JSON])
			report_json(e, &s);
		else if (a.count[O_VMSTAT])
			report_vmstat(e);
		else if (!ro.ftrace)
			report_text(e, &s, rules);
	}
	free(rules);
	engine_free(e);
	scenario_free(&s);
	return rc ? 1 : 0;
}

static int policies_main(int argc, char **argv);
static const struct cli_option no_opts[1];
const struct cli_command cli_cmd_policies = {
	"policies", "", "list the policies", no_opts, policies_main, NULL,
};

static int policies_main(int argc, char **argv)
{
	struct cli_args a;
	int rc = cli_parse(&cli_cmd_policies, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.npos)
		return cli_usage_error(&cli_cmd_policies, "unexpected argument '%s'", a.pos[0]);
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		printf("%-14s %s\n", reclaim_policies[i]->name, reclaim_policies[i]->summary);
	return 0;
}
