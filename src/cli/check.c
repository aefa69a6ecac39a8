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

/* Runs @s under @p and checks the expectations that apply; returns failures. */
static int run_expectations(const struct scenario *s, const struct reclaim_policy *p, uint32_t *ran)
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
			printf("%s  %-14s %s  (measured %g at step %" PRIu64 ")\n",
			       compare(v, x->cmp, x->value) ? "PASS" : "FAIL", p->name, x->text, v,
			       engine_steps(e));
		}
		if (end || !pending)
			break;
		engine_step(e);
	}
	free(done);
	engine_free(e);
	return failed;
}

int cli_check(int argc, char **argv)
{
	const char *policy = NULL, *pos[256];
	bool expect = false;
	const struct cli_opt opts[] = {
		{ "--expect", NULL, &expect, NULL },
		{ "--policy", &policy, NULL, NULL },
		{ NULL, NULL, NULL, NULL },
	};
	int npos, status = 0;

	if (cli_parse("check", argc, argv, opts, pos, 256, &npos) < 0)
		return EXIT_USAGE;
	if (npos == 0) {
		fprintf(stderr,
			"vmscan-viz check: which scenario files? (try 'vmscan-viz check data/*.json')\n");
		return EXIT_USAGE;
	}
	if (policy && !policy_find(policy)) {
		cli_policy(policy, NULL);
		return EXIT_USAGE;
	}
	for (int i = 0; i < npos; i++) {
		struct scenario s;
		int failed = 0;
		uint32_t ran = 0;

		if (scenario_is_schema(pos[i])) {
			printf("%s: a JSON Schema, not a scenario: skipped\n", pos[i]);
			continue;
		}
		if (cli_load(pos[i], &s) < 0) {
			status = 1;
			continue;
		}
		if (expect) {
			for (unsigned k = 0; k < nr_reclaim_policies; k++)
				if (!policy || strcmp(policy, reclaim_policies[k]->name) == 0)
					failed += run_expectations(&s, reclaim_policies[k], &ran);
			printf("%s: %s (%u expectations run)\n", pos[i], failed ? "FAIL" : "ok", ran);
		} else {
			printf("%s: ok\n", pos[i]);
		}
		if (failed)
			status = 1;
		scenario_free(&s);
	}
	return status;
}
