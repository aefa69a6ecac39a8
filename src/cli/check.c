/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/check.c - `vmscan-viz check`: validate scenarios, and with --expect
 * run their expectations under every policy (or --policy P) and report each
 * as PASS or FAIL with the value measured.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static bool compare(double v, int cmp, double want)
{
	switch (cmp) {
	case CMP_LT: return v < want;
	case CMP_LE: return v <= want;
	case CMP_EQ: return v == want;
	case CMP_GE: return v >= want;
	default: return v > want;
	}
}

static bool applies(const struct expectation *x, const char *policy)
{
	return !x->policy || strcmp(x->policy, policy) == 0;
}

/* Where the run must stop next: the nearest step an expectation still to
 * measure names, or --max-steps @max, or the end (UINT64_MAX). */
static uint64_t next_stop(const struct scenario *s, const struct reclaim_policy *p, const bool *done,
			  uint64_t now, uint64_t max)
{
	uint64_t stop = max ? max : UINT64_MAX;

	for (uint32_t i = 0; i < s->nr_expect; i++) {
		const struct expectation *x = &s->expect[i];
		if (done && !done[i] && applies(x, p->name) && x->at_step > now && x->at_step < stop)
			stop = x->at_step;
	}
	return stop;
}

/* Runs @s under @p and checks the expectations that apply, for at most
 * @max steps (0: no limit); returns failures. */
static int run_expectations(const struct scenario *s, const struct reclaim_policy *p, uint32_t *ran,
			    uint64_t max, const char *flag)
{
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, p, &err);
	bool *done;
	int failed = 0;
	uint32_t pending = 0;

	if (!e) {
		fprintf(stderr, "%s: error: %s\n", s->path, err.msg);
		return 1;
	}
	done = calloc(s->nr_expect ? s->nr_expect : 1, sizeof *done);
	for (uint32_t i = 0; i < s->nr_expect; i++)
		pending += applies(&s->expect[i], p->name);
	*ran += pending;
	for (;;) {
		bool end = engine_done(e);
		for (uint32_t i = 0; done && i < s->nr_expect; i++) {
			const struct expectation *x = &s->expect[i];
			bool ok;
			double v;

			if (done[i] || !applies(x, p->name))
				continue;
			if (x->at_step ? engine_steps(e) < x->at_step && !end : !end)
				continue;
			v = cli_measure(e, x, &ok);
			done[i] = true;
			pending--;
			if (!compare(v, x->cmp, x->value))
				failed++;
			printf("%s  %-14s ", compare(v, x->cmp, x->value) ? "PASS" : "FAIL", p->name);
			cli_text(x->text, 0);
			printf("  (measured %g at step %" PRIu64 ")\n", v, engine_steps(e));
		}
		if (end || !pending)
			break;
		if (cli_out_of_steps(&cli_cmd_check, e, max, flag)) {
			failed += (int)pending;
			break;
		}
		cli_advance(e, next_stop(s, p, done, engine_steps(e), max) - engine_steps(e));
	}
	free(done);
	engine_free(e);
	return failed;
}

enum { O_EXPECT, O_POLICY, O_MAX_STEPS, NR_O };
static const struct cli_option check_opts[NR_O + 1] = {
	[O_EXPECT] = { .name = "expect",
		       .short_name = 'e',
		       .help = "run each scenario's expectations under every policy (or -p)" },
	[O_POLICY] = CLI_OPT_POLICY,
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int check_main(int argc, char **argv);
const struct cli_command cli_cmd_check = {
	"check",
	"[OPTIONS] SCENARIO...",
	"validate scenarios; with --expect run their expectations",
	check_opts,
	check_main,
	NULL,
};

/* One file: 0 when it is good (or a JSON Schema, skipped), else 1. */
static int check_one(const char *path, bool expect, const char *policy, uint64_t max, const char *flag)
{
	struct scenario s;
	bool schema = false;
	int failed = 0;
	uint32_t ran = 0;

	if (cli_load_checked(path, &s, &schema) < 0) {
		if (!schema)
			return 1;
		cli_text(path, 0);
		printf(": a JSON Schema, not a scenario: skipped\n");
		return 0;
	}
	if (cli_check_steps(&cli_cmd_check, &s, max, flag) != 0) {
		scenario_free(&s);
		return 1;
	}
	if (expect) {
		unsigned skipped = 0;

		for (unsigned k = 0; k < nr_reclaim_policies; k++) {
			if (policy && strcmp(policy, reclaim_policies[k]->name) != 0)
				continue;
			if (!policy && !engine_models(&s.wl, reclaim_policies[k])) {
				skipped++; /* mglru and cgroups: asked by name, it says why */
				continue;
			}
			failed += run_expectations(&s, reclaim_policies[k], &ran, max, flag);
		}
		cli_text(path, 0);
		printf(": %s (%u expectations run", failed ? "FAIL" : "ok", ran);
		if (skipped)
			printf("; %u polic%s skipped: %s not model this scenario's memory cgroups", skipped,
			       skipped == 1 ? "y" : "ies", skipped == 1 ? "it does" : "they do");
		printf(")\n");
	} else {
		cli_text(path, 0);
		printf(": ok\n");
	}
	scenario_free(&s);
	return failed ? 1 : 0;
}

static int check_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_check;
	const char *policy;
	struct cli_args a;
	uint64_t max;
	int status = 0, stdin_used = 0;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	policy = a.val[O_POLICY];
	if (a.npos == 0)
		return cli_usage_error(cmd, "which scenario files? (e.g. 'vmscan-viz check data/*.json')");
	if (policy && cli_policy_ref(policy, NULL, false, &(struct policy_ref){ 0 }) < 0)
		return EXIT_USAGE; /* expectations name the scenario's cgroups: no P/global */
	if (cli_max_steps(cmd, a.val[O_MAX_STEPS], &max) != 0)
		return EXIT_USAGE;
	for (int i = 0; i < a.npos; i++)
		if (strcmp(a.pos[i], "-") == 0 && stdin_used++)
			return cli_usage_error(cmd, "standard input (-) can be read only once");
	for (int i = 0; i < a.npos && !cli_output_failed(); i++)
		status |= check_one(a.pos[i], a.count[O_EXPECT], policy, max, a.val[O_MAX_STEPS]);
	return status;
}
