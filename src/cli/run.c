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

/* Runs @e to the end; --check and --ftrace work per step. */
int report_simulate(struct engine *e, bool check, bool ftrace, struct rule_counts *rules)
{
	char why[160];

	while (!engine_done(e)) {
		const struct step_record *r = engine_step(e);
		if (rules && r->kind < NR_STEP_KINDS)
			rules->n[r->kind][r->branch][r->action]++;
		if (check && engine_check(e, why, sizeof why) < 0) {
			fprintf(stderr, "vmscan-viz: invariant broken after step %" PRIu64 ": %s\n", r->step,
				why);
			return -1;
		}
		if (ftrace) {
			struct batch_stats b = engine_last_batch(e);
			if (b.done)
				print_ftrace_line(&b, r->step);
		}
	}
	return 0;
}

int cli_run(int argc, char **argv)
{
	const char *policy = NULL, *pos[1];
	bool json = false, vmstat = false, ftrace = false, check = false;
	struct cli_source src = { 0 };
	const struct cli_opt opts[] = {
		{ "--policy", &policy, NULL, NULL }, { "--json", NULL, &json, NULL },
		{ "--vmstat", NULL, &vmstat, NULL }, { "--ftrace", NULL, &ftrace, NULL },
		{ "--check", NULL, &check, NULL },   CLI_SOURCE_OPTS(src),
		{ NULL, NULL, NULL, NULL },
	};
	const struct reclaim_policy *p;
	struct engine_error err;
	struct scenario s;
	struct engine *e;
	struct rule_counts *rules;
	int npos, rc = 0;

	if (cli_parse("run", argc, argv, opts, pos, 1, &npos) < 0)
		return EXIT_USAGE;
	if (json + vmstat + ftrace > 1) {
		fprintf(stderr, "vmscan-viz run: --json, --vmstat and --ftrace are exclusive\n");
		return EXIT_USAGE;
	}
	if ((rc = cli_load_source("run", npos ? pos[0] : NULL, &src, &s)) != 0)
		return rc;
	p = cli_policy(policy, &s);
	if (!p) {
		scenario_free(&s);
		return EXIT_USAGE;
	}
	e = engine_new(&s.wl, p, &err);
	if (!e) {
		fprintf(stderr, "%s: error: %s\n", s.path, err.msg);
		scenario_free(&s);
		return 1;
	}
	rules = json || vmstat || ftrace ? NULL : calloc(1, sizeof *rules);
	if (report_simulate(e, check, ftrace, rules) < 0)
		rc = 1;
	else if (json)
		report_json(e, &s);
	else if (vmstat)
		report_vmstat(e);
	else if (!ftrace)
		report_text(e, &s, rules);
	free(rules);
	engine_free(e);
	scenario_free(&s);
	return rc;
}

int cli_policies(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	const struct cli_opt opts[] = { { NULL, NULL, NULL, NULL } };

	if (cli_parse("policies", argc, argv, opts, pos, 0, &npos) < 0)
		return EXIT_USAGE;
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		printf("%-14s %s\n", reclaim_policies[i]->name, reclaim_policies[i]->summary);
	return 0;
}
