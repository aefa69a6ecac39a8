/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/cmd_run.c - `vmscan-viz run`: simulate to the end and report
 *
 * Text by default; --json one object (keys: scenario, policy, steps,
 * memory, counters, decisions, lists, objects, cgroups); --vmstat the counters as
 * /proc/vmstat prints them; --ftrace the run as Linux 2.6.37's vmscan
 * tracepoints (ftrace.h); --csv one row per workload access (series.h);
 * --lru-gen(-full) 6.1's debugfs file; --memory-stat a cgroup's file.
 * --check verifies the engine's invariants (sampled on a large zone:
 * report_simulate()).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/names.h"
#include "../util/jsonw.h"
#include "../util/text.h"
#include "cli.h"
#include "ftrace.h"
#include "report.h"
#include "series.h"

/*
 * --check, sampled: engine_check() is O(zone) (its pages, slots and, per
 * cgroup, its pages again), so a check after every step of a large zone
 * costs far more than the run itself.  It runs after every N-th step, N
 * the zone's pages x (1 + cgroups) / CHECK_PAGES rounded up (every step
 * up to CHECK_PAGES), and after the last: about CHECK_PAGES page visits a
 * step whatever the zone.  The state of the last check that held is
 * kept (engine_save()), so a broken invariant is located at the step that
 * broke it: the run is restored there and replayed a step at a time, each
 * step checked.  What it can miss: a break that the engine mends again
 * before the next check.
 */
#define CHECK_PAGES 1024u

static uint64_t check_every(const struct engine *e)
{
	uint64_t cost = (uint64_t)engine_nr_pages(e) * (1 + engine_workload(e)->nr_cgroups);
	return (cost + CHECK_PAGES - 1) / CHECK_PAGES;
}

/* The steps since @good (the last state that held) replayed one by one,
 * each checked: prints the first that breaks an invariant. */
static void check_locate(struct engine *e, const void *good, uint64_t until, char *why, size_t n)
{
	engine_restore(e, good);
	while (!engine_done(e) && engine_steps(e) < until) {
		uint64_t step = engine_step(e)->step;
		if (engine_check(e, why, n) < 0) {
			fprintf(stderr, "vmscan-viz: invariant broken after step %" PRIu64 ": %s\n", step,
				why);
			return;
		}
	}
	/* not again: a break that depends on how the steps were run */
	fprintf(stderr, "vmscan-viz: invariant broken by step %" PRIu64 ": %s\n", until, why);
}

/* Runs @e to the end, or to @max steps (0: no limit).  Only --ftrace reads
 * every step's record; the other reports read the end state and the
 * engine's count of the rules that fired, so the run goes through
 * cli_advance(), the path that fills no record (--check between its
 * checks too).  Returns 0, or REPORT_BROKEN, REPORT_STOPPED,
 * REPORT_UNWRITTEN (messages printed). */
int report_simulate(const struct cli_command *cmd, struct engine *e, const struct report_opts *o,
		    struct rule_counts *rules)
{
	struct ftrace_state ft;
	uint64_t every = o->check ? check_every(e) : UINT64_MAX, next;
	void *good = NULL;
	char why[160];
	int rc = 0;

	engine_count_rules(e, rules ? &rules->n : NULL);
	if (o->check && !engine_steps(e) && engine_check(e, why, sizeof why) < 0) {
		fprintf(stderr, "vmscan-viz: invariant broken before the first step: %s\n", why);
		return REPORT_BROKEN;
	}
	if (o->check && every > 1 && !(good = malloc(engine_state_size(e)))) {
		fprintf(stderr, "vmscan-viz: out of memory for --check's saved state\n");
		return REPORT_BROKEN;
	}
	if (good)
		engine_save(e, good);
	if (o->ftrace)
		ftrace_init(&ft, e);
	next = engine_steps(e) + every;
	while (!engine_done(e)) {
		uint64_t stop = o->max_steps && o->max_steps < next ? o->max_steps : next;
		uint64_t step;

		if (cli_out_of_steps(cmd, e, o->max_steps, o->max_steps_flag)) {
			rc = REPORT_STOPPED;
			break;
		}
		if (o->ftrace) {
			const struct step_record *r = engine_step(e);
			step = r->step;
			ftrace_step(&ft, e, r);
			if (cli_output_failed()) {
				rc = REPORT_UNWRITTEN;
				break;
			}
		} else {
			cli_advance(e, stop > engine_steps(e) ? stop - engine_steps(e) : 1);
			step = engine_steps(e);
		}
		if (!o->check || (engine_steps(e) < next && !engine_done(e)))
			continue;
		next = engine_steps(e) + every;
		if (engine_check(e, why, sizeof why) < 0) {
			if (good)
				check_locate(e, good, step, why, sizeof why);
			else
				fprintf(stderr, "vmscan-viz: invariant broken after step %" PRIu64 ": %s\n",
					step, why);
			rc = REPORT_BROKEN;
			break;
		}
		if (good)
			engine_save(e, good);
	}
	free(good);
	return rc;
}

