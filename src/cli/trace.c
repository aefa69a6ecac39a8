/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/trace.c - `vmscan-viz trace`: one JSON object per step (JSON Lines)
 *
 * Keys: step, kind, function, op, page {object, index, pfn}, count, from,
 * to, outcome, branch, reason, action, action_reason, inputs {...},
 * reclaimer, priority, pause, caption (on an operation's first step).
 */
#include "cli.h"
#include "report.h"

int cli_trace(int argc, char **argv)
{
	const char *policy = NULL, *pos[1];
	struct cli_source src = { 0 };
	const struct cli_opt opts[] = {
		{ "--policy", &policy, NULL, NULL },
		CLI_SOURCE_OPTS(src),
		{ NULL, NULL, NULL, NULL },
	};
	const struct reclaim_policy *p;
	struct engine_error err;
	struct scenario s;
	struct engine *e;
	struct jsonw w;
	uint32_t last_op = UINT32_MAX;
	int npos, rc;

	if (cli_parse("trace", argc, argv, opts, pos, 1, &npos) < 0)
		return EXIT_USAGE;
	if ((rc = cli_load_source("trace", npos ? pos[0] : NULL, &src, &s)) != 0)
		return rc;
	if (!(p = cli_policy(policy, &s))) {
		scenario_free(&s);
		return EXIT_USAGE;
	}
	if (!(e = engine_new(&s.wl, p, &err))) {
		fprintf(stderr, "%s: error: %s\n", s.path, err.msg);
		scenario_free(&s);
		return 1;
	}
	while (!engine_done(e)) {
		const struct step_record *r = engine_step(e);
		if (r->kind == STEP_END)
			break;
		jsonw_init(&w, stdout);
		report_step_json(&w, r, p, &s, r->kind == STEP_WORKLOAD && r->op != last_op);
		putchar('\n');
		if (r->kind == STEP_WORKLOAD)
			last_op = r->op;
	}
	engine_free(e);
	scenario_free(&s);
	return 0;
}
