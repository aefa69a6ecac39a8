/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/compare.c - `vmscan-viz compare`: one scenario, several policies
 *
 * Two policies: their summaries side by side with the difference, then a
 * verdict in words (which policy kept which object, at what cost).  --all:
 * a column per policy (compare_table.c).  --json: the same as one object.  --csv: the runs as
 * rows on the shared access axis (series.h), for plotting.  --trace: a
 * trace file alone instead of a scenario, as for `run`.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../replay/verdict.h"
#include "../util/text.h"
#include "cli.h"
#include "compare_table.h"
#include "report.h"
#include "series.h"

#define key_counters	cli_key_counters
#define NR_KEY_COUNTERS cli_nr_key_counters

/* The verdict as replay/verdict.c words it (the TUI shows the same). */
static void print_verdict(const struct scenario *s, struct engine *const *e)
{
	struct verdict v;
	char line[512], name[256];

	char la[80], lb[80];

	verdict_make(&v, e[0], e[1]);
	/* "2.6.34/global" beside "2.6.34": the run's name as --policy spelt it */
	v.policy[0] = cli_policy_label(e[0], s, la, sizeof la);
	v.policy[1] = cli_policy_label(e[1], s, lb, sizeof lb);
	printf("\nverdict\n");
	for (uint32_t i = 0; i < v.nr; i++) {
		text_safe(s->wl.objects[v.obj[i].object].name, name, sizeof name);
		verdict_object_text(&v, i, name, line, sizeof line);
		printf("  %s\n", line);
	}
	if (!v.nr) {
		verdict_same_text(line, sizeof line);
		printf("  %s\n", line);
	}
	verdict_cost_text(&v, line, sizeof line);
	printf("  %s\n", line);
	verdict_free(&v);
}

/* Did any run fail an allocation (an OOM decision: the access was
 * dropped)?  Then the summaries give a row or column "oom", which runs
 * that never ran out of memory do without. */
static bool any_oom(struct engine *const *e, int n)
{
	for (int k = 0; k < n; k++)
		if (engine_decisions(e[k])[OUT_OOM])
			return true;
	return false;
}

/* --all's table fits the terminal when it is one, else 120 columns (a
 * file, a pipe, a slide's code block). */
static int table_width(void)
{
	struct winsize ws;

	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col >= TABLE_MIN_WIDTH)
		return ws.ws_col;
	return 120;
}

static void print_pair(const struct scenario *s, struct engine *const *e)
{
	char la[80], lb[80];
	const char *a = cli_policy_label(e[0], s, la, sizeof la),
		   *b = cli_policy_label(e[1], s, lb, sizeof lb);

	cli_text(s->title, 0);
	printf("\n\n%-26s %14s %14s %12s\n", "", a, b, "difference");
	for (size_t i = 0; i < NR_KEY_COUNTERS; i++) {
		uint64_t x = engine_vmstat(e[0])[key_counters[i]], y = engine_vmstat(e[1])[key_counters[i]];
		printf("%-26s %14" PRIu64 " %14" PRIu64 " %+12" PRId64 "\n", vmstat_name[key_counters[i]], x,
		       y, (int64_t)(y - x));
	}
	if (any_oom(e, 2)) {
		uint64_t x = engine_decisions(e[0])[OUT_OOM], y = engine_decisions(e[1])[OUT_OOM];
		printf("%-26s %14" PRIu64 " %14" PRIu64 " %+12" PRId64 "\n", outcome_name[OUT_OOM], x, y,
		       (int64_t)(y - x));
	}
	/* the rows carry 2.6.34's names; a multi-gen LRU column's counters
	 * are those its --vmstat prints under 6.1's */
	for (int k = 0; k < 2; k++) {
		if (!cli_names_counters_otherwise(e[k]) || cli_names_counters_otherwise(e[!k]))
			continue;
		printf("\n%s's counters as 6.1 names them (run --vmstat)\n", k ? b : a);
		for (unsigned i = 0; i < NR_KEY_COUNTERS; i++)
			if (strcmp(cli_key_counter_name(i, e[k]), cli_key_counter_name(i, NULL)) != 0)
				printf("  %-24s %s\n", cli_key_counter_name(i, NULL),
				       cli_key_counter_name(i, e[k]));
	}
	printf("\n%-26s %14s %14s\n", "resident % / refaults", a, b);
	for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
		struct object_stats x = engine_object(e[0], o), y = engine_object(e[1], o);
		double px = 100.0 * x.resident / s->wl.objects[o].pages,
		       py = 100.0 * y.resident / s->wl.objects[o].pages;
		cli_text(s->wl.objects[o].name, 26);
		printf(" %7.1f%% %5" PRIu64 " %7.1f%% %5" PRIu64 "\n", px, x.refaults, py, y.refaults);
	}
	print_verdict(s, e);
}