enum {
	O_POLICY,
	O_JSON,
	O_VMSTAT,
	O_FTRACE,
	O_LRU_GEN,
	O_LRU_GEN_FULL,
	O_MEMORY_STAT,
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
			.help = "mglru: the generations as 6.1's /sys/kernel/debug/lru_gen prints them "
				"(pages by the generation in their flags: one the walk promoted counts "
				"in the youngest; the text's lists count it where it waits for "
				"sort_folio())" },
	[O_LRU_GEN_FULL] = { .name = "lru-gen-full",
			     .help = "mglru: the same with the tiers' and the walks' counters, as "
				     "lru_gen_full" },
	[O_MEMORY_STAT] = { .name = "memory-stat",
			    .arg = "CGROUP",
			    .help = "the cgroup's memory.stat as 2.6.34 prints it: sizes in bytes, "
				    "pgpgin and pgpgout in events" },
	[O_CHECK] = { .name = "check",
		      .help = "verify the engine's invariants: after every step in a zone of up to 1024 "
			      "pages, else sampled (every pages x (1 + cgroups) / 1024 steps, a break then "
			      "replayed to its step)" },
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

/* --memory-stat's cgroup by its name (1-based), or 0 with a message. */
static unsigned memory_stat_cgroup(const struct cli_command *cmd, const struct scenario *s, const char *name)
{
	for (uint32_t k = 1; k <= s->wl.nr_cgroups; k++)
		if (strcmp(s->wl.cgroups[k - 1].name, name) == 0)
			return k;
	if (!s->wl.nr_cgroups)
		fprintf(stderr, "%s: error: --memory-stat: the scenario has no cgroups\n", cmd->name);
	else {
		char q[96];

		text_quote(name, q, sizeof q);
		fprintf(stderr, "%s: error: --memory-stat: no cgroup named %s; the scenario's:", cmd->name,
			q);
		for (uint32_t k = 0; k < s->wl.nr_cgroups; k++)
			fprintf(stderr, " %s", s->wl.cgroups[k].name);
		fprintf(stderr, "\n");
	}
	return 0;
}

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
	unsigned memcg = 0;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (!!a.count[O_JSON] + !!a.count[O_VMSTAT] + !!a.count[O_FTRACE] + !!a.count[O_CSV] +
		    !!a.count[O_LRU_GEN] + !!a.count[O_LRU_GEN_FULL] + !!a.val[O_MEMORY_STAT] >
	    1)
		return cli_usage_error(cmd,
				       "--json, --vmstat, --ftrace, --csv, --lru-gen, --lru-gen-full and "
				       "--memory-stat are exclusive");
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
	if ((a.count[O_LRU_GEN] || a.count[O_LRU_GEN_FULL]) && !shown_generations(e)) {
		fprintf(stderr,
			"%s: error: --lru-gen needs a policy that runs the multi-gen LRU (mglru), not %s\n",
			cmd->name, p->name);
		engine_free(e);
		scenario_free(&s);
		return EXIT_USAGE;
	}
	if (a.val[O_MEMORY_STAT] && !(memcg = memory_stat_cgroup(cmd, &s, a.val[O_MEMORY_STAT]))) {
		engine_free(e);
		scenario_free(&s);
		return EXIT_USAGE;
	}
	rules = a.count[O_JSON] || a.count[O_VMSTAT] || ro.ftrace || a.count[O_LRU_GEN] ||
				a.count[O_LRU_GEN_FULL] || memcg
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
		else if (memcg)
			report_memory_stat(e, memcg);
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
