/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/compare.c - `vmscan-viz compare`: one scenario, several policies
 *
 * Two policies: their summaries side by side with the difference, then a
 * verdict in words (which policy kept which object, at what cost).  --all:
 * one row per policy.  --json: the same as one object.  --csv: list sizes
 * and key counters per step (every --every N steps), for plotting.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/verdict.h"
#include "cli.h"
#include "report.h"

#define MAX_COMPARE 8

static const enum vmstat_item key_counters[] = {
	PGACTIVATE, PGDEACTIVATE,    PGREFILL,	 PGSCAN_KSWAPD, PGSCAN_DIRECT,
	PGSTEAL,    PGROTATED,	     PGMAJFAULT, SIM_REFAULT,	WORKINGSET_ACTIVATE,
	ALLOCSTALL, NR_VMSCAN_WRITE, PSWPOUT,
};
#define NR_KEY_COUNTERS (sizeof key_counters / sizeof key_counters[0])

/* The verdict as replay/verdict.c words it (the TUI shows the same). */
static void print_verdict(const struct scenario *s, struct engine *const *e)
{
	struct verdict v;
	char line[512];

	verdict_make(&v, e[0], e[1]);
	printf("\nverdict\n");
	for (uint32_t i = 0; i < v.nr; i++) {
		verdict_object_text(&v, i, s->wl.objects[v.obj[i].object].name, line, sizeof line);
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

static void print_pair(const struct scenario *s, struct engine *const *e)
{
	const char *a = engine_policy(e[0])->name, *b = engine_policy(e[1])->name;

	printf("%s\n\n%-26s %14s %14s %12s\n", s->title, "", a, b, "difference");
	for (size_t i = 0; i < NR_KEY_COUNTERS; i++) {
		uint64_t x = engine_vmstat(e[0])[key_counters[i]], y = engine_vmstat(e[1])[key_counters[i]];
		printf("%-26s %14" PRIu64 " %14" PRIu64 " %+12" PRId64 "\n", vmstat_name[key_counters[i]], x,
		       y, (int64_t)(y - x));
	}
	printf("\n%-26s %14s %14s\n", "resident % / refaults", a, b);
	for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
		struct object_stats x = engine_object(e[0], o), y = engine_object(e[1], o);
		double px = 100.0 * x.resident / s->wl.objects[o].pages,
		       py = 100.0 * y.resident / s->wl.objects[o].pages;
		printf("%-26s %7.1f%% %5" PRIu64 " %7.1f%% %5" PRIu64 "\n", s->wl.objects[o].name, px,
		       x.refaults, py, y.refaults);
	}
	print_verdict(s, e);
}

static void print_table(const struct scenario *s, struct engine *const *e, int n)
{
	printf("%s\n\n%-14s", s->title, "policy");
	for (size_t i = 0; i < NR_KEY_COUNTERS; i++)
		printf(" %*s", (int)(strlen(vmstat_name[key_counters[i]]) > 10 ? 12 : 10),
		       vmstat_name[key_counters[i]]);
	for (uint32_t o = 0; o < s->wl.nr_objects; o++)
		printf(" %12.12s%% %8s", s->wl.objects[o].name, "refaults");
	putchar('\n');
	for (int k = 0; k < n; k++) {
		printf("%-14s", engine_policy(e[k])->name);
		for (size_t i = 0; i < NR_KEY_COUNTERS; i++)
			printf(" %*" PRIu64, (int)(strlen(vmstat_name[key_counters[i]]) > 10 ? 12 : 10),
			       engine_vmstat(e[k])[key_counters[i]]);
		for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
			struct object_stats x = engine_object(e[k], o);
			printf(" %12.1f%% %8" PRIu64, 100.0 * x.resident / s->wl.objects[o].pages,
			       x.refaults);
		}
		putchar('\n');
	}
}

static void csv_row(const struct engine *e)
{
	printf("%" PRIu64 ",%s", engine_steps(e), engine_policy(e)->name);
	for (int l = 0; l <= LRU_UNEVICTABLE; l++)
		printf(",%u", engine_list(e, (enum lru_list)l).nr);
	printf(",%u", engine_list(e, LRU_FREE).nr);
	for (size_t i = 0; i < NR_KEY_COUNTERS; i++)
		printf(",%" PRIu64, engine_vmstat(e)[key_counters[i]]);
	putchar('\n');
}

static void print_csv(struct engine **e, int n, uint64_t every)
{
	printf("step,policy");
	for (int l = 0; l <= LRU_UNEVICTABLE; l++)
		printf(",nr_%s", lru_name[l]);
	printf(",nr_free_pages");
	for (size_t i = 0; i < NR_KEY_COUNTERS; i++)
		printf(",%s", vmstat_name[key_counters[i]]);
	putchar('\n');
	for (int k = 0; k < n; k++) {
		csv_row(e[k]);
		while (!engine_done(e[k])) {
			engine_step(e[k]);
			if (engine_steps(e[k]) % every == 0 || engine_done(e[k]))
				csv_row(e[k]);
		}
	}
}

int cli_compare(int argc, char **argv)
{
	const char *pols[8] = { 0 }, **polp = pols, *pos[1], *every_s = NULL;
	bool all = false, json = false, csv = false;
	const struct cli_opt opts[] = {
		{ "--policy", NULL, NULL, &polp },   { "--all", NULL, &all, NULL },
		{ "--json", NULL, &json, NULL },     { "--csv", NULL, &csv, NULL },
		{ "--every", &every_s, NULL, NULL }, { NULL, NULL, NULL, NULL },
	};
	struct engine *e[MAX_COMPARE] = { 0 };
	struct scenario s;
	int npos, n = 0, rc = 0;
	uint64_t every = 1;

	if (cli_parse("compare", argc, argv, opts, pos, 1, &npos) < 0)
		return EXIT_USAGE;
	if (every_s && (every = strtoull(every_s, NULL, 10)) == 0) {
		fprintf(stderr, "vmscan-viz compare: --every takes a positive number of steps\n");
		return EXIT_USAGE;
	}
	if (npos == 0 || (!all && (!pols[0] || !pols[1])) || (all && pols[0]) || json + csv > 1) {
		fprintf(stderr, "vmscan-viz compare: give a scenario and two --policy options, or --all "
				"(try 'vmscan-viz compare data/database-index.json --policy 2.6.33 --policy "
				"2.6.34')\n");
		return EXIT_USAGE;
	}
	for (int i = 0; pols[i]; i++)
		if (!policy_find(pols[i])) {
			cli_policy(pols[i], NULL);
			return EXIT_USAGE;
		}
	if (cli_load(pos[0], &s) < 0)
		return 1;
	for (unsigned i = 0; i < (all ? nr_reclaim_policies : 8u) && n < MAX_COMPARE; i++) {
		const struct reclaim_policy *p = all	   ? reclaim_policies[i]
						 : pols[i] ? policy_find(pols[i])
							   : NULL;
		struct engine_error err;
		if (!p)
			break;
		if (!(e[n++] = engine_new(&s.wl, p, &err))) {
			fprintf(stderr, "%s: error: %s\n", s.path, err.msg);
			rc = 1;
			goto out;
		}
	}
	if (csv) {
		print_csv(e, n, every);
		goto out;
	}
	for (int k = 0; k < n; k++)
		report_simulate(e[k], false, false, NULL);
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
		print_table(&s, e, n);
	}
out:
	for (int k = 0; k < n; k++)
		engine_free(e[k]);
	scenario_free(&s);
	return rc;
}