enum {
	O_POLICY,
	O_ALL,
	O_JSON,
	O_CSV,
	O_EVERY,
	O_WIDTH,
	O_SOURCE,
	O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_O
};
static const struct cli_option compare_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "a policy to run (give two, or --all); P/global runs P without the scenario's "
			       "cgroups",
		       .repeat = true },
	[O_ALL] = { .name = "all", .short_name = 'a', .help = "every policy, a column each" },
	[O_JSON] = CLI_OPT_JSON,
	[O_CSV] = CLI_OPT_CSV,
	[O_EVERY] = CLI_OPT_EVERY,
	[O_WIDTH] = { .name = "width",
		      .arg = "COLUMNS",
		      .help = "--all's table at most this wide (default: the terminal's, or 120)" },
	CLI_SOURCE_ROWS(O_SOURCE),
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int compare_main(int argc, char **argv);
const struct cli_command cli_cmd_compare = {
	"compare",
	"[OPTIONS] SCENARIO (--policy A --policy B | --all)\n"
	"[OPTIONS] --trace FILE --memory PAGES (--policy A --policy B | --all)",
	"run one scenario under several policies and compare",
	compare_opts,
	compare_main,
	NULL,
};

static int compare_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_compare;
	const char *const *pols;
	struct policy_ref refs[CLI_MAX_REPEAT];
	struct engine **e;
	struct workload *wl = NULL;
	struct report_opts ro = { 0 };
	struct cli_args a;
	struct scenario s;
	int n = 0, rc = cli_parse(cmd, argc, argv, &a);
	unsigned npol;
	uint64_t every = 1;
	uint64_t width = 0;
	bool all, json, csv;

	if (rc >= 0)
		return rc;
	pols = a.vals[O_POLICY];
	npol = a.count[O_POLICY];
	all = a.count[O_ALL];
	json = a.count[O_JSON];
	csv = a.count[O_CSV];
	if (a.val[O_EVERY] && cli_uint(cmd, "every", a.val[O_EVERY], 1, UINT64_MAX, "accesses", &every) != 0)
		return EXIT_USAGE;
	if (a.val[O_EVERY] && !csv)
		return cli_usage_error(cmd, "--every goes with --csv");
	if (a.val[O_WIDTH] &&
	    cli_uint(cmd, "width", a.val[O_WIDTH], TABLE_MIN_WIDTH, 10000, "columns", &width) != 0)
		return EXIT_USAGE;
	if (a.val[O_WIDTH] && (json || csv))
		return cli_usage_error(cmd, "--width goes with the table, not --json or --csv");
	ro.max_steps_flag = a.val[O_MAX_STEPS];
	if (a.npos > 1)
		return cli_usage_error(cmd, "unexpected argument '%s': give one scenario", a.pos[1]);
	if ((a.npos == 0 && !a.val[O_SOURCE]) || (!all && npol < 2) || (all && npol) || json + csv > 1)
		return cli_usage_error(cmd,
				       "give a scenario (or --trace FILE) and two --policy options, or --all "
				       "(e.g. 'vmscan-viz compare data/database-index.json --policy 2.6.33 "
				       "--policy 2.6.34')");
	for (unsigned i = 0; i < npol; i++)
		if (cli_policy_ref(pols[i], NULL, true, &refs[i]) < 0)
			return EXIT_USAGE;
	if ((rc = cli_open(cmd, &a, O_SOURCE, &ro.max_steps, &s)) != 0)
		return rc;
	/* an engine for every policy asked for: --all is every one the
	 * registry has, however many, none dropped */
	if (!(e = calloc(all ? nr_reclaim_policies : npol, sizeof(struct engine *))) ||
	    !(wl = calloc(all ? nr_reclaim_policies : npol, sizeof *wl))) {
		free(e);
		fprintf(stderr, "vmscan-viz: out of memory\n");
		scenario_free(&s);
		return 1;
	}
	for (unsigned i = 0; i < (all ? nr_reclaim_policies : npol); i++) {
		struct policy_ref r = all ? (struct policy_ref){ reclaim_policies[i], false } : refs[i];
		struct engine_error err;
		if (all && !engine_models(&s.wl, r.policy))
			continue; /* --all: the policies that model the scenario */
		if (!(e[n++] = engine_new(policy_ref_workload(&r, &s.wl, &wl[i]), r.policy, &err))) {
			fprintf(stderr, "%s: error: %s\n", s.path, err.msg);
			rc = 1;
			goto out;
		}
	}
	if (csv) {
		struct series_opts so = { every, ro.max_steps, ro.max_steps_flag };
		rc = csv_print(cmd, &s, e, n, &so);
		goto out;
	}
	rc = 0;
	for (int k = 0; k < n && rc == 0; k++)
		rc = report_simulate(cmd, e[k], &ro, NULL) ? 1 : 0;
	if (rc)
		goto out; /* a comparison of unfinished runs compares nothing */
	if (json) {
		struct jsonw w;
		jsonw_init(&w, stdout);
		jsonw_begin(&w, NULL, '{');
		jsonw_str(&w, "scenario", s.title);
		jsonw_begin(&w, "runs", '[');
		for (int k = 0; k < n; k++) {
			jsonw_begin(&w, NULL, '{');
			report_json_fields(&w, e[k], &s);
			jsonw_end(&w, '}');
		}
		jsonw_end(&w, ']');
		jsonw_end(&w, '}');
		putchar('\n');
	} else if (n == 2 && !all) {
		print_pair(&s, e);
	} else {
		compare_table_print(&s, e, n, width ? (int)width : table_width());
	}
out:
	for (int k = 0; k < n; k++)
		engine_free(e[k]);
	free(e);
	free(wl);
	scenario_free(&s);
	return rc;
}
