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

enum { O_POLICY, O_SOURCE, O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS, NR_O };
static const struct cli_option trace_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "run under policy P (see 'vmscan-viz policies'); P/global: without the "
			       "scenario's "
			       "cgroups" },
	CLI_SOURCE_ROWS(O_SOURCE),
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int trace_main(int argc, char **argv);
const struct cli_command cli_cmd_trace = {
	"trace",
	"[OPTIONS] SCENARIO\n[OPTIONS] --trace FILE --memory PAGES",
	"print every step as a JSON object (JSON Lines)",
	trace_opts,
	trace_main,
	NULL,
};

static int trace_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_trace;
	const struct reclaim_policy *p;
	struct cli_args a;
	struct scenario s;
	struct engine *e;
	struct workload wl;
	struct jsonw w;
	uint32_t last_op = UINT32_MAX;
	uint64_t max;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if ((rc = cli_open(cmd, &a, O_SOURCE, &max, &s)) != 0)
		return rc;
	if (!(e = cli_engine(a.val[O_POLICY], &s, &wl, &p, &rc)))
		return rc;
	while (!engine_done(e)) {
		const struct step_record *r;
		if (cli_out_of_steps(cmd, e, max, a.val[O_MAX_STEPS])) {
			rc = 1;
			break;
		}
		r = engine_step(e);
		if (r->kind == STEP_END)
			break;
		jsonw_init(&w, stdout);
		report_step_json(&w, r, p, &s, r->kind == STEP_WORKLOAD && r->op != last_op);
		putchar('\n');
		if (r->kind == STEP_WORKLOAD)
			last_op = r->op;
		if (cli_output_failed())
			break; /* cli_close_stdout() says why */
	}
	engine_free(e);
	scenario_free(&s);
	return rc;
}
