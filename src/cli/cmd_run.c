/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/cmd_run.c - `vmscan-viz run`: simulate to the end and report
 *
 * Text by default; --json one object (keys: scenario, policy, steps,
 * counters, decisions, lists, objects); --vmstat the counters as
 * /proc/vmstat prints them; --ftrace the run as Linux 2.6.37's vmscan
 * tracepoints (ftrace.h); --csv one row per workload access (series.h).
 * --check verifies the engine's invariants after every step.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../util/jsonw.h"
#include "cli.h"
#include "ftrace.h"
#include "report.h"
#include "series.h"

/* Runs @e to the end, or to @max steps (0: no limit).  Only --check and
 * --ftrace read every step; the other reports read the end state and the
 * engine's count of the rules that fired, so the run goes through
 * cli_advance(), the path that fills no record.  Returns 0, or
 * REPORT_BROKEN, REPORT_STOPPED, REPORT_UNWRITTEN (messages printed). */
int report_simulate(const struct cli_command *cmd, struct engine *e, const struct report_opts *o,
		    struct rule_counts *rules)
{
	struct ftrace_state ft;
	char why[160];

	engine_count_rules(e, rules ? &rules->n : NULL);
	if (!o->check && !o->ftrace) {
		while (!engine_done(e)) {
			if (cli_out_of_steps(cmd, e, o->max_steps, o->max_steps_flag))
				return REPORT_STOPPED;
			cli_advance(e, o->max_steps ? o->max_steps - engine_steps(e) : UINT64_MAX);
		}
		return 0;
	}
	if (o->ftrace)
		ftrace_init(&ft, e);
	while (!engine_done(e)) {
		const struct step_record *r;
		if (cli_out_of_steps(cmd, e, o->max_steps, o->max_steps_flag))
			return REPORT_STOPPED;
		r = engine_step(e);
		if (o->check && engine_check(e, why, sizeof why) < 0) {
			fprintf(stderr, "vmscan-viz: invariant broken after step %" PRIu64 ": %s\n", r->step,
				why);
			return REPORT_BROKEN;
		}
		if (o->ftrace) {
			ftrace_step(&ft, e, r);
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
	O_LRU_GEN,
	O_LRU_GEN_FULL,
	O_CHECK,
	O_CSV,
	O_EVERY,
	O_SOURCE,
	O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_O
};
static const struct cli_option run_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "run under policy P (see 'vmscan-viz policies'); P/global: without the "
			       "scenario's cgroups" },
	[O_JSON] = CLI_OPT_JSON,
	[O_VMSTAT] = { .name = "vmstat", .help = "the counters as /proc/vmstat prints them" },
	[O_FTRACE] = { .name = "ftrace",
		       .help = "the vmscan tracepoints of Linux 2.6.37, as trace_pipe prints them" },
	[O_LRU_GEN] = { .name = "lru-gen",
			.help = "mglru: the generations as /sys/kernel/debug/lru_gen prints them" },
	[O_LRU_GEN_FULL] = { .name = "lru-gen-full",
			     .help = "mglru: the same with the tiers' counters, as lru_gen_full" },
	[O_CHECK] = { .name = "check", .help = "verify the engine's invariants after every step" },
	[O_CSV] = CLI_OPT_CSV,
	[O_EVERY] = CLI_OPT_EVERY,
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
	struct rule_counts *rules;
	struct cli_args a;
	struct scenario s;
	struct engine *e;
	struct workload wl;
	uint64_t every = 1;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (!!a.count[O_JSON] + !!a.count[O_VMSTAT] + !!a.count[O_FTRACE] + !!a.count[O_CSV] +
		    !!a.count[O_LRU_GEN] + !!a.count[O_LRU_GEN_FULL] >
	    1)
		return cli_usage_error(cmd,
				       "--json, --vmstat, --ftrace, --csv, --lru-gen and --lru-gen-full are "
				       "exclusive");
	if (a.val[O_EVERY] && !a.count[O_CSV])
		return cli_usage_error(cmd, "--every goes with --csv");
	if (a.val[O_EVERY] && cli_uint(cmd, "every", a.val[O_EVERY], 1, UINT64_MAX, "accesses", &every) != 0)
		return EXIT_USAGE;
	ro.max_steps_flag = a.val[O_MAX_STEPS];
	ro.check = a.count[O_CHECK];
	ro.ftrace = a.count[O_FTRACE];
	if ((rc = cli_open(cmd, &a, O_SOURCE, &ro.max_steps, &s)) != 0)
		return rc;
	if (!(e = cli_engine(a.val[O_POLICY], &s, &wl, &p, &rc)))
		return rc;
	if (a.count[O_CSV]) {
		struct series_opts so = { every, ro.max_steps, ro.max_steps_flag };
		rc = csv_print(cmd, &s, &e, 1, &so);
		engine_free(e);
		scenario_free(&s);
		return rc;
	}
	if ((a.count[O_LRU_GEN] || a.count[O_LRU_GEN_FULL]) && !p->lru_gen) {
		fprintf(stderr,
			"%s: error: --lru-gen needs a policy that runs the multi-gen LRU (mglru), not %s\n",
			cmd->name, p->name);
		engine_free(e);
		scenario_free(&s);
		return EXIT_USAGE;
	}
	rules = a.count[O_JSON] || a.count[O_VMSTAT] || ro.ftrace || a.count[O_LRU_GEN] ||
				a.count[O_LRU_GEN_FULL]
			? NULL
			: calloc(1, sizeof *rules);
	rc = report_simulate(cmd, e, &ro, rules);
	/* a run stopped by --max-steps still reports where it stopped */
	if (rc == 0 || rc == REPORT_STOPPED) {
		if (a.count[O_JSON])
			report_json(e, &s);
		else if (a.count[O_VMSTAT])
			report_vmstat(e);
		else if (a.count[O_LRU_GEN] || a.count[O_LRU_GEN_FULL])
			report_lru_gen(e, a.count[O_LRU_GEN_FULL]);
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
